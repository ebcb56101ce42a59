// Turning walls in ccd::World (docs/turning-bodies.md, "Turning walls"): a windmill's blade or a
// paddle turning about a fixed pivot, frame after frame. The first events are worked out by hand
// in the comments (the contact from the geometry, the response from the wall's material velocity
// w x (p - pivot)); the rest checks what must hold: a ball squeezed between a blade and the box
// is frozen and crushed, the orientation comes from the frame count, a keyframe replays a
// windmill run bit for bit, the log levels agree.
#include "body_defs.hpp"
#include "ccd/path_position.hpp"
#include "ccd/world.hpp"
#include "expect_near.hpp"
#include "log_level_comparison.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Feature;
using ccd::OtherKind;
using ccd::Vec2;
using ccd::World;
using ccd_test::ball;
using ccd_test::expect_near;

constexpr double kPi = std::numbers::pi;

TEST(WorldTurningWall, APaddleBatsABallAtRest) {
    // The paddle from its pivot (0, 0) to (4, 0), turning a quarter turn a frame: at time t it
    // lies at theta = (pi / 2) t. The ball of radius 0.5 rests at (0, 1), 1 from the pivot at
    // 90 degrees: its center is sin(pi / 2 - theta) from the paddle's line, 0.5 at
    // theta = pi / 3, t = 2/3. The contact point is the center's foot on the paddle,
    // cos(pi / 6) = sqrt(3)/2 along it: (sqrt(3)/4, 3/4); the normal toward the ball
    // (-sin theta, cos theta) = (-sqrt(3)/2, 1/2). The paddle's material there moves at
    // w x p = (pi / 2)(-3/4, sqrt(3)/4), sqrt(3) pi / 4 along the normal. An elastic bounce
    // off an infinite mass: the ball leaves at 2 (sqrt(3) pi / 4) n = (-3 pi / 4, sqrt(3) pi / 4).
    World world;
    world.add_turning_wall({{0.0, 0.0}, {4.0, 0.0}}, {0.0, 0.0}, kPi / 2.0);
    world.add_body(ball({0.0, 1.0}, 0.5, {}));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    // The certified query's delta: 1e-12 x its scale (2 pi, the tip's speed), closing at 1.36.
    EXPECT_NEAR(e.time, 2.0 / 3.0, 1e-10);
    EXPECT_EQ(e.other_kind, OtherKind::Wall);
    EXPECT_EQ(e.other, 0);
    EXPECT_EQ(e.feature, Feature::SegmentInterior);
    expect_near(e.point, {std::sqrt(3.0) / 4.0, 0.75}, 1e-10);
    expect_near(e.normal, {-std::sqrt(3.0) / 2.0, 0.5}, 1e-10);
    expect_near(e.other_velocity_before, {-3.0 * kPi / 8.0, std::sqrt(3.0) * kPi / 8.0}, 1e-10);
    expect_near(e.body_velocity_after, {-3.0 * kPi / 4.0, std::sqrt(3.0) * kPi / 4.0}, 1e-9);
    // The log: the wall's orientation at the contact and its angular velocity.
    EXPECT_TRUE(e.turning);
    EXPECT_NEAR(e.other_angle, kPi / 3.0, 1e-10);
    EXPECT_EQ(e.other_angular_velocity_before, kPi / 2.0);
    EXPECT_EQ(e.other_angular_velocity_after, kPi / 2.0);
    EXPECT_EQ(e.body_angular_velocity_after, 0.0);
    // The wall's path: the frame's start and end, turned about the pivot in between.
    ASSERT_EQ(log.wall_paths[0].points.size(), 2u);
    EXPECT_EQ(log.wall_paths[0].turn, kPi / 2.0);
    expect_near(log.wall_paths[0].points[1].segment.b, {0.0, 4.0}, 1e-15);
    EXPECT_NEAR(log.wall_paths[0].points[1].angle, kPi / 2.0, 1e-15);
    const ccd::Segment half = ccd::segment_at(log.wall_paths[0], 0.5);
    expect_near(half.b, {4.0 * std::cos(kPi / 4.0), 4.0 * std::sin(kPi / 4.0)}, 1e-15);
    EXPECT_NEAR(world.wall_angle(0), kPi / 2.0, 1e-15);
}

