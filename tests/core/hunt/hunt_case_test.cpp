// A hunt's case (ccd/hunt_case.hpp, hunt_case_json.hpp) and what a hunt does to a whole case
// (ccd/hunt_transform.hpp): every expected value worked by hand.
#include "ccd/hunt_case.hpp"
#include "ccd/hunt_case_json.hpp"
#include "ccd/hunt_shrink.hpp"
#include "ccd/hunt_transform.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

using ccd::Vec2;

const ccd::Algorithm& algorithm(std::string_view name) {
    const ccd::Algorithm* found = ccd::find_algorithm(name);
    if (!found) throw std::runtime_error("no algorithm " + std::string(name));
    return *found;
}

TEST(HuntCase, AStraightPairIsItsOwnRowAndItsQueryLineUsesTheRowsNames) {
    const auto c =
        ccd::fit_case({ccd::Circle{{0.0, 5.0}, 1.0}, ccd::Translation{{0.0, -10.0}}},
                      {ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}}, algorithm("exact"));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->pair->name, "circle_segment");
    EXPECT_EQ(ccd::query_line(*c), "{\"kind\":\"circle_segment\",\"c\":[0.0,5.0],\"r\":1.0,"
                                   "\"d\":[0.0,-10.0],\"a\":[-2.0,0.0],\"b\":[2.0,0.0]}");
}

TEST(HuntCase, AStillCircleAgainstATurningPolygonIsACircleTranslatingByZero) {
    // The tour's scene turning-box2d-gives-up: a ball of radius 0.3 at (0, 2), a propeller
    // 6 x 0.2 turning 4 pi about the origin.
    const ccd::Polygon propeller{{{-3.0, -0.1}, {3.0, -0.1}, {3.0, 0.1}, {-3.0, 0.1}}};
    const auto c =
        ccd::fit_case({ccd::Circle{{0.0, 2.0}, 0.3}, ccd::Still{}},
                      {propeller, ccd::Turning{{0.0, 0.0}, {0.0, 0.0}, 4.0}}, algorithm("box2d"));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->pair->name, "circle_rotating_polygon");
    EXPECT_EQ(c->mover.motion, ccd::Motion(ccd::Translation{{0.0, 0.0}}));
    EXPECT_EQ(ccd::query_line(*c),
              "{\"kind\":\"circle_rotating_polygon\",\"c\":[0.0,2.0],\"r\":0.3,\"d\":[0.0,0.0],"
              "\"polygon\":[[-3.0,-0.1],[3.0,-0.1],[3.0,0.1],[-3.0,0.1]],\"pivot\":[0.0,0.0],"
              "\"v\":[0.0,0.0],\"angle\":4.0}");
    // c 2, r, d 2 on the mover's side; 8 polygon coordinates, polygon_radius, pivot 2, v 2 and
    // angle on the obstacle's.
    ccd::HuntCase copy = *c;
    EXPECT_EQ(ccd::numbers_of(copy).size(), 5u + 8u + 1u + 5u);
    // The scale: the largest of the coordinates (3) and the turn x the farthest vertex,
    // 4 x hypot(3, 0.1).
    EXPECT_DOUBLE_EQ(ccd::case_scale(*c), 4.0 * std::hypot(3.0, 0.1));
}

TEST(HuntCase, NoPairOfThePluginsKindsIsNoCase) {
    // seed004 answers circles against segments and circles only.
    EXPECT_FALSE(ccd::fit_case({ccd::Point{{0.0, 0.0}}, ccd::Translation{{1.0, 0.0}}},
                               {ccd::Segment{{1.0, -1.0}, {1.0, 1.0}}, ccd::Still{}},
                               algorithm("seed004")));
}

