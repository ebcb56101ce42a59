// A translating polygon against a wall whose ends move independently: every vertex against the
// moving wall, each end of the wall against every edge. Hand-worked answers, then a property
// test against intersections sampled in long double.
#include "ccd/toi_polygon.hpp"
#include "random_polygon.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using namespace ccd;

// Counter-clockwise: edge 0 the bottom (y = -1), 1 the right (x = 1), 2 the top, 3 the left.
const Polygon kSquare{{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}}};

MovingSegment still(Segment s) {
    return {s, {0.0, 0.0}, {0.0, 0.0}};
}

TEST(PolygonMovingWall, TwoVerticesReachAStaticWallTogetherTheLowerIndexIsNamed) {
    // The right side (vertices 1 and 2 at x = 1) moves +4 toward the wall x = 3: t = 0.5.
    const auto hit = time_of_impact(kSquare, {4.0, 0.0}, still({{3.0, -5.0}, {3.0, 5.0}}));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_EQ(hit->mover_vertex, 1);
    EXPECT_EQ(hit->mover_edge, -1);
    EXPECT_EQ(hit->point, (Vec2{3.0, -1.0}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0})) << "from the wall toward the polygon";
    EXPECT_FALSE(hit->overlap);
    EXPECT_TRUE(hit->approaching);
}

TEST(PolygonMovingWall, AnEndOfTheWallMeetsAnEdge) {
    // The wall lies on y = 0 from x = 3 on, between the square's vertices (y = +-1): no vertex
    // ever reaches it, but its end A meets the right edge (edge 1) when that edge is at x = 3.
    const auto hit = time_of_impact(kSquare, {4.0, 0.0}, still({{3.0, 0.0}, {10.0, 0.0}}));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->feature, Feature::EndpointA);
    EXPECT_EQ(hit->mover_edge, 1);
    EXPECT_EQ(hit->mover_vertex, -1);
    EXPECT_EQ(hit->point, (Vec2{3.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
    EXPECT_TRUE(hit->approaching);
}

TEST(PolygonMovingWall, AWallMovingItsEndsApartSweepsAStillVertex) {
    // a stays at (3, -5); b moves from (3, 5) by (-4, 0). Vertex 2 (1, 1) is on the wall's line
    // when cross(b(t) - a, v - a) = cross((-4t, 10), (-2, 6)) = -24 t + 20 = 0: t = 5/6, at 0.6
    // of the wall's length. Vertex 1 (1, -1) only at t = 1.25.
    const MovingSegment wall{{{3.0, -5.0}, {3.0, 5.0}}, {0.0, 0.0}, {-4.0, 0.0}};
    const auto hit = time_of_impact(kSquare, {0.0, 0.0}, wall);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 5.0 / 6.0, 1e-15);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_EQ(hit->mover_vertex, 2);
    EXPECT_EQ(hit->point, (Vec2{1.0, 1.0}));
    // The wall's direction then is (-10/3, 10) ~ (-1, 3): its normal toward the vertex's side
    // (where the vertex came from, left of the wall) is (-3, -1) / sqrt(10).
    EXPECT_NEAR(hit->normal.x, -3.0 / std::sqrt(10.0), 1e-12);
    EXPECT_NEAR(hit->normal.y, -1.0 / std::sqrt(10.0), 1e-12);
    EXPECT_TRUE(hit->approaching);
}

TEST(PolygonMovingWall, BothMovingUseRelativeMotion) {
    // The square moves +2 and the wall -2: the gap of 2 closes at 4 per frame, t = 0.5; the
    // vertex is then at x = 2.
    const MovingSegment wall{{{3.0, -5.0}, {3.0, 5.0}}, {-2.0, 0.0}, {-2.0, 0.0}};
    const auto hit = time_of_impact(kSquare, {2.0, 0.0}, wall);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->point, (Vec2{2.0, -1.0}));
}

