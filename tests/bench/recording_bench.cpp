// recording_bench: the memory of a recorded run and the time of a jump to a recorded frame
// (ccd::Recording, docs/recording.md). The scene is scenes/stress-2000-balls.json, stepped
// CCD_RECORDING_BENCH_FRAMES frames (default 10,000) once, recorded by one Recording per
// keyframe interval (8, 12, 25, 50) side by side. One iteration of BM_Jump/K is one
// Recording::frame(F) to a frame F drawn at random (a fixed seed) among the recorded ones
// (CCD_RECORDING_BENCH_JUMPS of them, default 100): its time is the benchmark's (manual time:
// the mean wall time; the CPU column is the mean CPU time of the thread), and the counters give the
// largest jump in wall time (jump_max_ms) and in the thread's CPU time (jump_max_cpu_ms: what a
// jump costs on an idle machine, where the two agree), the recording's memory (MB, 2^20 bytes), its
// keyframes and the frames it holds. docs/performance.md has the command and the figures.
#include "ccd/recording.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <string>

#include <time.h>

namespace {

constexpr int kIntervals[] = {8, 12, 25, 50};

// The calling thread's CPU time in seconds.
double thread_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

int frames_to_record() {
    const char* text = std::getenv("CCD_RECORDING_BENCH_FRAMES");
    const int frames = text ? std::atoi(text) : 10000;
    return std::max(frames, 1);
}

int jumps_to_time() {
    const char* text = std::getenv("CCD_RECORDING_BENCH_JUMPS");
    const int jumps = text ? std::atoi(text) : 100;
    return std::max(jumps, 1);
}

// The recordings, made once, on first use: the scene stepped once, every Recording fed.
const std::map<int, std::unique_ptr<ccd::Recording>>& recordings() {
    static const auto made = [] {
        const ccd::Scene scene =
            ccd::load_scene_file(std::string(CCDLAB_SCENES_DIR) + "/stress-2000-balls.json");
        ccd::World world = std::move(ccd::make_world(scene).world);
        std::map<int, std::unique_ptr<ccd::Recording>> out;
        for (const int k : kIntervals)
            out[k] = std::make_unique<ccd::Recording>(
                world, ccd::RecordingOptions{k, std::size_t{1} << 40});
        const int frames = frames_to_record();
        for (int f = 0; f < frames; ++f) {
            world.step();
            for (auto& [k, recording] : out)
                recording->record(world);
        }
        return out;
    }();
    return made;
}

void BM_Jump(benchmark::State& state) {
    const ccd::Recording& recording = *recordings().at(static_cast<int>(state.range(0)));
    std::mt19937 random(20261126);
    std::uniform_int_distribution<int> pick(recording.first_frame(),
                                            recording.first_frame() + recording.frame_count() - 1);
    double longest = 0.0, longest_cpu = 0.0;
    for (auto _ : state) {
        const int frame = pick(random);
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_seconds();
        const ccd::RecordedFrame got = recording.frame(frame);
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        longest_cpu = std::max(longest_cpu, thread_seconds() - cpu_start);
        benchmark::DoNotOptimize(got.log.events.data());
        if (got.world.frames_completed() != frame) state.SkipWithError("wrong frame");
        state.SetIterationTime(took.count());
        longest = std::max(longest, took.count());
    }
    state.counters["jump_max_ms"] = longest * 1e3;
    state.counters["jump_max_cpu_ms"] = longest_cpu * 1e3;
    state.counters["MB"] = static_cast<double>(recording.memory_bytes()) / (1 << 20);
    state.counters["keyframes"] = recording.keyframe_count();
    state.counters["frames"] = recording.frame_count();
}

BENCHMARK(BM_Jump)
    ->ArgName("K")
    ->Arg(8)
    ->Arg(12)
    ->Arg(25)
    ->Arg(50)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(jumps_to_time());

} // namespace

BENCHMARK_MAIN();
