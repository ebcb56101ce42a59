// Box2D's b2TimeOfImpact as the algorithm "box2d" (ccd_box2d): where it agrees with the exact
// query (within its own tolerance, worked out by hand from Box2D 2.4.1's rules below), where it
// misses or stops early and what its trace says, the parts it names, and what it refuses.
//
// Box2D's rules (b2_time_of_impact.cpp, b2_common.h): it measures the distance between the
// shapes' cores (a circle's centre; an edge or a polygon without its skin b2_polygonRadius =
// 0.01) and stops when it is target +- tolerance, with
//   target = max(b2_linearSlop, rA + rB - 3 b2_linearSlop), tolerance = b2_linearSlop / 4,
// b2_linearSlop = 0.005, rA and rB the proxies' radii (a circle's radius; 0.01 for an edge or a
// polygon). So Box2D's t is where the cores are `target` apart: for a circle of radius r against
// an edge or polygon, 0.005 deeper than touching (target r - 0.005); for a point (radius 0)
// against one, 0.005 before touching (target 0.005); two polygons 0.005 apart; two circles
// 0.015 deep. With the cores `gap` apart at t = 0 closing at `speed`, its t is
// (gap - target) / speed, within tolerance / speed. Box2D computes in float: the inputs below
// are exact in float, and its float arithmetic adds errors far below 1e-6 in t (kFloatSlack).
#include "ccd/box2d_toi.hpp"
#include "ccd/pair_registry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <variant>
#include <vector>

