// The turning pairs' other methods, beside the certified one (algorithms.hpp): conservative
// advancement as Box2D 2.0 did it (`conservative-advancement`) and seed 002's chords
// (`seed002-chords`). Cases worked out by hand where each stops short, reports a contact that
// never happens or misses one the certified query finds, and where they agree with it.
#include "ccd/algorithms.hpp"
#include "ccd/pair_registry.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace ccd;

const Algorithm& advancement() {
    return *find_algorithm("conservative-advancement");
}
const Algorithm& chords() {
    return *find_algorithm("seed002-chords");
}

// The bar (0, 0)-(2, 0) turning by `angle` about its end, and a still point at distance 1.5 from
// the pivot at angle 30 degrees: the bar reaches it when its angle is pi / 6.
Swept bar(double angle, double length = 2.0) {
    return Swept{Segment{{0, 0}, {length, 0}}, Turning{{0, 0}, {0, 0}, angle}};
}
Swept point_at(double radius, double degrees) {
    const double a = degrees * M_PI / 180.0;
    return Swept{Point{{radius * std::cos(a), radius * std::sin(a)}}, Still{}};
}

// ---- conservative advancement ------------------------------------------------------------

// The quarter turn meets the point at t = 1/3 (certified). While the point's foot is on the bar
// their distance is 1.5 sin(pi / 6 - pi t / 2); it starts 0.75 > 2 x 0.04 apart, so the target
// is 1.5 x 0.04 = 0.06 and it stops once the distance is below 0.06 + 0.002. Each step is
// (distance - 0.06) / (pi / 2 x 2), the bar's tip's speed bounding every point's, so it never
// passes the target: it stops where 0.06 <= 1.5 sin(pi / 6 - pi t / 2) < 0.062, that is at
// t in ((pi / 6 - asin(0.062 / 1.5)) 2 / pi, (pi / 6 - asin(0.04)) 2 / pi] = (0.30701, 0.30786]:
// short of the touch by about its target over the closing speed.
TEST(TurningAdvancement, StopsShortOfTheTouchByItsTarget) {
    Trace trace;
    const auto hit = time_of_impact(advancement(), point_at(1.5, 30), bar(M_PI / 2), &trace);
    ASSERT_TRUE(hit);
    const double lo = (M_PI / 6 - std::asin(0.062 / 1.5)) * 2 / M_PI;
    const double hi = (M_PI / 6 - std::asin(0.04)) * 2 / M_PI;
    EXPECT_GT(hit->t, lo);
    EXPECT_LE(hit->t, hi);
    const auto exact = time_of_impact(point_at(1.5, 30), bar(M_PI / 2));
    ASSERT_TRUE(exact);
    EXPECT_NEAR(exact->t, 1.0 / 3.0, 1e-12);
    ASSERT_TRUE(trace.iterative);
    const IterativeSearch& s = *trace.iterative;
    EXPECT_EQ(s.state, "within target");
    EXPECT_DOUBLE_EQ(s.target, 0.06);
    EXPECT_GE(s.separation, 0.06);
    EXPECT_LT(s.separation, 0.062);
    EXPECT_EQ(s.iteration_cap, 20);
    EXPECT_LT(s.iterations, 20);
    // Every step: its t, the separation there (0.75 at the start) and the bound (pi: the tip's
    // speed, the bar being 2 long and turning by pi / 2), the last at the answer.
    ASSERT_EQ(s.steps.size(), static_cast<std::size_t>(s.iterations) + 1);
    EXPECT_EQ(s.steps.front().t, 0.0);
    EXPECT_NEAR(s.steps.front().separation, 0.75, 1e-15);
    EXPECT_NEAR(s.steps.front().closing_bound, M_PI, 1e-15);
    EXPECT_NEAR(s.steps[1].t, (0.75 - 0.06) / M_PI, 1e-15);
    EXPECT_EQ(s.steps.back().t, hit->t);
    for (std::size_t k = 1; k < s.steps.size(); ++k)
        EXPECT_GT(s.steps[k].t, s.steps[k - 1].t);
    EXPECT_NE(s.explanation.find("short of touching"), std::string::npos) << s.explanation;
}

