// A chain's edges and ghost vertices (ccd::chain_edges) and the rule by which a contact with an
// edge counts (ccd::chain_admits; docs/algorithms.md, "Chains: one side, ghost vertices"). Every
// expected value is worked by hand in the comments.
#include "ccd/chain_edge.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using ccd::ChainEdge;
using ccd::Feature;
using ccd::Vec2;

TEST(ChainEdges, ALoopTakesItsNeighboursAsGhostVertices) {
    // The unit square counter-clockwise: 4 edges, edge k from point k to point k + 1, the last
    // back to the first; edge 0's ghost before is point 3, its ghost after point 2.
    const std::vector<Vec2> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const auto edges = ccd::chain_edges(square, true);
    ASSERT_EQ(edges.size(), 4u);
    EXPECT_EQ(edges[0], (ChainEdge{{0, 1}, {0, 0}, {1, 0}, {1, 1}}));
    EXPECT_EQ(edges[3], (ChainEdge{{1, 1}, {0, 1}, {0, 0}, {1, 0}}));
    // Counter-clockwise faces out: the bottom edge's front is down, the right edge's right.
    EXPECT_EQ(ccd::front_normal(edges[0]), (Vec2{0, -1}));
    EXPECT_EQ(ccd::front_normal(edges[1]), (Vec2{1, 0}));
}

TEST(ChainEdges, AnOpenChainsEndsAreFreeRightAngles) {
    // (2, 0) -> (0, 0): direction (-1, 0), front (0, 1) (up). The ghost before (2, 0) is it moved
    // back along the front by the edge's length 2: (2, -2); the ghost after (0, 0) is (0, -2).
    const std::vector<Vec2> floor{{2, 0}, {0, 0}};
    const auto edges = ccd::chain_edges(floor, false);
    ASSERT_EQ(edges.size(), 1u);
    EXPECT_EQ(edges[0], (ChainEdge{{2, -2}, {2, 0}, {0, 0}, {0, -2}}));
    EXPECT_EQ(ccd::front_normal(edges[0]), (Vec2{0, 1}));
    EXPECT_TRUE(ccd::chain_edges(std::vector<Vec2>{{0, 0}}, false).empty());
    EXPECT_TRUE(ccd::chain_edges(floor, true).empty()); // a loop needs 3 points
}

// The floor of three tiles as a chain, right to left so that its front is up:
// (3, 1) -> (2, 1) -> (1, 1) -> (0, 1). Edge 1 runs from (2, 1) to (1, 1).
const std::vector<Vec2> kFloor{{3, 1}, {2, 1}, {1, 1}, {0, 1}};

TEST(ChainAdmits, TheInteriorCountsFromTheFrontOnly) {
    const ChainEdge e = ccd::chain_edges(kFloor, false)[1];
    // A circle of radius 0.25 on the edge's middle from above: center (1.5, 1.25), normal up.
    EXPECT_TRUE(ccd::chain_admits(e, Feature::SegmentInterior, {0, 1}, {1.5, 1.25}));
    // From below: center (1.5, 0.75) is behind the line (a); its normal (0, -1) is not the front
    // normal (b) either.
    EXPECT_FALSE(ccd::chain_admits(e, Feature::SegmentInterior, {0, -1}, {1.5, 0.75}));
    // A point (radius 0) is on the line at its contact: (a) lets it through, its normal decides:
    // from above (0, 1) counts, from below (0, -1) does not.
    EXPECT_TRUE(ccd::chain_admits(e, Feature::SegmentInterior, {0, 1}, {1.5, 1.0}));
    EXPECT_FALSE(ccd::chain_admits(e, Feature::SegmentInterior, {0, -1}, {1.5, 1.0}));
}

