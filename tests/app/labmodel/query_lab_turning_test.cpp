// The query lab for the turning pairs: which scenes open as which pair, the lab's answer against
// the core's certified query on the same numbers, the pivot and angle handles (worked by hand),
// and the turn written back into the scene.
#include "camera.hpp"
#include "lab_scene.hpp"
#include "query_lab.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/toi_turning.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

using ccd::Vec2;
using ccdlab::Handle;
using ccdlab::QueryLab;

constexpr double kPi = std::numbers::pi;

std::string pair_name(const ccd::PairType* pair) {
    return pair ? std::string(pair->name) : "none";
}

ccd::Body ball(Vec2 at, double radius) {
    return {"ball",
            radius > 0.0 ? ccd::BodyShape::Circle : ccd::BodyShape::Point,
            {at, radius},
            {0.0, 0.0}};
}

// A paddle from its pivot (0, 0) to (4, 0) turning a quarter turn; a ball of radius 0.5 at
// (0, 3). The paddle at the angle phi is 3 cos(phi) from the ball's center (the projection
// 3 sin(phi) is on it): touching at cos(phi) = 1/6, phi = arccos(1/6) = 1.40335 < pi / 2, so
// t = arccos(1/6) / (pi / 2) = 0.893395.
ccd::Scene paddle_scene() {
    ccd::Scene scene;
    scene.bodies.push_back(ball({0.0, 3.0}, 0.5));
    ccd::Wall paddle{"paddle", {{0.0, 0.0}, {4.0, 0.0}}};
    paddle.pivot = Vec2{0.0, 0.0};
    paddle.angle = kPi / 2.0;
    scene.walls.push_back(paddle);
    return scene;
}

ccd::PolygonBody square(const char* name, Vec2 low, double side, Vec2 velocity,
                        double angular_velocity) {
    ccd::PolygonBody body;
    body.name = name;
    body.polygon.vertices = {low, low + Vec2{side, 0.0}, low + Vec2{side, side},
                             low + Vec2{0.0, side}};
    body.velocity = velocity;
    body.angular_velocity = angular_velocity;
    return body;
}

TEST(QueryLabTurning, EachTurningSceneOpensAsTheRegistrysTurningPair) {
    EXPECT_EQ(pair_name(ccdlab::query_lab_pair(paddle_scene())), "circle_rotating_segment");
    ccd::Scene point = paddle_scene();
    point.bodies[0] = ball({0.0, 3.0}, 0.0);
    EXPECT_EQ(pair_name(ccdlab::query_lab_pair(point)), "circle_rotating_segment");
    EXPECT_EQ(QueryLab::from_scene(point).swept(ccdlab::Side::Obstacle).motion_kind(),
              ccd::MotionKind::Turning);
    EXPECT_EQ(QueryLab::from_scene(point).swept(ccdlab::Side::Mover).shape_kind(),
              ccd::ShapeKind::Point)
        << "a point against a turning segment is the registry's point pair";

    ccd::Scene circle_polygon;
    circle_polygon.bodies.push_back(ball({-3.0, 0.0}, 0.5));
    circle_polygon.polygons.push_back(square("crate", {-1.0, -1.0}, 2.0, {0.0, 0.0}, 1.0));
    EXPECT_EQ(pair_name(ccdlab::query_lab_pair(circle_polygon)), "circle_rotating_polygon");

    ccd::Scene polygon_segment;
    polygon_segment.polygons.push_back(square("crate", {-1.0, -1.0}, 2.0, {0.0, 0.0}, 1.0));
    polygon_segment.walls.push_back({"floor", {{-5.0, -2.0}, {5.0, -2.0}}});
    EXPECT_EQ(pair_name(ccdlab::query_lab_pair(polygon_segment)), "rotating_polygon_segment");

    ccd::Scene polygons;
    polygons.polygons.push_back(square("a", {-1.0, -1.0}, 2.0, {1.0, 0.0}, 0.0));
    polygons.polygons.push_back(square("b", {3.0, -1.0}, 2.0, {0.0, 0.0}, 2.0));
    EXPECT_EQ(pair_name(ccdlab::query_lab_pair(polygons)), "rotating_polygon_polygon");
    const QueryLab lab = QueryLab::from_scene(polygons);
    EXPECT_FALSE(lab.mover().turns());
    EXPECT_TRUE(lab.obstacle().turns());

    // A translating polygon against a turning segment: a pair of the registry (the World's
    // turning walls) that the lab does not take apart.
    ccd::Scene none;
    none.polygons.push_back(square("crate", {-1.0, -1.0}, 2.0, {0.0, 0.0}, 0.0));
    none.walls.push_back(paddle_scene().walls[0]);
    EXPECT_EQ(pair_name(ccdlab::query_lab_pair(none)), "none");
    EXPECT_EQ(pair_name(ccdlab::query_lab_pair(none, true)), "none");
    EXPECT_FALSE(ccd::find_pair_type("rotating_polygon_rotating_segment")->lab);
}

