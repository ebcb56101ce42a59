// world_bench: processed events per second of the sub-frame scheduler (ccd::World) on equal
// disks in a walled box at packing fraction 0.3, against the same world querying all pairs and
// against the seed-004 reference scheduler (tests/core/world/reference_scheduler.cpp), where
// they finish in reasonable time. docs/performance.md has the command and the figures.
//
// One iteration is one frame (World::step, the log included), at each log level (BM_WorldGrid:
// Full; BM_WorldGridEvents, BM_WorldGridNone: the lean levels). After the table, from the
// medians when the cases were repeated (docs/performance.md's command): per size, each level's
// events/s and its ratio to the textbook peer's contacts/s in the same run; the growth of the
// cost per event from 1,000 to 100,000 disks; the grid against the reference scheduler. The
// scene: N disks of radius 1 on a jittered square lattice in the box [0, L]^2 with N pi / L^2 =
// 0.3, every disk at speed CCD_WORLD_BENCH_SPEED radii per frame (default 2) in a random direction,
// elastic; a few untimed frames first so the timed ones start from a mixed state. Counters:
// events/s (the figure the target names), ns per event, events and cancelled predictions per frame.
#include "disks_in_box.hpp"
#include "median_recorder.hpp"
#include "reference_scheduler.hpp"
#include "textbook_edmd.hpp"

#include "ccd/world.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

namespace {

using bench::disks_in_box;
using bench::kWarmFrames;
using bench::make_world;

void report(benchmark::State& state, double events, double cancelled, double frames) {
    state.counters["events/s"] = benchmark::Counter(events, benchmark::Counter::kIsRate);
    state.counters["ns/event"] = benchmark::Counter(events * 1e-9, benchmark::Counter::kIsRate |
                                                                       benchmark::Counter::kInvert);
    state.counters["events/frame"] = events / frames;
    state.counters["cancelled/frame"] = cancelled / frames;
}

void run_world(benchmark::State& state, ccd::Broadphase broadphase,
               ccd::LogLevel level = ccd::LogLevel::Full) {
    auto scene = disks_in_box(static_cast<int>(state.range(0)), broadphase);
    scene.options.log_level = level;
    ccd::World world = make_world(scene);
    for (int k = 0; k < kWarmFrames; ++k)
        world.step();
    double events = 0.0, cancelled = 0.0, frames = 0.0;
    for (auto _ : state) {
        const ccd::EventLog& log = world.step();
        events += static_cast<double>(world.frame_event_count());
        cancelled += static_cast<double>(log.cancelled.size());
        frames += 1.0;
        if (log.budget_cut || !log.chatter_cuts.empty()) state.SkipWithError("cut");
    }
    report(state, events, cancelled, frames);
}

void BM_WorldGrid(benchmark::State& state) {
    run_world(state, ccd::Broadphase::Grid);
}
// The lean levels (docs/scheduler.md, "Log levels"): each body's earliest prediction only.
void BM_WorldGridEvents(benchmark::State& state) {
    run_world(state, ccd::Broadphase::Grid, ccd::LogLevel::Events);
}
void BM_WorldGridNone(benchmark::State& state) {
    run_world(state, ccd::Broadphase::Grid, ccd::LogLevel::None);
}
void BM_WorldAllPairs(benchmark::State& state) {
    run_world(state, ccd::Broadphase::AllPairs);
}

// The oracle, one frame from the same warmed-up state as the world's.
void BM_ReferenceScheduler(benchmark::State& state) {
    const auto scene = disks_in_box(static_cast<int>(state.range(0)), ccd::Broadphase::Grid);
    ccd::World world = make_world(scene);
    for (int k = 0; k < kWarmFrames; ++k)
        world.step();
    ccd_test::ReferenceScene start = scene;
    for (int i = 0; i < world.body_count(); ++i) {
        start.bodies[static_cast<std::size_t>(i)].shape = world.body(i).shape;
        start.bodies[static_cast<std::size_t>(i)].velocity = world.body(i).velocity;
    }
    double events = 0.0, cancelled = 0.0, frames = 0.0;
    for (auto _ : state) {
        ccd_test::ReferenceScheduler oracle(start);
        const ccd::EventLog log = oracle.step();
        events += static_cast<double>(log.events.size());
        cancelled += static_cast<double>(log.cancelled.size());
        frames += 1.0;
    }
    report(state, events, cancelled, frames);
}

// The textbook peer (textbook_edmd.hpp) on the same scene from the same start: its warm frames,
// then one frame per iteration. Checked before timing: the contacts of its first timed frame
// are within 2% of the world's (the two round differently, and a gas of disks amplifies
// differences, so not equal), energy is conserved to 1e-9 and nothing overlaps deeper than
// 1e-9 of the box.
void BM_TextbookEdmd(benchmark::State& state) {
    const int count = static_cast<int>(state.range(0));
    const auto scene = disks_in_box(count, ccd::Broadphase::Grid);
    bench::TextbookEdmd peer(scene);
    const double energy = peer.kinetic_energy();
    double now = kWarmFrames;
    peer.run_until(now);
    {
        bench::TextbookEdmd probe = peer;
        const double contacts = static_cast<double>(probe.run_until(now + 1.0));
        ccd::World world = make_world(scene);
        for (int k = 0; k < kWarmFrames; ++k)
            world.step();
        const double events = static_cast<double>(world.step().events.size());
        if (std::fabs(contacts - events) > 0.02 * events) {
            state.SkipWithError("the peer's contacts differ from the world's by more than 2%");
            return;
        }
        if (std::fabs(probe.kinetic_energy() - energy) > 1e-9 * energy ||
            probe.deepest_overlap() > 1e-9) {
            state.SkipWithError("the peer lost energy or let disks overlap");
            return;
        }
    }
    double events = 0.0, frames = 0.0;
    for (auto _ : state) {
        now += 1.0;
        events += static_cast<double>(peer.run_until(now));
        frames += 1.0;
    }
    report(state, events, 0.0, frames);
}

BENCHMARK(BM_WorldGrid)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WorldGridEvents)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WorldGridNone)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WorldAllPairs)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TextbookEdmd)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReferenceScheduler)->Arg(200)->Arg(1000)->Iterations(1)->Unit(benchmark::kMillisecond);

} // namespace

