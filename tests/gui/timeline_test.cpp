// End-to-end tests of the world view's timeline: the real ccdlab under Xvfb, driven with
// xdotool, read through --report. Event stepping back across a frame boundary, Restart, play
// backward, and the playhead dragged to an earlier frame, whose bodies must be where a straight
// run of the scene (ccd::World stepped directly) puts them.
#include "gui_test_support.hpp"
#include "process.hpp"

#include "ccd/fixture.hpp"
#include "ccd/path_position.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;
using ccdlab_test::RunningApp;
using ccdlab_test::time_left;
using ccdlab_test::wait_for;
using nlohmann::json;
using namespace std::chrono_literals;

const std::string kScenes = CCDLAB_SCENES_DIR;

// A ball of radius 0.5 at the origin moving (1, 0) a frame between walls at x = 2 and x = -2:
// it touches the right wall at frame time 1.5 (frame 1, t = 0.5), the left one three frames
// later (frame 4, t = 0.5), the right one again at frame 7: no event in frames 0, 2, 3, 5, 6.
const char* const kBallBetweenWalls = R"({
  "format": "ccdlab-scene", "version": 1, "title": "A ball between two walls",
  "bodies": [{ "name": "ball", "shape": "circle", "position": [0.0, 0.0],
               "velocity": [1.0, 0.0], "radius": 0.5 }],
  "segments": [{ "name": "right", "a": [2.0, -5.0], "b": [2.0, 5.0] },
               { "name": "left", "a": [-2.0, -5.0], "b": [-2.0, 5.0] }]
})";

// The timeline's axis on screen, from a report's timeline: where a place (frame + t) is along
// it, and its middle's height.
struct Axis {
    double x0, x1, view_start, view_width, y;
    double x_of(double place) const { return x0 + (place - view_start) / view_width * (x1 - x0); }
};

Axis axis_of(const json& timeline) {
    return {timeline["axis_lo_px"][0].get<double>(), timeline["axis_hi_px"][0].get<double>(),
            timeline["view_start"].get<double>(), timeline["view_width"].get<double>(),
            (timeline["axis_lo_px"][1].get<double>() + timeline["axis_hi_px"][1].get<double>()) *
                0.5};
}

class AppTimeline : public testing::Test {
protected:
    void SetUp() override {
        dir_ = ccdlab_test::scratch_dir();
        std::ofstream(dir_ / "ball-between-walls.json") << kBallBetweenWalls;
    }

    // `scene`: a file in the scratch folder or, when not there, among the shipped scenes. Ready
    // once the first frames have laid the strip out and its axis is reported.
    void start(const std::string& scene, std::vector<std::string> extra = {}) {
        const fs::path path = fs::exists(dir_ / scene) ? dir_ / scene : fs::path(kScenes) / scene;
        std::vector<std::string> args = {"--scene", path.string(), "--size", "1280x800"};
        args.insert(args.end(), extra.begin(), extra.end());
        app_ =
            std::make_unique<RunningApp>(dir_, args, "^ccdlab - " + scene + "$", [](const json& r) {
                return r["timeline"]["axis_hi_px"][0].get<double>() > 0.0;
            });
    }

    json report() const { return app_->report(); }
    void key(const std::string& keys) const { app_->key(keys); }
    void quit() {
        key("ctrl+q");
        EXPECT_EQ(app_->wait_for_exit(time_left()), 0) << "the app did not quit on Ctrl+Q";
    }
    // The report shows `frame` at `t` with event `selected` selected.
    bool shows(int frame, double t, int selected) const {
        return wait_for([&] {
            const json r = report();
            return r["frame"] == frame && r["scrub_t"] == t && r["selected_event"] == selected;
        });
    }

    fs::path dir_;
    std::unique_ptr<RunningApp> app_;
};

