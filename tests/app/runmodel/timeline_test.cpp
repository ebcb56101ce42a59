// The world view's travel through a recorded run, without a window: the recorded run's frames
// against a straight run of the same scene (bit for bit), each frame's marks, and the
// timeline's playhead: event stepping across frames, previous / next frame, Restart, play
// forward and backward, zoom and pan.
#include "options.hpp"
#include "run_recorder.hpp"
#include "settings.hpp"
#include "timeline.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>

#include "scratch.hpp"
#include <filesystem>
#include <fstream>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace ccdlab;

// A ball of radius 0.5 at the origin moving (1, 0) a frame between two walls at x = 2 and
// x = -2: its center reaches 1.5 at frame time 1.5 (frame 1, t = 0.5), bounces back and reaches
// -1.5 three frames later (frame 4, t = 0.5), then 1.5 again (frame 7), and so on: one event
// every third frame, at t = 0.5, none in the frames between.
ccd::Scene ball_between_walls() {
    ccd::Scene scene;
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 0.0}, 0.5}, {1.0, 0.0}});
    scene.walls.push_back({"right", {{2.0, -5.0}, {2.0, 5.0}}});
    scene.walls.push_back({"left", {{-2.0, -5.0}, {-2.0, 5.0}}});
    return scene;
}

// The logs of a straight run of `scene`, frame by frame, as ccd::to_text prints them.
std::vector<std::string> straight_run(const ccd::Scene& scene, int frames) {
    ccd::SceneWorld world = ccd::make_world(scene);
    std::vector<std::string> logs;
    for (int frame = 0; frame < frames; ++frame)
        logs.push_back(ccd::to_text(world.world.step()));
    return logs;
}

ccd::RecordingOptions every(int keyframe_interval) {
    return {.keyframe_interval = keyframe_interval, .memory_cap = std::size_t{100} << 20};
}

TEST(RunRecorder, EveryFrameInAnyOrderIsTheStraightRunsBitForBit) {
    const ccd::Scene scene = ccd::load_scene_file(CCDLAB_SCENES_DIR "/polygons-in-a-box.json");
    const std::vector<std::string> expected = straight_run(scene, 24);
    RunRecorder run(scene, every(5));
    for (int frame = 0; frame < 24; ++frame)
        run.step_new_frame();
    ASSERT_EQ(run.first_frame(), 0);
    ASSERT_EQ(run.end_frame(), 24);
    // Backward (each from a keyframe), forward (each stepped on from the last), and jumps.
    std::vector<int> order;
    for (int frame = 23; frame >= 0; --frame)
        order.push_back(frame);
    for (int frame = 0; frame < 24; ++frame)
        order.push_back(frame);
    for (const int frame : {7, 3, 19, 20, 21, 2, 23, 0, 12})
        order.push_back(frame);
    for (const int frame : order)
        EXPECT_EQ(ccd::to_text(run.log_of(frame)), expected[static_cast<std::size_t>(frame)])
            << "frame " << frame;
    EXPECT_THROW(run.log_of(24), std::out_of_range);
    EXPECT_THROW(run.log_of(-1), std::out_of_range);
}

TEST(RunRecorder, EachFramesMarksAreItsLogsCountsAndTicks) {
    RunRecorder run(ball_between_walls(), every(3));
    for (int frame = 0; frame < 8; ++frame)
        run.step_new_frame();
    for (const int frame : {0, 2, 3, 5, 6}) {
        EXPECT_EQ(run.marks(frame).events, 0) << frame;
        EXPECT_TRUE(run.marks(frame).ticks.empty()) << frame;
    }
    for (const int frame : {1, 4, 7}) {
        const FrameMarks& marks = run.marks(frame);
        EXPECT_EQ(marks.events, 1) << frame;
        EXPECT_FALSE(marks.budget_cut);
        EXPECT_EQ(marks.chatter_cuts, 0);
        // t = 0.5 is bin 128 of 256.
        const std::vector<Tick> ticks = marks.tick_list();
        ASSERT_FALSE(ticks.empty()) << frame;
        EXPECT_EQ(ticks.front().kind, TickKind::Processed);
        EXPECT_EQ(ticks.front().bin, 128);
        EXPECT_GE(marks.step_seconds, 0.0);
    }
}