// A turning side's angle handle goes over its other handles (a turning segment's after its
// pivot, a turning polygon's after its tip); the mover's tip stays on top of all.
TEST(QueryLabTurning, ATurningSidesAngleHandleIsDrawnOverItsOthers) {
    const auto handles_of = [](const ccd::Scene& scene) {
        const QueryLab lab = QueryLab::from_scene(scene);
        return std::vector<Handle>(lab.handles().begin(), lab.handles().end());
    };
    EXPECT_EQ(handles_of(paddle_scene()),
              (std::vector{Handle::Acceleration, Handle::Center, Handle::Radius,
                           Handle::ObstacleRounding, Handle::EndpointA, Handle::EndpointB,
                           Handle::Pivot, Handle::ObstacleAngle, Handle::Tip}));

    ccd::Scene polygon_segment;
    polygon_segment.polygons.push_back(square("crate", {-1.0, -1.0}, 2.0, {0.0, 0.0}, 1.0));
    polygon_segment.walls.push_back({"floor", {{-5.0, -2.0}, {5.0, -2.0}}});
    EXPECT_EQ(handles_of(polygon_segment),
              (std::vector{Handle::Acceleration, Handle::Rounding, Handle::Center,
                           Handle::ObstacleRounding, Handle::EndpointAEnd, Handle::EndpointBEnd,
                           Handle::EndpointA, Handle::EndpointB, Handle::Angle, Handle::Tip}));

    ccd::Scene polygons;
    polygons.polygons.push_back(square("a", {-1.0, -1.0}, 2.0, {1.0, 0.0}, 0.0));
    polygons.polygons.push_back(square("b", {3.0, -1.0}, 2.0, {0.0, 0.0}, 2.0));
    EXPECT_EQ(
        handles_of(polygons),
        (std::vector{Handle::Acceleration, Handle::Rounding, Handle::Center,
                     Handle::ObstacleAcceleration, Handle::ObstacleRounding, Handle::ObstacleCenter,
                     Handle::ObstacleTip, Handle::ObstacleAngle, Handle::Tip}));
}

TEST(QueryLabTurning, ThePaddlesAnswerIsTheCertifiedQuerysAndTheHandValue) {
    const QueryLab lab = QueryLab::from_scene(paddle_scene());
    ASSERT_TRUE(lab.obstacle().turns());
    ccd::Trace trace;
    const auto core = ccd::certified_time_of_impact(
        ccd::Swept{ccd::Circle{{0.0, 3.0}, 0.5}, ccd::Translation{}},
        ccd::Swept{ccd::Segment{{0.0, 0.0}, {4.0, 0.0}}, ccd::Turning{{0.0, 0.0}, {}, kPi / 2.0}},
        &trace);
    ASSERT_TRUE(core);
    ASSERT_TRUE(lab.hit());
    EXPECT_EQ(lab.hit()->t, core->t);
    EXPECT_NEAR(lab.hit()->t, std::acos(1.0 / 6.0) / (kPi / 2.0), 1e-9);
    ASSERT_TRUE(lab.trace().search) << "the lab keeps the search to draw";
    EXPECT_EQ(lab.trace().search->samples.size(), trace.search->samples.size());
    EXPECT_EQ(lab.trace().search->brackets.size(), trace.search->brackets.size());
    // The segment at t as the turn puts it: at t = 1 a quarter turn, from (0, 0) to (0, 4).
    const ccd::Segment end = ccdlab::segment_at(lab.obstacle(), 1.0);
    EXPECT_NEAR(end.b.x, 0.0, 1e-15);
    EXPECT_NEAR(end.b.y, 4.0, 1e-15);
    EXPECT_EQ(end.a, (Vec2{0.0, 0.0}));
}

