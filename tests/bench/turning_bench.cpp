// turning_bench: one fixed set of random turning queries per rotation band (straight, quarter,
// half, two_turns: how far the sides turn in the frame) and kind (circle against a turning
// segment, turning polygon against turning polygon; fixed seeds, a mix of hits and misses, built
// before any timing), two ways on the same queries in the same run: the certified query
// (ccd::time_of_impact through the pair registry, toi_turning.hpp) and Box2D 2.4.1's
// b2TimeOfImpact on inputs built before timing exactly as the `box2d` algorithm builds them
// (core/peers). Prints ns/query per benchmark, then per band and kind Box2D's outcomes against
// the certified answer (the contacts it misses, those it gives up on, those it reports where
// there is none), the certified answers checked against the long double reference of the tests
// (tests/support/turning_reference.hpp) on a sample and on every query where the two disagree
// (none may fail), and one summary line a band and kind: both times, the ratio, the misses.
//
// Each benchmark runs three times, the repetitions interleaved at random, and the summary
// compares medians (command-line flags override). CCD_BENCH_QUERIES overrides the number of
// queries per band and kind (default 200,000); CCD_BENCH_REFERENCE_SAMPLE the number of evenly
// spaced ones checked against the reference per band and kind (default 500: the reference costs
// milliseconds a query); CCD_BENCH_COMPARE=0 leaves out the comparison (for callgrind).
#include "../support/turning_reference.hpp"
#include "box2d_side.hpp"
#include "ccd/box2d_toi.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/toi_turning.hpp"
#include "interleaved_repetitions.hpp"
#include "median_recorder.hpp"

#include <benchmark/benchmark.h>
#include <box2d/b2_common.h>
#include <box2d/b2_time_of_impact.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr double kPi = 3.141592653589793;

std::size_t env_count(const char* name, std::size_t fallback) {
    const char* env = std::getenv(name);
    return env ? static_cast<std::size_t>(std::max(0L, std::atol(env))) : fallback;
}

// A rotation band: each turning side turns by an angle of magnitude in (lo, hi] radians, either
// way (straight: 0, the side turning by nothing). `two_turns` spans two turns from -2 pi to 2 pi.
struct Band {
    const char* name;
    double lo, hi;
};
constexpr Band kBands[] = {{"straight", 0.0, 0.0},
                           {"quarter", 0.0, kPi / 2},
                           {"half", kPi / 2, kPi},
                           {"two_turns", kPi, 2 * kPi}};
constexpr int kBandCount = 4;
constexpr const char* kKinds[] = {"circle_rotating_segment", "rotating_polygon_polygon"};

class Draw {
public:
    explicit Draw(std::uint64_t seed) : rng_(seed) {}
    double uniform(double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng_);
    }
    ccd::Vec2 vec(double h) { return {uniform(-h, h), uniform(-h, h)}; }
    // A convex counter-clockwise polygon: 3 to 8 points at increasing angles on an ellipse.
    ccd::Polygon convex() {
        const int n = std::uniform_int_distribution<int>(3, 8)(rng_);
        const double rx = uniform(0.2, 1.5), ry = uniform(0.2, 1.5), phase = uniform(0, 2 * kPi);
        const ccd::Vec2 c = vec(1.5);
        ccd::Polygon p;
        for (int i = 0; i < n; ++i) {
            const double a = phase + 2 * kPi * (i + uniform(-0.3, 0.3)) / n;
            p.vertices.push_back(c + ccd::Vec2{rx * std::cos(a), ry * std::sin(a)});
        }
        return p;
    }
    // A pivot within [-1.5, 1.5]^2 moving by up to 2 on each axis, turning by an angle in the band.
    ccd::Turning turning(const Band& band) {
        const ccd::Vec2 pivot = vec(1.5), displacement = vec(2.0);
        const double magnitude = band.hi > band.lo ? uniform(band.lo, band.hi) : band.lo;
        const double angle = uniform(0, 1) < 0.5 ? -magnitude : magnitude;
        return {pivot, displacement, angle};
    }

