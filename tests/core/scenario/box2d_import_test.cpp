// Importing a Box2D world (ccd/box2d_dump.hpp): a world made with Box2D 2.4.1 itself (Debian's
// libbox2d), dumped by its own b2World::Dump() (which writes box2d_dump.inl into the working
// folder), read back and made into a scene; every mapped number and the "not carried" list are
// checked against what the test set, worked out by hand.
#include "ccd/box2d_dump.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <box2d/box2d.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using ccd::Vec2;

constexpr double kDt = 1.0 / 60.0;

// The text b2World::Dump writes for: a static ground box (half sizes 10 x 1 at (0, -1)), a
// dynamic ball (radius 0.25 at (0.5, 4), 3 and -12 m/s, a bullet, density 2, friction 0.3,
// restitution 0.8) and a dynamic box (half size 0.5 at (-2, 2) turned 0.25 rad, 1.5 m/s along x,
// 0.5 rad/s, density 1), gravity (0, -10). Box2D keeps its bodies newest first: the dump lists
// the box (bodies[0]), the ball (bodies[1]), the ground (bodies[2]).
std::string dumped_world() {
    b2World world(b2Vec2(0.0f, -10.0f));
    b2BodyDef ground_def;
    ground_def.position.Set(0.0f, -1.0f);
    b2PolygonShape ground_box;
    ground_box.SetAsBox(10.0f, 1.0f);
    world.CreateBody(&ground_def)->CreateFixture(&ground_box, 0.0f);

    b2BodyDef ball_def;
    ball_def.type = b2_dynamicBody;
    ball_def.position.Set(0.5f, 4.0f);
    ball_def.linearVelocity.Set(3.0f, -12.0f);
    ball_def.bullet = true;
    b2CircleShape circle;
    circle.m_radius = 0.25f;
    b2FixtureDef ball_fixture;
    ball_fixture.shape = &circle;
    ball_fixture.density = 2.0f;
    ball_fixture.friction = 0.3f;
    ball_fixture.restitution = 0.8f;
    world.CreateBody(&ball_def)->CreateFixture(&ball_fixture);

    b2BodyDef box_def;
    box_def.type = b2_dynamicBody;
    box_def.position.Set(-2.0f, 2.0f);
    box_def.angle = 0.25f;
    box_def.linearVelocity.Set(1.5f, 0.0f);
    box_def.angularVelocity = 0.5f;
    b2PolygonShape box;
    box.SetAsBox(0.5f, 0.5f);
    world.CreateBody(&box_def)->CreateFixture(&box, 1.0f);

    // Box2D 2.4.1's b2World::Dump opens box2d_dump.inl in the working folder itself.
    const fs::path folder =
        fs::temp_directory_path() / ("ccdlab-box2d-dump-" + std::to_string(getpid()));
    fs::create_directories(folder);
    const fs::path before = fs::current_path();
    fs::current_path(folder);
    world.Dump();
    fs::current_path(before);
    std::ifstream in(folder / "box2d_dump.inl");
    std::ostringstream text;
    text << in.rdbuf();
    fs::remove_all(folder);
    return text.str();
}

