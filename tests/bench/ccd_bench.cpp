// ccd_bench: one run, one fixed set of random circle-versus-static-segment queries (fixed seed,
// built before any timing), six ways: our scalar query (against a Segment, and against a
// PreparedSegment), Box2D 2.4.1's b2TimeOfImpact, Chipmunk 7's cpShapeSegmentQuery, our batch
// API, and an arithmetic floor (one sqrt, one division per query over the same arrays). Prints
// ns/query per benchmark, then the ratios from this run and how often the libraries agree on hit or
// miss (checked outside the timing).
//
// Each benchmark runs five times, all repetitions interleaved at random, and the summary
// compares medians (command-line flags override). CCD_BENCH_QUERIES overrides the number of
// queries (default 1,000,000); ctest's smoke test uses a small one.
#include "../differential/reference.hpp"
#include "ccd/batch_circle_segment.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "floor_kernel.hpp"
#include "interleaved_repetitions.hpp"
#include "median_recorder.hpp"

#include <benchmark/benchmark.h>
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_common.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_time_of_impact.h>
#include <chipmunk.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

// One query as each scalar API takes it, stored one record per query (an array of structures):
// our query's arguments, and Chipmunk's shape with the path's two ends and the radius. Box2D's
// b2TOIInput is such a record already. The batch and the floor read the nine arrays instead
// (structure of arrays). Same queries, same bits, built before timing.
struct ScalarQuery {
    ccd::Circle mover;
    ccd::Vec2 displacement;
    ccd::Segment obstacle;
};
struct PreparedQuery { // our query against a segment prepared before timing (PreparedSegment)
    ccd::Circle mover;
    ccd::Vec2 displacement;
    ccd::PreparedSegment obstacle;
};
struct ChipmunkQuery {
    cpShape* segment;
    cpVect from, to;
    double radius;
};

struct Queries {
    std::size_t n = 0;
    std::vector<double> cx, cy, r, dx, dy, ax, ay, bx, by;
    std::vector<ScalarQuery> scalar;
    std::vector<PreparedQuery> prepared;
    // The same prepared queries grouped by outcome (miss, overlap, band, cap A, cap B; each group
    // in the benchmark's order) and where each group begins: the mix with every branch but the
    // box test's (inside the misses) predicted, and each outcome on its own.
    std::vector<PreparedQuery> sorted;
    std::size_t outcome_begin[6] = {};
    // Third-party shapes, one per query, built before timing.
    std::vector<b2CircleShape> circles;
    std::vector<b2EdgeShape> edges;
    std::vector<b2TOIInput> toi_inputs;
    std::vector<cpShape*> segments;
    std::vector<ChipmunkQuery> chipmunk;
    // Batch outputs, allocated before timing.
    std::vector<double> t;
    std::vector<std::uint8_t> hit;
};

Queries g;

std::size_t query_count() {
    if (const char* env = std::getenv("CCD_BENCH_QUERIES")) {
        const long long v = std::atoll(env);
        if (v > 0) return static_cast<std::size_t>(v);
    }
    return 1'000'000;
}