TEST(HuntCase, AMirrorKeepsAPolygonCounterClockwiseAndTurnsItsTurnTheOtherWay) {
    const ccd::Polygon square{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};
    const auto c =
        ccd::fit_case({ccd::Circle{{3.0, 0.5}, 0.25}, ccd::Translation{{-2.0, 0.0}}},
                      {square, ccd::Turning{{0.5, 0.5}, {0.0, 0.0}, 0.5}}, algorithm("exact"));
    ASSERT_TRUE(c);
    // x -> -x: (0,0) (-1,0) (-1,1) (0,1) runs clockwise; listed from vertex 0 the other way
    // round: (0,0) (0,1) (-1,1) (-1,0).
    const ccd::HuntCase m = ccd::mapped(*c, ccd::PlaneMap{1.0, 0.0, true, {}});
    const auto& polygon = std::get<ccd::Polygon>(m.obstacle.shape);
    const std::vector<Vec2> expected{{0.0, 0.0}, {0.0, 1.0}, {-1.0, 1.0}, {-1.0, 0.0}};
    EXPECT_EQ(polygon.vertices, expected);
    const auto& turning = std::get<ccd::Turning>(m.obstacle.motion);
    EXPECT_EQ(turning.angle, -0.5);
    EXPECT_EQ(turning.pivot, (Vec2{-0.5, 0.5}));
    EXPECT_EQ(std::get<ccd::Circle>(m.mover.shape).center, (Vec2{-3.0, 0.5}));
    EXPECT_EQ(std::get<ccd::Translation>(m.mover.motion).displacement, (Vec2{2.0, 0.0}));
    EXPECT_FALSE(ccd::invalid_case(m));
}

TEST(HuntCase, AMoveShiftsPointsAndPivotsButNotDisplacements) {
    const auto c =
        ccd::fit_case({ccd::Circle{{0.0, 5.0}, 1.0}, ccd::Translation{{0.0, -10.0}}},
                      {ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}}, algorithm("exact"));
    ASSERT_TRUE(c);
    const ccd::HuntCase m = ccd::mapped(*c, ccd::PlaneMap{1.0, 0.0, false, {100.0, -50.0}});
    EXPECT_EQ(ccd::query_line(m), "{\"kind\":\"circle_segment\",\"c\":[100.0,-45.0],\"r\":1.0,"
                                  "\"d\":[0.0,-10.0],\"a\":[98.0,-50.0],\"b\":[102.0,-50.0]}");
    // Scaled by 2: radii too.
    const ccd::HuntCase s = ccd::mapped(*c, ccd::PlaneMap{2.0, 0.0, false, {}});
    EXPECT_EQ(std::get<ccd::Circle>(s.mover.shape).radius, 2.0);
}

TEST(HuntCase, WholeTurnsAreAddedToATurningSideOnly) {
    const auto c = ccd::fit_case(
        {ccd::Circle{{0.0, 2.0}, 0.3}, ccd::Translation{}},
        {ccd::Segment{{-3.0, 0.0}, {3.0, 0.0}}, ccd::Turning{{0.0, 0.0}, {0.0, 0.0}, 1.0}},
        algorithm("exact"));
    ASSERT_TRUE(c);
    EXPECT_FALSE(ccd::with_whole_turns(*c, true, 1));
    const auto turned = ccd::with_whole_turns(*c, false, -2);
    ASSERT_TRUE(turned);
    EXPECT_DOUBLE_EQ(std::get<ccd::Turning>(turned->obstacle.motion).angle,
                     1.0 - 4.0 * std::numbers::pi);
}

TEST(HuntCase, AClockwiseTurningPolygonIsNoValidCase) {
    const ccd::Polygon clockwise{{{0.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}, {1.0, 0.0}}};
    ccd::HuntCase c{ccd::find_pair_type("circle_rotating_polygon"),
                    {ccd::Circle{{3.0, 0.5}, 0.25}, ccd::Translation{}},
                    {clockwise, ccd::Turning{{0.5, 0.5}, {}, 1.0}}};
    ASSERT_TRUE(c.pair);
    EXPECT_EQ(ccd::invalid_case(c), "polygon is not convex and counter-clockwise");
}

TEST(HuntShrink, SignificantDigitsAreTheFewestThatReadBack) {
    EXPECT_EQ(ccd::significant_digits(0.1), 1);
    EXPECT_EQ(ccd::significant_digits(123456.0), 6);
    EXPECT_EQ(ccd::significant_digits(-2.5e-7), 2);
    EXPECT_EQ(ccd::significant_digits(1.0 / 3.0), 16);
    EXPECT_EQ(ccd::significant_digits(0.1 + 0.2), 17);
}

} // namespace