namespace {

using namespace ccd;

constexpr double kTolerance = 0.25 * 0.005; // b2_linearSlop / 4
constexpr double kFloatSlack = 1e-6;

const Algorithm& box2d_algorithm() {
    const Algorithm* algorithm = find_algorithm("box2d");
    EXPECT_NE(algorithm, nullptr);
    return *algorithm;
}

const Polygon kUnitSquare{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};

// The turning cases' sides: a bar of length 2 along +x from the pivot (0, 0), a plank of
// height 0.5 whose top edge is that bar, both turning a quarter turn over the frame.
const Segment kBar{{0.0, 0.0}, {2.0, 0.0}};
const Polygon kPlank{{{0.0, -0.5}, {2.0, -0.5}, {2.0, 0.0}, {0.0, 0.0}}};
const Turning kQuarterTurn{{0.0, 0.0}, {0.0, 0.0}, std::numbers::pi / 2};
constexpr double kQuarter = std::numbers::pi / 2; // the angle's rate over the frame
// The time at which the bar's angle is pi / 4 - `before` (a point at 45 degrees is `before`
// ahead of it in angle).
double quarter_turn_t(double before) {
    return (std::numbers::pi / 4 - before) / kQuarter;
}

struct Case {
    const char* pair;
    Swept mover, obstacle;
    double exact_t; // the exact query's answer (pair_registry_test.cpp works each one out)
    double box2d_t; // (gap - target) / speed, worked out beside it
    double speed;   // how fast the cores close
};

// The straight-line pairs: pair_registry_test's cases, all touching at t = 0.5.
std::vector<Case> straight_line_cases() {
    return {
        // r = 1 against a point (a b2CircleShape of radius 0): target 1 - 0.015 = 0.985;
        // the centre x = 4 t is 0.985 short of x = 3 at t = 2.015 / 4.
        {"circle_point",
         {Circle{{0.0, 0.0}, 1.0}, Translation{{4.0, 0.0}}},
         {Point{{3.0, 0.0}}, Still{}},
         0.5,
         2.015 / 4,
         4},
        // radii 1 + 1: target 2 - 0.015 = 1.985; centres 6 - 8 t apart.
        {"circle_circle",
         {Circle{{0.0, 0.0}, 1.0}, Translation{{4.0, 0.0}}},
         {Circle{{6.0, 0.0}, 1.0}, Translation{{-4.0, 0.0}}},
         0.5,
         4.015 / 8,
         8},
        // r = 1 against an edge (skin 0.01): target 1.01 - 0.015 = 0.995; y = 5 - 8 t.
        {"circle_segment",
         {Circle{{0.0, 5.0}, 1.0}, Translation{{0.0, -8.0}}},
         {Segment{{-2.0, 0.0}, {2.0, 0.0}}, Still{}},
         0.5,
         4.005 / 8,
         8},
        // a point against an edge: target max(0.005, 0.01 - 0.015) = 0.005, before touching.
        {"point_segment",
         {Point{{0.0, 5.0}}, Translation{{0.0, -10.0}}},
         {Segment{{-2.0, 0.0}, {2.0, 0.0}}, Still{}},
         0.5,
         4.995 / 10,
         10},
        // the same against an edge rising by 2: the gap 6 - 12 t reaches 0.005.
        {"point_moving_segment",
         {Point{{0.0, 6.0}}, Translation{{0.0, -10.0}}},
         {Segment{{-2.0, 0.0}, {2.0, 0.0}}, EndMotion{{0.0, 2.0}, {0.0, 2.0}}},
         0.5,
         5.995 / 12,
         12},
        // r = 1 against the rising edge: 7 - 12 t reaches 0.995.
        {"circle_moving_segment",
         {Circle{{0.0, 7.0}, 1.0}, Translation{{0.0, -10.0}}},
         {Segment{{-2.0, 0.0}, {2.0, 0.0}}, EndMotion{{0.0, 2.0}, {0.0, 2.0}}},
         0.5,
         6.005 / 12,
         12},
        // two polygons (skins 0.01 + 0.01): target max(0.005, 0.02 - 0.015) = 0.005, before
        // touching; the gap 2 - 4 t.
        {"polygon_polygon",
         {kUnitSquare, Translation{{4.0, 0.0}}},
         {translated(kUnitSquare, {3.0, 0.0}), Translation{{0.0, 0.0}}},
         0.5,
         1.995 / 4,
         4},
        // r = 1 against a polygon: target 0.995; the centre is 3 - 4 t from the side x = 3.
        {"circle_polygon",
         {Circle{{0.0, 0.5}, 1.0}, Translation{{4.0, 0.0}}},
         {translated(kUnitSquare, {3.0, 0.0}), Translation{{0.0, 0.0}}},
         0.5,
         2.005 / 4,
         4},
        // a polygon against an edge: target 0.005; the bottom 2 - 4 t above the floor.
        {"polygon_moving_segment",
         {translated(kUnitSquare, {0.0, 2.0}), Translation{{0.0, -4.0}}},
         {Segment{{-5.0, 0.0}, {5.0, 0.0}}, EndMotion{{0.0, 0.0}, {0.0, 0.0}}},
         0.5,
         1.995 / 4,
         4},
        // a capsule of radius 0.5 against an edge: two skins and the radius, 0.52, target
        // 0.505; its core 2.5 - 4 t above the floor.
        {"segment_segment",
         {Segment{{-1.0, 2.5}, {1.0, 2.5}, 0.5}, Translation{{0.0, -4.0}}},
         {Segment{{-3.0, 0.0}, {3.0, 0.0}}, Translation{{0.0, 0.0}}},
         0.5,
         1.995 / 4,
         4},
    };
}

// The turning pairs: a bar (or the top edge of a plank below it) from the pivot (0, 0) along
// +x, turning a quarter turn counter-clockwise over the frame, its angle theta = (pi / 2) t. A
// point at (1, 1) is sqrt(2) sin(pi / 4 - theta) from the bar's line (its foot on the bar:
// sqrt(2) cos(pi / 4 - theta) is within [0, 2]), reached at t = 0.5; the cores close at
// sqrt(2) cos(...) pi / 2 there.
std::vector<Case> turning_cases() {
    return {
        // A point against the turning edge: target 0.005, sqrt(2) sin(pi / 4 - theta) = 0.005.
        {"point_rotating_segment",
         {Point{{1.0, 1.0}}, Translation{{0.0, 0.0}}},
         {kBar, kQuarterTurn},
         0.5,
         quarter_turn_t(std::asin(0.005 / std::numbers::sqrt2)),
         std::numbers::sqrt2 * kQuarter},
        // r = 0.5 about (1, 1): touching at sqrt(2) sin(pi / 4 - theta) = 0.5; Box2D's target
        // 0.51 - 0.015 = 0.495.
        {"circle_rotating_segment",
         {Circle{{1.0, 1.0}, 0.5}, Translation{{0.0, 0.0}}},
         {kBar, kQuarterTurn},
         quarter_turn_t(std::asin(0.5 / std::numbers::sqrt2)),
         quarter_turn_t(std::asin(0.495 / std::numbers::sqrt2)),
         std::numbers::sqrt2 * std::cos(std::asin(0.5 / std::numbers::sqrt2)) * kQuarter},
        // The same circle against a plank whose top edge is the bar (skin 0.01, as the edge's).
        {"circle_rotating_polygon",
         {Circle{{1.0, 1.0}, 0.5}, Translation{{0.0, 0.0}}},
         {kPlank, kQuarterTurn},
         quarter_turn_t(std::asin(0.5 / std::numbers::sqrt2)),
         quarter_turn_t(std::asin(0.495 / std::numbers::sqrt2)),
         std::numbers::sqrt2 * std::cos(std::asin(0.5 / std::numbers::sqrt2)) * kQuarter},
        // The plank turning onto the still segment from (1, 1) up to (1, 3): its end (1, 1) is
        // the segment's closest point to the plank's top edge; two skins, target 0.005.
        {"rotating_polygon_segment",
         {kPlank, kQuarterTurn},
         {Segment{{1.0, 1.0}, {1.0, 3.0}}, EndMotion{{0.0, 0.0}, {0.0, 0.0}}},
         0.5,
         quarter_turn_t(std::asin(0.005 / std::numbers::sqrt2)),
         std::numbers::sqrt2 * kQuarter},
        // The plank turning onto the still square [1, 2] x [1, 2]: the plank's far corner (2, 0)
        // (at radius 2, its height 2 sin(theta)) meets the square's bottom y = 1 at theta =
        // pi / 6 (x = sqrt(3) within [1, 2]), t = 1/3, before its top edge could reach the
        // corner (1, 1) at t = 0.5 (the corner (2, 1) is sqrt(5) from the pivot, beyond the
        // plank). Two skins, target 0.005: 2 sin(theta) = 0.995; the corner rises at
        // 2 cos(theta) pi / 2.
        {"rotating_polygon_polygon",
         {kPlank, kQuarterTurn},
         {translated(kUnitSquare, {1.0, 1.0}), Turning{{1.5, 1.5}, {0.0, 0.0}, 0.0}},
         1.0 / 3.0,
         std::asin(0.4975) / kQuarter,
         2.0 * std::cos(std::numbers::pi / 6) * kQuarter},
        // The same square (turning by 0) against the bar itself: its end (2 cos(theta),
        // 2 sin(theta)) meets the square's bottom y = 1 at theta = pi / 6, t = 1/3, as above;
        // two skins, target 0.005.
        {"rotating_polygon_rotating_segment",
         {translated(kUnitSquare, {1.0, 1.0}), Turning{{1.5, 1.5}, {0.0, 0.0}, 0.0}},
         {kBar, kQuarterTurn},
         1.0 / 3.0,
         std::asin(0.4975) / kQuarter,
         2.0 * std::cos(std::numbers::pi / 6) * kQuarter},
    };
}

// One case per registered pair.
std::vector<Case> cases() {
    std::vector<Case> all = straight_line_cases();
    for (const Case& c : turning_cases())
        all.push_back(c);
    return all;
}

TEST(Box2D, AnswersEveryRegisteredPairAtItsTargetSeparation) {
    const Algorithm& box2d = box2d_algorithm();
    ASSERT_EQ(cases().size(), pair_types().size()) << "a pair without a case here";
    for (const Case& c : cases()) {
        SCOPED_TRACE(c.pair);
        ASSERT_NE(find_query(*find_pair_type(c.pair), box2d), nullptr);
        EXPECT_FALSE(inexpressible(box2d, c.mover, c.obstacle));
        Trace trace;
        const auto hit = time_of_impact(box2d, c.mover, c.obstacle, &trace);
        ASSERT_TRUE(hit);
        EXPECT_NEAR(hit->t, c.box2d_t, kTolerance / c.speed + kFloatSlack);
        // Agreement with the exact query within Box2D's own tolerance: its target depth and
        // tolerance, over the closing speed (0.015 + 0.00125 at most here).
        const auto exact = time_of_impact(c.mover, c.obstacle);
        ASSERT_TRUE(exact);
        if (std::holds_alternative<Turning>(c.mover.motion) ||
            std::holds_alternative<Turning>(c.obstacle.motion))
            EXPECT_NEAR(exact->t, c.exact_t, 1e-11); // the certified query's delta, in t
        else
            EXPECT_EQ(exact->t, c.exact_t);
        EXPECT_LE(std::abs(hit->t - exact->t), (0.015 + kTolerance) / c.speed + kFloatSlack);
        EXPECT_FALSE(hit->overlap);
        EXPECT_TRUE(hit->approaching);
        ASSERT_TRUE(trace.iterative);
        EXPECT_EQ(trace.iterative->state, "touching");
        EXPECT_GE(trace.iterative->iterations, 1);
        EXPECT_LE(trace.iterative->iterations, 20);
        EXPECT_EQ(trace.iterative->iteration_cap, 20);
        EXPECT_NEAR(trace.iterative->tolerance, kTolerance, 1e-9);
        EXPECT_NEAR(trace.iterative->separation, trace.iterative->target, kTolerance + kFloatSlack);
    }
}

TEST(Box2D, HeadOnOntoAFloorNamesTheInteriorAndThePointBelowTheCentre) {
    // r = 1 from (0.5, 5) down by 10: target 0.995, t = (5 - 0.995) / 10 = 0.4005; the closest
    // point of the edge's core to the centre is (0.5, 0); the normal is +y.
    Trace trace;
    const auto hit =
        time_of_impact(box2d_algorithm(), Swept{Circle{{0.5, 5.0}, 1.0}, Translation{{0.0, -10.0}}},
                       Swept{Segment{{-10.0, 0.0}, {10.0, 0.0}}, Still{}}, &trace);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.4005, kTolerance / 10 + kFloatSlack);
    EXPECT_NEAR(hit->point.x, 0.5, 1e-6);
    EXPECT_NEAR(hit->point.y, 0.0, 1e-6);
    EXPECT_NEAR(hit->normal.x, 0.0, 1e-6);
    EXPECT_NEAR(hit->normal.y, 1.0, 1e-6);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    ASSERT_TRUE(trace.iterative);
    EXPECT_NEAR(trace.iterative->target, 0.995, 1e-6);
    ASSERT_EQ(trace.candidates.size(), 1u);
    ASSERT_EQ(trace.candidates[0].roots.size(), 1u);
    EXPECT_EQ(trace.candidates[0].roots[0].t, hit->t);
    EXPECT_EQ(trace.candidates[0].roots[0].verdict, RootVerdict::Taken);
    // Placed by the registry: the centre at Box2D's t, (0.5, 5 - 10 t).
    ASSERT_TRUE(trace.candidates[0].roots[0].position);
    EXPECT_NEAR(trace.candidates[0].roots[0].position->y, 5 - 10 * hit->t, 1e-12);
}

