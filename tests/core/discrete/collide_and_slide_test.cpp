// Continuous collide-and-slide: move to the time of impact, drop the part of the remaining
// motion that goes into the wall, continue along it. Expected values are worked out by hand
// in the comments.
#include "ccd/closest_point.hpp"
#include "ccd/collide_and_slide.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

using ccd::Circle;
using ccd::closest_point_on_segment;
using ccd::collide_and_slide;
using ccd::CollideAndSlideOptions;
using ccd::Segment;
using ccd::SlideOutcome;
using ccd::Vec2;

constexpr double kEps = 1e-12;

// A straight chain along y = 0 from x = x0, `count` segments of length 1, listed in order.
std::vector<Segment> collinear_chain(double x0, double y, int count, bool reversed = false) {
    std::vector<Segment> chain;
    for (int i = 0; i < count; ++i) {
        const Segment s{{x0 + i, y}, {x0 + i + 1, y}};
        chain.push_back(reversed ? Segment{s.b, s.a} : s);
    }
    return chain;
}

const std::vector<Segment> kLongFloor{{{-10.0, 0.0}, {10.0, 0.0}}};

TEST(CollideAndSlide, AMotionClearOfEveryWallIsOneFreeLeg) {
    const auto result = collide_and_slide(Circle{{0.0, 5.0}, 1.0}, {3.0, -2.0}, kLongFloor);
    ASSERT_EQ(result.legs.size(), 1u);
    EXPECT_FALSE(result.legs[0].contact);
    EXPECT_EQ(result.position, (Vec2{3.0, 3.0}));
    EXPECT_EQ(result.outcome, SlideOutcome::Finished);
}

TEST(CollideAndSlide, AFastDiskStopsOnAThinWallInsteadOfTunnelling) {
    // From (0, 5) down by 10: touches when y = 1, t = 0.4. Head-on: nothing left to slide.
    const auto result = collide_and_slide(Circle{{0.0, 5.0}, 1.0}, {0.0, -10.0}, kLongFloor);
    ASSERT_EQ(result.legs.size(), 1u);
    ASSERT_TRUE(result.legs[0].contact);
    EXPECT_DOUBLE_EQ(result.legs[0].contact->hit.t, 0.4);
    EXPECT_EQ(result.legs[0].motion_after, (Vec2{0.0, 0.0}));
    EXPECT_EQ(result.position, (Vec2{0.0, 1.0}));
    EXPECT_EQ(result.outcome, SlideOutcome::Finished);
}

TEST(CollideAndSlide, ADiagonalMoveSlidesAlongTheFloorWithWhatIsLeft) {
    // From (0, 3) by (4, -4): touches at t = 0.5, at (2, 1). Left: (2, -2); without its
    // normal part, (2, 0). Ends at (4, 1).
    const auto result = collide_and_slide(Circle{{0.0, 3.0}, 1.0}, {4.0, -4.0}, kLongFloor);
    ASSERT_EQ(result.legs.size(), 2u);
    EXPECT_EQ(result.legs[0].end, (Vec2{2.0, 1.0}));
    EXPECT_EQ(result.legs[0].motion_after, (Vec2{2.0, 0.0}));
    EXPECT_FALSE(result.legs[1].contact);
    EXPECT_EQ(result.position, (Vec2{4.0, 1.0}));
}

TEST(CollideAndSlide, SlidingAlongTheFloorItRestsOnIsOneFreeLeg) {
    // Touching at t = 0 but not approaching: a contact that must not stop the slide.
    const auto result = collide_and_slide(Circle{{0.0, 1.0}, 1.0}, {5.0, 0.0}, kLongFloor);
    ASSERT_EQ(result.legs.size(), 1u);
    EXPECT_FALSE(result.legs[0].contact);
    EXPECT_EQ(result.position, (Vec2{5.0, 1.0}));
}

