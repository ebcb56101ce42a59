// The query lab for every pair the core supports: which scenes open as which pair, each pair's
// answer against the core's own query on the same inputs, and what each new handle moves.
#include "camera.hpp"
#include "query_lab.hpp"
#include "test_camera.hpp"

#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

using ccd::Vec2;
using ccdlab::Camera;
using ccdlab::Handle;
// The name of the registry's pair the lab takes, or "none".
std::string pair_name(const ccd::PairType* pair) {
    return pair ? std::string(pair->name) : "none";
}
using ccdlab::QueryLab;
using ccdlab_test::camera_800x600;

ccd::Body point_body(const char* name, Vec2 position, Vec2 velocity) {
    return {name, ccd::BodyShape::Point, {position, 0.0}, velocity};
}
ccd::Body circle_body(const char* name, Vec2 position, double radius, Vec2 velocity) {
    return {name, ccd::BodyShape::Circle, {position, radius}, velocity};
}

// Seed 002's demo (scenes/seed002-moving-point-vs-moving-segment.json): a(t) = (-2, 2t),
// b(t) = (2, -2t), p(t) = (1 - 2t, 2 - 4t). u = (4, -4t), w = p - a = (3 - 2t, 2 - 6t),
// cross(u, w) = 4 (2 - 6t) + 4t (3 - 2t) = 8 - 12t - 8t^2 = -4 (2t - 1)(t + 2): the point is on
// the line at t = 0.5 (then at (0, 0), the segment's middle) and at t = -2.
ccd::Scene seed002_point_scene() {
    ccd::Scene scene;
    scene.bodies.push_back(point_body("p", {1.0, 2.0}, {-2.0, -4.0}));
    scene.walls.push_back({"l", {{-2.0, 0.0}, {2.0, 0.0}}, {0.0, 2.0}, {0.0, -2.0}});
    return scene;
}

// scenes/two-circles.json: relative position of the cue from the target (-7 + 10t, -1.2);
// touching when its length is 1 + 1 = 2: (10t - 7)^2 = 4 - 1.44 = 2.56, 10t - 7 = -1.6, t = 0.54.
ccd::Scene two_circles_scene() {
    ccd::Scene scene;
    scene.bodies.push_back(circle_body("cue", {-4.0, 0.0}, 1.0, {6.0, 0.0}));
    scene.bodies.push_back(circle_body("target", {3.0, 1.2}, 1.0, {-4.0, 0.0}));
    return scene;
}

// scenes/seed002-two-polygons.json: the crate closes on the wedge at 4 + 1 = 5 per frame; the
// wedge's tip (3, 0.5) is 2 from the crate's right side x = 1: t = 0.4, obstacle vertex 0 on
// mover edge 1. (The crate's corners reach the wedge's slanted sides at x = 11/3: t = 8/15.)
ccd::Scene two_polygons_scene() {
    ccd::Scene scene;
    scene.polygons.push_back(
        {"crate", {{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}}, {4.0, 0.0}});
    scene.polygons.push_back({"wedge", {{{3.0, 0.5}, {5.0, -1.0}, {5.0, 2.0}}}, {-1.0, 0.0}});
    return scene;
}

ccd::Polygon unit_square() { // edges 0 bottom, 1 right, 2 top, 3 left
    return {{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}};
}

// A ball of radius 0.5 at (-3, 0.5) moving (4, 0) against the unit square moving (-1, 0): they
// close at 5 per frame, the ball's right side 2.5 from the square's left side (edge 3): t = 0.5.
ccd::Scene ball_and_crate_scene() {
    ccd::Scene scene;
    scene.bodies.push_back(circle_body("ball", {-3.0, 0.5}, 0.5, {4.0, 0.0}));
    scene.polygons.push_back({"crate", unit_square(), {-1.0, 0.0}});
    return scene;
}

// The unit square standing still, and a horizontal segment at y = 0.5 whose end A, 2 to the
// right of the square, moves (-4, 0) while end B stays: end A meets the square's right side
// (edge 1) at t = 0.5, at (1, 0.5). No vertex ever reaches the segment (they stay at y = 0, 1).
ccd::Scene crate_and_closing_segment_scene() {
    ccd::Scene scene;
    scene.polygons.push_back({"crate", unit_square(), {}});
    scene.walls.push_back({"rod", {{3.0, 0.5}, {5.0, 0.5}}, {-4.0, 0.0}, {0.0, 0.0}});
    return scene;
}