void build(std::size_t n) {
    std::mt19937_64 rng(20240607);
    // Segments and starts in a 10 x 10 box, radii 0.05..1.5; each move heads for a random point
    // of the segment, scaled by 0.2..1.6 and pushed sideways by up to 3 per axis: about half of
    // the queries hit (the count is printed).
    std::uniform_real_distribution<double> pos(-5.0, 5.0), rad(0.05, 1.5), scale(0.2, 1.6),
        unit(0.0, 1.0), jitter(-3.0, 3.0);
    g.n = n;
    for (auto* v : {&g.cx, &g.cy, &g.r, &g.dx, &g.dy, &g.ax, &g.ay, &g.bx, &g.by})
        v->resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        g.ax[i] = pos(rng), g.ay[i] = pos(rng), g.bx[i] = pos(rng), g.by[i] = pos(rng);
        g.cx[i] = pos(rng), g.cy[i] = pos(rng), g.r[i] = rad(rng);
        const double s = unit(rng), k = scale(rng);
        const double px = g.ax[i] + (g.bx[i] - g.ax[i]) * s, py = g.ay[i] + (g.by[i] - g.ay[i]) * s;
        g.dx[i] = (px - g.cx[i]) * k + jitter(rng);
        g.dy[i] = (py - g.cy[i]) * k + jitter(rng);
    }
    g.circles.resize(n);
    g.edges.resize(n);
    g.toi_inputs.resize(n);
    g.segments.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        b2CircleShape& circle = g.circles[i];
        circle.m_radius = static_cast<float>(g.r[i]);
        circle.m_p.SetZero();
        g.edges[i].SetTwoSided(b2Vec2(static_cast<float>(g.ax[i]), static_cast<float>(g.ay[i])),
                               b2Vec2(static_cast<float>(g.bx[i]), static_cast<float>(g.by[i])));
        b2TOIInput& in = g.toi_inputs[i];
        in.proxyA.Set(&g.edges[i], 0);
        in.proxyB.Set(&circle, 0);
        in.sweepA.localCenter.SetZero();
        in.sweepA.c0.SetZero();
        in.sweepA.c.SetZero();
        in.sweepA.a0 = in.sweepA.a = in.sweepA.alpha0 = 0.0f;
        in.sweepB.localCenter.SetZero();
        in.sweepB.c0.Set(static_cast<float>(g.cx[i]), static_cast<float>(g.cy[i]));
        in.sweepB.c.Set(static_cast<float>(g.cx[i] + g.dx[i]),
                        static_cast<float>(g.cy[i] + g.dy[i]));
        in.sweepB.a0 = in.sweepB.a = in.sweepB.alpha0 = 0.0f;
        in.tMax = 1.0f;
        g.segments[i] =
            cpSegmentShapeNew(nullptr, cpv(g.ax[i], g.ay[i]), cpv(g.bx[i], g.by[i]), 0.0);
        cpShapeUpdate(g.segments[i], cpTransformIdentity);
    }
    g.scalar.resize(n);
    g.prepared.resize(n);
    g.chipmunk.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        g.scalar[i] = {{{g.cx[i], g.cy[i]}, g.r[i]},
                       {g.dx[i], g.dy[i]},
                       {{g.ax[i], g.ay[i]}, {g.bx[i], g.by[i]}}};
        g.prepared[i] = {g.scalar[i].mover, g.scalar[i].displacement,
                         ccd::PreparedSegment(g.scalar[i].obstacle)};
        g.chipmunk[i] = {g.segments[i], cpv(g.cx[i], g.cy[i]),
                         cpv(g.cx[i] + g.dx[i], g.cy[i] + g.dy[i]), g.r[i]};
    }
    g.t.resize(n);
    g.hit.resize(n);
}

std::optional<ccd::Hit> scalar(std::size_t i) {
    const ScalarQuery& q = g.scalar[i];
    return ccd::time_of_impact(q.mover, q.displacement, q.obstacle);
}

std::optional<ccd::Hit> prepared(std::size_t i) {
    const PreparedQuery& q = g.prepared[i];
    return ccd::time_of_impact(q.mover, q.displacement, q.obstacle);
}

// Outcome groups of the sorted benchmarks, in the order they are stored.
constexpr const char* outcome_names[5] = {"miss", "overlap", "band", "cap A", "cap B"};
std::size_t outcome(const std::optional<ccd::Hit>& h) {
    if (!h) return 0;
    if (h->overlap) return 1;
    return h->feature == ccd::Feature::SegmentInterior ? 2
           : h->feature == ccd::Feature::EndpointA     ? 3
                                                       : 4;
}

// g.sorted: the prepared queries grouped by outcome, each group in the benchmark's order.
void sort_by_outcome() {
    std::vector<std::size_t> group(g.n);
    std::size_t count[5] = {};
    for (std::size_t i = 0; i < g.n; ++i)
        ++count[group[i] = outcome(prepared(i))];
    for (std::size_t k = 0; k < 5; ++k)
        g.outcome_begin[k + 1] = g.outcome_begin[k] + count[k];
    std::size_t next[5];
    std::copy(g.outcome_begin, g.outcome_begin + 5, next);
    g.sorted.resize(g.n);
    for (std::size_t i = 0; i < g.n; ++i)
        g.sorted[next[group[i]]++] = g.prepared[i];
}

