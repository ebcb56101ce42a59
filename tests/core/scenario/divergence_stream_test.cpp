// Two runs compared as they are stepped (ccd/divergence_stream.hpp): the same answer as
// find_divergence over both whole runs (the comparison before it streamed), field by field,
// on runs that part early, late, by a frame, by a run that runs out of events, with a short
// list; and memory that does not grow with the number of frames.
#include "shipped_scenes.hpp"

#include "ccd/divergence_stream.hpp"
#include "ccd/run_comparison.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace {

ccd::RunSettings with(std::initializer_list<const char*> key_values) {
    ccd::RunSettings settings;
    for (const char* kv : key_values)
        ccd::apply_setting(settings, kv);
    return settings;
}

// The runs' events fed to a stream frame by frame.
ccd::RunDivergence streamed(const ccd::RecordedRun& run_a, const ccd::RecordedRun& run_b,
                            int frames, const ccd::DivergenceTolerance& within,
                            std::size_t listed) {
    ccd::DivergenceStream stream(within, listed);
    std::size_t ia = 0, ib = 0;
    for (int frame = 0; frame < frames; ++frame) {
        std::vector<ccd::RunEvent> fa, fb;
        for (; ia < run_a.events.size() && run_a.events[ia].frame == frame; ++ia)
            fa.push_back(run_a.events[ia]);
        for (; ib < run_b.events.size() && run_b.events[ib].frame == frame; ++ib)
            fb.push_back(run_b.events[ib]);
        stream.add_frame(fa, fb);
    }
    return stream.divergence();
}

void expect_same_event(const std::optional<ccd::RunEvent>& x,
                       const std::optional<ccd::RunEvent>& y) {
    ASSERT_EQ(x.has_value(), y.has_value());
    if (!x) return;
    EXPECT_EQ(x->frame, y->frame);
    EXPECT_EQ(x->event.sequence, y->event.sequence);
    EXPECT_EQ(x->event.time, y->event.time);
}

void expect_same(const ccd::RunDivergence& got, const ccd::RunDivergence& want) {
    EXPECT_EQ(got.events_a, want.events_a);
    EXPECT_EQ(got.events_b, want.events_b);
    EXPECT_EQ(got.differing, want.differing);
    ASSERT_EQ(got.differences.size(), want.differences.size());
    for (std::size_t k = 0; k < got.differences.size(); ++k) {
        SCOPED_TRACE("difference " + std::to_string(k));
        const ccd::EventDifference& g = got.differences[k];
        const ccd::EventDifference& w = want.differences[k];
        EXPECT_EQ(g.index, w.index);
        EXPECT_EQ(g.fields.missing, w.fields.missing);
        EXPECT_EQ(g.fields.names(), w.fields.names());
        EXPECT_EQ(g.time, w.time);
        EXPECT_EQ(g.point, w.point);
        EXPECT_EQ(g.normal, w.normal);
        EXPECT_EQ(g.velocity, w.velocity);
        expect_same_event(g.a, w.a);
        expect_same_event(g.b, w.b);
    }
}

// Every shipped world scene under settings that part the runs in every way: another
// restitution (bounces a frame late, events out of step), destroy (one run runs out of
// events), another algorithm; each way round, lists of 2 and of 100, against find_divergence
// over both whole runs (the reference).
TEST(DivergenceStream, GivesFindDivergencesAnswerOnEveryShippedScene) {
    constexpr int frames = 12;
    std::size_t differing = 0;
    for (const auto& path : ccd_test::shipped_world_scene_files()) {
        SCOPED_TRACE(path.string());
        const ccd::Scene scene = ccd::load_scene_file(path);
        const ccd::RecordedRun own = ccd::record_run(scene, with({}), frames);
        for (const auto& b : {with({"restitution=0.5"}), with({"response=destroy"}),
                              with({"algorithm=seed004"}), with({})}) {
            const ccd::RecordedRun other = ccd::record_run(scene, b, frames);
            const ccd::DivergenceTolerance within = ccd::run_tolerance(scene, with({}), b, 1e-6);
            for (const std::size_t listed : {std::size_t{2}, std::size_t{100}}) {
                SCOPED_TRACE(ccd::describe(b) + ", listed " + std::to_string(listed));
                const ccd::RunDivergence want =
                    ccd::find_divergence(own.events, other.events, within, listed);
                expect_same(streamed(own, other, frames, within, listed), want);
                expect_same(streamed(other, own, frames, within, listed),
                            ccd::find_divergence(other.events, own.events, within, listed));
                differing += want.differing;
            }
        }
    }
    EXPECT_GT(differing, 1000u); // the runs do part, often
}