TEST(QueryLabPair, TheSceneDecidesWhichPairOpens) {
    using ccdlab::query_lab_pair;
    ccd::Scene scene;
    scene.bodies.push_back(circle_body("ball", {0.0, 5.0}, 1.0, {0.0, -10.0}));
    EXPECT_FALSE(query_lab_pair(scene)) << "a body alone is a world";
    EXPECT_FALSE(query_lab_pair(scene, true)) << "and nothing to take apart";
    scene.walls.push_back({"floor", {{-2.0, 0.0}, {2.0, 0.0}}});
    EXPECT_EQ(pair_name(query_lab_pair(scene)), "circle_segment");
    scene.walls.front().displacement_b = {0.0, 1.0};
    EXPECT_EQ(pair_name(query_lab_pair(scene)), "circle_moving_segment") << "an end moves";
    scene.walls.push_back({"wall", {{2.0, 0.0}, {2.0, 4.0}}});
    EXPECT_FALSE(query_lab_pair(scene)) << "a body in a corner of two walls: a world";
    EXPECT_EQ(pair_name(query_lab_pair(scene, true)), "circle_moving_segment")
        << "--mode query: the body and the first segment";
    scene.walls.pop_back();
    scene.bodies.push_back(circle_body("other", {3.0, 5.0}, 1.0, {}));
    EXPECT_FALSE(query_lab_pair(scene)) << "two bodies and a segment: a world";
    EXPECT_EQ(pair_name(query_lab_pair(scene, true)), "circle_moving_segment")
        << "--mode query: the first body and the first segment";
    scene.walls.clear();
    EXPECT_EQ(pair_name(query_lab_pair(scene)), "circle_circle");
    scene.bodies.push_back(circle_body("third", {6.0, 5.0}, 1.0, {}));
    EXPECT_FALSE(query_lab_pair(scene));
    EXPECT_EQ(pair_name(query_lab_pair(scene, true)), "circle_circle");
    EXPECT_EQ(pair_name(query_lab_pair(two_polygons_scene())), "polygon_polygon");
    ccd::Scene polygons_and_a_body = two_polygons_scene();
    polygons_and_a_body.bodies.push_back(circle_body("ball", {0.0, 5.0}, 1.0, {}));
    EXPECT_FALSE(query_lab_pair(polygons_and_a_body));
    EXPECT_EQ(pair_name(query_lab_pair(polygons_and_a_body, true)), "polygon_polygon");

    ccd::Scene ball_and_crate = ball_and_crate_scene();
    EXPECT_EQ(pair_name(query_lab_pair(ball_and_crate)), "circle_polygon");
    ball_and_crate.bodies.push_back(circle_body("other", {3.0, 5.0}, 1.0, {}));
    EXPECT_FALSE(query_lab_pair(ball_and_crate)) << "two bodies and a polygon: a world";
    EXPECT_EQ(pair_name(query_lab_pair(ball_and_crate, true)), "circle_circle")
        << "--mode query: two bodies come before a body and a polygon";
    ball_and_crate.bodies.pop_back();
    ball_and_crate.polygons.push_back({"wedge", {{{3.0, 0.5}, {5.0, -1.0}, {5.0, 2.0}}}, {}});
    EXPECT_FALSE(query_lab_pair(ball_and_crate));
    EXPECT_EQ(pair_name(query_lab_pair(ball_and_crate, true)), "polygon_polygon");

    ccd::Scene crate_and_rod = crate_and_closing_segment_scene();
    EXPECT_EQ(pair_name(query_lab_pair(crate_and_rod)), "polygon_moving_segment");
    crate_and_rod.walls.front().displacement_a = {};
    EXPECT_EQ(pair_name(query_lab_pair(crate_and_rod)), "polygon_moving_segment")
        << "static or moving";
    crate_and_rod.walls.push_back({"floor", {{-5.0, -1.0}, {5.0, -1.0}}});
    EXPECT_FALSE(query_lab_pair(crate_and_rod)) << "a polygon between two walls: a world";
    EXPECT_EQ(pair_name(query_lab_pair(crate_and_rod, true)), "polygon_moving_segment")
        << "--mode query: the polygon and the first segment";
}

TEST(QueryLabPair, ASceneWithoutAPairIsRefusedSayingWhatIsNeeded) {
    ccd::Scene scene;
    scene.polygons.push_back(two_polygons_scene().polygons.front());
    try {
        QueryLab::from_scene(scene);
        FAIL() << "no pair";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("two polygons"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("a polygon and a segment"), std::string::npos)
            << e.what();
    }
}