TEST(CollideAndSlide, PressingIntoTheFloorItRestsOnSlidesAtTimeZero) {
    // Resting at (0, 1), moving (5, -1): the floor blocks at t = 0, (5, -1) becomes (5, 0).
    const auto result = collide_and_slide(Circle{{0.0, 1.0}, 1.0}, {5.0, -1.0}, kLongFloor);
    ASSERT_EQ(result.legs.size(), 2u);
    ASSERT_TRUE(result.legs[0].contact);
    EXPECT_EQ(result.legs[0].contact->hit.t, 0.0);
    EXPECT_EQ(result.legs[0].start, result.legs[0].end);
    EXPECT_EQ(result.position, (Vec2{5.0, 1.0}));
    EXPECT_EQ(result.outcome, SlideOutcome::Finished);
}

TEST(CollideAndSlide, AFastDiskLandsAndSlidesAlongAFloorOfManyCollinearSegments) {
    // 100 unit segments from x = -50 to 50. From (-40.25, 3) by (80, -5): lands when y = 0.5,
    // t = 0.5, at (-0.25, 0.5); the rest (40, -2.5) becomes (40, 0) and crosses 40 joints
    // without stopping: ends at (39.75, 0.5) in two legs.
    const auto floor = collinear_chain(-50.0, 0.0, 100);
    const auto result = collide_and_slide(Circle{{-40.25, 3.0}, 0.5}, {80.0, -5.0}, floor);
    ASSERT_EQ(result.legs.size(), 2u);
    EXPECT_NEAR(result.legs[0].end.x, -0.25, kEps);
    EXPECT_EQ(result.outcome, SlideOutcome::Finished);
    EXPECT_NEAR(result.position.x, 39.75, kEps);
    EXPECT_NEAR(result.position.y, 0.5, kEps);
}

TEST(CollideAndSlide, ADiskSunkAHairIntoACollinearFloorGlidesOverEveryJoint) {
    // 1e-6 into the floor (as a discrete push-out can leave it), moving (80, 0). At each joint
    // the next segment's end cap would be met with a normal tilted by about sqrt(2e-6 / 0.5)
    // = 0.002: a ghost contact, since the disk is then inside the previous segment's band.
    // Ignored, the disk travels the whole way at its height.
    const auto floor = collinear_chain(-50.0, 0.0, 100);
    const double y = 0.5 - 1e-6;
    const auto result = collide_and_slide(Circle{{-40.25, y}, 0.5}, {80.0, 0.0}, floor);
    ASSERT_EQ(result.legs.size(), 1u);
    EXPECT_EQ(result.position, (Vec2{39.75, y}));
}

TEST(CollideAndSlide, WithoutSmoothJointsASunkDiskIsBumpedUpByTheFirstJoint) {
    // Box2D's ghost collision. Same motion: the cap of the segment starting at x = -40 is met
    // when the center is sqrt(0.25 - y^2) = 9.999995e-4 before it, with normal
    // (-1.999999e-3, 0.999998). The remaining (79.751, 0) loses its part into that normal and
    // gains y = 79.751 * 1.999999e-3 * 0.999998 = 0.159502: the disk flies off the floor.
    CollideAndSlideOptions ghostly;
    ghostly.smooth_joints = false;
    const auto floor = collinear_chain(-50.0, 0.0, 100);
    const double y = 0.5 - 1e-6;
    const auto result = collide_and_slide(Circle{{-40.25, y}, 0.5}, {80.0, 0.0}, floor, ghostly);
    ASSERT_GE(result.legs.size(), 2u);
    ASSERT_TRUE(result.legs[0].contact);
    EXPECT_NEAR(result.legs[0].end.x, -40.0 - 9.999995e-4, 1e-9);
    EXPECT_NEAR(result.position.y, y + 0.159502, 1e-5);
}