TEST(QueryLabTurning, TheAngleHandleTurnsThePaddleAndWindsUpWholeTurns) {
    QueryLab lab = QueryLab::from_scene(paddle_scene());
    const auto handles = lab.handles();
    for (Handle h : {Handle::EndpointA, Handle::EndpointB, Handle::Pivot, Handle::ObstacleAngle})
        EXPECT_EQ(std::count(handles.begin(), handles.end(), h), 1) << ccdlab::to_string(h);
    EXPECT_EQ(std::count(handles.begin(), handles.end(), Handle::Angle), 0) << "the ball";
    // The angle handle: beyond the paddle's far end (b, 4 from the pivot) at t = 1, (0, 4), by
    // a quarter of its distance: (0, 5).
    const Vec2 at = lab.handle_position(Handle::ObstacleAngle);
    EXPECT_NEAR(at.x, 0.0, 1e-15);
    EXPECT_NEAR(at.y, 5.0, 1e-15);
    EXPECT_EQ(lab.handle_position(Handle::Pivot), (Vec2{0.0, 0.0}));

    // Dragged a further quarter turn, to (-4, 0): a half turn, t = arccos(1/6) / pi.
    lab.drag(Handle::ObstacleAngle, {-4.0, 0.0});
    EXPECT_NEAR(lab.obstacle().angle(), kPi, 1e-15);
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, std::acos(1.0 / 6.0) / kPi, 1e-9);
    // On round the pivot, a quarter at a time, back to (0, 4): a turn and a quarter.
    for (const Vec2 p : {Vec2{0.0, -4.0}, Vec2{4.0, 0.0}, Vec2{0.0, 4.0}})
        lab.drag(Handle::ObstacleAngle, p);
    EXPECT_NEAR(lab.obstacle().angle(), 2.5 * kPi, 1e-14);
    EXPECT_NEAR(lab.hit()->t, std::acos(1.0 / 6.0) / (2.5 * kPi), 1e-9);
    // Back the other way, clockwise a quarter at a time, past 0 to minus half a turn: the
    // paddle sweeps the half plane below its pivot and never comes near the ball.
    for (const Vec2 p : {Vec2{4.0, 0.0}, Vec2{0.0, -4.0}, Vec2{-4.0, 0.0}, Vec2{0.0, 4.0},
                         Vec2{4.0, 0.0}, Vec2{0.0, -4.0}, Vec2{-4.0, 0.0}})
        lab.drag(Handle::ObstacleAngle, p);
    EXPECT_NEAR(lab.obstacle().angle(), -kPi, 1e-14);
    EXPECT_FALSE(lab.hit()) << "half a turn clockwise";
}

TEST(QueryLabTurning, AfterAWholeTurnTheAngleHandleLeavesTheEndItsOwn) {
    // The paddle turned once round, 2 pi: its far end b is back at (4, 0) at t = 1. The angle
    // handle is beyond it, at (5, 0); at 80 px a unit a pick at b's pixel takes b.
    ccd::Scene scene = paddle_scene();
    scene.walls[0].angle = 2.0 * kPi;
    const QueryLab lab = QueryLab::from_scene(scene);
    const Vec2 angle = lab.handle_position(Handle::ObstacleAngle);
    EXPECT_NEAR(angle.x, 5.0, 1e-14);
    EXPECT_NEAR(angle.y, 0.0, 1e-14);
    ccdlab::Camera camera;
    camera.width = 800.0;
    camera.height = 600.0;
    EXPECT_EQ(lab.pick(camera.to_screen({4.0, 0.0}), camera, 10.0), Handle::EndpointB);
    EXPECT_EQ(lab.pick(camera.to_screen({5.0, 0.0}), camera, 10.0), Handle::ObstacleAngle);
}

TEST(QueryLabTurning, ThePivotOnAnEndCarriesItAlongUnlessAltDragsThePivotAlone) {
    // The paddle hinged at its end a = (0, 0): the pivot's handle is on a's. Dragged to (1, 1),
    // the hinge and a move together; b stays at (4, 0).
    QueryLab lab = QueryLab::from_scene(paddle_scene());
    lab.drag(Handle::Pivot, {1.0, 1.0});
    EXPECT_EQ(lab.obstacle().pivot(), (Vec2{1.0, 1.0}));
    EXPECT_EQ(lab.obstacle().segment().a, (Vec2{1.0, 1.0}));
    EXPECT_EQ(lab.obstacle().segment().b, (Vec2{4.0, 0.0}));
    // Alt: the pivot alone, off the end; then, off every end, it moves alone anyway.
    lab.drag(Handle::Pivot, {2.0, 0.0}, true);
    EXPECT_EQ(lab.obstacle().pivot(), (Vec2{2.0, 0.0}));
    EXPECT_EQ(lab.obstacle().segment().a, (Vec2{1.0, 1.0}));
    lab.drag(Handle::Pivot, {2.0, 1.0});
    EXPECT_EQ(lab.obstacle().pivot(), (Vec2{2.0, 1.0}));
    EXPECT_EQ(lab.obstacle().segment().a, (Vec2{1.0, 1.0}));
    EXPECT_EQ(lab.obstacle().segment().b, (Vec2{4.0, 0.0}));
}