bool listed(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

TEST(Box2dImport, Box2dsOwnDumpIsReadBodyByBody) {
    const ccd::Box2dWorld world = ccd::parse_box2d_dump(dumped_world(), "box2d_dump.inl");
    EXPECT_EQ(world.gravity, (Vec2{0.0, -10.0}));
    ASSERT_EQ(world.bodies.size(), 3u);
    const ccd::Box2dBody& box = world.bodies[0];
    EXPECT_EQ(box.type, 2);
    EXPECT_EQ(box.position, (Vec2{-2.0, 2.0}));
    EXPECT_EQ(box.angle, 0.25);
    EXPECT_EQ(box.linear_velocity, (Vec2{1.5, 0.0}));
    EXPECT_EQ(box.angular_velocity, 0.5);
    ASSERT_EQ(box.fixtures.size(), 1u);
    EXPECT_EQ(box.fixtures[0].kind, ccd::Box2dFixture::Kind::Polygon);
    EXPECT_EQ(box.fixtures[0].density, 1.0);
    ASSERT_EQ(box.fixtures[0].vertices.size(), 4u);
    EXPECT_EQ(box.fixtures[0].vertices[0], (Vec2{-0.5, -0.5}));
    const ccd::Box2dBody& ball = world.bodies[1];
    EXPECT_TRUE(ball.bullet);
    EXPECT_EQ(ball.linear_velocity, (Vec2{3.0, -12.0}));
    EXPECT_EQ(ball.fixtures[0].kind, ccd::Box2dFixture::Kind::Circle);
    EXPECT_EQ(ball.fixtures[0].radius, 0.25);
    // Floats printed with 9 digits (%.9g): 0.8f is 0.800000012, 0.3f 0.300000012.
    EXPECT_EQ(ball.fixtures[0].restitution, 0.800000012);
    EXPECT_EQ(ball.fixtures[0].friction, 0.300000012);
    EXPECT_EQ(world.bodies[2].type, 0);
    EXPECT_TRUE(world.joints.empty());
}

TEST(Box2dImport, EveryNumberIsMappedToTheSceneInMetresPerSecond) {
    const ccd::Box2dImport imported =
        ccd::import_box2d(ccd::parse_box2d_dump(dumped_world(), "d.inl"), kDt, "d.inl");
    const ccd::Scene& scene = imported.scene;
    ASSERT_TRUE(scene.units);
    EXPECT_EQ(scene.units->length, ccd::LengthUnit::Metres);
    EXPECT_EQ(scene.dt(), kDt);
    // The ball: a body at (0.5, 4), radius 0.25; 3 and -12 m/s are 0.05 and -0.2 a frame at
    // 1/60 s (3 x 0.016666666666666666 and -12 x it round to those doubles).
    ASSERT_EQ(scene.bodies.size(), 1u);
    EXPECT_EQ(scene.bodies[0].name, "body 1");
    EXPECT_EQ(scene.bodies[0].circle.center, (Vec2{0.5, 4.0}));
    EXPECT_EQ(scene.bodies[0].circle.radius, 0.25);
    EXPECT_EQ(scene.bodies[0].velocity, (Vec2{0.05, -0.2}));
    EXPECT_EQ(scene.bodies[0].restitution, 0.800000012);
    EXPECT_FALSE(scene.bodies[0].is_static);
    ASSERT_EQ(scene.polygons.size(), 2u);
    // The box: its corners (+-0.5, +-0.5) turned by 0.25 about (-2, 2); it turns freely
    // (dynamic, not fixedRotation): 0.5 rad/s, 0.5 / 60 a frame; its density 1; its centroid,
    // the center of mass, moves 1.5 / 60 a frame.
    const ccd::PolygonBody& box = scene.polygons[0];
    EXPECT_EQ(box.name, "body 0");
    const double c = std::cos(0.25), s = std::sin(0.25);
    const Vec2 corners[] = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
    ASSERT_EQ(box.polygon.vertices.size(), 4u);
    for (int k = 0; k < 4; ++k) {
        EXPECT_NEAR(box.polygon.vertices[k].x, -2.0 + c * corners[k].x - s * corners[k].y, 1e-15);
        EXPECT_NEAR(box.polygon.vertices[k].y, 2.0 + s * corners[k].x + c * corners[k].y, 1e-15);
    }
    EXPECT_EQ(box.angular_velocity, 0.5 * kDt);
    EXPECT_EQ(box.density, 1.0);
    EXPECT_NEAR(box.velocity.x, 1.5 * kDt, 1e-17);
    EXPECT_NEAR(box.velocity.y, 0.0, 1e-17);
    // The ground: a static polygon, the box (+-10, +-1) about (0, -1).
    const ccd::PolygonBody& ground = scene.polygons[1];
    EXPECT_EQ(ground.name, "body 2");
    EXPECT_TRUE(ground.is_static);
    EXPECT_EQ(ground.polygon.vertices[0], (Vec2{-10.0, -2.0}));
    EXPECT_EQ(ground.polygon.vertices[2], (Vec2{10.0, 0.0}));
    EXPECT_EQ(ground.density, std::nullopt);
}

TEST(Box2dImport, WhatTheSceneCannotCarryIsListed) {
    const ccd::Box2dImport imported =
        ccd::import_box2d(ccd::parse_box2d_dump(dumped_world(), "d.inl"), kDt, "d.inl");
    const std::vector<std::string>& lines = imported.not_carried;
    const std::string skin = ": polygon radius (Box2D's skin, b2_polygonRadius 0.01): the "
                             "scene's shapes have none";
    for (const std::string& line :
         {std::string("body 0: friction 0.200000003: a scene has no friction"), "body 0" + skin,
          std::string("body 1: friction 0.300000012: a scene has no friction"),
          std::string("body 1: restitution threshold 1 m/s: a scene bounces at any speed"),
          std::string("body 1: density 2: a scene's circle has mass 1"),
          std::string("body 2: friction 0.200000003: a scene has no friction"), "body 2" + skin})
        EXPECT_TRUE(listed(lines, line)) << line;
    EXPECT_EQ(lines.size(), 7u);
    // Gravity is carried: (0, -10) m/s^2 at dt, 10 x dt^2 a frame squared (the scene's units).
    EXPECT_EQ(imported.scene.gravity, (Vec2{0.0, -10.0 * (kDt * kDt)}));
    EXPECT_FALSE(listed(lines, "gravity"));
    ASSERT_EQ(imported.notes.size(), 1u);
    EXPECT_EQ(imported.notes[0],
              "body 1: bullet: every ccdlab body is continuous, a bullet or not");
}

TEST(Box2dImport, TheSceneSavesPerSecondAndLoadsBackTheSame) {
    const ccd::Box2dImport imported =
        ccd::import_box2d(ccd::parse_box2d_dump(dumped_world(), "d.inl"), kDt, "d.inl");
    const std::string text = ccd::scene_to_json(imported.scene);
    EXPECT_NE(text.find(R"("velocity": [3.0, -12.0])"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("angular_velocity": 0.5)"), std::string::npos) << text;
    EXPECT_EQ(ccd::parse_scene(text, "imported.json"), imported.scene);
}

TEST(Box2dImport, JointsChainsAndAStrangeLineAreSaid) {
    const std::string dump = "b2Vec2 g(0, 0);\n{\n  b2BodyDef bd;\n  bd.type = b2BodyType(0);\n"
                             "  {\n    b2FixtureDef fd;\n    b2ChainShape shape;\n"
                             "    b2Vec2 vs[3];\n    vs[0].Set(0, 0);\n    vs[1].Set(1, 0);\n"
                             "    vs[2].Set(2, 1);\n    shape.CreateChain(vs, 3);\n  }\n}\n"
                             "{\n  b2WeldJointDef jd;\n  jd.bodyA = bodies[0];\n}\n";
    const ccd::Box2dImport imported =
        ccd::import_box2d(ccd::parse_box2d_dump(dump, "d.inl"), kDt, "d.inl");
    EXPECT_TRUE(listed(imported.not_carried,
                       "body 0: a chain of 3 vertices: a scene has no chains (line 6)"));
    EXPECT_TRUE(listed(imported.not_carried, "joint 0 (b2WeldJointDef): a scene has no joints"));
    try {
        ccd::parse_box2d_dump("b2Vec2 g(0, 0);\n{\n  b2BodyDef bd;\n  bd.mass = 3;\n}\n", "d.inl");
        ADD_FAILURE() << "no error";
    } catch (const ccd::Box2dDumpError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "d.inl:4: not a statement b2World::Dump writes: \"bd.mass = 3;\"");
    }
}

} // namespace
