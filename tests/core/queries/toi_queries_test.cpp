// Circle-point, circle-circle, point-segment, translating and moving segments: one behaviour
// per test, expected values worked out by hand in the comments.
#include "ccd/polynomial.hpp"
#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace ccd;

// --- circle vs point (seed 000 case 2) ---

TEST(CirclePoint, HeadOnHitWhenTheGapCloses) {
    // Center at x = -5 moving +10 toward the origin with r = 1: touches at x = -1, t = 0.4.
    const auto hit = time_of_impact(Circle{{-5.0, 0.0}, 1.0}, {10.0, 0.0}, Vec2{0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.4);
    EXPECT_EQ(hit->feature, Feature::Point);
    EXPECT_EQ(hit->point, (Vec2{0.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
    EXPECT_TRUE(hit->approaching);
}

TEST(CirclePoint, MovingAwayMisses) {
    EXPECT_FALSE(time_of_impact(Circle{{-5.0, 0.0}, 1.0}, {-10.0, 0.0}, Vec2{0.0, 0.0}));
}

TEST(CirclePoint, AlreadyContainingThePointIsAnOverlapEvenWhenMovingAway) {
    // Seed 000 returns "no collision" here because of its moving-away early-out; we report the
    // overlap and let the caller ignore it through `approaching`.
    const auto hit = time_of_impact(Circle{{0.5, 0.0}, 1.0}, {10.0, 0.0}, Vec2{0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_FALSE(hit->approaching);
    EXPECT_EQ(hit->normal, (Vec2{1.0, 0.0}));
}

TEST(CirclePoint, ObliqueHitSolvesTheQuadratic) {
    // Path y = 1, r = 2: touches where x^2 + 1 = 4, x = -sqrt(3); from x = -3 over 6 units.
    const auto hit = time_of_impact(Circle{{-3.0, 1.0}, 2.0}, {6.0, 0.0}, Vec2{0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, (3.0 - std::sqrt(3.0)) / 6.0, 1e-15);
}

// --- two moving circles (seeds 000 and 004) ---

TEST(CircleCircle, HeadOnCirclesMeetWhereTheSummedRadiiTouch) {
    // Centers 10 apart, each moving 4 toward the other: the gap closes by 8 per frame and
    // they touch when 10 - 8t = 1 + 1, t = 1.
    const auto hit =
        time_of_impact(Circle{{-5.0, 0.0}, 1.0}, {4.0, 0.0}, Circle{{5.0, 0.0}, 1.0}, {-4.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 1.0);
    EXPECT_EQ(hit->feature, Feature::Circle);
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
    // At t = 1 the obstacle's center is at x = 1; its surface toward the mover at x = 0.
    EXPECT_EQ(hit->point, (Vec2{0.0, 0.0}));
}

TEST(CircleCircle, IdenticalVelocitiesNeverMeet) {
    EXPECT_FALSE(
        time_of_impact(Circle{{-5.0, 0.0}, 1.0}, {3.0, 1.0}, Circle{{5.0, 0.0}, 1.0}, {3.0, 1.0}));
}

TEST(CircleCircle, CoincidentCentersAreAnOverlapWithADefinedNormal) {
    const auto hit =
        time_of_impact(Circle{{1.0, 1.0}, 1.0}, {0.0, 2.0}, Circle{{1.0, 1.0}, 1.0}, {0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
    EXPECT_EQ(hit->normal, (Vec2{0.0, -1.0})) << "opposite to the relative motion";
}

TEST(CircleCircle, ChasingAFasterCircleMisses) {
    EXPECT_FALSE(
        time_of_impact(Circle{{-5.0, 0.0}, 1.0}, {3.0, 0.0}, Circle{{0.0, 0.0}, 1.0}, {4.0, 0.0}));
}

// --- point vs static segment (seed 000 case 4) ---

TEST(PointSegment, CrossingTheInteriorIsFoundWithoutASquareRoot) {
    // From (1, 3) down 12 units across the x axis: crosses y = 0 at t = 0.25.
    const auto hit =
        time_of_impact(Vec2{1.0, 3.0}, Vec2{0.0, -12.0}, Segment{{-2.0, 0.0}, {2.0, 0.0}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.25);
    EXPECT_EQ(hit->point, (Vec2{1.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
}

TEST(PointSegment, PassingBesideTheEndMisses) {
    EXPECT_FALSE(
        time_of_impact(Vec2{3.0, 3.0}, Vec2{0.0, -12.0}, Segment{{-2.0, 0.0}, {2.0, 0.0}}));
}

TEST(PointSegment, MovingAlongTheLineHitsTheNearEndpoint) {
    const auto hit =
        time_of_impact(Vec2{-6.0, 0.0}, Vec2{8.0, 0.0}, Segment{{-2.0, 0.0}, {2.0, 0.0}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->feature, Feature::EndpointA);
}

TEST(PointSegment, MovingAlongTheLineTracesBothEndpointsEquations) {
    // From (-6, 0) by (8, 0) along the line of (-2, 0)-(2, 0). End A: m = (-4, 0), so
    // f(t) = |m + d t|^2 = (8t - 4)^2 = 64 t^2 - 64 t + 16, a double root at t = 0.5 (taken).
    // End B: m = (-8, 0), f = (8t - 8)^2 = 64 t^2 - 128 t + 64, double root at t = 1: a valid
    // root, later than A's. The line crossing is constant zero (rate 0): no root of its own.
    Trace trace;
    const auto hit =
        time_of_impact(Vec2{-6.0, 0.0}, Vec2{8.0, 0.0}, Segment{{-2.0, 0.0}, {2.0, 0.0}}, &trace);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(trace.query, "point_segment");
    ASSERT_EQ(trace.candidates.size(), 3u);
    EXPECT_EQ(trace.candidates[0].name, "line crossing");
    EXPECT_TRUE(trace.candidates[0].roots.empty());
    const TraceCandidate& a = trace.candidates[1];
    EXPECT_EQ(a.name, "end A along the line");
    EXPECT_EQ(a.feature, Feature::EndpointA);
    EXPECT_EQ(a.a, 64.0);
    EXPECT_EQ(a.b, -64.0);
    EXPECT_EQ(a.c, 16.0);
    EXPECT_EQ(a.discriminant, 0.0);
    ASSERT_EQ(a.roots.size(), 1u);
    EXPECT_EQ(a.roots[0].t, 0.5);
    EXPECT_EQ(a.roots[0].verdict, RootVerdict::Taken);
    const TraceCandidate& b = trace.candidates[2];
    EXPECT_EQ(b.name, "end B along the line");
    EXPECT_EQ(b.b, -128.0);
    EXPECT_EQ(b.c, 64.0);
    ASSERT_EQ(b.roots.size(), 1u);
    EXPECT_EQ(b.roots[0].t, 1.0);
    EXPECT_EQ(b.roots[0].verdict, RootVerdict::LaterThanBest);
}

TEST(PointSegment, OnTheLineButLeavingItOrMovingAwayTracesWhyEachEndIsMissed) {
    Trace trace;
    // Leaving the line: cross(d, m) = cross((8, 1), (-4, 0)) = 4 for end A, so no real root.
    EXPECT_FALSE(
        time_of_impact(Vec2{-6.0, 0.0}, Vec2{8.0, 1.0}, Segment{{-2.0, 0.0}, {2.0, 0.0}}, &trace));
    ASSERT_EQ(trace.candidates.size(), 3u);
    EXPECT_EQ(trace.candidates[1].discriminant, -64.0);
    EXPECT_TRUE(trace.candidates[1].roots.empty());
    EXPECT_FALSE(trace.candidates[1].note.empty());
    // Along the line, away from both ends: d.m > 0 for each.
    EXPECT_FALSE(
        time_of_impact(Vec2{-6.0, 0.0}, Vec2{-1.0, 0.0}, Segment{{-2.0, 0.0}, {2.0, 0.0}}, &trace));
    ASSERT_EQ(trace.candidates.size(), 3u);
    for (std::size_t i = 1; i < 3; ++i) {
        EXPECT_TRUE(trace.candidates[i].roots.empty());
        EXPECT_NE(trace.candidates[i].note.find("away"), std::string::npos);
    }
}

TEST(PointSegment, StartingOnTheSegmentIsAnOverlap) {
    const auto hit =
        time_of_impact(Vec2{0.5, 0.0}, Vec2{0.0, 1.0}, Segment{{-2.0, 0.0}, {2.0, 0.0}});
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
}

// --- translating segment ---

TEST(TranslatingSegment, TheSegmentRisingMeetsTheFallingCircleEarlier) {
    // Circle at y = 5 falling 4, floor rising 4: the gap of 4 closes at 8 per frame, t = 0.5;
    // the floor is then at y = 2.
    const auto hit = time_of_impact_translating(Circle{{0.0, 5.0}, 1.0}, {0.0, -4.0},
                                                Segment{{-2.0, 0.0}, {2.0, 0.0}}, {0.0, 4.0});
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->point, (Vec2{0.0, 2.0}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
}

// --- point vs moving segment (seed 002) ---

TEST(PointMovingSegment, ASweepingSegmentCatchesAStillPoint) {
    // Segment from (-1, 2)-(1, 2) moves down by 4; the point at (0, 0) is crossed at t = 0.5.
    const MovingSegment s{{{-1.0, 2.0}, {1.0, 2.0}}, {0.0, -4.0}, {0.0, -4.0}};
    const auto hit = time_of_impact(Vec2{0.0, 0.0}, Vec2{0.0, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_EQ(hit->normal, (Vec2{0.0, -1.0})) << "the point is below: the normal points down";
    EXPECT_TRUE(hit->approaching);
}

TEST(PointMovingSegment, ARotatingSegmentGivesAGenuineQuadratic) {
    // a fixed at (0,0); b moves from (2,0) to (0,2) (b(t) = (2 - 2t, 2t)); the point is still at
    // (1, 1). cross(b(t), p) = (2 - 2t) * 1 - 2t * 1 = 2 - 4t: t = 0.5, where b = (1, 1): the
    // point is exactly the endpoint b.
    const MovingSegment s{{{0.0, 0.0}, {2.0, 0.0}}, {0.0, 0.0}, {-2.0, 2.0}};
    const auto hit = time_of_impact(Vec2{1.0, 1.0}, Vec2{0.0, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->feature, Feature::EndpointB);
}

TEST(PointMovingSegment, ALineRootBeyondTheSegmentsEndIsAMiss) {
    // The seed's t2 check: the segment (-1,2)-(1,2) moves down by 4 and its line crosses the
    // point (3, 0) at t = 0.5, but beyond the segment's end (t2 = 2 > 1).
    const MovingSegment s{{{-1.0, 2.0}, {1.0, 2.0}}, {0.0, -4.0}, {0.0, -4.0}};
    Trace trace;
    EXPECT_FALSE(time_of_impact(Vec2{3.0, 0.0}, Vec2{0.0, 0.0}, s, &trace));
    ASSERT_EQ(trace.candidates.size(), 1u);
    ASSERT_EQ(trace.candidates[0].roots.size(), 1u);
    EXPECT_DOUBLE_EQ(trace.candidates[0].roots[0].t, 0.5);
    EXPECT_EQ(trace.candidates[0].roots[0].verdict, RootVerdict::OffFeature);
}

TEST(PointMovingSegment, CollinearMotionEntersAtTheNearEndpoint) {
    // Everything on the x axis: the point from -5 moves +6; the segment [0, 2] moves -2.
    // The point reaches a(t) = -2t when -5 + 6t = -2t, t = 5/8.
    const MovingSegment s{{{0.0, 0.0}, {2.0, 0.0}}, {-2.0, 0.0}, {-2.0, 0.0}};
    const auto hit = time_of_impact(Vec2{-5.0, 0.0}, Vec2{6.0, 0.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 5.0 / 8.0);
    EXPECT_EQ(hit->feature, Feature::EndpointA);
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
}

TEST(PointMovingSegment, ZeroLengthAtTheRootIsAPointThere) {
    // The ends (-1,0) and (1,0) move toward each other and meet at (0,0) at t = 1; the point
    // falls from (0,2) and arrives there at t = 1 too. The line equation vanishes identically
    // at t = 1 (zero-length segment): the point coincides with it, so it counts as a hit.
    const MovingSegment s{{{-1.0, 0.0}, {1.0, 0.0}}, {1.0, 0.0}, {-1.0, 0.0}};
    const auto hit = time_of_impact(Vec2{0.0, 2.0}, Vec2{0.0, -2.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 1.0);
}

// --- circle vs moving segment (general) ---

TEST(CircleMovingSegment, TranslationUsesTheExactStaticMethod) {
    const MovingSegment s{{{-2.0, 0.0}, {2.0, 0.0}}, {0.0, 4.0}, {0.0, 4.0}};
    const auto hit = time_of_impact(Circle{{0.0, 5.0}, 1.0}, {0.0, -4.0}, s);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.5);
}

TEST(CircleMovingSegment, ATiltingSegmentIsCaughtByTheQuartic) {
    // a fixed at (-4, 0); b moves from (4, 0) to (4, 4). The circle of radius 1 sits still at
    // (2, 3). The line through a and b(t) = (4, 4t) is 4t x - 8 y + 16 t = 0 (times 1/...),
    // its distance from (2, 3): |4t*2 - 8*3 + 16t| / sqrt(16t^2 + 64) = |24t - 24| / sqrt(16t^2+64)
    // = 1  =>  (24t - 24)^2 = 16t^2 + 64  =>  560 t^2 - 1152 t + 512 = 0
    // =>  t = (1152 - sqrt(1152^2 - 4*560*512)) / 1120.
    const MovingSegment s{{{-4.0, 0.0}, {4.0, 0.0}}, {0.0, 0.0}, {0.0, 4.0}};
    const auto hit = time_of_impact(Circle{{2.0, 3.0}, 1.0}, {0.0, 0.0}, s);
    ASSERT_TRUE(hit);
    const double expected = (1152.0 - std::sqrt(1152.0 * 1152.0 - 4.0 * 560.0 * 512.0)) / 1120.0;
    EXPECT_NEAR(hit->t, expected, 1e-14);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_FALSE(hit->overlap);
    EXPECT_TRUE(hit->approaching);
}

TEST(CircleMovingSegment, APointOrATinyCircleTouchesFromTheSideItCameFrom) {
    // Only end a moves: a(t) = (-2, 2 - 4t), b = (2, 2); the center moves (1, 2t). With u = b - a
    // = (4, 4t) and w = c - a = (3, 6t - 2), cross(u, w) = 12t - 8: the center crosses the line
    // at t = 2/3, at (1, 4/3), three quarters along the segment, coming from below. The normal
    // is perpendicular to (3, 2) on that side, (2, -3) / sqrt(13), and the contact approaches.
    // For r = 0 (and for radii far below what the quartic's roots can resolve) the band root is
    // the crossing itself, where cross(u, w) is rounding noise: its sign cannot give the side
    // (found by a fixture: the scheduler saw a separating contact and let the point through).
    const MovingSegment s{{{-2.0, 2.0}, {2.0, 2.0}}, {0.0, -4.0}, {0.0, 0.0}};
    for (const double r : {0.0, 1e-12, 1e-9, 1e-6}) {
        SCOPED_TRACE(r);
        const auto hit = time_of_impact(Circle{{1.0, 0.0}, r}, {0.0, 2.0}, s);
        ASSERT_TRUE(hit);
        EXPECT_NEAR(hit->t, 2.0 / 3.0, 1e-5);
        EXPECT_EQ(hit->feature, Feature::SegmentInterior);
        // A circle of radius r touches about r |u| / 12 < 0.4 r before the crossing, while u turns
        // at |cross(du, u)| / |u|^2 < 0.7 a frame: its normal is within r of the crossing's.
        const double tolerance = std::max(r, 1e-12);
        EXPECT_NEAR(hit->normal.x, 2.0 / std::sqrt(13.0), tolerance);
        EXPECT_NEAR(hit->normal.y, -3.0 / std::sqrt(13.0), tolerance);
        EXPECT_TRUE(hit->approaching);
    }
}

TEST(CircleMovingSegment, TheQuarticBandsTraceCarriesItsCoefficients) {
    // The tilting segment above: u(t) = b(t) - a = (8, 4t), w = (2, 3) - a = (6, 3), so
    // cross(u, w) = 24 - 24t and |u|^2 = 64 + 16t^2; g(t) = (24 - 24t)^2 - 1 * (64 + 16t^2)
    // = 512 - 1152 t + 560 t^2, every term exact in doubles.
    const MovingSegment s{{{-4.0, 0.0}, {4.0, 0.0}}, {0.0, 0.0}, {0.0, 4.0}};
    Trace trace;
    ASSERT_TRUE(time_of_impact(Circle{{2.0, 3.0}, 1.0}, {0.0, 0.0}, s, &trace));
    const TraceCandidate* band = nullptr;
    for (const TraceCandidate& c : trace.candidates)
        if (c.feature == Feature::SegmentInterior) band = &c;
    ASSERT_NE(band, nullptr);
    ASSERT_EQ(band->coefficients.size(), 5u);
    EXPECT_EQ(band->coefficients[0], 512.0);
    EXPECT_EQ(band->coefficients[1], -1152.0);
    EXPECT_EQ(band->coefficients[2], 560.0);
    EXPECT_EQ(band->coefficients[3], 0.0);
    EXPECT_EQ(band->coefficients[4], 0.0);
    for (const TraceCandidate& c : trace.candidates) {
        if (&c != band) {
            EXPECT_TRUE(c.coefficients.empty()) << c.name << ": a quadratic";
        }
    }
}

// --- the quadratic solver ---

TEST(Quadratic, StableFormKeepsTheSmallRootWhenBDominates) {
    // t^2 - 1e8 t + 1 = 0: roots 1e-8 (to 1e-24) and 1e8. The textbook formula loses the small
    // one entirely to cancellation.
    const QuadraticRoots q = solve_quadratic(1.0, -1e8, 1.0);
    ASSERT_EQ(q.count, 2);
    EXPECT_NEAR(q.t[0], 1e-8, 1e-22);
    EXPECT_DOUBLE_EQ(q.t[1], 1e8);
}

TEST(Quadratic, DegeneratesAreDefined) {
    EXPECT_EQ(solve_quadratic(0.0, 2.0, -1.0).count, 1);
    EXPECT_EQ(solve_quadratic(0.0, 2.0, -1.0).t[0], 0.5);
    EXPECT_EQ(solve_quadratic(0.0, 0.0, 1.0).count, 0);
    EXPECT_TRUE(solve_quadratic(0.0, 0.0, 0.0).every_t);
    EXPECT_EQ(solve_quadratic(1.0, 0.0, 0.0).count, 2);
    EXPECT_EQ(solve_quadratic(1.0, 0.0, 0.0).t[0], 0.0);
    EXPECT_EQ(solve_quadratic(1.0, 0.0, 1.0).count, 0);
}

TEST(Quadratic, KahanDiscriminantSurvivesCancellation) {
    // b = 1 + 2^-27, a = 1/4, c = 1 + 2^-26: b^2 - 4ac = (1 + 2^-26 + 2^-54) - (1 + 2^-26)
    // = 2^-54 exactly, which the naive formula rounds to 0 (b*b loses its last term).
    const double a = 0.25, b = 1.0 + std::ldexp(1.0, -27), c = 1.0 + std::ldexp(1.0, -26);
    EXPECT_EQ(discriminant(a, b, c), std::ldexp(1.0, -54));
}

TEST(Polynomial, QuarticRootsAreIsolatedInOrder) {
    // (t - 0.1)(t - 0.3) = t^2 - 0.4 t + 0.03 and (t - 0.7)(t - 2) = t^2 - 2.7 t + 1.4;
    // their product is t^4 - 3.1 t^3 + 2.51 t^2 - 0.641 t + 0.042.
    const std::array<double, 5> p{0.042, -0.641, 2.51, -3.1, 1.0};
    std::array<double, 4> roots{};
    ASSERT_EQ(roots_in_interval(p, 0.0, 1.0, roots), 3);
    EXPECT_NEAR(roots[0], 0.1, 1e-14);
    EXPECT_NEAR(roots[1], 0.3, 1e-14);
    EXPECT_NEAR(roots[2], 0.7, 1e-14);
}

TEST(Polynomial, ADoubleRootThatOnlyTouchesZeroCounts) {
    // (t - 0.5)^2 (t^2 + 1) = t^4 - t^3 + 1.25 t^2 - t + 0.25
    const std::array<double, 5> p{0.25, -1.0, 1.25, -1.0, 1.0};
    std::array<double, 4> roots{};
    ASSERT_EQ(roots_in_interval(p, 0.0, 1.0, roots), 1);
    EXPECT_NEAR(roots[0], 0.5, 1e-7) << "a double root is only determined to sqrt(eps)";
}

// --- the trace ---

TEST(Trace, RecordsEveryCandidateAndTheVerdictOnEachRoot) {
    // Falling onto the middle of the floor: the band's entry root 0.4 is taken, its exit root
    // 0.6 (y = -1) is the separation; both caps are passed by at distance 2 > r.
    Trace trace;
    const auto hit = time_of_impact(Circle{{0.0, 5.0}, 1.0}, {0.0, -10.0},
                                    Segment{{-2.0, 0.0}, {2.0, 0.0}}, &trace);
    ASSERT_TRUE(hit);
    EXPECT_EQ(trace.query, "circle_segment");
    ASSERT_EQ(trace.candidates.size(), 3u);
    const TraceCandidate& band = trace.candidates[0];
    EXPECT_EQ(band.name, "band");
    // s(t) = 5 - 10 t: f = s^2 - 1 = 100 t^2 - 100 t + 24.
    EXPECT_DOUBLE_EQ(band.a, 100.0);
    EXPECT_DOUBLE_EQ(band.b, -100.0);
    EXPECT_DOUBLE_EQ(band.c, 24.0);
    ASSERT_EQ(band.roots.size(), 2u);
    EXPECT_DOUBLE_EQ(band.roots[0].t, 0.4);
    EXPECT_EQ(band.roots[0].verdict, RootVerdict::Taken);
    EXPECT_DOUBLE_EQ(band.roots[1].t, 0.6);
    EXPECT_EQ(band.roots[1].verdict, RootVerdict::Leaving);
    EXPECT_EQ(trace.candidates[1].name, "cap A");
    EXPECT_TRUE(trace.candidates[1].roots.empty()) << "distance 2 > r: no real root";
}

TEST(Trace, AnEarlierCandidateMakesTheOthersLater) {
    // Along the x axis toward (0,0)-(4,0): cap A at t = 0.4 wins; cap B's entry (t = 0.8) is
    // later than the best.
    Trace trace;
    const auto hit = time_of_impact(Circle{{-5.0, 0.0}, 1.0}, {10.0, 0.0},
                                    Segment{{0.0, 0.0}, {4.0, 0.0}}, &trace);
    ASSERT_TRUE(hit);
    ASSERT_EQ(trace.candidates.size(), 3u);
    EXPECT_EQ(trace.candidates[1].roots[0].verdict, RootVerdict::Taken);
    EXPECT_DOUBLE_EQ(trace.candidates[2].roots[0].t, 0.8);
    EXPECT_EQ(trace.candidates[2].roots[0].verdict, RootVerdict::LaterThanBest);
}

} // namespace
