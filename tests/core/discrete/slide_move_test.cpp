// Seed 001's slideMove: move, then push out of the deepest (or first) penetration, up to N
// times. Expected values are worked out by hand in the comments.
#include "ccd/slide_move.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using ccd::Circle;
using ccd::Feature;
using ccd::Segment;
using ccd::slide_move;
using ccd::SlideMoveOptions;
using ccd::Vec2;

constexpr double kEps = 1e-12;

// A flat floor made of two segments meeting at the origin, listed left to right.
const std::vector<Segment> kTwoPieceFloor{{{-40.0, 0.0}, {0.0, 0.0}}, {{0.0, 0.0}, {40.0, 0.0}}};

// A floor y = 0 and a wall x = 1 standing on it: a concave corner.
const std::vector<Segment> kCorner{{{-4.0, 0.0}, {4.0, 0.0}}, {{1.0, -4.0}, {1.0, 4.0}}};

TEST(SlideMove, AMoveClearOfEveryWallIsKeptWhole) {
    const auto result = slide_move(Circle{{0.0, 5.0}, 1.0}, {2.0, -1.0}, kTwoPieceFloor);
    EXPECT_EQ(result.moved, (Vec2{2.0, 4.0}));
    EXPECT_EQ(result.position, (Vec2{2.0, 4.0}));
    EXPECT_TRUE(result.pushes.empty());
    EXPECT_FALSE(result.out_of_iterations);
}

