// Continuous collide-and-slide for a box (a polygon that translates), and against a chain's
// one-sided edges (CollideAndSlideOptions::chains). Expected values worked by hand.
#include "ccd/chain_edge.hpp"
#include "ccd/collide_and_slide.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

namespace {

using ccd::CollideAndSlideOptions;
using ccd::Polygon;
using ccd::Segment;
using ccd::SlideOutcome;
using ccd::Vec2;

constexpr double kEps = 1e-12;

// A floor of five unit segments on y = 0 from x = 0 to 5, each drawn right to left (its front,
// as a chain's edge, is up): segment k from (k + 1, 0) to (k, 0).
std::vector<Segment> floor_segments() {
    std::vector<Segment> floor;
    for (int k = 0; k < 5; ++k)
        floor.push_back({{k + 1.0, 0.0}, {k + 0.0, 0.0}});
    return floor;
}

// The box [0, 1] x [0.5, 1.5]: vertex centroid (0.5, 1).
const Polygon kBox{{{0.0, 0.5}, {1.0, 0.5}, {1.0, 1.5}, {0.0, 1.5}}};

TEST(PolygonCollideAndSlide, ABoxLandsAndSlidesOverTheJointsOfAFloor) {
    // The box moves (3, -1). Its bottom y = 0.5 - s reaches the floor at s = 0.5 of the motion,
    // centroid (2, 0.5), normal (0, 1) (leg 0). The rest (1.5, -0.5) loses its downward part:
    // (1.5, 0) (leg 1), across the joints x = 3 and 4 (smooth_joints: a corner meeting the next
    // segment's end head on is covered by the segment under the box) to (3.5, 0.5).
    const auto walls = floor_segments();
    const auto result = ccd::collide_and_slide(kBox, {3.0, -1.0}, walls);
    ASSERT_EQ(result.legs.size(), 2u);
    ASSERT_TRUE(result.legs[0].contact);
    EXPECT_NEAR(result.legs[0].contact->hit.t, 0.5, kEps);
    EXPECT_NEAR(result.legs[0].end.x, 2.0, kEps);
    EXPECT_NEAR(result.legs[0].end.y, 0.5, kEps);
    EXPECT_NEAR(result.legs[0].contact->hit.normal.y, 1.0, kEps);
    EXPECT_NEAR(result.legs[0].motion_after.x, 1.5, kEps);
    EXPECT_NEAR(result.legs[0].motion_after.y, 0.0, kEps);
    EXPECT_FALSE(result.legs[1].contact);
    EXPECT_EQ(result.outcome, SlideOutcome::Finished);
    EXPECT_NEAR(result.position.x, 3.5, kEps);
    EXPECT_NEAR(result.position.y, 0.5, kEps);
}

TEST(PolygonCollideAndSlide, AChainsJointsLetTheBoxSlideOnWithoutTheNeighbourRule) {
    // The same floor as one chain (5, 0) -> (0, 0), its front up, and the ghost rule off: the
    // joints' cones (the front normal alone at a straight joint) refuse the head-on corner
    // contacts, and the box ends at (3.5, 0.5) as above.
    const auto walls = floor_segments();
    const std::vector<Vec2> points{{5, 0}, {4, 0}, {3, 0}, {2, 0}, {1, 0}, {0, 0}};
    std::vector<std::optional<ccd::ChainEdge>> chains;
    for (const ccd::ChainEdge& edge : ccd::chain_edges(points, false))
        chains.emplace_back(edge);
    // chain_edges lists (5, 0) -> (4, 0) first: wall k is edge 4 - k.
    std::vector<std::optional<ccd::ChainEdge>> by_wall(chains.rbegin(), chains.rend());
    CollideAndSlideOptions options;
    options.smooth_joints = false;
    options.chains = by_wall;
    const auto result = ccd::collide_and_slide(kBox, {3.0, -1.0}, walls, options);
    EXPECT_EQ(result.outcome, SlideOutcome::Finished);
    EXPECT_NEAR(result.position.x, 3.5, kEps);
    EXPECT_NEAR(result.position.y, 0.5, kEps);
}

TEST(PolygonCollideAndSlide, ADiskFromBehindAChainPassesThrough) {
    // The floor (1, 0) -> (-1, 0), front up. A disk of radius 0.5 from (0, -2) moving (0, 4)
    // meets it from behind: no contact, one free leg to (0, 2). From (0, 2) moving (0, -4) it
    // lands at s = 1.5 / 4 = 0.375 and stops there (the rest goes straight into the floor).
    const std::vector<Segment> walls{{{1.0, 0.0}, {-1.0, 0.0}}};
    const auto edges = ccd::chain_edges(std::vector<Vec2>{{1, 0}, {-1, 0}}, false);
    const std::vector<std::optional<ccd::ChainEdge>> chains{edges[0]};
    CollideAndSlideOptions options;
    options.chains = chains;
    const auto up =
        ccd::collide_and_slide(ccd::Circle{{0.0, -2.0}, 0.5}, {0.0, 4.0}, walls, options);
    ASSERT_EQ(up.legs.size(), 1u);
    EXPECT_FALSE(up.legs[0].contact);
    EXPECT_NEAR(up.position.y, 2.0, kEps);
    const auto down =
        ccd::collide_and_slide(ccd::Circle{{0.0, 2.0}, 0.5}, {0.0, -4.0}, walls, options);
    ASSERT_TRUE(down.legs.at(0).contact);
    EXPECT_NEAR(down.legs[0].contact->hit.t, 0.375, kEps);
    EXPECT_NEAR(down.position.y, 0.5, kEps);
}

} // namespace
