// A turning pair that touches at the query's start and stays touching there: what it meets with
// another part is found (docs/turning-bodies.md, "A touch that opens"). Each case is worked by
// hand: an edge from the touch turning onto the other side's edge.
#include "ccd/toi_body.hpp"
#include "expect_near.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

using ccd::Feature;
using ccd::Polygon;
using ccd::Segment;
using ccd::Still;
using ccd::Swept;
using ccd::Turning;

constexpr double kPi = std::numbers::pi;

// A crate [-1, 0] x [0, 1] at rest, counter-clockwise from its corner (0, 0) (vertex 0).
Polygon crate() {
    return Polygon{{{0.0, 0.0}, {0.0, 1.0}, {-1.0, 1.0}, {-1.0, 0.0}}};
}

// A blade from (0, 0) to (2, 0) turning about its hub (0, 0) half a turn over the query: at t it
// points at angle pi t. It touches the crate at the hub all through, and lies along the crate's
// right side x = 0 at t = 1/2: the normal from the blade to the crate (-1, 0).
TEST(TouchReask, ABladeTurningFromACratesCornerMeetsItsSideAtHalfTheQuery) {
    const Swept blade{Segment{{0.0, 0.0}, {2.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi}};
    const auto hit = ccd::time_of_impact(nullptr, Swept{crate(), Still{}}, blade, 0.0);
    ASSERT_TRUE(hit.has_value()) << "the blade passed through the crate";
    // delta is 1e-12 of the scale 2 pi; the crate's side closes on the blade at pi r at height r.
    EXPECT_NEAR(hit->t, 0.5, 1e-10);
    ccd_test::expect_near(hit->normal, {-1.0, 0.0}, 1e-9);
    EXPECT_TRUE(hit->approaching);
    EXPECT_FALSE(hit->undecided);
    // On the crate's side x = 0, between its corners (0, 0) and (0, 1), away from the hub.
    EXPECT_NEAR(hit->point.x, 0.0, 1e-9);
    EXPECT_GT(hit->point.y, 0.25);
    EXPECT_LE(hit->point.y, 1.0 + 1e-9);
    // The crate's side (edge 0, from (0, 0) to (0, 1)) is what the blade touched: named as that
    // edge or as its corner (0, 1), which closes fastest on the blade, never the hub's corner.
    EXPECT_TRUE(hit->mover_vertex == 1 || (hit->mover_vertex == -1 && hit->mover_edge == 0))
        << "vertex " << hit->mover_vertex << ", edge " << hit->mover_edge;
}

// Two crates corner to corner at (0, 0): the still one [-1, 0] x [0, 1], the mover [0, 1] x
// [-1, 0] turning about that corner half a turn over the query. Its top edge (edge 3, from
// (1, 0) to (0, 0)) lies along the still crate's right side at t = 1/2, the normal from the
// still crate to the mover (1, 0). Both have a vertex at the touch: the mover's corner is cut.
TEST(TouchReask, TwoCratesCornerToCornerMeetSideToSide) {
    const Polygon turning{{{0.0, 0.0}, {0.0, -1.0}, {1.0, -1.0}, {1.0, 0.0}}};
    const Swept mover{turning, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi}};
    const auto hit = ccd::time_of_impact(nullptr, mover, Swept{crate(), Still{}}, 0.0);
    ASSERT_TRUE(hit.has_value()) << "the crate turned through the other";
    EXPECT_NEAR(hit->t, 0.5, 1e-10);
    ccd_test::expect_near(hit->normal, {1.0, 0.0}, 1e-9);
    EXPECT_TRUE(hit->approaching);
    EXPECT_NEAR(hit->point.x, 0.0, 1e-9);
    EXPECT_GT(hit->point.y, 0.25);
    // The mover's point of the cut, halfway along its edge 3, on the still crate's edge 0.
    EXPECT_EQ(hit->mover_vertex, -1);
    EXPECT_EQ(hit->mover_edge, 3);
    EXPECT_EQ(hit->obstacle_edge, 0);
}