TEST(Box2D, AVertexOntoAFaceNamesBothPartsInOurNumbering) {
    // The triangle (0, 0), (1, 0.5), (0, 1) moving by (4, 0) meets the still square
    // [3, 4] x [-1, 2] with its vertex 1 on the square's left side, edge 3 ((3, 2) -> (3, -1)):
    // exact t = 0.5; Box2D stops 0.005 short, t = 1.995 / 4. The normal points from the square
    // toward the triangle: -x; the point is on the side, (3, 0.5).
    const Polygon triangle{{{0.0, 0.0}, {1.0, 0.5}, {0.0, 1.0}}};
    const Polygon square{{{3.0, -1.0}, {4.0, -1.0}, {4.0, 2.0}, {3.0, 2.0}}};
    for (const bool clockwise : {false, true}) {
        SCOPED_TRACE(clockwise ? "both given clockwise" : "both counter-clockwise");
        Polygon mover = triangle, obstacle = square;
        const int vertex = 1, edge = 3;
        if (clockwise) { // reversed: the triangle's vertex 1 stays 1; the square's left side
            // is still edge 3, now (3, -1) -> (3, 2)
            std::reverse(mover.vertices.begin(), mover.vertices.end());
            std::reverse(obstacle.vertices.begin(), obstacle.vertices.end());
        }
        const auto hit = time_of_impact(box2d_algorithm(), Swept{mover, Translation{{4.0, 0.0}}},
                                        Swept{obstacle, Still{}});
        ASSERT_TRUE(hit);
        EXPECT_NEAR(hit->t, 1.995 / 4, kTolerance / 4 + kFloatSlack);
        EXPECT_EQ(hit->feature, Feature::PolygonEdge);
        EXPECT_EQ(hit->obstacle_edge, edge);
        EXPECT_EQ(hit->mover_vertex, vertex);
        EXPECT_NEAR(hit->normal.x, -1.0, 1e-6);
        EXPECT_NEAR(hit->point.x, 3.0, 1e-6);
        EXPECT_NEAR(hit->point.y, 0.5, 1e-6);
    }
}