TEST_F(AppTimeline, CommaStepsBackAcrossFrameBoundariesAndPeriodForward) {
    start("ball-between-walls.json", {"--frame", "4", "--t", "0"});
    ASSERT_EQ(report()["frame"], 4);
    EXPECT_EQ(report()["timeline"]["end_frame"], 5) << "frames 0 to 4 recorded";
    // Frame 4 at t = 0: its event is ahead, so ',' goes back over frames 3 and 2 to frame 1's.
    key("comma");
    EXPECT_TRUE(shows(1, 0.5, 0)) << report().dump();
    key("comma"); // nothing before it: it stays
    key("period");
    EXPECT_TRUE(shows(4, 0.5, 0)) << report().dump();
    // On past the recorded frames: frame 7's event, stepping frames 5 to 7.
    key("period");
    EXPECT_TRUE(shows(7, 0.5, 0)) << report().dump();
    EXPECT_EQ(report()["timeline"]["end_frame"], 8);
    // Left and Right: a frame at a time, the same t, no event selected.
    key("Left");
    EXPECT_TRUE(shows(6, 0.5, -1)) << report().dump();
    key("Right");
    EXPECT_TRUE(shows(7, 0.5, -1)) << report().dump();
    quit();
}

TEST_F(AppTimeline, RestartGoesBackToFrameZeroAndKeepsTheRecording) {
    start("ball-between-walls.json", {"--frame", "5", "--t", "0.5"});
    key("r");
    EXPECT_TRUE(shows(0, 0.0, -1)) << report().dump();
    const json timeline = report()["timeline"];
    EXPECT_EQ(timeline["first_frame"], 0);
    EXPECT_EQ(timeline["end_frame"], 6);
    EXPECT_GT(timeline["memory_bytes"].get<double>(), 0.0);
    EXPECT_EQ(timeline["memory_cap"], 100 << 20);
    // The ball at t = 0 of frame 0 is where the scene puts it.
    EXPECT_EQ(report()["bodies"][0]["position"], json::array({0.0, 0.0}));
    quit();
}

TEST_F(AppTimeline, ShiftSpacePlaysBackwardIntoTheFrameBefore) {
    start("ball-between-walls.json", {"--frame", "2", "--t", "0.1"});
    key("shift+space");
    EXPECT_TRUE(wait_for([&] {
        const json r = report();
        return r["frame"] == 1 && r["timeline"]["playing"] == -1;
    })) << report().dump();
    quit();
}

TEST_F(AppTimeline, RightSaysItIsSteppingANewFrameBeforeItStepsIt) {
    // Frame 0 is the only one recorded: Right must step frame 1. At 2.5 frames a second the
    // frame that says "stepping frame 1" is reported a while before the next one steps it.
    start("ball-between-walls.json", {"--frame-delay-ms", "400"});
    ASSERT_EQ(report()["timeline"]["end_frame"], 1);
    key("Right");
    EXPECT_TRUE(wait_for([&] {
        const json r = report();
        return r["frame"] == 0 && r["timeline"]["stepping"] == true;
    })) << report()["timeline"].dump();
    EXPECT_TRUE(wait_for([&] {
        const json r = report();
        return r["frame"] == 1 && r["timeline"]["stepping"] == false;
    })) << report()["timeline"].dump();
    quit();
}

TEST_F(AppTimeline, ThePlayheadDraggedToAnEarlierFrameShowsTheStraightRunsBodies) {
    start("bouncing-balls.json", {"--frame", "20", "--t", "0.5"});
    json r = report();
    ASSERT_EQ(r["frame"], 20);
    const json& timeline = r["timeline"];
    ASSERT_TRUE(timeline["fitted"].get<bool>());
    ASSERT_EQ(timeline["view_start"], 0.0);
    ASSERT_EQ(timeline["view_width"], 21.0);
    const Axis axis = axis_of(timeline);
    app_->drag(axis.x_of(20.5), axis.y, axis.x_of(7.5), axis.y);
    ASSERT_TRUE(wait_for([&] { return report()["frame"] == 7; })) << report().dump();
    r = report();
    const double t = r["scrub_t"];
    EXPECT_NEAR(t, 0.5, 0.1) << "where the button was let go";

    // A straight run of the scene: frame 7 stepped after frames 0 to 6, each body where its
    // logged path has it at t.
    ccd::SceneWorld world = ccd::make_world(ccd::load_scene_file(kScenes + "/bouncing-balls.json"));
    ccd::EventLog log;
    for (int frame = 0; frame <= 7; ++frame)
        log = world.world.step();
    ASSERT_EQ(r["bodies"].size(), log.paths.size());
    for (std::size_t i = 0; i < log.paths.size(); ++i) {
        const ccd::Vec2 at = ccd::position_at(log.paths[i], t);
        EXPECT_EQ(r["bodies"][i]["position"], json::array({at.x, at.y})) << r["bodies"][i]["name"];
    }
    EXPECT_EQ(r["events"].size(), log.events.size());
    quit();
}

