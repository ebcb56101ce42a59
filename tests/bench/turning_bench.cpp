// turning_bench: one fixed set of random turning queries per kind (circle against a turning
// segment, turning polygon against turning polygon; fixed seed, a mix of hits and misses, built
// before any timing), two ways on the same queries in the same run: the certified query
// (ccd::time_of_impact through the pair registry, toi_turning.hpp) and Box2D 2.4.1's
// b2TimeOfImpact on inputs built before timing exactly as the `box2d` algorithm builds them
// (core/peers). Prints ns/query per benchmark, then per kind the ratio, Box2D's outcomes against
// the certified answer (the contacts it misses, those it gives up on, those it reports where
// there is none), and the certified answers checked against the long double reference of the
// tests (tests/support/turning_reference.hpp) on a sample: none may fail.
//
// Each benchmark runs three times, the repetitions interleaved at random, and the summary
// compares medians (command-line flags override). CCD_BENCH_QUERIES overrides the number of
// queries per kind (default 1,000,000); CCD_BENCH_REFERENCE_SAMPLE the number checked against
// the reference (default 2,000: the reference costs milliseconds a query).
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

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace {

constexpr double kPi = 3.141592653589793;

std::size_t env_count(const char* name, std::size_t fallback) {
    const char* env = std::getenv(name);
    return env ? static_cast<std::size_t>(std::max(1L, std::atol(env))) : fallback;
}

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
    ccd::Turning turning() { return {vec(1.5), vec(2.0), uniform(-2 * kPi, 2 * kPi)}; }

private:
    std::mt19937_64 rng_;
};

// Whether both sides turn by at most b2_maxRotation (a quarter turn), the most Box2D's own world
// lets a body turn in one step.
bool within_box2d_rotation(const ccd::Swept& mover, const ccd::Swept& obstacle) {
    const auto angle = [](const ccd::Swept& s) {
        const auto* turning = std::get_if<ccd::Turning>(&s.motion);
        return turning ? std::abs(turning->angle) : 0.0;
    };
    return angle(mover) <= b2_maxRotation && angle(obstacle) <= b2_maxRotation;
}

// One kind's queries: ours as Swept pairs, Box2D's as b2TOIInput (the obstacle is Box2D's shape
// A, the mover its shape B, as in core/peers), the proxies' vertices in one array.
struct KindSet {
    const char* name = "";
    std::vector<ccd::Swept> movers, obstacles;
    std::vector<b2TOIInput> inputs;
    std::vector<b2Vec2> vertices;
};

KindSet g_sets[2];

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

