// Bullet 3.24's casts as the algorithms "bullet", "bullet-gjk" and "bullet-subsimplex"
// (ccd_bullet): where each must hit, by rules worked out by hand from Bullet's source, and where
// each must miss; that the adapter answers exactly what Bullet called directly answers (it
// loses nothing); and what it refuses.
//
// Bullet's rules (docs/algorithms.md, "Bullet 3.24"): btContinuousConvexCollision and
// btGjkConvexCast advance t by the separation over a bound on the closing speed until the
// shapes are at most 0.001 apart, never past touching while the bound holds: with the shapes
// touching at t_exact, closing at `speed`, their t is in [t_exact - 0.001 / speed, t_exact]. On
// a straight line head-on (the normal along the motion) the first step lands on the touching
// itself, up to rounding. btSubsimplexConvexCast stops when its ray point is within
// sqrt(10 DBL_EPSILON) = 4.7e-8 of its simplex; the simplex keeps support points of earlier
// fractions, so that bounds no separation: on these cases it lands within 1e-7 / speed before
// t_exact (an observed margin, not Bullet's promise; 5.4e-8 / speed in algorithms_test.cpp).
#include "ccd/bullet_toi.hpp"
#include "ccd/pair_registry.hpp"

#include <BulletCollision/CollisionShapes/btConvex2dShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btSubSimplexConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace {

using namespace ccd;
using bullet::Method;

constexpr double kStop = 0.001;          // btContinuousConvexCollision's and btGjkConvexCast's
constexpr double kSubsimplexStop = 1e-7; // observed, above
constexpr double kRounding = 1e-12;

const Algorithm& algorithm(const char* name) {
    const Algorithm* found = find_algorithm(name);
    EXPECT_NE(found, nullptr) << name;
    return *found;
}

const char* const kAlgorithms[] = {"bullet", "bullet-gjk", "bullet-subsimplex"};

// How far before the exact time each method may stop, for shapes closing at `speed`.
double early_allowance(std::string_view name, double speed) {
    return (name == "bullet-subsimplex" ? kSubsimplexStop : kStop) / speed + kRounding;
}

// A circle of radius 1 from (0, 3) straight down by 4 onto the segment (-5, 0)-(5, 0): the gap
// 2 closes at 4, touching at t = 0.5 at (0, 0), the normal +y.
const Swept kFallingCircle{Circle{{0.0, 3.0}, 1.0}, Translation{{0.0, -4.0}}};
const Swept kFloor{Segment{{-5.0, 0.0}, {5.0, 0.0}}, Still{}};

TEST(Bullet, ACircleStraightOntoASegmentHitsWithinItsStopDistance) {
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        Trace trace;
        const auto hit = time_of_impact(algorithm(name), kFallingCircle, kFloor, &trace);
        ASSERT_TRUE(hit);
        EXPECT_LE(hit->t, 0.5 + kRounding);
        EXPECT_GE(hit->t, 0.5 - early_allowance(name, 4.0));
        EXPECT_NEAR(hit->point.x, 0.0, 1e-9);
        EXPECT_NEAR(hit->point.y, 0.0, 1e-3);
        EXPECT_NEAR(hit->normal.x, 0.0, 1e-9);
        EXPECT_NEAR(hit->normal.y, 1.0, 1e-9);
        EXPECT_EQ(hit->feature, Feature::SegmentInterior);
        EXPECT_FALSE(hit->overlap);
        EXPECT_TRUE(hit->approaching);
        ASSERT_TRUE(trace.iterative);
        EXPECT_EQ(trace.iterative->state, "hit");
        EXPECT_EQ(trace.iterative->iteration_cap, 64);
        ASSERT_EQ(trace.candidates.size(), 1u);
        ASSERT_EQ(trace.candidates[0].roots.size(), 1u);
        EXPECT_EQ(trace.candidates[0].roots[0].t, hit->t);
    }
}