// Each pair's handles in the order they are drawn: the mover's at t = 0 first (its acceleration
// under its center), then the obstacle's, then the mover's tip on top of them all.
TEST(QueryLabPair, EachPairsHandlesAreDrawnMoverObstacleThenTheMoversTip) {
    const auto handles_of = [](const ccd::Scene& scene) {
        const QueryLab lab = QueryLab::from_scene(scene);
        return std::vector<Handle>(lab.handles().begin(), lab.handles().end());
    };
    EXPECT_EQ(handles_of(seed002_point_scene()),
              (std::vector{Handle::Acceleration, Handle::Center, Handle::Radius,
                           Handle::ObstacleRounding, Handle::EndpointAEnd, Handle::EndpointBEnd,
                           Handle::EndpointA, Handle::EndpointB, Handle::Tip}));
    EXPECT_EQ(handles_of(two_circles_scene()),
              (std::vector{Handle::Acceleration, Handle::Center, Handle::Radius,
                           Handle::ObstacleAcceleration, Handle::ObstacleCenter,
                           Handle::ObstacleRadius, Handle::ObstacleTip, Handle::Tip}));
    EXPECT_EQ(handles_of(two_polygons_scene()),
              (std::vector{Handle::Acceleration, Handle::Rounding, Handle::Center,
                           Handle::ObstacleAcceleration, Handle::ObstacleRounding,
                           Handle::ObstacleCenter, Handle::ObstacleTip, Handle::Tip}));
    EXPECT_EQ(handles_of(ball_and_crate_scene()),
              (std::vector{Handle::Acceleration, Handle::Center, Handle::Radius,
                           Handle::ObstacleAcceleration, Handle::ObstacleRounding,
                           Handle::ObstacleCenter, Handle::ObstacleTip, Handle::Tip}));
    EXPECT_EQ(handles_of(crate_and_closing_segment_scene()),
              (std::vector{Handle::Acceleration, Handle::Rounding, Handle::Center,
                           Handle::ObstacleRounding, Handle::EndpointAEnd, Handle::EndpointBEnd,
                           Handle::EndpointA, Handle::EndpointB, Handle::Tip}));
}

TEST(QueryLabMovingSegment, SeedTwoPointAnswersAsTheCoreAndAsByHand) {
    const QueryLab lab = QueryLab::from_scene(seed002_point_scene());
    EXPECT_EQ(lab.kind().name, "circle_moving_segment");
    ccd::Trace trace;
    const ccd::MovingSegment l{{{-2.0, 0.0}, {2.0, 0.0}}, {0.0, 2.0}, {0.0, -2.0}};
    const auto core = ccd::time_of_impact(Vec2{1.0, 2.0}, Vec2{-2.0, -4.0}, l, &trace);
    ASSERT_TRUE(core);
    ASSERT_TRUE(lab.hit());
    EXPECT_EQ(lab.hit()->t, core->t);
    EXPECT_EQ(lab.hit()->point, core->point);
    EXPECT_EQ(lab.hit()->normal, core->normal);
    EXPECT_EQ(lab.trace().query, "point_moving_segment") << "a point gets seed 002's quadratic";
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.5); // by hand, above
    EXPECT_NEAR(lab.hit()->point.x, 0.0, 1e-15);
    EXPECT_NEAR(lab.hit()->point.y, 0.0, 1e-15);
    ASSERT_EQ(lab.trace().candidates.size(), 1u);
    const ccd::TraceCandidate& line = lab.trace().candidates.front();
    ASSERT_EQ(line.roots.size(), 2u);
    EXPECT_DOUBLE_EQ(line.roots[0].t, -2.0);
    EXPECT_EQ(line.roots[0].verdict, ccd::RootVerdict::BeforeFrame);
    EXPECT_DOUBLE_EQ(line.roots[1].t, 0.5);
    EXPECT_EQ(line.roots[1].verdict, ccd::RootVerdict::Taken);
    EXPECT_EQ(lab.taken_candidate(), 0);
}

TEST(QueryLabMovingSegment, ACircleGetsTheCoresCircleQuery) {
    ccd::Scene scene = seed002_point_scene();
    scene.bodies.front() = circle_body("ball", {1.0, 2.0}, 0.25, {-2.0, -4.0});
    const QueryLab lab = QueryLab::from_scene(scene);
    const auto core = ccd::time_of_impact(ccd::Circle{{1.0, 2.0}, 0.25}, Vec2{-2.0, -4.0},
                                          scene.walls.front().moving());
    ASSERT_TRUE(core);
    ASSERT_TRUE(lab.hit());
    EXPECT_EQ(lab.hit()->t, core->t);
    EXPECT_EQ(lab.hit()->feature, core->feature);
    EXPECT_EQ(lab.trace().query, "circle_moving_segment");
    EXPECT_LT(lab.hit()->t, 0.5) << "a radius touches before the center would";
}