// The crate the paddle below meets: the square [1.5, 2.5] x [1, 2], mass 1, of fixed rotation.
BodyDef paddle_crate() {
    BodyDef crate;
    crate.shape = Circle{{2.0, 1.5}, 0.0};
    crate.outline = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
    return crate;
}

TEST(WorldTurningWall, APaddleBatsACrateThatDoesNotTurn) {
    // The same paddle, and a crate of fixed rotation (mass 1), the square [1.5, 2.5] x [1, 2].
    // Its corner (2.5, 1) is at the least angle, theta = atan(1 / 2.5), 2.69 from the pivot
    // (within the paddle): reached at t = atan(0.4) / (pi / 2). The normal toward the crate is
    // (-1, 2.5) / sqrt(7.25); the paddle's material there moves at (pi / 2)(-1, 2.5), all of it
    // along the normal: the crate leaves at twice that, (-pi, 5 pi / 2).
    World world;
    world.add_turning_wall({{0.0, 0.0}, {4.0, 0.0}}, {0.0, 0.0}, kPi / 2.0);
    BodyDef crate = paddle_crate();
    world.add_body(crate);
    const ccd::EventLog& log = world.step();
    ASSERT_GE(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, std::atan(0.4) / (kPi / 2.0), 1e-10);
    EXPECT_EQ(e.vertex, 1);
    expect_near(e.point, {2.5, 1.0}, 1e-10);
    expect_near(e.normal, Vec2{-1.0, 2.5} * (1.0 / std::sqrt(7.25)), 1e-10);
    expect_near(e.body_velocity_after, {-kPi, 2.5 * kPi}, 1e-9);
    EXPECT_TRUE(e.turning);
    EXPECT_NEAR(e.other_angle, std::atan(0.4), 1e-10);
}

TEST(WorldTurningWall, APaddleKnocksACrateIntoASpin) {
    // The crate above free to turn: density 1, mass 1, moment of inertia (1 + 1) / 12 = 1/6. The
    // same contact (t, the corner (2.5, 1), the normal n = (-1, 2.5) / sqrt(7.25), the paddle
    // closing at (pi / 2) sqrt(7.25) along it); the lever r = (0.5, -0.5), r x n =
    // 0.75 / sqrt(7.25). Against an infinite mass, j = 2 (pi / 2) sqrt(7.25) / (1 + 6 (r x n)^2)
    // = pi 7.25^1.5 / 10.625: the crate leaves at j n = (pi 7.25 / 10.625)(-1, 2.5), turning
    // counter-clockwise at 6 (r x n) j = 4.5 pi 7.25 / 10.625 radians a frame.
    World world;
    world.add_turning_wall({{0.0, 0.0}, {4.0, 0.0}}, {0.0, 0.0}, kPi / 2.0);
    BodyDef crate = paddle_crate();
    crate.angular_velocity = 0.0;
    world.add_body(crate);
    const ccd::EventLog& log = world.step();
    ASSERT_GE(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, std::atan(0.4) / (kPi / 2.0), 1e-10);
    EXPECT_EQ(e.vertex, 1);
    expect_near(e.point, {2.5, 1.0}, 1e-10);
    const double k = kPi * 7.25 / 10.625;
    expect_near(e.body_velocity_after, {-k, 2.5 * k}, 1e-9);
    EXPECT_NEAR(e.body_angular_velocity_after, 4.5 * k, 1e-9);
    EXPECT_EQ(e.body_angular_velocity_before, 0.0);
    EXPECT_NEAR(e.other_angle, std::atan(0.4), 1e-10);
    EXPECT_EQ(e.other_angular_velocity_after, kPi / 2.0);
}