TEST(Bullet, ConservativeAdvancementLandsOnAHeadOnContactInOneStep) {
    // The gap 2 over the closing speed 4 along the normal +y: one step to t = 0.5, where the
    // circle touches, within rounding of 0 apart.
    Trace trace;
    const auto hit = time_of_impact(algorithm("bullet"), kFallingCircle, kFloor, &trace);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.5, kRounding);
    ASSERT_TRUE(trace.iterative);
    ASSERT_EQ(trace.iterative->steps.size(), 1u);
    EXPECT_NEAR(trace.iterative->steps[0].t, 0.5, kRounding);
    EXPECT_NEAR(trace.iterative->separation, 0.0, 1e-9);
}

TEST(Bullet, MissesWhatPassesBesideMovesApartOrAlong) {
    const Swept passes_beside{Circle{{7.0, 3.0}, 1.0}, Translation{{0.0, -6.0}}}; // x = 7 > 5 + 1
    const Swept moves_apart{Circle{{0.0, 3.0}, 1.0}, Translation{{0.0, 4.0}}};
    const Swept moves_along{Circle{{-3.0, 3.0}, 1.0}, Translation{{6.0, 0.0}}}; // 2 apart always
    const Swept stops_short{Circle{{0.0, 3.0}, 1.0},
                            Translation{{0.0, -1.5}}}; // 0.5 apart at t = 1
    for (const char* name : kAlgorithms)
        for (const Swept& mover : {passes_beside, moves_apart, moves_along, stops_short}) {
            SCOPED_TRACE(name);
            Trace trace;
            EXPECT_FALSE(time_of_impact(algorithm(name), mover, kFloor, &trace));
            ASSERT_TRUE(trace.iterative);
            EXPECT_NE(trace.iterative->state, "hit");
            EXPECT_NE(trace.iterative->explanation.find("no hit"), std::string::npos);
        }
}

TEST(Bullet, TwoSquaresHitFaceToFaceByAdvancementAndRayCast) {
    // The unit square moving by (4, 0) onto the unit square at x = 3: the gap 2 closes at 4,
    // touching at t = 0.5 on the obstacle's left side, edge 3 ((3, 1) -> (3, 0)), the normal -x.
    const Polygon square{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};
    const Swept mover{square, Translation{{4.0, 0.0}}};
    const Swept obstacle{translated(square, {3.0, 0.0}), Still{}};
    for (const char* name : {"bullet", "bullet-subsimplex"}) {
        SCOPED_TRACE(name);
        Trace trace;
        const auto hit = time_of_impact(algorithm(name), mover, obstacle, &trace);
        ASSERT_TRUE(hit) << trace.iterative->explanation;
        EXPECT_LE(hit->t, 0.5 + kRounding);
        EXPECT_GE(hit->t, 0.5 - early_allowance(name, 4.0));
        EXPECT_NEAR(hit->normal.x, -1.0, 1e-9);
        EXPECT_NEAR(hit->point.x, 3.0, 1e-3);
        EXPECT_TRUE(hit->feature == Feature::PolygonEdge || hit->feature == Feature::PolygonVertex);
    }
}

TEST(Bullet, GjkConvexCastStepsPastTwoSquaresLandingExactlyFaceToFace) {
    // The same squares: btGjkConvexCast's first step lands on the contact, t = 0.5, where its
    // GJK (without a penetration solver, the hulls without margin) gives no closest points; the
    // cast keeps its btPointCollector's last answer (2 apart, the normal -x) and steps by it
    // again, to t = 1 and past the frame: no hit.
    const Polygon square{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};
    Trace trace;
    EXPECT_FALSE(time_of_impact(algorithm("bullet-gjk"), Swept{square, Translation{{4.0, 0.0}}},
                                Swept{translated(square, {3.0, 0.0}), Still{}}, &trace));
    ASSERT_TRUE(trace.iterative);
    ASSERT_EQ(trace.iterative->steps.size(), 2u);
    EXPECT_NEAR(trace.iterative->steps[0].t, 0.5, kRounding);
    EXPECT_NEAR(trace.iterative->steps[1].t, 1.0, kRounding);
}