TEST(CollideAndSlide, AChainListedBackwardsGlidesTheSame) {
    // Joints are found by shared endpoints, whichever way each segment is listed.
    const auto floor = collinear_chain(-50.0, 0.0, 100, true);
    const double y = 0.5 - 1e-6;
    const auto result = collide_and_slide(Circle{{-40.25, y}, 0.5}, {80.0, 0.0}, floor);
    ASSERT_EQ(result.legs.size(), 1u);
    EXPECT_EQ(result.position, (Vec2{39.75, y}));
}

TEST(CollideAndSlide, ADiskThrownIntoAConcaveCornerSlidesDownTheWallAndStopsInTheCorner) {
    // Floor (-10, 0)-(0, 0), wall (0, 0)-(0, 10). From (-5, 3) by (10, -4): the wall is met
    // when x = -1, t = 0.4, at (-1, 1.4) (the floor would need t = 0.5). The rest (6, -2.4)
    // becomes (0, -2.4): down the wall to the floor at y = 1, a sixth of it, at (-1, 1); the
    // rest (0, -2) is all into the floor: nothing left.
    const std::vector<Segment> corner{{{-10.0, 0.0}, {0.0, 0.0}}, {{0.0, 0.0}, {0.0, 10.0}}};
    const auto result = collide_and_slide(Circle{{-5.0, 3.0}, 1.0}, {10.0, -4.0}, corner);
    ASSERT_EQ(result.legs.size(), 2u);
    ASSERT_TRUE(result.legs[0].contact);
    EXPECT_EQ(result.legs[0].contact->wall, 1u);
    EXPECT_NEAR(result.legs[0].end.y, 1.4, kEps);
    EXPECT_NEAR(result.legs[0].motion_after.x, 0.0, kEps);
    ASSERT_TRUE(result.legs[1].contact);
    EXPECT_EQ(result.legs[1].contact->wall, 0u);
    EXPECT_NEAR(result.legs[1].contact->hit.t, 1.0 / 6.0, kEps);
    EXPECT_NEAR(result.position.x, -1.0, kEps);
    EXPECT_NEAR(result.position.y, 1.0, kEps);
    EXPECT_EQ(result.outcome, SlideOutcome::Finished);
}

TEST(CollideAndSlide, AnAcuteCornerWedgesTheDisk) {
    // Floor y = 0 and an overhang from (4, 0) up-left to (-4, 4), normal (-1, -2) / sqrt(5)
    // toward the disk. Sliding right at y = 1 from x = -5, the disk is 1 from the overhang when
    // (2 - x) / sqrt(5) = 1: x = 2 - sqrt(5). Sliding along the overhang goes down-right into
    // the floor, along the floor goes right into the overhang: no way on.
    const std::vector<Segment> wedge{{{-10.0, 0.0}, {10.0, 0.0}}, {{4.0, 0.0}, {-4.0, 4.0}}};
    const auto result = collide_and_slide(Circle{{-5.0, 1.0}, 1.0}, {10.0, 0.0}, wedge);
    EXPECT_EQ(result.outcome, SlideOutcome::Wedged);
    EXPECT_NEAR(result.position.x, 2.0 - std::sqrt(5.0), kEps);
    EXPECT_NEAR(result.position.y, 1.0, kEps);
}

TEST(CollideAndSlide, ADiskThatJustFitsANarrowCorridorSlidesThroughIt) {
    // Floor y = 0 and ceiling y = 1, each of 20 unit segments (the ceiling listed right to
    // left); radius 0.5 touches both. Moving (15, 0.3) from (-8.3, 0.5): the ceiling blocks at
    // t = 0 and the 0.3 upward goes; the 15 along remains: ends at (6.7, 0.5).
    auto corridor = collinear_chain(-10.0, 0.0, 20);
    const auto ceiling = collinear_chain(-10.0, 1.0, 20, true);
    corridor.insert(corridor.end(), ceiling.begin(), ceiling.end());
    const auto result = collide_and_slide(Circle{{-8.3, 0.5}, 0.5}, {15.0, 0.3}, corridor);
    ASSERT_EQ(result.legs.size(), 2u);
    EXPECT_EQ(result.outcome, SlideOutcome::Finished);
    EXPECT_NEAR(result.position.x, 6.7, kEps);
    EXPECT_EQ(result.position.y, 0.5);
}