TEST(QueryLabTurning, ThePivotHandleMovesThePivotAloneAndTheTurnIsWrittenBack) {
    QueryLab lab = QueryLab::from_scene(paddle_scene());
    lab.drag(Handle::Pivot, {2.0, 0.0}, true); // Alt: the paddle turns about its middle
    EXPECT_EQ(lab.obstacle().pivot(), (Vec2{2.0, 0.0}));
    EXPECT_EQ(lab.obstacle().segment().a, (Vec2{0.0, 0.0}));
    EXPECT_EQ(lab.obstacle().segment().b, (Vec2{4.0, 0.0}));
    // About (2, 0) by a quarter turn: a and b end at (2, -2) and (2, 2); the ball at (0, 3) is
    // 2 from the pivot's vertical and never within 0.5 of the half-length-2 paddle... until the
    // paddle's end b, on the circle of radius 2 about (2, 0), comes within 0.5 of (0, 3): the
    // centers are sqrt(13) = 3.606 apart, more than 2.5: a miss.
    EXPECT_FALSE(lab.hit());
    // Both ends are 2 from the pivot; the handle is beyond the first, a, at t = 1: (0, 0) a
    // quarter turn about (2, 0) is (2, -2), and 1.25 times as far out, (2, -2.5). Dragged on to
    // (4, 0): a half turn.
    const Vec2 handle = lab.handle_position(Handle::ObstacleAngle);
    EXPECT_NEAR(handle.x, 2.0, 1e-15);
    EXPECT_NEAR(handle.y, -2.5, 1e-15);
    lab.drag(Handle::ObstacleAngle, {4.0, 0.0});
    EXPECT_NEAR(lab.obstacle().angle(), kPi, 1e-14);

    const ccd::Scene written = ccdlab::scene_with_lab(paddle_scene(), lab);
    ASSERT_TRUE(written.walls[0].pivot);
    EXPECT_EQ(*written.walls[0].pivot, (Vec2{2.0, 0.0}));
    EXPECT_EQ(written.walls[0].angle, lab.obstacle().angle());
    EXPECT_EQ(written.walls[0].segment, paddle_scene().walls[0].segment);
    // Opened again, the lab is where it was.
    const QueryLab again = QueryLab::from_scene(written);
    EXPECT_EQ(again.state(), lab.state());
}

TEST(QueryLabTurning, ATurningPolygonsCenterIsItsPivotAndItsAngleIsWrittenBack) {
    // A 2 x 2 square about (0, 0) turning a quarter turn in place, its pivot its area centroid
    // (0, 0), above a floor at y = -1.2.
    ccd::Scene scene;
    scene.polygons.push_back(square("crate", {-1.0, -1.0}, 2.0, {0.0, 0.0}, kPi / 2.0));
    scene.walls.push_back({"floor", {{-5.0, -1.2}, {5.0, -1.2}}});
    QueryLab lab = QueryLab::from_scene(scene);
    EXPECT_EQ(lab.kind().name, "rotating_polygon_segment");
    ASSERT_TRUE(lab.mover().turns());
    EXPECT_EQ(lab.handle_position(Handle::Center), (Vec2{0.0, 0.0}));
    // The floor at y = -1.2 is within the corners' reach sqrt(2) = 1.414: corner 0 starts at
    // -135 degrees, -1 high, and turns down through -90; its height is -sqrt(2) sin(pi/4 + phi),
    // -1.2 when sin(pi/4 + phi) = 1.2 / sqrt(2): phi = asin(0.8485) - pi/4 = 0.22777,
    // t = phi / (pi/2) = 0.14500.
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, (std::asin(1.2 / std::sqrt(2.0)) - kPi / 4.0) / (kPi / 2.0), 1e-9);
    EXPECT_EQ(lab.hit()->mover_vertex, 0);
    // The angle handle at t = 1: beyond the farthest vertex (0, at (-1, -1)) a quarter turn on,
    // (1, -1), 1.25 times as far from the pivot: (1.25, -1.25).
    const Vec2 angle = lab.handle_position(Handle::Angle);
    EXPECT_NEAR(angle.x, 1.25, 1e-15);
    EXPECT_NEAR(angle.y, -1.25, 1e-15);
    lab.drag(Handle::Angle, {-1.0, -1.0}); // back to where it starts: no turn, no contact
    EXPECT_NEAR(lab.mover().angle(), 0.0, 1e-15);
    EXPECT_FALSE(lab.hit());
    // Moving the center moves the outline; the orientation and the turn stay.
    lab.drag(Handle::Center, {0.0, 1.0});
    EXPECT_EQ(lab.mover().polygon().vertices[0], (Vec2{-1.0, 0.0}));
    const ccd::Scene written = ccdlab::scene_with_lab(scene, lab);
    EXPECT_EQ(written.polygons[0].angular_velocity, lab.mover().angle());
    EXPECT_EQ(written.polygons[0].polygon.vertices[0], (Vec2{-1.0, 0.0}));
    EXPECT_EQ(written.polygons[0].angle, 0.0);
}