TEST(RunRecorder, MarksGoWithTheFramesTheCapDrops) {
    // A keyframe every 2 frames and a cap of one byte: only the latest keyframe is kept, so the
    // recording holds the frames from it on, and the marks of the frames before are gone.
    RunRecorder run(ball_between_walls(), {.keyframe_interval = 2, .memory_cap = 1});
    for (int frame = 0; frame < 9; ++frame)
        run.step_new_frame();
    EXPECT_EQ(run.first_frame(), 8);
    EXPECT_EQ(run.end_frame(), 9);
    EXPECT_EQ(run.recording().keyframe_count(), 1);
    EXPECT_THROW(run.marks(7), std::out_of_range);
    EXPECT_EQ(run.marks(8).events, 0);
    EXPECT_EQ(run.memory_bytes(), run.recording().memory_bytes() + run.marks_bytes());
    EXPECT_EQ(ccd::to_text(run.log_of(8)), straight_run(ball_between_walls(), 9)[8]);
}

TEST(Timeline, OpensOnFrameZeroAtItsEnd) {
    const Timeline timeline(ball_between_walls(), every(3));
    EXPECT_EQ(timeline.frame(), 0);
    EXPECT_EQ(timeline.t(), 1.0);
    EXPECT_EQ(timeline.run().end_frame(), 1);
    EXPECT_TRUE(timeline.log().events.empty());
}

TEST(Timeline, EventSteppingCrossesFramesBothWaysAndSkipsFramesWithout) {
    Timeline timeline(ball_between_walls(), every(3));
    // Forward from frame 0's end: frame 1's event, stepping frame 1; then frame 4's (stepping
    // 2, 3 and 4), then 7's.
    EXPECT_EQ(timeline.step_event(1, -1), 0);
    EXPECT_EQ(timeline.frame(), 1);
    EXPECT_EQ(timeline.t(), 0.5);
    EXPECT_EQ(timeline.step_event(1, 0), 0);
    EXPECT_EQ(timeline.frame(), 4);
    EXPECT_EQ(timeline.t(), 0.5);
    EXPECT_EQ(timeline.run().end_frame(), 5);
    EXPECT_EQ(timeline.step_event(1, 0), 0);
    EXPECT_EQ(timeline.frame(), 7);
    // Backward over frames 6 and 5 to frame 4's event, then 1's; none before it.
    EXPECT_EQ(timeline.step_event(-1, 0), 0);
    EXPECT_EQ(timeline.frame(), 4);
    EXPECT_EQ(timeline.step_event(-1, 0), 0);
    EXPECT_EQ(timeline.frame(), 1);
    EXPECT_EQ(timeline.t(), 0.5);
    EXPECT_EQ(timeline.step_event(-1, 0), -1);
    EXPECT_EQ(timeline.frame(), 1);
    EXPECT_EQ(timeline.t(), 0.5);
    // From a time and no selection: in frame 4 before its event, forward finds it; after it,
    // backward finds it; at t = 0 a frame's events are all ahead.
    timeline.go_to(4, 0.25);
    EXPECT_EQ(timeline.step_event(1, -1), 0);
    EXPECT_EQ(timeline.frame(), 4);
    timeline.go_to(4, 0.75);
    EXPECT_EQ(timeline.step_event(-1, -1), 0);
    EXPECT_EQ(timeline.frame(), 4);
    timeline.go_to(4, 0.75);
    EXPECT_EQ(timeline.step_event(1, -1), 0);
    EXPECT_EQ(timeline.frame(), 7);
    timeline.go_to(1, 0.0);
    EXPECT_EQ(timeline.step_event(1, -1), 0);
    EXPECT_EQ(timeline.frame(), 1);
    EXPECT_EQ(timeline.t(), 0.5);
}

