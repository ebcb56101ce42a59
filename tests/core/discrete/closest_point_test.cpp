// Seed 003's clamped projection against seed 001's branch on the two dot products. Expected
// values are worked out by hand in the comments.
#include "ccd/closest_point.hpp"

#include <gtest/gtest.h>

namespace {

using ccd::closest_point_on_segment;
using ccd::closest_point_on_segment_clamped;
using ccd::Feature;
using ccd::Segment;
using ccd::Vec2;

TEST(ClampedClosestPoint, PointBesideTheInteriorProjectsToTheFootOfThePerpendicular) {
    // Segment along the x axis from 0 to 4: the foot of (1, 3) is (1, 0).
    const auto closest =
        closest_point_on_segment_clamped({1.0, 3.0}, Segment{{0.0, 0.0}, {4.0, 0.0}});
    EXPECT_EQ(closest.point, (Vec2{1.0, 0.0}));
    EXPECT_EQ(closest.feature, Feature::SegmentInterior);
}

TEST(ClampedClosestPoint, PointBeforeTheStartClampsToEndpointA) {
    // r = dot((-2, 1), (4, 0)) / 16 = -0.5, clamped to 0.
    const auto closest =
        closest_point_on_segment_clamped({-2.0, 1.0}, Segment{{0.0, 0.0}, {4.0, 0.0}});
    EXPECT_EQ(closest.point, (Vec2{0.0, 0.0}));
    EXPECT_EQ(closest.feature, Feature::EndpointA);
}

TEST(ClampedClosestPoint, PointPastTheEndReturnsEndpointBExactly) {
    // In doubles -0.11 + (0.44 - -0.11) * 1 is 0.44000000000000006, not 0.44: a clamped r of 1
    // must return b itself.
    const Segment s{{-0.11, 0.0}, {0.44, 0.0}};
    const auto closest = closest_point_on_segment_clamped({1.0, 0.0}, s);
    EXPECT_EQ(closest.point, s.b);
    EXPECT_EQ(closest.feature, Feature::EndpointB);
}

TEST(ClampedClosestPoint, ZeroLengthSegmentReturnsItsPointInsteadOfDividingByZero) {
    const auto closest =
        closest_point_on_segment_clamped({5.0, 5.0}, Segment{{1.0, 2.0}, {1.0, 2.0}});
    EXPECT_EQ(closest.point, (Vec2{1.0, 2.0}));
    EXPECT_EQ(closest.feature, Feature::EndpointA);
}

TEST(ClosestPointSeeds, BranchAndClampedProjectionAgreeOnAGridAroundSeveralSegments) {
    // Both compute the interior point as a + u * (dot(p - a, u) / |u|^2), and both decide the
    // ends on the sign of dot(p - a, u) and dot(p - a, u) - |u|^2 (division is correctly
    // rounded, so r >= 1 exactly when dot(p - a, u) >= |u|^2): they must agree bit for bit.
    const Segment segments[] = {
        {{0.0, 0.0}, {4.0, 0.0}},    {{-1.5, 2.0}, {3.25, -0.75}}, {{0.1, 0.7}, {0.3, 0.1}},
        {{-0.11, 0.0}, {0.44, 0.0}}, {{2.0, 2.0}, {2.0, -3.0}},    {{1.0, 1.0}, {1.0, 1.0}},
    };
    int compared = 0;
    for (const Segment& s : segments) {
        for (int i = -12; i <= 12; ++i) {
            for (int j = -12; j <= 12; ++j) {
                const Vec2 p{0.37 * i, 0.29 * j};
                const auto branch = closest_point_on_segment(p, s);
                const auto clamped = closest_point_on_segment_clamped(p, s);
                ASSERT_EQ(branch.point, clamped.point) << "p = " << p.x << ", " << p.y;
                ASSERT_EQ(branch.feature, clamped.feature) << "p = " << p.x << ", " << p.y;
                ++compared;
            }
        }
    }
    EXPECT_EQ(compared, 6 * 25 * 25);
}

TEST(ClosestPointSeeds, ProjectionExactlyOnAnEndpointIsThatEndpointInBoth) {
    // (0, 3) projects exactly on a = (0, 0) and (4, -3) exactly on b = (4, 0).
    const Segment s{{0.0, 0.0}, {4.0, 0.0}};
    EXPECT_EQ(closest_point_on_segment({0.0, 3.0}, s).feature, Feature::EndpointA);
    EXPECT_EQ(closest_point_on_segment_clamped({0.0, 3.0}, s).feature, Feature::EndpointA);
    EXPECT_EQ(closest_point_on_segment({4.0, -3.0}, s).feature, Feature::EndpointB);
    EXPECT_EQ(closest_point_on_segment_clamped({4.0, -3.0}, s).feature, Feature::EndpointB);
}

TEST(ClosestPointSeeds, ARatioThatUnderflowsIsEndpointAOnlyForTheClampedProjection) {
    // The documented tie: dot(p - a, u) = 1e-310 * 1e20 = 1e-290 > 0, so the branch says
    // interior, but r = 1e-290 / 1e40 underflows to 0 and the clamp says endpoint A. The point
    // is a in both.
    const Segment s{{0.0, 0.0}, {1e20, 0.0}};
    const Vec2 p{1e-310, 0.0};
    const auto branch = closest_point_on_segment(p, s);
    const auto clamped = closest_point_on_segment_clamped(p, s);
    EXPECT_EQ(branch.point, s.a);
    EXPECT_EQ(clamped.point, s.a);
    EXPECT_EQ(branch.feature, Feature::SegmentInterior);
    EXPECT_EQ(clamped.feature, Feature::EndpointA);
}

} // namespace
