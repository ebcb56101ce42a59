// Seed 001's slide_move against a chain's one-sided edges (SlideMoveOptions::chains): pushed
// out only by what ccd::chain_admits takes. Expected values worked by hand.
#include "ccd/chain_edge.hpp"
#include "ccd/slide_move.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

namespace {

using ccd::Circle;
using ccd::Segment;
using ccd::SlideMoveOptions;
using ccd::Vec2;

constexpr double kEps = 1e-12;

// The chain (2, 0) -> (1, 0) -> (0, 0), its front up: edge 0 from (2, 0) to (1, 0), edge 1 from
// (1, 0) to (0, 0).
const std::vector<Vec2> kFloor{{2, 0}, {1, 0}, {0, 0}};

TEST(ChainSlideMove, ADiskBehindAChainIsNotPushedAndOneInFrontIs) {
    const auto edges = ccd::chain_edges(kFloor, false);
    const std::vector<Segment> walls{{edges[0].a, edges[0].b}, {edges[1].a, edges[1].b}};
    const std::vector<std::optional<ccd::ChainEdge>> chains{edges[0], edges[1]};
    SlideMoveOptions options;
    options.chains = chains;
    // Radius 0.5 from (0.5, 0.2) down 0.4 to (0.5, -0.2): the center is behind edge 1, no
    // push. As a plain wall the same move is pushed out downward, along (0, -1), to -0.5.
    const auto behind = ccd::slide_move(Circle{{0.5, 0.2}, 0.5}, {0.0, -0.4}, walls, options);
    EXPECT_TRUE(behind.pushes.empty());
    EXPECT_NEAR(behind.position.y, -0.2, kEps);
    const auto plain = ccd::slide_move(Circle{{0.5, 0.2}, 0.5}, {0.0, -0.4}, walls);
    EXPECT_NEAR(plain.position.y, -0.5, kEps);
    // From (0.5, 0.8) down 0.5 to (0.5, 0.3): in front, 0.2 deep in edge 1: pushed up to 0.5.
    const auto front = ccd::slide_move(Circle{{0.5, 0.8}, 0.5}, {0.0, -0.5}, walls, options);
    ASSERT_EQ(front.pushes.size(), 1u);
    EXPECT_EQ(front.pushes[0].wall, 1u);
    EXPECT_NEAR(front.position.x, 0.5, kEps);
    EXPECT_NEAR(front.position.y, 0.5, kEps);
}

TEST(ChainSlideMove, TheJointsCapIsNoPushSoTheFirstFoundRuleDoesNotCatch) {
    // The walls listed edge 1 first, the first found taken (seed 001's order). The disk (radius
    // 0.5) moves from (0.9, 0.45) by (0.2, 0) to (1.1, 0.45): 0.05 deep in edge 0's interior
    // (normal (0, 1)) and 0.5 - sqrt(0.01 + 0.2025) = 0.0390 deep in edge 1's cap at (1, 0),
    // normal (0.1, 0.45) / 0.4610, tilted forward. Plain walls push along the cap's normal first
    // (the disk is bumped forward in x); the chain's straight joint admits only (0, 1), so the
    // cap is no contact and the disk is pushed straight up to (1.1, 0.5).
    const auto edges = ccd::chain_edges(kFloor, false);
    const std::vector<Segment> walls{{edges[1].a, edges[1].b}, {edges[0].a, edges[0].b}};
    const std::vector<std::optional<ccd::ChainEdge>> chains{edges[1], edges[0]};
    SlideMoveOptions options;
    options.deepest_first = false;
    options.chains = chains;
    const auto chained = ccd::slide_move(Circle{{0.9, 0.45}, 0.5}, {0.2, 0.0}, walls, options);
    ASSERT_EQ(chained.pushes.size(), 1u);
    EXPECT_EQ(chained.pushes[0].wall, 1u);
    EXPECT_NEAR(chained.position.x, 1.1, kEps);
    EXPECT_NEAR(chained.position.y, 0.5, kEps);
    options.chains = {};
    const auto plain = ccd::slide_move(Circle{{0.9, 0.45}, 0.5}, {0.2, 0.0}, walls, options);
    ASSERT_FALSE(plain.pushes.empty());
    EXPECT_EQ(plain.pushes[0].wall, 0u);
    EXPECT_GT(plain.position.x, 1.1 + 1e-3); // bumped forward by the cap
}

} // namespace
