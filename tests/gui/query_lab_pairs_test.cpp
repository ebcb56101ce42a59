// End-to-end tests of the query lab's pairs beyond circle against static segment: the real
// executable under xvfb-run opens each new scene, its --report gives the time of impact worked
// out by hand, and a drag (xdotool) changes it to what the core answers on the dragged inputs.
#include "gui_test_support.hpp"
#include "process.hpp"

#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::Rgb;
using ccdlab_test::RunningApp;
using ccdlab_test::scene_file;
using ccdlab_test::scratch_dir;
using ccdlab_test::Screenshot;
using ccdlab_test::take_screenshot;
using ccdlab_test::wait_for;
using nlohmann::json;
using namespace std::chrono_literals;

ccd::Vec2 vec2(const json& v) {
    return {v[0].get<double>(), v[1].get<double>()};
}

ccd::Polygon polygon(const json& vertices) {
    ccd::Polygon p;
    for (const json& v : vertices)
        p.vertices.push_back(vec2(v));
    return p;
}

// The app's arguments for `scene` (a file of scenes/) in the query lab, 1400x900.
std::vector<std::string> lab_args(const std::string& scene) {
    return {"--scene", scene_file(scene), "--size", "1400x900"};
}

// A screenshot and a report of `scene` (a file of scenes/).
Screenshot screenshot_of(const std::string& scene, const fs::path& dir) {
    return take_screenshot(lab_args(scene), dir);
}

// The app running on `scene`, driven with xdotool; killed at the end (a drag leaves unsaved
// changes, and quitting would ask about them).
RunningApp running(const std::string& scene, const fs::path& dir) {
    return RunningApp(dir, lab_args(scene), "^ccdlab - " + scene + "$");
}

// The impact's orange.
bool is_orange(Rgb c) {
    return c.r > 200 && c.g > 70 && c.g < 160 && c.b < 110;
}

TEST(AppQueryLabPairs, SeedTwoPointAgainstAMovingSegmentHitsAtOneHalf) {
    // scenes/seed002-moving-point-vs-moving-segment.json: a(t) = (-2, 2t), b(t) = (2, -2t),
    // p(t) = (1 - 2t, 2 - 4t); cross(b - a, p - a) = 8 - 12t - 8t^2 = -4 (2t - 1)(t + 2): on the
    // line at t = 0.5, at (0, 0), the segment's middle (s = 0.5).
    const fs::path dir = scratch_dir();
    const auto [report, image] = screenshot_of("seed002-moving-point-vs-moving-segment.json", dir);
    EXPECT_EQ(report["pair"], "circle_moving_segment");
    EXPECT_EQ(report["query"], "point_moving_segment");
    ASSERT_FALSE(report["hit"].is_null());
    EXPECT_DOUBLE_EQ(report["hit"]["t"].get<double>(), 0.5);
    EXPECT_EQ(report["hit"]["feature"], "interior");
    ASSERT_EQ(report["trace"].size(), 1u);
    ASSERT_EQ(report["trace"][0]["roots"].size(), 2u);
    EXPECT_DOUBLE_EQ(report["trace"][0]["roots"][0]["t"].get<double>(), -2.0);
    // Handles for each end at t = 0 and at t = 1.
    for (const char* h : {"a", "b", "a_end", "b_end", "center", "tip"})
        EXPECT_TRUE(report["handles_px"].contains(h)) << h;
    // The segment at the time of impact, (-2, 1) to (2, -1), is drawn in orange: look at its
    // point (1, -0.5). Pixels per unit from the point's center (1, 2) and tip (-1, -2).
    const double cx = report["handles_px"]["center"][0], cy = report["handles_px"]["center"][1];
    const double ppu = (cx - report["handles_px"]["tip"][0].get<double>()) / 2.0;
    EXPECT_TRUE(image.any_near(cx + 0.0 * ppu, cy + 2.5 * ppu, 2, is_orange))
        << "no segment at the time of impact";
}

