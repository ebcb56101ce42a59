#!/bin/sh
# Instructions per query of the certified turning query and of Box2D's b2TimeOfImpact on the same
# queries, per rotation band and kind (callgrind; steadier than times on a shared machine): the
# first CCD_BENCH_QUERIES (default 2,000) queries of each of turning_bench's sets, every
# instruction of the timed loop over the calls of the query's function.
#   tests/bench/turning_callgrind.sh [build/default/tests/bench/turning_bench]
set -eu
bench=${1:-build/default/tests/bench/turning_bench}
queries=${CCD_BENCH_QUERIES:-2000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
names="straight_circle_rotating_segment straight_rotating_polygon_polygon
quarter_circle_rotating_segment quarter_rotating_polygon_polygon
half_circle_rotating_segment half_rotating_polygon_polygon
two_turns_circle_rotating_segment two_turns_rotating_polygon_polygon"

# count BENCHMARK INDEX CALLEE: the benchmark's instructions per call of CALLEE from it.
count() {
    CCD_BENCH_COMPARE=0 CCD_BENCH_QUERIES=$queries valgrind --tool=callgrind \
        --callgrind-out-file="$out/cg" --toggle-collect="*$1(*" "$bench" \
        --benchmark_filter="$1/$2\$" --benchmark_min_time=0.000001 --benchmark_repetitions=1 \
        >/dev/null 2>&1
    callgrind_annotate "$out/cg" >"$out/flat"
    callgrind_annotate --inclusive=yes --tree=caller "$out/cg" >"$out/tree"
    total=$(awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}' "$out/flat")
    # In the caller tree, a function's line ("*") follows its callers' ("<", "(N x)").
    calls=$(awk -v bm="$1(benchmark::State&)" -v callee="$3" '
        index($0, "< ") && index($0, bm) { line = $0; next }
        index($0, "* ") && index($0, callee) && line != "" {
            sub(/.*\(/, "", line); sub(/x\).*/, "", line); gsub(",", "", line); print line; exit }
        { line = "" }' "$out/tree")
    echo $((total / calls))
}

printf '%-36s %12s %12s %8s\n' "band and kind (instructions/query)" certified box2d ratio
k=0
for name in $names; do
    ours=$(count BM_Certified $k "ccd::time_of_impact(ccd::Swept const&, ccd::Swept const&")
    box=$(count BM_Box2D_b2TimeOfImpact $k "b2TimeOfImpact(")
    printf '%-36s %12s %12s %8s\n' "$name" "$ours" "$box" \
        "$(awk -v a="$box" -v b="$ours" 'BEGIN { printf "%.2fx", a / b }')"
    k=$((k + 1))
done