TEST(QueryLabMovingSegment, TheEndsAtTimeOneSetTheirMotionAndTheEndsAtZeroCarryIt) {
    QueryLab lab = QueryLab::from_scene(seed002_point_scene());
    EXPECT_EQ(lab.handle_position(Handle::EndpointAEnd), (Vec2{-2.0, 2.0}));
    EXPECT_EQ(lab.handle_position(Handle::EndpointBEnd), (Vec2{2.0, -2.0}));
    lab.drag(Handle::EndpointAEnd, {-2.0, 0.0}); // a stays put now: b alone swings the segment
    EXPECT_EQ(lab.obstacle().swept.end_motion().displacement_a, (Vec2{0.0, 0.0}));
    EXPECT_EQ(lab.obstacle().swept.end_motion().displacement_b, (Vec2{0.0, -2.0}));
    EXPECT_EQ(lab.obstacle().segment().a, (Vec2{-2.0, 0.0}));
    // a = (-2, 0), b(t) = (2, -2t): u = (4, -2t), w = (3 - 2t, 2 - 4t);
    // cross = 4 (2 - 4t) + 2t (3 - 2t) = 8 - 10t - 4t^2 = 0 at t = (-10 + sqrt(228)) / 8.
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, (-10.0 + std::sqrt(228.0)) / 8.0, 1e-14);
    const ccd::MovingSegment segment{{{-2.0, 0.0}, {2.0, 0.0}}, {0.0, 0.0}, {0.0, -2.0}};
    const auto core = ccd::time_of_impact(Vec2{1.0, 2.0}, Vec2{-2.0, -4.0}, segment);
    ASSERT_TRUE(core);
    EXPECT_EQ(lab.hit()->t, core->t);

    lab.drag(Handle::EndpointB, {3.0, 1.0}); // the end at t = 0 carries its motion along
    EXPECT_EQ(lab.obstacle().segment().b, (Vec2{3.0, 1.0}));
    EXPECT_EQ(lab.obstacle().swept.end_motion().displacement_b, (Vec2{0.0, -2.0}));
    EXPECT_EQ(lab.handle_position(Handle::EndpointBEnd), (Vec2{3.0, -1.0}));
}

TEST(QueryLabMovingSegment, PickPrefersTheEndAtZeroWhereAnEndDoesNotMove) {
    ccd::Scene scene = seed002_point_scene();
    scene.walls.front().displacement_b = {}; // b stays at (2, 0)
    const QueryLab lab = QueryLab::from_scene(scene);
    const Camera camera = camera_800x600();
    // b = (2, 0) is drawn at (500, 300); a at t = 1, (-2, 2), at (300, 200).
    EXPECT_EQ(lab.pick({501.0, 301.0}, camera, 10.0), Handle::EndpointB);
    EXPECT_EQ(lab.pick({302.0, 199.0}, camera, 10.0), Handle::EndpointAEnd);
    const auto handles = lab.handles();
    EXPECT_EQ(std::count(handles.begin(), handles.end(), Handle::ObstacleCenter), 0);
}