// compare_runs keeps a frame's events and the listed differences: as many at 500 frames as at
// 50 on a scene whose bodies bounce every frame, where one run is destroyed at its first
// contacts (all of the other run's later events differ).
TEST(DivergenceStream, CompareRunsHoldsAsMuchAtFiveHundredFramesAsAtFifty) {
    const ccd::Scene scene = ccd::load_scene_file(CCDLAB_SCENES_DIR "/bouncing-balls.json");
    const ccd::RunComparison fifty =
        ccd::compare_runs(scene, with({}), with({"response=destroy"}), 50);
    const ccd::RunComparison five_hundred =
        ccd::compare_runs(scene, with({}), with({"response=destroy"}), 500);
    EXPECT_GT(five_hundred.divergence.events_a, 5 * fifty.divergence.events_a);
    EXPECT_TRUE(five_hundred.a.events.empty());
    EXPECT_TRUE(five_hundred.b.events.empty());
    EXPECT_LE(five_hundred.held_at_most, 200u + 2 * fifty.held_at_most);
    EXPECT_THROW(ccd::compare_runs(scene, with({}), with({}), 100'001), std::invalid_argument);
}

// The peak resident memory (kB) of a child process running compare_runs for `frames` frames.
long peak_kb_comparing(const ccd::Scene& scene, int frames) {
    int pipe_ends[2];
    if (pipe(pipe_ends) != 0) return -1;
    const pid_t child = fork();
    if (child == 0) {
        ccd::compare_runs(scene, with({}), with({"restitution=0.5"}), frames);
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        const long kb = usage.ru_maxrss;
        (void)!write(pipe_ends[1], &kb, sizeof kb);
        _exit(0);
    }
    close(pipe_ends[1]);
    long kb = -1;
    if (read(pipe_ends[0], &kb, sizeof kb) != static_cast<ssize_t>(sizeof kb)) kb = -1;
    close(pipe_ends[0]);
    int status = 0;
    waitpid(child, &status, 0);
    return kb;
}

// 60 balls in a box, run a elastic and run b at restitution 0.5: 49,042 and 1,022 events in
// 2,000 frames. Holding both runs (232 bytes a RunEvent) took 11.6 MB more than 100 frames, and
// up to twice that as the vectors grew; streamed, the peak of 2,000 frames is that of 100
// within 4 MB (measured through ccdlab-cli diff: 6,804 and 6,924 kB).
TEST(DivergenceStream, ThePeakMemoryOfAComparisonDoesNotGrowWithItsFrames) {
    ccd::Scene scene;
    for (int k = 0; k < 60; ++k)
        scene.bodies.push_back({"ball" + std::to_string(k),
                                ccd::BodyShape::Circle,
                                {{-8.0 + 2.0 * (k % 9), -8.0 + 2.0 * (k / 9)}, 0.4},
                                {0.9 * ((k * 7) % 5 - 2), 0.8 * ((k * 3) % 5 - 2)},
                                ccd::ResponseKind::Bounce,
                                1.0});
    scene.walls.push_back({"bottom", {{-10.0, -10.0}, {10.0, -10.0}}});
    scene.walls.push_back({"right", {{10.0, -10.0}, {10.0, 10.0}}});
    scene.walls.push_back({"top", {{10.0, 10.0}, {-10.0, 10.0}}});
    scene.walls.push_back({"left", {{-10.0, 10.0}, {-10.0, -10.0}}});
    const long short_run = peak_kb_comparing(scene, 100);
    const long long_run = peak_kb_comparing(scene, 2000);
    ASSERT_GT(short_run, 0);
    ASSERT_GT(long_run, 0);
    EXPECT_LT(long_run - short_run, 4 * 1024) << short_run << " kB, then " << long_run << " kB";
}

} // namespace
