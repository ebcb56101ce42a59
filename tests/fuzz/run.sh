#!/usr/bin/env bash
# Builds the scene loader's libFuzzer harness with clang (ASan + UBSan) and runs it for a
# bounded time on a copy of the corpus:
#   tests/fuzz/run.sh [clang++] [work dir] [seconds]
# Registered with CTest (label fuzz) when clang++ is found. Needs Debian's clang and
# libclang-rt-14-dev. Exits non-zero on any crash, leak, sanitizer report or hang (> 5 s on one
# input); the input that did it is left in the work dir (crash-*, leak-*, timeout-*).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cxx=${1:-clang++}
work=${2:-$repo/build/fuzz}
seconds=${3:-30}
mkdir -p "$work"

# The loader (with its JSON reader and error quoting), the writer (with the file writer it saves
# through) and the parts of the core they call (the algorithm registry, whose
# names the loader checks, and Feature's names). Rebuilt only when a source is newer.
sources=(
    "$here/scene_loader_fuzzer.cpp"
    "$repo"/core/scenario/src/atomic_write.cpp
    "$repo"/core/scenario/src/printable_excerpt.cpp
    "$repo"/core/scenario/src/scene.cpp
    "$repo"/core/scenario/src/scene_loader.cpp
    "$repo"/core/scenario/src/scene_writer.cpp
    "$repo"/core/scenario/src/strict_json.cpp
    "$repo"/core/src/algorithms.cpp
    "$repo"/core/src/algorithm_conservative_advancement.cpp
    "$repo"/core/src/algorithm_seed000.cpp
    "$repo"/core/src/algorithm_seed004.cpp
    "$repo"/core/src/closest_point.cpp
    "$repo"/core/src/hit.cpp
    "$repo"/core/src/polynomial.cpp
    "$repo"/core/src/toi_circle_circle.cpp
    "$repo"/core/src/toi_circle_segment.cpp
    "$repo"/core/src/trace.cpp
)
binary=$work/scene_loader_fuzzer
if [ ! -x "$binary" ] ||
    [ -n "$(find "$repo/core" "$here" -newer "$binary" -name '*.[ch]pp' -print -quit)" ]; then
    echo "run.sh: building $binary with $cxx"
    "$cxx" -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        -ffp-contract=off -I"$repo/core/include" -I"$repo/core/scenario/include" \
        -I"$repo/core/src" "${sources[@]}" -o "$binary.tmp"
    mv "$binary.tmp" "$binary"
fi

# A copy, so the corpus in the repository only changes when someone decides it should.
rm -rf "$work/corpus"
cp -r "$here/corpus" "$work/corpus"
cd "$work"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$binary" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -max_len=4096 \
    -dict="$here/json.dict" -print_final_stats=1 "$work/corpus"
