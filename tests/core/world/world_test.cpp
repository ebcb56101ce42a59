// ccd::World, one behaviour per test. Every expected value is worked out by hand in the
// comments (radius-1 balls, walls placed so contacts fall at simple fractions of the frame).
#include "ccd/world.hpp"
#include "expect_near.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::CancelReason;
using ccd::Circle;
using ccd::ContactInput;
using ccd::ContactOutcome;
using ccd::Feature;
using ccd::OtherKind;
using ccd::Response;
using ccd::Segment;
using ccd::Vec2;
using ccd::World;

constexpr double kEps = 1e-12;

using ccd_test::expect_near;

// A wall x = 5 from y = -10 to 10 and a unit ball at the origin moving 10 per frame toward it:
// it touches when its center reaches x = 4, at t = 0.4.
World ball_toward_wall(Response response) {
    World world;
    world.add_wall({{5.0, -10.0}, {5.0, 10.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {10.0, 0.0}, 1.0, std::move(response)});
    return world;
}

TEST(World, BallBouncesOffAWallMidFrameAndTravelsBackForTheRestOfTheFrame) {
    World world = ball_toward_wall(Response::bounce());
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(e.sequence, 0);
    EXPECT_NEAR(e.time, 0.4, kEps);
    EXPECT_EQ(e.body, 0);
    EXPECT_EQ(e.other_kind, OtherKind::Wall);
    EXPECT_EQ(e.other, 0);
    EXPECT_EQ(e.feature, Feature::SegmentInterior);
    expect_near(e.point, {5.0, 0.0});
    expect_near(e.normal, {-1.0, 0.0});
    expect_near(e.body_velocity_before, {10.0, 0.0});
    expect_near(e.body_velocity_after, {-10.0, 0.0});
    // Path: (0, 0) at 0, (4, 0) at 0.4, then 0.6 of a frame at -10: (-2, 0) at 1.
    ASSERT_EQ(log.paths[0].points.size(), 3u);
    EXPECT_NEAR(log.paths[0].points[1].time, 0.4, kEps);
    expect_near(log.paths[0].points[1].position, {4.0, 0.0});
    EXPECT_EQ(log.paths[0].points[2].time, 1.0);
    expect_near(log.paths[0].points[2].position, {-2.0, 0.0});
    expect_near(world.body(0).shape.center, {-2.0, 0.0});
    EXPECT_TRUE(log.cancelled.empty());
}

TEST(World, RestitutionScalesTheReboundSpeed) {
    // Rebound at 0.5 * 10 = 5 from x = 4 at t = 0.4: x = 4 - 5 * 0.6 = 1 at the frame's end.
    World world = ball_toward_wall(Response::bounce(0.5));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    expect_near(log.events[0].body_velocity_after, {-5.0, 0.0});
    expect_near(world.body(0).shape.center, {1.0, 0.0});
}

// A floor y = 0 and a unit ball at (0, 3) moving (4, -4): touches when 3 - 4t = 1, t = 0.5, at
// (2, 1).
World ball_toward_floor(Response response) {
    World world;
    world.add_wall({{-100.0, 0.0}, {100.0, 0.0}});
    world.add_body(BodyDef{Circle{{0.0, 3.0}, 1.0}, {4.0, -4.0}, 1.0, std::move(response)});
    return world;
}

TEST(World, SlideKeepsTheTangentialVelocityAndRestsOnTheFloorWithoutChattering) {
    World world = ball_toward_floor(Response::slide());
    const ccd::EventLog& first = world.step();
    ASSERT_EQ(first.events.size(), 1u);
    EXPECT_NEAR(first.events[0].time, 0.5, kEps);
    expect_near(first.events[0].body_velocity_after, {4.0, 0.0});
    expect_near(world.body(0).shape.center, {4.0, 1.0}); // 2 + 4 * 0.5
    // Next frame it touches the floor but does not close in: not an event.
    const ccd::EventLog& second = world.step();
    EXPECT_TRUE(second.events.empty());
    EXPECT_TRUE(second.chatter_cuts.empty());
    expect_near(world.body(0).shape.center, {8.0, 1.0});
}

TEST(World, StopLeavesTheBodyAtTheContactForTheRestOfTheFrameAndAfter) {
    World world = ball_toward_floor(Response::stop());
    ASSERT_EQ(world.step().events.size(), 1u);
    expect_near(world.body(0).shape.center, {2.0, 1.0});
    EXPECT_TRUE(world.step().events.empty());
    expect_near(world.body(0).shape.center, {2.0, 1.0});
}

TEST(World, DestroyRemovesTheBodyAndEndsItsPathAtTheContact) {
    World world = ball_toward_floor(Response::destroy());
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_TRUE(log.events[0].body_removed);
    EXPECT_FALSE(world.body(0).alive);
    ASSERT_EQ(log.paths[0].points.size(), 2u);
    expect_near(log.paths[0].points.back().position, {2.0, 1.0});
    const ccd::EventLog& next = world.step();
    EXPECT_TRUE(next.events.empty());
    EXPECT_TRUE(next.paths[0].points.empty());
}

TEST(World, SensorReportsTheContactOnceAndPassesThrough) {
    World world = ball_toward_wall(Response::sensor());
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].time, 0.4, kEps);
    expect_near(log.events[0].body_velocity_after, {10.0, 0.0});
    expect_near(world.body(0).shape.center, {10.0, 0.0});
    // Frame 2 starts at x = 10, clear of the wall (x = 5, radius 1) and moving away.
    EXPECT_TRUE(world.step().events.empty());
}

