// Chains in ccd::World (World::add_chain): one-sided edges with ghost vertices, Box2D's
// b2ChainShape (docs/scheduler.md, "Chains"). Every expected value is worked by hand in the
// comments.
#include "ccd/world.hpp"
#include "expect_near.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::OtherKind;
using ccd::Response;
using ccd::Vec2;
using ccd::World;
using ccd_test::expect_near;

BodyDef ball(Vec2 center, double radius, Vec2 velocity) {
    BodyDef def;
    def.shape = Circle{center, radius};
    def.velocity = velocity;
    def.response = Response::bounce(1.0);
    return def;
}

// A floor from x = 1 to x = -1 on y = 0, drawn right to left: its front is up.
const std::vector<Vec2> kFloor{{1.0, 0.0}, {-1.0, 0.0}};

TEST(WorldChain, ABallFromBehindPassesAndOneFromTheFrontBounces) {
    // From below: the ball (radius 0.5) at (0, -2) moving (0, 4) crosses the floor with no
    // contact and ends at (0, 2).
    World below;
    below.add_chain(kFloor);
    below.add_body(ball({0.0, -2.0}, 0.5, {0.0, 4.0}));
    EXPECT_TRUE(below.step().events.empty());
    expect_near(below.body(0).shape.center, {0.0, 2.0});
    // From above: (0, 2) moving (0, -4) touches at 2 - 4t = 0.5, t = 0.375, at (0, 0), normal
    // (0, 1); it bounces back up to 0.5 + 4 x 0.625 = 3 at t = 1.
    World above;
    above.add_chain(kFloor);
    above.add_body(ball({0.0, 2.0}, 0.5, {0.0, -4.0}));
    const ccd::EventLog& log = above.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].time, 0.375, 1e-12);
    EXPECT_EQ(log.events[0].other_kind, OtherKind::Wall);
    EXPECT_EQ(log.events[0].other, 0);
    expect_near(log.events[0].point, {0.0, 0.0});
    expect_near(log.events[0].normal, {0.0, 1.0});
    expect_near(above.body(0).shape.center, {0.0, 3.0});
}

TEST(WorldChain, AFreeEndIsMetFromItsFrontQuarter) {
    // The ball (radius 0.5) at (3, 0) moving (-4, 0) along the floor's line meets the free end
    // (1, 0) when its center is at x = 1.5: t = 1.5 / 4 = 0.375, normal (1, 0), the edge of the
    // end's front quarter (it counts).
    World level;
    level.add_chain(kFloor);
    level.add_body(ball({3.0, 0.0}, 0.5, {-4.0, 0.0}));
    const ccd::EventLog& log = level.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].time, 0.375, 1e-12);
    expect_near(log.events[0].normal, {1.0, 0.0});
    // 0.3 below the line: it would touch the end cap when (x - 1)^2 + 0.3^2 = 0.25, x = 1.4,
    // with its center behind the line: no contact, it passes under the floor to x = -1.
    World under;
    under.add_chain(kFloor);
    under.add_body(ball({3.0, -0.3}, 0.5, {-4.0, 0.0}));
    EXPECT_TRUE(under.step().events.empty());
    expect_near(under.body(0).shape.center, {-1.0, -0.3});
}

TEST(WorldChain, ACounterClockwiseLoopFacesOut) {
    // The square [0, 4]^2 counter-clockwise. A ball (radius 0.5) inside at (2, 2) moving (4, 0)
    // leaves through the right edge (its front faces out): no contact, at (6, 2) at t = 1. One
    // outside at (6, 2) moving (-4, 0) meets the right edge x = 4 when 6 - 4t = 4.5, t = 0.375,
    // normal (1, 0), and bounces back to 4.5 + 4 x 0.625 = 7.
    const std::vector<Vec2> square{{0, 0}, {4, 0}, {4, 4}, {0, 4}};
    World inside;
    EXPECT_EQ(inside.add_chain(square, true), 0);
    EXPECT_EQ(inside.wall_count(), 4);
    inside.add_body(ball({2.0, 2.0}, 0.5, {4.0, 0.0}));
    EXPECT_TRUE(inside.step().events.empty());
    expect_near(inside.body(0).shape.center, {6.0, 2.0});
    World outside;
    outside.add_chain(square, true);
    outside.add_body(ball({6.0, 2.0}, 0.5, {-4.0, 0.0}));
    const ccd::EventLog& log = outside.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_EQ(log.events[0].other, 1); // edge 1: (4, 0) -> (4, 4)
    EXPECT_NEAR(log.events[0].time, 0.375, 1e-12);
    expect_near(log.events[0].normal, {1.0, 0.0});
    expect_near(outside.body(0).shape.center, {7.0, 2.0});
}