TEST(QueryLabCircles, AnswersAsTheCoreAndAsByHand) {
    const QueryLab lab = QueryLab::from_scene(two_circles_scene());
    EXPECT_EQ(lab.kind().name, "circle_circle");
    EXPECT_EQ(lab.mover().name, "cue");
    EXPECT_EQ(lab.obstacle().name, "target");
    const auto core = ccd::time_of_impact(ccd::Circle{{-4.0, 0.0}, 1.0}, Vec2{6.0, 0.0},
                                          ccd::Circle{{3.0, 1.2}, 1.0}, Vec2{-4.0, 0.0});
    ASSERT_TRUE(core);
    ASSERT_TRUE(lab.hit());
    EXPECT_EQ(lab.hit()->t, core->t);
    EXPECT_EQ(lab.hit()->point, core->point);
    EXPECT_NEAR(lab.hit()->t, 0.54, 1e-15); // by hand, above
    // Normal from the target toward the cue: (-1.6, -1.2) / 2; the contact on the target's
    // surface: its center (3 - 4 * 0.54, 1.2) = (0.84, 1.2) plus the normal.
    EXPECT_NEAR(lab.hit()->normal.x, -0.8, 1e-15);
    EXPECT_NEAR(lab.hit()->normal.y, -0.6, 1e-15);
    EXPECT_NEAR(lab.hit()->point.x, 0.04, 1e-14);
    EXPECT_NEAR(lab.hit()->point.y, 0.6, 1e-14);
    // The registry has circle-circle in exact, seed004 and box2d. Box2D stops where the
    // centres are its target 1 + 1 - 3 x 0.005 = 1.985 apart: (7 - 10 t)^2 + 1.2^2 = 1.985^2,
    // t = (7 - sqrt(2.500225)) / 10 = 0.54188 (within its tolerance 0.00125 over the closing
    // speed 10 x 1.581 / 1.985): past the contact within its slack, which the judge allows.
    for (const auto& answer : lab.algorithm_answers()) {
        const bool box2d = answer.algorithm->name == "box2d";
        EXPECT_EQ(answer.has_query,
                  answer.algorithm->name == "exact" || answer.algorithm->name == "seed004" || box2d)
            << answer.algorithm->name;
        EXPECT_FALSE(answer.disagrees()) << answer.algorithm->name;
        if (box2d) {
            ASSERT_TRUE(answer.judgement);
            EXPECT_TRUE(answer.judgement->by_design) << answer.judgement->text;
            ASSERT_TRUE(answer.hit);
            EXPECT_NEAR(answer.hit->t, (7 - std::sqrt(2.500225)) / 10,
                        0.00125 / (10 * std::sqrt(2.500225) / 1.985) + 1e-6);
        }
    }
}

TEST(QueryLabCircles, TheSecondCirclesHandlesMoveIt) {
    QueryLab lab = QueryLab::from_scene(two_circles_scene());
    // Its motion is (-4, 0): the radius handle is across it, perp((-1, 0)) = (0, -1).
    EXPECT_EQ(lab.handle_position(Handle::ObstacleRadius).x, 3.0);
    EXPECT_DOUBLE_EQ(lab.handle_position(Handle::ObstacleRadius).y, 0.2);
    EXPECT_EQ(lab.handle_position(Handle::ObstacleTip), (Vec2{-1.0, 1.2}));
    lab.drag(Handle::ObstacleCenter, {3.0, 0.0}); // head on now: gap 7 - 2 = 5 closes at 10
    EXPECT_EQ(lab.obstacle().circle().center, (Vec2{3.0, 0.0}));
    EXPECT_EQ(lab.obstacle().swept.displacement(), (Vec2{-4.0, 0.0}))
        << "the center carries the motion";
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.5);
    lab.drag(Handle::ObstacleRadius, {3.0, -2.0}); // radius 2: gap 4, t = 0.4
    EXPECT_EQ(lab.obstacle().circle().radius, 2.0);
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.4);
    lab.drag(Handle::ObstacleTip, {3.0, 0.0}); // the target stands still: gap 4 at 6, t = 2/3
    EXPECT_EQ(lab.obstacle().swept.displacement(), (Vec2{0.0, 0.0}));
    EXPECT_DOUBLE_EQ(lab.hit()->t, 4.0 / 6.0);
    EXPECT_EQ(lab.mover().circle().center, (Vec2{-4.0, 0.0})) << "the cue did not move";
}

TEST(QueryLabPolygons, AnswersAsTheCoreAndAsByHand) {
    const QueryLab lab = QueryLab::from_scene(two_polygons_scene());
    EXPECT_EQ(lab.kind().name, "polygon_polygon");
    const ccd::Scene scene = two_polygons_scene();
    ccd::Trace trace;
    const auto core =
        ccd::time_of_impact(scene.polygons[0].polygon, scene.polygons[0].velocity,
                            scene.polygons[1].polygon, scene.polygons[1].velocity, &trace);
    ASSERT_TRUE(core);
    ASSERT_TRUE(lab.hit());
    EXPECT_EQ(lab.hit()->t, core->t);
    EXPECT_EQ(lab.trace().candidates.size(), trace.candidates.size());
    EXPECT_EQ(lab.trace().candidates.size(), 24u); // 4 x 3 + 3 x 4 vertex-edge pairs
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.4);           // by hand, above
    EXPECT_EQ(lab.hit()->feature, ccd::Feature::PolygonVertex);
    EXPECT_EQ(lab.hit()->obstacle_vertex, 0);
    EXPECT_EQ(lab.hit()->mover_edge, 1);
    const int taken = lab.taken_candidate();
    ASSERT_GE(taken, 0);
    EXPECT_EQ(lab.trace().candidates[static_cast<std::size_t>(taken)].name,
              "obstacle vertex 0 / mover edge 1");
    // The crate's vertex centroid (0.5, 0.5) is its Center handle; the tip adds its motion.
    EXPECT_EQ(lab.handle_position(Handle::Center), (Vec2{0.5, 0.5}));
    EXPECT_EQ(lab.handle_position(Handle::Tip), (Vec2{4.5, 0.5}));
    for (const auto& answer : lab.algorithm_answers())
        EXPECT_EQ(answer.has_query, answer.algorithm == &ccd::algorithms().front() ||
                                        answer.algorithm->name == "box2d")
            << "only the exact query and Box2D's take polygons";
}