TEST(World, SensorBodyAndBouncingBodyPassThroughEachOther) {
    // Head-on at 5 and -5 from 10 apart: touching (gap 2) at t = 0.8; nothing changes.
    World world;
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {5.0, 0.0}, 1.0, Response::sensor()});
    world.add_body(BodyDef{Circle{{10.0, 0.0}, 1.0}, {-5.0, 0.0}, 1.0, Response::bounce()});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].time, 0.8, kEps);
    expect_near(world.body(0).shape.center, {5.0, 0.0});
    expect_near(world.body(1).shape.center, {5.0, 0.0});
}

TEST(World, CallbackSeesTheContactAndSetsTheVelocity) {
    std::vector<ContactInput> seen;
    World world = ball_toward_wall(Response::call([&](const ContactInput& in) {
        seen.push_back(in);
        return ContactOutcome{{0.0, 5.0}, false};
    }));
    world.step();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_NEAR(seen[0].time, 0.4, kEps);
    EXPECT_EQ(seen[0].other_kind, OtherKind::Wall);
    expect_near(seen[0].normal, {-1.0, 0.0});
    expect_near(seen[0].velocity, {10.0, 0.0});
    // (4, 0) at 0.4, then (0, 5) for 0.6: (4, 3).
    expect_near(world.body(0).shape.center, {4.0, 3.0});
}

TEST(World, CallbackCanRemoveTheBody) {
    World world = ball_toward_wall(Response::call([](const ContactInput& in) {
        return ContactOutcome{in.velocity, true};
    }));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_TRUE(log.events[0].body_removed);
    EXPECT_FALSE(world.body(0).alive);
}

TEST(World, EqualBallsHeadOnExchangeVelocities) {
    // Gap 10 - 10t = 2 at t = 0.8: A at 4, B at 6; swapped, A ends at 3 and B at 7. The contact
    // point is on B (the higher index), the normal from B toward A.
    World world;
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {5.0, 0.0}, 1.0, {}});
    world.add_body(BodyDef{Circle{{10.0, 0.0}, 1.0}, {-5.0, 0.0}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(e.other_kind, OtherKind::Body);
    EXPECT_EQ(e.other, 1);
    EXPECT_EQ(e.feature, Feature::Circle);
    expect_near(e.point, {5.0, 0.0});
    expect_near(e.normal, {-1.0, 0.0});
    expect_near(e.body_velocity_after, {-5.0, 0.0});
    expect_near(e.other_velocity_after, {5.0, 0.0});
    expect_near(world.body(0).shape.center, {3.0, 0.0});
    expect_near(world.body(1).shape.center, {7.0, 0.0});
}

TEST(World, UnequalMassesFollowTheOneDimensionalElasticFormula) {
    // m1 = 1 at 5, m2 = 3 at -5: v1' = ((1-3)5 + 2*3*(-5))/4 = -10, v2' = ((3-1)(-5) + 2*5)/4 = 0.
    World world;
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {5.0, 0.0}, 1.0, {}});
    world.add_body(BodyDef{Circle{{10.0, 0.0}, 1.0}, {-5.0, 0.0}, 3.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    expect_near(log.events[0].body_velocity_after, {-10.0, 0.0});
    expect_near(log.events[0].other_velocity_after, {0.0, 0.0});
}

TEST(World, AHitsBFirstSoItsPredictedHitOnCIsCancelledByThatEvent) {
    // Seed 004's example. A (stops on contact) at 0 moving 10; B at 4 and C at 8, both still.
    // A touches B at center 2 (t = 0.2) and would touch C at center 6 (t = 0.6).
    World world;
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {10.0, 0.0}, 1.0, Response::stop()});
    world.add_body(BodyDef{Circle{{4.0, 0.0}, 1.0}, {}, 1.0, Response::stop()});
    world.add_body(BodyDef{Circle{{8.0, 0.0}, 1.0}, {}, 1.0, Response::stop()});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].time, 0.2, kEps);
    EXPECT_EQ(log.events[0].other, 1);
    ASSERT_EQ(log.cancelled.size(), 1u);
    const ccd::CancelledPrediction& c = log.cancelled[0];
    EXPECT_NEAR(c.time, 0.6, kEps);
    EXPECT_EQ(c.body, 0);
    EXPECT_EQ(c.other_kind, OtherKind::Body);
    EXPECT_EQ(c.other, 2);
    EXPECT_EQ(c.predicted_at, 0.0);
    EXPECT_EQ(c.predicted_after, -1);
    EXPECT_EQ(c.reason, CancelReason::TrajectoryChanged);
    EXPECT_EQ(c.cancelled_by, 0);
    // The contact it predicted: A's center at 6 against C's at 8, on C's surface at (7, 0).
    expect_near(c.point, {7.0, 0.0});
    expect_near(c.normal, {-1.0, 0.0});
    expect_near(world.body(0).shape.center, {2.0, 0.0});
}