TEST(PolygonMovingWall, FallingShortIsAMiss) {
    EXPECT_FALSE(time_of_impact(kSquare, {1.0, 0.0}, still({{3.0, -5.0}, {3.0, 5.0}})));
    EXPECT_FALSE(time_of_impact(Polygon{}, {1.0, 0.0}, still({{3.0, -5.0}, {3.0, 5.0}})));
}

TEST(PolygonMovingWall, AWallAcrossOrInsideIsAnOverlap) {
    for (const Segment& s : {Segment{{0.0, -5.0}, {0.0, 5.0}}, Segment{{-0.5, 0.0}, {0.5, 0.0}},
                             Segment{{1.0, -3.0}, {1.0, 3.0}}}) {
        Trace trace;
        const auto hit = time_of_impact(kSquare, {1.0, 0.0}, still(s), &trace);
        ASSERT_TRUE(hit);
        EXPECT_TRUE(hit->overlap);
        EXPECT_EQ(hit->t, 0.0);
        EXPECT_TRUE(trace.overlap_at_start);
        EXPECT_NEAR(length(hit->normal), 1.0, 1e-15);
    }
}

TEST(PolygonMovingWall, TouchingAtTheStartTakesThePolygonsSide) {
    // The square's right side lies on the wall x = 1. Touching is a contact at t = 0 (not an
    // overlap of insides), its normal from the wall toward the polygon, (-1, 0), whichever way
    // the square moves: approaching when it moves into the wall, not when it leaves. (The vertex
    // query alone would take the side the vertex comes from: (1, 0) for a square leaving, the
    // wrong side, and "approaching" a wall it is leaving.)
    for (const double vx : {-1.0, 1.0}) {
        SCOPED_TRACE(vx);
        const auto hit = time_of_impact(kSquare, {vx, 0.0}, still({{1.0, -5.0}, {1.0, 5.0}}));
        ASSERT_TRUE(hit);
        EXPECT_EQ(hit->t, 0.0);
        EXPECT_TRUE(hit->overlap);
        EXPECT_EQ(hit->feature, Feature::SegmentInterior);
        EXPECT_EQ(hit->mover_vertex, 1);
        EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
        EXPECT_EQ(hit->approaching, vx > 0.0);
    }
}

TEST(PolygonMovingWall, TraceNamesEveryPairAndTakesTheAnswersRoot) {
    Trace trace;
    const auto hit = time_of_impact(kSquare, {4.0, 0.0}, still({{3.0, 0.0}, {10.0, 0.0}}), &trace);
    ASSERT_TRUE(hit);
    EXPECT_EQ(trace.query, "polygon_moving_segment");
    int taken = 0;
    for (const TraceCandidate& c : trace.candidates) {
        const bool vertex_pair = c.name.rfind("vertex ", 0) == 0;
        EXPECT_TRUE(vertex_pair || c.name.rfind("wall end ", 0) == 0) << c.name;
        EXPECT_EQ(vertex_pair, c.mover_vertex >= 0) << c.name;
        EXPECT_EQ(vertex_pair, c.mover_edge < 0) << c.name;
        for (const TraceRoot& r : c.roots)
            if (r.verdict == RootVerdict::Taken) {
                ++taken;
                EXPECT_EQ(c.name.rfind("wall end A / edge 1", 0), 0u) << c.name;
                EXPECT_EQ(r.t, hit->t);
            }
    }
    EXPECT_EQ(taken, 1);
}

// Long double reference: whether the wall (a segment) and the polygon share a point, computed
// here and not by the library: a proper or touching crossing of an edge, or the wall inside.
using Point = std::pair<long double, long double>;

long double orient(Point a, Point b, Point c) {
    return (b.first - a.first) * (c.second - a.second) -
           (b.second - a.second) * (c.first - a.first);
}