private:
    std::mt19937_64 rng_;
};

// One band and kind's queries: ours as Swept pairs, Box2D's as b2TOIInput (the obstacle is
// Box2D's shape A, the mover its shape B, as in core/peers), the proxies' vertices in one array.
struct KindSet {
    std::string name; // "band kind"
    const char* band = "";
    const char* kind = "";
    std::vector<ccd::Swept> movers, obstacles;
    std::vector<b2TOIInput> inputs;
    std::vector<b2Vec2> vertices;
};

KindSet g_sets[2 * kBandCount]; // index 2 x band + kind

// b2TimeOfImpact's input for one query, its proxies' vertices appended to `vertices` (their
// offsets returned, the pointers set once the array no longer moves).
struct PendingInput {
    b2TOIInput input;
    std::size_t offset_a = 0, offset_b = 0;
};

PendingInput box2d_input(const ccd::Swept& mover, const ccd::Swept& obstacle,
                         std::vector<b2Vec2>& vertices) {
    const ccd::box2d::Side a(obstacle), b(mover);
    PendingInput p;
    p.input.proxyA = a.proxy();
    p.input.proxyB = b.proxy();
    p.input.sweepA = a.sweep();
    p.input.sweepB = b.sweep();
    p.input.tMax = 1.0f;
    p.offset_a = vertices.size();
    vertices.insert(vertices.end(), a.proxy().m_vertices, a.proxy().m_vertices + a.proxy().m_count);
    p.offset_b = vertices.size();
    vertices.insert(vertices.end(), b.proxy().m_vertices, b.proxy().m_vertices + b.proxy().m_count);
    return p;
}

void build(KindSet& set, const Band& band, int kind, std::size_t n, std::uint64_t seed) {
    set.band = band.name;
    set.kind = kKinds[kind];
    set.name = std::string(band.name) + " " + set.kind;
    Draw draw(seed);
    std::vector<PendingInput> pending;
    pending.reserve(n);
    set.movers.reserve(n);
    set.obstacles.reserve(n);
    while (set.movers.size() < n) {
        ccd::Swept mover, obstacle;
        if (kind == 1) {
            mover = {draw.convex(), draw.turning(band)};
            ccd::Polygon other = draw.convex();
            const ccd::Vec2 offset = draw.vec(3.0);
            for (ccd::Vec2& v : other.vertices)
                v += offset;
            obstacle = {other, draw.turning(band)};
        } else {
            obstacle = {ccd::Segment{draw.vec(1.5), draw.vec(1.5)}, draw.turning(band)};
            mover = {ccd::Circle{draw.vec(3.0), draw.uniform(0.05, 1.0)},
                     ccd::Translation{draw.vec(4.0)}};
        }
        if (ccd::box2d::inexpressible(mover, obstacle)) continue; // the same queries for both
        pending.push_back(box2d_input(mover, obstacle, set.vertices));
        set.movers.push_back(std::move(mover));
        set.obstacles.push_back(std::move(obstacle));
    }
    set.inputs.reserve(n);
    for (PendingInput& p : pending) {
        p.input.proxyA.m_vertices = set.vertices.data() + p.offset_a;
        p.input.proxyB.m_vertices = set.vertices.data() + p.offset_b;
        set.inputs.push_back(p.input);
    }
}