TEST(World, OnATieAWallComesBeforeABody) {
    // Ball 0 reaches the wall x = 5 and ball 1's surface (center 6) at the same instant
    // (center 4, t = 0.4 in both queries: 80/200 and 32/80 round to the same double).
    World world;
    world.add_wall({{5.0, -10.0}, {5.0, 10.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {10.0, 0.0}, 1.0, {}});
    world.add_body(BodyDef{Circle{{6.0, 0.0}, 1.0}, {}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_GE(log.events.size(), 1u);
    EXPECT_EQ(log.events[0].other_kind, OtherKind::Wall);
    // The bounce reverses ball 0: its contact with ball 1 was cancelled by event 0.
    ASSERT_EQ(log.events.size(), 1u);
    ASSERT_EQ(log.cancelled.size(), 1u);
    EXPECT_EQ(log.cancelled[0].other_kind, OtherKind::Body);
    EXPECT_EQ(log.cancelled[0].cancelled_by, 0);
}

TEST(World, OnATieTheLowerBodyComesFirst) {
    // Wall 0 is ball 1's and wall 1 is ball 0's; both balls touch at t = 0.4 (80/200 and
    // 40/100 round alike). The lower body goes first whatever the wall indices.
    World world;
    world.add_wall({{5.0, 5.0}, {5.0, 15.0}});
    world.add_wall({{5.0, -5.0}, {5.0, 5.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {10.0, 0.0}, 1.0, {}});
    world.add_body(BodyDef{Circle{{0.0, 10.0}, 1.0}, {10.0, 0.0}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 2u);
    EXPECT_EQ(log.events[0].time, log.events[1].time);
    EXPECT_EQ(log.events[0].body, 0);
    EXPECT_EQ(log.events[0].other, 1);
    EXPECT_EQ(log.events[1].body, 1);
    EXPECT_EQ(log.events[1].other, 0);
}

TEST(World, CornerHitTakesBothWallsAtTheSameTimeInWallOrder) {
    // Moving (10, 10) toward the corner of y = 5 (wall 0) and x = 5 (wall 1): both touch at
    // t = 0.4 at (4, 4). Wall 0 first (lower index) flips y; wall 1, still touching and now
    // the only one closing, flips x at the same time; the ball ends at (4,4) - 0.6 (10,10).
    World world;
    world.add_wall({{-10.0, 5.0}, {10.0, 5.0}});
    world.add_wall({{5.0, -10.0}, {5.0, 10.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {10.0, 10.0}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 2u);
    EXPECT_EQ(log.events[0].other, 0);
    EXPECT_EQ(log.events[1].other, 1);
    EXPECT_EQ(log.events[0].time, log.events[1].time);
    expect_near(log.events[1].body_velocity_after, {-10.0, -10.0});
    expect_near(world.body(0).shape.center, {-2.0, -2.0});
    ASSERT_EQ(log.cancelled.size(), 1u); // the first prediction on wall 1, from t = 0
    EXPECT_EQ(log.cancelled[0].other, 1);
    EXPECT_EQ(log.cancelled[0].cancelled_by, 0);
}

TEST(World, WalkingTheFrameEventByEventShowsTheStateAtAnyTime) {
    World world = ball_toward_wall(Response::bounce());
    const ccd::ContactEvent* e = world.next_event();
    ASSERT_NE(e, nullptr);
    EXPECT_NEAR(world.time(), 0.4, kEps);
    expect_near(world.body(0).shape.center, {4.0, 0.0});
    world.advance_to(0.7); // 4 - 10 * 0.3
    expect_near(world.body(0).shape.center, {1.0, 0.0});
    EXPECT_EQ(world.next_event(), nullptr);
    EXPECT_TRUE(world.in_frame());
    world.advance_to(1.0);
    EXPECT_FALSE(world.in_frame());
    EXPECT_EQ(world.frames_completed(), 1);
    // The same log as a single step() on a fresh world, bit for bit.
    World fresh = ball_toward_wall(Response::bounce());
    EXPECT_EQ(ccd::to_text(fresh.step()), ccd::to_text(world.log()));
}

TEST(World, AdvanceToProcessesEveryEventUpToAndIncludingT) {
    World world = ball_toward_wall(Response::bounce());
    world.advance_to(0.3);
    EXPECT_TRUE(world.log().events.empty());
    expect_near(world.body(0).shape.center, {3.0, 0.0});
    world.advance_to(0.5); // the contact at 0.4, then back: 4 - 10 * 0.1
    EXPECT_EQ(world.log().events.size(), 1u);
    expect_near(world.body(0).shape.center, {3.0, 0.0});
}

TEST(World, ChatteringCallbackIsFrozenAfterTheLimitAndDoesNotPassThrough) {
    // The callback halves the velocity but keeps it pointing into the wall: each change is a
    // new contact at the same instant. The 33rd change (limit 32) freezes the ball at (4, 0).
    World world = ball_toward_wall(Response::call([](const ContactInput& in) {
        return ContactOutcome{in.velocity * 0.5, false};
    }));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.chatter_cuts.size(), 1u);
    EXPECT_EQ(log.chatter_cuts[0].body, 0);
    EXPECT_EQ(log.chatter_cuts[0].sequence, 32);
    EXPECT_EQ(log.events.size(), 33u);
    EXPECT_FALSE(log.budget_cut.has_value());
    expect_near(world.body(0).shape.center, {4.0, 0.0});
    EXPECT_LE(world.body(0).shape.center.x, 4.0);
}

TEST(World, BudgetFreezesEveryBodyWhereItIsAndSaysSo) {
    // Walls x = +-2, a unit ball at 0 moving 100: contacts at t = 0.01, 0.03, ... 0.09 (five),
    // the sixth due at 0.11 with the center at x = -1 is cut.
    ccd::WorldOptions options;
    options.event_budget = 5;
    World world(options);
    world.add_wall({{2.0, -10.0}, {2.0, 10.0}});
    world.add_wall({{-2.0, -10.0}, {-2.0, 10.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {100.0, 0.0}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    EXPECT_EQ(log.events.size(), 5u);
    ASSERT_TRUE(log.budget_cut.has_value());
    EXPECT_NEAR(log.budget_cut->time, 0.11, 1e-12);
    EXPECT_EQ(log.budget_cut->events, 5);
    ASSERT_FALSE(log.cancelled.empty());
    EXPECT_EQ(log.cancelled[0].reason, CancelReason::Budget);
    expect_near(world.body(0).shape.center, {-1.0, 0.0}, 1e-9);
    // Five reversals: it carries (-100, 0) into the next frame, touching the left wall.
    expect_near(world.body(0).velocity, {-100.0, 0.0});
    const ccd::EventLog& next = world.step();
    ASSERT_FALSE(next.events.empty());
    EXPECT_LE(next.events[0].time, 1e-12); // touching, to rounding
}

TEST(World, PointBouncesInABoxAndNeverLeavesIt) {
    // A point (radius 0) at an irrational-looking speed for 2,000 frames: each frame it must
    // end inside the closed box [0, 10]^2 (the walls are its edges).
    World world;
    const std::vector<Vec2> box{{0.0, 0.0}, {10.0, 0.0}, {10.0, 10.0}, {0.0, 10.0}};
    world.add_polyline(box, true);
    world.add_body(BodyDef{Circle{{3.0, 7.0}, 0.0}, {7.3137, -5.1931}, 1.0, {}});
    int events = 0;
    for (int frame = 0; frame < 2000; ++frame) {
        events += static_cast<int>(world.step().events.size());
        const Vec2 c = world.body(0).shape.center;
        ASSERT_TRUE(c.x >= 0.0 && c.x <= 10.0 && c.y >= 0.0 && c.y <= 10.0)
            << "frame " << frame << " at " << c.x << ", " << c.y;
    }
    EXPECT_GT(events, 1000); // about 1.3 wall hits per frame
}

// ---- kinematic walls ----------------------------------------------------------------------

// A vertical wall x = -3 (y from -10 to 10) moving (4, 0) per frame, and a unit ball at rest at
// the origin: the wall's face reaches the ball's left side (x = -1) when -3 + 4t = -1, t = 0.5.
World ball_in_front_of_a_moving_wall(Response response) {
    World world;
    world.add_kinematic_wall({{-3.0, -10.0}, {-3.0, 10.0}}, {4.0, 0.0}, {4.0, 0.0});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {}, 1.0, std::move(response)});
    return world;
}

// Walls 0 and 1 closing in on the origin: x = -3 moving +4 per frame and x = 3 moving -2; a unit
// ball between them fits until t = 2/3, when they are two radii apart.
void add_closing_walls(World& world) {
    world.add_kinematic_wall({{-3.0, -10.0}, {-3.0, 10.0}}, {4.0, 0.0}, {4.0, 0.0});
    world.add_kinematic_wall({{3.0, -10.0}, {3.0, 10.0}}, {-2.0, 0.0}, {-2.0, 0.0});
}

// Every vertex of a unit ball's path lies between those walls, up to `slack`.
void expect_between_closing_walls(const ccd::BodyPath& path, double slack) {
    for (const ccd::PathPoint& p : path.points) {
        EXPECT_GE(p.position.x - 1.0, -3.0 + 4.0 * p.time - slack) << "at t = " << p.time;
        EXPECT_LE(p.position.x + 1.0, 3.0 - 2.0 * p.time + slack) << "at t = " << p.time;
    }
}

TEST(World, AMovingWallBouncesABallRelativeToItsOwnVelocity) {
    // Normal (1, 0); velocity relative to the wall (0 - 4, 0), closing 4; elastic: v' = v -
    // 2 (-4) n = (8, 0). From x = 0 at t = 0.5 the ball reaches 0 + 8 * 0.5 = 4; the wall x = 1.
    World world = ball_in_front_of_a_moving_wall(Response::bounce());
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, 0.5, kEps);
    EXPECT_EQ(e.other_kind, OtherKind::Wall);
    expect_near(e.point, {-1.0, 0.0});
    expect_near(e.normal, {1.0, 0.0});
    expect_near(e.other_velocity_before, {4.0, 0.0});
    expect_near(e.body_velocity_after, {8.0, 0.0});
    expect_near(world.body(0).shape.center, {4.0, 0.0});
    expect_near(world.wall(0).a, {1.0, -10.0});
    // The next frame the wall moves (4, 0) again, to x = 5; the ball (at 8) to x = 12: no contact.
    EXPECT_TRUE(world.step().events.empty());
    expect_near(world.wall(0).a, {5.0, -10.0});
    expect_near(world.body(0).shape.center, {12.0, 0.0});
}

TEST(World, AMovingWallPushesASlidingBallAlongAtItsOwnSpeed) {
    // Slide removes the closing part: v' = v - n (-4) = (4, 0): the ball rides in front of the
    // wall, touching it (x = 2 and wall 1 at t = 1; 6 and 5 a frame later) with no new event.
    World world = ball_in_front_of_a_moving_wall(Response::slide());
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    expect_near(log.events[0].body_velocity_after, {4.0, 0.0});
    expect_near(world.body(0).shape.center, {2.0, 0.0});
    const ccd::EventLog& next = world.step();
    EXPECT_TRUE(next.events.empty());
    EXPECT_TRUE(next.chatter_cuts.empty());
    expect_near(world.body(0).shape.center, {6.0, 0.0});
    expect_near(world.wall(0).a, {5.0, -10.0});
}

TEST(World, AStopBallHitByAMovingWallStopsRelativeToItAndRidesAlong) {
    // Stop takes the wall's velocity at the contact, (4, 0): as the sliding ball, x = 2 at the
    // frame's end, touching the wall (x = 1) without a new event; 6 a frame later.
    World world = ball_in_front_of_a_moving_wall(Response::stop());
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    expect_near(log.events[0].body_velocity_after, {4.0, 0.0});
    expect_near(world.body(0).shape.center, {2.0, 0.0});
    EXPECT_TRUE(world.step().events.empty());
    expect_near(world.body(0).shape.center, {6.0, 0.0});
}

TEST(World, WallShowsTheKinematicWallAtTheWorldsCurrentTime) {
    World world = ball_in_front_of_a_moving_wall(Response::bounce());
    world.advance_to(0.25); // -3 + 4 * 0.25
    expect_near(world.wall(0).a, {-2.0, -10.0});
    expect_near(world.wall(0).b, {-2.0, 10.0});
    const ccd::MovingSegment m = world.wall_motion(0);
    expect_near(m.start.a, {-2.0, -10.0});
    expect_near(m.displacement_a, {4.0, 0.0}); // per frame
}

TEST(World, ATiltingWallHitsWithTheVelocityOfItsMaterialPointAtTheContact) {
    // Wall from a = (-2, -1) to b = (2, -1); a rises 1, b rises 3 per frame. A point at rest at
    // (0, 0.5): x stays 0 = -2 + 4u, so the wall's point u = 1/2 reaches it when
    // -1 + (1 + 3) t / 2 = 0.5, t = 0.75. There the wall runs from (-2, -0.25) to (2, 1.25),
    // direction (4, 1.5), normal toward the point (-1.5, 4) / sqrt(18.25); the material point
    // moves (0, 1) + u (0, 2) = (0, 2). Elastic, from rest: v' = 2 (w . n) n
    // = 2 * 8 / 18.25 * (-1.5, 4) = (-24, 64) / 18.25.
    World world;
    world.add_kinematic_wall({{-2.0, -1.0}, {2.0, -1.0}}, {0.0, 1.0}, {0.0, 3.0});
    world.add_body(BodyDef{Circle{{0.0, 0.5}, 0.0}, {}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_GE(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, 0.75, kEps);
    EXPECT_EQ(e.feature, Feature::SegmentInterior);
    expect_near(e.point, {0.0, 0.5});
    expect_near(e.normal, Vec2{-1.5, 4.0} * (1.0 / std::sqrt(18.25)));
    expect_near(e.other_velocity_before, {0.0, 2.0});
    expect_near(e.body_velocity_after, Vec2{-24.0, 64.0} * (1.0 / 18.25));
}

TEST(World, ABallSqueezedBetweenTwoClosingWallsIsFrozenThenCrushedNotPassedThrough) {
    // Left wall x = -3 moving +4, right wall x = 3 moving -2 per frame; a unit sliding ball at
    // rest at 0. t = 0.5: the left wall reaches it, the ball rides at (4, 0). Its right side
    // 1 + 4 (t - 0.5) meets 3 - 2t at t = 2/3 (ball at 2/3, walls at -1/3 and 5/3: exactly
    // two radii apart). From then on both walls touch it and close in: slide on the right
    // wall gives 4 - (4 + 2) = -2, on the left -2 + (2 + 4) = 4, alternately, all at t = 2/3.
    // The 33rd change at that instant (events 1 to 33; event 33 is the right wall's) freezes
    // it, carried by the right wall at (-2, 0); the left wall still closes in at 6: event 34
    // crushes it. Nothing hangs and the ball never leaves the space between the walls.
    World world;
    add_closing_walls(world);
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {}, 1.0, Response::slide()});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 35u);
    EXPECT_NEAR(log.events[0].time, 0.5, kEps);
    EXPECT_NEAR(log.events[1].time, 2.0 / 3.0, kEps);
    EXPECT_EQ(log.events[1].other, 1);
    expect_near(log.events[1].body_velocity_after, {-2.0, 0.0});
    expect_near(log.events[2].body_velocity_after, {4.0, 0.0});
    ASSERT_EQ(log.chatter_cuts.size(), 1u);
    EXPECT_EQ(log.chatter_cuts[0].sequence, 33);
    EXPECT_EQ(log.events[33].other, 1);
    ASSERT_EQ(log.crushes.size(), 1u);
    EXPECT_EQ(log.crushes[0].body, 0);
    EXPECT_EQ(log.crushes[0].sequence, 34);
    EXPECT_NEAR(log.crushes[0].time, 2.0 / 3.0, kEps);
    EXPECT_EQ(log.events[34].other, 0);
    EXPECT_TRUE(log.events[34].body_removed);
    EXPECT_FALSE(world.body(0).alive);
    EXPECT_FALSE(log.budget_cut.has_value());
    expect_between_closing_walls(log.paths[0], 1e-12);
    expect_near(log.paths[0].points.back().position, {2.0 / 3.0, 0.0});
}

TEST(World, AnElasticBallBetweenClosingWallsIsFrozenByTheFrameLimitThenCrushed) {
    // The same walls as above, an elastic ball: each bounce adds twice a wall's speed and the
    // gap shrinks like 1 / bounces, so the bounces converge on t = 2/3 but never come within
    // the chattering window of each other. The frame's limit does: events 0 to 999 are its first
    // 1,000 changes of trajectory, event 1000 (the left wall's, the bounces alternating from
    // the right wall's at event 1) the 1,001st, which freezes it, carried by the left wall at
    // (4, 0); the right wall, still closing in, crushes it at event 1001, at t = 2/3 where the
    // walls are two radii apart. A second ball far away finishes its frame: nothing stops the
    // world (the budget, 1000 + 100 per body, would have frozen everything).
    World world;
    add_closing_walls(world);
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {}, 1.0, {}});
    world.add_body(BodyDef{Circle{{100.0, 0.0}, 1.0}, {0.0, 3.0}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    EXPECT_FALSE(log.budget_cut.has_value());
    ASSERT_EQ(log.events.size(), 1002u);
    EXPECT_EQ(log.events[0].other, 0);
    EXPECT_EQ(log.events[1].other, 1);
    ASSERT_EQ(log.chatter_cuts.size(), 1u);
    EXPECT_EQ(log.chatter_cuts[0].body, 0);
    EXPECT_EQ(log.chatter_cuts[0].sequence, 1000);
    EXPECT_EQ(log.events[1000].other, 0);
    ASSERT_EQ(log.crushes.size(), 1u);
    EXPECT_EQ(log.crushes[0].sequence, 1001);
    EXPECT_EQ(log.events[1001].other, 1);
    EXPECT_TRUE(log.events[1001].body_removed);
    EXPECT_NEAR(log.crushes[0].time, 2.0 / 3.0, 1e-9);
    EXPECT_FALSE(world.body(0).alive);
    expect_between_closing_walls(log.paths[0], 1e-9);
    expect_near(world.body(1).shape.center, {100.0, 3.0});
    EXPECT_NEAR(log.paths[1].points.back().time, 1.0, 0.0);
}

TEST(World, ABodyOverTheFramesChangeLimitIsFrozenForTheRestOfTheFrame) {
    // Static walls at x = -2 and 2, a ball of radius 0.5 at 0 moving +20 per frame: contacts at
    // t = 0.075 (right), 0.225 (left), 0.375 (right), 0.525 (left), 3 units (0.15 of a frame)
    // apart. With a limit of 3 changes a frame the 4th freezes it at x = -1.5, carried by the
    // static wall (standing still) until the frame's end; it keeps its velocity, +20, and
    // moves on the next frame.
    ccd::WorldOptions options;
    options.frame_change_limit = 3;
    World world(options);
    world.add_wall({{-2.0, -10.0}, {-2.0, 10.0}});
    world.add_wall({{2.0, -10.0}, {2.0, 10.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 0.5}, {20.0, 0.0}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 4u);
    EXPECT_NEAR(log.events[3].time, 0.525, kEps);
    ASSERT_EQ(log.chatter_cuts.size(), 1u);
    EXPECT_EQ(log.chatter_cuts[0].sequence, 3);
    EXPECT_TRUE(log.crushes.empty());
    EXPECT_FALSE(log.budget_cut.has_value());
    expect_near(world.body(0).shape.center, {-1.5, 0.0});
    expect_near(world.body(0).velocity, {20.0, 0.0});
    const ccd::EventLog& next = world.step(); // free again: right wall at 0.15, then 0.30, ...
    ASSERT_GE(next.events.size(), 1u);
    EXPECT_NEAR(next.events[0].time, 0.15, kEps);
}

TEST(World, ABudgetCutStopsTheBodiesAndAWallThatClosesOnOneCrushesIt) {
    // The wall at x = -3 moving +4 and a budget of one event: the ball is hit at t = 0.5 and
    // bounces at (8, 0) (AMovingWallBounces...); its next contact, with the far wall x = 2
    // (right side 1 + 8 (t - 0.5) = 2 at t = 0.625), is over budget: the ball stops there, at
    // x = 1. The moving wall goes on, reaches the ball's left side (x = 0) at t = 0.75 and,
    // the ball being frozen, crushes it there; it ends the frame at x = 1.
    ccd::WorldOptions options;
    options.event_budget = 1;
    World world(options);
    world.add_kinematic_wall({{-3.0, -10.0}, {-3.0, 10.0}}, {4.0, 0.0}, {4.0, 0.0});
    world.add_wall({{2.0, -10.0}, {2.0, 10.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_TRUE(log.budget_cut.has_value());
    EXPECT_NEAR(log.budget_cut->time, 0.625, kEps);
    EXPECT_EQ(log.budget_cut->events, 1);
    EXPECT_EQ(log.budget_cut->kind, ccd::BudgetKind::Events);
    ASSERT_EQ(log.events.size(), 2u);
    EXPECT_NEAR(log.events[1].time, 0.75, kEps);
    EXPECT_EQ(log.events[1].other, 0);
    EXPECT_TRUE(log.events[1].body_removed);
    ASSERT_EQ(log.crushes.size(), 1u);
    EXPECT_EQ(log.crushes[0].sequence, 1);
    EXPECT_FALSE(world.body(0).alive);
    expect_near(log.paths[0].points.back().position, {1.0, 0.0});
    expect_near(world.wall(0).a, {1.0, -10.0});
}

TEST(World, TenBallsBetweenAClosingFloorAndCeilingAreCrushedNotPassedThrough) {
    // A floor y = 0 moving up 0.5 a frame and a ceiling y = 3 moving down 0.5 (closing 1 unit
    // a frame), ten elastic balls of radius 0.5 between them, 2 apart, at y = 1.5 moving up or
    // down. The gap reaches two radii, 1, at the end of the second frame: each ball bounces
    // ever faster, and the ten together spend the budget (1000 + 100 per body = 2,000 events,
    // 200 a ball, far below the frame's change limit) before any ball is frozen by the
    // chattering rule. The cut stops the balls, the walls move on and crush them: no ball is
    // left after the second frame (at its end the gap is two radii), and none was ever
    // outside the walls (the floor at 0.5 (frame + t) + 0.5 and the ceiling at
    // 3 - 0.5 (frame + t) - 0.5 for its center, to rounding).
    World world;
    world.add_kinematic_wall({{-1.0, 0.0}, {20.0, 0.0}}, {0.0, 0.5}, {0.0, 0.5});
    world.add_kinematic_wall({{-1.0, 3.0}, {20.0, 3.0}}, {0.0, -0.5}, {0.0, -0.5});
    for (int i = 0; i < 10; ++i)
        world.add_body(BodyDef{Circle{{2.0 * i, 1.5}, 0.5}, {0.0, i % 2 ? 0.7 : -1.3}, 1.0, {}});
    int crushed = 0;
    for (int frame = 0; frame < 2; ++frame) {
        const ccd::EventLog& log = world.step();
        EXPECT_LE(log.events.size(), 2000u + 10u) << "the budget, then a crush a ball at most";
        crushed += static_cast<int>(log.crushes.size());
        for (const ccd::BodyPath& path : log.paths)
            for (const ccd::PathPoint& p : path.points) {
                const double s = 0.5 * (frame + p.time);
                EXPECT_GE(p.position.y, s + 0.5 - 1e-9) << "frame " << frame;
                EXPECT_LE(p.position.y, 3.0 - s - 0.5 + 1e-9) << "frame " << frame;
            }
    }
    EXPECT_EQ(crushed, 10);
    for (int i = 0; i < 10; ++i)
        EXPECT_FALSE(world.body(i).alive) << i;
    EXPECT_TRUE(world.step().events.empty()); // the walls close on nothing
}

TEST(World, ThePredictionBudgetCutsTheFrameAsTheEventBudgetDoes) {
    // Walls x = +-2, a unit ball at 0 moving 100 (BudgetFreezes...): contacts at t = 0.01,
    // 0.03, 0.05, ... The frame start predicts the right wall (counted: one prediction); each
    // event predicts the ball against the far wall, one prediction (the wall just hit is
    // receding). With a budget of 3 predictions, events 0 to 2 are processed (1, 2, 3 made
    // before each); before event 3 (t = 0.07, the left wall, center at x = -1) 4 were made:
    // cut there.
    ccd::WorldOptions options;
    options.prediction_budget = 3;
    World world(options);
    world.add_wall({{2.0, -10.0}, {2.0, 10.0}});
    world.add_wall({{-2.0, -10.0}, {-2.0, 10.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {100.0, 0.0}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    EXPECT_EQ(log.events.size(), 3u);
    ASSERT_TRUE(log.budget_cut.has_value());
    EXPECT_EQ(log.budget_cut->kind, ccd::BudgetKind::Predictions);
    EXPECT_EQ(log.budget_cut->predictions, 4);
    EXPECT_NEAR(log.budget_cut->time, 0.07, 1e-12);
    expect_near(world.body(0).shape.center, {-1.0, 0.0}, 1e-9);
    EXPECT_NE(ccd::to_text(log).find("budget"), std::string::npos);
}

TEST(World, AThousandBallsFromOnePointStayWithinThePredictionBudget) {
    // 1,000 balls of radius 0.5 starting at the center of a 20 x 20 box, random velocities:
    // each event predicts its two balls against nearly all the others, about 2,000 predictions
    // an event (33 million in a frame once, within the event budget of 101,000). The
    // prediction budget (100,000 + 100 per body = 200,000, the frame start's pass included)
    // ends the frame instead. The frame start's pass alone would make about 500,000 (one a
    // pair of the 499,500, one a ball and wall): it stops at the 200,001st, over the budget,
    // and the frame is cut at its start, before any event, at every log level and with either
    // broadphase. At the full level the 200,001 are the cancelled predictions.
    for (const ccd::Broadphase broadphase : {ccd::Broadphase::Grid, ccd::Broadphase::AllPairs})
        for (const ccd::LogLevel level :
             {ccd::LogLevel::Full, ccd::LogLevel::Events, ccd::LogLevel::None}) {
            ccd::WorldOptions options;
            options.broadphase = broadphase;
            options.log_level = level;
            World world(options);
            const Vec2 corners[4] = {{-10.0, -10.0}, {10.0, -10.0}, {10.0, 10.0}, {-10.0, 10.0}};
            world.add_polyline(corners, true);
            std::uint64_t state = 12345;
            const auto next = [&] {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                return static_cast<double>(state >> 11) * 0x1p-53 * 2.0 - 1.0;
            };
            for (int i = 0; i < 1000; ++i)
                world.add_body(
                    BodyDef{Circle{{0.0, 0.0}, 0.5}, {5.0 * next(), 5.0 * next()}, 1.0, {}});
            const ccd::EventLog& log = world.step();
            const std::string where = "broadphase " + std::to_string(static_cast<int>(broadphase)) +
                                      " level " + std::to_string(static_cast<int>(level));
            ASSERT_TRUE(log.budget_cut.has_value()) << where;
            EXPECT_EQ(log.budget_cut->kind, ccd::BudgetKind::Predictions) << where;
            EXPECT_EQ(log.budget_cut->predictions, 200001) << where;
            EXPECT_EQ(log.budget_cut->time, 0.0) << where;
            EXPECT_EQ(log.budget_cut->events, 0) << where;
            EXPECT_EQ(world.frame_event_count(), 0) << where;
            if (level == ccd::LogLevel::Full) {
                EXPECT_EQ(log.cancelled.size(), 200001u) << where;
            }
            // Cut at the start: every ball is where it started.
            for (int i = 0; i < world.body_count(); ++i)
                ASSERT_EQ(world.body(i).shape.center, (Vec2{0.0, 0.0})) << where << " ball " << i;
        }
}

// The frame start's pass counts its predictions against the budget as it makes them. Five
// balls, far apart, each heading for the wall x = 10 (one prediction each, no pair meets):
// with a budget of 3 the pass stops at its fourth prediction and the frame is cut at t = 0
// with 4 predictions made, the balls where they started; with a budget of 5 the pass makes
// all five and the frame runs: five events, no cut.
TEST(World, TheFrameStartsPassStopsOverThePredictionBudget) {
    for (const ccd::LogLevel level :
         {ccd::LogLevel::Full, ccd::LogLevel::Events, ccd::LogLevel::None})
        for (const int budget : {3, 5}) {
            ccd::WorldOptions options;
            options.log_level = level;
            options.prediction_budget = budget;
            World world(options);
            world.add_wall({{10.0, -100.0}, {10.0, 100.0}});
            for (int i = 0; i < 5; ++i)
                world.add_body(BodyDef{Circle{{0.0, 10.0 * i}, 1.0}, {18.0, 0.0}, 1.0, {}});
            const ccd::EventLog& log = world.step();
            const std::string where = "level " + std::to_string(static_cast<int>(level)) +
                                      " budget " + std::to_string(budget);
            if (budget == 3) {
                ASSERT_TRUE(log.budget_cut.has_value()) << where;
                EXPECT_EQ(log.budget_cut->kind, ccd::BudgetKind::Predictions) << where;
                EXPECT_EQ(log.budget_cut->predictions, 4) << where;
                EXPECT_EQ(log.budget_cut->time, 0.0) << where;
                EXPECT_EQ(world.frame_event_count(), 0) << where;
                if (level == ccd::LogLevel::Full) {
                    EXPECT_EQ(log.cancelled.size(), 4u) << where;
                }
                for (int i = 0; i < 5; ++i)
                    EXPECT_EQ(world.body(i).shape.center, (Vec2{0.0, 10.0 * i})) << where;
            } else {
                EXPECT_FALSE(log.budget_cut.has_value()) << where;
                EXPECT_EQ(world.frame_event_count(), 5) << where;
                // Each ball meets the wall at t = 0.5 (x = 9) and bounces back to x = 0.
                for (int i = 0; i < 5; ++i)
                    expect_near(world.body(i).shape.center, {0.0, 10.0 * i}, 1e-12);
            }
        }
}

TEST(World, AddingABodyDuringAFrameIsRefused) {
    World world = ball_toward_wall(Response::bounce());
    world.advance_to(0.5);
    EXPECT_THROW(world.add_body(BodyDef{}), std::logic_error);
}

} // namespace