// The benchmarks, then the two speed targets from this run's figures (those it ran).
int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    bench::MedianRecorder recorder("ns/event", 1.0);
    benchmark::RunSpecifiedBenchmarks(&recorder);
    benchmark::Shutdown();
    const auto get = [&](const std::string& name) {
        const auto it = recorder.values.find(name);
        return it == recorder.values.end() ? std::nan("") : it->second;
    };
    // Per size, each level's events/s and the textbook's, and the ratio to the textbook.
    std::printf(
        "\nmillion events/s (medians, CPU time); ratio to the textbook peer's contacts/s\n");
    const char* const levels[3][2] = {{"full", "BM_WorldGrid/"},
                                      {"events", "BM_WorldGridEvents/"},
                                      {"none", "BM_WorldGridNone/"}};
    for (const char* size : {"1000", "10000", "100000"}) {
        const double peer = get(std::string("BM_TextbookEdmd/") + size);
        std::printf("%6s disks:", size);
        for (const auto& level : levels) {
            const double ns = get(std::string(level[1]) + size);
            if (std::isnan(ns)) continue;
            std::printf("  %s %.3f", level[0], 1e3 / ns);
            if (!std::isnan(peer)) std::printf(" (%.2fx)", peer / ns);
        }
        if (!std::isnan(peer)) std::printf("  textbook %.3f", 1e3 / peer);
        std::printf("\n");
    }
    // The cost per event from 1,000 to 100,000 disks (target: at most 1.5x at the lean level).
    for (const auto& level : levels) {
        const double k1 = get(std::string(level[1]) + "1000"),
                     k100 = get(std::string(level[1]) + "100000");
        if (!std::isnan(k1) && !std::isnan(k100))
            std::printf("%s: cost per event at 100,000 disks / at 1,000: %.2fx\n", level[0],
                        k100 / k1);
    }
    const double p1 = get("BM_TextbookEdmd/1000"), p100 = get("BM_TextbookEdmd/100000");
    if (!std::isnan(p1) && !std::isnan(p100))
        std::printf("textbook: cost per contact at 100,000 disks / at 1,000: %.2fx\n", p100 / p1);
    const double k1 = get("BM_WorldGrid/1000"), oracle = get("BM_ReferenceScheduler/1000");
    if (!std::isnan(k1) && !std::isnan(oracle))
        std::printf("grid vs the reference scheduler, 1,000 disks: %.0fx less time per event\n",
                    oracle / k1);
    return 0;
}