void set_counters(benchmark::State& state, std::size_t count) {
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(count));
    state.counters["time_per_query"] = benchmark::Counter(
        static_cast<double>(count),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_Certified(benchmark::State& state) {
    const KindSet& set = g_sets[state.range(0)];
    state.SetLabel(set.name);
    for (auto _ : state) {
        double sum = 0.0;
        for (std::size_t i = 0; i < set.movers.size(); ++i)
            if (const auto hit = ccd::time_of_impact(set.movers[i], set.obstacles[i]))
                sum += hit->t;
        benchmark::DoNotOptimize(sum);
    }
    set_counters(state, set.movers.size());
}

void BM_Box2D_b2TimeOfImpact(benchmark::State& state) {
    const KindSet& set = g_sets[state.range(0)];
    state.SetLabel(set.name);
    for (auto _ : state) {
        float sum = 0.0f;
        for (const b2TOIInput& input : set.inputs) {
            b2TOIOutput output;
            b2TimeOfImpact(&output, &input);
            sum += output.t;
        }
        benchmark::DoNotOptimize(sum);
    }
    set_counters(state, set.inputs.size());
}

BENCHMARK(BM_Certified)->DenseRange(0, 2 * kBandCount - 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Box2D_b2TimeOfImpact)
    ->DenseRange(0, 2 * kBandCount - 1)
    ->Unit(benchmark::kMillisecond);

// What one band and kind's answers came to (outside any timing).
struct Outcome {
    std::size_t contacts = 0;         // the certified query's
    std::size_t box2d_misses = 0;     // contacts Box2D reports separated or gives up on (failed)
    std::size_t certified_misses = 0; // contacts by the reference the certified query missed
    std::size_t broken = 0;           // certified answers breaking the guarantee (misses included)
};

// Checks one certified answer against the long double reference; counts a missed contact and
// any broken guarantee.
void check(const KindSet& set, std::size_t i, Outcome& out) {
    const auto hit = ccd::time_of_impact(set.movers[i], set.obstacles[i]);
    if (const auto why = ccd_test::guarantee_failure(set.movers[i], set.obstacles[i], hit)) {
        ++out.broken;
        out.certified_misses += !hit;
        if (out.broken <= 5)
            std::printf("  %s query %zu breaks the guarantee: %s\n", set.name.c_str(), i,
                        why->c_str());
    }
}

// The answers of both on every query, and the certified ones against the reference on a sample,
// on every query the certified query misses where Box2D reports a contact, and on a sample of
// Box2D's misses.
Outcome compare(const KindSet& set, std::size_t sample) {
    const std::size_t n = set.movers.size();
    Outcome out;
    std::size_t untraced_differs = 0, step_limits = 0, touching = 0, separated = 0, failed = 0,
                overlapped = 0, failed_on_contact = 0;
    std::vector<std::size_t> missed_queries, disputed; // Box2D's misses, its contacts we miss
    long hit_steps = 0, miss_steps = 0;                // the certified search's intervals
    for (std::size_t i = 0; i < n; ++i) {
        ccd::Trace trace;
        const auto traced = ccd::time_of_impact(set.movers[i], set.obstacles[i], &trace);
        const bool hit = traced.has_value();
        // The timed (untraced) query takes early outs the traced one does not: the same answer.
        const auto timed = ccd::time_of_impact(set.movers[i], set.obstacles[i]);
        untraced_differs += timed.has_value() != hit || (hit && timed->t != traced->t);
        out.contacts += hit;
        step_limits += trace.search && trace.search->step_limit_reached;
        (hit ? hit_steps : miss_steps) += trace.search ? trace.search->steps : 0;
        b2TOIOutput output;
        b2TimeOfImpact(&output, &set.inputs[i]);
        touching += output.state == b2TOIOutput::e_touching;
        separated += output.state == b2TOIOutput::e_separated;
        failed += output.state == b2TOIOutput::e_failed;
        overlapped += output.state == b2TOIOutput::e_overlapped;
        failed_on_contact += hit && output.state == b2TOIOutput::e_failed;
        if (hit && output.state == b2TOIOutput::e_separated) missed_queries.push_back(i);
        if (!hit && output.state != b2TOIOutput::e_separated) disputed.push_back(i);
    }
    out.box2d_misses = missed_queries.size() + failed_on_contact;
    const std::size_t step = std::max<std::size_t>(1, n / std::max<std::size_t>(1, sample));
    std::size_t checked = 0;
    for (std::size_t i = 0; i < n; i += step, ++checked)
        check(set, i, out);
    for (const std::size_t i : disputed)
        check(set, i, out);
    // Box2D's misses are contacts: the certified hit keeps its guarantee there too (f(t) within
    // delta of touching, by the reference), on a sample of them.
    const std::size_t miss_step =
        std::max<std::size_t>(1, missed_queries.size() / std::max<std::size_t>(1, sample / 4));
    std::size_t misses_checked = 0;
    for (std::size_t k = 0; k < missed_queries.size(); k += miss_step, ++misses_checked)
        check(set, missed_queries[k], out);
    std::printf("%s: %zu queries, certified %zu hits (%.1f%%), step budget reached %zu, "
                "certified steps: mean %.1f for a hit, %.1f for a miss, untraced answers "
                "differing from the traced %zu\n",
                set.name.c_str(), n, out.contacts, 100.0 * double(out.contacts) / double(n),
                step_limits, double(hit_steps) / double(std::max<std::size_t>(1, out.contacts)),
                double(miss_steps) / double(std::max<std::size_t>(1, n - out.contacts)),
                untraced_differs);
    std::printf("  Box2D: touching %zu, separated %zu, failed %zu, overlapped %zu; misses %zu "
                "contacts (separated), gives up on %zu (failed), reports %zu where the certified "
                "has none\n",
                touching, separated, failed, overlapped, missed_queries.size(), failed_on_contact,
                disputed.size());
    std::printf("  certified against the long double reference: %zu fail of %zu sampled, %zu "
                "where Box2D reports a contact the certified does not, %zu of Box2D's misses\n",
                out.broken, checked, disputed.size(), misses_checked);
    return out;
}

} // namespace