TEST(Bullet, ConservativeAdvancementHitsABarTurningOntoAPoint) {
    // A bar from the pivot (0, 0) to (2, 0) turning a quarter turn counter-clockwise meets the
    // point (1, 1) when its angle is pi / 4, at t = 0.5; the point then closes at
    // sqrt(2) pi / 2 across the bar.
    const Swept point{Point{{1.0, 1.0}}, Still{}};
    const Swept bar{Segment{{0.0, 0.0}, {2.0, 0.0}},
                    Turning{{0.0, 0.0}, {0.0, 0.0}, std::numbers::pi / 2}};
    Trace trace;
    const auto hit = time_of_impact(algorithm("bullet"), point, bar, &trace);
    ASSERT_TRUE(hit) << trace.iterative->explanation;
    EXPECT_LE(hit->t, 0.5 + kRounding);
    EXPECT_GE(hit->t, 0.5 - kStop / (std::numbers::sqrt2 * std::numbers::pi / 2) - kRounding);
}

TEST(Bullet, ConservativeAdvancementProbesATurnBeyondAQuarterPiLate) {
    // The bar (0, 0)-(2, 0) turning by 3 about (0, 0) sweeps over the point at angle 2, radius 1,
    // at t = 2 / 3. Bullet's integrateTransform (btTransformUtil.h) limits a probe's turn: once
    // omega t > pi / 4 (omega = 3) it takes the quaternion (0, 0, omega t sin(pi / 8) / (pi / 4),
    // cos(pi / 8)), normalised, so the bar it probes is at 2 atan(k t) with
    // k = omega sin(pi / 8) / ((pi / 4) cos(pi / 8)), behind the true angle. It reaches angle 2
    // at t* = tan(1) / k = 0.984, where it closes at 2 k / (1 + (k t*)^2) = 0.92: Bullet's t is
    // within 0.001 / 0.92 before t*, late by 0.3.
    const Swept point{Point{{std::cos(2.0), std::sin(2.0)}}, Still{}};
    const Swept bar{Segment{{0.0, 0.0}, {2.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, 3.0}};
    const double k = 3.0 * std::sin(std::numbers::pi / 8) /
                     (std::numbers::pi / 4 * std::cos(std::numbers::pi / 8));
    const double late_t = std::tan(1.0) / k;
    const double closing = 2.0 * k / (1.0 + std::pow(k * late_t, 2));
    Trace trace;
    const auto hit = time_of_impact(algorithm("bullet"), point, bar, &trace);
    ASSERT_TRUE(hit) << trace.iterative->explanation;
    EXPECT_LE(hit->t, late_t + kRounding);
    EXPECT_GE(hit->t, late_t - kStop / closing - kRounding);
    EXPECT_GT(hit->t, 2.0 / 3.0 + 0.3);
    // A turn that stays within pi / 4 up to the contact is followed: the bar turning by 0.75
    // meets the point at angle 0.5 at t = 0.5 / 0.75 (its angle then 0.5, below pi / 4).
    const Swept near_point{Point{{std::cos(0.5), std::sin(0.5)}}, Still{}};
    const Swept short_turn{Segment{{0.0, 0.0}, {2.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, 0.75}};
    const auto followed = time_of_impact(algorithm("bullet"), near_point, short_turn);
    ASSERT_TRUE(followed);
    EXPECT_LE(followed->t, 0.5 / 0.75 + kRounding);
    EXPECT_GE(followed->t, 0.5 / 0.75 - kStop / 0.75 - kRounding); // the point closes at 0.75
}

TEST(Bullet, AnOverlapAtTheStartIsTZeroForAdvancementAndNoHitForTheRayCast) {
    // A circle of radius 1 whose centre is 0.5 above the floor, moving down: Bullet's
    // advancement starts within its stop distance and answers t = 0; the subsimplex cast
    // ("objects should not start in overlap", its header) finds no normal and answers false.
    const Swept sunk{Circle{{0.0, 0.5}, 1.0}, Translation{{0.0, -1.0}}};
    const auto advancement = time_of_impact(algorithm("bullet"), sunk, kFloor);
    ASSERT_TRUE(advancement);
    EXPECT_EQ(advancement->t, 0.0);
    EXPECT_TRUE(advancement->overlap);
    EXPECT_FALSE(time_of_impact(algorithm("bullet-subsimplex"), sunk, kFloor));
    // Nothing moving: the advancement answers false before it measures, sunk or not.
    EXPECT_FALSE(
        time_of_impact(algorithm("bullet"), Swept{Circle{{0.0, 0.5}, 1.0}, Still{}}, kFloor));
}

TEST(Bullet, RefusesWhatItCannotExpress) {
    const Swept turning_bar{Segment{{0.0, 0.0}, {2.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, 0.5}};
    const Swept half_turn_bar{Segment{{0.0, 0.0}, {2.0, 0.0}},
                              Turning{{0.0, 0.0}, {0.0, 0.0}, std::numbers::pi}};
    const Swept tilting{Segment{{-1.0, 0.0}, {1.0, 0.0}}, EndMotion{{0.0, 0.0}, {0.0, 1.0}}};
    const Swept huge{Circle{{0x1p41, 0.0}, 1.0}, Translation{{1.0, 0.0}}};
    const Swept concave{Polygon{{{0.0, 0.0}, {2.0, 0.0}, {1.0, 0.2}, {1.0, 2.0}}}, Still{}};
    const Swept point{Point{{1.0, 1.0}}, Still{}};
    const auto refused = [&](Method method, const Swept& obstacle, const char* words) {
        const auto why = bullet::inexpressible(method, point, obstacle);
        ASSERT_TRUE(why) << words;
        EXPECT_NE(why->find(words), std::string::npos) << *why;
        Trace trace;
        EXPECT_FALSE(bullet::time_of_impact(method, point, obstacle, &trace));
        ASSERT_FALSE(trace.candidates.empty());
        EXPECT_EQ(trace.candidates[0].note, *why);
    };
    refused(Method::GjkConvexCast, turning_bar, "straight lines");
    refused(Method::SubsimplexConvexCast, turning_bar, "straight lines");
    refused(Method::ContinuousConvex, half_turn_bar, "not less than pi");
    refused(Method::ContinuousConvex, tilting, "move differently");
    refused(Method::ContinuousConvex, huge, "beyond 2^40");
    refused(Method::ContinuousConvex, concave, "not convex");
    EXPECT_FALSE(bullet::inexpressible(Method::ContinuousConvex, point, turning_bar));
}

// ---- every registered row ---------------------------------------------------------------------

const Polygon kUnitSquare{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};
// The turning cases' sides: a bar of length 2 along +x from the pivot (0, 0), a plank of height
// 0.5 whose top edge is that bar, both turning a quarter turn counter-clockwise over the frame.
const Segment kBar{{0.0, 0.0}, {2.0, 0.0}};
const Polygon kPlank{{{0.0, -0.5}, {2.0, -0.5}, {2.0, 0.0}, {0.0, 0.0}}};
const Turning kQuarterTurn{{0.0, 0.0}, {0.0, 0.0}, std::numbers::pi / 2};
constexpr double kQuarter = std::numbers::pi / 2;

struct Case {
    const char* pair;
    Swept mover, obstacle;
    double exact_t; // when the shapes touch, worked out in box2d_toi_test.cpp's cases
    double speed;   // how fast they close there
};

// One case per registered pair, each touching once, head-on.
std::vector<Case> cases() {
    const double circle_on_bar = (std::numbers::pi / 4 - std::asin(0.5 / std::numbers::sqrt2)) /
                                 kQuarter; // sqrt(2) sin(pi / 4 - theta) = 0.5
    const double circle_on_bar_speed =
        std::numbers::sqrt2 * std::cos(std::asin(0.5 / std::numbers::sqrt2)) * kQuarter;
    const double corner_speed = 2.0 * std::cos(std::numbers::pi / 6) * kQuarter;
    return {
        {"circle_point",
         {Circle{{0.0, 0.0}, 1.0}, Translation{{4.0, 0.0}}},
         {Point{{3.0, 0.0}}, Still{}},
         0.5,
         4},
        {"circle_circle",
         {Circle{{0.0, 0.0}, 1.0}, Translation{{4.0, 0.0}}},
         {Circle{{6.0, 0.0}, 1.0}, Translation{{-4.0, 0.0}}},
         0.5,
         8},
        {"circle_segment",
         {Circle{{0.0, 5.0}, 1.0}, Translation{{0.0, -8.0}}},
         {Segment{{-2.0, 0.0}, {2.0, 0.0}}, Still{}},
         0.5,
         8},
        {"point_segment",
         {Point{{0.0, 5.0}}, Translation{{0.0, -10.0}}},
         {Segment{{-2.0, 0.0}, {2.0, 0.0}}, Still{}},
         0.5,
         10},
        {"point_moving_segment",
         {Point{{0.0, 6.0}}, Translation{{0.0, -10.0}}},
         {Segment{{-2.0, 0.0}, {2.0, 0.0}}, EndMotion{{0.0, 2.0}, {0.0, 2.0}}},
         0.5,
         12},
        {"circle_moving_segment",
         {Circle{{0.0, 7.0}, 1.0}, Translation{{0.0, -10.0}}},
         {Segment{{-2.0, 0.0}, {2.0, 0.0}}, EndMotion{{0.0, 2.0}, {0.0, 2.0}}},
         0.5,
         12},
        {"polygon_polygon",
         {kUnitSquare, Translation{{4.0, 0.0}}},
         {translated(kUnitSquare, {3.0, 0.0}), Translation{{0.0, 0.0}}},
         0.5,
         4},
        {"circle_polygon",
         {Circle{{0.0, 0.5}, 1.0}, Translation{{4.0, 0.0}}},
         {translated(kUnitSquare, {3.0, 0.0}), Translation{{0.0, 0.0}}},
         0.5,
         4},
        {"polygon_moving_segment",
         {translated(kUnitSquare, {0.0, 2.0}), Translation{{0.0, -4.0}}},
         {Segment{{-5.0, 0.0}, {5.0, 0.0}}, EndMotion{{0.0, 0.0}, {0.0, 0.0}}},
         0.5,
         4},
        // (No Bullet row: a capsule's radius would be a hull's margin, which these rows refuse.)
        {"segment_segment",
         {Segment{{-1.0, 2.5}, {1.0, 2.5}, 0.5}, Translation{{0.0, -4.0}}},
         {Segment{{-3.0, 0.0}, {3.0, 0.0}}, Translation{{0.0, 0.0}}},
         0.5,
         4},
        {"point_rotating_segment",
         {Point{{1.0, 1.0}}, Translation{{0.0, 0.0}}},
         {kBar, kQuarterTurn},
         0.5,
         std::numbers::sqrt2 * kQuarter},
        {"circle_rotating_segment",
         {Circle{{1.0, 1.0}, 0.5}, Translation{{0.0, 0.0}}},
         {kBar, kQuarterTurn},
         circle_on_bar,
         circle_on_bar_speed},
        {"circle_rotating_polygon",
         {Circle{{1.0, 1.0}, 0.5}, Translation{{0.0, 0.0}}},
         {kPlank, kQuarterTurn},
         circle_on_bar,
         circle_on_bar_speed},
        {"rotating_polygon_segment",
         {kPlank, kQuarterTurn},
         {Segment{{1.0, 1.0}, {1.0, 3.0}}, EndMotion{{0.0, 0.0}, {0.0, 0.0}}},
         0.5,
         std::numbers::sqrt2 * kQuarter},
        {"rotating_polygon_polygon",
         {kPlank, kQuarterTurn},
         {translated(kUnitSquare, {1.0, 1.0}), Turning{{1.5, 1.5}, {0.0, 0.0}, 0.0}},
         1.0 / 3.0,
         corner_speed},
        {"rotating_polygon_rotating_segment",
         {translated(kUnitSquare, {1.0, 1.0}), Turning{{1.5, 1.5}, {0.0, 0.0}, 0.0}},
         {kBar, kQuarterTurn},
         1.0 / 3.0,
         corner_speed},
    };
}

// The pairs btGjkConvexCast misses in these cases: two sides without a margin (no radius),
// whose contact its first step lands on exactly (GjkConvexCastStepsPastTwoSquares... says how).
bool gjk_cast_misses(std::string_view algorithm_name, std::string_view pair) {
    return algorithm_name == "bullet-gjk" &&
           (pair == "point_segment" || pair == "point_moving_segment" ||
            pair == "polygon_polygon" || pair == "polygon_moving_segment");
}

TEST(Bullet, EveryRegisteredRowAnswersThroughTheRegistry) {
    const std::vector<Case> all = cases();
    ASSERT_EQ(all.size(), pair_types().size()) << "a pair without a case here";
    int rows = 0;
    for (const char* name : kAlgorithms)
        for (const PairType* pair : pairs_answered_by(algorithm(name))) {
            const auto c = std::find_if(all.begin(), all.end(),
                                        [&](const Case& k) { return k.pair == pair->name; });
            ASSERT_NE(c, all.end()) << pair->name;
            SCOPED_TRACE(std::string(name) + " " + c->pair);
            ++rows;
            EXPECT_FALSE(inexpressible(algorithm(name), c->mover, c->obstacle));
            Trace trace;
            const auto hit = time_of_impact(algorithm(name), c->mover, c->obstacle, &trace);
            ASSERT_TRUE(trace.iterative);
            if (gjk_cast_misses(name, c->pair)) {
                EXPECT_FALSE(hit);
                EXPECT_NE(trace.iterative->explanation.find("last probe, t = 1 "),
                          std::string::npos)
                    << trace.iterative->explanation;
                continue;
            }
            ASSERT_TRUE(hit) << trace.iterative->explanation;
            EXPECT_LE(hit->t, c->exact_t + kRounding);
            EXPECT_GE(hit->t, c->exact_t - early_allowance(name, c->speed));
        }
    // "bullet" answers every pair; the two straight-line casts the 9 that do not turn.
    EXPECT_EQ(rows, 15 + 9 + 9);
}

// ---- the adapter against Bullet called directly ------------------------------------------------

struct DirectSide {
    btSphereShape sphere{0.0};
    btConvexHullShape hull;
    btConvex2dShape shape;
    btTransform from, to;
    // A circle of `radius` centred on the body's origin `origin`, moving by `d` and turning by
    // `angle`.
    DirectSide(double radius, btVector3 origin, btVector3 d, double angle) : shape(&sphere) {
        sphere.setUnscaledRadius(radius);
        place(origin, d, angle);
    }
    // The hull of `points` (world coordinates at t = 0) about the body's origin `origin`, with
    // margin 0.
    DirectSide(const std::vector<Vec2>& points, Vec2 origin, btVector3 d, double angle)
        : shape(&hull) {
        hull.setMargin(0.0);
        for (const Vec2 p : points)
            hull.addPoint(btVector3(p.x - origin.x, p.y - origin.y, 0.0), false);
        hull.recalcLocalAabb();
        place({origin.x, origin.y, 0.0}, d, angle);
    }
    void place(btVector3 origin, btVector3 d, double angle) {
        from = btTransform(btQuaternion(btVector3(0, 0, 1), 0.0), origin);
        to = btTransform(btQuaternion(btVector3(0, 0, 1), angle), origin + d);
    }
};

struct DirectAnswer {
    bool hit;
    double t;
};

DirectAnswer direct(Method method, const DirectSide& a, const DirectSide& b) {
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver penetration;
    btConvexCast::CastResult result;
    bool hit = false;
    if (method == Method::ContinuousConvex) {
        btContinuousConvexCollision cast(&a.shape, &b.shape, &simplex, &penetration);
        hit = cast.calcTimeOfImpact(a.from, a.to, b.from, b.to, result);
    } else if (method == Method::GjkConvexCast) {
        btGjkConvexCast cast(&a.shape, &b.shape, &simplex);
        hit = cast.calcTimeOfImpact(a.from, a.to, b.from, b.to, result);
    } else {
        btSubsimplexConvexCast cast(&a.shape, &b.shape, &simplex);
        hit = cast.calcTimeOfImpact(a.from, a.to, b.from, b.to, result);
    }
    return {hit, result.m_fraction};
}

void expect_same(Method method, const Swept& mover, const Swept& obstacle, const DirectSide& a,
                 const DirectSide& b) {
    const DirectAnswer d = direct(method, a, b);
    const auto hit = bullet::time_of_impact(method, mover, obstacle);
    ASSERT_EQ(hit.has_value(), d.hit && d.t >= 0.0 && d.t <= 1.0);
    if (hit) {
        EXPECT_EQ(hit->t, d.t); // bit for bit
    }
}

TEST(Bullet, AnswersExactlyWhatBulletCalledDirectlyAnswers) {
    const Method methods[] = {Method::ContinuousConvex, Method::GjkConvexCast,
                              Method::SubsimplexConvexCast};
    // A circle of radius 0.75 from (0.3, 2.9) by (0.4, -5) onto the segment (-2, 0.1)-(3, -0.4)
    // (its midpoint, as the adapter computes it, the body's origin).
    const Swept circle{Circle{{0.3, 2.9}, 0.75}, Translation{{0.4, -5.0}}};
    const Swept segment{Segment{{-2.0, 0.1}, {3.0, -0.4}}, Still{}};
    const DirectSide direct_circle(0.75, {0.3, 2.9, 0}, {0.4, -5.0, 0}, 0.0);
    const Vec2 midpoint = (Vec2{-2.0, 0.1} + Vec2{3.0, -0.4}) * 0.5;
    const DirectSide direct_segment({{-2.0, 0.1}, {3.0, -0.4}}, midpoint, {0, 0, 0}, 0.0);
    // A triangle (its vertex centroid (1, 1) the origin) by (3.5, 0.25) onto a square by (-1, 0).
    const Swept triangle{Polygon{{{0.0, 0.0}, {2.0, 1.0}, {1.0, 2.0}}}, Translation{{3.5, 0.25}}};
    const Swept square{Polygon{{{4.0, 0.0}, {5.0, 0.0}, {5.0, 1.0}, {4.0, 1.0}}},
                       Translation{{-1.0, 0.0}}};
    const DirectSide direct_triangle({{0.0, 0.0}, {2.0, 1.0}, {1.0, 2.0}}, {1.0, 1.0},
                                     {3.5, 0.25, 0}, 0.0);
    const DirectSide direct_square({{4.0, 0.0}, {5.0, 0.0}, {5.0, 1.0}, {4.0, 1.0}}, {4.5, 0.5},
                                   {-1, 0, 0}, 0.0);
    for (const Method method : methods) {
        SCOPED_TRACE(static_cast<int>(method));
        expect_same(method, circle, segment, direct_circle, direct_segment);
        expect_same(method, triangle, square, direct_triangle, direct_square);
        expect_same(method, kFallingCircle, kFloor, DirectSide(1.0, {0, 3, 0}, {0, -4, 0}, 0.0),
                    DirectSide({{-5.0, 0.0}, {5.0, 0.0}}, {0.0, 0.0}, {0, 0, 0}, 0.0));
    }
    // Turning: a circle of radius 0.5 at (1, 1) against the bar (0, 0)-(2, 0) turning by 1.2
    // about its end (0, 0), the body's origin.
    const Swept still_circle{Circle{{1.0, 1.0}, 0.5}, Still{}};
    const Swept bar{Segment{{0.0, 0.0}, {2.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, 1.2}};
    expect_same(Method::ContinuousConvex, still_circle, bar,
                DirectSide(0.5, {1, 1, 0}, {0, 0, 0}, 0.0),
                DirectSide({{0.0, 0.0}, {2.0, 0.0}}, {0.0, 0.0}, {0, 0, 0}, 1.2));
}

} // namespace