// The three tiles' outline (the tile scene's floor) as a counter-clockwise loop: bottom
// (0, 0) -> (3, 0), right side up, then the top right to left through the seams (2, 1) and
// (1, 1): edge 2 (3, 1) -> (2, 1), edge 3 (2, 1) -> (1, 1), edge 4 (1, 1) -> (0, 1).
const std::vector<Vec2> kTiles{{0, 0}, {3, 0}, {3, 1}, {2, 1}, {1, 1}, {0, 1}};

BodyDef sliding_box() {
    // The tile scene's box: [0.2, 0.7] x [1.25, 1.75], center (0.45, 1.5), moving (0.5, -0.5).
    BodyDef def;
    def.shape = Circle{{0.45, 1.5}, 0.0};
    def.outline = {{-0.25, -0.25}, {0.25, -0.25}, {0.25, 0.25}, {-0.25, 0.25}};
    def.velocity = {0.5, -0.5};
    def.response = Response::slide();
    return def;
}

TEST(WorldChain, ABoxSlidesOverTheSeamsOfAChain) {
    // Frame 0: the bottom y = 1.25 - 0.5 t reaches y = 1 at t = 0.5, over edge 4 (x from 0.45 to
    // 0.95): the one event, normal (0, 1); the slide leaves (0.5, 0). At t = 0.6 the box's
    // corner reaches the seam (1, 1) head on along the floor, normal (-1, 0): along the chain,
    // outside the straight joint's cone, no contact. The center is at (0.95, 1.25) at t = 1.
    World world;
    world.add_chain(kTiles, true);
    world.add_body(sliding_box());
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].time, 0.5, 1e-12);
    EXPECT_EQ(log.events[0].other, 4);
    expect_near(log.events[0].normal, {0.0, 1.0});
    expect_near(world.body(0).shape.center, {0.95, 1.25});
    // Frames 1 and 2: it slides on at (0.5, 0) a frame over both seams, with no event, to
    // (1.45, 1.25) and (1.95, 1.25).
    EXPECT_TRUE(world.step().events.empty());
    expect_near(world.body(0).shape.center, {1.45, 1.25});
    EXPECT_TRUE(world.step().events.empty());
    expect_near(world.body(0).shape.center, {1.95, 1.25});
    expect_near(world.body(0).velocity, {0.5, 0.0});
}

TEST(WorldChain, TheSameOutlineAsTwoSidedWallsCatchesTheBox) {
    // The same outline as plain walls (World::add_polyline): at t = 0.6 the box's corner meets
    // the seam (1, 1), the end of wall 3, head on: normal (-1, 0), and the slide takes the rest
    // of its motion; the box stops with its corner at the seam, center (0.75, 1.25).
    World world;
    world.add_polyline(kTiles, true);
    world.add_body(sliding_box());
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 2u);
    EXPECT_NEAR(log.events[1].time, 0.6, 1e-12);
    EXPECT_EQ(log.events[1].other, 3);
    expect_near(log.events[1].normal, {-1.0, 0.0});
    expect_near(world.body(0).shape.center, {0.75, 1.25});
}

TEST(WorldChain, ChainEdgesAreReportedWithTheirGhosts) {
    World world;
    world.add_wall({{0, 0}, {1, 0}});
    EXPECT_EQ(world.add_chain(kFloor), 1);
    EXPECT_FALSE(world.chain_edge(0).has_value());
    ASSERT_TRUE(world.chain_edge(1).has_value());
    EXPECT_EQ(*world.chain_edge(1), (ccd::ChainEdge{{1, -2}, {1, 0}, {-1, 0}, {-1, -2}}));
}

TEST(WorldChain, ABadChainIsRefused) {
    World world;
    EXPECT_THROW(world.add_chain(std::vector<Vec2>{{0, 0}}), std::invalid_argument);
    EXPECT_THROW(world.add_chain(kFloor, true), std::invalid_argument);
    EXPECT_THROW(world.add_chain(std::vector<Vec2>{{0, 0}, {0, 0}, {1, 0}}), std::invalid_argument);
    // A loop whose last point is its first: the closing edge has length 0.
    EXPECT_THROW(world.add_chain(std::vector<Vec2>{{0, 0}, {1, 0}, {1, 1}, {0, 0}}, true),
                 std::invalid_argument);
    EXPECT_EQ(world.wall_count(), 0);
}

} // namespace