void build(KindSet& set, const char* name, std::size_t n, std::uint64_t seed) {
    set.name = name;
    Draw draw(seed);
    std::vector<PendingInput> pending;
    pending.reserve(n);
    set.movers.reserve(n);
    set.obstacles.reserve(n);
    const bool polygons = std::string(name) == "rotating_polygon_polygon";
    while (set.movers.size() < n) {
        ccd::Swept mover, obstacle;
        if (polygons) {
            mover = {draw.convex(), draw.turning()};
            ccd::Polygon other = draw.convex();
            const ccd::Vec2 offset = draw.vec(3.0);
            for (ccd::Vec2& v : other.vertices)
                v += offset;
            obstacle = {other, draw.turning()};
        } else {
            obstacle = {ccd::Segment{draw.vec(1.5), draw.vec(1.5)}, draw.turning()};
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

BENCHMARK(BM_Certified)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Box2D_b2TimeOfImpact)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The answers of both on every query, and the certified ones against the reference on a sample
// (outside any timing). False when a certified answer breaks its guarantee.
bool compare(const KindSet& set, std::size_t sample) {
    const std::size_t n = set.movers.size();
    std::size_t certified_hits = 0, step_limits = 0, touching = 0, separated = 0, failed = 0,
                overlapped = 0, missed = 0, failed_on_contact = 0, extra = 0;
    std::vector<std::size_t> missed_queries; // Box2D's misses, to check against the reference
    long hit_steps = 0, miss_steps = 0;      // the certified search's intervals
    // The same within a quarter turn (b2_maxRotation): certified contacts, Box2D's misses.
    std::size_t small_turn_hits = 0, small_turn_missed = 0;
    for (std::size_t i = 0; i < n; ++i) {
        ccd::Trace trace;
        const bool hit = ccd::time_of_impact(set.movers[i], set.obstacles[i], &trace).has_value();
        certified_hits += hit;
        step_limits += trace.search && trace.search->step_limit_reached;
        (hit ? hit_steps : miss_steps) += trace.search ? trace.search->steps : 0;
        small_turn_hits += hit && within_box2d_rotation(set.movers[i], set.obstacles[i]);
        b2TOIOutput output;
        b2TimeOfImpact(&output, &set.inputs[i]);
        switch (output.state) {
        case b2TOIOutput::e_touching:
            ++touching;
            break;
        case b2TOIOutput::e_separated:
            ++separated;
            missed += hit;
            if (hit) missed_queries.push_back(i);
            small_turn_missed += hit && within_box2d_rotation(set.movers[i], set.obstacles[i]);
            break;
        case b2TOIOutput::e_failed:
            ++failed;
            failed_on_contact += hit;
            break;
        case b2TOIOutput::e_overlapped:
            ++overlapped;
            break;
        default:
            break;
        }
        extra += !hit && output.state != b2TOIOutput::e_separated;
    }
    const std::size_t step = std::max<std::size_t>(1, n / std::max<std::size_t>(1, sample));
    std::size_t checked = 0, broken = 0;
    for (std::size_t i = 0; i < n; i += step) {
        const auto hit = ccd::time_of_impact(set.movers[i], set.obstacles[i]);
        ++checked;
        if (const auto why = ccd_test::guarantee_failure(set.movers[i], set.obstacles[i], hit)) {
            ++broken;
            if (broken <= 5) std::printf("  query %zu breaks the guarantee: %s\n", i, why->c_str());
        }
    }
    // Box2D's misses are contacts: the certified hit keeps its guarantee there too (f(t) within
    // delta of touching, by the reference), on a sample of them.
    const std::size_t miss_step =
        std::max<std::size_t>(1, missed_queries.size() / std::max<std::size_t>(1, sample / 4));
    std::size_t misses_checked = 0;
    for (std::size_t k = 0; k < missed_queries.size(); k += miss_step) {
        const std::size_t i = missed_queries[k];
        const auto hit = ccd::time_of_impact(set.movers[i], set.obstacles[i]);
        ++misses_checked;
        if (const auto why = ccd_test::guarantee_failure(set.movers[i], set.obstacles[i], hit)) {
            ++broken;
            if (broken <= 5) std::printf("  query %zu breaks the guarantee: %s\n", i, why->c_str());
        }
    }
    std::printf("%s: %zu queries, certified %zu hits (%.1f%%), step budget reached %zu\n", set.name,
                n, certified_hits, 100.0 * double(certified_hits) / double(n), step_limits);
    std::printf("  certified steps: mean %.1f for a hit, %.1f for a miss\n",
                double(hit_steps) / double(std::max<std::size_t>(1, certified_hits)),
                double(miss_steps) / double(std::max<std::size_t>(1, n - certified_hits)));
    std::printf("  Box2D: touching %zu, separated %zu, failed %zu, overlapped %zu\n", touching,
                separated, failed, overlapped);
    std::printf("  Box2D misses %zu contacts of the certified answer (separated), gives up on %zu "
                "(failed: no impact in its world), reports %zu where the certified has none\n",
                missed, failed_on_contact, extra);
    std::printf("  of the contacts whose sides turn by at most b2_maxRotation (a quarter turn): "
                "%zu, Box2D misses %zu\n",
                small_turn_hits, small_turn_missed);
    std::printf("  certified against the long double reference: %zu of %zu sampled (and of %zu "
                "of Box2D's misses) fail\n",
                broken, checked, misses_checked);
    return broken == 0;
}

} // namespace

int main(int argc, char** argv) {
    ccd::box2d::register_algorithm();
    const std::size_t n = env_count("CCD_BENCH_QUERIES", 1'000'000);
    build(g_sets[0], "circle_rotating_segment", n, 20261126);
    build(g_sets[1], "rotating_polygon_polygon", n, 20261127);
    if (!bench::initialize_interleaved(argc, argv, 3)) return 1;
    bench::MedianRecorder recorder("time_per_query", 1e9); // seconds -> ns
    benchmark::RunSpecifiedBenchmarks(&recorder);
    benchmark::Shutdown();

    const auto get = [&](const std::string& name) {
        const auto it = recorder.values.find(name);
        return it == recorder.values.end() ? std::nan("") : it->second;
    };
    std::printf("\n");
    bool kept = true;
    for (int k = 0; k < 2; ++k) {
        const double ours = get("BM_Certified/" + std::to_string(k));
        const double box = get("BM_Box2D_b2TimeOfImpact/" + std::to_string(k));
        std::printf("%s: certified %.1f ns/query, Box2D b2TimeOfImpact %.1f ns/query: certified "
                    "%.2fx faster (target >= 2x)\n",
                    g_sets[k].name, ours, box, box / ours);
    }
    const std::size_t sample = env_count("CCD_BENCH_REFERENCE_SAMPLE", 2'000);
    for (const KindSet& set : g_sets)
        kept = compare(set, sample) && kept;
    return kept ? 0 : 1;
}