TEST(QueryLabPolygons, DraggingACentroidTranslatesThePolygonAndKeepsItsMotion) {
    QueryLab lab = QueryLab::from_scene(two_polygons_scene());
    lab.drag(Handle::Center, {1.5, 0.5}); // one unit closer: gap 1 at 5, t = 0.2
    EXPECT_EQ(lab.mover().polygon().vertices.front(), (Vec2{1.0, 0.0}));
    EXPECT_EQ(lab.mover().polygon().vertices[2], (Vec2{2.0, 1.0}));
    EXPECT_EQ(lab.mover().swept.displacement(), (Vec2{4.0, 0.0}));
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.2);
    // The wedge's centroid is (13/3, 0.5); its tip (where the centroid is at t = 1) set to the
    // centroid itself: the wedge stands still, the gap of 1 closes at 4: t = 0.25.
    const Vec2 wedge = lab.handle_position(Handle::ObstacleCenter);
    EXPECT_NEAR(wedge.x, 13.0 / 3.0, 1e-15);
    lab.drag(Handle::ObstacleTip, wedge);
    EXPECT_EQ(lab.obstacle().swept.displacement(), (Vec2{0.0, 0.0}));
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.25);
    lab.drag(Handle::ObstacleCenter, wedge + Vec2{0.0, 10.0}); // far above: a miss
    EXPECT_EQ(lab.obstacle().polygon().vertices.front(), (Vec2{3.0, 10.5}));
    EXPECT_FALSE(lab.hit());
}

TEST(QueryLabPolygons, RestoreBringsBackBothPolygons) {
    QueryLab lab = QueryLab::from_scene(two_polygons_scene());
    const ccdlab::LabState before = lab.state();
    lab.drag(Handle::Center, {0.5, 10.0});
    EXPECT_FALSE(lab.state() == before);
    EXPECT_FALSE(lab.hit());
    lab.restore(before);
    EXPECT_TRUE(lab.state() == before);
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.4);
}

TEST(QueryLabCirclePolygon, AnswersAsTheCoreAndAsByHand) {
    const QueryLab lab = QueryLab::from_scene(ball_and_crate_scene());
    EXPECT_EQ(lab.kind().name, "circle_polygon");
    EXPECT_EQ(lab.mover().name, "ball");
    EXPECT_EQ(lab.obstacle().name, "crate");
    EXPECT_EQ(ccdlab::side_kind(lab.mover()), ccdlab::SideKind::Circle);
    EXPECT_EQ(ccdlab::side_kind(lab.obstacle()), ccdlab::SideKind::Polygon);
    ccd::Trace trace;
    const auto core = ccd::time_of_impact(ccd::Circle{{-3.0, 0.5}, 0.5}, Vec2{4.0, 0.0},
                                          unit_square(), Vec2{-1.0, 0.0}, &trace);
    ASSERT_TRUE(core);
    ASSERT_TRUE(lab.hit());
    EXPECT_EQ(lab.hit()->t, core->t);
    EXPECT_EQ(lab.hit()->point, core->point);
    EXPECT_EQ(lab.trace().query, "circle_polygon");
    EXPECT_EQ(lab.trace().candidates.size(), trace.candidates.size());
    // By hand (above): the left side, edge 3, at t = 0.5; the square is then at x = -0.5, and
    // the normal points from it toward the ball.
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.5);
    EXPECT_EQ(lab.hit()->feature, ccd::Feature::PolygonEdge);
    EXPECT_EQ(lab.hit()->obstacle_edge, 3);
    EXPECT_EQ(lab.hit()->obstacle_vertex, -1);
    EXPECT_DOUBLE_EQ(lab.hit()->point.x, -0.5);
    EXPECT_DOUBLE_EQ(lab.hit()->point.y, 0.5);
    EXPECT_EQ(lab.hit()->normal, (Vec2{-1.0, 0.0}));
    const int taken = lab.taken_candidate();
    ASSERT_GE(taken, 0);
    EXPECT_EQ(lab.trace().candidates[static_cast<std::size_t>(taken)].name, "edge 3: band");
    for (const auto& answer : lab.algorithm_answers())
        EXPECT_EQ(answer.has_query, answer.algorithm == &ccd::algorithms().front() ||
                                        answer.algorithm->name == "box2d")
            << "only the exact query and Box2D's take a circle against a polygon";
}

