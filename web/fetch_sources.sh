#!/usr/bin/env bash
# Fetches the C and C++ sources the web build compiles with emscripten, from Debian's source
# packages (the binary packages hold no sources, or only a shared library): Dear ImGui 1.86,
# zlib 1.2.13 and Box2D 2.4.1, each at a pinned version, each .dsc checked against its pinned SHA-256 and each
# tarball against the SHA-256 its .dsc lists. apt-get reads a deb-src line given here, with
# package lists of its own under OUT: the system's sources and package lists are left alone.
#   web/fetch_sources.sh OUT      unpacks OUT/imgui, OUT/zlib and OUT/box2d (nothing twice)
set -euo pipefail
out=${1:?usage: web/fetch_sources.sh OUT}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# package  version  SHA-256 of its .dsc  the tarball to unpack  the folder it is unpacked to
sources=(
    "imgui 1.86+ds-1 a8023a69501688316566ecd615fe98ecc53b11d305205a6636593f7066bdb7c3 imgui_1.86+ds.orig.tar.xz imgui"
    "zlib 1:1.2.13.dfsg-1 3fa1e6b2fc525062aa88207dda52fed8e045373c809d362fe8a2bfbf7cf515a8 zlib_1.2.13.dfsg.orig.tar.bz2 zlib"
    "box2d 2.4.1-3 d9937a4737cc75489094d5dece12f44de3f880191ab56381899a47a1de9fad6d box2d_2.4.1.orig.tar.gz box2d"
)
mirror=${CCDLAB_DEBIAN_MIRROR:-http://deb.debian.org/debian}

apt_dir="$out/apt"
apt_options=(
    -o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
    -o Debug::NoLocking=1
)
# As root, apt would hand the download to its _apt user, who cannot write under OUT.
[ "$(id -u)" -ne 0 ] || apt_options+=(-o APT::Sandbox::User=root)
updated=false
for entry in "${sources[@]}"; do
    read -r package version dsc_sha256 tarball folder <<<"$entry"
    [ -f "$out/$folder/.fetched-$version" ] && continue
    if ! $updated; then
        mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
        echo "deb-src $mirror bookworm main" >"$apt_dir/sources.list"
        apt-get "${apt_options[@]}" update -qq
        updated=true
    fi
    download="$out/download"
    mkdir -p "$download"
    (cd "$download" && apt-get "${apt_options[@]}" source --download-only -qq "$package=$version")
    plain_version=${version#*:}
    dsc="$download/${package}_${plain_version}.dsc"
    echo "$dsc_sha256  $dsc" | sha256sum --check --quiet ||
        { echo "fetch_sources: $dsc is not the pinned one" >&2; exit 1; }
    # The tarball's SHA-256 as the .dsc lists it (Checksums-Sha256: "SHA256 SIZE NAME").
    tar_sha256=$(awk -v name="$tarball" '/^Checksums-Sha256:/ { on = 1; next }
                 /^[^ ]/ { on = 0 } on && $3 == name { print $1 }' "$dsc")
    [ -n "$tar_sha256" ] || { echo "fetch_sources: $dsc lists no $tarball" >&2; exit 1; }
    echo "$tar_sha256  $download/$tarball" | sha256sum --check --quiet ||
        { echo "fetch_sources: $tarball does not match its .dsc" >&2; exit 1; }
    rm -rf "${out:?}/$folder"
    mkdir -p "$out/$folder"
    tar -xf "$download/$tarball" -C "$out/$folder" --strip-components=1
    touch "$out/$folder/.fetched-$version"
    echo "fetch_sources: $package $version in $out/$folder"
done
