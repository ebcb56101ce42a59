// ccd::World, one behaviour per test. Every expected value is worked out by hand in the
// comments (radius-1 balls, walls placed so contacts fall at simple fractions of the frame).
#include "ccd/world.hpp"

#include <gtest/gtest.h>

#include <algorithm>
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

void expect_near(Vec2 actual, Vec2 expected, double eps = kEps) {
    EXPECT_NEAR(actual.x, expected.x, eps);
    EXPECT_NEAR(actual.y, expected.y, eps);
}

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

TEST(World, AddingABodyDuringAFrameIsRefused) {
    World world = ball_toward_wall(Response::bounce());
    world.advance_to(0.5);
    EXPECT_THROW(world.add_body(BodyDef{}), std::logic_error);
}

} // namespace