b2TOIOutput box2d(std::size_t i) {
    b2TOIOutput out;
    b2TimeOfImpact(&out, &g.toi_inputs[i]);
    return out;
}

bool chipmunk(std::size_t i, cpSegmentQueryInfo* info) {
    const ChipmunkQuery& q = g.chipmunk[i];
    return cpShapeSegmentQuery(q.segment, q.from, q.to, q.radius, info);
}

void run_batch() {
    ccd::time_of_impact_batch({g.cx, g.cy, g.r, g.dx, g.dy, g.ax, g.ay, g.bx, g.by}, {g.t, g.hit});
}

void set_counters(benchmark::State& state, std::size_t count = g.n) {
    const auto n = static_cast<double>(count);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(count));
    // CPU time per query (the machine is shared; CPU time is the steadier measure), shown by
    // Google Benchmark with an SI prefix, e.g. "139.5n" for 139.5 ns.
    state.counters["time_per_query"] = benchmark::Counter(
        n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// Our scalar query over queries [begin, end) of the set, one of its forms: the sum of the hits'
// t. time_per_query divides by end - begin.
template <class Query>
void time_ours(benchmark::State& state, Query query, std::size_t begin = 0, std::size_t end = g.n) {
    for (auto _ : state) {
        double sum = 0.0;
        for (std::size_t i = begin; i < end; ++i)
            if (const auto h = query(i)) sum += h->t;
        benchmark::DoNotOptimize(sum);
    }
    set_counters(state, end - begin);
}

void BM_ScalarOurs(benchmark::State& state) {
    time_ours(state, scalar);
}

void BM_ScalarOursPrepared(benchmark::State& state) {
    time_ours(state, prepared);
}

std::optional<ccd::Hit> prepared_sorted(std::size_t i) {
    const PreparedQuery& q = g.sorted[i];
    return ccd::time_of_impact(q.mover, q.displacement, q.obstacle);
}

// The same queries grouped by outcome: what the mix costs when its branches are predicted (the
// box test's inside the misses stays as random as in the benchmark's order).
void BM_ScalarOursPreparedSorted(benchmark::State& state) {
    time_ours(state, prepared_sorted);
}

// One outcome group alone (state.range(0): 0 miss, 1 overlap, 2 band, 3 cap A, 4 cap B), the
// time per query of that group.
void BM_ScalarOursPreparedOutcome(benchmark::State& state) {
    const auto k = static_cast<std::size_t>(state.range(0));
    state.SetLabel(outcome_names[k]);
    time_ours(state, prepared_sorted, g.outcome_begin[k], g.outcome_begin[k + 1]);
}

void BM_Box2D_b2TimeOfImpact(benchmark::State& state) {
    for (auto _ : state) {
        float sum = 0.0f;
        for (std::size_t i = 0; i < g.n; ++i)
            sum += box2d(i).t;
        benchmark::DoNotOptimize(sum);
    }
    set_counters(state);
}

void BM_Chipmunk_cpShapeSegmentQuery(benchmark::State& state) {
    for (auto _ : state) {
        double sum = 0.0;
        cpSegmentQueryInfo info;
        for (std::size_t i = 0; i < g.n; ++i)
            if (chipmunk(i, &info)) sum += info.alpha;
        benchmark::DoNotOptimize(sum);
    }
    set_counters(state);
}

void BM_BatchOurs(benchmark::State& state) {
    for (auto _ : state) {
        run_batch();
        benchmark::DoNotOptimize(g.t.data());
        benchmark::DoNotOptimize(g.hit.data());
        benchmark::ClobberMemory();
    }
    set_counters(state);
}

void BM_ArithmeticFloor(benchmark::State& state) {
    for (auto _ : state) {
        bench::floor_kernel(g.n, g.cx.data(), g.cy.data(), g.r.data(), g.dx.data(), g.dy.data(),
                            g.ax.data(), g.ay.data(), g.bx.data(), g.by.data(), g.t.data(),
                            g.hit.data());
        benchmark::DoNotOptimize(g.t.data());
        benchmark::DoNotOptimize(g.hit.data());
        benchmark::ClobberMemory();
    }
    set_counters(state);
}

BENCHMARK(BM_ScalarOurs);
BENCHMARK(BM_ScalarOursPrepared);
BENCHMARK(BM_ScalarOursPreparedSorted);
BENCHMARK(BM_ScalarOursPreparedOutcome)->DenseRange(0, 4);
BENCHMARK(BM_Box2D_b2TimeOfImpact);
BENCHMARK(BM_Chipmunk_cpShapeSegmentQuery);
BENCHMARK(BM_BatchOurs);
BENCHMARK(BM_ArithmeticFloor);

// Hit/miss agreement over the whole set, outside any timing. Every disagreement with Box2D or
// Chipmunk is classified against tests/differential's documented differences (B2, C3..C5 in
// box2d_chipmunk_test.cpp), using the long double distance of closest approach. Returns false
// when the batch (t and hit only, the path the benchmark times) and the scalar query disagree
// on a bit of hit or t: the smoke test then fails.
bool check_agreement() {
    std::size_t hits = 0, batch_mismatch = 0, prepared_mismatch = 0;
    std::size_t box_disagree = 0, box_explained = 0, box_failed = 0;
    std::size_t chip_disagree = 0, chip_explained = 0;
    run_batch();
    for (std::size_t i = 0; i < g.n; ++i) {
        const auto mine = scalar(i);
        hits += mine ? 1 : 0;
        if ((g.hit[i] != 0) != mine.has_value() ||
            (mine && std::bit_cast<std::uint64_t>(g.t[i]) != std::bit_cast<std::uint64_t>(mine->t)))
            ++batch_mismatch;
        const auto theirs = prepared(i);
        if (theirs.has_value() != mine.has_value() ||
            (mine &&
             (std::bit_cast<std::uint64_t>(theirs->t) != std::bit_cast<std::uint64_t>(mine->t) ||
              theirs->feature != mine->feature || theirs->normal != mine->normal ||
              theirs->point != mine->point)))
            ++prepared_mismatch;
        const ref::Query q{
            {g.cx[i], g.cy[i]}, {g.dx[i], g.dy[i]}, {g.ax[i], g.ay[i]}, {g.bx[i], g.by[i]}, g.r[i]};
        const long double dmin = ref::min_distance(q);

        const b2TOIOutput box = box2d(i);
        if (box.state == b2TOIOutput::e_failed) ++box_failed;
        const bool box_hit =
            box.state == b2TOIOutput::e_touching || box.state == b2TOIOutput::e_overlapped;
        if (box_hit != mine.has_value()) {
            ++box_disagree;
            // B2: Box2D stops at center distance target = r - linearSlop (+- linearSlop / 4),
            // so paths grazing within (r - 1.25 linearSlop, r] are hits only for us.
            const double target =
                std::max(double(b2_linearSlop), g.r[i] + b2_polygonRadius - 3.0 * b2_linearSlop);
            if (mine && dmin >= target - 0.25 * b2_linearSlop - 1e-5) ++box_explained;
        }

        cpSegmentQueryInfo info;
        const bool chip_hit = chipmunk(i, &info);
        if (chip_hit != mine.has_value()) {
            ++chip_disagree;
            const double ux = g.bx[i] - g.ax[i], uy = g.by[i] - g.ay[i];
            const double len = std::hypot(ux, uy);
            const double along = ((g.cx[i] - g.ax[i]) * ux + (g.cy[i] - g.ay[i]) * uy) / len;
            const double line =
                std::fabs((g.cx[i] - g.ax[i]) * uy - (g.cy[i] - g.ay[i]) * ux) / len;
            const bool slab_start = line < g.r[i] && (along < 0 || along > len); // C5
            const bool grazing = std::fabs(double(dmin) - g.r[i]) < 1e-9;        // C2, C3
            if (slab_start || grazing) ++chip_explained;
        }
    }
    std::printf("\nqueries: %zu, hits (ours): %zu (%.1f%%)\n", g.n, hits,
                100.0 * double(hits) / double(g.n));
    std::printf("batch vs scalar: %zu mismatches in hit or t bits (must be 0)\n", batch_mismatch);
    std::printf("prepared segment vs scalar: %zu mismatches in hit, t, feature, point or normal "
                "(must be 0)\n",
                prepared_mismatch);
    std::printf("Box2D vs ours: %zu hit/miss disagreements, %zu explained by Box2D's target "
                "separation (B2), %zu e_failed\n",
                box_disagree, box_explained, box_failed);
    std::printf("Chipmunk vs ours: %zu hit/miss disagreements, %zu explained (C5: start in the "
                "slab beside an end; C2/C3: grazing)\n",
                chip_disagree, chip_explained);
    return batch_mismatch == 0 && prepared_mismatch == 0;
}

} // namespace