TEST(Box2D, APointStopsBeforeTheWallAndACircleGoesDeeperThanTouching) {
    // A point from y = 5 down by 10 onto the floor touches at t = 0.5; Box2D stops 0.005 above
    // it, at t = 0.4995, early. A circle of r = 1 touches at t = 0.4; Box2D stops 0.005 deep,
    // at t = 0.4005, late.
    const Swept floor{Segment{{-10.0, 0.0}, {10.0, 0.0}}, Still{}};
    const auto point = time_of_impact(box2d_algorithm(),
                                      Swept{Point{{0.0, 5.0}}, Translation{{0.0, -10.0}}}, floor);
    ASSERT_TRUE(point);
    EXPECT_NEAR(point->t, 0.4995, kTolerance / 10 + kFloatSlack);
    EXPECT_LT(point->t, 0.5);
    const auto circle = time_of_impact(
        box2d_algorithm(), Swept{Circle{{0.0, 5.0}, 1.0}, Translation{{0.0, -10.0}}}, floor);
    ASSERT_TRUE(circle);
    EXPECT_GT(circle->t, 0.4);
}

TEST(Box2D, MissesAGrazeShallowerThanItsTargetAndItsTraceSaysWhy) {
    // r = 1 passing at height 0.999 over the segment (-1, 0)-(1, 0): the exact query touches
    // (0.999 < 1) where the circle first comes within 1 of the segment. Box2D stops only at a
    // centre distance of 0.995 +- 0.00125, which the path never reaches: e_separated, a miss.
    const Swept mover{Circle{{-5.0, 0.999}, 1.0}, Translation{{10.0, 0.0}}};
    const Swept obstacle{Segment{{-1.0, 0.0}, {1.0, 0.0}}, Still{}};
    ASSERT_TRUE(time_of_impact(mover, obstacle));
    Trace trace;
    EXPECT_FALSE(time_of_impact(box2d_algorithm(), mover, obstacle, &trace));
    ASSERT_TRUE(trace.iterative);
    EXPECT_EQ(trace.iterative->state, "separated");
    EXPECT_NEAR(trace.iterative->target, 0.995, 1e-6);
    EXPECT_NE(trace.iterative->explanation.find("separated"), std::string::npos);
    // The closest the cores come, sampled: 0.999, all the while the centre is over the segment
    // (x from -1 to 1, t from 0.4 to 0.6).
    EXPECT_NE(trace.iterative->explanation.find("come within 0.999 at t = 0.4"), std::string::npos)
        << trace.iterative->explanation;
    ASSERT_EQ(trace.candidates.size(), 1u);
    EXPECT_TRUE(trace.candidates[0].roots.empty());
    EXPECT_EQ(trace.candidates[0].note, trace.iterative->explanation);
}