// A ball of radius 0.3 at rest in the corner of a floor (y = -1) and a wall (x = 3), touching
// both; a blade from the pivot (0, 0) along +x, turning clockwise a quarter turn a frame, comes
// down over the corner (the wall stands between the ball and the pivot: the ball cannot leave
// the closing wedge). Bounced between the blade and the corner faster and faster, it chatters,
// is frozen, and the blade still closing on it crushes it (docs/scheduler.md, "Always
// finishes"); the frame ends.
World squeeze_world() {
    World world;
    world.add_wall({{2.0, -1.0}, {8.0, -1.0}});
    world.add_wall({{3.0, -1.0}, {3.0, 1.0}});
    world.add_turning_wall({{0.0, 0.0}, {6.0, 0.0}}, {0.0, 0.0}, -kPi / 2.0);
    world.add_body(ball({3.3, -0.7}, 0.3, {}));
    return world;
}

TEST(WorldTurningWall, ABallSqueezedBetweenABladeAndTheBoxIsCrushed) {
    World world = squeeze_world();
    const ccd::EventLog& log = world.step();
    // The blade turned clockwise by x has the ball's center 3.3 sin(x) - 0.7 cos(x) from its
    // line: -0.3 at x = atan(0.7 / 3.3) - asin(0.3 / sqrt(11.38)), t = x / (pi / 2).
    ASSERT_FALSE(log.events.empty());
    const double x = std::atan(0.7 / 3.3) - std::asin(0.3 / std::sqrt(11.38));
    EXPECT_NEAR(log.events[0].time, x / (kPi / 2.0), 1e-10);
    EXPECT_EQ(log.events[0].other, 2);
    ASSERT_EQ(log.chatter_cuts.size(), 1u);
    ASSERT_EQ(log.crushes.size(), 1u);
    EXPECT_EQ(log.crushes[0].body, 0);
    EXPECT_EQ(log.events.back().other, 2) << "crushed by the blade";
    EXPECT_TRUE(log.events.back().body_removed);
    EXPECT_FALSE(world.body(0).alive);
    EXPECT_FALSE(world.in_frame());
    EXPECT_LT(log.events.size(), 100u);
}

// A box of 30 balls and 6 polygons (3 turning) about a windmill of two crossed blades.
World windmill_world(ccd::WorldOptions options = {}) {
    World world(options);
    world.add_polyline(std::vector<Vec2>{{0.0, 0.0}, {30.0, 0.0}, {30.0, 30.0}, {0.0, 30.0}}, true);
    world.add_turning_wall({{9.0, 15.0}, {21.0, 15.0}}, {15.0, 15.0}, 0.6);
    world.add_turning_wall({{15.0, 9.0}, {15.0, 21.0}}, {15.0, 15.0}, 0.6);
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int placed = 0;
    for (int k = 0; k < 49 && placed < 36; ++k) {
        const Vec2 c{2.0 + 4.0 * (k % 7) + unit(rng), 2.0 + 4.0 * (k / 7) + unit(rng)};
        if (ccd::length(c - Vec2{15.0, 15.0}) < 7.5) continue; // clear of the blades
        const double a = 2.0 * kPi * unit(rng);
        BodyDef def = ball(c, 0.4 + 0.4 * unit(rng), Vec2{std::cos(a), std::sin(a)} * 3.0);
        if (placed % 6 == 5) {
            def.outline = {{-0.6, -0.4}, {0.6, -0.4}, {0.6, 0.4}, {-0.6, 0.4}};
            if (placed % 12 == 5) def.angular_velocity = unit(rng) - 0.5;
        }
        world.add_body(def);
        ++placed;
    }
    return world;
}

TEST(WorldTurningWall, AWindmillRunReplaysBitForBitFromAKeyframeAndASnapshot) {
    // The keyframe of frame 20 restored into a snapshot of the start: the blades' orientation
    // is the frame count's, so they are where the original's are, bit for bit.
    World world = windmill_world();
    const World start = world.snapshot();
    for (int frame = 0; frame < 20; ++frame)
        world.step();
    World restored = start.restored(world.keyframe());
    World copy = world.snapshot();
    int events = 0, wall_events = 0;
    for (int frame = 0; frame < 60; ++frame) {
        const std::string ours = ccd::to_text(world.step());
        ASSERT_EQ(ours, ccd::to_text(restored.step())) << "frame " << frame;
        ASSERT_EQ(ours, ccd::to_text(copy.step())) << "frame " << frame;
        for (const ccd::ContactEvent& e : world.log().events) {
            ++events;
            wall_events += e.other_kind == OtherKind::Wall && e.other >= 4;
        }
    }
    EXPECT_GT(wall_events, 5) << "the blades batted balls (of " << events << " events)";
    EXPECT_EQ(world.wall(4), restored.wall(4));
    EXPECT_EQ(world.wall_angle(5), restored.wall_angle(5));
}

