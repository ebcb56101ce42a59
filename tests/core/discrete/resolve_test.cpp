// Seed 003's resolution (push out by the depth along the normal) and response (restitution
// and friction on the velocity). Expected values are worked out by hand in the comments.
#include "ccd/resolve.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using ccd::BodyState;
using ccd::Circle;
using ccd::Contact;
using ccd::resolve_against_walls;
using ccd::resolve_contact;
using ccd::ResponseOptions;
using ccd::Segment;
using ccd::Vec2;

constexpr double kEps = 1e-12;

// A floor contact 0.25 deep under a disk at (0.5, 0.75).
const Contact kFloorContact{0.25, {0.0, 1.0}, {0.5, 0.0}};

ResponseOptions with(double restitution, double friction) {
    ResponseOptions options;
    options.restitution = restitution;
    options.friction = friction;
    return options;
}

TEST(ResolveContact, PushOutMovesTheDiskByTheDepthAlongTheNormal) {
    const auto body = resolve_contact(BodyState{{0.5, 0.75}, {0.0, 0.0}}, kFloorContact);
    EXPECT_EQ(body.position, (Vec2{0.5, 1.0}));
}

TEST(ResolveContact, WithoutRestitutionTheVelocityIntoTheWallIsRemoved) {
    // (3, -4): normal part -4 removed, tangential 3 kept.
    const auto body = resolve_contact(BodyState{{0.5, 0.75}, {3.0, -4.0}}, kFloorContact);
    EXPECT_EQ(body.velocity, (Vec2{3.0, 0.0}));
}

TEST(ResolveContact, FullRestitutionReflectsTheVelocity) {
    const auto body =
        resolve_contact(BodyState{{0.5, 0.75}, {3.0, -4.0}}, kFloorContact, with(1.0, 0.0));
    EXPECT_EQ(body.velocity, (Vec2{3.0, 4.0}));
}

TEST(ResolveContact, HalfRestitutionReturnsHalfTheNormalSpeed) {
    const auto body =
        resolve_contact(BodyState{{0.5, 0.75}, {3.0, -4.0}}, kFloorContact, with(0.5, 0.0));
    EXPECT_EQ(body.velocity, (Vec2{3.0, 2.0}));
}

TEST(ResolveContact, AVelocityAlreadyLeavingTheWallIsKept) {
    // Still pushed out, but (3, 4) moves away from the floor: no bounce, no friction.
    const auto body =
        resolve_contact(BodyState{{0.5, 0.75}, {3.0, 4.0}}, kFloorContact, with(1.0, 1.0));
    EXPECT_EQ(body.position, (Vec2{0.5, 1.0}));
    EXPECT_EQ(body.velocity, (Vec2{3.0, 4.0}));
}

TEST(ResolveContact, FrictionSlowsTheSlidingByFrictionTimesTheNormalSpeedChange) {
    // Normal speed change 4 (restitution 0), friction 0.5: the tangential 3 drops by 2, to 1.
    const auto body =
        resolve_contact(BodyState{{0.5, 0.75}, {3.0, -4.0}}, kFloorContact, with(0.0, 0.5));
    EXPECT_NEAR(body.velocity.x, 1.0, kEps);
    EXPECT_EQ(body.velocity.y, 0.0);
}

TEST(ResolveContact, FrictionStopsTheSlidingButNeverReversesIt) {
    // Friction 1 would take 4 from a tangential speed of 3: it stops at 0.
    const auto body =
        resolve_contact(BodyState{{0.5, 0.75}, {3.0, -4.0}}, kFloorContact, with(0.0, 1.0));
    EXPECT_EQ(body.velocity, (Vec2{0.0, 0.0}));
}

TEST(ResolveContact, AnObliqueWallKeepsOnlyTheVelocityAlongIt) {
    // Normal (0.6, 0.8), velocity (0, -5): normal part -4, minus (-4)(0.6, 0.8) = (2.4, -1.8).
    const Contact slope{0.0, {0.6, 0.8}, {0.0, 0.0}};
    const auto body = resolve_contact(BodyState{{0.0, 0.0}, {0.0, -5.0}}, slope);
    EXPECT_NEAR(body.velocity.x, 2.4, kEps);
    EXPECT_NEAR(body.velocity.y, -1.8, kEps);
}

TEST(ResolveAgainstWalls, APerpendicularCornerIsResolvedInOnePass) {
    // Floor y = 0 then wall x = 1. Disk at (0.5, 0.25), velocity (2, -3). The floor (0.75
    // deep) lifts it to (0.5, 1) and removes -3; the wall (0.5 deep) moves it to (0, 1) and
    // removes 2.
    const std::vector<Segment> walls{{{-4.0, 0.0}, {4.0, 0.0}}, {{1.0, -4.0}, {1.0, 4.0}}};
    const auto result = resolve_against_walls(Circle{{0.5, 0.25}, 1.0}, {2.0, -3.0}, walls);
    ASSERT_EQ(result.steps.size(), 2u);
    EXPECT_EQ(result.steps[0].after.position, (Vec2{0.5, 1.0}));
    EXPECT_EQ(result.steps[0].after.velocity, (Vec2{2.0, 0.0}));
    EXPECT_EQ(result.body.position, (Vec2{0.0, 1.0}));
    EXPECT_EQ(result.body.velocity, (Vec2{0.0, 0.0}));
    EXPECT_EQ(result.remaining_depth, 0.0);
}

TEST(ResolveAgainstWalls, OnePassLeavesADiskWedgedInAnAcuteCornerInsideTheFirstWall) {
    // Floor y = 0 then the line y = x: a 45-degree wedge. Disk (1.5, 0.5), radius 1. The floor
    // (0.5 deep) lifts it to (1.5, 1); that is 0.5 / sqrt(2) from y = x, so 1 - 0.5 / sqrt(2)
    // deep, pushed along (1, -1) / sqrt(2): each coordinate moves 1 / sqrt(2) - 0.25, leaving
    // the disk that much inside the floor again.
    const std::vector<Segment> walls{{{-4.0, 0.0}, {4.0, 0.0}}, {{-4.0, -4.0}, {4.0, 4.0}}};
    const auto result = resolve_against_walls(Circle{{1.5, 0.5}, 1.0}, {0.0, 0.0}, walls);
    const double shift = 1.0 / std::sqrt(2.0) - 0.25;
    ASSERT_EQ(result.steps.size(), 2u);
    EXPECT_NEAR(result.body.position.x, 1.5 + shift, kEps);
    EXPECT_NEAR(result.body.position.y, 1.0 - shift, kEps);
    EXPECT_NEAR(result.remaining_depth, shift, kEps);
}

TEST(ResolveAgainstWalls, WallsTheDiskDoesNotTouchAreSkipped) {
    const std::vector<Segment> walls{{{-4.0, 5.0}, {4.0, 5.0}}, {{-4.0, 0.0}, {4.0, 0.0}}};
    const auto result = resolve_against_walls(Circle{{0.0, 0.5}, 1.0}, {0.0, -1.0}, walls);
    ASSERT_EQ(result.steps.size(), 1u);
    EXPECT_EQ(result.steps[0].wall, 1u);
    EXPECT_EQ(result.body.position, (Vec2{0.0, 1.0}));
    EXPECT_EQ(result.body.velocity, (Vec2{0.0, 0.0}));
}

} // namespace