// The same point against a bar 100 long turning by pi / 2: the bound is pi / 2 x 100 (its far
// tip), but the part near the point closes at most at 1.5 x pi / 2 = 2.36. Each step advances
// by at most 0.69 / 157.08, twenty steps by at most 0.0879, in which the distance falls by at
// most 2.36 x 0.0879 = 0.21: out of iterations at t < 0.088, the shapes still more than 0.54
// apart, where the certified query (the same contact, at t = 1/3) keeps going.
TEST(TurningAdvancement, AFarTipsBoundRunsItOutOfIterationsEarly) {
    Trace trace;
    const auto hit = time_of_impact(advancement(), point_at(1.5, 30), bar(M_PI / 2, 100.0), &trace);
    ASSERT_TRUE(hit);
    EXPECT_LT(hit->t, 0.088);
    ASSERT_TRUE(trace.iterative);
    EXPECT_EQ(trace.iterative->state, "iteration cap");
    EXPECT_EQ(trace.iterative->iterations, 20);
    EXPECT_EQ(trace.iterative->steps.size(), 21u);
    EXPECT_GT(trace.iterative->separation, 0.54);
    EXPECT_NEAR(trace.iterative->steps.front().closing_bound, 50 * M_PI, 1e-12);
    const auto exact = time_of_impact(point_at(1.5, 30), bar(M_PI / 2, 100.0));
    ASSERT_TRUE(exact);
    EXPECT_NEAR(exact->t, 1.0 / 3.0, 1e-9);
}

// The windmill bar (0, 0)-(1, 0) turning by pi, its tip's arc topping out at (0, 1) at t = 0.5,
// and a circle of radius 0.25 centred at (0, 1.28): the tip passes 0.03 from it and never
// touches (the certified query: a miss). That is within the target (0.06 + 0.002): conservative
// advancement reports a contact that never happens.
TEST(TurningAdvancement, ReportsAContactWhereTheShapesOnlyPassWithinItsTarget) {
    const Swept windmill{Segment{{0, 0}, {1, 0}}, Turning{{0, 0}, {0, 0}, M_PI}};
    const Swept ball{Circle{{0, 1.28}, 0.25}, Still{}};
    EXPECT_FALSE(time_of_impact(ball, windmill));
    Trace trace;
    const auto hit = time_of_impact(advancement(), ball, windmill, &trace);
    ASSERT_TRUE(hit);
    EXPECT_LT(hit->t, 0.5);
    ASSERT_TRUE(trace.iterative);
    EXPECT_GE(trace.iterative->separation, 0.03); // never closer than the closest pass
}

// Where it should agree: nothing turns, the circle of radius 0.5 from (0, 3) falls by 4 onto
// the segment (-1, 0)-(1, 0) (a turning one, by the angle 0), touching at t = 2.5 / 4 = 0.625.
// The bound is the fall's speed, 4, exactly: the first step lands on the target, 0.06 above,
// at t = (2.5 - 0.06) / 4 = 0.61, and it stops there: the touch less target / speed.
TEST(TurningAdvancement, WithoutATurnItStopsItsTargetOverTheSpeedShort) {
    const Swept circle{Circle{{0, 3}, 0.5}, Translation{{0, -4}}};
    const Swept segment{Segment{{-1, 0}, {1, 0}}, Turning{{0, 0}, {0, 0}, 0.0}};
    Trace trace;
    const auto hit = time_of_impact(advancement(), circle, segment, &trace);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.61, 1e-15);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_NEAR(hit->normal.y, 1.0, 1e-15);
    EXPECT_NEAR(hit->point.y, 0.0, 1e-15);
    ASSERT_TRUE(trace.iterative);
    EXPECT_EQ(trace.iterative->steps.size(), 2u);
    const auto exact = time_of_impact(circle, segment);
    ASSERT_TRUE(exact);
    EXPECT_NEAR(exact->t, 0.625, 1e-12);
}

// A miss both agree on: the point 3 from the pivot, beyond the bar's reach of 2, so never
// closer than 1. The bound is pi (the tip's speed), so every step advances by at least
// (1 - 0.06) / pi = 0.299: t passes 1 by the fourth step, a miss.
TEST(TurningAdvancement, AMissOutOfReachIsAMiss) {
    Trace trace;
    EXPECT_FALSE(time_of_impact(advancement(), point_at(3.0, 30), bar(M_PI / 2), &trace));
    EXPECT_FALSE(time_of_impact(point_at(3.0, 30), bar(M_PI / 2)));
    ASSERT_TRUE(trace.iterative);
    EXPECT_EQ(trace.iterative->state, "separated");
    EXPECT_NE(trace.iterative->explanation.find("past the frame"), std::string::npos);
}

