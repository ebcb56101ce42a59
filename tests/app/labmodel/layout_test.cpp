// How the window is shared (PanelLayout), where the canvas sits, what Home frames (the
// scene's view widened to hold everything drawn, from the World's log or the lab's shapes), and
// how far a drag pans the view (PanDrag).

#include "drawn_extent.hpp"
#include "pan_drag.hpp"
#include "panel_layout.hpp"
#include "query_lab.hpp"

#include "ccd/scene.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>

namespace {

using ccd::Vec2;
using ccdlab::Camera;
using ccdlab::panel_width_in;
using ccdlab::PanelLayout;
using ccdlab::WorldBox;

TEST(PanelLayout, TheDefaultWidthTakesAtMostThreeEighthsOfTheWindow) {
    EXPECT_EQ(panel_width_in(PanelLayout{}, 400.0, 1280.0), 400.0);
    EXPECT_EQ(panel_width_in(PanelLayout{}, 400.0, 800.0), 300.0); // 3/8 of 800
    EXPECT_EQ(panel_width_in(PanelLayout{}, 360.0, 800.0), 300.0);
}

TEST(PanelLayout, ADraggedWidthIsKeptWithinTheLimits) {
    EXPECT_EQ(panel_width_in({0.0, 520.0, false}, 400.0, 1280.0), 520.0);
    EXPECT_EQ(panel_width_in({0.0, 100.0, false}, 400.0, 1280.0), 240.0); // kMinPanelWidth
    // The canvas keeps 320 pixels: at 800, the panel is at most 480.
    EXPECT_EQ(panel_width_in({0.0, 700.0, false}, 400.0, 800.0), 480.0);
}

TEST(PanelLayout, ACollapsedPanelTakesNothing) {
    EXPECT_EQ(panel_width_in({0.0, 520.0, true}, 400.0, 1280.0), 0.0);
}

TEST(PanelLayout, TheCanvasStartsBelowTheBarAndEndsAtThePanel) {
    Camera camera;
    ccdlab::place_canvas(camera, {800.0, 600.0}, 37.0, 300.0);
    EXPECT_EQ(camera.origin, (Vec2{0.0, 37.0}));
    EXPECT_EQ(camera.width, 500.0);
    EXPECT_EQ(camera.height, 563.0);
    // The world's center of the canvas is at the canvas's middle, in window pixels.
    camera.look_at({{0.0, 0.0}, 5.63}); // 100 px per unit
    EXPECT_NEAR(camera.to_screen({0.0, 0.0}).x, 250.0, 1e-9);
    EXPECT_NEAR(camera.to_screen({0.0, 0.0}).y, 37.0 + 281.5, 1e-9);
    EXPECT_NEAR(camera.to_world({250.0, 318.5}).y, 0.0, 1e-12);
    EXPECT_TRUE(camera.contains({0.0, 37.0}));
    EXPECT_FALSE(camera.contains({10.0, 36.0})) << "the File bar's strip";
    EXPECT_FALSE(camera.contains({500.0, 100.0})) << "the panel";
}

TEST(PanDrag, ADragStartsWhereTheButtonWentDownNotWhereThePointerLastWas) {
    ccdlab::PanDrag drag;
    EXPECT_EQ(drag.follow(false, {100.0, 100.0}), (Vec2{0.0, 0.0}));
    // The pointer jumps 400 px and the button goes down in the same frame: no pan.
    EXPECT_EQ(drag.follow(true, {500.0, 300.0}), (Vec2{0.0, 0.0}));
    EXPECT_TRUE(drag.dragging());
    // Then each frame pans by what the pointer moved since the one before.
    EXPECT_EQ(drag.follow(true, {510.0, 305.0}), (Vec2{10.0, 5.0}));
    EXPECT_EQ(drag.follow(true, {507.0, 305.0}), (Vec2{-3.0, 0.0}));
    // Released, moved far away, pressed again: the new drag starts there.
    EXPECT_EQ(drag.follow(false, {20.0, 40.0}), (Vec2{0.0, 0.0}));
    EXPECT_FALSE(drag.dragging());
    EXPECT_EQ(drag.follow(true, {700.0, 10.0}), (Vec2{0.0, 0.0}));
    EXPECT_EQ(drag.follow(true, {701.0, 12.0}), (Vec2{1.0, 2.0}));
}

TEST(Home, WhatFitsInTheScenesViewLeavesItAsItIs) {
    Camera camera;
    ccdlab::place_canvas(camera, {800.0, 600.0}, 0.0, 0.0);
    WorldBox drawn;
    drawn.include({-1.0, -1.0});
    drawn.include({2.0, 1.0});
    camera.look_at({{0.0, 0.0}, 6.0}, drawn, 16.0); // 100 px per unit: x in [-4, 4], y [-3, 3]
    EXPECT_EQ(camera.pixels_per_unit, 100.0);
    EXPECT_EQ(camera.center, (Vec2{0.0, 0.0}));
}

TEST(Home, ABodyOutsideTheScenesViewWidensItToHoldBoth) {
    // The view shows x in [-4, 4], y in [-3, 3] on 800 x 600; a ball ends at x = 10 (radius 1:
    // out to 11). The union is x in [-4, 11] (15 wide), y in [-3, 3]: with 16 px to spare on
    // each side, 768 / 15 = 51.2 px per unit, centered on x = 3.5.
    Camera camera;
    ccdlab::place_canvas(camera, {800.0, 600.0}, 0.0, 0.0);
    WorldBox drawn;
    drawn.include({10.0, 0.0}, 1.0);
    camera.look_at({{0.0, 0.0}, 6.0}, drawn, 16.0);
    EXPECT_DOUBLE_EQ(camera.pixels_per_unit, 768.0 / 15.0);
    EXPECT_DOUBLE_EQ(camera.center.x, 3.5);
    EXPECT_DOUBLE_EQ(camera.center.y, 0.0);
}

TEST(DrawnExtent, TheWorldsPathsAndWallsFromItsLog) {
    // A ball (r = 0.5) from (0, 2) moving (6, 0) a frame, a wall from (-1, 0) to (3, 0): the
    // ball's path runs to (6, 2), so the box is x in [-1, 6.5], y in [0, 2.5].
    ccd::Scene scene;
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 2.0}, 0.5}, {6.0, 0.0}});
    scene.walls.push_back({"floor", {{-1.0, 0.0}, {3.0, 0.0}}});
    ccd::SceneWorld world = ccd::make_world(scene);
    const ccd::EventLog log = world.world.step();
    const std::vector<double> radii{0.5};
    const std::vector<std::vector<Vec2>> outlines(1);
    const WorldBox box = ccdlab::drawn_extent(log, radii, outlines);
    EXPECT_EQ(box.lo, (Vec2{-1.0, 0.0}));
    EXPECT_EQ(box.hi, (Vec2{6.5, 2.5}));
}

TEST(DrawnExtent, TheLabsMoverAtBothEndsOfTheFrameAndItsObstacle) {
    // The ball (r = 1) at (0, 5) moving (0, -10) toward a floor from (-2, 0) to (2, 0): at t = 1
    // it is at (0, -5). The box: x in [-2, 2], y in [-6, 6].
    ccd::Scene scene;
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 5.0}, 1.0}, {0.0, -10.0}});
    scene.walls.push_back({"floor", {{-2.0, 0.0}, {2.0, 0.0}}});
    const ccdlab::QueryLab lab = ccdlab::QueryLab::from_scene(scene);
    const WorldBox box = ccdlab::drawn_extent(lab);
    EXPECT_EQ(box.lo, (Vec2{-2.0, -6.0}));
    EXPECT_EQ(box.hi, (Vec2{2.0, 6.0}));
}

} // namespace
