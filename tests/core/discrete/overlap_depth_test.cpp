// ccd::overlap_depth: the minimum translation of two shapes that start overlapping, every
// expected value worked out by hand in the comments.
#include "ccd/overlap_depth.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using ccd::Circle;
using ccd::overlap_depth;
using ccd::Polygon;
using ccd::Segment;
using ccd::Vec2;

constexpr double kEps = 1e-15;

void expect_vec(Vec2 got, Vec2 want) {
    EXPECT_NEAR(got.x, want.x, kEps);
    EXPECT_NEAR(got.y, want.y, kEps);
}

Polygon box(double x0, double y0, double x1, double y1) {
    return Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
}

TEST(OverlapDepth, ACircleOfRadius1HalfAUnitFromASegmentIsHalfAUnitDeepAlongItsNormal) {
    // The segment along y = 0 from x = -2 to 2; the center (0, 0.5): 0.5 from it, radius 1:
    // 1 - 0.5 = 0.5 deep, out along +y (the segment's normal on the circle's side); the
    // circle's deepest point (0, -0.5) moved up by 0.5 lies on the segment.
    const auto d = overlap_depth(Circle{{0.0, 0.5}, 1.0}, Segment{{-2.0, 0.0}, {2.0, 0.0}});
    ASSERT_TRUE(d);
    EXPECT_EQ(d->depth, 0.5);
    expect_vec(d->normal, {0.0, 1.0});
    expect_vec(d->point, {0.0, -0.5});
}

TEST(OverlapDepth, TwoUnitBoxesOverlappingByAQuarterInXAreAQuarterDeepAlongX) {
    // The mover [0, 1]^2, the obstacle [0.75, 1.75] x [0, 1]: along x the mover must go back
    // 1 - 0.75 = 0.25 (or forward 1.75, more); along y 1 either way. 0.25 along -x; the
    // mover's deepest point along +x is a vertex at x = 1.
    const auto d = overlap_depth(box(0.0, 0.0, 1.0, 1.0), box(0.75, 0.0, 1.75, 1.0));
    ASSERT_TRUE(d);
    EXPECT_EQ(d->depth, 0.25);
    expect_vec(d->normal, {-1.0, 0.0});
    EXPECT_EQ(d->point.x, 1.0);
}

TEST(OverlapDepth, TwoCirclesGoApartAlongTheLineOfTheirCenters) {
    // Radii 1 and 2, centers 2.5 apart along (3, 4) / 5: 3 - 2.5 = 0.5 deep.
    const auto d = overlap_depth(Circle{{1.5, 2.0}, 1.0}, Circle{{0.0, 0.0}, 2.0});
    ASSERT_TRUE(d);
    EXPECT_NEAR(d->depth, 0.5, kEps);
    expect_vec(d->normal, {0.6, 0.8});
}

TEST(OverlapDepth, ACircleCenteredInsideABoxGoesOutThroughTheNearestSide) {
    // The box [0, 4] x [0, 2], the center (1, 0.5): nearest side the bottom, 0.5 away; out
    // down by 0.5 + the radius 0.25 = 0.75.
    const auto d = overlap_depth(Circle{{1.0, 0.5}, 0.25}, box(0.0, 0.0, 4.0, 2.0));
    ASSERT_TRUE(d);
    EXPECT_EQ(d->depth, 0.75);
    expect_vec(d->normal, {0.0, -1.0});
}

TEST(OverlapDepth, ACircleOutsideABoxCornerGoesAwayFromTheCorner) {
    // The corner (1, 1) of [0, 1]^2, the center (1.3, 1.4): 0.5 away along (0.6, 0.8), radius
    // 0.75: 0.25 deep.
    const auto d = overlap_depth(Circle{{1.3, 1.4}, 0.75}, box(0.0, 0.0, 1.0, 1.0));
    ASSERT_TRUE(d);
    EXPECT_NEAR(d->depth, 0.25, 1e-15);
    expect_vec(d->normal, {0.6, 0.8});
}

TEST(OverlapDepth, ABoxAcrossASegmentGoesOutTheShorterWay) {
    // The box [0, 2] x [-0.25, 0.75] across the segment y = 0: up by 0.25 (its bottom to the
    // segment) rather than down by 0.75.
    const auto d = overlap_depth(box(0.0, -0.25, 2.0, 0.75), Segment{{-5.0, 0.0}, {5.0, 0.0}});
    ASSERT_TRUE(d);
    EXPECT_EQ(d->depth, 0.25);
    expect_vec(d->normal, {0.0, 1.0});
    EXPECT_EQ(d->point.y, -0.25);
}

TEST(OverlapDepth, ASegmentMovingIntoACircleIsTheSwapTurnedRound) {
    // As the first test, the segment the mover: it goes down by 0.5; its deepest point is
    // (0, 0), under the center.
    const auto d = overlap_depth(Segment{{-2.0, 0.0}, {2.0, 0.0}}, Circle{{0.0, 0.5}, 1.0});
    ASSERT_TRUE(d);
    EXPECT_EQ(d->depth, 0.5);
    expect_vec(d->normal, {0.0, -1.0});
    expect_vec(d->point, {0.0, 0.0});
}

TEST(OverlapDepth, ShapesApartHaveNone) {
    EXPECT_FALSE(overlap_depth(box(0.0, 0.0, 1.0, 1.0), box(1.5, 0.0, 2.5, 1.0)));
    EXPECT_FALSE(overlap_depth(Circle{{0.0, 3.0}, 1.0}, Segment{{-1.0, 0.0}, {1.0, 0.0}}));
    EXPECT_FALSE(overlap_depth(Circle{{3.0, 3.0}, 1.0}, box(0.0, 0.0, 1.0, 1.0)));
}

TEST(OverlapDepth, TouchingIsDepthZero) {
    const auto d = overlap_depth(box(0.0, 0.0, 1.0, 1.0), box(1.0, 0.0, 2.0, 1.0));
    ASSERT_TRUE(d);
    EXPECT_EQ(d->depth, 0.0);
    expect_vec(d->normal, {-1.0, 0.0});
}

TEST(OverlapDepth, APolygonThatIsNotConvexHasNoSeparatingAxisDepth) {
    const Polygon l{{{0.0, 0.0}, {2.0, 0.0}, {2.0, 1.0}, {1.0, 1.0}, {1.0, 2.0}, {0.0, 2.0}}};
    EXPECT_FALSE(overlap_depth(l, box(0.5, 0.5, 1.5, 1.5)));
}

} // namespace
