// ccd::rounded_outline: the boundary of a rounded polygon or a capsule as points, each at the
// radius from the core (distances worked out independently here), in the order drawn.
#include "ccd/rounded_outline.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

using ccd::Polygon;
using ccd::Segment;
using ccd::Vec2;

double point_segment(Vec2 p, Vec2 a, Vec2 b) {
    const Vec2 u = b - a;
    const double h = std::clamp(ccd::dot(p - a, u) / ccd::dot(u, u), 0.0, 1.0);
    return ccd::length(p - (a + u * h));
}

// The distance from p to the boundary of the polygon (p outside it in these tests).
double to_boundary(Vec2 p, const std::vector<Vec2>& v) {
    double least = INFINITY;
    for (std::size_t k = 0; k < v.size(); ++k)
        least = std::min(least, point_segment(p, v[k], v[(k + 1) % v.size()]));
    return least;
}

TEST(RoundedOutline, ASquaresPointsAreAllItsRadiusFromIt) {
    const Polygon square{{{0.0, 0.0}, {2.0, 0.0}, {2.0, 2.0}, {0.0, 2.0}}, 0.5};
    const std::vector<Vec2> out = ccd::rounded_outline(square, 8);
    ASSERT_EQ(out.size(), 4u * 9u); // each corner's quarter arc, 9 points
    for (const Vec2 p : out)
        EXPECT_NEAR(to_boundary(p, square.vertices), 0.5, 1e-15) << p.x << ", " << p.y;
    // The first corner's arc, about (0, 0), runs from the last side's outward normal (-1, 0) to
    // the first side's (0, -1): from (-0.5, 0) to (0, -0.5).
    EXPECT_NEAR(out.front().x, -0.5, 1e-15);
    EXPECT_NEAR(out.front().y, 0.0, 1e-15);
    EXPECT_NEAR(out[8].x, 0.0, 1e-15);
    EXPECT_NEAR(out[8].y, -0.5, 1e-15);
    // Clockwise, the same boundary: every point the radius from the square.
    Polygon clockwise = square;
    std::reverse(clockwise.vertices.begin(), clockwise.vertices.end());
    for (const Vec2 p : ccd::rounded_outline(clockwise, 8))
        EXPECT_NEAR(to_boundary(p, square.vertices), 0.5, 1e-15);
}

TEST(RoundedOutline, ARadiusOfZeroIsTheVerticesThemselves) {
    const Polygon triangle{{{0.0, 0.0}, {1.0, 0.0}, {0.0, 1.0}}};
    EXPECT_EQ(ccd::rounded_outline(triangle), triangle.vertices);
    const Segment s{{0.0, 0.0}, {1.0, 0.0}};
    EXPECT_EQ(ccd::rounded_outline(s), (std::vector<Vec2>{s.a, s.b}));
}

// An L, (0, 0) (2, 0) (2, 1) (1, 1) (1, 2) (0, 2) counter-clockwise: its reflex corner (1, 1)'s
// two sides moved out by 0.25 (along (0, 1) and (1, 0)) meet at (1.25, 1.25); the other five
// corners are arcs of 5 points.
TEST(RoundedOutline, AReflexCornerIsWhereItsSidesMovedOutMeet) {
    const Polygon l{{{0.0, 0.0}, {2.0, 0.0}, {2.0, 1.0}, {1.0, 1.0}, {1.0, 2.0}, {0.0, 2.0}}, 0.25};
    const std::vector<Vec2> out = ccd::rounded_outline(l, 4);
    EXPECT_EQ(out.size(), 5u * 5u + 1u);
    EXPECT_NE(std::find(out.begin(), out.end(), Vec2{1.25, 1.25}), out.end());
}

TEST(RoundedOutline, ACapsulesPointsAreAllItsRadiusFromItsSegment) {
    const Segment capsule{{-1.0, 0.5}, {2.0, 4.5}, 0.75};
    const std::vector<Vec2> out = ccd::rounded_outline(capsule, 8);
    ASSERT_EQ(out.size(), 2u * 17u);
    for (const Vec2 p : out)
        EXPECT_NEAR(point_segment(p, capsule.a, capsule.b), 0.75, 1e-15) << p.x << ", " << p.y;
}

} // namespace