TEST(Box2D, FarFromTheOriginItsToleranceIsBelowFloatsResolutionAndItStopsEarly) {
    // The unit squares of polygon_polygon moved to x = 1e5, the mover drifting up by 0.1: the
    // exact query still touches at t = 0.5 (the gap 2 - 4 t along x). In float, coordinates
    // near 1e5 are 2^-7 = 0.0078 apart, coarser than Box2D's tolerance 0.00125 around its target
    // 0.005: its separation can never land within it, its root finder runs out of steps on
    // every axis, and after its 20 iterations it gives up where it started: e_failed at t = 0,
    // which it answers (a time before which there is no contact; Box2D's world would take it
    // as no impact). The trace says so.
    const Swept mover{translated(kUnitSquare, {1e5, 0.0}), Translation{{4.0, 0.1}}};
    const Swept obstacle{translated(kUnitSquare, {1e5 + 3.0, 0.0}), Still{}};
    const auto exact = time_of_impact(mover, obstacle);
    ASSERT_TRUE(exact);
    EXPECT_EQ(exact->t, 0.5);
    Trace trace;
    const auto hit = time_of_impact(box2d_algorithm(), mover, obstacle, &trace);
    ASSERT_TRUE(hit);
    EXPECT_LT(hit->t, exact->t);
    EXPECT_FALSE(hit->overlap) << "stopped, not touching: the squares are 2 apart at t = 0";
    ASSERT_TRUE(trace.iterative);
    EXPECT_EQ(trace.iterative->state, "failed");
    EXPECT_EQ(trace.iterative->iterations, trace.iterative->iteration_cap);
    EXPECT_GT(trace.iterative->root_iterations, trace.iterative->root_iteration_cap);
    EXPECT_GT(trace.iterative->separation, trace.iterative->target + trace.iterative->tolerance);
    EXPECT_EQ(trace.iterative->explanation.rfind("failed: stopped at t = ", 0), 0u)
        << trace.iterative->explanation;
}

TEST(Box2D, ACentreOnTheSegmentIsOverlappedAtTimeZero) {
    // The cores (centre and edge) intersect: e_overlapped, t = 0. Only then: a centre 0.5 above
    // it is e_touching at t = 0 (its cores are 0.5 apart, under the target 0.995).
    const Swept floor{Segment{{-5.0, 0.0}, {5.0, 0.0}}, Still{}};
    Trace trace;
    const auto on = time_of_impact(
        box2d_algorithm(), Swept{Circle{{0.0, 0.0}, 1.0}, Translation{{3.0, 1.0}}}, floor, &trace);
    ASSERT_TRUE(on);
    EXPECT_EQ(on->t, 0.0);
    EXPECT_TRUE(on->overlap);
    ASSERT_TRUE(trace.iterative);
    EXPECT_EQ(trace.iterative->state, "overlapped");
    const auto above = time_of_impact(
        box2d_algorithm(), Swept{Circle{{0.0, 0.5}, 1.0}, Translation{{3.0, 1.0}}}, floor, &trace);
    ASSERT_TRUE(above);
    EXPECT_EQ(above->t, 0.0);
    EXPECT_TRUE(above->overlap);
    EXPECT_EQ(trace.iterative->state, "touching");
    EXPECT_NEAR(above->normal.y, 1.0, 1e-6);
}