TEST(CollideAndSlide, ADiskCrossingACorridorDiagonallySlidesAlongTheFarWall) {
    // Corridor from y = 0 to y = 3, radius 1: the center may range over y in [1, 2]. From
    // (-8, 1) by (10, 4): the ceiling is met when y = 2, t = 0.25, at (-5.5, 2); the rest
    // (7.5, 3) slides as (7.5, 0): ends at (2, 2).
    auto corridor = collinear_chain(-10.0, 0.0, 20);
    const auto ceiling = collinear_chain(-10.0, 3.0, 20);
    corridor.insert(corridor.end(), ceiling.begin(), ceiling.end());
    const auto result = collide_and_slide(Circle{{-8.0, 1.0}, 1.0}, {10.0, 4.0}, corridor);
    ASSERT_EQ(result.legs.size(), 2u);
    EXPECT_NEAR(result.legs[0].end.x, -5.5, kEps);
    EXPECT_NEAR(result.position.x, 2.0, kEps);
    EXPECT_NEAR(result.position.y, 2.0, kEps);
}

TEST(CollideAndSlide, RunningOutOfLegsStopsAtTheLastContactAndSaysSo) {
    // The diagonal landing with a budget of one leg: stops where it touched, (2, 1).
    CollideAndSlideOptions one_leg;
    one_leg.max_iterations = 1;
    const auto result =
        collide_and_slide(Circle{{0.0, 3.0}, 1.0}, {4.0, -4.0}, kLongFloor, one_leg);
    ASSERT_EQ(result.legs.size(), 1u);
    EXPECT_EQ(result.position, (Vec2{2.0, 1.0}));
    EXPECT_EQ(result.outcome, SlideOutcome::OutOfIterations);
}

TEST(CollideAndSlideProperty, ASingleWallTakesAtMostOneHitAndOneSlide) {
    // Against one long wall at a random slant, a disk thrown at it touches once, then slides:
    // two legs. Rounding leaves the slid motion a hair into the wall (dot ~ -1e-17); were that
    // counted as a new hit at t = 0, the legs would pile up to the budget and the rest of the
    // motion would be lost. The disk also never ends inside the wall by more than rounding.
    std::mt19937 rng(20240605);
    std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int trial = 0; trial < 2000; ++trial) {
        const double a = angle(rng);
        const Vec2 along{std::cos(a), std::sin(a)};
        const Vec2 normal{-along.y, along.x};
        const Segment wall{along * -100.0, along * 100.0};
        const double radius = 0.1 + unit(rng);
        const Circle disk{normal * (radius + 0.5 + unit(rng)) + along * (unit(rng) - 0.5), radius};
        // Into the wall (normal part -3 to -6) and along it (-20 to 20).
        const Vec2 motion = normal * -(3.0 + 3.0 * unit(rng)) + along * (40.0 * unit(rng) - 20.0);
        const auto result = collide_and_slide(disk, motion, std::vector<Segment>{wall});
        ASSERT_EQ(result.legs.size(), 2u) << "trial " << trial;
        ASSERT_EQ(result.outcome, SlideOutcome::Finished) << "trial " << trial;
        const Vec2 offset = result.position - closest_point_on_segment(result.position, wall).point;
        ASSERT_GT(std::hypot(offset.x, offset.y), radius - 1e-12) << "trial " << trial;
    }
}

TEST(CollideAndSlide, OutcomesHaveStableNames) {
    EXPECT_EQ(ccd::to_string(SlideOutcome::Finished), "finished");
    EXPECT_EQ(ccd::to_string(SlideOutcome::Wedged), "wedged");
    EXPECT_EQ(ccd::to_string(SlideOutcome::OutOfIterations), "out_of_iterations");
}

} // namespace