int main(int argc, char** argv) {
    ccd::box2d::register_algorithm();
    const std::size_t n = std::max<std::size_t>(1, env_count("CCD_BENCH_QUERIES", 200'000));
    for (int band = 0; band < kBandCount; ++band)
        for (int kind = 0; kind < 2; ++kind)
            build(g_sets[2 * band + kind], kBands[band], kind, n,
                  20261126 + static_cast<std::uint64_t>(10 * band + kind));
    // The pair registry's tables are built on its first query, not in the first timed one.
    benchmark::DoNotOptimize(ccd::time_of_impact(g_sets[0].movers[0], g_sets[0].obstacles[0]));
    if (!bench::initialize_interleaved(argc, argv, 3)) return 1;
    bench::MedianRecorder recorder("time_per_query", 1e9); // seconds -> ns
    benchmark::RunSpecifiedBenchmarks(&recorder);
    benchmark::Shutdown();

    const auto get = [&](const std::string& name) {
        const auto it = recorder.values.find(name);
        return it == recorder.values.end() ? std::nan("") : it->second;
    };
    std::printf("\n");
    const std::size_t sample = env_count("CCD_BENCH_REFERENCE_SAMPLE", 500);
    // CCD_BENCH_COMPARE=0: the timing alone (for callgrind's instruction counts).
    const bool comparing = env_count("CCD_BENCH_COMPARE", 1) != 0;
    Outcome outcomes[2 * kBandCount];
    bool kept = true;
    for (int k = 0; comparing && k < 2 * kBandCount; ++k) {
        outcomes[k] = compare(g_sets[k], sample);
        kept = kept && outcomes[k].broken == 0;
    }
    std::printf("\n");
    for (int k = 0; k < 2 * kBandCount; ++k) {
        const double ours = get("BM_Certified/" + std::to_string(k));
        const double box = get("BM_Box2D_b2TimeOfImpact/" + std::to_string(k));
        std::printf("band %s %s: certified %.1f ns, box2d %.1f ns, %.2fx, box2d misses %zu of "
                    "%zu, certified misses %zu\n",
                    g_sets[k].band, g_sets[k].kind, ours, box, box / ours, outcomes[k].box2d_misses,
                    outcomes[k].contacts, outcomes[k].certified_misses);
    }
    return kept ? 0 : 1;
}