TEST(Timeline, TheFrameShownIsTheStraightRunsWhereverTheTimelineGoes) {
    const ccd::Scene scene = ccd::load_scene_file(CCDLAB_SCENES_DIR "/bouncing-balls.json");
    const std::vector<std::string> expected = straight_run(scene, 30);
    Timeline timeline(scene, every(4));
    const auto shows = [&](int frame) {
        EXPECT_EQ(timeline.frame(), frame);
        EXPECT_EQ(ccd::to_text(timeline.log()), expected[static_cast<std::size_t>(frame)])
            << "frame " << frame;
    };
    EXPECT_TRUE(timeline.go_to(29, 0.5)); // steps 1 .. 29
    shows(29);
    EXPECT_TRUE(timeline.previous_frame());
    shows(28);
    EXPECT_EQ(timeline.t(), 0.5);
    EXPECT_TRUE(timeline.go_to(3, 0.0));
    shows(3);
    EXPECT_TRUE(timeline.next_frame());
    shows(4);
    EXPECT_FALSE(timeline.go_to(4, 0.9)) << "the same frame";
    EXPECT_EQ(timeline.t(), 0.9);
    timeline.restart();
    shows(0);
    EXPECT_EQ(timeline.t(), 0.0);
    EXPECT_FALSE(timeline.previous_frame());
    EXPECT_EQ(timeline.run().end_frame(), 30) << "Restart keeps the recording";
}

// `ccdlab --frame 2000` asks for frame 2000: go_to steps at most kMostFramesStepped frames at
// a time (999 from frame 0), open_at goes on until the frame is reached. The ball between two
// walls bounces every third frame at t = 0.5 (ball_between_walls), so frame 2000 (2000 = 3 x
// 666 + 2) has no event and frame 2002 (3 x 667 + 1) has one.
TEST(Timeline, OpenAtStepsPastTheMostFramesOneGoToSteps) {
    Timeline timeline(ball_between_walls(), every(64));
    EXPECT_EQ(timeline.open_at(2000, 0.25), 2000);
    EXPECT_EQ(timeline.frame(), 2000);
    EXPECT_EQ(timeline.t(), 0.25);
    EXPECT_TRUE(timeline.log().events.empty());
    EXPECT_EQ(timeline.open_at(2002, 0.0), 2002);
    EXPECT_EQ(timeline.log().events.size(), 1u);
    EXPECT_EQ(timeline.open_at(5, 0.0), 5) << "a frame already recorded";
}

TEST(Timeline, RestartRecordsAnewWhenTheCapDroppedFrameZero) {
    const ccd::Scene scene = ball_between_walls();
    Timeline timeline(scene, {.keyframe_interval = 2, .memory_cap = 1});
    timeline.go_to(9, 0.5);
    ASSERT_GT(timeline.run().first_frame(), 0);
    timeline.go_to(0, 0.5);
    EXPECT_EQ(timeline.frame(), timeline.run().first_frame()) << "frame 0 is not recorded";
    timeline.restart();
    EXPECT_EQ(timeline.frame(), 0);
    EXPECT_EQ(timeline.t(), 0.0);
    EXPECT_EQ(timeline.run().first_frame(), 0);
    EXPECT_EQ(timeline.run().end_frame(), 1);
    EXPECT_EQ(ccd::to_text(timeline.log()), straight_run(scene, 1)[0]);
}

TEST(Timeline, PlayShowsEachFramesEndOnceAndStopsBackwardAtTheStart) {
    Timeline timeline(ball_between_walls(), every(3));
    timeline.set_speed(1.0);
    timeline.play(1);
    timeline.advance(0.25); // from frame 0's end: frame 1 at t = 0.25
    EXPECT_EQ(timeline.frame(), 1);
    EXPECT_EQ(timeline.t(), 0.25);
    timeline.advance(0.5);
    EXPECT_EQ(timeline.t(), 0.75);
    timeline.advance(0.5); // past the end: the end first
    EXPECT_EQ(timeline.frame(), 1);
    EXPECT_EQ(timeline.t(), 1.0);
    timeline.play(-1);
    timeline.advance(0.5);
    EXPECT_EQ(timeline.t(), 0.5);
    timeline.advance(0.75); // past the start: the start first
    EXPECT_EQ(timeline.frame(), 1);
    EXPECT_EQ(timeline.t(), 0.0);
    timeline.advance(0.25);
    EXPECT_EQ(timeline.frame(), 0);
    EXPECT_EQ(timeline.t(), 0.75);
    timeline.advance(1.0);
    timeline.advance(1.0);
    EXPECT_EQ(timeline.frame(), 0);
    EXPECT_EQ(timeline.t(), 0.0);
    EXPECT_EQ(timeline.playing(), 0) << "stopped at the recording's start";
    timeline.play(1);
    timeline.advance(0.0);
    EXPECT_EQ(timeline.t(), 0.0) << "no time, no move";
}

