// End-to-end tests of the turning pairs in the real executable under xvfb-run: a turning scene
// opens in the query lab with the hand-worked time of impact and the certified search in its
// --report, dragging the angle handle (xdotool) turns the shape, and the new time of impact is
// the core's certified answer for the numbers the app now holds; the world view steps a turning
// segment and a turning polygon, refusing neither.
#include "gui_test_support.hpp"
#include "process.hpp"

#include "ccd/judge.hpp"
#include "ccd/toi_turning.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::RunningApp;
using ccdlab_test::scene_file;
using ccdlab_test::scratch_dir;
using ccdlab_test::take_screenshot;
using ccdlab_test::wait_for;
using nlohmann::json;
using namespace std::chrono_literals;

ccd::Vec2 vec2(const json& v) {
    return {v[0].get<double>(), v[1].get<double>()};
}

// The app's arguments for `scene` (a file of scenes/) at 1280x800, then `extra`.
std::vector<std::string> app_args(const std::string& scene,
                                  const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args{"--scene", scene_file(scene), "--size", "1280x800"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// The report of one frame of `scene` rendered offscreen, with `extra` arguments.
json screenshot_report(const std::string& scene, const fs::path& dir,
                       const std::vector<std::string>& extra = {}) {
    return take_screenshot(app_args(scene, extra), dir).report;
}

TEST(AppQueryLabTurning, TheSpinningPaddleOpensWithItsHandValueAndItsSearch) {
    // scenes/turning-paddle-tunnels.json: t = arccos(1/6) / (2 pi) (its description).
    const fs::path dir = scratch_dir();
    const json report = screenshot_report("turning-paddle-tunnels.json", dir);
    EXPECT_EQ(report["mode"], "query");
    EXPECT_EQ(report["pair"], "circle_rotating_segment");
    ASSERT_FALSE(report["hit"].is_null());
    EXPECT_NEAR(report["hit"]["t"].get<double>(), std::acos(1.0 / 6.0) / (2.0 * std::numbers::pi),
                1e-9);
    EXPECT_EQ(report["segment"]["turning"]["pivot"], json::array({0.0, 0.0}));
    EXPECT_EQ(report["segment"]["turning"]["angle"].get<double>(), 2.0 * std::numbers::pi);
    for (const char* h : {"pivot", "obstacle_angle", "a", "b", "center", "tip"})
        EXPECT_TRUE(report["handles_px"].contains(h)) << h;
    ASSERT_TRUE(report["search"].is_object());
    EXPECT_EQ(report["search"]["samples"].size(), 65u);
    EXPECT_FALSE(report["search"]["brackets"].empty());
    EXPECT_EQ(report["search"]["brackets"].back()["verdict"], "contact found");
    // Box2D answers the pair too (it follows rotation); it is listed beside the certified one.
    bool box2d = false;
    for (const json& answer : report["algorithms"])
        box2d = box2d || (answer["name"] == "box2d" && answer["has_query"] == true);
    EXPECT_TRUE(box2d) << report["algorithms"].dump();
}

TEST(AppQueryLabTurning, DraggingTheAngleHandleGivesTheCoresAnswerForTheNewTurn) {
    const fs::path dir = scratch_dir();
    const std::string scene = "turning-windmill-graze.json";
    RunningApp app(dir, app_args(scene), "^ccdlab - " + scene + "$");
    const json before = app.report();
    ASSERT_FALSE(before["hit"].is_null()) << "the graze";
    // The bar's tip at t = 1 is at (-3, 0), left of the pivot: dragged up and right, the turn
    // shrinks but still passes the top of the arc (pi/2), where the tip grazes the ball: at
    // t = (pi/2) / angle.
    app.drag_handle("obstacle_angle", 40.0, -160.0);
    ASSERT_TRUE(wait_for([&] {
        return app.report()["segment"]["turning"]["angle"] != before["segment"]["turning"]["angle"];
    }));
    const json after = app.report();
    const double angle = after["segment"]["turning"]["angle"];
    EXPECT_LT(angle, std::numbers::pi) << "turned back toward the top";
    const auto expected = ccd::certified_time_of_impact(
        ccd::Swept{ccd::Circle{vec2(after["mover"]["center"]), after["mover"]["radius"]},
                   ccd::Translation{vec2(after["mover"]["displacement"])}},
        ccd::Swept{ccd::Segment{vec2(after["segment"]["a"]), vec2(after["segment"]["b"])},
                   ccd::Turning{vec2(after["segment"]["turning"]["pivot"]), {}, angle}});
    EXPECT_GT(angle, std::numbers::pi / 2.0) << "still past the top";
    ASSERT_TRUE(expected);
    ASSERT_FALSE(after["hit"].is_null());
    EXPECT_EQ(after["hit"]["t"].get<double>(), expected->t);
    EXPECT_NEAR(expected->t, std::numbers::pi / 2.0 / angle, 1e-6);
    EXPECT_GT(expected->t, 0.5) << "a smaller turn reaches the top later";
    // The edit is unsaved: killed at the end (quitting would ask).
}

TEST(AppQueryLabTurning, SeedTwosTurningPolygonsOpenInTheLabAndThePlankWithModeQuery) {
    const fs::path dir = scratch_dir();
    const json wedge = screenshot_report("seed002-turning-polygons.json", dir);
    EXPECT_EQ(wedge["pair"], "rotating_polygon_polygon");
    EXPECT_TRUE(wedge["handles_px"].contains("obstacle_angle"));
    EXPECT_FALSE(wedge["handles_px"].contains("angle")) << "the crate does not turn";
    ASSERT_FALSE(wedge["hit"].is_null());
    EXPECT_NEAR(wedge["hit"]["t"].get<double>(), 0.405461217, 1e-8);
    // Two walls and a plank make a world, which opens in the world view; --mode query takes its
    // first pair apart in the lab.
    EXPECT_EQ(screenshot_report("turning-plank-in-a-gap.json", dir)["mode"], "world");
    const json plank = screenshot_report("turning-plank-in-a-gap.json", dir, {"--mode", "query"});
    EXPECT_EQ(plank["mode"], "query");
    EXPECT_EQ(plank["pair"], "rotating_polygon_segment");
    EXPECT_TRUE(plank["handles_px"].contains("angle"));
    ASSERT_FALSE(plank["hit"].is_null());
    EXPECT_NEAR(plank["hit"]["t"].get<double>(), std::acos(0.1) / 2.0, 1e-9);
}

// The algorithm named `name` in a report's algorithms.
json algorithm_in(const json& report, const std::string& name) {
    for (const json& answer : report["algorithms"])
        if (answer["name"] == name) return answer;
    ADD_FAILURE() << "no " << name << " in the lab's algorithms";
    return json();
}

TEST(AppQueryLabTurning, TheJudgeCallsBox2DsLateAnswerAMissAndTheAdvancementsMarginByDesign) {
    // scenes/turning-box2d-gives-up.json with the propeller turning 2.26 turns over the frame:
    // the first contact at t = arccos(0.2) / (2.26 x 2 pi) = 0.0964 (the scene's description),
    // Box2D's contact near the end of the frame, after the propeller came back around.
    const fs::path dir = scratch_dir();
    json scene;
    std::ifstream(scene_file("turning-box2d-gives-up.json")) >> scene;
    scene["polygons"][0]["angular_velocity"] = 2.26 * 2.0 * std::numbers::pi;
    const fs::path file = dir / "propeller-2.26-turns.json";
    std::ofstream(file) << scene.dump(2);
    const json report =
        take_screenshot({"--scene", file.string(), "--size", "1280x800"}, dir).report;
    ASSERT_FALSE(report["hit"].is_null());
    EXPECT_NEAR(report["hit"]["t"].get<double>(), std::acos(0.2) / (2.26 * 2.0 * std::numbers::pi),
                1e-9);
    EXPECT_EQ(report["tolerance"].get<double>(), ccd::kJudgeTolerance);
    EXPECT_TRUE(report["disagreement"].get<bool>());

    const json box2d = algorithm_in(report, "box2d");
    EXPECT_EQ(box2d["verdict"], "miss") << box2d;
    EXPECT_FALSE(box2d["by_design"].get<bool>());
    EXPECT_TRUE(box2d["disagrees"].get<bool>());
    EXPECT_EQ(box2d["text"].get<std::string>().rfind("miss: ", 0), 0u) << box2d;
    EXPECT_GT(box2d["t"].get<double>(), 0.9);
    EXPECT_EQ(box2d["point"].size(), 2u);
    EXPECT_NEAR(ccd::length(vec2(box2d["normal"])), 1.0, 1e-6) << "a unit normal";

    const json advancement = algorithm_in(report, "conservative-advancement");
    EXPECT_EQ(advancement["verdict"], "agrees") << advancement;
    EXPECT_TRUE(advancement["by_design"].get<bool>()) << advancement;
    EXPECT_FALSE(advancement["disagrees"].get<bool>());
    // An algorithm with no query for the pair is not judged.
    const json seed004 = algorithm_in(report, "seed004");
    EXPECT_FALSE(seed004["has_query"].get<bool>());
    EXPECT_TRUE(seed004["verdict"].is_null());
}

// The report's mark named `name` on the separation plot (null when there is none).
json plot_mark(const json& report, const std::string& name) {
    for (const json& mark : report["search_plot"]["marks"])
        if (mark["name"] == name) return mark;
    return json();
}

TEST(AppQueryLabTurning, TheSeparationPlotMarksBox2DsAnswerTheImpactAndTheScrubbedTime) {
    // The propeller at 2.26 turns, scrubbed to t = 0.5: the plot marks the certified impact
    // (t = 0.0964), Box2D's late answer (t > 0.9, flagged a miss) and t = 0.5, each where its
    // t is along the plot's width (t = 0 and t = 1 six pixels inside its ends).
    const fs::path dir = scratch_dir();
    json scene;
    std::ifstream(scene_file("turning-box2d-gives-up.json")) >> scene;
    scene["polygons"][0]["angular_velocity"] = 2.26 * 2.0 * std::numbers::pi;
    const fs::path file = dir / "propeller-2.26-turns.json";
    std::ofstream(file) << scene.dump(2);
    const auto [report, image] =
        take_screenshot({"--scene", file.string(), "--size", "1280x800", "--t", "0.5"}, dir);
    ASSERT_FALSE(report["search_plot"].is_null()) << "a turning pair has the plot";
    const double left = report["search_plot"]["origin_px"][0];
    const double top = report["search_plot"]["origin_px"][1];
    const double width = report["search_plot"]["size_px"][0];
    const auto x_at = [&](double t) { return left + 6.0 + t * (width - 12.0); };
    const json box2d = plot_mark(report, "box2d"), impact = plot_mark(report, "impact"),
               scrub = plot_mark(report, "scrub");
    ASSERT_FALSE(box2d.is_null()) << report["search_plot"];
    ASSERT_FALSE(impact.is_null());
    ASSERT_FALSE(scrub.is_null());
    EXPECT_GT(box2d["t"].get<double>(), 0.9);
    EXPECT_NEAR(box2d["x_px"].get<double>(), x_at(box2d["t"]), 1.0);
    EXPECT_NEAR(impact["t"].get<double>(), std::acos(0.2) / (2.26 * 2.0 * std::numbers::pi), 1e-9);
    EXPECT_NEAR(impact["x_px"].get<double>(), x_at(impact["t"]), 1.0);
    EXPECT_EQ(scrub["t"].get<double>(), 0.5);
    EXPECT_NEAR(scrub["x_px"].get<double>(), x_at(0.5), 1.0);
    // In the picture: Box2D's mark pink, the scrubbed t's light, near the plot's top.
    ASSERT_TRUE(image.loaded());
    ASSERT_LT(top + 40.0, image.height()) << "the plot's top is in the window";
    EXPECT_TRUE(image.any_near(box2d["x_px"].get<double>(), top + 34.0, 2, [](ccdlab_test::Rgb c) {
        return c.r > 200 && c.g < 120 && c.b > 80;
    })) << "Box2D's t marked in pink";
    EXPECT_TRUE(image.any_near(scrub["x_px"].get<double>(), top + 30.0, 1, [](ccdlab_test::Rgb c) {
        return c.r > 200 && c.g > 200 && c.b > 200;
    })) << "the scrubbed t marked";
}

TEST(AppQueryLabTurning, Box2DsSearchIsInTheReportAndDrawnWhenItsBoxIsTicked) {
    // scenes/turning-box2d-gives-up.json: Box2D made one separating axis, at t = 0, the
    // propeller's top face (normal (0, 1), 1.9 from the ball's centre), and checked it at t = 1
    // alone, where the face is back and the separation 1.9 again (worked in
    // tests/core/peers/box2d_toi_test.cpp, Box2DSearch.APropeller...). The report carries it;
    // ticking "Box2D's search" draws its iteration and its check as ticks on the plot's t axis.
    const fs::path dir = scratch_dir();
    // 1000 pixels high: the plot's t axis is within the window without scrolling the panel.
    RunningApp app(dir, app_args("turning-box2d-gives-up.json", {"--size", "1280x1000"}),
                   "^ccdlab - ",
                   [](const json& r) { return r["show_px"].contains("box2d_search"); });
    json report = app.report();
    const json box2d = algorithm_in(report, "box2d");
    const json& axes = box2d["iterative"]["axes"];
    ASSERT_EQ(axes.size(), 1u) << box2d;
    EXPECT_EQ(axes[0]["t1"].get<double>(), 0.0);
    EXPECT_EQ(axes[0]["kind"], "obstacle face");
    EXPECT_NEAR(axes[0]["axis"][1].get<double>(), 1.0, 1e-7);
    ASSERT_EQ(axes[0]["checks"].size(), 1u);
    EXPECT_EQ(axes[0]["checks"][0]["t"].get<double>(), 1.0);
    EXPECT_NEAR(axes[0]["checks"][0]["separation"].get<double>(), 1.9, 1e-5);
    EXPECT_NE(box2d["iterative"]["why_stopped"].get<std::string>().find(
                  "the shapes cross between its checks"),
              std::string::npos)
        << box2d;
    EXPECT_FALSE(report["box2d_search_shown"].get<bool>());
    EXPECT_TRUE(plot_mark(report, "box2d iteration 1").is_null()) << "not drawn until asked";
    const json box = report["show_px"]["box2d_search"];
    app.click(box[0].get<double>(), box[1].get<double>());
    ASSERT_TRUE(wait_for([&] {
        report = app.report();
        return report["box2d_search_shown"].get<bool>() &&
               !plot_mark(report, "box2d deepest").is_null();
    })) << report["search_plot"];
    const double left = report["search_plot"]["origin_px"][0];
    const double top = report["search_plot"]["origin_px"][1];
    const double width = report["search_plot"]["size_px"][0];
    const auto x_at = [&](double t) { return left + 6.0 + t * (width - 12.0); };
    const json first = plot_mark(report, "box2d iteration 1");
    const json deepest = plot_mark(report, "box2d deepest");
    ASSERT_FALSE(first.is_null()) << report["search_plot"];
    EXPECT_EQ(first["t"].get<double>(), 0.0);
    EXPECT_NEAR(first["x_px"].get<double>(), x_at(0.0), 1.0);
    EXPECT_EQ(deepest["t"].get<double>(), 1.0);
    EXPECT_NEAR(deepest["x_px"].get<double>(), x_at(1.0), 1.0);
    // In the picture: the ticks in Box2D's search colour (cyan), hanging from the curve box's
    // bottom edge (130 pixels below the plot's top) into their band.
    const ccdlab_test::Image image = app.screenshot();
    ASSERT_TRUE(image.loaded());
    const auto cyan = [](ccdlab_test::Rgb c) { return c.r < 160 && c.g > 180 && c.b > 180; };
    EXPECT_TRUE(image.any_near(first["x_px"].get<double>(), top + 130.0 + 16.0, 2, cyan))
        << "iteration 1's tick at t = 0";
    EXPECT_TRUE(image.any_near(deepest["x_px"].get<double>(), top + 130.0 + 8.0, 2, cyan))
        << "its check at t = 1";
}

TEST(AppQueryLabTurning, TheWorldViewStepsATurningSegment) {
    // The spinning paddle is a turning wall of the World: it meets the ball at
    // t = arccos(1/6) / (2 pi) (the scene's description), the frame's first event.
    const fs::path dir = scratch_dir();
    const json report = screenshot_report("turning-paddle-tunnels.json", dir, {"--mode", "world"});
    EXPECT_EQ(report["mode"], "world");
    EXPECT_TRUE(report["refusal"].is_null()) << report.dump();
    ASSERT_FALSE(report["events"].empty()) << report.dump();
    EXPECT_FALSE(report["bodies"].empty());
    // The ball is no turning body, the paddle is: the event table has the spin and impulse
    // columns for it.
    EXPECT_TRUE(report["table_spins"].get<bool>());
}

TEST(AppQueryLabTurning, TheWorldViewStepsATurningPolygon) {
    // The plank turns freely in the World: its sides meet the walls' ends at
    // t = arccos(0.1) / 2 (the scene's description), the left wall's first.
    const fs::path dir = scratch_dir();
    const json report = screenshot_report("turning-plank-in-a-gap.json", dir, {"--mode", "world"});
    EXPECT_EQ(report["mode"], "world");
    EXPECT_TRUE(report["refusal"].is_null()) << report.dump();
    ASSERT_FALSE(report["events"].empty()) << report.dump();
    EXPECT_FALSE(report["bodies"].empty());
}

} // namespace
