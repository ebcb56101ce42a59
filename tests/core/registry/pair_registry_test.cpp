// The pair registry: every pair reachable through the one time_of_impact, the choice of a query
// for kinds the table does not name (a more general motion, the pair the other way round), and
// which algorithm answers which pair. Every expected value is worked out by hand in a comment.
#include "ccd/pair_registry.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

namespace {

using namespace ccd;

const Polygon kUnitSquare{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};
// A triangle whose edge 2 runs from (4, 0) back to the origin, its body below: turning CCW by
// pi about the origin, that edge leads, at angle pi t.
const Polygon kBlade{{{0.0, 0.0}, {2.0, -1.0}, {4.0, 0.0}}};
constexpr double kPi = 3.141592653589793;

// One case per registered pair, each touching at t = 0.5 (worked out beside it).
std::map<std::string, std::pair<Swept, Swept>> half_frame_cases() {
    return {
        // The center from x = 0 by 4 reaches x = 2, one radius short of the point (3, 0).
        {"circle_point",
         {{Circle{{0.0, 0.0}, 1.0}, Translation{{4.0, 0.0}}}, {Point{{3.0, 0.0}}, Still{}}}},
        // Centers 6 apart closing at 8 per frame, radii 1 + 1: 6 - 8 t = 2.
        {"circle_circle",
         {{Circle{{0.0, 0.0}, 1.0}, Translation{{4.0, 0.0}}},
          {Circle{{6.0, 0.0}, 1.0}, Translation{{-4.0, 0.0}}}}},
        // y = 5 - 8 t reaches the radius 1 above the floor.
        {"circle_segment",
         {{Circle{{0.0, 5.0}, 1.0}, Translation{{0.0, -8.0}}},
          {Segment{{-2.0, 0.0}, {2.0, 0.0}}, Still{}}}},
        // y = 5 - 10 t reaches the floor.
        {"point_segment",
         {{Point{{0.0, 5.0}}, Translation{{0.0, -10.0}}},
          {Segment{{-2.0, 0.0}, {2.0, 0.0}}, Still{}}}},
        // y = 6 - 10 t meets the rising segment y = 2 t.
        {"point_moving_segment",
         {{Point{{0.0, 6.0}}, Translation{{0.0, -10.0}}},
          {Segment{{-2.0, 0.0}, {2.0, 0.0}}, EndMotion{{0.0, 2.0}, {0.0, 2.0}}}}},
        // y = 7 - 10 t comes within 1 of the rising segment y = 2 t: 6 = 12 t.
        {"circle_moving_segment",
         {{Circle{{0.0, 7.0}, 1.0}, Translation{{0.0, -10.0}}},
          {Segment{{-2.0, 0.0}, {2.0, 0.0}}, EndMotion{{0.0, 2.0}, {0.0, 2.0}}}}},
        // The square's right side x = 1 + 4 t reaches the still square's left side x = 3.
        {"polygon_polygon",
         {{kUnitSquare, Translation{{4.0, 0.0}}},
          {translated(kUnitSquare, {3.0, 0.0}), Translation{{0.0, 0.0}}}}},
        // The center x = 4 t (at y = 0.5) comes within 1 of the square's left side x = 3.
        {"circle_polygon",
         {{Circle{{0.0, 0.5}, 1.0}, Translation{{4.0, 0.0}}},
          {translated(kUnitSquare, {3.0, 0.0}), Translation{{0.0, 0.0}}}}},
        // The square's bottom y = 2 - 4 t reaches the floor.
        {"polygon_moving_segment",
         {{translated(kUnitSquare, {0.0, 2.0}), Translation{{0.0, -4.0}}},
          {Segment{{-5.0, 0.0}, {5.0, 0.0}}, EndMotion{{0.0, 0.0}, {0.0, 0.0}}}}},
        // A capsule of radius 0.5 about y = 2.5 - 4 t comes within 0.5 of the floor at y = 0.5.
        {"segment_segment",
         {{Segment{{-1.0, 2.5}, {1.0, 2.5}, 0.5}, Translation{{0.0, -4.0}}},
          {Segment{{-3.0, 0.0}, {3.0, 0.0}}, Translation{{0.0, 0.0}}}}},
        // The bar (0, 0)-(2, 0) turning by pi / 2 about its end is at angle pi / 4 at t = 0.5,
        // where the point (1, 1) lies on it (|(1, 1)| = sqrt 2 < 2).
        {"point_rotating_segment",
         {{Point{{1.0, 1.0}}, Translation{{0.0, 0.0}}},
          {Segment{{0.0, 0.0}, {2.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi / 2.0}}}},
        // The bar (0, 0)-(4, 0) at angle a = pi t: the centre (-1, 2) is 2 cos a + sin a from
        // its line (>= 1 for a in [0, pi / 2], 1 at pi / 2) and sqrt 5 from the pivot while its
        // projection is negative: first within 1 at a = pi / 2.
        {"circle_rotating_segment",
         {{Circle{{-1.0, 2.0}, 1.0}, Translation{{0.0, 0.0}}},
          {Segment{{0.0, 0.0}, {4.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi}}}},
        // The blade's leading edge is the bar above (its body trails it): t = 0.5 as well.
        {"circle_rotating_polygon",
         {{Circle{{-1.0, 2.0}, 1.0}, Translation{{0.0, 0.0}}},
          {kBlade, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi}}}},
        // The leading edge has x > 0 until it stands on the y axis at t = 0.5, where it meets
        // the end (0, 2) of the segment reaching left from there.
        {"rotating_polygon_segment",
         {{kBlade, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi}},
          {Segment{{0.0, 2.0}, {-2.0, 2.0}}, EndMotion{{0.0, 0.0}, {0.0, 0.0}}}}},
        // The same against the box [-2, 0] x [1.5, 2.5] (turning by 0), whose right side lies
        // on the y axis.
        {"rotating_polygon_polygon",
         {{kBlade, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi}},
          {Polygon{{{-2.0, 1.5}, {0.0, 1.5}, {0.0, 2.5}, {-2.0, 2.5}}},
           Turning{{0.0, 0.0}, {0.0, 0.0}, 0.0}}}},
        // That box (turning by 0) against the bar (0, 0)-(4, 0) turning by pi about its end: the
        // bar has x > 0 until it stands on the y axis at t = 0.5, along the box's right side.
        {"rotating_polygon_rotating_segment",
         {{Polygon{{{-2.0, 1.5}, {0.0, 1.5}, {0.0, 2.5}, {-2.0, 2.5}}},
           Turning{{0.0, 0.0}, {0.0, 0.0}, 0.0}},
          {Segment{{0.0, 0.0}, {4.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi}}}},
    };
}

bool turns(const PairType& pair) {
    return pair.mover.motion == MotionKind::Turning || pair.obstacle.motion == MotionKind::Turning;
}

TEST(PairRegistry, EveryRegisteredPairIsReachableThroughTheOneQuery) {
    const auto cases = half_frame_cases();
    ASSERT_EQ(pair_types().size(), cases.size()) << "a pair without a case here";
    for (const PairType& pair : pair_types()) {
        const auto it = cases.find(std::string(pair.name));
        ASSERT_NE(it, cases.end()) << pair.name;
        const auto& [mover, obstacle] = it->second;
        EXPECT_EQ(kind_of(mover), pair.mover) << pair.name;
        EXPECT_EQ(kind_of(obstacle), pair.obstacle) << pair.name;
        const PairChoice choice = choose_pair(kind_of(mover), kind_of(obstacle));
        EXPECT_EQ(choice.pair, &pair) << pair.name;
        EXPECT_FALSE(choice.swapped) << pair.name;
        EXPECT_EQ(find_pair_type(pair.name), &pair);
        Trace trace;
        const auto hit = time_of_impact(mover, obstacle, &trace);
        ASSERT_TRUE(hit) << pair.name;
        // The exact queries' roots; the certified ones' (toi_turning.hpp) within delta = 1e-12
        // x scale (4 here) of the distance, at closing speeds of at least 1: 4e-12 in t.
        EXPECT_NEAR(hit->t, 0.5, turns(pair) ? 4e-12 : 1e-15) << pair.name;
        if (turns(pair))
            EXPECT_TRUE(trace.search) << pair.name << ": the trace reached the query";
        else
            EXPECT_FALSE(trace.candidates.empty()) << pair.name << ": the trace reached the query";
    }
}

TEST(PairRegistry, NamesAreUniqueAndListedInOrder) {
    std::set<std::string_view> names;
    for (const PairType& pair : pair_types())
        EXPECT_TRUE(names.insert(pair.name).second) << pair.name;
    EXPECT_EQ(pair_type_names(),
              "circle_point, circle_circle, circle_segment, point_segment, point_moving_segment, "
              "circle_moving_segment, polygon_polygon, circle_polygon, polygon_moving_segment, "
              "segment_segment, point_rotating_segment, circle_rotating_segment, "
              "circle_rotating_polygon, "
              "rotating_polygon_segment, rotating_polygon_polygon or "
              "rotating_polygon_rotating_segment");
    EXPECT_EQ(find_pair_type("teleport"), nullptr);
}

TEST(PairRegistry, EachAlgorithmAnswersThePairsItRegistered) {
    const std::map<std::string_view, std::vector<std::string_view>> expected{
        {"exact",
         {"circle_point", "circle_circle", "circle_segment", "point_segment",
          "point_moving_segment", "circle_moving_segment", "polygon_polygon", "circle_polygon",
          "polygon_moving_segment", "segment_segment", "point_rotating_segment",
          "circle_rotating_segment", "circle_rotating_polygon", "rotating_polygon_segment",
          "rotating_polygon_polygon", "rotating_polygon_rotating_segment"}},
        {"seed004", {"circle_circle", "circle_segment"}},
        {"seed000-float32", {"circle_segment"}},
        {"conservative-advancement",
         {"circle_segment", "point_rotating_segment", "circle_rotating_segment",
          "circle_rotating_polygon", "rotating_polygon_segment", "rotating_polygon_polygon"}},
        {"seed002-chords",
         {"point_rotating_segment", "circle_rotating_segment", "circle_rotating_polygon",
          "rotating_polygon_segment", "rotating_polygon_polygon"}},
        // ccd_box2d's, registered by box2d_registration.cpp: every pair, refusing inputs that
        // Box2D cannot take.
        {"box2d",
         {"circle_point", "circle_circle", "circle_segment", "point_segment",
          "point_moving_segment", "circle_moving_segment", "polygon_polygon", "circle_polygon",
          "polygon_moving_segment", "segment_segment", "point_rotating_segment",
          "circle_rotating_segment", "circle_rotating_polygon", "rotating_polygon_segment",
          "rotating_polygon_polygon", "rotating_polygon_rotating_segment"}},
        // ccd_bullet's, registered by bullet_registration.cpp: conservative advancement every
        // pair but two capsules (a radius would be a margin), the two straight-line casts the
        // pairs that do not turn.
        {"bullet",
         {"circle_point", "circle_circle", "circle_segment", "point_segment",
          "point_moving_segment", "circle_moving_segment", "polygon_polygon", "circle_polygon",
          "polygon_moving_segment", "point_rotating_segment", "circle_rotating_segment",
          "circle_rotating_polygon", "rotating_polygon_segment", "rotating_polygon_polygon",
          "rotating_polygon_rotating_segment"}},
        {"bullet-gjk",
         {"circle_point", "circle_circle", "circle_segment", "point_segment",
          "point_moving_segment", "circle_moving_segment", "polygon_polygon", "circle_polygon",
          "polygon_moving_segment"}},
        {"bullet-subsimplex",
         {"circle_point", "circle_circle", "circle_segment", "point_segment",
          "point_moving_segment", "circle_moving_segment", "polygon_polygon", "circle_polygon",
          "polygon_moving_segment"}},
    };
    ASSERT_EQ(algorithms().size(), expected.size());
    for (const Algorithm& algorithm : algorithms()) {
        std::vector<std::string_view> answered;
        for (const PairType* pair : pairs_answered_by(algorithm))
            answered.push_back(pair->name);
        EXPECT_EQ(answered, expected.at(algorithm.name)) << algorithm.name;
    }
    // Every row names a registered pair and a registered algorithm.
    for (const PairMethod& method : pair_methods()) {
        EXPECT_NE(find_pair_type(method.pair), nullptr) << method.pair;
        EXPECT_NE(find_algorithm(method.algorithm), nullptr) << method.algorithm;
    }
}

TEST(PairRegistry, AnAlgorithmWithoutAQueryForThePairAnswersNothing) {
    // seed004 has no polygon query: nothing, where the exact one hits.
    const auto cases = half_frame_cases();
    const auto& [mover, obstacle] = cases.at("polygon_polygon");
    EXPECT_TRUE(time_of_impact(*find_algorithm("exact"), mover, obstacle));
    EXPECT_FALSE(time_of_impact(*find_algorithm("seed004"), mover, obstacle));
    EXPECT_EQ(find_query(*find_pair_type("polygon_polygon"), *find_algorithm("seed004")), nullptr);
}

TEST(PairRegistry, AStillSegmentIsAnsweredAsOneWhoseEndsDoNotMove) {
    // No polygon-against-static-segment query: the moving-segment one, with ends at rest.
    const SweptKind polygon{ShapeKind::Polygon, MotionKind::Translation};
    const SweptKind still_segment{ShapeKind::Segment, MotionKind::Still};
    const PairChoice choice = choose_pair(polygon, still_segment);
    EXPECT_EQ(choice.pair, find_pair_type("polygon_moving_segment"));
    EXPECT_FALSE(choice.swapped);
    // The square's bottom y = 2 - 4 t reaches the floor at t = 0.5, vertex 0 first (at x = 0).
    const auto hit =
        time_of_impact(Swept{translated(kUnitSquare, {0.0, 2.0}), Translation{{0.0, -4.0}}},
                       Swept{Segment{{-5.0, 0.0}, {5.0, 0.0}}, Still{}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->point, (Vec2{0.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
    // A still circle is a circle translating by zero; a circle still has its own static pair.
    EXPECT_EQ(choose_pair({ShapeKind::Circle, MotionKind::Translation}, still_segment).pair,
              find_pair_type("circle_segment"));
}

TEST(PairRegistry, APolygonAgainstACircleIsAskedTheOtherWayRoundAndToldFromTheMoversSide) {
    const PairChoice choice = choose_pair({ShapeKind::Polygon, MotionKind::Translation},
                                          {ShapeKind::Circle, MotionKind::Still});
    EXPECT_EQ(choice.pair, find_pair_type("circle_polygon"));
    EXPECT_TRUE(choice.swapped);
    // The square [3, 4] x [0, 1] moving by -4 meets the still unit circle at (0, 0.5) when its
    // left side x = 3 - 4 t is at x = 1: t = 0.5, touching at (1, 0.5); the normal points from
    // the circle (the obstacle) toward the square: +x.
    const auto hit =
        time_of_impact(Swept{translated(kUnitSquare, {3.0, 0.0}), Translation{{-4.0, 0.0}}},
                       Swept{Circle{{0.0, 0.5}, 1.0}, Still{}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->point, (Vec2{1.0, 0.5}));
    EXPECT_EQ(hit->normal, (Vec2{1.0, 0.0}));
    EXPECT_EQ(hit->feature, Feature::Circle);
    EXPECT_TRUE(hit->approaching);
    // The circle touched the inside of the square's left side, (3, 1) -> (3, 0): edge 3, now
    // the mover's.
    EXPECT_EQ(hit->mover_edge, 3);
    EXPECT_EQ(hit->obstacle_edge, -1);
    EXPECT_EQ(hit->mover_vertex, -1);
    EXPECT_EQ(hit->obstacle_vertex, -1);
}

TEST(PairRegistry, StraightPairsKeepTheirExactQueriesAndATurnIsAnsweredByTheCertifiedOne) {
    const SweptKind circle{ShapeKind::Circle, MotionKind::Translation};
    const SweptKind polygon{ShapeKind::Polygon, MotionKind::Translation};
    const SweptKind turning_polygon{ShapeKind::Polygon, MotionKind::Turning};
    // A translating or still segment still goes to the moving-segment queries, not the turning
    // one, although a Translation is a Turning by 0.
    EXPECT_EQ(choose_pair(circle, {ShapeKind::Segment, MotionKind::Translation}).pair,
              find_pair_type("circle_moving_segment"));
    EXPECT_EQ(choose_pair(polygon, polygon).pair, find_pair_type("polygon_polygon"));
    // No translating-against-turning polygon pair: the mover is a Turning by 0.
    EXPECT_EQ(choose_pair(polygon, turning_polygon).pair,
              find_pair_type("rotating_polygon_polygon"));
    EXPECT_FALSE(choose_pair(polygon, turning_polygon).swapped);
    // A turning segment against a circle: the circle's pair the other way round.
    const PairChoice choice = choose_pair({ShapeKind::Segment, MotionKind::Turning},
                                          {ShapeKind::Circle, MotionKind::Still});
    EXPECT_EQ(choice.pair, find_pair_type("circle_rotating_segment"));
    EXPECT_TRUE(choice.swapped);
    // The bar of circle_rotating_segment's case as the mover: t = 0.5, the normal from the
    // circle toward the bar (+x: the bar stands on the y axis, the centre at x = -1).
    const auto hit =
        time_of_impact(Swept{Segment{{0.0, 0.0}, {4.0, 0.0}}, Turning{{0.0, 0.0}, {0.0, 0.0}, kPi}},
                       Swept{Circle{{-1.0, 2.0}, 1.0}, Still{}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.5, 4e-12);
    EXPECT_NEAR(hit->normal.x, 1.0, 1e-9);
    EXPECT_EQ(hit->feature, Feature::Circle);
}

TEST(PairRegistry, KindsWithoutAQueryAnswerNothing) {
    // Two points never touch in this table: no pair, no answer.
    const SweptKind point{ShapeKind::Point, MotionKind::Translation};
    EXPECT_EQ(choose_pair(point, point).pair, nullptr);
    EXPECT_FALSE(time_of_impact(Swept{Point{{0.0, 0.0}}, Translation{{1.0, 0.0}}},
                                Swept{Point{{1.0, 0.0}}, Still{}}));
}

} // namespace
