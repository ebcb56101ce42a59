// hunt_bench: a hunt's throughput, variants judged per second (docs/performance.md, "The hunt"):
// the tour's Box2D scene (a ball against a propeller turning twice) hunted with the built-in
// box2d, each batch of 128 variants in a child process (the default) and in this process; and a
// ball falling on a segment hunted with the substep example plugin, isolated. Each variant is
// one call of the method and one certified answer (the judge's), so the figures are bounded by
// the certified query's time as much as by the method's.
#include "ccd/box2d_toi.hpp"
#include "ccd/hunt.hpp"
#include "ccd/plugin_loader.hpp"

#include <benchmark/benchmark.h>

#include <numbers>
#include <stdexcept>
#include <string>

namespace {

const ccd::Algorithm& method(const std::string& name) {
    const ccd::Algorithm* found = ccd::find_algorithm(name);
    if (!found) throw std::runtime_error("no algorithm " + name);
    return *found;
}

ccd::HuntCase tour_case() {
    const ccd::Polygon propeller{{{-3.0, -0.1}, {3.0, -0.1}, {3.0, 0.1}, {-3.0, 0.1}}};
    return *ccd::fit_case({ccd::Circle{{0.0, 2.0}, 0.3}, ccd::Still{}},
                          {propeller, ccd::Turning{{0.0, 0.0}, {0.0, 0.0}, 4.0 * std::numbers::pi}},
                          method("box2d"));
}

ccd::HuntCase falling_ball(const ccd::Algorithm& algorithm) {
    return *ccd::fit_case({ccd::Circle{{0.0, 2.0}, 0.5}, ccd::Translation{{0.0, -6.0}}},
                          {ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}}, algorithm);
}

void run(benchmark::State& state, const ccd::HuntCase& start, const ccd::Algorithm& algorithm,
         bool isolate) {
    ccd::HuntOptions options;
    options.budget = 512;
    options.isolate = isolate;
    long variants = 0, findings = 0;
    for (auto _ : state) {
        const ccd::HuntReport report = ccd::hunt(start, algorithm, options);
        variants += report.variants;
        findings += static_cast<long>(report.findings.size());
        options.seed += 1; // another draw each time
    }
    state.counters["variants_per_s"] =
        benchmark::Counter(static_cast<double>(variants), benchmark::Counter::kIsRate);
    state.counters["findings"] =
        benchmark::Counter(static_cast<double>(findings), benchmark::Counter::kAvgIterations);
}

void BM_HuntBox2DIsolated(benchmark::State& state) {
    run(state, tour_case(), method("box2d"), true);
}
void BM_HuntBox2DInProcess(benchmark::State& state) {
    run(state, tour_case(), method("box2d"), false);
}
void BM_HuntSubstepPluginIsolated(benchmark::State& state) {
    static const std::string name = ccd::load_engine_plugin(CCDLAB_SUBSTEP_PLUGIN);
    run(state, falling_ball(method(name)), method(name), true);
}
void BM_HuntExactIsolated(benchmark::State& state) {
    run(state, falling_ball(method("exact")), method("exact"), true);
}

BENCHMARK(BM_HuntBox2DIsolated)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_HuntBox2DInProcess)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_HuntSubstepPluginIsolated)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_HuntExactIsolated)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

int main(int argc, char** argv) {
    ccd::box2d::register_algorithm();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