TEST(AppQueryLabPairs, DraggingAMovingSegmentsEndAtTimeOneChangesTheImpactWhileTAnimates) {
    const fs::path dir = scratch_dir();
    RunningApp app = running("seed002-moving-point-vs-moving-segment.json", dir);
    const json before = app.report();
    ASSERT_EQ(before["playing"], false);
    app.key("space"); // the article's demo: t animates while the ends are dragged
    ASSERT_TRUE(wait_for([&] { return app.report()["playing"] == true; }));
    app.drag_handle("a_end", 0.0, 120.0); // a's end at t = 1 comes down: a moves less
    ASSERT_TRUE(wait_for([&] { return app.report()["segment"]["da"] != before["segment"]["da"]; }))
        << app.report().dump();
    const json after = app.report();
    EXPECT_EQ(after["playing"], true) << "the drag did not stop the animation";
    EXPECT_NE(after["scrub_t"], before["scrub_t"]) << "t runs";
    EXPECT_EQ(after["segment"]["a"], before["segment"]["a"]) << "the end at t = 0 stays";
    EXPECT_LT(after["segment"]["da"][1].get<double>(), 2.0);
    // The core's own answer on the inputs the app now has.
    const ccd::MovingSegment segment{{vec2(after["segment"]["a"]), vec2(after["segment"]["b"])},
                                     vec2(after["segment"]["da"]),
                                     vec2(after["segment"]["db"])};
    const auto expected = ccd::time_of_impact(vec2(after["mover"]["center"]),
                                              vec2(after["mover"]["displacement"]), segment);
    ASSERT_TRUE(expected);
    ASSERT_FALSE(after["hit"].is_null());
    EXPECT_EQ(after["hit"]["t"].get<double>(), expected->t);
    EXPECT_GT(expected->t, 0.5) << "a lower end at t = 1 meets the point later";
}

TEST(AppQueryLabPairs, TwoCirclesTouchAtTheHandComputedTimeAndADragMovesIt) {
    // scenes/two-circles.json: relative position (10t - 7, -1.2), touching at length 2:
    // (10t - 7)^2 = 2.56, t = 0.54.
    const fs::path dir = scratch_dir();
    const json shot = screenshot_of("two-circles.json", dir).report;
    EXPECT_EQ(shot["pair"], "circle_circle");
    ASSERT_FALSE(shot["hit"].is_null());
    EXPECT_NEAR(shot["hit"]["t"].get<double>(), 0.54, 1e-15);
    EXPECT_EQ(shot["hit"]["feature"], "circle");

    RunningApp app = running("two-circles.json", dir);
    const json before = app.report();
    app.drag_handle("obstacle_center", -60.0, 0.0); // the target comes closer
    ASSERT_TRUE(wait_for(
        [&] { return app.report()["obstacle"]["center"] != before["obstacle"]["center"]; }));
    const json after = app.report();
    EXPECT_EQ(after["obstacle"]["displacement"], before["obstacle"]["displacement"]);
    const auto expected = ccd::time_of_impact(
        ccd::Circle{vec2(after["mover"]["center"]), after["mover"]["radius"].get<double>()},
        vec2(after["mover"]["displacement"]),
        ccd::Circle{vec2(after["obstacle"]["center"]), after["obstacle"]["radius"].get<double>()},
        vec2(after["obstacle"]["displacement"]));
    ASSERT_TRUE(expected);
    ASSERT_FALSE(after["hit"].is_null());
    EXPECT_EQ(after["hit"]["t"].get<double>(), expected->t);
    EXPECT_LT(expected->t, 0.54 - 0.01) << "closer, sooner";
}

TEST(AppQueryLabPairs, TwoPolygonsTouchAtTheHandComputedTimeAndADragMovesIt) {
    // scenes/seed002-two-polygons.json: closing at 4 + 1 = 5 per frame, the wedge's tip (3, 0.5)
    // 2 from the crate's side x = 1: t = 0.4, obstacle vertex 0 on mover edge 1.
    const fs::path dir = scratch_dir();
    const json shot = screenshot_of("seed002-two-polygons.json", dir).report;
    EXPECT_EQ(shot["pair"], "polygon_polygon");
    ASSERT_FALSE(shot["hit"].is_null());
    EXPECT_DOUBLE_EQ(shot["hit"]["t"].get<double>(), 0.4);
    EXPECT_EQ(shot["hit"]["feature"], "polygon_vertex");
    EXPECT_EQ(shot["hit"]["obstacle_vertex"], 0);
    EXPECT_EQ(shot["hit"]["mover_edge"], 1);
    EXPECT_EQ(shot["trace"].size(), 24u);

    RunningApp app = running("seed002-two-polygons.json", dir);
    const json before = app.report();
    app.drag_handle("center", 0.0, -100.0); // the crate moves up: the tip now meets its lower side
    ASSERT_TRUE(
        wait_for([&] { return app.report()["mover"]["vertices"] != before["mover"]["vertices"]; }));
    const json after = app.report();
    const auto expected = ccd::time_of_impact(
        polygon(after["mover"]["vertices"]), vec2(after["mover"]["displacement"]),
        polygon(after["obstacle"]["vertices"]), vec2(after["obstacle"]["displacement"]));
    ASSERT_TRUE(expected);
    ASSERT_FALSE(after["hit"].is_null());
    EXPECT_EQ(after["hit"]["t"].get<double>(), expected->t);
    EXPECT_NE(after["hit"]["t"].get<double>(), 0.4);
}