int main(int argc, char** argv) {
    build(query_count());
    sort_by_outcome();
    const bool batch_agrees = check_agreement();
    // Each benchmark five times, in a random interleaved order (interleaved_repetitions.hpp).
    if (!bench::initialize_interleaved(argc, argv, 5)) return 1;
    bench::MedianRecorder recorder("time_per_query", 1e9); // seconds -> ns
    benchmark::RunSpecifiedBenchmarks(&recorder);
    benchmark::Shutdown();

    const auto& m = recorder.values;
    const auto get = [&](const char* name) {
        const auto it = m.find(name);
        return it == m.end() ? std::nan("") : it->second;
    };
    const double ours = get("BM_ScalarOurs"), prep = get("BM_ScalarOursPrepared"),
                 box = get("BM_Box2D_b2TimeOfImpact"),
                 chip = get("BM_Chipmunk_cpShapeSegmentQuery"), batch = get("BM_BatchOurs"),
                 floor = get("BM_ArithmeticFloor");
    std::printf("\nns/query (CPU time): scalar %.2f, scalar prepared %.2f, Box2D %.2f, Chipmunk "
                "%.2f, batch %.2f, floor %.2f\n",
                ours, prep, box, chip, batch, floor);
    std::printf("scalar vs Box2D b2TimeOfImpact:                  %6.2fx faster (target >= 10x)\n",
                box / ours);
    std::printf("scalar vs Chipmunk cpShapeSegmentQuery:          %6.2fx faster (target >= 4x)\n",
                chip / ours);
    std::printf("scalar prepared vs Box2D b2TimeOfImpact:         %6.2fx faster (target >= 10x)\n",
                box / prep);
    std::printf("scalar prepared vs Chipmunk cpShapeSegmentQuery: %6.2fx faster (target >= 4x)\n",
                chip / prep);
    std::printf("batch vs arithmetic floor:                       %6.2fx the floor's time (target "
                "<= 2x)\n",
                batch / floor);
    std::printf("batch vs scalar:                                 %6.2fx faster\n", ours / batch);
    // What the random order's mispredicted branches cost: the same queries grouped by outcome,
    // and each group alone weighted by its share.
    const double sorted = get("BM_ScalarOursPreparedSorted");
    double weighted = 0.0;
    std::printf("\nscalar prepared by outcome (ns/query, share of the queries):");
    for (std::size_t k = 0; k < 5; ++k) {
        const double share = double(g.outcome_begin[k + 1] - g.outcome_begin[k]) / double(g.n);
        const double ns = get(("BM_ScalarOursPreparedOutcome/" + std::to_string(k)).c_str());
        weighted += share * ns;
        std::printf("%s %s %.2f (%.1f%%)", k ? "," : "", outcome_names[k], ns, 100.0 * share);
    }
    std::printf("\nscalar prepared: %.2f in the benchmark's order, %.2f grouped by outcome, %.2f "
                "the groups alone weighted by share: %.2f ns/query from the random order\n",
                prep, sorted, weighted, prep - sorted);
    for (cpShape* s : g.segments)
        cpShapeFree(s);
    return batch_agrees ? 0 : 1;
}
