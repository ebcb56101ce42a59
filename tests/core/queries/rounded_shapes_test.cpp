// Rounded shapes (a segment's or polygon's radius: capsules and rounded polygons): cases worked
// out by hand (the first contact is where the distance between the cores reaches the sum of the
// radii, on the part of the rounded boundary that touched: a corner's cap or a side), then every
// straight-line pair that takes a radius over random and grazing families against the long double
// reference of tests/support/turning_reference.hpp, which takes the radii from the shapes on its
// own (the cores' distance less the sum). CCDLAB_ROUNDED_QUERIES=N runs N queries per family and
// kind (default 40). The turning pairs' rounded families are in toi_turning_test.cpp.
#include "ccd/pair_registry.hpp"
#include "ccd/toi_capsule.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"
#include "turning_reference.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <random>
#include <string>

namespace {

using namespace ccd;

const Polygon kBox{{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}}}; // vertex 2 is (1, 1)

Polygon rounded(Polygon p, double radius) {
    p.radius = radius;
    return p;
}

// A capsule of radius 0.5 about (-1, 2)-(1, 2) falls by 4 onto the floor (-3, 0)-(3, 0): its
// core is 2 - 4 t above the floor and touches when that is 0.5, t = 1.5 / 4 = 0.375 (exact in
// binary). The whole bottom side touches at once; the tie goes to the mover's end a, whose cap
// meets the floor's side below it, at (-1, 0).
TEST(RoundedShapes, ACapsuleFallingOntoASegmentTouchesWhenItsCoreIsItsRadiusAbove) {
    const Swept capsule{Segment{{-1.0, 2.0}, {1.0, 2.0}, 0.5}, Translation{{0.0, -4.0}}};
    const Swept floor{Segment{{-3.0, 0.0}, {3.0, 0.0}}, Still{}};
    Trace trace;
    const auto hit = time_of_impact(capsule, floor, &trace);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.375);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_EQ(hit->mover_vertex, 0);
    EXPECT_EQ(hit->point, (Vec2{-1.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
    EXPECT_FALSE(hit->overlap);
    EXPECT_TRUE(hit->approaching);
    EXPECT_FALSE(trace.candidates.empty());
}

// The same capsule falling onto a floor that is a capsule of radius 0.25 itself: the sum 0.75,
// t = (2 - 0.75) / 4 = 0.3125; the contact point on the floor's surface, 0.25 above its core.
TEST(RoundedShapes, TwoCapsulesTouchWhenTheirCoresAreTheSumOfTheRadiiApart) {
    const auto hit = time_of_impact(Segment{{-1.0, 2.0}, {1.0, 2.0}, 0.5}, Vec2{0.0, -4.0},
                                    Segment{{-3.0, 0.0}, {3.0, 0.0}, 0.25}, Vec2{});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.3125);
    EXPECT_EQ(hit->point, (Vec2{-1.0, 0.25}));
    // Falling past the floor's end B (3, 0), the capsule's end a 1 to its right: the cores are
    // never nearer than 1 > 0.75, a miss.
    EXPECT_FALSE(time_of_impact(Segment{{4.0, 2.0}, {6.0, 2.0}, 0.5}, Vec2{0.0, -4.0},
                                Segment{{-3.0, 0.0}, {3.0, 0.0}, 0.25}, Vec2{}));
    // 0.5 to its right: sqrt(0.25 + (2 - 4 t)^2) = 0.75 at 2 - 4 t = sqrt(0.3125), end to end:
    // the floor's cap B and the capsule's end a.
    const auto cap = time_of_impact(Segment{{3.5, 2.0}, {6.0, 2.0}, 0.5}, Vec2{0.0, -4.0},
                                    Segment{{-3.0, 0.0}, {3.0, 0.0}, 0.25}, Vec2{});
    ASSERT_TRUE(cap);
    EXPECT_NEAR(cap->t, (2.0 - std::sqrt(0.3125)) / 4.0, 1e-15);
    EXPECT_EQ(cap->feature, Feature::EndpointB);
    EXPECT_EQ(cap->mover_vertex, 0);
}

// A circle of radius 0.5 from (3, 3) moving by (-2, -2) toward the box [-1, 1]^2 rounded by 0.5:
// its centre reaches the corner (1, 1)'s cap, distance 0.5 + 0.5 = 1 from the corner, when
// sqrt(2) (2 - 2 t) = 1: t = 1 - 1 / (2 sqrt 2). The contact is on the corner's cap: the point
// (1, 1) + 0.5 (1, 1) / sqrt 2, the normal along the diagonal.
TEST(RoundedShapes, ACircleMeetsARoundedBoxOnItsCornersCap) {
    const Swept circle{Circle{{3.0, 3.0}, 0.5}, Translation{{-2.0, -2.0}}};
    const Swept box{rounded(kBox, 0.5), Still{}};
    const auto hit = time_of_impact(circle, box);
    ASSERT_TRUE(hit);
    const double s = 1.0 / std::numbers::sqrt2;
    EXPECT_NEAR(hit->t, 1.0 - s / 2.0, 1e-15);
    EXPECT_EQ(hit->feature, Feature::PolygonVertex);
    EXPECT_EQ(hit->obstacle_vertex, 2);
    EXPECT_NEAR(hit->point.x, 1.0 + 0.5 * s, 1e-15);
    EXPECT_NEAR(hit->point.y, 1.0 + 0.5 * s, 1e-15);
    EXPECT_NEAR(hit->normal.x, s, 1e-15);
    EXPECT_NEAR(hit->normal.y, s, 1e-15);
    // The sharp box (radius 0) is met later, with the circle's radius alone: sqrt(2)(2 - 2t) =
    // 0.5.
    const auto sharp = time_of_impact(circle, Swept{kBox, Still{}});
    ASSERT_TRUE(sharp);
    EXPECT_NEAR(sharp->t, 1.0 - s / 4.0, 1e-15);
}

// The same circle falling straight onto the rounded box's top side: its centre at
// (0.5, 3 - 4 t) is 0.5 + 0.5 above the side y = 1 at t = 0.25, on the side (not a corner).
TEST(RoundedShapes, ACircleMeetsARoundedBoxOnItsSide) {
    const auto hit = time_of_impact(Swept{Circle{{0.5, 3.0}, 0.5}, Translation{{0.0, -4.0}}},
                                    Swept{rounded(kBox, 0.5), Still{}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.25);
    EXPECT_EQ(hit->feature, Feature::PolygonEdge);
    EXPECT_EQ(hit->obstacle_edge, 2);
    EXPECT_EQ(hit->point, (Vec2{0.5, 1.5}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
}

// Two rounded boxes (radii 0.25 and 0.5) corner to corner: the mover [-1, 1]^2 + (3, 3) moving
// by (-2, -2): its corner (2, 2) and the obstacle's (1, 1) are sqrt(2)(1 - 2 t) apart, 0.75 at
// t = (1 - 0.75 / sqrt 2) / 2. Corner against corner: both vertices named.
TEST(RoundedShapes, TwoRoundedBoxesMeetCornerCapToCornerCap) {
    const auto hit = time_of_impact(rounded(translated(kBox, {3.0, 3.0}), 0.25), Vec2{-2.0, -2.0},
                                    rounded(kBox, 0.5), Vec2{});
    ASSERT_TRUE(hit);
    const double s = 1.0 / std::numbers::sqrt2;
    EXPECT_NEAR(hit->t, (1.0 - 0.75 * s) / 2.0, 1e-15);
    EXPECT_EQ(hit->feature, Feature::PolygonVertex);
    EXPECT_EQ(hit->mover_vertex, 0);
    EXPECT_EQ(hit->obstacle_vertex, 2);
    EXPECT_NEAR(hit->point.x, 1.0 + 0.5 * s, 1e-15);
    EXPECT_NEAR(hit->point.y, 1.0 + 0.5 * s, 1e-15);
}

// A rounded box (radius 0.5) falling onto a wall that is a capsule (radius 0.25): the bottom
// side y = 2 - 1 - 4 t is 0.75 above the wall at t = 0.0625.
TEST(RoundedShapes, ARoundedBoxFallsOntoACapsuleWall) {
    const auto hit = time_of_impact(rounded(translated(kBox, {0.0, 2.0}), 0.5), Vec2{0.0, -4.0},
                                    MovingSegment{Segment{{-5.0, 0.0}, {5.0, 0.0}, 0.25}, {}, {}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.0625);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_EQ(hit->mover_vertex, 0);
    EXPECT_EQ(hit->point, (Vec2{-1.0, 0.25}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
}

// A point falling onto a capsule wall (radius 0.5) and a circle onto it: the capsule's radius
// adds to the mover's.
TEST(RoundedShapes, APointOrACircleMeetsACapsuleAtItsRadius) {
    const Segment capsule{{-1.0, 0.0}, {1.0, 0.0}, 0.5};
    const auto point = time_of_impact(Vec2{0.0, 2.5}, Vec2{0.0, -4.0}, capsule);
    ASSERT_TRUE(point);
    EXPECT_EQ(point->t, 0.5);
    EXPECT_EQ(point->point, (Vec2{0.0, 0.5}));
    const auto circle = time_of_impact(Circle{{0.0, 2.5}, 0.25}, Vec2{0.0, -4.0}, capsule);
    ASSERT_TRUE(circle);
    EXPECT_EQ(circle->t, 0.4375);
    EXPECT_EQ(circle->point, (Vec2{0.0, 0.5}));
    // Beside the end b (1, 0): the centre (1 + 0.6, 2.5 - 4 t) reaches 0.75 from it on the cap.
    const auto cap = time_of_impact(Circle{{1.6, 2.5}, 0.25}, Vec2{0.0, -4.0}, capsule);
    ASSERT_TRUE(cap);
    EXPECT_NEAR(cap->t, (2.5 - std::sqrt(0.75 * 0.75 - 0.36)) / 4.0, 1e-15);
    EXPECT_EQ(cap->feature, Feature::EndpointB);
    // A rising capsule (both ends moving alike) and one whose ends move apart: the same sum.
    const auto rising = time_of_impact(Circle{{0.0, 2.5}, 0.25}, Vec2{0.0, -2.0},
                                       MovingSegment{capsule, {0.0, 2.0}, {0.0, 2.0}});
    ASSERT_TRUE(rising);
    EXPECT_EQ(rising->t, 0.4375);
    const auto tilting = time_of_impact(Vec2{0.0, 2.5}, Vec2{0.0, -2.0},
                                        MovingSegment{capsule, {0.0, 1.0}, {0.0, 3.0}});
    ASSERT_TRUE(tilting); // the middle rises by 2 t: 2.5 - 2 t - 2 t = 0.5 / cos(the tilt)
    const double tilt = std::atan2(2.0 * tilting->t, 2.0); // the core's slope at t
    EXPECT_NEAR(2.5 - 4.0 * tilting->t, 0.5 / std::cos(tilt), 1e-12);
}

// A capsule turning about its end (the bar (0, 0)-(2, 0), radius 0.25, a quarter turn) meets the
// point 1.5 from the pivot at angle pi / 6 when the point is 0.25 from the core: 1.5 sin(pi / 6
// - theta) = 0.25, theta = pi / 6 - asin(1 / 6), t = theta / (pi / 2). The contact is the point
// itself, on the capsule's side; the normal the bar's left normal then. delta = 1e-12 x pi, the
// point's approach speed 1.5 cos(asin(1/6)) pi / 2 > 2: t within 1e-12.
TEST(RoundedShapes, ATurningCapsuleMeetsAPointWhenItIsItsRadiusAway) {
    const double quarter = std::numbers::pi / 2;
    const Vec2 p{1.5 * std::cos(std::numbers::pi / 6), 1.5 * std::sin(std::numbers::pi / 6)};
    const auto hit =
        time_of_impact(Swept{Point{p}, Still{}}, Swept{Segment{{0.0, 0.0}, {2.0, 0.0}, 0.25},
                                                       Turning{{0.0, 0.0}, {0.0, 0.0}, quarter}});
    ASSERT_TRUE(hit);
    const double theta = std::numbers::pi / 6 - std::asin(1.0 / 6.0);
    EXPECT_NEAR(hit->t, theta / quarter, 1e-12);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_NEAR(hit->normal.x, -std::sin(theta), 1e-9);
    EXPECT_NEAR(hit->normal.y, std::cos(theta), 1e-9);
    EXPECT_NEAR(hit->point.x, p.x, 1e-11);
    EXPECT_NEAR(hit->point.y, p.y, 1e-11);
    EXPECT_TRUE(hit->approaching);
}

// A rounded box turning a quarter about its centre toward a point (a circle of radius 0: no pair
// takes a point against a turning polygon): the box [-1, 1]^2 rounded by
// 0.5, turning counter-clockwise, the point (0, 1.85). The top side's line is 1.85 cos a - 1
// from the point, 0.5 at cos a = 1.5 / 1.85, but its foot 1.85 sin a = 1.085 is then past the
// corner (1, 1): the corner's cap comes first, when |(0, 1.85) - R(a)(1, 1)| = 0.5, i.e.
// 2 + 1.85^2 - 3.7 (sin a + cos a) = 0.25: a = asin(5.1725 / 3.7 / sqrt 2) - pi / 4 (0.6335,
// the foot 1.095 past the corner then too). delta = 1e-12 x 2.2, the closing speed above 1.
TEST(RoundedShapes, ATurningRoundedBoxMeetsAPointWithACornersCap) {
    const double quarter = std::numbers::pi / 2;
    const auto hit =
        time_of_impact(Swept{Circle{{0.0, 1.85}, 0.0}, Translation{}},
                       Swept{rounded(kBox, 0.5), Turning{{0.0, 0.0}, {0.0, 0.0}, quarter}});
    ASSERT_TRUE(hit);
    const double a = std::asin(5.1725 / 3.7 / std::numbers::sqrt2) - std::numbers::pi / 4;
    EXPECT_NEAR(hit->t, a / quarter, 1e-11);
    EXPECT_EQ(hit->feature, Feature::PolygonVertex);
    EXPECT_EQ(hit->obstacle_vertex, 2);
}

// ---- every straight-line pair with radii, against the long double reference ------------------

int rounded_queries() {
    const char* env = std::getenv("CCDLAB_ROUNDED_QUERIES");
    return env ? std::max(1, std::atoi(env)) : 40;
}

class Draw {
public:
    explicit Draw(std::uint64_t seed) : rng_(seed) {}
    double uniform(double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng_);
    }
    Vec2 vec(double h) {
        const double x = uniform(-h, h);
        return {x, uniform(-h, h)};
    }
    double rounding() { return uniform(0.05, 0.6); }
    // A convex counter-clockwise polygon, rounded: 3 to 8 points at increasing angles on an
    // ellipse.
    Polygon convex() {
        const int n = std::uniform_int_distribution<int>(3, 8)(rng_);
        const double rx = uniform(0.2, 1.5), ry = uniform(0.2, 1.5), phase = uniform(0, 6.28);
        const Vec2 c = vec(1.5);
        Polygon p;
        for (int i = 0; i < n; ++i) {
            const double a = phase + 2 * std::numbers::pi * (i + uniform(-0.3, 0.3)) / n;
            p.vertices.push_back(c + Vec2{rx * std::cos(a), ry * std::sin(a)});
        }
        p.radius = rounding();
        return p;
    }
    Segment capsule(double h) {
        const Vec2 a = vec(h), b = vec(h);
        return {a, b, rounding()};
    }

private:
    std::mt19937_64 rng_;
};

struct Pair {
    Swept mover, obstacle;
};

Pair make(const std::string& kind, Draw& draw) {
    const Vec2 at = draw.vec(3.0), d = draw.vec(4.0);
    const double r = draw.uniform(0.0, 1.0);
    if (kind == "circle_segment")
        return {{Circle{at, r}, Translation{d}}, {draw.capsule(1.5), Still{}}};
    if (kind == "point_segment") return {{Point{at}, Translation{d}}, {draw.capsule(1.5), Still{}}};
    if (kind == "circle_moving_segment" || kind == "point_moving_segment") {
        const Segment s = draw.capsule(1.5);
        const Vec2 da = draw.vec(3.0), db = draw.vec(3.0);
        const Swept wall{s, EndMotion{da, db}};
        if (kind == "circle_moving_segment") return {{Circle{at, r}, Translation{d}}, wall};
        return {{Point{at}, Translation{d}}, wall};
    }
    if (kind == "circle_polygon")
        return {{Circle{at, r}, Translation{d}}, {draw.convex(), Translation{draw.vec(2.0)}}};
    if (kind == "polygon_polygon") {
        Polygon mover = draw.convex();
        mover = rounded(translated(mover, at), mover.radius);
        return {{mover, Translation{d}}, {draw.convex(), Translation{draw.vec(2.0)}}};
    }
    if (kind == "polygon_moving_segment") {
        Polygon mover = draw.convex();
        mover = rounded(translated(mover, at), mover.radius);
        const Segment s = draw.capsule(3.0);
        const Vec2 da = draw.vec(3.0), db = draw.vec(3.0);
        return {{mover, Translation{d}}, {s, EndMotion{da, db}}};
    }
    // segment_segment
    Segment mover = draw.capsule(1.5);
    mover.a += at;
    mover.b += at;
    return {{mover, Translation{d}}, {draw.capsule(1.5), Translation{draw.vec(2.0)}}};
}

// The mover moved so that the shapes' separation is 0 at its least over the frame (a graze), or
// at t = 0 (touching at the start).
void place_touching(Pair& q, bool at_start) {
    const ccd_test::Reference ref = ccd_test::reference(q.mover, q.obstacle);
    ccd_test::real t = 0;
    if (!at_start) {
        ccd_test::real best = INFINITY;
        for (int k = 0; k <= 512; ++k)
            if (const ccd_test::real v = ref.f(ccd_test::real(k) / 512); v < best) {
                best = v;
                t = ccd_test::real(k) / 512;
            }
    }
    const ccd_test::V dir = ccd_test::closest_offset(at(ref.mover, t), at(ref.obstacle, t));
    const ccd_test::real least = ccd_test::norm(dir);
    if (!(least > 0)) return;
    const ccd_test::real move = -(least - ref.r) / least;
    const Vec2 by{static_cast<double>(dir.x * move), static_cast<double>(dir.y * move)};
    std::visit(
        [&by](auto& shape) {
            using S = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<S, Point>) shape.position += by;
            if constexpr (std::is_same_v<S, Circle>) shape.center += by;
            if constexpr (std::is_same_v<S, Segment>) {
                shape.a += by;
                shape.b += by;
            }
            if constexpr (std::is_same_v<S, Polygon>)
                for (Vec2& v : shape.vertices)
                    v += by;
        },
        q.mover.shape);
}

const char* const kStraightKinds[] = {
    "circle_segment", "point_segment",   "circle_moving_segment",  "point_moving_segment",
    "circle_polygon", "polygon_polygon", "polygon_moving_segment", "segment_segment"};

class RoundedContract : public ::testing::TestWithParam<const char*> {};

// Both halves of the contract on every answer, for delta = 1e-12 x scale: a miss never comes
// within the sum of the radii less delta; at a reported t the cores are within the sum plus
// delta, and never nearer than the sum less delta before it.
TEST_P(RoundedContract, EveryFamilyMeetsItAgainstTheLongDoubleReference) {
    const std::string kind = GetParam();
    const PairType* pair = find_pair_type(kind);
    ASSERT_NE(pair, nullptr);
    Draw draw(0x20D1DED ^ std::hash<std::string>{}(kind));
    const int n = rounded_queries();
    for (const char* family : {"ordinary", "graze", "touching at start"}) {
        int hits = 0;
        for (int i = 0; i < n; ++i) {
            Pair q = make(kind, draw);
            if (std::string(family) != "ordinary")
                place_touching(q, std::string(family) == "touching at start");
            ASSERT_EQ(choose_pair(kind_of(q.mover), kind_of(q.obstacle)).pair, pair);
            const auto hit = time_of_impact(q.mover, q.obstacle);
            hits += hit.has_value();
            const auto why = ccd_test::guarantee_failure(q.mover, q.obstacle, hit, 1e-12L, false);
            EXPECT_FALSE(why) << kind << ", " << family << " family, query " << i << ": " << *why
                              << " (t = " << (hit ? hit->t : -1.0)
                              << (hit && hit->overlap ? ", overlap)" : ")");
        }
        std::printf("%-24s %-18s %5d queries %5d hits\n", kind.c_str(), family, n, hits);
    }
}

INSTANTIATE_TEST_SUITE_P(Kinds, RoundedContract, ::testing::ValuesIn(kStraightKinds));

} // namespace
