// A circle against a translating polygon: the circle against every edge in relative motion.
// Hand-worked answers, then a property test against distances sampled in long double.
#include "ccd/toi_polygon.hpp"
#include "random_polygon.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace {

using namespace ccd;

// Counter-clockwise: edge 0 the bottom (y = -1), 1 the right (x = 1), 2 the top, 3 the left.
const Polygon kSquare{{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}}};

TEST(CirclePolygon, TheBandOfTheFacingEdge) {
    // Radius 1 from x = -4 moving +4: the center reaches x = -2, one radius from the left edge,
    // at t = 0.5.
    const auto hit = time_of_impact(Circle{{-4.0, 0.25}, 1.0}, {4.0, 0.0}, kSquare, {0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->feature, Feature::PolygonEdge);
    EXPECT_EQ(hit->obstacle_edge, 3);
    EXPECT_EQ(hit->obstacle_vertex, -1);
    EXPECT_EQ(hit->point, (Vec2{-1.0, 0.25}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
    EXPECT_FALSE(hit->overlap);
    EXPECT_TRUE(hit->approaching);
}

TEST(CirclePolygon, AMovingPolygonMeetsAStillCircleWhereThePolygonIsThen) {
    // The same relative motion with the square moving -4 instead: at t = 0.5 its left edge is
    // at x = -3, one radius from the center at x = -4.
    const auto hit = time_of_impact(Circle{{-4.0, 0.25}, 1.0}, {0.0, 0.0}, kSquare, {-4.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->obstacle_edge, 3);
    EXPECT_EQ(hit->point, (Vec2{-3.0, 0.25}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
}

TEST(CirclePolygon, AimedAtACornerItTouchesTheVertex) {
    // Along the diagonal toward vertex 0 (-1, -1): |center(t) - v| = sqrt(2) (3 - 4t) = 1 at
    // t = (3 - 1/sqrt(2)) / 4. Vertex 0 ends edge 3 and starts edge 0: named once, as vertex 0.
    const auto hit = time_of_impact(Circle{{-4.0, -4.0}, 1.0}, {4.0, 4.0}, kSquare, {0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, (3.0 - 1.0 / std::sqrt(2.0)) / 4.0, 1e-15);
    EXPECT_EQ(hit->feature, Feature::PolygonVertex);
    EXPECT_EQ(hit->obstacle_vertex, 0);
    EXPECT_EQ(hit->obstacle_edge, -1);
    EXPECT_EQ(hit->point, (Vec2{-1.0, -1.0}));
    EXPECT_NEAR(hit->normal.x, -1.0 / std::sqrt(2.0), 1e-15);
    EXPECT_NEAR(hit->normal.y, -1.0 / std::sqrt(2.0), 1e-15);
}

TEST(CirclePolygon, PassingAboveIsAMiss) {
    EXPECT_FALSE(time_of_impact(Circle{{-4.0, 3.0}, 1.0}, {8.0, 0.0}, kSquare, {0.0, 0.0}));
    // Grazing the top edge's line at distance exactly r is a touch (touching counts).
    const auto graze = time_of_impact(Circle{{-4.0, 2.0}, 1.0}, {8.0, 0.0}, kSquare, {0.0, 0.0});
    ASSERT_TRUE(graze);
    EXPECT_EQ(graze->feature, Feature::PolygonVertex);
    EXPECT_EQ(graze->obstacle_vertex, 3) << "(-1, 1), reached first";
    EXPECT_EQ(graze->t, 3.0 / 8.0);
}

TEST(CirclePolygon, TouchingAnEdgeAtTheStartIsAnOverlapThere) {
    const auto hit = time_of_impact(Circle{{-1.5, 0.0}, 0.5}, {1.0, 0.0}, kSquare, {0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_EQ(hit->feature, Feature::PolygonEdge);
    EXPECT_EQ(hit->obstacle_edge, 3);
    EXPECT_EQ(hit->point, (Vec2{-1.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
    EXPECT_TRUE(hit->approaching);
}

TEST(CirclePolygon, ACentreInsideTouchingNoEdgeIsAnOverlapWithTheWayOut) {
    // 0.8 from the right edge, 1 or more from the others: out through the right edge.
    Trace trace;
    const auto hit =
        time_of_impact(Circle{{0.2, 0.0}, 0.5}, {-0.1, 0.0}, kSquare, {0.0, 0.0}, &trace);
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_EQ(hit->feature, Feature::PolygonEdge);
    EXPECT_EQ(hit->obstacle_edge, 1);
    EXPECT_EQ(hit->point, (Vec2{1.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{1.0, 0.0}));
    EXPECT_TRUE(hit->approaching) << "moving left, against the way out";
    EXPECT_TRUE(trace.overlap_at_start);
    for (const TraceCandidate& c : trace.candidates)
        for (const TraceRoot& r : c.roots)
            EXPECT_NE(r.verdict, RootVerdict::Taken) << c.name;
}

TEST(CirclePolygon, APointOnAnEdgeTakesTheOutsideSide) {
    // A point (radius 0) exactly on the right edge: touching at t = 0, its normal out of the
    // square, (1, 0), whichever way it moves; approaching when it moves in.
    for (const double vx : {1.0, -1.0}) {
        SCOPED_TRACE(vx);
        const auto hit = time_of_impact(Circle{{1.0, 0.25}, 0.0}, {vx, 0.0}, kSquare, {0.0, 0.0});
        ASSERT_TRUE(hit);
        EXPECT_TRUE(hit->overlap);
        EXPECT_EQ(hit->obstacle_edge, 1);
        EXPECT_EQ(hit->normal, (Vec2{1.0, 0.0}));
        EXPECT_EQ(hit->approaching, vx < 0.0);
    }
}

TEST(CirclePolygon, EmptyPolygonIsAMiss) {
    EXPECT_FALSE(time_of_impact(Circle{{0.0, 0.0}, 1.0}, {1.0, 0.0}, Polygon{}, {0.0, 0.0}));
}

TEST(CirclePolygon, TraceNamesEachEdgesCandidatesAndTakesTheAnswersRoot) {
    Trace trace;
    const auto hit =
        time_of_impact(Circle{{-4.0, 0.25}, 1.0}, {4.0, 0.0}, kSquare, {0.0, 0.0}, &trace);
    ASSERT_TRUE(hit);
    EXPECT_EQ(trace.query, "circle_polygon");
    EXPECT_EQ(trace.candidates.size(), 12u) << "band and two caps for each of 4 edges";
    int taken = 0;
    for (const TraceCandidate& c : trace.candidates) {
        ASSERT_EQ(c.name.rfind("edge ", 0), 0u) << c.name;
        if (c.feature == Feature::PolygonEdge) {
            EXPECT_EQ(c.obstacle_vertex, -1);
            EXPECT_EQ(c.name, "edge " + std::to_string(c.obstacle_edge) + ": band");
        } else {
            EXPECT_EQ(c.feature, Feature::PolygonVertex) << c.name;
            EXPECT_GE(c.obstacle_vertex, 0);
        }
        for (const TraceRoot& r : c.roots)
            if (r.verdict == RootVerdict::Taken) {
                ++taken;
                EXPECT_EQ(c.name, "edge 3: band");
                EXPECT_EQ(r.t, hit->t);
            }
    }
    EXPECT_EQ(taken, 1);
}

// Long double reference: the distance from p to the polygon's boundary, and whether p is
// inside (crossing number), computed here and not by the library.
long double distance_to_segment(long double px, long double py, Vec2 a, Vec2 b) {
    const long double ux = static_cast<long double>(b.x) - a.x,
                      uy = static_cast<long double>(b.y) - a.y;
    const long double wx = px - a.x, wy = py - a.y;
    const long double len2 = ux * ux + uy * uy;
    long double s = len2 > 0 ? (wx * ux + wy * uy) / len2 : 0;
    s = std::clamp<long double>(s, 0, 1);
    const long double dx = wx - s * ux, dy = wy - s * uy;
    return std::sqrt(dx * dx + dy * dy);
}

struct Sample {
    long double distance; // to the boundary
    bool inside;
};

Sample sample(const Polygon& p, long double px, long double py) {
    Sample out{INFINITY, false};
    const std::size_t n = p.vertices.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Vec2 a = p.vertices[i], b = p.vertices[j];
        out.distance = std::min(out.distance, distance_to_segment(px, py, a, b));
        if ((a.y > py) != (b.y > py) && px < a.x + (py - a.y) *
                                                       (static_cast<long double>(b.x) - a.x) /
                                                       (static_cast<long double>(b.y) - a.y))
            out.inside = !out.inside;
    }
    return out;
}

// Every answer against sampled distances: before a hit the circle is clear of the polygon (not
// touching the boundary, centre not inside) at every sample; at the hit it touches the boundary;
// a miss is clear at every sample of the frame; an overlap touches or is inside at t = 0.
TEST(CirclePolygon, AgreesWithSampledDistancesOnRandomPolygons) {
    std::mt19937_64 rng(20261125);
    std::uniform_real_distribution<double> coordinate(-5.0, 5.0), small(0.0, 0.8);
    const long double tolerance = 1e-9L; // of a scale of about 10
    const int samples = 400;
    int hits = 0, misses = 0, overlaps = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const Polygon polygon = ccd_test::random_polygon(rng);
        const Circle circle{{coordinate(rng), coordinate(rng)}, small(rng)};
        // Aimed near the polygon, falling short or going past it: hits and misses alike.
        const Vec2 target{coordinate(rng) * 0.3, coordinate(rng) * 0.3};
        const Vec2 d =
            (target - circle.center) * std::uniform_real_distribution<double>(0.3, 1.6)(rng);
        const Vec2 od{coordinate(rng) * 0.3, coordinate(rng) * 0.3};
        const Vec2 rel = d - od;
        const auto at = [&](long double t) {
            return sample(polygon, circle.center.x + rel.x * t, circle.center.y + rel.y * t);
        };
        const auto hit = time_of_impact(circle, d, polygon, od);
        SCOPED_TRACE(testing::Message() << "trial " << trial);
        if (hit && hit->overlap) {
            ++overlaps;
            const Sample s = at(0);
            EXPECT_TRUE(s.inside || s.distance <= circle.radius + tolerance);
            continue;
        }
        const long double end = hit ? hit->t : 1.0L;
        for (int k = 0; k < samples; ++k) {
            const long double t = end * k / samples;
            const Sample s = at(t);
            ASSERT_FALSE(s.inside) << "t " << static_cast<double>(t);
            ASSERT_GT(s.distance, circle.radius - tolerance) << "t " << static_cast<double>(t);
        }
        if (hit) {
            ++hits;
            EXPECT_NEAR(static_cast<double>(at(hit->t).distance), circle.radius, 1e-9);
            // The point is on the polygon where it is at t, one radius from the centre.
            const Vec2 centre = circle.center + d * hit->t;
            EXPECT_NEAR(length(hit->point - centre), circle.radius, 1e-9);
            EXPECT_NEAR(length(hit->normal), 1.0, 1e-12);
        } else {
            ++misses;
            EXPECT_GT(at(1).distance, circle.radius - tolerance);
            EXPECT_FALSE(at(1).inside);
        }
    }
    EXPECT_GT(hits, 100);
    EXPECT_GT(misses, 100);
    EXPECT_GT(overlaps, 10);
}

} // namespace