TEST(WorldTurningWall, AWindmillInABoxKeepsEveryBodyInsideAtEveryLogLevel) {
    // The same events and bodies at every log level and with either broadphase; no body out of
    // the box at any vertex of its path.
    EXPECT_GT(ccd_test::expect_same_trajectories(
                  [](ccd::LogLevel level) {
                      ccd::WorldOptions options;
                      options.log_level = level;
                      return windmill_world(options);
                  },
                  100),
              20);
    ccd::WorldOptions all_pairs;
    all_pairs.broadphase = ccd::Broadphase::AllPairs;
    World grid = windmill_world(), every = windmill_world(all_pairs);
    for (int frame = 0; frame < 100; ++frame)
        ASSERT_EQ(ccd::to_text(grid.step()), ccd::to_text(every.step())) << "frame " << frame;
    World world = windmill_world();
    for (int frame = 0; frame < 300; ++frame) {
        const ccd::EventLog& log = world.step();
        EXPECT_FALSE(log.budget_cut) << "frame " << frame;
        for (std::size_t i = 0; i < log.paths.size(); ++i)
            for (const ccd::PathPoint& p : log.paths[i].points) {
                ASSERT_GT(p.position.x, 0.0) << "body " << i << ", frame " << frame;
                ASSERT_LT(p.position.x, 30.0) << "body " << i << ", frame " << frame;
                ASSERT_GT(p.position.y, 0.0) << "body " << i << ", frame " << frame;
                ASSERT_LT(p.position.y, 30.0) << "body " << i << ", frame " << frame;
            }
    }
}

TEST(WorldTurningWall, ItsOrientationComesFromTheFrameCountNotADrift) {
    // 0.75 radians a frame (a double exactly) for 10,000 frames: 7,500 radians, which is
    // 7500 - 1194 x 2 pi = -2.1232567724262534... at the end, to about an ulp of pi, where
    // accumulating the frames' turns or rotating the ends frame after frame would drift.
    World world;
    world.add_turning_wall({{1.0, 0.0}, {3.0, 0.0}}, {0.0, 0.0}, 0.75);
    for (int frame = 0; frame < 10000; ++frame)
        world.step();
    const double turned = -2.12325677242625344879;
    EXPECT_NEAR(world.wall_angle(0), turned, 1e-15);
    const ccd::Segment s = world.wall(0);
    expect_near(s.a, {std::cos(turned), std::sin(turned)}, 1e-15);
    expect_near(s.b, {3.0 * std::cos(turned), 3.0 * std::sin(turned)}, 3e-15);
}

TEST(WorldTurningWall, WhatAddTurningWallRefuses) {
    World world;
    BodyDef l_shape;
    l_shape.outline = {{0.0, 0.0}, {2.0, 0.0}, {2.0, 1.0}, {1.0, 1.0}, {1.0, 3.0}, {0.0, 3.0}};
    world.add_body(l_shape);
    EXPECT_THROW(world.add_turning_wall({{5.0, 0.0}, {6.0, 0.0}}, {5.0, 0.0}, 1.0),
                 std::invalid_argument)
        << "a polygon that is not convex beside a turning wall";
    EXPECT_EQ(world.add_turning_wall({{5.0, 0.0}, {6.0, 0.0}}, {5.0, 0.0}, 0.0), 0)
        << "the angle 0 is a static wall";
    EXPECT_EQ(world.wall_turning(0).angle, 0.0);
    World other;
    EXPECT_THROW(other.add_turning_wall({{0.0, 0.0}, {1.0, 0.0}}, {0.0, 0.0}, 1e70),
                 std::invalid_argument);
    other.add_turning_wall({{0.0, 0.0}, {1.0, 0.0}}, {0.0, 0.0}, 1.0);
    EXPECT_THROW(other.add_body(l_shape), std::invalid_argument);
}

} // namespace