TEST(QueryLabCirclePolygon, HandlesMoveTheCircleAndThePolygon) {
    QueryLab lab = QueryLab::from_scene(ball_and_crate_scene());
    const auto handles = lab.handles();
    for (Handle h :
         {Handle::Center, Handle::Radius, Handle::Tip, Handle::ObstacleCenter, Handle::ObstacleTip})
        EXPECT_EQ(std::count(handles.begin(), handles.end(), h), 1) << ccdlab::to_string(h);
    EXPECT_EQ(std::count(handles.begin(), handles.end(), Handle::ObstacleRadius), 0);
    EXPECT_EQ(lab.handle_position(Handle::ObstacleCenter), (Vec2{0.5, 0.5}));
    EXPECT_EQ(lab.handle_position(Handle::ObstacleTip), (Vec2{-0.5, 0.5}));

    // Up by 0.8: the ball's path at y = 1.3 passes 0.3 above the top side, so it meets the
    // corner (0, 1), vertex 3: (5t - 3)^2 + 0.3^2 = 0.5^2, 5t - 3 = -0.4, t = 0.52. Then the
    // square's corner is at (-0.52, 1), the ball's center at (-0.92, 1.3): normal (-0.8, 0.6).
    lab.drag(Handle::Center, {-3.0, 1.3});
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, 0.52, 1e-15);
    EXPECT_EQ(lab.hit()->feature, ccd::Feature::PolygonVertex);
    EXPECT_EQ(lab.hit()->obstacle_vertex, 3);
    EXPECT_NEAR(lab.hit()->point.x, -0.52, 1e-15);
    EXPECT_NEAR(lab.hit()->point.y, 1.0, 1e-15);
    EXPECT_NEAR(lab.hit()->normal.x, -0.8, 1e-15);
    EXPECT_NEAR(lab.hit()->normal.y, 0.6, 1e-15);

    lab.drag(Handle::Radius, {-3.0, 1.5});                // radius 0.2 < 0.3: the ball passes over
    EXPECT_NEAR(lab.mover().circle().radius, 0.2, 1e-15); // (1.5 - 1.3 in doubles)
    EXPECT_FALSE(lab.hit());
    lab.drag(Handle::ObstacleCenter, {0.5, 1.0}); // the square up by 0.5: its left side again
    EXPECT_EQ(lab.obstacle().polygon().vertices.front(), (Vec2{0.0, 0.5}));
    EXPECT_EQ(lab.obstacle().swept.displacement(), (Vec2{-1.0, 0.0})) << "the centroid carries it";
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 2.8 / 5.0); // gap 3 - 0.2 closing at 5
    lab.drag(Handle::ObstacleTip, {0.5, 1.0}); // the square stands still: 2.8 at 4
    EXPECT_EQ(lab.obstacle().swept.displacement(), (Vec2{0.0, 0.0}));
    EXPECT_DOUBLE_EQ(lab.hit()->t, 2.8 / 4.0);
}

TEST(QueryLabPolygonSegment, AnEndOfTheSegmentMeetsAnEdgeAsTheCoreAndAsByHand) {
    const QueryLab lab = QueryLab::from_scene(crate_and_closing_segment_scene());
    EXPECT_EQ(lab.kind().name, "polygon_moving_segment");
    EXPECT_EQ(ccdlab::side_kind(lab.mover()), ccdlab::SideKind::Polygon);
    EXPECT_EQ(ccdlab::side_kind(lab.obstacle()), ccdlab::SideKind::MovingSegment);
    ccd::Trace trace;
    const ccd::MovingSegment rod{{{3.0, 0.5}, {5.0, 0.5}}, {-4.0, 0.0}, {0.0, 0.0}};
    const auto core = ccd::time_of_impact(unit_square(), Vec2{}, rod, &trace);
    ASSERT_TRUE(core);
    ASSERT_TRUE(lab.hit());
    EXPECT_EQ(lab.hit()->t, core->t);
    EXPECT_EQ(lab.trace().query, "polygon_moving_segment");
    EXPECT_EQ(lab.trace().candidates.size(), trace.candidates.size());
    // By hand (above): end A at (1, 0.5) on edge 1 at t = 0.5, the normal from the segment
    // toward the square.
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.5);
    EXPECT_EQ(lab.hit()->feature, ccd::Feature::EndpointA);
    EXPECT_EQ(lab.hit()->mover_edge, 1);
    EXPECT_EQ(lab.hit()->mover_vertex, -1);
    EXPECT_EQ(lab.hit()->point, (Vec2{1.0, 0.5}));
    EXPECT_EQ(lab.hit()->normal, (Vec2{-1.0, 0.0}));
    const int taken = lab.taken_candidate();
    ASSERT_GE(taken, 0);
    EXPECT_EQ(lab.trace().candidates[static_cast<std::size_t>(taken)].name.rfind(
                  "wall end A / edge 1", 0),
              0u)
        << lab.trace().candidates[static_cast<std::size_t>(taken)].name;
}

