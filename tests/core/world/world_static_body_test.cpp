// Static bodies in ccd::World (BodyDef::is_static): a tile or a level's box that never moves and
// has infinite mass, so what hits it responds as against a wall. Every expected value is worked
// out by hand in the comments.
#include "ccd/world.hpp"
#include "expect_near.hpp"

#include <gtest/gtest.h>

#include <cmath>
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

// The square [-1, 1]^2 about its center.
const std::vector<Vec2> kSquare{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};

BodyDef static_box(Vec2 center, double restitution = 1.0) {
    BodyDef def;
    def.shape = Circle{center, 0.0};
    def.outline = kSquare;
    def.is_static = true;
    def.response = Response::bounce(restitution);
    return def;
}

BodyDef ball(Vec2 center, double radius, Vec2 velocity, double restitution = 1.0) {
    BodyDef def;
    def.shape = Circle{center, radius};
    def.velocity = velocity;
    def.response = Response::bounce(restitution);
    return def;
}

TEST(WorldStaticBody, ABallBouncesOffAStaticBoxThatDoesNotMove) {
    // The ball (radius 1) at x = 0 moving 10 a frame; the box's left face at x = 5. The ball's
    // right edge (x = 1) meets it after 4, at t = 0.4, at (5, 0). Restitution 1: the ball
    // leaves at -10 a frame and is at 4 - 10 x 0.6 = -2 at t = 1. The box stays at (6, 0).
    World world;
    world.add_body(ball({0.0, 0.0}, 1.0, {10.0, 0.0}));
    world.add_body(static_box({6.0, 0.0}));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, 0.4, 1e-12);
    EXPECT_EQ(e.other_kind, OtherKind::Body);
    expect_near(e.point, {5.0, 0.0});
    // Whichever body the event names first, the normal points from the other toward it.
    const bool ball_first = e.body == 0;
    expect_near(e.normal, ball_first ? Vec2{-1.0, 0.0} : Vec2{1.0, 0.0});
    expect_near(ball_first ? e.body_velocity_after : e.other_velocity_after, {-10.0, 0.0});
    expect_near(ball_first ? e.other_velocity_after : e.body_velocity_after, {0.0, 0.0});
    expect_near(world.body(0).shape.center, {-2.0, 0.0});
    expect_near(world.body(0).velocity, {-10.0, 0.0});
    EXPECT_EQ(world.body(1).shape.center, (Vec2{6.0, 0.0}));
    EXPECT_EQ(world.body(1).velocity, (Vec2{}));
    EXPECT_TRUE(world.body(1).is_static);
    EXPECT_FALSE(world.body(0).is_static);
}

TEST(WorldStaticBody, TheStaticBoxAddedFirstIsStillAWall) {
    // As above with the box as body 0: the event may name the box as its first body; the box
    // still does not move and the ball still leaves at -10.
    World world;
    world.add_body(static_box({6.0, 0.0}));
    world.add_body(ball({0.0, 0.0}, 1.0, {10.0, 0.0}));
    ASSERT_EQ(world.step().events.size(), 1u);
    EXPECT_NEAR(world.log().events[0].time, 0.4, 1e-12);
    EXPECT_EQ(world.body(0).shape.center, (Vec2{6.0, 0.0}));
    expect_near(world.body(1).shape.center, {-2.0, 0.0});
    EXPECT_FALSE(std::isnan(world.log().events[0].impulse.x)); // a static body gives none
    EXPECT_FALSE(std::isnan(world.log().events[0].impulse.y));
}

TEST(WorldStaticBody, RestitutionsMixByTheLargerAsTwoBodiesDo) {
    // The ball's restitution 0.25, the box's 0.5: the larger, 0.5, so the ball leaves at -5 a
    // frame and is at 4 - 5 x 0.6 = 1 at t = 1.
    World world;
    world.add_body(ball({0.0, 0.0}, 1.0, {10.0, 0.0}, 0.25));
    world.add_body(static_box({6.0, 0.0}, 0.5));
    world.step();
    expect_near(world.body(0).velocity, {-5.0, 0.0});
    expect_near(world.body(0).shape.center, {1.0, 0.0});
    EXPECT_EQ(world.body(1).shape.center, (Vec2{6.0, 0.0}));
}

TEST(WorldStaticBody, AMovingBoxBouncesOffAStaticOne) {
    // A square of mass 1 at x = 0 moving 4 a frame; the static square at x = 4 (faces at 1 and
    // 3: 2 apart), met at t = 0.5, back to x = 0 at t = 1 (2 - 4 x 0.5). An infinite mass gives
    // no way: the moving square gets the whole impulse.
    World world;
    BodyDef mover = static_box({0.0, 0.0});
    mover.is_static = false;
    mover.velocity = {4.0, 0.0};
    world.add_body(mover);
    world.add_body(static_box({4.0, 0.0}));
    ASSERT_EQ(world.step().events.size(), 1u);
    EXPECT_NEAR(world.log().events[0].time, 0.5, 1e-12);
    expect_near(world.body(0).velocity, {-4.0, 0.0});
    expect_near(world.body(0).shape.center, {0.0, 0.0});
    EXPECT_EQ(world.body(1).shape.center, (Vec2{4.0, 0.0}));
}

TEST(WorldStaticBody, ASlidingBallDoesNotPushTheBox) {
    // A ball that slides: its closing part (10 along x) is taken away and it stops at the face
    // (x = 4 from t = 0.4 on); the box, whatever its own response, stays.
    World world;
    BodyDef slider = ball({0.0, 0.0}, 1.0, {10.0, 0.0});
    slider.response = Response::slide();
    world.add_body(slider);
    BodyDef box = static_box({6.0, 0.0});
    box.response = Response::destroy();
    world.add_body(box);
    world.step();
    expect_near(world.body(0).shape.center, {4.0, 0.0});
    EXPECT_TRUE(world.body(1).alive);
    EXPECT_EQ(world.body(1).shape.center, (Vec2{6.0, 0.0}));
}

TEST(WorldStaticBody, AStaticBodyWithAVelocityOrASpinIsRefused) {
    World world;
    BodyDef moving = static_box({0.0, 0.0});
    moving.velocity = {1.0, 0.0};
    EXPECT_THROW(world.add_body(moving), std::invalid_argument);
    BodyDef turning = static_box({0.0, 0.0});
    turning.angular_velocity = 0.0;
    EXPECT_THROW(world.add_body(turning), std::invalid_argument);
    EXPECT_EQ(world.body_count(), 0);
}

} // namespace
