// The world view's turning polygons: the outline drawn at a scrubbed t between two bounces is
// where the core's pose puts it (ccd::pose_at, ccd::placed_outline), and that is where the World
// itself has the body when walked to the same t; the outlines at the path's vertices; the spin
// handle of the scene editor (spin_arc, move_handle). Expected values by hand in the comments,
// or the World's own state.
#include "scene_edits.hpp"
#include "turning_outline.hpp"

#include "ccd/path_position.hpp"
#include "ccd/scene.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace {

using ccd::Vec2;
using ccdlab::SceneHandle;
using ccdlab::SceneItem;

// A square of side 1 spinning at 3 radians a frame, moving right at 6 a frame between two walls
// 1.6 apart (x = +-1.6): it bounces off each, several times a frame. Body 1, after a ball that
// stays out of its way.
ccd::Scene spinning_square_between_walls() {
    ccd::Scene scene;
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 5.0}, 0.25}, {}});
    ccd::PolygonBody square;
    square.name = "square";
    square.polygon.vertices = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
    square.velocity = {6.0, 0.0};
    square.angular_velocity = 3.0;
    scene.polygons.push_back(square);
    scene.walls.push_back({"left", {{-1.6, -3.0}, {-1.6, 3.0}}});
    scene.walls.push_back({"right", {{1.6, -3.0}, {1.6, 3.0}}});
    return scene;
}

// `v` turned by `angle` about the origin, by the textbook rotation.
Vec2 turned(Vec2 v, double angle) {
    return {std::cos(angle) * v.x - std::sin(angle) * v.y,
            std::sin(angle) * v.x + std::cos(angle) * v.y};
}

TEST(TurningOutline, BetweenTwoBouncesItIsDrawnWhereTheCoreAndTheWorldHaveIt) {
    const ccd::Scene scene = spinning_square_between_walls();
    ccd::SceneWorld run = ccd::make_world(scene);
    const ccd::EventLog log = run.world.step();
    const ccd::BodyPath& path = log.paths.at(1);
    ASSERT_GE(path.points.size(), 4u) << "two bounces at least: start, two events, end";
    // The first two bounces, and the time halfway between them.
    const ccd::PathPoint& first = path.points[1];
    const ccd::PathPoint& second = path.points[2];
    ASSERT_LT(first.time, second.time);
    ASSERT_NE(first.angle, second.angle) << "it turns between them";
    const double t = 0.5 * (first.time + second.time);
    const std::vector<Vec2> outline(run.world.outline(1).begin(), run.world.outline(1).end());

    const std::vector<Vec2> drawn = ccdlab::turning_outline_at(path, outline, t);
    // The core's pose, bit for bit.
    const ccd::BodyPose pose = ccd::pose_at(path, t);
    EXPECT_EQ(drawn, ccd::placed_outline(outline, pose));
    // Halfway in time is halfway in angle (a constant rate between two vertices).
    EXPECT_NEAR(pose.angle, 0.5 * (first.angle + second.angle), 1e-12);
    // The World walked to t has the square there, turned as much: its center and angle, and
    // each corner its outline turned by that angle about the center.
    ccd::SceneWorld walked = ccd::make_world(scene);
    walked.world.advance_to(t);
    const ccd::WorldBody body = walked.world.body(1);
    EXPECT_NEAR(pose.angle, body.angle, 1e-12);
    ASSERT_EQ(drawn.size(), 4u);
    for (std::size_t k = 0; k < drawn.size(); ++k) {
        const Vec2 corner = body.shape.center + turned(outline[k], body.angle);
        EXPECT_NEAR(drawn[k].x, corner.x, 1e-12) << k;
        EXPECT_NEAR(drawn[k].y, corner.y, 1e-12) << k;
    }
    // The corners are where the World had them, not the start's orientation moved there.
    EXPECT_GT(std::abs(drawn[0].x - (body.shape.center.x + outline[0].x)), 0.01);
}

TEST(TurningOutline, AtEachVertexOfItsPathItIsTurnedAsTheWorldRecordedThere) {
    const ccd::Scene scene = spinning_square_between_walls();
    ccd::SceneWorld run = ccd::make_world(scene);
    const ccd::EventLog log = run.world.step();
    const ccd::BodyPath& path = log.paths.at(1);
    const std::vector<Vec2> outline(run.world.outline(1).begin(), run.world.outline(1).end());
    const auto outlines = ccdlab::turning_outlines_at_vertices(path, outline);
    ASSERT_EQ(outlines.size(), path.points.size());
    // At the frame's start: the scene's square as it is, (+-0.5, +-0.5) about the origin.
    EXPECT_EQ(outlines.front(),
              (std::vector<Vec2>{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}));
    // At the frame's end (no bounce leaves it spinning at 3 a frame) the World's own state.
    const ccd::WorldBody end = run.world.body(1);
    for (std::size_t k = 0; k < outline.size(); ++k) {
        const Vec2 corner = end.shape.center + turned(outline[k], end.angle);
        EXPECT_NEAR(outlines.back()[k].x, corner.x, 1e-12) << k;
        EXPECT_NEAR(outlines.back()[k].y, corner.y, 1e-12) << k;
    }
    EXPECT_TRUE(ccdlab::turning_outline_at(ccd::BodyPath{}, outline, 0.5).empty());
}

