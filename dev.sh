#!/usr/bin/env bash
# ccdlab's one entry point for a fresh Debian 12 machine:
#   ./dev.sh run [ccdlab options]   install what the app needs, build the app and ccdlab-cli
#                                   alone (the `app` preset, build/app: no tests), launch the app
#   ./dev.sh test                   install what is missing, build everything (build/default:
#                                   the tests, the CPU clones, the benchmarks), run every test
#   ./dev.sh asan                   the same tests under AddressSanitizer and UBSan
#   ./dev.sh test-cli-only          without the GUI: build the core, ccdlab-cli and their tests
#                                   (fixtures included) and run them; no GUI package installed
#   ./dev.sh web                    the app as WebAssembly in build/web (index.html; docs/web.md)
# Packages come from Debian only (docs/ARCHITECTURE.md lists why each is needed).
set -euo pipefail
cd "$(dirname "$0")"

# What the core and ccdlab-cli need to build.
core_packages=(cmake ninja-build g++ nlohmann-json3-dev zlib1g-dev libbox2d-dev libbullet-dev)
# What the GUI adds.
gui_packages=(
    pkg-config libimgui-dev libglfw3-dev python3-glad libstb-dev
    libgl-dev libgl1-mesa-dri fonts-dejavu-core
)
# What the tests of the core and ccdlab-cli add: GoogleTest, Google Benchmark, Chipmunk (the
# differential tests and the benchmarks), the scene schema's check, clang for the fuzz runs,
# clang-tidy for the function-size check, Catch2 and doctest (the exported tests are compiled
# with every framework they are written for).
core_test_packages=(
    libgtest-dev libbenchmark-dev libchipmunk-dev python3-jsonschema
    clang clang-tidy libclang-rt-14-dev catch2 doctest-dev
)
# What the GUI's tests add.
gui_test_packages=(xvfb xauth xdotool)
# What the web build needs (docs/web.md); the web tests add chromium. Dear ImGui's, zlib's and
# Box2D's sources come from Debian's source packages (web/fetch_sources.sh).
web_packages=(cmake ninja-build nlohmann-json3-dev libstb-dev emscripten)
web_test_packages=(chromium)

# install_missing PACKAGE...
install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return
    echo "dev.sh: installing Debian packages: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
    local preset=$1
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset"
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
run)
    install_missing "${core_packages[@]}" "${gui_packages[@]}"
    build app # ccdlab and ccdlab-cli in build/app/app
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        echo "dev.sh: no display here; for a picture instead (Debian's xvfb): xvfb-run -a build/app/app/ccdlab --scene scenes/default.json --screenshot ccdlab.png" >&2
        exit 3
    fi
    exec build/app/app/ccdlab --scene scenes/default.json "$@"
    ;;
test)
    install_missing "${core_packages[@]}" "${gui_packages[@]}" "${core_test_packages[@]}" \
        "${gui_test_packages[@]}" "${web_packages[@]}" "${web_test_packages[@]}"
    build default
    ctest --preset default -j "$(nproc)"
    ;;
test-cli-only)
    install_missing "${core_packages[@]}" "${core_test_packages[@]}"
    build cli-only
    ctest --preset cli-only -j "$(nproc)"
    ;;
web)
    install_missing "${web_packages[@]}" "${web_test_packages[@]}"
    web/fetch_sources.sh build/web-sources
    export NODE_PATH=/usr/share/nodejs # emscripten's JavaScript tools find their modules there
    build web
    echo "dev.sh: built build/web (index.html, index.js, index.wasm, index.data); to open it:"
    echo "  python3 -m http.server --bind 127.0.0.1 --directory build/web 8000"
    echo "  then http://127.0.0.1:8000/ in a browser"
    ;;
asan)
    install_missing "${core_packages[@]}" "${gui_packages[@]}" "${core_test_packages[@]}" \
        "${gui_test_packages[@]}"
    build asan
    ctest --preset asan -j "$(nproc)"
    ;;
*)
    echo "usage: ./dev.sh run [ccdlab options] | ./dev.sh test | ./dev.sh asan | ./dev.sh test-cli-only | ./dev.sh web" >&2
    exit 2
    ;;
esac
