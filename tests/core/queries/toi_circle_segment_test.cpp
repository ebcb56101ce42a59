// The circle-versus-static-segment time of impact, one behaviour per test. Expected values
// are worked out by hand in the comments.
#include "ccd/batch_circle_segment.hpp"
#include "ccd/toi_circle_segment.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

namespace {

using ccd::Circle;
using ccd::Feature;
using ccd::Segment;
using ccd::time_of_impact;
using ccd::Vec2;

const Segment kFloor{{-2.0, 0.0}, {2.0, 0.0}};

TEST(CircleSegment, FallingOntoTheInteriorHitsWhenTheGapCloses) {
    // Center at y = 5 falls 10 units; it touches when y = radius = 1, after 4 units: t = 0.4.
    const auto hit = time_of_impact(Circle{{0.0, 5.0}, 1.0}, {0.0, -10.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.4);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_EQ(hit->point, (Vec2{0.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
    EXPECT_FALSE(hit->overlap);
    EXPECT_TRUE(hit->approaching);
}

TEST(CircleSegment, NormalPointsFromTheSegmentTowardTheMoverOnEitherSide) {
    const auto from_below = time_of_impact(Circle{{0.5, -5.0}, 1.0}, {0.0, 10.0}, kFloor);
    ASSERT_TRUE(from_below);
    EXPECT_DOUBLE_EQ(from_below->t, 0.4);
    EXPECT_EQ(from_below->normal, (Vec2{0.0, -1.0}));
    EXPECT_EQ(from_below->point, (Vec2{0.5, 0.0}));
}

TEST(CircleSegment, MovingParallelBesideTheSegmentMisses) {
    EXPECT_FALSE(time_of_impact(Circle{{-5.0, 3.0}, 1.0}, {10.0, 0.0}, kFloor));
}

TEST(CircleSegment, StoppingShortOfTheSegmentMisses) {
    // Needs 4 units to touch, moves 3.9.
    EXPECT_FALSE(time_of_impact(Circle{{0.0, 5.0}, 1.0}, {0.0, -3.9}, kFloor));
}

TEST(CircleSegment, TouchingExactlyAtTheEndOfTheFrameCounts) {
    const auto hit = time_of_impact(Circle{{0.0, 5.0}, 1.0}, {0.0, -4.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 1.0);
}

TEST(CircleSegment, ApproachAlongTheSegmentLineHitsTheNearEndCap) {
    // Segment from (0,0) to (4,0); the center comes along the x axis from x = -5 and touches
    // endpoint A when x = -1: 4 of 10 units, t = 0.4.
    const Segment s{{0.0, 0.0}, {4.0, 0.0}};
    const auto hit = time_of_impact(Circle{{-5.0, 0.0}, 1.0}, {10.0, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.4);
    EXPECT_EQ(hit->feature, Feature::EndpointA);
    EXPECT_EQ(hit->point, (Vec2{0.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
}

TEST(CircleSegment, ApproachFromBeyondTheFarEndHitsEndpointB) {
    const Segment s{{0.0, 0.0}, {4.0, 0.0}};
    const auto hit = time_of_impact(Circle{{9.0, 0.0}, 1.0}, {-10.0, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.4);
    EXPECT_EQ(hit->feature, Feature::EndpointB);
    EXPECT_EQ(hit->normal, (Vec2{1.0, 0.0}));
}

TEST(CircleSegment, ObliqueCapHitMatchesTheCircleEquation) {
    // Segment (0,0)-(0,-4). Center from (-3, 1) moving (6, 0): the cap at B = (0,0) is touched
    // when (x)^2 + 1^2 = 2^2, x = -sqrt(3), so t = (3 - sqrt(3)) / 6.
    const Segment s{{0.0, -4.0}, {0.0, 0.0}};
    const auto hit = time_of_impact(Circle{{-3.0, 1.0}, 2.0}, {6.0, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->feature, Feature::EndpointB);
    EXPECT_NEAR(hit->t, (3.0 - std::sqrt(3.0)) / 6.0, 1e-15);
    EXPECT_NEAR(hit->normal.x, -std::sqrt(3.0) / 2.0, 1e-15);
    EXPECT_NEAR(hit->normal.y, 0.5, 1e-15);
}

TEST(CircleSegment, GrazingAnEndpointExactlyCountsAsATouch) {
    // Center passes at distance exactly 1 from B = (0,0): tangent at x = 0, t = 0.5.
    const Segment s{{0.0, -4.0}, {0.0, 0.0}};
    const auto hit = time_of_impact(Circle{{-2.0, 1.0}, 1.0}, {4.0, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->feature, Feature::EndpointB);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
    EXPECT_FALSE(hit->approaching) << "a tangent touch has no closing speed";
}

TEST(CircleSegment, PassingAHairOutsideAnEndpointMisses) {
    const Segment s{{0.0, -4.0}, {0.0, 0.0}};
    EXPECT_FALSE(time_of_impact(Circle{{-2.0, 1.0}, 1.0 - 1e-12}, {4.0, 0.0}, s));
}

TEST(CircleSegment, AnExactTieBetweenBandAndCapReportsTheInterior) {
    // Falling straight onto endpoint A = (0,0) of (0,0)-(4,0): band and cap both give t = 0.4.
    const Segment s{{0.0, 0.0}, {4.0, 0.0}};
    const auto hit = time_of_impact(Circle{{0.0, 5.0}, 1.0}, {0.0, -10.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.4);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
}

TEST(CircleSegment, AlreadyOverlappingReportsTimeZero) {
    const auto hit = time_of_impact(Circle{{1.0, 0.5}, 1.0}, {0.0, -1.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_TRUE(hit->overlap);
    EXPECT_TRUE(hit->approaching);
    EXPECT_EQ(hit->point, (Vec2{1.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
}

TEST(CircleSegment, TouchingAtTheStartIsAnOverlap) {
    const auto hit = time_of_impact(Circle{{0.0, 1.0}, 1.0}, {3.0, 0.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_TRUE(hit->overlap);
    EXPECT_FALSE(hit->approaching) << "sliding along the segment does not close in";
}

TEST(CircleSegment, OverlappingButMovingAwayIsNotApproaching) {
    const auto hit = time_of_impact(Circle{{0.0, 0.5}, 1.0}, {0.0, 2.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
    EXPECT_FALSE(hit->approaching);
}

TEST(CircleSegment, CenterExactlyOnTheSegmentGetsTheNormalFacingWhereItCameFrom) {
    const auto hit = time_of_impact(Circle{{0.0, 0.0}, 0.5}, {1.0, -3.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
    EXPECT_TRUE(hit->approaching);
}

TEST(CircleSegment, NotMovingAndNotTouchingIsAMiss) {
    EXPECT_FALSE(time_of_impact(Circle{{0.0, 3.0}, 1.0}, {0.0, 0.0}, kFloor));
}

TEST(CircleSegment, ZeroLengthSegmentActsAsAPointReportedAsEndpointA) {
    const Segment dot{{1.0, 1.0}, {1.0, 1.0}};
    const auto hit = time_of_impact(Circle{{-4.0, 1.0}, 1.0}, {10.0, 0.0}, dot);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.4);
    EXPECT_EQ(hit->feature, Feature::EndpointA);
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
}

TEST(CircleSegment, ZeroRadiusIsAPointCrossingTheSegment) {
    const auto hit = time_of_impact(Circle{{0.5, 2.0}, 0.0}, {0.0, -8.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.25);
    EXPECT_EQ(hit->point, (Vec2{0.5, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
}

TEST(CircleSegment, ZeroRadiusPointMovingAlongTheLineHitsTheEndpoint) {
    const Segment s{{0.0, 0.0}, {4.0, 0.0}};
    const auto hit = time_of_impact(Circle{{-2.0, 0.0}, 0.0}, {4.0, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->feature, Feature::EndpointA);
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0})) << "no radius: the normal opposes the motion";
}

TEST(CircleSegment, AFastBulletDoesNotTunnelThroughAThinWall) {
    // r = 0.01 at 1e5 units per frame; the gap of 10 - 0.01 closes after t = 9.99 / 1e5.
    const auto hit = time_of_impact(Circle{{0.0, 10.0}, 0.01}, {0.0, -1e5}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 9.99e-5, 1e-18);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
}

TEST(CircleSegment, StartingAHairAwayAtHighSpeedIsCaughtNotTunnelled) {
    const double start = 1.0 + 1e-12;
    const double gap = start - 1.0; // exact (Sterbenz), about 1e-12
    const auto hit = time_of_impact(Circle{{0.0, start}, 1.0}, {0.0, -1e5}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_FALSE(hit->overlap);
    EXPECT_GT(hit->t, 0.0);
    EXPECT_NEAR(hit->t, gap / 1e5, 1e-27);
}

TEST(CircleSegment, StartingAHairAwayFromACapIsCaught) {
    // The center is 1 + 1e-12 from endpoint A along the segment's own line.
    const Segment s{{0.0, 0.0}, {4.0, 0.0}};
    const double start = 1.0 + 1e-12;
    const double gap = start - 1.0; // exact
    const auto hit = time_of_impact(Circle{{-start, 0.0}, 1.0}, {1e3, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_FALSE(hit->overlap);
    EXPECT_EQ(hit->feature, Feature::EndpointA);
    EXPECT_NEAR(hit->t, gap / 1e3, 1e-27);
}

TEST(CircleSegment, StartingAnUlpInsideTheBandIsAnOverlapNotATunnel) {
    // Found by the accuracy test: the center starts 1.6e-16 x r inside the band. Judged from a
    // rounded closest point it was "not overlapping", and from the band's own signed distance
    // "already inside", so no entry was found and the circle passed through the wall.
    const Circle mover{{-1.2991957239138447, 5.8653380978082366}, 0.6961899681710777};
    const Vec2 d{-6975.420689943835, 6345.5772082186149};
    const Segment wall{{4.6699684323828343, 4.4353768193256808},
                       {-9.1697523365752378, 9.4683564507199982}};
    const auto hit = time_of_impact(mover, d, wall);
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_TRUE(hit->approaching);
}

// A point on the wall's line (x = 7e12) 2^-10 short of end B, pushed across it. c - a is
// (0, 14e12 - 2^-10), which rounds to (0, 14e12) = b - a (the ulp there is 2^-9, the tie goes
// to the even 14e12): judged from it the point was at B, beside the segment, and the zero-size
// cap at B, 2^-10 away, let it through. Measured from B the projection is -2^-10 x 14e12 < 0:
// on the segment, at its line, so touching at t = 0, the normal against the motion, for the
// scalar query, the prepared segment and the batch alike.
TEST(CircleSegment, APointOnTheLineJustShortOfEndBIsOnTheSegment) {
    const Segment wall{{7e12, -7e12}, {7e12, 7e12}};
    const Circle point{{7e12, 7e12 - 0x1p-10}, 0.0};
    ASSERT_EQ(point.center.y, 6999999999999.9990234375); // exact: 2^-10 is the ulp of 7e12
    const Vec2 push{1.0, 0.0};
    const ccd::PreparedSegment prepared(wall);
    for (const auto& hit :
         {time_of_impact(point, push, wall), time_of_impact(point, push, prepared)}) {
        ASSERT_TRUE(hit);
        EXPECT_TRUE(hit->overlap);
        EXPECT_EQ(hit->t, 0.0);
        EXPECT_EQ(hit->feature, Feature::SegmentInterior);
        EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
        EXPECT_EQ(hit->point.x, 7e12);
        EXPECT_TRUE(hit->approaching);
    }
    // The batch: the same answer (t = 0, a contact, the interior).
    const double cx[] = {point.center.x}, cy[] = {point.center.y}, r[] = {0.0}, dx[] = {1.0},
                 dy[] = {0.0}, ax[] = {7e12}, ay[] = {-7e12}, bx[] = {7e12}, by[] = {7e12};
    double t[1] = {-1.0};
    std::uint8_t hit[1] = {0}, feature[1] = {0};
    ccd::time_of_impact_batch({cx, cy, r, dx, dy, ax, ay, bx, by}, {t, hit, {}, {}, feature});
    EXPECT_EQ(hit[0], 1);
    EXPECT_EQ(t[0], 0.0);
    EXPECT_EQ(feature[0], static_cast<std::uint8_t>(Feature::SegmentInterior));
    // Crossing the line 2^-10 short of B, from 2^-10 off it: the projection at the entry,
    // rounded at the scale of |u|^2, is at B, and a tie goes to the band: the segment is met.
    const auto across =
        time_of_impact(Circle{{7e12 - 0x1p-10, 7e12 - 0x1p-10}, 0.0}, Vec2{0x1p-9, 0.0}, wall);
    ASSERT_TRUE(across);
    EXPECT_FALSE(across->overlap);
    EXPECT_EQ(across->t, 0.5); // 2^-10 at 2^-9 per frame
    EXPECT_EQ(across->feature, Feature::SegmentInterior);
}

TEST(CircleSegment, SmallBodyFarFromTheOriginKeepsItsAccuracy) {
    // Everything shifted by 1e7: the same geometry as the falling test, scaled down by 1e3.
    const Vec2 o{1e7, -1e7};
    const Segment s{o + Vec2{-2e-3, 0.0}, o + Vec2{2e-3, 0.0}};
    const auto hit = time_of_impact(Circle{o + Vec2{0.0, 5e-3}, 1e-3}, {0.0, -1e-2}, s);
    ASSERT_TRUE(hit);
    // Positions near 1e7 carry an absolute error of about 1e-9 (half an ulp): t within 1e-6.
    EXPECT_NEAR(hit->t, 0.4, 1e-6);
}

// Distance from p to the segment, computed independently in long double.
long double distance_to_segment(Vec2 p, const Segment& s) {
    const long double ux = (long double)s.b.x - s.a.x, uy = (long double)s.b.y - s.a.y;
    const long double px = (long double)p.x - s.a.x, py = (long double)p.y - s.a.y;
    const long double len2 = ux * ux + uy * uy;
    long double h = len2 > 0 ? (px * ux + py * uy) / len2 : 0;
    h = h < 0 ? 0 : h > 1 ? 1 : h;
    const long double dx = px - ux * h, dy = py - uy * h;
    return std::sqrt(dx * dx + dy * dy);
}

TEST(CircleSegmentProperty, RandomQueriesTouchAtTheReportedTimeAndNotBefore) {
    std::mt19937_64 rng(20261122);
    std::uniform_real_distribution<double> coord(-10.0, 10.0), radius(0.0, 2.0);
    int hits = 0, misses = 0;
    for (int i = 0; i < 20000; ++i) {
        const Circle c{{coord(rng), coord(rng)}, radius(rng)};
        const Vec2 d{coord(rng) * 2.0, coord(rng) * 2.0};
        const Segment s{{coord(rng), coord(rng)}, {coord(rng), coord(rng)}};
        const auto hit = time_of_impact(c, d, s);
        const double tol = 1e-12 * 40.0; // 1e-12 x scale (coordinates up to ~40)
        const auto gap_at = [&](long double t) {
            return distance_to_segment(c.center + d * (double)t, s) - c.radius;
        };
        if (!hit) {
            ++misses;
            for (int k = 0; k <= 200; ++k)
                ASSERT_GT(gap_at(k / 200.0L), -tol) << "case " << i;
            continue;
        }
        ++hits;
        ASSERT_GE(hit->t, 0.0);
        ASSERT_LE(hit->t, 1.0);
        ASSERT_NEAR(std::hypot(hit->normal.x, hit->normal.y), 1.0, 1e-14) << "case " << i;
        if (hit->overlap) {
            ASSERT_EQ(hit->t, 0.0);
            ASSERT_LE(gap_at(0), tol) << "case " << i;
            continue;
        }
        ASSERT_NEAR((double)gap_at(hit->t), 0.0, tol) << "case " << i;
        for (int k = 0; k < 200; ++k)
            ASSERT_GT(gap_at(hit->t * k / 200.0L), -tol) << "case " << i << " touched earlier";
        // The contact point is on the segment, at distance radius from the center.
        ASSERT_NEAR((double)distance_to_segment(hit->point, s), 0.0, tol) << "case " << i;
    }
    EXPECT_GT(hits, 2000);
    EXPECT_GT(misses, 2000);
}

} // namespace