TEST(AppQueryLabPairs, ABallMeetsACratesCornerAtTheHandComputedTimeAndADragMovesIt) {
    // scenes/ball-meets-a-crate.json: closing at 5 per frame, the path 0.3 above the crate's
    // top, radius 0.5: corner (0, 1) where (5t - 3)^2 + 0.3^2 = 0.5^2, t = 0.52.
    const fs::path dir = scratch_dir();
    const json shot = screenshot_of("ball-meets-a-crate.json", dir).report;
    EXPECT_EQ(shot["pair"], "circle_polygon");
    EXPECT_EQ(shot["query"], "circle_polygon");
    ASSERT_FALSE(shot["hit"].is_null());
    EXPECT_NEAR(shot["hit"]["t"].get<double>(), 0.52, 1e-15);
    EXPECT_EQ(shot["hit"]["feature"], "polygon_vertex");
    EXPECT_EQ(shot["hit"]["obstacle_vertex"], 3);
    EXPECT_EQ(shot["trace"].size(), 12u); // each of the 4 edges: band, cap A, cap B

    RunningApp app = running("ball-meets-a-crate.json", dir);
    const json before = app.report();
    app.drag_handle("obstacle_center", 0.0,
                    -60.0); // the crate moves up: the ball meets its left side
    ASSERT_TRUE(wait_for(
        [&] { return app.report()["obstacle"]["vertices"] != before["obstacle"]["vertices"]; }));
    const json after = app.report();
    const auto expected = ccd::time_of_impact(
        ccd::Circle{vec2(after["mover"]["center"]), after["mover"]["radius"].get<double>()},
        vec2(after["mover"]["displacement"]), polygon(after["obstacle"]["vertices"]),
        vec2(after["obstacle"]["displacement"]));
    ASSERT_TRUE(expected);
    ASSERT_FALSE(after["hit"].is_null());
    EXPECT_EQ(after["hit"]["t"].get<double>(), expected->t);
    EXPECT_EQ(after["hit"]["feature"], "polygon_edge");
    EXPECT_EQ(after["hit"]["obstacle_edge"], 3);
}

TEST(AppQueryLabPairs, ACrateMeetsTheEndOfARodWhoseEndsMove) {
    // scenes/crate-meets-a-closing-rod.json: the crate right at 1, the rod's end A left at 3,
    // 2 apart: end A on the crate's right side (edge 1) at t = 0.5, at (1.5, 0.5).
    const fs::path dir = scratch_dir();
    const json shot = screenshot_of("crate-meets-a-closing-rod.json", dir).report;
    EXPECT_EQ(shot["pair"], "polygon_moving_segment");
    EXPECT_EQ(shot["query"], "polygon_moving_segment");
    ASSERT_FALSE(shot["hit"].is_null());
    EXPECT_EQ(shot["hit"]["t"].get<double>(), 0.5);
    EXPECT_EQ(shot["hit"]["feature"], "endpoint_a");
    EXPECT_EQ(shot["hit"]["mover_edge"], 1);
    EXPECT_FALSE(shot["hit"].contains("mover_vertex")) << "no vertex of the crate is named";
    EXPECT_EQ(vec2(shot["hit"]["point"]), (ccd::Vec2{1.5, 0.5}));
    EXPECT_EQ(shot["trace"].size(), 12u); // 4 vertices against the rod, 2 ends x 4 edges
    EXPECT_EQ(shot["segment"]["da"], json::array({-3.0, 0.0}));
}

TEST(AppQueryLabPairs, ACircleAgainstAMovingSegmentShowsTheCoresQuarticAnswer) {
    // scenes/moving-segment-circle.json: a paddle whose end a swings up; the band is a quartic.
    const fs::path dir = scratch_dir();
    const json report = screenshot_of("moving-segment-circle.json", dir).report;
    EXPECT_EQ(report["query"], "circle_moving_segment");
    const ccd::MovingSegment paddle{{{-2.5, -0.5}, {2.0, -1.0}}, {0.5, 3.0}, {0.0, 0.0}};
    const auto expected =
        ccd::time_of_impact(ccd::Circle{{0.5, 2.5}, 0.4}, ccd::Vec2{-0.5, -2.0}, paddle);
    ASSERT_TRUE(expected);
    ASSERT_FALSE(report["hit"].is_null());
    EXPECT_EQ(report["hit"]["t"].get<double>(), expected->t);
    ASSERT_EQ(report["trace"].size(), 3u); // the band and both caps
    EXPECT_EQ(report["trace"][0]["name"], "band (quartic)");
}

} // namespace