TEST(SlideMove, DiskMovedIntoTheFloorIsPushedStraightUpAndKeepsItsSidewaysMotion) {
    // (0, 2) + (5, -1.5) = (5, 0.5): 0.5 deep into segment 1, pushed up to (5, 1).
    const auto result = slide_move(Circle{{0.0, 2.0}, 1.0}, {5.0, -1.5}, kTwoPieceFloor);
    ASSERT_EQ(result.pushes.size(), 1u);
    EXPECT_EQ(result.pushes[0].wall, 1u);
    EXPECT_DOUBLE_EQ(result.pushes[0].contact.depth, 0.5);
    EXPECT_EQ(result.pushes[0].contact.normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(result.position, (Vec2{5.0, 1.0}));
    EXPECT_FALSE(result.out_of_iterations);
}

TEST(SlideMove, DiskRestingOnTwoFloorSegmentsIsPushedStraightUp) {
    // Radius 10, moved to (3, 4), just right of the joint. Segment 1's interior is 6 deep
    // (normal up); segment 0's endpoint (0, 0) is 5 away, 5 deep (normal (0.6, 0.8)).
    // Deepest first pushes up to (3, 10); the endpoint is then sqrt(109) > 10 away.
    const auto result = slide_move(Circle{{6.0, 10.0}, 10.0}, {-3.0, -6.0}, kTwoPieceFloor);
    ASSERT_EQ(result.pushes.size(), 1u);
    EXPECT_EQ(result.pushes[0].wall, 1u);
    EXPECT_EQ(result.pushes[0].contact.feature, Feature::SegmentInterior);
    EXPECT_NEAR(result.position.x, 3.0, kEps);
    EXPECT_NEAR(result.position.y, 10.0, kEps);
}

TEST(SlideMove, WithoutDeepestFirstTheDiskCatchesOnTheJointAndEndsWhereItStarted) {
    // Same move. The first penetrating wall listed is segment 0, through its endpoint (0, 0):
    // pushed 5 along (0.6, 0.8) from (3, 4) to (6, 8), which only touches that endpoint; then
    // segment 1 is 2 deep, pushed up to (6, 10): the start. The sideways motion is undone.
    SlideMoveOptions first_found;
    first_found.deepest_first = false;
    const auto result =
        slide_move(Circle{{6.0, 10.0}, 10.0}, {-3.0, -6.0}, kTwoPieceFloor, first_found);
    ASSERT_EQ(result.pushes.size(), 2u);
    EXPECT_EQ(result.pushes[0].wall, 0u);
    EXPECT_EQ(result.pushes[0].contact.feature, Feature::EndpointB);
    EXPECT_NEAR(result.pushes[0].contact.normal.x, 0.6, kEps);
    EXPECT_NEAR(result.pushes[0].position.x, 6.0, kEps);
    EXPECT_NEAR(result.pushes[0].position.y, 8.0, kEps);
    EXPECT_EQ(result.pushes[1].wall, 1u);
    EXPECT_NEAR(result.position.x, 6.0, kEps);
    EXPECT_NEAR(result.position.y, 10.0, kEps);
}

TEST(SlideMove, SlowSlideOverAJointCrossesItWithDeepestFirst) {
    // Each frame moves (-0.01, -0.1) from resting at (1, 1). The deepest contact is always the
    // floor under the center (depth 0.1 against at most 0.1 for the joint), pushed straight
    // up: x drops by exactly 0.01 a frame, to 1 - 200 * 0.01 = -1 after 200 frames.
    Circle disk{{1.0, 1.0}, 1.0};
    for (int frame = 0; frame < 200; ++frame)
        disk.center = slide_move(disk, {-0.01, -0.1}, kTwoPieceFloor).position;
    EXPECT_NEAR(disk.center.x, -1.0, 1e-9);
    EXPECT_NEAR(disk.center.y, 1.0, 1e-9);
}

TEST(SlideMove, SlowSlideOverAJointStaysStuckWithoutDeepestFirst) {
    // The failure seed 001 describes. Right of the joint, moved to (x - s, 1 - g), s = 0.01,
    // g = 0.1: segment 0's endpoint is found first and pushes the center back out to distance
    // 1 from the origin, x' = (x - s) / D with D = sqrt((x - s)^2 + (1 - g)^2); the floor then
    // pushes it up. The disk stops where x' = x, i.e. x (1 - D) = s: solved by bisection
    // (by hand, in Python) at x = 0.381910. It never reaches the joint at x = 0.
    SlideMoveOptions first_found;
    first_found.deepest_first = false;
    Circle disk{{1.0, 1.0}, 1.0};
    for (int frame = 0; frame < 200; ++frame)
        disk.center = slide_move(disk, {-0.01, -0.1}, kTwoPieceFloor, first_found).position;
    EXPECT_NEAR(disk.center.x, 0.381910, 1e-6);
    EXPECT_NEAR(disk.center.y, 1.0, 1e-9);
}

TEST(SlideMove, AFastDiskTunnelsThroughAThinWall) {
    // Discrete detection only looks at the end: (0, 5) + (0, -10) = (0, -5) is 5 below the
    // floor, clear of it, so nothing stops the disk.
    const auto result = slide_move(Circle{{0.0, 5.0}, 1.0}, {0.0, -10.0}, kTwoPieceFloor);
    EXPECT_TRUE(result.pushes.empty());
    EXPECT_EQ(result.position, (Vec2{0.0, -5.0}));
}

TEST(SlideMove, ADiskLandingPastTheMiddleOfAWallIsPushedOutOfTheFarSide) {
    // (0.5, 5) + (0, -5.5) = (0.5, -0.5): the nearest way out is down, to (0.5, -1).
    const auto result = slide_move(Circle{{0.5, 5.0}, 1.0}, {0.0, -5.5}, kTwoPieceFloor);
    ASSERT_EQ(result.pushes.size(), 1u);
    EXPECT_EQ(result.pushes[0].contact.normal, (Vec2{0.0, -1.0}));
    EXPECT_EQ(result.position, (Vec2{0.5, -1.0}));
}

TEST(SlideMove, TwoPushesSeparateTheDiskFromBothWallsOfACorner) {
    // Moved to (0.5, 0.25): floor 0.75 deep, wall x = 1 0.5 deep. Floor first: (0.5, 1);
    // then the wall: (0, 1).
    const auto result = slide_move(Circle{{-3.0, 3.0}, 1.0}, {3.5, -2.75}, kCorner);
    ASSERT_EQ(result.pushes.size(), 2u);
    EXPECT_EQ(result.pushes[0].wall, 0u);
    EXPECT_EQ(result.pushes[1].wall, 1u);
    EXPECT_EQ(result.position, (Vec2{0.0, 1.0}));
    EXPECT_FALSE(result.out_of_iterations);
}

TEST(SlideMove, RunningOutOfIterationsLeavesTheDiskInTheSecondWallAndSaysSo) {
    // Same move with a budget of one push: only the floor's, (0.5, 1), still 0.5 into the wall.
    SlideMoveOptions one_push;
    one_push.max_iterations = 1;
    const auto result = slide_move(Circle{{-3.0, 3.0}, 1.0}, {3.5, -2.75}, kCorner, one_push);
    ASSERT_EQ(result.pushes.size(), 1u);
    EXPECT_EQ(result.position, (Vec2{0.5, 1.0}));
    EXPECT_TRUE(result.out_of_iterations);
}

TEST(SlideMove, ATouchingContactIsNotPushed) {
    // Moved to (2, 1): touching the floor exactly, depth 0, nothing to resolve.
    const auto result = slide_move(Circle{{0.0, 1.0}, 1.0}, {2.0, 0.0}, kTwoPieceFloor);
    EXPECT_TRUE(result.pushes.empty());
    EXPECT_EQ(result.position, (Vec2{2.0, 1.0}));
}

} // namespace