TEST(Box2D, TheOtherWayRoundTheNormalStillPointsTowardTheMover) {
    // A segment moving down onto a still circle: asked as circle_moving_segment with the two
    // swapped. The segment from y = 5 down by 8 meets the unit circle at the origin when
    // 5 - 8 t = 0.995 (the target): t = 4.005 / 8; the normal from the circle toward the
    // segment is +y.
    const auto hit = time_of_impact(
        box2d_algorithm(), Swept{Segment{{-2.0, 5.0}, {2.0, 5.0}}, Translation{{0.0, -8.0}}},
        Swept{Circle{{0.0, 0.0}, 1.0}, Still{}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 4.005 / 8, kTolerance / 8 + kFloatSlack);
    EXPECT_NEAR(hit->normal.y, 1.0, 1e-6);
    EXPECT_EQ(hit->feature, Feature::Circle);
}

TEST(Box2D, RefusesWhatBox2DCannotTakeAndSaysWhy) {
    const Algorithm& box2d = box2d_algorithm();
    const Swept circle{Circle{{0.0, 5.0}, 1.0}, Translation{{0.0, -10.0}}};
    const auto refusal = [&](const Swept& mover, const Swept& obstacle) {
        const auto why = inexpressible(box2d, mover, obstacle);
        EXPECT_FALSE(time_of_impact(box2d, mover, obstacle)) << "refused, so no answer";
        return why.value_or("");
    };
    // Nine vertices: more than b2_maxPolygonVertices.
    Polygon nonagon;
    for (int k = 0; k < 9; ++k)
        nonagon.vertices.push_back({3.0 * std::cos(k * 2 * std::numbers::pi / 9),
                                    3.0 * std::sin(k * 2 * std::numbers::pi / 9)});
    EXPECT_NE(refusal(circle, Swept{nonagon, Still{}}).find("has 9 vertices"), std::string::npos);
    // A dart: vertex 3 (0, 1) dents the quadrilateral.
    const Polygon dart{{{-2.0, 0.0}, {0.0, -1.0}, {2.0, 0.0}, {0.0, -0.5}}};
    EXPECT_NE(refusal(circle, Swept{dart, Still{}}).find("not strictly convex"), std::string::npos);
    // Three collinear vertices: not strictly convex either (Set's hull would drop one).
    const Polygon flat{{{0.0, 0.0}, {1.0, 0.0}, {2.0, 0.0}, {1.0, 1.0}}};
    EXPECT_NE(refusal(circle, Swept{flat, Still{}}).find("not strictly convex"), std::string::npos);
    // Two vertices 0.001 apart: Set would weld them.
    const Polygon welded{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 0.001}, {0.0, 1.0}}};
    EXPECT_NE(refusal(circle, Swept{welded, Still{}}).find("weld"), std::string::npos);
    // A segment whose ends move differently is no rigid body.
    const std::string why =
        refusal(circle, Swept{Segment{{-2.0, 0.0}, {2.0, 0.0}}, EndMotion{{0.0, 1.0}, {0.0, 2.0}}});
    EXPECT_NE(why.find("ends move differently"), std::string::npos) << why;
    // Beyond float's squares.
    EXPECT_NE(refusal(Swept{Circle{{1e30, 0.0}, 1.0}, Translation{{1.0, 0.0}}},
                      Swept{Segment{{-2.0, 0.0}, {2.0, 0.0}}, Still{}})
                  .find("beyond 2^60"),
              std::string::npos);
    // A polygon of the mover is refused the same way, named as the mover's.
    EXPECT_NE(refusal(Swept{dart, Translation{{0.0, -1.0}}},
                      Swept{Segment{{-2.0, -3.0}, {2.0, -3.0}}, Still{}})
                  .find("the mover's polygon"),
              std::string::npos);
}

// A triangle overlapping an octagon about 1e10 from the origin (hostile campaign input 335037,
// toi_scaled): Box2D's b2Distance, in float, multiplies up to four lengths of 3e10, overflows
// and ends with a simplex of 3 vertices and the distance NaN, which b2TimeOfImpact's NaN-blind
// checks pass to b2SeparationFunction::Initialize, whose assertion (0 < count < 3) stopped
// ccdlab-cli with SIGABRT. It is refused, saying so, and the library is not called.
TEST(Box2D, AnInputOnWhichBox2DWouldStopOnItsOwnAssertionIsRefused) {
    const Algorithm& box2d = box2d_algorithm();
    const Polygon octagon{{{-9883504497.977459, -31303711362.958023},
                           {-16801217394.757895, -31566955678.117718},
                           {-21156747585.522419, -26314908596.84536},
                           {-21795963838.827179, -19476575743.970573},
                           {-16897247699.904839, -14072018202.699486},
                           {-9875964152.3456173, -15134521827.330736},
                           {-4676651223.7736692, -19607084661.650051},
                           {-4258281101.89609, -26867622946.178719}}};
    const Polygon triangle{{{-13967329228.853924, -18753150853.121517},
                            {2147455066.6528816, -5663678420.3846846},
                            {-18477959245.279606, 626461140.57009065}}};
    const Swept mover{octagon, Translation{{4722130073.4022541, 25769242887.93972}}};
    const Swept obstacle{triangle, Translation{{-0.0, -9.8977548303849513e-43}}};
    const auto why = inexpressible(box2d, mover, obstacle);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("b2TimeOfImpact would stop the program here"), std::string::npos) << *why;
    EXPECT_NE(why->find("simplex of 3 vertices"), std::string::npos) << *why;
    EXPECT_FALSE(time_of_impact(box2d, mover, obstacle)) << "refused, so no answer";
}

