// Turning bodies in a scene file (docs/scene-format.md, "Turning"): a polygon's angle and angular
// velocity about its area centroid, a segment's pivot and angle, its density or mass; the
// canonical writer; the World's refusal of what it does not step.
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/scene_writer.hpp"
#include "scene_error.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

namespace {

using ccd::parse_scene;

using ccdlab_test::error_of;

std::string world_refusal(const ccd::Scene& scene) {
    try {
        ccd::make_world(scene);
    } catch (const ccd::SceneError& e) {
        return e.what();
    }
    return "";
}

const char* const kTurning = R"({"format": "ccdlab-scene", "version": 1,
  "segments": [ {"name": "paddle", "a": [0, 0], "b": [4, 0], "pivot": [1, 0], "angle": 3} ],
  "polygons": [ {"name": "L", "vertices": [[0, 0], [2, 0], [2, 1], [1, 1], [1, 3], [0, 3]],
                 "velocity": [1, 0], "angle": 0.5, "angular_velocity": -2} ]
})";

TEST(TurningScene, ReadsASegmentsPivotAndAngleAndAPolygonsAngleAndAngularVelocity) {
    const ccd::Scene scene = parse_scene(kTurning, "x.json");
    ASSERT_EQ(scene.walls.size(), 1u);
    ASSERT_TRUE(scene.walls[0].pivot);
    EXPECT_EQ(*scene.walls[0].pivot, (ccd::Vec2{1.0, 0.0}));
    EXPECT_EQ(scene.walls[0].angle, 3.0);
    EXPECT_TRUE(scene.walls[0].turns());
    EXPECT_FALSE(scene.walls[0].is_static()) << "a turning wall moves";
    ASSERT_EQ(scene.polygons.size(), 1u);
    EXPECT_EQ(scene.polygons[0].angle, 0.5);
    EXPECT_EQ(scene.polygons[0].angular_velocity, -2.0);
    EXPECT_TRUE(scene.polygons[0].turns());
}

TEST(TurningScene, APolygonTurnsAboutItsAreaCentroidNotItsVertexCentroid) {
    // The L of kTurning: a 2 x 1 foot (area 2, centroid (1, 0.5)) and a 1 x 2 upright (area 2,
    // centroid (0.5, 2)): area centroid (0.75, 1.25). Its vertex centroid is (1, 4/3).
    const ccd::Scene scene = parse_scene(kTurning, "x.json");
    const ccd::PolygonBody& l = scene.polygons[0];
    EXPECT_DOUBLE_EQ(l.centroid().x, 0.75);
    EXPECT_DOUBLE_EQ(l.centroid().y, 1.25);
    const ccd::Turning turning = l.turning();
    EXPECT_EQ(turning.pivot, l.centroid());
    EXPECT_EQ(turning.displacement, (ccd::Vec2{1.0, 0.0}));
    EXPECT_EQ(turning.angle, -2.0);
}

TEST(TurningScene, APolygonStartsTurnedByItsAngleAboutItsCentroid) {
    // The unit square about (0.5, 0.5) turned a quarter turn: vertex (0, 0) goes to (1, 0).
    const ccd::Scene scene = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "q", "vertices": [[0, 0], [1, 0], [1, 1], [0, 1]], "velocity": [0, 0],
                     "angle": 1.5707963267948966} ]})",
                                         "x.json");
    const ccd::Polygon start = scene.polygons[0].at_start();
    EXPECT_NEAR(start.vertices[0].x, 1.0, 1e-15);
    EXPECT_NEAR(start.vertices[0].y, 0.0, 1e-15);
    EXPECT_NEAR(start.vertices[1].x, 1.0, 1e-15);
    EXPECT_NEAR(start.vertices[1].y, 1.0, 1e-15);
    // Without an angle the outline is the polygon at t = 0, bit for bit.
    const ccd::Scene plain = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "q", "vertices": [[0.1, 0.2], [1, 0], [1, 1]], "velocity": [0, 0]} ]})",
                                         "x.json");
    EXPECT_EQ(plain.polygons[0].at_start(), plain.polygons[0].polygon);
    EXPECT_FALSE(plain.polygons[0].turns());
}