long double point_segment_distance(Point p, Point a, Point b) {
    const long double ux = b.first - a.first, uy = b.second - a.second;
    const long double wx = p.first - a.first, wy = p.second - a.second;
    const long double len2 = ux * ux + uy * uy;
    long double s = len2 > 0 ? (wx * ux + wy * uy) / len2 : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    const long double dx = wx - s * ux, dy = wy - s * uy;
    return std::sqrt(dx * dx + dy * dy);
}

// The distance between the wall and the polygon's boundary (0 when they cross), and whether
// the wall's end a is inside.
std::pair<long double, bool> gap(const Polygon& p, Vec2 shift, Point a, Point b) {
    long double best = INFINITY;
    bool inside = false;
    const std::size_t n = p.vertices.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Point e0{static_cast<long double>(p.vertices[j].x) + shift.x,
                       static_cast<long double>(p.vertices[j].y) + shift.y};
        const Point e1{static_cast<long double>(p.vertices[i].x) + shift.x,
                       static_cast<long double>(p.vertices[i].y) + shift.y};
        const long double o1 = orient(a, b, e0), o2 = orient(a, b, e1);
        const long double o3 = orient(e0, e1, a), o4 = orient(e0, e1, b);
        if (((o1 < 0) != (o2 < 0)) && ((o3 < 0) != (o4 < 0))) best = 0;
        best = std::min({best, point_segment_distance(e0, a, b), point_segment_distance(e1, a, b),
                         point_segment_distance(a, e0, e1), point_segment_distance(b, e0, e1)});
        if ((e1.second > a.second) != (e0.second > a.second) &&
            a.first <
                e1.first + (a.second - e1.second) * (e0.first - e1.first) / (e0.second - e1.second))
            inside = !inside;
    }
    return {best, inside};
}

// Before a hit the wall and the polygon are apart at every sample; at the hit they touch; a
// miss is apart at every sample of the frame.
TEST(PolygonMovingWall, AgreesWithSampledGapsOnRandomScenes) {
    std::mt19937_64 rng(2026112502);
    std::uniform_real_distribution<double> coordinate(-5.0, 5.0), motion(-4.0, 4.0);
    const int samples = 400;
    int hits = 0, misses = 0, overlaps = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const Polygon polygon = ccd_test::random_polygon(rng);
        const Vec2 d{motion(rng), motion(rng)};
        const MovingSegment wall{
            {{coordinate(rng), coordinate(rng)}, {coordinate(rng), coordinate(rng)}},
            {motion(rng), motion(rng)},
            {motion(rng), motion(rng)}};
        const auto at = [&](long double t) {
            const Vec2 shift{static_cast<double>(d.x * t), static_cast<double>(d.y * t)};
            const Point a{wall.start.a.x + wall.displacement_a.x * t,
                          wall.start.a.y + wall.displacement_a.y * t};
            const Point b{wall.start.b.x + wall.displacement_b.x * t,
                          wall.start.b.y + wall.displacement_b.y * t};
            return gap(polygon, shift, a, b);
        };
        const auto hit = time_of_impact(polygon, d, wall);
        SCOPED_TRACE(testing::Message() << "trial " << trial);
        if (hit && hit->overlap) {
            ++overlaps;
            const auto [g, inside] = at(0);
            EXPECT_TRUE(inside || g <= 1e-9L);
            continue;
        }
        const long double end = hit ? hit->t : 1.0L;
        for (int k = 0; k < samples; ++k) {
            const long double t = end * k / samples;
            const auto [g, inside] = at(t);
            ASSERT_FALSE(inside) << "t " << static_cast<double>(t);
            ASSERT_GT(g, 0.0L) << "t " << static_cast<double>(t);
        }
        if (hit) {
            ++hits;
            EXPECT_LT(static_cast<double>(at(hit->t).first), 1e-9);
            EXPECT_NEAR(length(hit->normal), 1.0, 1e-12);
        } else {
            ++misses;
        }
    }
    EXPECT_GT(hits, 100);
    EXPECT_GT(misses, 50);
    EXPECT_GT(overlaps, 10);
}

} // namespace