// The crate's radius handle sits on the middle of its first side (the bottom, (0.5, 0)) moved
// out by its radius; dragged 0.25 below it, the crate is rounded by 0.25 and the ball, closing
// at 5 a frame from 2.5 away, touches it 0.25 sooner: t = 0.45, on the left side's rounding.
TEST(QueryLabCirclePolygon, TheRadiusHandleRoundsThePolygon) {
    QueryLab lab = QueryLab::from_scene(ball_and_crate_scene());
    ASSERT_TRUE(lab.hit());
    EXPECT_EQ(lab.hit()->t, 0.5);
    EXPECT_EQ(lab.handle_position(Handle::ObstacleRounding), (Vec2{0.5, 0.0}));
    lab.drag(Handle::ObstacleRounding, {0.7, -0.25});
    EXPECT_EQ(lab.obstacle().polygon().radius, 0.25);
    EXPECT_EQ(lab.handle_position(Handle::ObstacleRounding), (Vec2{0.5, -0.25}));
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, 0.45, 1e-15);
    EXPECT_EQ(lab.hit()->feature, ccd::Feature::PolygonEdge);
    EXPECT_NEAR(lab.hit()->point.x, -0.25 - 0.45, 1e-15); // the side's rounding, where it is at t
    // Dragged inside the crate, the radius is 0 again.
    lab.drag(Handle::ObstacleRounding, {0.5, 0.5});
    EXPECT_EQ(lab.obstacle().polygon().radius, 0.0);
}

TEST(QueryLabPolygonSegment, HandlesMoveThePolygonAndTheSegmentsEnds) {
    QueryLab lab = QueryLab::from_scene(crate_and_closing_segment_scene());
    const auto handles = lab.handles();
    for (Handle h : {Handle::Center, Handle::Tip, Handle::EndpointA, Handle::EndpointB,
                     Handle::EndpointAEnd, Handle::EndpointBEnd})
        EXPECT_EQ(std::count(handles.begin(), handles.end(), h), 1) << ccdlab::to_string(h);
    EXPECT_EQ(std::count(handles.begin(), handles.end(), Handle::Radius), 0);
    EXPECT_EQ(lab.handle_position(Handle::EndpointAEnd), (Vec2{-1.0, 0.5}));

    lab.drag(Handle::EndpointAEnd, {3.0, 0.5}); // end A stands still now: no contact
    EXPECT_EQ(lab.obstacle().swept.end_motion().displacement_a, (Vec2{0.0, 0.0}));
    EXPECT_FALSE(lab.hit());
    // The square toward the segment: its right side reaches end A (3, 0.5) at 1 + 4t = 3.
    lab.drag(Handle::Tip, {4.5, 0.5});
    EXPECT_EQ(lab.mover().swept.displacement(), (Vec2{4.0, 0.0}));
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.5);
    EXPECT_EQ(lab.hit()->feature, ccd::Feature::EndpointA);
    // A vertical wall at x = 2 instead (ends at (2, -1) and (2, 2), still): the right side's
    // vertices 1 and 2 reach it together at t = 0.25; the tie goes to the lower vertex.
    lab.drag(Handle::EndpointA, {2.0, -1.0});
    lab.drag(Handle::EndpointB, {2.0, 2.0});
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.25);
    EXPECT_EQ(lab.hit()->feature, ccd::Feature::SegmentInterior);
    EXPECT_EQ(lab.hit()->mover_vertex, 1);
    EXPECT_EQ(lab.hit()->point, (Vec2{2.0, 0.0}));
    EXPECT_EQ(lab.hit()->normal, (Vec2{-1.0, 0.0}));
    lab.drag(Handle::Center, {0.5, 5.0}); // the square far above the wall: a miss
    EXPECT_EQ(lab.mover().polygon().vertices.front(), (Vec2{0.0, 4.5}));
    EXPECT_FALSE(lab.hit());
}

} // namespace