TEST(Box2D, RegistersOnceAndAnswersEveryPairOfTheRegistry) {
    EXPECT_FALSE(box2d::register_algorithm()) << "registered already (box2d_registration.cpp)";
    // Right after the core's last algorithm (Bullet's, from bullet_registration.cpp, follow).
    EXPECT_EQ((find_algorithm("seed002-chords") + 1)->name, "box2d");
    EXPECT_EQ(pairs_answered_by(box2d_algorithm()).size(), pair_types().size());
}

} // namespace

// Its search, replayed step for step (core/peers/src/box2d_search.hpp): kept only when the
// replay ends as Box2D's own run did, bit for bit, which it must on every case here.
TEST(Box2DSearch, TheReplayEndsAsBox2DsOwnRunOnEveryCase) {
    for (const Case& c : cases()) {
        Trace trace;
        const auto hit = time_of_impact(box2d_algorithm(), c.mover, c.obstacle, &trace);
        SCOPED_TRACE(c.pair);
        ASSERT_TRUE(trace.iterative);
        ASSERT_FALSE(trace.iterative->axes.empty()) << trace.iterative->why_stopped;
        EXPECT_EQ(trace.iterative->why_stopped.rfind("it advanced to t = ", 0), 0u)
            << trace.iterative->why_stopped;
        // Box2D's own count of outer iterations: one record each, and one more when it stopped
        // on the distance at the t1 it had advanced to (before making an axis).
        const bool on_distance = trace.iterative->axes.back().kind.empty();
        EXPECT_EQ(trace.iterative->axes.size(),
                  static_cast<std::size_t>(trace.iterative->iterations) + (on_distance ? 1 : 0));
        ASSERT_TRUE(hit);
        EXPECT_EQ(trace.iterative->axes.back().t1, hit->t);
    }
}

// Where one of Box2D's iterations started, worked by hand: its t1, the cores' distance there,
// the kind of its axis and the axis (float's rounding apart).
void expect_iteration_start(const SeparatingAxisIteration& seen, double t1, double distance,
                            const std::string& kind, Vec2 axis) {
    EXPECT_NEAR(seen.t1, t1, 1e-6);
    EXPECT_NEAR(seen.distance, distance, 1e-5);
    EXPECT_EQ(seen.kind, kind);
    EXPECT_NEAR(seen.axis.x, axis.x, 1e-7);
    EXPECT_NEAR(seen.axis.y, axis.y, 1e-7);
}

TEST(Box2DSearch, HeadOnOntoAFloorItAdvancesOnceAlongTheFloorsNormal) {
    // The circle r = 1 from (0.5, 5) down by 10 onto the edge (-10, 0)-(10, 0), worked by hand
    // through b2TimeOfImpact (target 0.995, tolerance 0.00125): at t1 = 0 the cores are 5 apart;
    // the simplex is the edge's two ends and the centre, so the axis is the edge's face normal,
    // (0, 1) toward the circle. At t = 1 the centre is at y = -5: separation -5, too deep. At
    // t1 the witness pair is 5 apart. Root finder: bisection t = 0.5 (separation 0, too deep),
    // then the secant 0 + (0.995 - 5)(0.5 - 0) / (0 - 5) = 0.4005, where it is 0.995: done.
    // The deepest points at 0.4005 are 0.995 apart, within the tolerance: it advances there,
    // and the next iteration stops on the distance, 0.995.
    Trace trace;
    ASSERT_TRUE(time_of_impact(box2d_algorithm(),
                               Swept{Circle{{0.5, 5.0}, 1.0}, Translation{{0.0, -10.0}}},
                               Swept{Segment{{-10.0, 0.0}, {10.0, 0.0}}, Still{}}, &trace));
    ASSERT_TRUE(trace.iterative);
    const auto& axes = trace.iterative->axes;
    ASSERT_EQ(axes.size(), 2u);
    expect_iteration_start(axes[0], 0.0, 5.0, "obstacle face", {0.0, 1.0});
    EXPECT_NEAR(axes[0].obstacle_point.x, 0.5, 1e-6); // the edge's point below the centre
    EXPECT_NEAR(axes[0].obstacle_point.y, 0.0, 1e-6);
    EXPECT_NEAR(axes[0].mover_point.y, 5.0, 1e-6);
    const std::vector<AxisCheck> expected{{1.0, -5.0, true},
                                          {0.0, 5.0, false},
                                          {0.5, 0.0, false},
                                          {0.4005, 0.995, false},
                                          {0.4005, 0.995, true}};
    ASSERT_EQ(axes[0].checks.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        SCOPED_TRACE(k);
        EXPECT_NEAR(axes[0].checks[k].t, expected[k].t, 1e-6);
        EXPECT_NEAR(axes[0].checks[k].separation, expected[k].separation, 1e-5);
        EXPECT_EQ(axes[0].checks[k].deepest, expected[k].deepest);
    }
    expect_iteration_start(axes[1], 0.4005, 0.995, "", {0.0, 0.0}); // stopped on the distance
    EXPECT_TRUE(axes[1].checks.empty());
    EXPECT_NE(trace.iterative->why_stopped.find("it checked t = 0, 1, 0.5, 0.4005"),
              std::string::npos)
        << trace.iterative->why_stopped;
}