TEST(Timeline, SpaceOrShiftSpacePausesWhicheverWayItPlays) {
    Timeline timeline(ball_between_walls(), every(3));
    timeline.play_or_pause(-1); // Shift+Space: backward
    EXPECT_EQ(timeline.playing(), -1);
    timeline.play_or_pause(1); // Space while playing backward: pause, not forward
    EXPECT_EQ(timeline.playing(), 0);
    timeline.play_or_pause(1);
    EXPECT_EQ(timeline.playing(), 1);
    timeline.play_or_pause(-1); // Shift+Space while playing forward: pause
    EXPECT_EQ(timeline.playing(), 0);
}

TEST(Timeline, TheAchievedSpeedIsTheFramesPlayedAWallClockSecond) {
    Timeline timeline(ball_between_walls(), every(3));
    EXPECT_EQ(timeline.achieved_speed(), 0.0);
    timeline.set_speed(2.0);
    timeline.play(1);
    timeline.advance(0.25); // from frame 0's end to frame 1 at t = 0.5: half a frame in 0.25 s
    EXPECT_EQ(timeline.frame(), 1);
    EXPECT_EQ(timeline.achieved_speed(), 2.0);
    timeline.advance(0.25); // on to t = 1: 2 frames a second still
    EXPECT_EQ(timeline.achieved_speed(), 2.0);
    // A drawn frame that took 2 s (a slow frame stepped): one frame on in 2 s, 0.5 frames a
    // second, which outweighs the rest (its weight is min(1, 2 s) = 1).
    timeline.advance(2.0);
    EXPECT_EQ(timeline.frame(), 2);
    EXPECT_EQ(timeline.t(), 1.0);
    EXPECT_EQ(timeline.achieved_speed(), 0.5);
    // Then 0.5 s at the full 2 frames a second: 0.5 + (2 - 0.5) x 0.5 = 1.25.
    timeline.advance(0.5);
    EXPECT_EQ(timeline.achieved_speed(), 1.25);
}

TEST(Timeline, ZoomKeepsItsAnchorAndThePlayheadInView) {
    Timeline timeline(ball_between_walls(), every(3));
    timeline.go_to(9, 1.0); // frames 0 .. 9 recorded
    EXPECT_TRUE(timeline.fitted());
    EXPECT_EQ(timeline.view_start(), 0.0);
    EXPECT_EQ(timeline.view_width(), 10.0);

    timeline.zoom(2.0, 5.0); // around place 5: [2.5, 7.5)
    EXPECT_FALSE(timeline.fitted());
    EXPECT_EQ(timeline.view_width(), 5.0);
    EXPECT_EQ(timeline.view_start(), 2.5);
    timeline.zoom(2.0, 2.5); // around the left edge: [2.5, 5)
    EXPECT_EQ(timeline.view_start(), 2.5);
    EXPECT_EQ(timeline.view_width(), 2.5);
    timeline.pan(-10.0); // no further than the first frame
    EXPECT_EQ(timeline.view_start(), 0.0);
    timeline.go_to(8, 0.5); // the playhead at 8.5: the view follows it to [6, 8.5)
    EXPECT_EQ(timeline.view_start(), 6.0);
    timeline.pan(10.0); // no further than the last frame's end
    EXPECT_EQ(timeline.view_start(), 7.5);
    timeline.zoom(1e6, 8.0); // no narrower than a fiftieth of a frame
    EXPECT_EQ(timeline.view_width(), Timeline::kNarrowestView);
    timeline.zoom(1e-6, 8.0); // no wider than the run: fitted again
    EXPECT_TRUE(timeline.fitted());
    EXPECT_EQ(timeline.view_width(), 10.0);
    timeline.go_to(11, 0.0); // fitted follows the run as it grows
    EXPECT_EQ(timeline.view_width(), 12.0);
}

TEST(Timeline, ASelectionIsWholeRecordedFramesInOrder) {
    Timeline timeline(ball_between_walls(), every(3));
    timeline.go_to(9, 1.0);
    EXPECT_FALSE(timeline.selection());
    timeline.select_frames(6, 2);
    EXPECT_EQ(timeline.selection(), std::pair(2, 6));
    timeline.select_frames(-4, 40); // clamped to frames 0 .. 9
    EXPECT_EQ(timeline.selection(), std::pair(0, 9));
    timeline.clear_selection();
    EXPECT_FALSE(timeline.selection());
}

