// Polygon sweeps (seed 002): every vertex of each polygon against every edge of the other.
#include "ccd/toi_polygon.hpp"

#include <gtest/gtest.h>

namespace {

using namespace ccd;

const Polygon kUnitSquare{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};

TEST(PolygonHelpers, TheVertexCentroidAndATranslation) {
    EXPECT_EQ(vertex_centroid(kUnitSquare), (Vec2{0.5, 0.5}));
    const Polygon wedge{{{3.0, 0.5}, {5.0, -1.0}, {5.0, 2.0}}};
    EXPECT_DOUBLE_EQ(vertex_centroid(wedge).x, 13.0 / 3.0);
    EXPECT_DOUBLE_EQ(vertex_centroid(wedge).y, 0.5);
    EXPECT_EQ(vertex_centroid(Polygon{}), (Vec2{0.0, 0.0})) << "no vertices: the origin, no NaN";
    const Polygon moved = translated(kUnitSquare, {3.0, -0.5});
    EXPECT_EQ(moved.vertices,
              (std::vector<Vec2>{{3.0, -0.5}, {4.0, -0.5}, {4.0, 0.5}, {3.0, 0.5}}));
}

TEST(PolygonSweep, AMoverVertexHitsTheFacingEdge) {
    // The unit square moves +5 in x toward the square [3,4] x [0.5,1.5]. Its vertex 2 at (1, 1)
    // reaches the obstacle's left edge (edge 3, x = 3) after 2 units: t = 0.4. The obstacle's
    // vertex (3, 0.5) reaches the mover's right edge at the same time: the tie goes to the
    // mover's vertex.
    const Polygon obstacle = translated(kUnitSquare, {3.0, 0.5});
    const auto hit = time_of_impact(kUnitSquare, {5.0, 0.0}, obstacle, {0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.4);
    EXPECT_EQ(hit->feature, Feature::PolygonEdge);
    EXPECT_EQ(hit->mover_vertex, 2);
    EXPECT_EQ(hit->obstacle_edge, 3);
    EXPECT_EQ(hit->obstacle_vertex, -1);
    EXPECT_EQ(hit->mover_edge, -1);
    EXPECT_EQ(hit->point, (Vec2{3.0, 1.0}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
    EXPECT_TRUE(hit->approaching);
}

TEST(PolygonSweep, AnObstacleVertexHitsTheMoversEdge) {
    // A triangle pointing left with its tip at (3, 0.5); its other vertices at x = 5 are only
    // reached at t = 0.8. The tip meets the square's right edge (edge 1) at t = 0.4.
    const Polygon arrow{{{3.0, 0.5}, {5.0, 0.0}, {5.0, 1.0}}};
    const auto hit = time_of_impact(kUnitSquare, {5.0, 0.0}, arrow, {0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.4);
    EXPECT_EQ(hit->feature, Feature::PolygonVertex);
    EXPECT_EQ(hit->obstacle_vertex, 0);
    EXPECT_EQ(hit->mover_edge, 1);
    EXPECT_EQ(hit->mover_vertex, -1);
    EXPECT_EQ(hit->obstacle_edge, -1);
    EXPECT_EQ(hit->point, (Vec2{3.0, 0.5}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0})) << "from the obstacle toward the mover";
}

TEST(PolygonSweep, ACornerMetHeadOnAlongAnEdgesLineNamesTheEdgeItsNormalIs) {
    // The box [0, 1] x [1, 2] slides +2 in x along the top of the tile [2, 3] x [0, 1] (its
    // bottom on the tile's top line y = 1). Its corner (1, 1), vertex 1, meets the tile's corner
    // (2, 1) head on at t = 0.5, normal (-1, 0). That corner ends the tile's top (edge 2, from
    // (3, 1) to (2, 1), outward (0, 1)) and starts its left side (edge 3, from (2, 1) to (2, 0),
    // outward (-1, 0)): the contact is the side's, whose normal it takes, though the top is
    // asked first.
    const Polygon box = translated(kUnitSquare, {0.0, 1.0});
    const Polygon tile = translated(kUnitSquare, {2.0, 0.0});
    const auto hit = time_of_impact(box, {2.0, 0.0}, tile, {0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->point, (Vec2{2.0, 1.0}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
    EXPECT_EQ(hit->mover_vertex, 1);
    EXPECT_EQ(hit->obstacle_edge, 3);
    // The roles swapped (the tile moves -2 onto the box): the tile's corner (2, 1), vertex 3,
    // meets the box's corner (1, 1), which ends the box's bottom (edge 0, outward (0, -1)) and
    // starts its right side (edge 1, outward (1, 0)); the normal from the box toward the tile is
    // (1, 0): the right side.
    const auto swapped = time_of_impact(tile, {-2.0, 0.0}, box, {0.0, 0.0});
    ASSERT_TRUE(swapped);
    EXPECT_EQ(swapped->t, 0.5);
    EXPECT_EQ(swapped->normal, (Vec2{1.0, 0.0}));
    EXPECT_EQ(swapped->mover_vertex, 3);
    EXPECT_EQ(swapped->obstacle_edge, 1);
}

TEST(PolygonSweep, BothMovingUsesRelativeMotion) {
    // Each square moves 1.25 toward the other: the gap of 2 closes by 2.5 per frame, t = 0.8.
    // The contact point is where the mover's vertex is then: (1 + 1.25 * 0.8, 1) = (2, 1).
    const Polygon obstacle = translated(kUnitSquare, {3.0, 0.5});
    const auto hit = time_of_impact(kUnitSquare, {1.25, 0.0}, obstacle, {-1.25, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.8);
    EXPECT_EQ(hit->point, (Vec2{2.0, 1.0}));
}

TEST(PolygonSweep, PassingBesideIsAMiss) {
    const Polygon obstacle = translated(kUnitSquare, {3.0, 2.5});
    EXPECT_FALSE(time_of_impact(kUnitSquare, {5.0, 0.0}, obstacle, {0.0, 0.0}));
}

TEST(PolygonSweep, CrossingRectanglesWithNoVertexInsideAreAnOverlap) {
    // A plus sign: neither rectangle has a vertex inside the other, but their edges cross.
    const Polygon wide{{{-2.0, -0.5}, {2.0, -0.5}, {2.0, 0.5}, {-2.0, 0.5}}};
    const Polygon tall{{{-0.5, -2.0}, {0.5, -2.0}, {0.5, 2.0}, {-0.5, 2.0}}};
    const auto hit = time_of_impact(wide, {1.0, 0.0}, tall, {0.0, 0.0});
    ASSERT_TRUE(hit);
    EXPECT_TRUE(hit->overlap);
    EXPECT_EQ(hit->t, 0.0);
}

TEST(PolygonSweep, SquaresSideBySideTouchButDoNotOverlap) {
    // [0, 1]^2 and [1, 2] x [0, 1] share the line x = 1: a contact at t = 0, not an overlap of
    // insides. Its normal is the obstacle's left edge's, out of it: (-1, 0), whichever way the
    // mover goes; approaching only when it moves toward the obstacle. (An overlap's normal, from
    // centroid to centroid, would call a contact just resolved a new one as soon as the mover
    // slides along the edge: World.ABoxLandingOnASlab...)
    const Polygon obstacle = translated(kUnitSquare, {1.0, 0.0});
    for (const Vec2 motion : {Vec2{1.0, 0.0}, Vec2{-1.0, 0.5}, Vec2{0.0, 1.0}}) {
        SCOPED_TRACE(testing::Message() << motion.x << ", " << motion.y);
        const auto hit = time_of_impact(kUnitSquare, motion, obstacle, {0.0, 0.0});
        ASSERT_TRUE(hit);
        EXPECT_EQ(hit->t, 0.0);
        EXPECT_TRUE(hit->overlap);
        EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
        EXPECT_EQ(hit->approaching, motion.x > 0.0);
    }
    // Overlapping insides are still an overlap (the plus sign below), and so is one square
    // along another's edge and half inside it.
    const auto half =
        time_of_impact(kUnitSquare, {0.0, 0.0}, translated(kUnitSquare, {0.5, 0.0}), {0.0, 0.0});
    ASSERT_TRUE(half);
    EXPECT_TRUE(half->overlap);
}

TEST(PolygonSweep, TraceNamesEveryVertexEdgePairAndTakesOneRoot) {
    Trace trace;
    const Polygon obstacle = translated(kUnitSquare, {3.0, 0.5});
    ASSERT_TRUE(time_of_impact(kUnitSquare, {5.0, 0.0}, obstacle, {0.0, 0.0}, &trace));
    EXPECT_EQ(trace.candidates.size(), 32u) << "4 x 4 pairs each way";
    int taken = 0;
    for (const TraceCandidate& c : trace.candidates)
        for (const TraceRoot& r : c.roots)
            if (r.verdict == RootVerdict::Taken) {
                ++taken;
                EXPECT_EQ(c.name, "mover vertex 2 / obstacle edge 3");
            }
    EXPECT_EQ(taken, 1);
}

TEST(PolygonSweep, TraceCandidatesCarryTheirVertexAndEdge) {
    // The same sweep: the taken pair is mover vertex 2 against obstacle edge 3 (above); the
    // app draws each candidate's roots on its vertex, so every candidate names one.
    Trace trace;
    const Polygon obstacle = translated(kUnitSquare, {3.0, 0.5});
    ASSERT_TRUE(time_of_impact(kUnitSquare, {5.0, 0.0}, obstacle, {0.0, 0.0}, &trace));
    for (const TraceCandidate& c : trace.candidates) {
        // PolygonEdge: the mover's vertex on the obstacle's edge; PolygonVertex: the other way.
        const bool mover_vertex = c.feature == Feature::PolygonEdge;
        const int vertex = mover_vertex ? c.mover_vertex : c.obstacle_vertex;
        const int edge = mover_vertex ? c.obstacle_edge : c.mover_edge;
        EXPECT_EQ(mover_vertex ? c.obstacle_vertex : c.mover_vertex, -1) << c.name;
        EXPECT_EQ(mover_vertex ? c.mover_edge : c.obstacle_edge, -1) << c.name;
        EXPECT_GE(vertex, 0) << c.name;
        EXPECT_LT(vertex, 4) << c.name;
        EXPECT_GE(edge, 0) << c.name;
        EXPECT_LT(edge, 4) << c.name;
        const std::string pair =
            (mover_vertex ? "mover vertex " : "obstacle vertex ") + std::to_string(vertex) +
            (mover_vertex ? " / obstacle edge " : " / mover edge ") + std::to_string(edge);
        EXPECT_EQ(c.name, pair);
    }
}

} // namespace