TEST(QueryLabTurning, APolygonsOrientationPlacesItAtTZeroAndIsKept) {
    // The outline 4 x 0.2 lying down, turned upright by its angle pi/2 about (0, 0).
    ccd::Scene scene;
    ccd::PolygonBody plank;
    plank.name = "plank";
    plank.polygon.vertices = {{-2.0, -0.1}, {2.0, -0.1}, {2.0, 0.1}, {-2.0, 0.1}};
    plank.angle = kPi / 2.0;
    plank.angular_velocity = 2.0;
    scene.polygons.push_back(plank);
    scene.walls.push_back({"left wall", {{-5.0, 0.0}, {-1.0, 0.0}}});
    const QueryLab lab = QueryLab::from_scene(scene);
    const ccd::Polygon start = ccdlab::polygon_at(lab.mover(), 0.0);
    EXPECT_NEAR(start.vertices[0].x, 0.1, 1e-15); // (-2, -0.1) a quarter turn on
    EXPECT_NEAR(start.vertices[0].y, -2.0, 1e-15);
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, std::acos(0.1) / 2.0, 1e-9); // scenes/turning-plank-in-a-gap.json
    const ccd::Scene written = ccdlab::scene_with_lab(scene, lab);
    EXPECT_EQ(written, scene) << "nothing edited, nothing changed";
}

const ccdlab::AlgorithmAnswer& answer_named(const QueryLab& lab, std::string_view name) {
    for (const auto& answer : lab.algorithm_answers())
        if (answer.algorithm->name == name) return answer;
    throw std::runtime_error("no algorithm " + std::string(name));
}

TEST(QueryLabTurning, TheJudgeFlagsBox2DsLateAnswerAndNotTheAdvancementsMargin) {
    // scenes/turning-box2d-gives-up.json with the propeller's turn dragged to 2.26 turns: its
    // upper side 2 cos(phi) - 0.1 from the ball's center (0, 2) touches the ball of radius 0.3
    // at cos(phi) = 0.2, t = arccos(0.2) / (2.26 x 2 pi) = 0.0964. Box2D reports a contact
    // near the end of the frame, where the propeller has come back around: a miss of the first
    // contact. Conservative advancement stops short of it by its designed margin.
    const ccd::Scene scene = ccd::load_scene_file(std::filesystem::path(CCDLAB_SCENES_DIR) /
                                                  "turning-box2d-gives-up.json");
    QueryLab lab = QueryLab::from_scene(scene);
    ASSERT_TRUE(lab.obstacle().turns()) << "the propeller is the lab's obstacle";
    ccdlab::LabSide propeller = lab.obstacle();
    ccdlab::set_angle(propeller, 2.26 * 2.0 * kPi);
    lab.set_side(ccdlab::Side::Obstacle, propeller);
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, std::acos(0.2) / (2.26 * 2.0 * kPi), 1e-9);

    const ccdlab::AlgorithmAnswer& box2d = answer_named(lab, "box2d");
    ASSERT_TRUE(box2d.hit) << "Box2D reports a contact";
    EXPECT_GT(box2d.hit->t, 0.9) << "after the propeller came back around";
    ASSERT_TRUE(box2d.judgement);
    EXPECT_EQ(box2d.judgement->verdict, ccd::Verdict::Miss) << box2d.judgement->text;
    EXPECT_TRUE(box2d.disagrees());

    const ccdlab::AlgorithmAnswer& advancement = answer_named(lab, "conservative-advancement");
    ASSERT_TRUE(advancement.hit);
    EXPECT_LT(advancement.hit->t, lab.hit()->t) << "short of the contact";
    ASSERT_TRUE(advancement.judgement);
    EXPECT_EQ(advancement.judgement->verdict, ccd::Verdict::Agrees) << advancement.judgement->text;
    EXPECT_TRUE(advancement.judgement->by_design) << advancement.judgement->text;
    EXPECT_FALSE(advancement.disagrees());
    EXPECT_TRUE(lab.any_disagreement());
}

} // namespace