TEST(Timeline, APlaceOnTheAxisIsAFrameAndATime) {
    Timeline timeline(ball_between_walls(), every(3));
    timeline.go_to(9, 1.0);
    EXPECT_EQ(timeline.at_place(3.25), (Playhead{3, 0.25}));
    EXPECT_EQ(timeline.at_place(0.0), (Playhead{0, 0.0}));
    EXPECT_EQ(timeline.at_place(-5.0), (Playhead{0, 0.0}));
    EXPECT_EQ(timeline.at_place(10.0), (Playhead{9, 1.0}));
    EXPECT_EQ(timeline.at_place(99.0), (Playhead{9, 1.0}));
    EXPECT_EQ(Timeline::place(3, 0.25), 3.25);
}

TEST(Settings, KeepTheRecordingCapBetweenOneMegabyteAnd64Gigabytes) {
    namespace fs = std::filesystem;
    const fs::path dir = ccdlab_test::scratch_root() / "recording-cap-settings";
    fs::remove_all(dir);
    EXPECT_EQ(load_settings(dir).recording_cap_mb, 100) << "the default";
    Settings settings;
    settings.recording_cap_mb = 250;
    save_settings(dir, settings);
    EXPECT_EQ(load_settings(dir).recording_cap_mb, 250);
    std::ofstream(dir / "settings.json") << R"({"recording_cap_mb": 0})";
    EXPECT_EQ(load_settings(dir).recording_cap_mb, 1);
    std::ofstream(dir / "settings.json") << R"({"recording_cap_mb": 1000000})";
    EXPECT_EQ(load_settings(dir).recording_cap_mb, 65536);
    std::ofstream(dir / "settings.json") << R"({"recording_cap_mb": "big"})";
    EXPECT_EQ(load_settings(dir).recording_cap_mb, 100);
}

TEST(Options, FrameOpensTheWorldViewAtAFrameUpToAHundredThousand) {
    const char* ok[] = {"ccdlab", "--frame", "40"};
    EXPECT_EQ(parse_options(3, ok).frame, 40);
    const char* none[] = {"ccdlab"};
    EXPECT_EQ(parse_options(1, none).frame, 0);
    for (const char* bad : {"-1", "100001", "last", "4.5"}) {
        const char* argv[] = {"ccdlab", "--frame", bad};
        EXPECT_THROW(parse_options(3, argv), std::invalid_argument) << bad;
    }
}

TEST(Options, CompareTakesTheKeysOfARunsSettings) {
    const char* ok[] = {"ccdlab", "--compare", "algorithm=box2d", "--compare", "restitution=0.5"};
    EXPECT_EQ(parse_options(5, ok).compare,
              (std::vector<std::string>{"algorithm=box2d", "restitution=0.5"}));
    const char* none[] = {"ccdlab"};
    EXPECT_TRUE(parse_options(1, none).compare.empty());
    for (const char* bad : {"algorithm=nope", "restitution=2", "colour=red", "restitution"}) {
        const char* argv[] = {"ccdlab", "--compare", bad};
        EXPECT_THROW(parse_options(3, argv), std::invalid_argument) << bad;
    }
}

TEST(Options, CompareEngineTakesAnEngineWorldAndNotBesideCompare) {
    for (const char* engine : {"box2d", "bullet", "chipmunk"}) {
        const char* ok[] = {"ccdlab", "--compare-engine", engine};
        EXPECT_EQ(parse_options(3, ok).compare_engine, std::optional<std::string>(engine));
    }
    const char* none[] = {"ccdlab"};
    EXPECT_FALSE(parse_options(1, none).compare_engine);
    for (const char* bad : {"exact", "Box2D", "", "ode"}) {
        const char* argv[] = {"ccdlab", "--compare-engine", bad};
        EXPECT_THROW(parse_options(3, argv), std::invalid_argument) << bad;
    }
    const char* both[] = {"ccdlab", "--compare-engine", "box2d", "--compare", "algorithm=box2d"};
    EXPECT_THROW(parse_options(5, both), std::invalid_argument);
}

} // namespace
