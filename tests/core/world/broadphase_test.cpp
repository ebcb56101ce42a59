// The grid broadphase changes no result: every frame's log, printed bit for bit by to_text,
// equals the log of the same world querying every pair (Broadphase::AllPairs). The scenes aim
// at what a grid can get wrong: long walls over many cells, short walls, moving walls, bodies
// that leave the frame start's bounds mid-frame, a far outlier that coarsens the grid, cuts.
#include "ccd/world.hpp"
#include "scene_generators.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Vec2;

// Steps both worlds `frames` frames; returns the number of events compared.
int expect_same_logs(ccd_test::ReferenceScene scene, int frames) {
    scene.options.broadphase = ccd::Broadphase::Grid;
    ccd::World grid = ccd_test::make_world(scene);
    scene.options.broadphase = ccd::Broadphase::AllPairs;
    ccd::World all = ccd_test::make_world(scene);
    int events = 0;
    for (int frame = 0; frame < frames; ++frame) {
        const std::string a = ccd::to_text(grid.step());
        const std::string b = ccd::to_text(all.step());
        EXPECT_EQ(a, b) << "frame " << frame;
        if (a != b) return events;
        events += static_cast<int>(grid.log().events.size());
    }
    return events;
}

TEST(WorldBroadphase, BallsInABoxGiveTheLogOfAllPairsBitForBit) {
    int events = 0;
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        SCOPED_TRACE(::testing::Message() << "seed " << seed);
        events += expect_same_logs(ccd_test::balls_in_box(400, 100.0, 1.0, 6.0, seed), 20);
        events += expect_same_logs(ccd_test::mixed_scene(60, seed), 10);
    }
    EXPECT_GT(events, 5000);
}

TEST(WorldBroadphase, PolygonsGiveTheLogOfAllPairsBitForBit) {
    // The grid and the pair filter see a polygon as the circle that holds it.
    int events = 0;
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        SCOPED_TRACE(::testing::Message() << "seed " << seed);
        events +=
            expect_same_logs(ccd_test::with_polygons(ccd_test::mixed_scene(60, seed), seed), 30);
    }
    EXPECT_GT(events, 2000);
}

TEST(WorldBroadphase, LongAndShortWallsGiveTheLogOfAllPairs) {
    // Inside the box [0, 100]^2: a ring of 96 short walls (radius 30 around (50, 50)), two long
    // diagonals crossing the whole box and a shallow one: walls over one cell and over a
    // hundred.
    auto scene = ccd_test::balls_in_box(300, 100.0, 0.8, 7.0, 11);
    const Vec2 c{50.0, 50.0};
    for (int k = 0; k < 96; ++k) {
        const double a0 = 6.283185307179586 * k / 96.0, a1 = 6.283185307179586 * (k + 1) / 96.0;
        scene.walls.push_back(
            ccd_test::static_wall(c + Vec2{30.0 * std::cos(a0), 30.0 * std::sin(a0)},
                                  c + Vec2{30.0 * std::cos(a1), 30.0 * std::sin(a1)}));
    }
    scene.walls.push_back(ccd_test::static_wall({0.5, 0.5}, {99.5, 99.5}));
    scene.walls.push_back(ccd_test::static_wall({99.5, 0.5}, {0.5, 99.5}));
    scene.walls.push_back(ccd_test::static_wall({0.5, 20.0}, {99.5, 23.0}));
    EXPECT_GT(expect_same_logs(scene, 20), 1000);
}

TEST(WorldBroadphase, KinematicWallsGiveTheLogOfAllPairs) {
    // A translating paddle, a wall whose endpoints move apart, one turning about its middle.
    auto scene = ccd_test::balls_in_box(200, 100.0, 1.0, 5.0, 12);
    scene.walls.push_back({{{10.0, 40.0}, {40.0, 40.0}}, {0.0, 2.0}, {0.0, 2.0}});
    scene.walls.push_back({{{60.0, 10.0}, {62.0, 12.0}}, {-1.0, 0.5}, {1.5, 1.0}});
    scene.walls.push_back({{{50.0, 70.0}, {80.0, 70.0}}, {0.0, 1.5}, {0.0, -1.5}});
    EXPECT_GT(expect_same_logs(scene, 15), 500);
}

TEST(WorldBroadphase, BodiesThrownOutOfTheFrameStartBoundsAreStillFound) {
    // No walls. A fast ball shatters a still cluster mid-frame and throws it beyond the boxes
    // the grid was laid over at the frame's start (x from -51 to 351, y from -1 to 12).
    ccd_test::ReferenceScene scene;
    for (int k = 0; k < 40; ++k)
        scene.bodies.push_back(BodyDef{Circle{{2.1 * (k % 8), 2.1 * (k / 8)}, 1.0}, {}, 1.0, {}});
    scene.bodies.push_back(BodyDef{Circle{{-50.0, 4.0}, 1.0}, {400.0, 3.0}, 1.0, {}});
    EXPECT_GT(expect_same_logs(scene, 5), 30);
    ccd::World world = ccd_test::make_world(scene);
    world.step();
    bool outside = false;
    for (int i = 0; i < world.body_count(); ++i) {
        const Vec2 p = world.body(i).shape.center;
        outside = outside || p.y > 13.0 || p.y < -2.0 || p.x < -52.0;
    }
    EXPECT_TRUE(outside); // the scene does test what it says

    // A still outlier 1e4 away makes the cells coarse; a point crosses the cluster too.
    scene.bodies.push_back(BodyDef{Circle{{1e4, 1e4}, 1.0}, {}, 1.0, {}});
    scene.bodies.push_back(BodyDef{Circle{{-40.0, 30.0}, 0.0}, {300.0, -40.0}, 1.0, {}});
    EXPECT_GT(expect_same_logs(scene, 5), 30);
}

TEST(WorldBroadphase, BudgetAndChatterCutsGiveTheLogOfAllPairs) {
    auto scene = ccd_test::balls_in_box(200, 60.0, 1.0, 8.0, 13);
    scene.options.event_budget = 150; // cut every frame
    for (std::size_t i = 0; i < scene.bodies.size(); i += 3)
        scene.bodies[i].response = ccd::Response::slide();
    EXPECT_GT(expect_same_logs(scene, 10), 1000);
}

} // namespace
