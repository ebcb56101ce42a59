// Seed 003's push-out against a chain's one-sided edges (ResponseOptions::chains): a contact is
// resolved only when ccd::chain_admits takes it, so what is behind a chain is not pushed and a
// joint's neighbouring edge hides the other's end. Expected values worked by hand.
#include "ccd/chain_edge.hpp"
#include "ccd/resolve.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <vector>

namespace {

using ccd::Circle;
using ccd::Polygon;
using ccd::ResponseOptions;
using ccd::Segment;
using ccd::Vec2;

constexpr double kEps = 1e-12;

// The chain (2, 0) -> (1, 0) -> (0, 0), its front up: edge 0 from (2, 0) to (1, 0), edge 1 from
// (1, 0) to (0, 0), a straight joint at (1, 0).
const std::vector<Vec2> kFloor{{2, 0}, {1, 0}, {0, 0}};

Polygon box(double x0, double y0, double x1, double y1) {
    return Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
}

void expect_vec(Vec2 got, Vec2 want) {
    EXPECT_NEAR(got.x, want.x, kEps);
    EXPECT_NEAR(got.y, want.y, kEps);
}

// The walls listed edge 1 first (the cap at the joint met before the face), with their edges.
struct EdgeOneFirst {
    std::vector<ccd::ChainEdge> edges = ccd::chain_edges(kFloor, false);
    std::vector<Segment> walls{{edges[1].a, edges[1].b}, {edges[0].a, edges[0].b}};
    std::vector<std::optional<ccd::ChainEdge>> chains{edges[1], edges[0]};
};

TEST(ChainResolve, ADiskAcrossAJointIsPushedStraightUpNotSideways) {
    // Radius 0.5 at (1.1, 0.45), sliding left at (-1, 0): 0.05 deep in edge 0's face (normal
    // (0, 1)) and 0.5 - sqrt(0.2125) = 0.0390 deep in edge 1's end at the joint (1, 0), normal
    // (0.1, 0.45) / sqrt(0.2125), tilted toward +x. The straight joint's cone is (0, 1) alone:
    // the end is no contact. Only the face pushes: up 0.05 to (1.1, 0.5); the velocity is along
    // the face and kept.
    const EdgeOneFirst floor;
    ResponseOptions options;
    options.chains = floor.chains;
    const auto chained =
        ccd::resolve_against_walls(Circle{{1.1, 0.45}, 0.5}, {-1.0, 0.0}, floor.walls, options);
    ASSERT_EQ(chained.steps.size(), 1u);
    EXPECT_EQ(chained.steps[0].wall, 1u);
    expect_vec(chained.body.position, {1.1, 0.5});
    expect_vec(chained.body.velocity, {-1.0, 0.0});
    EXPECT_EQ(chained.remaining_depth, 0.0);
    // As plain walls the end is pushed out of first, along its normal: the center goes to
    // (1, 0) + (0.1, 0.45) x 0.5 / sqrt(0.2125), sideways by 0.05 / sqrt(0.2125) - 0.1 = 0.0085,
    // and loses the velocity into that normal, (-1, 0) + n x 0.1 / sqrt(0.2125): x becomes
    // -1 + 0.01 / 0.2125. The face then lifts it to y = 0.5.
    const auto plain =
        ccd::resolve_against_walls(Circle{{1.1, 0.45}, 0.5}, {-1.0, 0.0}, floor.walls);
    ASSERT_EQ(plain.steps.size(), 2u);
    EXPECT_EQ(plain.steps[0].wall, 0u);
    expect_vec(plain.body.position, {1.0 + 0.05 / std::sqrt(0.2125), 0.5});
    EXPECT_NEAR(plain.body.velocity.x, -1.0 + 0.01 / 0.2125, kEps);
}

TEST(ChainResolve, ABoxAcrossAJointIsPushedStraightUpNotSideways) {
    // The box [0.95, 1.95] x [-0.1, 0.9], sliding left at (-1, 0), 0.1 deep in the floor. Edge 1
    // (x from 0 to 1) overlaps it 0.05 along x and 0.1 along y: its least move is 0.05 along
    // (1, 0), at its end a = (1, 0) (inside the box): against the straight joint's cone, no
    // contact. Edge 0's is 0.1 along its front normal (0, 1): the box goes up to
    // [0.95, 1.95] x [0, 1], vertex centroid (1.45, 0.5), its velocity along the face kept.
    const EdgeOneFirst floor;
    ResponseOptions options;
    options.chains = floor.chains;
    const auto chained = ccd::resolve_against_obstacles(box(0.95, -0.1, 1.95, 0.9), {-1.0, 0.0},
                                                        floor.walls, {}, options);
    ASSERT_EQ(chained.steps.size(), 1u);
    EXPECT_EQ(chained.steps[0].obstacle, 1u);
    expect_vec(chained.body.position, {1.45, 0.5});
    expect_vec(chained.body.velocity, {-1.0, 0.0});
    expect_vec(chained.polygon.vertices[0], {0.95, 0.0});
    EXPECT_NEAR(chained.remaining_depth, 0.0, kEps);
    // As plain walls edge 1 pushes the box right by 0.05 first, head on against its motion (the
    // velocity (-1, 0) is all into (1, 0): removed), then edge 0 lifts it: (1.5, 0.5), stopped.
    const auto plain =
        ccd::resolve_against_obstacles(box(0.95, -0.1, 1.95, 0.9), {-1.0, 0.0}, floor.walls, {});
    ASSERT_EQ(plain.steps.size(), 2u);
    EXPECT_EQ(plain.steps[0].obstacle, 0u);
    expect_vec(plain.body.position, {1.5, 0.5});
    expect_vec(plain.body.velocity, {0.0, 0.0});
}

TEST(ChainResolve, ADiskBehindAChainIsNotPushed) {
    // Radius 0.5 at (0.5, -0.2), rising at (0, 1): its center is behind edge 1 (0.3 deep in its
    // back), and 0.5385 from edge 0's end (1, 0): no contact counts, nothing moves.
    const auto edges = ccd::chain_edges(kFloor, false);
    const std::vector<Segment> walls{{edges[0].a, edges[0].b}, {edges[1].a, edges[1].b}};
    const std::vector<std::optional<ccd::ChainEdge>> chains{edges[0], edges[1]};
    ResponseOptions options;
    options.chains = chains;
    const auto behind =
        ccd::resolve_against_walls(Circle{{0.5, -0.2}, 0.5}, {0.0, 1.0}, walls, options);
    EXPECT_TRUE(behind.steps.empty());
    expect_vec(behind.body.position, {0.5, -0.2});
    expect_vec(behind.body.velocity, {0.0, 1.0});
    EXPECT_EQ(behind.remaining_depth, 0.0);
    // A plain wall pushes it out of its back, down 0.3 to y = -0.5, and stops its rise.
    const auto plain = ccd::resolve_against_walls(Circle{{0.5, -0.2}, 0.5}, {0.0, 1.0}, walls);
    ASSERT_EQ(plain.steps.size(), 1u);
    EXPECT_EQ(plain.steps[0].wall, 1u);
    expect_vec(plain.body.position, {0.5, -0.5});
    expect_vec(plain.body.velocity, {0.0, 0.0});
}

} // namespace