TEST(TurningScene, AnAngleWithoutAPivotOrAPivotWithMovingEndsIsRefused) {
    EXPECT_EQ(error_of(R"({"format": "ccdlab-scene", "version": 1,
      "segments": [ {"name": "s", "a": [0, 0], "b": [1, 0], "angle": 1} ]})"),
              "test.json: /segments/0/angle: a turning segment needs a \"pivot\" to turn about");
    EXPECT_EQ(error_of(R"({"format": "ccdlab-scene", "version": 1,
      "segments": [ {"name": "s", "a": [0, 0], "b": [1, 0], "pivot": [0, 0], "angle": 1,
                     "db": [0, 1]} ]})"),
              "test.json: /segments/0/pivot: a segment turns about a pivot or moves its ends "
              "(\"da\", \"db\"), not both");
    EXPECT_EQ(error_of(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "p", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0],
                     "angular_velocity": "fast"} ]})"),
              "test.json: /polygons/0/angular_velocity: expected a number, got string \"fast\"");
}

TEST(TurningScene, ThePivotAloneKeepsASegmentStatic) {
    const ccd::Scene scene = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "segments": [ {"name": "s", "a": [0, 0], "b": [1, 0], "pivot": [0, 0]} ]})",
                                         "x.json");
    EXPECT_FALSE(scene.walls[0].turns());
    EXPECT_TRUE(scene.walls[0].is_static());
    EXPECT_EQ(world_refusal(scene), "");
}

TEST(TurningScene, TheWriterKeepsTheTurnAndLeavesNonTurningPolygonsAsBefore) {
    const ccd::Scene scene = parse_scene(kTurning, "x.json");
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_NE(text.find(R"("pivot": [1.0, 0.0], "angle": 3.0)"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("angle": 0.5, "angular_velocity": -2.0)"), std::string::npos) << text;
    EXPECT_EQ(parse_scene(text, "back.json"), scene);
    // A polygon that never turns (no angular velocity) is written without either key (as before
    // turning existed).
    ccd::Scene plain = scene;
    plain.walls.clear();
    plain.polygons[0].angle = 0.0;
    plain.polygons[0].angular_velocity.reset();
    const std::string plain_text = ccd::scene_to_json(plain);
    EXPECT_EQ(plain_text.find("angle"), std::string::npos) << plain_text;
    EXPECT_EQ(plain_text.find("angular_velocity"), std::string::npos) << plain_text;
}

TEST(TurningScene, AnAngularVelocityOf0IsKeptAndWritten) {
    // Given, even 0, it makes the polygon turn freely when hit: the writer keeps it.
    const ccd::Scene scene = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "crate", "vertices": [[0, 0], [1, 0], [1, 1], [0, 1]],
                     "velocity": [0, 0], "angular_velocity": 0} ]})",
                                         "x.json");
    ASSERT_TRUE(scene.polygons[0].angular_velocity);
    EXPECT_EQ(*scene.polygons[0].angular_velocity, 0.0);
    EXPECT_TRUE(scene.polygons[0].free_rotation());
    EXPECT_FALSE(scene.polygons[0].turns());
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_NE(text.find(R"("angular_velocity": 0.0)"), std::string::npos) << text;
    EXPECT_EQ(parse_scene(text, "back.json"), scene);
}

