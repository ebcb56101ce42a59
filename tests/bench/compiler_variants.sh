#!/usr/bin/env bash
# Builds two variants of ccd_bench beside the default build's, to size what the compiler costs
# the scalar query (docs/performance.md, "Levers measured and dropped"). Neither is a build
# of the project; both link the project's own objects with one of them replaced:
#   ccd_bench_movapd  core/queries/src/toi_circle_segment.cpp as GCC compiles it, with every register
#                     copy `vmovsd %xmmA, %xmmA, %xmmB` (a merge) rewritten as `vmovapd` (a
#                     move the CPU eliminates at rename): the same instructions otherwise;
#   ccd_bench_clang   the same file compiled by clang++ (Debian's clang 14) for x86-64-v4
#                     (clang builds no CPU clones).
# Usage: tests/bench/compiler_variants.sh   (after ./dev.sh test or a default-preset build);
# then alternate each with build/default/tests/bench/ccd_bench, e.g.
#   ccd_bench --benchmark_filter='BM_ScalarOursPrepared$|BM_ScalarOursPreparedSorted|BM_Chipmunk'
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=$repo/build/default
work=$build/tests/bench/compiler_variants
mkdir -p "$work"
cmake --build "$build" --target ccd_bench >/dev/null
source_file=$repo/core/queries/src/toi_circle_segment.cpp
flags=(-I"$repo/core/vocabulary/include" -I"$repo/core/queries/include" -O2 -DNDEBUG -std=c++20 -ffp-contract=off -fno-math-errno
    -fno-trapping-math)

# ccd_bench's own link line, with the queries' library swapped for a copy holding `object`.
link_with() { # object, output
    cp "$build/core/queries/libccd_queries.a" "$work/libccd_queries.a"
    cp "$1" "$work/toi_circle_segment.cpp.o"
    (cd "$work" && ar r libccd_queries.a toi_circle_segment.cpp.o)
    local line
    line=$(cd "$build" && ninja -t commands tests/bench/ccd_bench | tail -1)
    line=${line//core\/queries\/libccd_queries.a/$work\/libccd_queries.a}
    line=${line//-o tests\/bench\/ccd_bench /-o $2 }
    (cd "$build" && eval "$line")
    echo "wrote $2"
}

g++ "${flags[@]}" -fno-tree-slp-vectorize -S -o "$work/gcc.s" "$source_file"
sed -E 's/vmovsd(\s+)%xmm([0-9]+), %xmm\2, %xmm([0-9]+)/vmovapd\1%xmm\2, %xmm\3/' \
    "$work/gcc.s" >"$work/movapd.s"
echo "register copies rewritten: $(grep -cE 'vmovsd\s+%xmm([0-9]+), %xmm\1, %xmm' "$work/gcc.s")"
as -o "$work/movapd.o" "$work/movapd.s"
link_with "$work/movapd.o" "$build/tests/bench/ccd_bench_movapd"

clang++ "${flags[@]}" -march=x86-64-v4 -c -o "$work/clang.o" "$source_file"
link_with "$work/clang.o" "$build/tests/bench/ccd_bench_clang"