TEST_F(AppTimeline, ComparingWithBox2dsAlgorithmMarksWhereTheRunsPartAndGoesThere) {
    // Box2D's b2TimeOfImpact answers within its target separation and in floats: run b's ball
    // meets the right wall in frame 1 too, at the same point, but not at t = 0.5 exactly, so
    // compared exactly the runs part at run a's first event (frame 1, t = 0.5, ball / right),
    // by its time alone.
    start("ball-between-walls.json",
          {"--compare", "algorithm=box2d", "--compare-tolerance", "0", "--t", "0"});
    json r = report();
    ASSERT_TRUE(r["compare"]["running"].get<bool>()) << r["compare"].dump();
    EXPECT_EQ(r["compare"]["settings"], "algorithm=box2d");
    EXPECT_TRUE(r["compare"]["diverged"].get<bool>());
    const json first = r["compare"]["first"];
    EXPECT_EQ(first["index"], 0);
    EXPECT_EQ(first["frame"], 1);
    EXPECT_EQ(first["t"], 0.5);
    EXPECT_EQ(first["fields"], "time");
    EXPECT_EQ(first["a"].get<std::string>().rfind("frame 1, t 0.5: ball / right", 0), 0u) << first;
    EXPECT_EQ(first["b"].get<std::string>().rfind("frame 1, t ", 0), 0u) << first;
    EXPECT_NE(first["b"].get<std::string>().find(": ball / right at interior, point (2, 0)"),
              std::string::npos)
        << first;
    EXPECT_EQ(r["timeline"]["end_frame"], 100) << "the compared frames are recorded";
    ASSERT_EQ(r["frame"], 0);

    // "Go to the first divergence": frame 1 at the event, selected.
    const json button = r["compare"]["divergence_button_px"];
    app_->click(button[0].get<double>(), button[1].get<double>());
    EXPECT_TRUE(shows(1, 0.5, 0)) << report().dump();
    quit();
}

TEST_F(AppTimeline, ShiftDragSelectsFramesAndCtrlEWritesThemAsAFixtureUnderTheNameGiven) {
    const fs::path fixtures = dir_ / "fixtures";
    start("ball-between-walls.json", {"--frame", "6", "--fixtures-dir", fixtures.string()});
    const json timeline = report()["timeline"];
    ASSERT_EQ(timeline["view_start"], 0.0);
    ASSERT_EQ(timeline["view_width"], 7.0);
    const Axis axis = axis_of(timeline);
    run_command("xdotool windowfocus --sync " + app_->window() + " keydown shift");
    app_->drag(axis.x_of(3.5), axis.y, axis.x_of(5.5), axis.y);
    run_command("xdotool keyup shift");
    ASSERT_TRUE(wait_for([&] {
        return report()["timeline"]["selection"] == json({3, 5});
    })) << report()["timeline"].dump();

    // Ctrl+E asks for a name: typed over the one offered, Enter writes it.
    key("ctrl+e");
    ASSERT_TRUE(wait_for([&] { return report()["session"]["dialog"] == "export"; }));
    app_->type("bounce-range");
    key("Return");
    const fs::path written = fixtures / "bounce-range.json";
    ASSERT_TRUE(wait_for([&] { return report()["session"]["last_export"] == written.string(); }))
        << report()["session"].dump();
    // Frames 3 to 5 from the ball at the origin moving (-1, 0): frame 4's event, the left wall
    // at t = 0.5, is the range's frame 1; the fixture passes its own check.
    const ccd::Scene fixture = ccd::load_scene_file(written);
    ASSERT_EQ(fixture.bodies.size(), 1u);
    EXPECT_EQ(fixture.bodies[0].circle.center, (ccd::Vec2{0.0, 0.0}));
    EXPECT_EQ(fixture.bodies[0].velocity, (ccd::Vec2{-1.0, 0.0}));
    ASSERT_TRUE(fixture.expect);
    EXPECT_EQ(fixture.expect->frames, 3);
    ASSERT_EQ(fixture.expect->events.size(), 1u);
    EXPECT_EQ(fixture.expect->events[0].frame, 1);
    EXPECT_EQ(fixture.expect->events[0].time, 0.5);
    EXPECT_EQ(fixture.expect->events[0].b, "left");
    EXPECT_EQ(ccd::first_difference(fixture), std::nullopt);
    quit();
}

} // namespace
