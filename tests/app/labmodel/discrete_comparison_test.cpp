// The discrete ghosts the world view draws beside the scheduler (seeds 001 and 003).
#include "discrete_comparison.hpp"
#include "options.hpp"

#include <gtest/gtest.h>

#include <utility>

namespace {

using ccdlab::DiscreteComparison;
using ccdlab::DiscreteMethod;

ccd::Body disk(ccd::Vec2 at, ccd::Vec2 velocity, double radius) {
    ccd::Body body;
    body.name = "disk";
    body.circle = {at, radius};
    body.velocity = velocity;
    return body;
}

// Seed 001's two-piece floor, listed left to right, and a disk of radius 1 resting on it at
// x = 1, moving (-0.01, -0.1) a frame (docs/discrete.md).
ccd::Scene two_piece_floor() {
    ccd::Scene scene;
    scene.bodies.push_back(disk({1.0, 1.0}, {-0.01, -0.1}, 1.0));
    scene.walls.push_back({"left floor", {{-40.0, 0.0}, {0.0, 0.0}}});
    scene.walls.push_back({"right floor", {{0.0, 0.0}, {40.0, 0.0}}});
    return scene;
}

TEST(DiscreteComparison, SlideMoveCatchesOnTheJointOnlyWithoutDeepestFirst) {
    // docs/discrete.md: without deepest first the disk settles where x (1 - D) = s with
    // D = sqrt((x - s)^2 + (1 - g)^2), s = 0.01, g = 0.1: x = 0.381910 (bisection by hand).
    // With it, each frame pushes straight up and the disk moves left by s: 1 - 200 s = -1.
    for (const bool deepest_first : {false, true}) {
        SCOPED_TRACE(deepest_first);
        DiscreteComparison comparison;
        comparison.reset(two_piece_floor());
        for (int frame = 0; frame < 200; ++frame)
            comparison.step(DiscreteMethod::SlideMove, deepest_first);
        ASSERT_EQ(comparison.ghosts().size(), 1u);
        const ccdlab::DiscreteGhost& ghost = comparison.ghosts()[0];
        EXPECT_NEAR(ghost.disk.center.x, deepest_first ? -1.0 : 0.381910, 1e-6);
        EXPECT_NEAR(ghost.disk.center.y, 1.0, 1e-9);
        EXPECT_EQ(ghost.trail.size(), 201u) << "the start and one center a frame";
        EXPECT_EQ(comparison.frames(), 200);
    }
}

TEST(DiscreteComparison, PushOutMovesThenPushesOutAndReflectsWithTheBodysRestitution) {
    // Seed 003: from (0, 2) by (0, -1.5) to (0, 0.5), 0.5 into the floor: pushed up to (0, 1);
    // restitution 0.5 turns the velocity (0, -1.5) into (0, 0.75).
    ccd::Scene scene;
    scene.bodies.push_back(disk({0.0, 2.0}, {0.0, -1.5}, 1.0));
    scene.bodies.back().restitution = 0.5;
    scene.bodies.push_back(disk({5.0, 5.0}, {1.0, 0.0}, 0.0)); // a point: no ghost
    scene.walls.push_back({"floor", {{-4.0, 0.0}, {4.0, 0.0}}});
    DiscreteComparison comparison;
    comparison.reset(scene);
    ASSERT_EQ(comparison.ghosts().size(), 1u);
    comparison.step(DiscreteMethod::PushOut, true);
    const ccdlab::DiscreteGhost& ghost = comparison.ghosts()[0];
    EXPECT_EQ(ghost.disk.center, (ccd::Vec2{0.0, 1.0}));
    EXPECT_EQ(ghost.velocity, (ccd::Vec2{0.0, 0.75}));
    EXPECT_FALSE(ghost.unresolved);
    comparison.step(DiscreteMethod::None, true);
    EXPECT_EQ(comparison.frames(), 1) << "no method, no frame";
}

TEST(DiscreteComparison, TheOptionNamesOneOfTheMethods) {
    const char* push_out[] = {"ccdlab", "--discrete", "push-out"};
    EXPECT_EQ(ccdlab::parse_options(3, push_out).discrete, "push-out");
    const char* none[] = {"ccdlab"};
    EXPECT_EQ(ccdlab::parse_options(1, none).discrete, "off");
    const char* bad[] = {"ccdlab", "--discrete", "teleport"};
    EXPECT_THROW(ccdlab::parse_options(3, bad), std::invalid_argument);
}

} // namespace

namespace {

// A box [0.5, 1] x [1, 1.5] resting on two static tiles, tile b = [1, 2] x [0, 1] listed before
// tile a = [0, 1]^2, moving (0.1, -0.15) a frame (docs/discrete.md, "Polygons").
ccd::Scene box_over_a_seam() {
    const auto square = [](double x0, double y0, double x1, double y1) {
        return ccd::Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
    };
    ccd::Scene scene;
    ccd::PolygonBody box;
    box.name = "box";
    box.polygon = square(0.5, 1.0, 1.0, 1.5);
    box.velocity = {0.1, -0.15};
    scene.polygons.push_back(box);
    for (const auto& [name, x] : {std::pair{"tile b", 1.0}, std::pair{"tile a", 0.0}}) {
        ccd::PolygonBody tile;
        tile.name = name;
        tile.polygon = square(x, 0.0, x + 1.0, 1.0);
        tile.is_static = true;
        scene.polygons.push_back(tile);
    }
    return scene;
}

TEST(DiscreteComparison, ABoxGhostSlidesOverTheSeamOnlyDeepestFirst) {
    // Deepest first, each frame's push is up by 0.15 (the floor's, deeper than or as deep as
    // the side's): the box keeps 0.1 a frame along x, its left side at 0.5 + 0.3 after three
    // frames. In list order tile b's least move comes first, back 0.1 along -x: the box never
    // leaves x = 0.5 (docs/discrete.md).
    for (const bool deepest_first : {true, false}) {
        SCOPED_TRACE(deepest_first);
        DiscreteComparison comparison;
        comparison.reset(box_over_a_seam());
        ASSERT_EQ(comparison.polygon_ghosts().size(), 1u);
        for (int frame = 0; frame < 3; ++frame)
            comparison.step(DiscreteMethod::SlideMove, deepest_first);
        const ccd::Polygon& box = comparison.polygon_ghosts()[0].polygon;
        EXPECT_NEAR(box.vertices[0].x, deepest_first ? 0.8 : 0.5, 1e-9);
        EXPECT_NEAR(box.vertices[0].y, 1.0, 1e-9);
        EXPECT_EQ(comparison.polygon_ghosts()[0].trail.size(), 4u);
        EXPECT_FALSE(comparison.polygon_ghosts()[0].unresolved);
    }
}

} // namespace
