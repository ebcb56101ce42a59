#!/usr/bin/env bash
# Builds a libFuzzer target with clang (ASan + UBSan) and runs it for a bounded time on a copy
# of its corpus:
#   tests/fuzz/run.sh [clang++] [work dir] [seconds] [target]
# target: scene_loader (the default), toi_line, world or fixture_check (tests/fuzz/README.md).
# CCDLAB_FUZZ_SEED, when set, is libFuzzer's -seed (CTest sets 1: the same mutations each run).
# Registered with CTest (label fuzz) when clang++ is found. Needs Debian's clang and
# libclang-rt-14-dev. Exits non-zero on any crash, leak, sanitizer report, broken invariant or
# hang (> 5 s on one input); the input that did it is left in WORK/TARGET (crash-*, leak-*,
# timeout-*, oom-*).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cxx=${1:-clang++}
work=${2:-$repo/build/fuzz}
seconds=${3:-30}
target=${4:-scene_loader}
case "$target" in
    scene_loader | world | fixture_check) dict=$here/json.dict ;;
    toi_line) dict=$here/toi.dict ;;
    *) echo "run.sh: unknown target \"$target\"" >&2; exit 2 ;;
esac
mkdir -p "$work"
work=$(cd "$work" && pwd)

# One build for every target (tests/fuzz/CMakeLists.txt), rebuilt only where a source changed.
# Two targets run by CTest one after the other share it.
if [ ! -f "$work/build/CMakeCache.txt" ]; then
    cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
fi
cmake --build "$work/build" --target "${target}_fuzzer" -j 2 >/dev/null ||
    cmake --build "$work/build" --target "${target}_fuzzer" -j 1
binary=$work/build/${target}_fuzzer

# A copy, so the corpus in the repository only changes when someone decides it should.
rm -rf "${work:?}/$target"
mkdir -p "$work/$target"
cp -r "$here/corpus/$target" "$work/$target/corpus"
cd "$work/$target"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$binary" ${CCDLAB_FUZZ_SEED:+-seed="$CCDLAB_FUZZ_SEED"} -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=5 \
    -max_len=4096 -dict="$dict" -print_final_stats=1 "$work/$target/corpus"
