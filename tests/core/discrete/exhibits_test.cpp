// The exhibits: each method on the same inputs, including the failures the seeds admit, so
// the app can show them side by side. Expected values are worked out by hand in the comments.
#include "ccd/collide_and_slide.hpp"
#include "ccd/resolve.hpp"
#include "ccd/slide_move.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using ccd::Circle;
using ccd::collide_and_slide;
using ccd::resolve_against_walls;
using ccd::Segment;
using ccd::slide_move;
using ccd::SlideMoveOptions;
using ccd::Vec2;

constexpr double kEps = 1e-12;

// A flat floor of two segments meeting at the origin, listed left to right.
const std::vector<Segment> kTwoPieceFloor{{{-40.0, 0.0}, {0.0, 0.0}}, {{0.0, 0.0}, {40.0, 0.0}}};

SlideMoveOptions first_found() {
    SlideMoveOptions options;
    options.deepest_first = false;
    return options;
}

// Exhibit 1: a fast disk, (0, 5) moving (0, -10), radius 1, at a thin floor.
const Circle kFastDisk{{0.0, 5.0}, 1.0};
const Vec2 kFastFall{0.0, -10.0};

TEST(ExhibitThinWall, DiscreteSlideMoveTunnelsToTheFarSide) {
    // It only looks at (0, -5), 5 below the floor.
    EXPECT_EQ(slide_move(kFastDisk, kFastFall, kTwoPieceFloor).position, (Vec2{0.0, -5.0}));
}

TEST(ExhibitThinWall, DiscreteResolutionAtTheEndPositionSeesNothingToResolve) {
    // Seed 003 also only looks where the disk ended: no contact there, no response.
    const auto result = resolve_against_walls(Circle{{0.0, -5.0}, 1.0}, kFastFall, kTwoPieceFloor);
    EXPECT_TRUE(result.steps.empty());
    EXPECT_EQ(result.body.velocity, kFastFall);
}

TEST(ExhibitThinWall, ContinuousCollideAndSlideStopsOnTheNearSide) {
    // Touches at y = 1, t = 0.4.
    EXPECT_EQ(collide_and_slide(kFastDisk, kFastFall, kTwoPieceFloor).position, (Vec2{0.0, 1.0}));
}

// Exhibit 2: seed 001's joint. Radius 10 at (6, 10), resting right of the joint, moved
// (-3, -6) to (3, 4): segment 1's interior 6 deep (normal up), segment 0's endpoint (0, 0)
// 5 deep (normal (0.6, 0.8)).
const Circle kBigDisk{{6.0, 10.0}, 10.0};
const Vec2 kTowardTheJoint{-3.0, -6.0};

TEST(ExhibitJoint, DeepestFirstKeepsTheSidewaysMotion) {
    // Up out of segment 1: (3, 10).
    const auto position = slide_move(kBigDisk, kTowardTheJoint, kTwoPieceFloor).position;
    EXPECT_NEAR(position.x, 3.0, kEps);
    EXPECT_NEAR(position.y, 10.0, kEps);
}

TEST(ExhibitJoint, FirstFoundIsThrownBackToTheStart) {
    // Out of the endpoint to (6, 8), then up to (6, 10).
    const auto position =
        slide_move(kBigDisk, kTowardTheJoint, kTwoPieceFloor, first_found()).position;
    EXPECT_NEAR(position.x, 6.0, kEps);
    EXPECT_NEAR(position.y, 10.0, kEps);
}

TEST(ExhibitJoint, SeedThreesPassInListOrderIsThrownBackLikeFirstFound) {
    // Seed 003 resolves each wall in turn: the same two pushes as first found.
    const auto result = resolve_against_walls(Circle{{3.0, 4.0}, 10.0}, {0.0, 0.0}, kTwoPieceFloor);
    EXPECT_NEAR(result.body.position.x, 6.0, kEps);
    EXPECT_NEAR(result.body.position.y, 10.0, kEps);
}

TEST(ExhibitJoint, ContinuousCollideAndSlideKeepsTheSidewaysMotion) {
    // Resting on the floor, the motion's -6 goes into it at t = 0 and the -3 along remains:
    // ends at (3, 10).
    const auto position = collide_and_slide(kBigDisk, kTowardTheJoint, kTwoPieceFloor).position;
    EXPECT_NEAR(position.x, 3.0, kEps);
    EXPECT_NEAR(position.y, 10.0, kEps);
}

// Exhibit 3: a slow slide over the joint, 200 frames of (-0.01, -0.1) from (1, 1), radius 1.
Vec2 after_slow_slide(bool continuous, const SlideMoveOptions& options = {}) {
    Circle disk{{1.0, 1.0}, 1.0};
    for (int frame = 0; frame < 200; ++frame) {
        disk.center = continuous
                          ? collide_and_slide(disk, {-0.01, -0.1}, kTwoPieceFloor).position
                          : slide_move(disk, {-0.01, -0.1}, kTwoPieceFloor, options).position;
    }
    return disk.center;
}

TEST(ExhibitSlowSlide, DeepestFirstCrossesTheJoint) {
    // x drops by 0.01 a frame: 1 - 2 = -1.
    EXPECT_NEAR(after_slow_slide(false).x, -1.0, 1e-9);
}

TEST(ExhibitSlowSlide, FirstFoundStaysStuckBeforeTheJoint) {
    // The fixed point x (1 - sqrt((x - 0.01)^2 + 0.81)) = 0.01, x = 0.381910 (see
    // slide_move_test.cpp).
    EXPECT_NEAR(after_slow_slide(false, first_found()).x, 0.381910, 1e-6);
}

TEST(ExhibitSlowSlide, ContinuousCollideAndSlideCrossesTheJoint) {
    // The -0.1 goes into the floor at t = 0 each frame; the -0.01 along remains: x = -1, y = 1.
    const Vec2 end = after_slow_slide(true);
    EXPECT_NEAR(end.x, -1.0, 1e-9);
    EXPECT_EQ(end.y, 1.0);
}

} // namespace