TEST(Box2DSearch, APropellerTurningTwiceIsSeparatedAtItsOnlyCheckAndCrossesBetween) {
    // scenes/turning-box2d-gives-up.json: the propeller 6 x 0.2 turning 4 pi about (0, 0) past
    // the still ball r = 0.3 at (0, 2) (they touch at t = 0.109). Box2D: target 0.3 + 0.01 -
    // 0.015 = 0.295; at t1 = 0 the cores (the centre and the propeller's top face) are 1.9
    // apart, along the face's normal (0, 1). At t = 1 the face is back where it began: 1.9 >
    // 0.295 + 0.00125, separated, after one iteration that looked at t = 1 alone.
    const Polygon propeller{{{-3.0, -0.1}, {3.0, -0.1}, {3.0, 0.1}, {-3.0, 0.1}}};
    const Swept ball{Circle{{0.0, 2.0}, 0.3}, Translation{}};
    const Swept turning{propeller, Turning{{0.0, 0.0}, {0.0, 0.0}, 4.0 * std::numbers::pi}};
    ASSERT_TRUE(time_of_impact(ball, turning)) << "the exact query finds the contact";
    Trace trace;
    EXPECT_FALSE(time_of_impact(box2d_algorithm(), ball, turning, &trace));
    ASSERT_TRUE(trace.iterative);
    const auto& axes = trace.iterative->axes;
    ASSERT_EQ(axes.size(), 1u);
    expect_iteration_start(axes[0], 0.0, 1.9, "obstacle face", {0.0, 1.0});
    ASSERT_EQ(axes[0].checks.size(), 1u);
    EXPECT_EQ(axes[0].checks[0].t, 1.0);
    EXPECT_NEAR(axes[0].checks[0].separation, 1.9, 1e-5);
    EXPECT_TRUE(axes[0].checks[0].deepest);
    const std::string& why = trace.iterative->why_stopped;
    EXPECT_EQ(why.rfind("it advanced to t = 0; on the separating axis it made there (obstacle "
                        "face), the separation at t = 1 was 1.9 > target 0.295 + 0.00125",
                        0),
              0u)
        << why;
    EXPECT_NE(why.find("the shapes cross between its checks"), std::string::npos) << why;
}

TEST(Box2DSearch, EveryOtherWayItEndsIsReplayedToo) {
    // A graze it misses (separated: on its last axis, the segment's face normal (0, 1), the
    // centre ends the frame 0.999 above the face's line, more than 0.995 + 0.00125), far from
    // the origin (failed after 20 iterations, where it started), a centre on the segment
    // (overlapped) and one 0.5 above it (touching at t = 0).
    const Swept floor{Segment{{-5.0, 0.0}, {5.0, 0.0}}, Still{}};
    struct Ending {
        const char* name;
        Swept mover, obstacle;
        const char* state;
        const char* why_says;
    };
    const std::vector<Ending> endings{
        {"graze", Swept{Circle{{-5.0, 0.999}, 1.0}, Translation{{10.0, 0.0}}},
         Swept{Segment{{-1.0, 0.0}, {1.0, 0.0}}, Still{}}, "separated",
         "(obstacle face), the separation at t = 1 was 0.999 > target 0.995 + 0.00125, so it "
         "took the shapes to stay apart"},
        {"far", Swept{translated(kUnitSquare, {1e5, 0.0}), Translation{{4.0, 0.1}}},
         Swept{translated(kUnitSquare, {1e5 + 3.0, 0.0}), Still{}}, "failed",
         "it ran out of its 20 iterations at t = 0,"},
        {"on", Swept{Circle{{0.0, 0.0}, 1.0}, Translation{{3.0, 1.0}}}, floor, "overlapped",
         "at t = 0 the shapes' cores already overlap"},
        {"above", Swept{Circle{{0.0, 0.5}, 1.0}, Translation{{3.0, 1.0}}}, floor, "touching",
         "it advanced to t = 0, where the cores were 0.5 apart"},
    };
    for (const Ending& e : endings) {
        SCOPED_TRACE(e.name);
        Trace trace;
        time_of_impact(box2d_algorithm(), e.mover, e.obstacle, &trace);
        ASSERT_TRUE(trace.iterative);
        EXPECT_EQ(trace.iterative->state, e.state);
        EXPECT_FALSE(trace.iterative->axes.empty());
        EXPECT_NE(trace.iterative->why_stopped.find(e.why_says), std::string::npos)
            << trace.iterative->why_stopped;
    }
}
