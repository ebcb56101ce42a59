#!/usr/bin/env bash
# ccdlab's one entry point for a fresh Debian 12 machine:
#   ./dev.sh run [ccdlab options]   install what is missing, build, launch the app
#   ./dev.sh test                   install what is missing, build, run every test
#   ./dev.sh asan                   the same tests under AddressSanitizer and UBSan
# Packages come from Debian only (docs/ARCHITECTURE.md lists why each is needed).
set -euo pipefail
cd "$(dirname "$0")"

packages=(
    cmake ninja-build g++ pkg-config
    libimgui-dev libglfw3-dev python3-glad libstb-dev nlohmann-json3-dev
    libgl-dev libgl1-mesa-dri fonts-dejavu-core
    libgtest-dev xvfb xauth xdotool
    libbenchmark-dev libbox2d-dev libchipmunk-dev
    python3-jsonschema clang libclang-rt-14-dev
)

install_missing() {
    local missing=()
    for p in "${packages[@]}"; do
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
    install_missing
    build default
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        echo "dev.sh: no display here; for a picture instead: xvfb-run -a build/default/app/ccdlab --scene scenes/default.json --screenshot ccdlab.png" >&2
        exit 3
    fi
    exec build/default/app/ccdlab --scene scenes/default.json "$@"
    ;;
test)
    install_missing
    build default
    ctest --preset default -j "$(nproc)"
    ;;
asan)
    install_missing
    build asan
    ctest --preset asan -j "$(nproc)"
    ;;
*)
    echo "usage: ./dev.sh run [ccdlab options] | ./dev.sh test | ./dev.sh asan" >&2
    exit 2
    ;;
esac
