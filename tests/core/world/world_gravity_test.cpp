// Gravity in ccd::World (BodyDef::acceleration; docs/scheduler.md, "Gravity and resting"): each
// body's path within a frame is a parabola, the velocity at a contact is v + a t, a body that
// comes to rest on a floor is held there. Every expected value is worked out by hand in the
// comments.
#include "ccd/path_position.hpp"
#include "ccd/world.hpp"

#include "world_records.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Response;
using ccd::Segment;
using ccd::Vec2;
using ccd::World;

BodyDef falling_ball(Vec2 center, double radius, Vec2 velocity, Vec2 gravity, double restitution) {
    BodyDef def;
    def.shape = Circle{center, radius};
    def.velocity = velocity;
    def.acceleration = gravity;
    def.response = Response::bounce(restitution);
    return def;
}

TEST(WorldGravity, ABallDroppedFromRestLandsAtTheHandWorkedTime) {
    // Radius 1/2, its bottom 1 above the floor, g = 8 a frame squared: 4 t^2 = 1, t = 1/2, at
    // 8 x 1/2 = 4 a frame downward. Restitution 1: it leaves at 4 upward (above the hold's
    // threshold, a quarter of 8), rises 4 s - 4 s^2 for the half frame left, to 1 at s = 1/2:
    // back at its height, at rest, at the frame's end.
    World world;
    world.add_wall(Segment{{-5.0, 0.0}, {5.0, 0.0}});
    world.add_body(falling_ball({0.0, 1.5}, 0.5, {}, {0.0, -8.0}, 1.0));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(e.time, 0.5);
    EXPECT_EQ(e.point, (Vec2{0.0, 0.0}));
    EXPECT_EQ(e.normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(e.body_velocity_before, (Vec2{0.0, -4.0}));
    EXPECT_EQ(e.body_velocity_after, (Vec2{0.0, 4.0}));
    const ccd::WorldBody ball = world.body(0);
    EXPECT_NEAR(ball.shape.center.y, 1.5, 1e-15);
    EXPECT_NEAR(ball.velocity.y, 0.0, 1e-15);
    // The path is the parabola: at t = 1/4 the ball has fallen 8 x (1/4)^2 / 2 = 1/4.
    EXPECT_NEAR(ccd::position_at(log.paths[0], 0.25).y, 1.25, 1e-15);
    EXPECT_NEAR(ccd::position_at(log.paths[0], 0.75).y, 0.5 + 4.0 * 0.25 - 4.0 * 0.0625, 1e-15);
}

TEST(WorldGravity, RestitutionOneBouncesBackToItsHeightFrameAfterFrame) {
    // As above, each frame one bounce at t = 1/2 and back at 1.5 at rest: after 200 frames
    // still there, to rounding.
    World world;
    world.add_wall(Segment{{-5.0, 0.0}, {5.0, 0.0}});
    world.add_body(falling_ball({0.0, 1.5}, 0.5, {}, {0.0, -8.0}, 1.0));
    for (int frame = 0; frame < 200; ++frame) {
        const ccd::EventLog& log = world.step();
        ASSERT_EQ(log.events.size(), 1u) << frame;
        EXPECT_NEAR(log.events[0].time, 0.5, 1e-9) << frame;
    }
    EXPECT_NEAR(world.body(0).shape.center.y, 1.5, 1e-9);
    EXPECT_NEAR(world.body(0).velocity.y, 0.0, 1e-9);
}

TEST(WorldGravity, ABallDroppedOnAFloorComesToRestAndStaysThere) {
    // A Rapier report's numbers: g = 9.81 m/s^2 at 60 Hz, 9.81 / 3600 = 0.002725 a frame
    // squared; dropped from 1 m (bottom to floor), restitution 1/2. It lands after sqrt(2 x 1 /
    // 0.002725) = 27.1 frames at 0.0738 a frame, then each bounce leaves at half the speed it
    // came in with and lasts twice that over g: 27.1, 13.5, 6.8, ... frames; the seventh leaves at
    // 0.0738 / 2^7 = 0.00058, below a quarter of a frame of g (0.00068): held. The bounces'
    // times add to 27.1 x (1 + 1 + 1/2 + ...) < 81.3 frames: at rest by frame 90.
    const double g = 0.002725;
    World world;
    world.add_wall(Segment{{-5.0, 0.0}, {5.0, 0.0}});
    world.add_body(falling_ball({0.0, 1.1}, 0.1, {}, {0.0, -g}, 0.5));
    double energy = g * 1.0; // per unit mass: g x the height of its bottom, at rest
    for (int frame = 0; frame < 300; ++frame) {
        const ccd::EventLog& log = world.step();
        const ccd::WorldBody ball = world.body(0);
        // Never below the floor (its center a radius above it, to rounding).
        EXPECT_GE(ball.shape.center.y, 0.1 - 1e-12) << frame;
        // At most a few contacts a frame: a bounce, or the one that holds it each frame.
        EXPECT_LE(log.events.size(), 3u) << frame;
        // Its energy never grows.
        const double now =
            0.5 * dot(ball.velocity, ball.velocity) + g * (ball.shape.center.y - 0.1);
        EXPECT_LE(now, energy + 1e-12) << frame;
        energy = now;
        if (frame >= 90) {
            EXPECT_EQ(ball.velocity, (Vec2{0.0, 0.0})) << frame;
            EXPECT_NEAR(ball.shape.center.y, 0.1, 1e-12) << frame;
            EXPECT_EQ(log.events.size(), 1u) << frame; // the hold's contact, once a frame
        }
    }
}

TEST(WorldGravity, ABallThrownUpPastALedgeLandsOnItComingDown) {
    // As the query test: displacement (2, 8) a frame, g = 16, radius 1/4, the ledge from
    // (1, 1.5) to (2, 1.5): it passes beside the ledge on the way up and lands on it at
    // t = 1/2 + sqrt(2) / 8, at x = 2t, coming down at 8 - 16 t = -2 sqrt(2).
    World world;
    world.add_wall(Segment{{1.0, 1.5}, {2.0, 1.5}});
    world.add_body(falling_ball({0.0, 0.0}, 0.25, {2.0, 8.0}, {0.0, -16.0}, 0.0));
    const ccd::EventLog& log = world.step();
    ASSERT_GE(log.events.size(), 1u);
    const double t = 0.5 + std::sqrt(2.0) / 8.0;
    EXPECT_NEAR(log.events[0].time, t, 1e-12);
    EXPECT_NEAR(log.events[0].point.x, 2.0 * t, 1e-12);
    EXPECT_NEAR(log.events[0].body_velocity_before.y, -2.0 * std::sqrt(2.0), 1e-12);
    EXPECT_NEAR(log.events[0].body_velocity_before.x, 2.0, 1e-12);
    // Restitution 0: it stops falling there and slides on (2, 0) a frame over the ledge.
    EXPECT_NEAR(world.body(0).shape.center.y, 1.75, 1e-12);
}

TEST(WorldGravity, TwoBodiesUnderTheSameGravityMeetAsWithout) {
    // Two balls closing at 4 a frame with 2 between their surfaces, both falling alike: they
    // meet at t = 1/2 as without gravity, 8 x (1/2)^2 / 2 = 1 lower, and exchange velocities
    // (equal masses, restitution 1): each gets the other's horizontal velocity, both falling at
    // 8 x 1/2 = 4 then.
    World world;
    world.add_body(falling_ball({0.0, 0.0}, 0.5, {2.0, 0.0}, {0.0, -8.0}, 1.0));
    world.add_body(falling_ball({3.0, 0.0}, 0.5, {-2.0, 0.0}, {0.0, -8.0}, 1.0));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_EQ(log.events[0].time, 0.5);
    EXPECT_EQ(log.events[0].point, (Vec2{1.5, -1.0}));
    EXPECT_EQ(log.events[0].body_velocity_before, (Vec2{2.0, -4.0}));
    EXPECT_EQ(log.events[0].body_velocity_after, (Vec2{-2.0, -4.0}));
    // At the frame's end: back to 0 and 3 horizontally, 4 lower, falling at 8.
    EXPECT_NEAR(world.body(0).shape.center.x, 0.0, 1e-15);
    EXPECT_NEAR(world.body(0).shape.center.y, -4.0, 1e-15);
    EXPECT_EQ(world.body(0).velocity, (Vec2{-2.0, -8.0}));
}

TEST(WorldGravity, AStaticBodyAndAZeroScaleIgnoreGravity) {
    World world;
    BodyDef tile = falling_ball({0.0, 0.0}, 1.0, {}, {0.0, -8.0}, 1.0);
    tile.is_static = true;
    world.add_body(tile);
    world.add_body(falling_ball({5.0, 0.0}, 0.5, {1.0, 0.0}, {}, 1.0));
    world.step();
    EXPECT_EQ(world.body(0).shape.center, (Vec2{0.0, 0.0}));
    EXPECT_EQ(world.body(1).shape.center, (Vec2{6.0, 0.0}));
    EXPECT_EQ(world.body(1).velocity, (Vec2{1.0, 0.0}));
}

TEST(WorldGravity, AKeyframeRestoresAFallingRunBitForBit) {
    // Three balls falling into a V of walls, bouncing off each other and the walls: the World
    // restored from a keyframe at frame 20 steps on exactly as the original.
    World world;
    world.add_wall(Segment{{-4.0, 4.0}, {0.0, 0.0}});
    world.add_wall(Segment{{0.0, 0.0}, {4.0, 4.0}});
    world.add_body(falling_ball({-1.0, 3.0}, 0.3, {0.05, 0.0}, {0.0, -0.01}, 0.8));
    world.add_body(falling_ball({0.2, 3.5}, 0.25, {-0.02, 0.0}, {0.0, -0.01}, 0.6));
    world.add_body(falling_ball({1.0, 2.5}, 0.35, {0.0, 0.01}, {0.0, -0.01}, 0.9));
    for (int frame = 0; frame < 20; ++frame)
        world.step();
    World restored = world.restored(world.keyframe());
    for (int frame = 0; frame < 60; ++frame) {
        const std::string a = ccd::to_text(world.step());
        const std::string b = ccd::to_text(restored.step());
        ASSERT_EQ(a, b) << frame;
        for (int i = 0; i < 3; ++i) {
            EXPECT_EQ(world.body(i).shape.center, restored.body(i).shape.center);
            EXPECT_EQ(world.body(i).velocity, restored.body(i).velocity);
        }
    }
}

// The resting rule's limits (docs/scheduler.md, "Gravity and resting"), pinned as they are.

TEST(WorldGravity, LimitAHeldBodySlidingOffItsSupportFallsOnlyFromTheNextFrame) {
    // A ball of radius 1/2 on a ledge that ends at (0, 0), its center at (-1, 1/2), sliding at
    // (2, 0) a frame under g = 8 (restitution 0). It starts the frame touching the ledge at rest
    // vertically: its contacts a hair later (a few, within 1e-9 of the frame's start, while the
    // rounding of its slide settles) hold it (normal (0, 1)), and the hold keeps its
    // acceleration into the ledge removed until the frame ends. Its center passes over the
    // ledge's end at t = 1/2 and leaves it; a free fall from there would end the frame at
    // 1/2 - 8 (1/2)^2 / 2 = -1/2, falling at 4. Held, it ends it level, at (1, 1/2), at rest
    // vertically; it falls only in frame 1: 1/2 - 8 / 2 = -7/2, at (2, -8).
    World world;
    world.add_wall(Segment{{-5.0, 0.0}, {0.0, 0.0}});
    world.add_body(falling_ball({-1.0, 0.5}, 0.5, {2.0, 0.0}, {0.0, -8.0}, 0.0));
    const ccd::EventLog& first = world.step();
    ASSERT_FALSE(first.events.empty());
    for (const ccd::ContactEvent& e : first.events) {
        EXPECT_LT(e.time, 1e-9);
        EXPECT_NEAR(e.normal.x, 0.0, 1e-12);
    }
    EXPECT_NEAR(world.body(0).shape.center.x, 1.0, 1e-12);
    EXPECT_NEAR(world.body(0).shape.center.y, 0.5, 1e-12); // not -1/2
    EXPECT_NEAR(world.body(0).velocity.y, 0.0, 1e-12);     // not -4
    EXPECT_TRUE(world.step().events.empty());
    EXPECT_NEAR(world.body(0).shape.center.x, 3.0, 1e-12);
    EXPECT_NEAR(world.body(0).shape.center.y, -3.5, 1e-12);
    EXPECT_NEAR(world.body(0).velocity.y, -8.0, 1e-12);
}

TEST(WorldGravity, LimitABodyPulledIntoTwoSupportsIsHeldByOneAtATime) {
    // A ball of radius 1/2 resting in a right-angled V, walls (-4, 4)-(0, 0) and (0, 0)-(4, 4),
    // touching both: its center at (0, sqrt(2) / 2), at rest, g = 8 (restitution 0). Each wall's
    // contact holds it by that wall's normal alone, (1, 1) / sqrt(2) or (-1, 1) / sqrt(2): what
    // is left of g, (4, -4) or (-4, -4), pulls it along that wall into the other, whose contact
    // then holds it instead. The two alternate with no time between them until the chattering
    // rule (more than chatter_limit 32 changes within 1e-9) freezes it for the rest of the frame.
    // It never moves: at the frame's end it is where it started, at rest.
    World world;
    world.add_wall(Segment{{-4.0, 4.0}, {0.0, 0.0}});
    world.add_wall(Segment{{0.0, 0.0}, {4.0, 4.0}});
    const double h = std::sqrt(2.0) / 2.0;
    world.add_body(falling_ball({0.0, h}, 0.5, {}, {0.0, -8.0}, 0.0));
    const ccd::EventLog& log = world.step();
    ASSERT_GT(log.events.size(), 32u);
    for (std::size_t k = 1; k < log.events.size(); ++k)
        EXPECT_NE(log.events[k].other, log.events[k - 1].other) << k;
    ASSERT_EQ(log.chatter_cuts.size(), 1u);
    EXPECT_EQ(log.chatter_cuts[0].body, 0);
    EXPECT_NEAR(world.body(0).shape.center.x, 0.0, 1e-12);
    EXPECT_NEAR(world.body(0).shape.center.y, h, 1e-12);
}

TEST(WorldGravity, SnapshotBytesCountEachBodysAcceleration) {
    // A snapshot keeps each body's acceleration (BodyDef::acceleration: a falling body steps on
    // by it). A World of two falling balls holds one more of each by-body record than a World of
    // one (every by-body vector grown by one push at each add_body: capacity 1, then 2): its body
    // record, callback, motion, outline, rounding, spin, stamp and acceleration, nothing else.
    World one, two;
    one.add_body(falling_ball({0.0, 1.0}, 0.5, {}, {0.0, -8.0}, 1.0));
    two.add_body(falling_ball({0.0, 1.0}, 0.5, {}, {0.0, -8.0}, 1.0));
    two.add_body(falling_ball({2.0, 1.0}, 0.5, {}, {0.0, -8.0}, 1.0));
    const std::size_t per_body = sizeof(ccd::detail::BodyRecord) + sizeof(ccd::ContactCallback) +
                                 sizeof(ccd::detail::BodyMotion) + sizeof(std::vector<Vec2>) +
                                 sizeof(double) + sizeof(ccd::detail::Spin) +
                                 sizeof(ccd::detail::Stamp) + sizeof(Vec2);
    EXPECT_EQ(two.snapshot_bytes() - one.snapshot_bytes(), per_body);
}

} // namespace
