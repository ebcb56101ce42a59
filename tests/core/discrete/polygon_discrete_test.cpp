// Seeds 003's push-out and 001's slide for convex polygons (resolve.hpp, slide_move.hpp) and
// their contact (contact.hpp): every expected value worked out by hand in the comments.
#include "ccd/contact.hpp"
#include "ccd/resolve.hpp"
#include "ccd/slide_move.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using ccd::Polygon;
using ccd::Segment;
using ccd::Vec2;

constexpr double kEps = 1e-12;

Polygon box(double x0, double y0, double x1, double y1) {
    return Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
}

void expect_vec(Vec2 got, Vec2 want) {
    EXPECT_NEAR(got.x, want.x, kEps);
    EXPECT_NEAR(got.y, want.y, kEps);
}

const Segment kFloor{{-5.0, 0.0}, {5.0, 0.0}};

TEST(PolygonContact, ABoxSunkIntoAFloorPressesOnItWhereItsSidesCrossIt) {
    // The box [0, 2] x [-0.25, 0.75]: up by 0.25 (not down by 0.75). No corner of the box is
    // on the floor, no end of the floor in the box: the manifold is where the box's sides
    // cross the floor, its right side (edge 1) at (2, 0), then its left (edge 3) at (0, 0).
    const auto c = ccd::find_contact(box(0.0, -0.25, 2.0, 0.75), kFloor);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->depth, 0.25);
    expect_vec(c->normal, {0.0, 1.0});
    ASSERT_EQ(c->manifold.size(), 2u);
    expect_vec(c->manifold[0], {2.0, 0.0});
    expect_vec(c->manifold[1], {0.0, 0.0});
}

TEST(PolygonContact, ABoxOverlappingATileAtACornerHasTheCornersWithinTheOther) {
    // The box [0.5, 1.5] x [0.75, 1.75] on the tile [0, 1]^2: a quarter deep in y, a half in x:
    // up by 0.25. The shared region is [0.5, 1] x [0.75, 1]: the box's corner (0.5, 0.75)
    // inside the tile, the tile's corner (1, 1) inside the box, then the box's bottom (edge 0)
    // across the tile's right side at (1, 0.75) and its left side (edge 3) across the tile's
    // top at (0.5, 1).
    const auto c = ccd::find_contact(box(0.5, 0.75, 1.5, 1.75), box(0.0, 0.0, 1.0, 1.0));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->depth, 0.25);
    expect_vec(c->normal, {0.0, 1.0});
    ASSERT_EQ(c->manifold.size(), 4u);
    expect_vec(c->manifold[0], {0.5, 0.75});
    expect_vec(c->manifold[1], {1.0, 1.0});
    expect_vec(c->manifold[2], {1.0, 0.75});
    expect_vec(c->manifold[3], {0.5, 1.0});
}

TEST(PolygonResolve, ABoxSunkIntoTheFloorIsPushedUpAndLosesItsDownwardSpeed) {
    // Up by 0.25: the vertex centroid (1, 0.25) to (1, 0.5); the velocity (1, -1) approaches
    // (-1 along the normal): restitution 0 removes it, (1, 0) is left.
    const std::vector<Segment> walls{kFloor};
    const auto r =
        ccd::resolve_against_obstacles(box(0.0, -0.25, 2.0, 0.75), {1.0, -1.0}, walls, {});
    ASSERT_EQ(r.steps.size(), 1u);
    expect_vec(r.body.position, {1.0, 0.5});
    expect_vec(r.body.velocity, {1.0, 0.0});
    expect_vec(r.polygon.vertices[0], {0.0, 0.0});
    EXPECT_EQ(r.remaining_depth, 0.0);
}