TEST(SpinHandle, TheArcStartsAtTheFirstVertexAndSweepsTheTurnOfAFrame) {
    // The square (0, 0)-(2, 2) (centroid (1, 1), farthest vertex sqrt 2 away) turning at 0.5:
    // the arc about (1, 1) of radius 1.25 sqrt 2 starts toward vertex 0, (0, 0), at -3 pi / 4,
    // and ends at -3 pi / 4 + 0.5.
    ccd::Scene scene;
    const SceneItem box = ccdlab::add_box(scene, {1.0, 1.0}, 1.0, {});
    scene.polygons[0].angular_velocity = 0.5;
    const ccdlab::SpinArc arc = ccdlab::spin_arc(scene.polygons[0]);
    EXPECT_EQ(arc.center, (Vec2{1.0, 1.0}));
    EXPECT_NEAR(arc.radius, 1.25 * std::sqrt(2.0), 1e-15);
    EXPECT_NEAR(arc.start, -0.75 * std::numbers::pi, 1e-15);
    EXPECT_EQ(arc.sweep, 0.5);
    const SceneHandle spin{box, SceneHandle::Part::Spin};
    const Vec2 end = ccdlab::handle_position(scene, spin);
    const double at = -0.75 * std::numbers::pi + 0.5;
    EXPECT_NEAR(end.x, 1.0 + 1.25 * std::sqrt(2.0) * std::cos(at), 1e-14);
    EXPECT_NEAR(end.y, 1.0 + 1.25 * std::sqrt(2.0) * std::sin(at), 1e-14);
}

TEST(SpinHandle, DraggingItRoundSetsTheAngularVelocityAndWindsOnPastAHalfTurn) {
    ccd::Scene scene;
    const SceneItem box = ccdlab::add_box(scene, {0.0, 0.0}, 1.0, {});
    scene.polygons[0].angular_velocity = 0.0;
    const SceneHandle spin{box, SceneHandle::Part::Spin};
    // Vertex 0 is at (-1, -1): the arc starts at -3 pi / 4. The handle dragged to the
    // direction of (1, -1), -pi / 4, sets pi / 2; on to (1, 1), pi / 4: pi.
    ccdlab::move_handle(scene, spin, {3.0, -3.0});
    EXPECT_NEAR(*scene.polygons[0].angular_velocity, std::numbers::pi / 2.0, 1e-15);
    ccdlab::move_handle(scene, spin, {2.0, 2.0});
    EXPECT_NEAR(*scene.polygons[0].angular_velocity, std::numbers::pi, 1e-15);
    // On round: (-1, 1), at 3 pi / 4, is 3 pi / 2 counter-clockwise from the start; then past
    // the start again to (0, -1), at -pi / 2, a quarter turn past the start: 2 pi + pi / 4.
    ccdlab::move_handle(scene, spin, {-1.0, 1.0});
    EXPECT_NEAR(*scene.polygons[0].angular_velocity, 1.5 * std::numbers::pi, 1e-15);
    ccdlab::move_handle(scene, spin, {0.0, -1.0});
    EXPECT_NEAR(*scene.polygons[0].angular_velocity, 2.25 * std::numbers::pi, 1e-14);
    // Back the other way, a quarter turn at a time: 3 pi / 2, pi, pi / 2, pi / 4.
    for (const Vec2 to : {Vec2{-1.0, 1.0}, Vec2{1.0, 1.0}, Vec2{1.0, -1.0}, Vec2{0.0, -1.0}})
        ccdlab::move_handle(scene, spin, to);
    EXPECT_NEAR(*scene.polygons[0].angular_velocity, 0.25 * std::numbers::pi, 1e-14);
    // (-1, 0), at pi, is a quarter turn clockwise of the start (or 7 pi / 4 the other way):
    // from pi / 4, the nearer way round is back below zero.
    ccdlab::move_handle(scene, spin, {-1.0, 0.0});
    EXPECT_NEAR(*scene.polygons[0].angular_velocity, -0.25 * std::numbers::pi, 1e-14);
    // The center leaves it alone.
    ccdlab::move_handle(scene, spin, {0.0, 0.0});
    EXPECT_NEAR(*scene.polygons[0].angular_velocity, -0.25 * std::numbers::pi, 1e-14);
}

TEST(SpinHandle, OnlyATurningPolygonHasOneToPick) {
    ccd::Scene scene;
    const SceneItem box = ccdlab::add_box(scene, {0.0, 0.0}, 1.0, {});
    ccdlab::Camera camera;
    camera.width = 800;
    camera.height = 600;
    camera.look_at({{0.0, 0.0}, 12.0}); // 50 px per unit
    const SceneHandle spin{box, SceneHandle::Part::Spin};
    scene.polygons[0].angular_velocity = 1.0;
    const Vec2 at = camera.to_screen(ccdlab::handle_position(scene, spin));
    EXPECT_EQ(ccdlab::pick_handle(scene, at, camera, 6.0), spin);
    scene.polygons[0].angular_velocity.reset(); // fixed rotation: no spin handle
    EXPECT_NE(ccdlab::pick_handle(scene, at, camera, 6.0), spin);
}

TEST(SpinHandle, APolygonIsAWorldBodyAfterTheCircles) {
    const ccd::Scene scene = spinning_square_between_walls();
    EXPECT_EQ(ccdlab::world_body_index(scene, {SceneItem::Kind::Body, 0}), 0);
    EXPECT_EQ(ccdlab::world_body_index(scene, {SceneItem::Kind::Polygon, 0}), 1);
    EXPECT_FALSE(ccdlab::world_body_index(scene, {SceneItem::Kind::Segment, 0}).has_value());
    EXPECT_EQ(ccd::make_world(scene).body_names.at(1), "square");
}

} // namespace