// A unit square standing on its corner (0, 0) on a floor from (-5, 0) to (5, 0), its bottom
// edge 30 degrees above the floor, turning clockwise about that corner by 60 degrees over the
// query: the bottom edge lies on the floor at t = 1/2. The corner touches the floor all through
// and does not move.
TEST(TouchReask, ASquareTurningAboutItsCornerOnAFloorMeetsItWithItsEdge) {
    const double c = std::cos(kPi / 6.0), s = std::sin(kPi / 6.0);
    const Polygon square{{{0.0, 0.0}, {c, s}, {c - s, s + c}, {-s, c}}};
    const Swept mover{square, Turning{{0.0, 0.0}, {0.0, 0.0}, -kPi / 3.0}};
    const Swept floor{Segment{{-5.0, 0.0}, {5.0, 0.0}}, Still{}};
    const auto hit = ccd::time_of_impact(nullptr, mover, floor, 0.0);
    ASSERT_TRUE(hit.has_value()) << "the square turned through the floor";
    EXPECT_NEAR(hit->t, 0.5, 1e-10);
    ccd_test::expect_near(hit->normal, {0.0, 1.0}, 1e-9);
    EXPECT_NEAR(hit->point.y, 0.0, 1e-9);
    EXPECT_GT(hit->point.x, 0.25);
    EXPECT_LE(hit->point.x, 1.0 + 1e-9);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
}

// The same square turning the other way lifts its edge off the floor; its corner (-s, c)
// comes down on the floor past a quarter turn more than the frame holds: no contact, only the
// touch at the corner it turns about.
TEST(TouchReask, ASquareTurningAwayFromTheFloorMeetsNothingButItsTouch) {
    const double c = std::cos(kPi / 6.0), s = std::sin(kPi / 6.0);
    const Polygon square{{{0.0, 0.0}, {c, s}, {c - s, s + c}, {-s, c}}};
    const Swept mover{square, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi / 12.0}};
    const Swept floor{Segment{{-5.0, 0.0}, {5.0, 0.0}}, Still{}};
    const auto hit = ccd::time_of_impact(nullptr, mover, floor, 0.0);
    // The touch that opens, kept all through the query: at t = 0, not approaching.
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_FALSE(hit->approaching);
}

// A unit square [0, 1] x [0, 1] lying on a floor from (-5, 0) to (5, 0), turning clockwise about
// its corner (0, 0) by 0.1 over the query: its corner (1, 0) presses into the floor at once,
// closing at 0.1. The pair touches along the square's bottom edge; the touch the query names
// may be any point of it, and a point near (0, 0) opens. The contact is the corner that closes.
TEST(TouchReask, ASquareFlatOnAFloorTurningAboutOneCornerPressesTheOtherIn) {
    const Polygon square{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};
    const Swept mover{square, Turning{{0.0, 0.0}, {0.0, 0.0}, -0.1}};
    const Swept floor{Segment{{-5.0, 0.0}, {5.0, 0.0}}, Still{}};
    const auto hit = ccd::time_of_impact(nullptr, mover, floor, 0.0);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_TRUE(hit->approaching) << "the pressing corner was looked past";
    ccd_test::expect_near(hit->point, {1.0, 0.0}, 1e-9);
    ccd_test::expect_near(hit->normal, {0.0, 1.0}, 1e-9);
    EXPECT_EQ(hit->mover_vertex, 1);
    // Turning the other way it lifts that corner and keeps its touch at (0, 0): looked past,
    // nothing else in the query.
    const Swept lifting{square, Turning{{0.0, 0.0}, {0.0, 0.0}, 0.1}};
    const auto kept = ccd::time_of_impact(nullptr, lifting, floor, 0.0);
    ASSERT_TRUE(kept.has_value());
    EXPECT_EQ(kept->t, 0.0);
    EXPECT_FALSE(kept->approaching);
}

} // namespace