TEST(PolygonResolve, RestitutionOneReversesTheNormalSpeedAcrossTwoTiles) {
    // The box [0.5, 1.5] x [0.9, 1.9] a tenth deep in two tiles side by side. Tile a: up 0.1
    // (x: 0.5 forward); the box then rests on tile b (depth 0: a step that moves nothing).
    // The velocity (0, -2) reversed by the first: (0, 2), left by the second.
    const std::vector<Polygon> tiles{box(0.0, 0.0, 1.0, 1.0), box(1.0, 0.0, 2.0, 1.0)};
    const auto r = ccd::resolve_against_obstacles(box(0.5, 0.9, 1.5, 1.9), {0.0, -2.0}, {}, tiles,
                                                  ccd::ResponseOptions{1.0, 0.0});
    ASSERT_EQ(r.steps.size(), 2u);
    EXPECT_EQ(r.steps[0].obstacle, 0u);
    EXPECT_NEAR(r.steps[0].contact.depth, 0.1, kEps);
    EXPECT_NEAR(r.steps[1].contact.depth, 0.0, kEps);
    expect_vec(r.body.velocity, {0.0, 2.0});
    expect_vec(r.body.position, {1.0, 1.5});
    EXPECT_NEAR(r.remaining_depth, 0.0, kEps);
}

TEST(PolygonSlideMove, ABoxMovedIntoTheFloorIsPushedBackOntoIt) {
    // [0, 1] x [0.5, 1.5] moved by (1, -0.75): [1, 2] x [-0.25, 0.75], up by 0.25: the
    // translation (1, -0.5), the box on the floor.
    const std::vector<Segment> walls{kFloor};
    const auto r = ccd::slide_move(box(0.0, 0.5, 1.0, 1.5), {1.0, -0.75}, walls, {});
    ASSERT_EQ(r.pushes.size(), 1u);
    expect_vec(r.moved, {1.0, -0.75});
    expect_vec(r.offset, {1.0, -0.5});
    expect_vec(r.polygon.vertices[0], {1.0, 0.0});
    EXPECT_FALSE(r.out_of_iterations);
}

// The box [0.5, 1] x [1, 1.5] resting on tiles a = [0, 1]^2 and b = [1, 2] x [0, 1], moved by
// (0.1, -0.15) across their seam: [0.6, 1.1] x [0.85, 1.35]. Into tile a: up 0.15 (x: 0.4).
// Into tile b: up 0.15, or back 1.1 - 1 = 0.1 along -x: back, the lesser.
const std::vector<Polygon> kTilesBThenA{box(1.0, 0.0, 2.0, 1.0), box(0.0, 0.0, 1.0, 1.0)};
const Polygon kResting = box(0.5, 1.0, 1.0, 1.5);

TEST(PolygonSlideMove, DeepestFirstTheBoxSlidesOverTheSeam) {
    // Tile a is the deeper (0.15 > 0.1): up 0.15, after which the box only touches tile b. It
    // keeps its 0.1 along x.
    const auto r = ccd::slide_move(kResting, {0.1, -0.15}, {}, kTilesBThenA);
    ASSERT_EQ(r.pushes.size(), 1u);
    EXPECT_EQ(r.pushes[0].obstacle, 1u);
    expect_vec(r.offset, {0.1, 0.0});
}

TEST(PolygonSlideMove, FirstInListOrderTheBoxCatchesOnTheSeam) {
    // Seed 001's order: tile b first, back 0.1 along -x (the box's right side to x = 1), then
    // tile a, up 0.15: the box ends where it began, its motion along the floor lost on the
    // seam (a box's "stuck on a joint", Box2D's ghost collision).
    ccd::SlideMoveOptions options;
    options.deepest_first = false;
    const auto r = ccd::slide_move(kResting, {0.1, -0.15}, {}, kTilesBThenA, options);
    ASSERT_EQ(r.pushes.size(), 2u);
    EXPECT_EQ(r.pushes[0].obstacle, 0u);
    expect_vec(r.pushes[0].contact.normal, {-1.0, 0.0});
    EXPECT_EQ(r.pushes[1].obstacle, 1u);
    expect_vec(r.offset, {0.0, 0.0});
}

} // namespace