// Touching at t = 0: within the target at once, t = 0 and an overlap.
TEST(TurningAdvancement, TouchingAtTheStartIsAnOverlap) {
    const auto hit =
        time_of_impact(advancement(), Swept{Point{{1, 0}}, Translation{{0, 1}}}, bar(M_PI / 2));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_TRUE(hit->overlap);
}

// ---- seed 002's chords -------------------------------------------------------------------

// Seed 002's own example: a bar turning once in the frame has every vertex back where it
// started, so every chord has no length and nothing moves: a miss, where the certified query
// has the bar reach the point (at angle pi / 6, t = 1/12).
TEST(TurningChords, AFullTurnDoesNotMoveAtAll) {
    Trace trace;
    EXPECT_FALSE(time_of_impact(chords(), point_at(1.5, 30), bar(2 * M_PI), &trace));
    const auto exact = time_of_impact(point_at(1.5, 30), bar(2 * M_PI));
    ASSERT_TRUE(exact);
    EXPECT_NEAR(exact->t, 1.0 / 12.0, 1e-12);
    // The chords: the mover's one vertex (a still point) and the bar's two ends, none of which
    // goes anywhere (up to the rounding of cos and sin of 2 pi).
    ASSERT_EQ(trace.chords.size(), 3u);
    EXPECT_TRUE(trace.chords[0].on_mover);
    for (const VertexChord& c : trace.chords) {
        EXPECT_NEAR(c.to.x, c.from.x, 1e-15);
        EXPECT_NEAR(c.to.y, c.from.y, 1e-15);
    }
    EXPECT_FALSE(trace.chords[2].on_mover);
    EXPECT_EQ(trace.chords[2].vertex, 1);
    EXPECT_EQ(trace.chords[2].from.x, 2.0);
}

// A quarter turn: the tip's chord runs from (2, 0) to (0, 2), along x + y = 2, and the bar at t
// is the segment from the pivot to (2 - 2t, 2t): it sweeps the triangle under that chord. A
// point at distance 1.9 at 45 degrees (x + y = 2.69) is on the tip's arc's inside, reached at
// t = 0.5 (certified), and outside the triangle: the chords miss it.
TEST(TurningChords, AQuarterTurnsChordCutsTheArcsCorner) {
    EXPECT_FALSE(time_of_impact(chords(), point_at(1.9, 45), bar(M_PI / 2)));
    const auto exact = time_of_impact(point_at(1.9, 45), bar(M_PI / 2));
    ASSERT_TRUE(exact);
    EXPECT_NEAR(exact->t, 0.5, 1e-12);
}

// Where they agree: a point at distance 1 at 45 degrees lies inside the triangle, on the bar
// (0, 0)-(2 - 2t, 2t) when that points along (1, 1), at t = 0.5, as the turning bar's does.
TEST(TurningChords, InsideTheChordsTriangleTheyAgree) {
    Trace trace;
    const auto hit = time_of_impact(chords(), point_at(1.0, 45), bar(M_PI / 2), &trace);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.5, 1e-12);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    const auto exact = time_of_impact(point_at(1.0, 45), bar(M_PI / 2));
    ASSERT_TRUE(exact);
    EXPECT_NEAR(exact->t, 0.5, 1e-12);
    ASSERT_EQ(trace.chords.size(), 3u);
    EXPECT_NEAR(trace.chords[2].to.x, 0.0, 1e-15);
    EXPECT_NEAR(trace.chords[2].to.y, 2.0, 1e-15);
}