TEST(ChainAdmits, AStraightJointAdmitsTheFrontNormalAndNothingAlongTheChain) {
    const ChainEdge e = ccd::chain_edges(kFloor, false)[1];
    // The seam at (1, 1) is edge 1's end B. A box sliding right along edge 2 meets it with its
    // corner head on: normal (-1, 0), from the seam toward the box, along the chain. The joint is
    // straight (the edges in and out both (-1, 0), cross 0): its cone is the front normal (0, 1)
    // alone, so (-1, 0) is no contact: dot((-1, 0), out (-1, 0)) = 1 > 0.
    EXPECT_FALSE(ccd::chain_admits(e, Feature::EndpointB, {-1, 0}, {0.75, 1.25}));
    // The same at the seam (2, 1), edge 1's end A, met from the right moving left: normal (1, 0);
    // dot((1, 0), in (-1, 0)) = -1 < 0: no contact.
    EXPECT_FALSE(ccd::chain_admits(e, Feature::EndpointA, {1, 0}, {2.25, 1.25}));
    // A face landing on the seam: normal (0, 1), dot 0 with both directions: it counts, and so
    // does one a rounding off it (sin 1e-12 < kChainConeTolerance).
    EXPECT_TRUE(ccd::chain_admits(e, Feature::EndpointB, {0, 1}, {1.0, 1.5}));
    EXPECT_TRUE(ccd::chain_admits(e, Feature::EndpointB, {1e-12, 1}, {1.0, 1.5}));
    // Ten degrees off (sin 0.17) it does not.
    EXPECT_FALSE(ccd::chain_admits(e, Feature::EndpointB, {0.17, 0.985}, {1.0, 1.5}));
}

TEST(ChainAdmits, AConvexCornerAdmitsTheQuarterBetweenItsFrontNormals) {
    // The square loop's corner (1, 0): the bottom edge (front (0, -1)) turns left into the right
    // edge (front (1, 0)). Its cone is the quarter from (0, -1) to (1, 0).
    const std::vector<Vec2> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const auto edges = ccd::chain_edges(square, true);
    const double h = std::sqrt(0.5);
    // A ball at (2, -1) meets the corner along (h, -h): in the cone, from the bottom edge (its end
    // B) and from the right edge (its end A); the center is in front of both lines.
    EXPECT_TRUE(ccd::chain_admits(edges[0], Feature::EndpointB, {h, -h}, {2, -1}));
    EXPECT_TRUE(ccd::chain_admits(edges[1], Feature::EndpointA, {h, -h}, {2, -1}));
    // (-h, -h) points under the square, outside the quarter: dot with the right edge's
    // direction (0, 1) is -h, fine, but dot with the bottom's (1, 0) is -h < 0: no contact.
    EXPECT_FALSE(ccd::chain_admits(edges[0], Feature::EndpointB, {-h, -h}, {0.5, -1}));
}

TEST(ChainAdmits, AConcaveCornerAdmitsNormalsInFrontOfBothEdges) {
    // A room's corner: the floor (2, 0) -> (1, 0) (front up) turns right into the wall
    // (1, 0) -> (1, 1) (front (1, 0), into the room): cross((-1, 0), (0, 1)) = -1 < 0, concave.
    // A box's corner meeting the room's corner along the diagonal (h, h) counts for both edges.
    const std::vector<Vec2> corner{{2, 0}, {1, 0}, {1, 1}};
    const auto edges = ccd::chain_edges(corner, false);
    const double h = std::sqrt(0.5);
    EXPECT_TRUE(ccd::chain_admits(edges[0], Feature::EndpointB, {h, h}, {1.5, 0.5}));
    EXPECT_TRUE(ccd::chain_admits(edges[1], Feature::EndpointA, {h, h}, {1.5, 0.5}));
    // (-h, h) is behind the wall (dot with its front (1, 0) is -h): no contact.
    EXPECT_FALSE(ccd::chain_admits(edges[0], Feature::EndpointB, {-h, h}, {1.5, 0.5}));
}

TEST(ChainAdmits, AFreeEndAdmitsTheFrontQuarterOfItsCap) {
    // (2, 0) -> (0, 0), front up. At the free end (2, 0) (end A): a ball coming along the line
    // from the right meets it with normal (1, 0), the quarter's edge: it counts; one coming from
    // above-right (h, h) counts; one from below-right (h, -h) has its center behind the line (a).
    const std::vector<Vec2> floor{{2, 0}, {0, 0}};
    const ChainEdge e = ccd::chain_edges(floor, false)[0];
    const double h = std::sqrt(0.5);
    EXPECT_TRUE(ccd::chain_admits(e, Feature::EndpointA, {1, 0}, {2.5, 0}));
    EXPECT_TRUE(ccd::chain_admits(e, Feature::EndpointA, {h, h}, {2.3, 0.3}));
    EXPECT_FALSE(ccd::chain_admits(e, Feature::EndpointA, {h, -h}, {2.3, -0.3}));
}

} // namespace