TEST(TurningScene, ReadsAndWritesAPolygonsDensityOrMass) {
    const ccd::Scene scene = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "a", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0],
                     "density": 2.5},
                    {"name": "b", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0],
                     "mass": 3} ]})",
                                         "x.json");
    EXPECT_EQ(scene.polygons[0].density, 2.5);
    EXPECT_FALSE(scene.polygons[0].mass);
    EXPECT_EQ(scene.polygons[1].mass, 3.0);
    EXPECT_FALSE(scene.polygons[1].density);
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_NE(text.find(R"("density": 2.5)"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("mass": 3.0)"), std::string::npos) << text;
    EXPECT_EQ(parse_scene(text, "back.json"), scene);
    EXPECT_EQ(error_of(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "a", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0],
                     "density": 1, "mass": 1} ]})"),
              "test.json: /polygons/0/mass: a polygon has a \"density\" or a \"mass\", not both");
    EXPECT_NE(error_of(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "a", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0],
                     "mass": 0} ]})")
                  .find("/polygons/0/mass"),
              std::string::npos);
}

TEST(TurningScene, TheWorldRefusesATurningPolygonThatIsNotConvexAndStepsATurningSegment) {
    const ccd::Scene scene = parse_scene(kTurning, "x.json");
    const std::string polygon = world_refusal(scene);
    EXPECT_EQ(polygon, "polygon \"L\": the World turns convex polygons only (it has an angular "
                       "velocity); the query lab (--mode query) answers turning queries of "
                       "convex ones");
    ASSERT_TRUE(ccd::turning_refusal(scene));
    EXPECT_EQ(*ccd::turning_refusal(scene), polygon);
    ccd::Scene wall_only = scene;
    wall_only.polygons.clear();
    EXPECT_EQ(world_refusal(wall_only), "") << "a turning segment is a turning wall";
    EXPECT_FALSE(ccd::turning_refusal(wall_only));
    ccd::SceneWorld paddle = ccd::make_world(wall_only);
    EXPECT_EQ(paddle.world.wall_turning(0).pivot, (ccd::Vec2{1.0, 0.0}));
    EXPECT_EQ(paddle.world.wall_turning(0).angle, 3.0);
    // Beside a turning segment, a polygon that is not convex is refused, though nothing of it
    // turns (the turning queries take convex polygons).
    ccd::Scene fixed_l = scene;
    fixed_l.polygons[0].angular_velocity.reset();
    EXPECT_EQ(world_refusal(fixed_l),
              "polygon \"L\": the World turns convex polygons only (it is not convex, and "
              "segment \"paddle\" turns); the query lab (--mode query) answers turning queries "
              "of convex ones");
    // A convex turning polygon is stepped; beside it, a polygon that is not convex is refused,
    // though it does not turn itself (the turning queries take convex polygons).
    ccd::Scene square = wall_only;
    square.polygons.push_back(ccd::PolygonBody{"square",
                                               {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}},
                                               {1.0, 0.0},
                                               ccd::ResponseKind::Bounce,
                                               1.0,
                                               0.0,
                                               0.5});
    square.walls.clear();
    EXPECT_EQ(world_refusal(square), "");
    ccd::Scene with_l = square;
    with_l.polygons.push_back(scene.polygons[0]);
    with_l.polygons.back().angular_velocity.reset();
    EXPECT_EQ(world_refusal(with_l),
              "polygon \"L\": the World turns convex polygons only (it is not convex, and "
              "polygon \"square\" turns); the query lab (--mode query) answers turning queries "
              "of convex ones");
    // A polygon that starts turned but does not turn is stepped, from where its angle puts it.
    ccd::Scene turned = scene;
    turned.walls.clear();
    turned.polygons[0].angular_velocity.reset();
    EXPECT_FALSE(ccd::turning_refusal(turned));
    ccd::SceneWorld world = ccd::make_world(turned);
    ASSERT_EQ(world.world.body_count(), 1);
    const auto outline = world.world.outline(0);
    const ccd::Polygon start = turned.polygons[0].at_start();
    ASSERT_EQ(outline.size(), start.vertices.size());
    const ccd::Vec2 center = world.world.body(0).shape.center;
    for (std::size_t i = 0; i < outline.size(); ++i) {
        EXPECT_NEAR(center.x + outline[i].x, start.vertices[i].x, 1e-15);
        EXPECT_NEAR(center.y + outline[i].y, start.vertices[i].y, 1e-15);
    }
}

} // namespace