// Without a turn the chords are the paths: the circle of radius 0.5 from (0, 3) falling by 4
// onto (-1, 0)-(1, 0) touches at t = 0.625.
TEST(TurningChords, WithoutATurnTheChordsAreThePaths) {
    const auto hit = time_of_impact(chords(), Swept{Circle{{0, 3}, 0.5}, Translation{{0, -4}}},
                                    Swept{Segment{{-1, 0}, {1, 0}}, Turning{{0, 0}, {0, 0}, 0.0}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.625, 1e-15);
    EXPECT_NEAR(hit->normal.y, 1.0, 1e-15);
}

// The square [-1, 1]^2 turning by pi / 4 about its centre against the box [1.2, 3.2] x [-2, 2]:
// its corner (1, -1) on its arc reaches x = 1.2 at t = 1 - 4 acos(1.2 / sqrt 2) / pi = 0.2895
// (certified). Its chord runs from (1, -1) to R(pi / 4)(1, -1) = (sqrt 2, 0), x = 1 + (sqrt 2 -
// 1) t, reaching 1.2 at t = 0.2 / (sqrt 2 - 1) = 0.48284 (the other corners move left or stay
// short of it): the chord lies inside the arc, so the contact comes late.
TEST(TurningChords, ACornersChordLiesInsideItsArcSoTheContactComesLate) {
    const Polygon square{{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}};
    const Polygon box{{{1.2, -2}, {3.2, -2}, {3.2, 2}, {1.2, 2}}};
    const Swept mover{square, Turning{{0, 0}, {0, 0}, M_PI / 4}};
    const Swept obstacle{box, Turning{{0, 0}, {0, 0}, 0.0}};
    Trace trace;
    const auto hit = time_of_impact(chords(), mover, obstacle, &trace);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.2 / (std::sqrt(2.0) - 1), 1e-12);
    // The taken root happens where the corner is on its chord, (1.2, -1 + t), not on its arc.
    int taken = 0;
    for (const TraceCandidate& c : trace.candidates)
        for (const TraceRoot& root : c.roots)
            if (root.verdict == RootVerdict::Taken) {
                ++taken;
                EXPECT_EQ(c.mover_vertex, 1);
                ASSERT_TRUE(root.position);
                EXPECT_NEAR(root.position->x, 1.2, 1e-12);
                EXPECT_NEAR(root.position->y, -1 + hit->t, 1e-12);
            }
    EXPECT_EQ(taken, 1);
    EXPECT_EQ(hit->feature, Feature::PolygonEdge);
    EXPECT_EQ(hit->obstacle_edge, 3);
    EXPECT_EQ(hit->mover_vertex, 1);
    EXPECT_NEAR(hit->normal.x, -1.0, 1e-15);
    EXPECT_NEAR(hit->point.x, 1.2, 1e-12);
    const auto exact = time_of_impact(mover, obstacle);
    ASSERT_TRUE(exact);
    EXPECT_NEAR(exact->t, 1 - 4 * std::acos(1.2 / std::sqrt(2.0)) / M_PI, 1e-11);
}

// A box's corner reaching the turning square's edge names the box's vertex and the square's
// edge, the normal from the box toward the square: the square [-1, 1]^2 standing still (a
// turn by 0), the triangle (3, 0), (4, -1), (4, 1) sliding left by 2.5 reaches the edge x = 1
// with its corner (3, 0) at t = 0.8.
TEST(TurningChords, AnObstaclesCornerOnTheMoversEdge) {
    const Polygon square{{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}};
    const Polygon triangle{{{3, 0}, {4, -1}, {4, 1}}};
    const auto hit = time_of_impact(chords(), Swept{square, Turning{{0, 0}, {0, 0}, 0.0}},
                                    Swept{triangle, Turning{{4, 0}, {-2.5, 0}, 0.0}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.8, 1e-15);
    EXPECT_EQ(hit->feature, Feature::PolygonVertex);
    EXPECT_EQ(hit->obstacle_vertex, 0);
    EXPECT_EQ(hit->mover_edge, 1);
    EXPECT_NEAR(hit->normal.x, -1.0, 1e-15);
    EXPECT_NEAR(hit->point.x, 1.0, 1e-15);
    EXPECT_NEAR(hit->point.y, 0.0, 1e-15);
}

// Overlapping at t = 0 (a circle's centre inside the turning polygon): an overlap at t = 0, as
// the certified query says, whatever the chords.
TEST(TurningChords, OverlappingAtTheStartIsAnOverlap) {
    const Polygon square{{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}};
    const Swept circle{Circle{{0.2, 0.1}, 0.1}, Translation{{5, 0}}};
    const Swept turning{square, Turning{{0, 0}, {0, 0}, 2 * M_PI}};
    const auto hit = time_of_impact(chords(), circle, turning);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_TRUE(hit->overlap);
    EXPECT_TRUE(time_of_impact(circle, turning)->overlap);
}

} // namespace
