// Importing a Box2D world (ccd/box2d_dump.hpp): a world made with Box2D 2.4.1 itself (Debian's
// libbox2d), dumped by its own b2World::Dump() (which writes box2d_dump.inl into the working
// folder), read back and made into a scene; every mapped number and the "not carried" list are
// checked against what the test set, worked out by hand.
#include "ccd/box2d_dump.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
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

TEST(Box2dImport, TheTourSceneIsThisDumpImported) {
    // scenes/box2d-import-ball-box-and-ground.json is this test's world as File > Import made it
    // (its title, description and view written by hand): the same bodies, polygons, segments
    // and units, bit for bit.
    const ccd::Box2dImport imported = ccd::import_box2d(
        ccd::parse_box2d_dump(dumped_world(), "box2d_dump.inl"), kDt, "box2d_dump.inl");
    const ccd::Scene tour = ccd::load_scene_file(std::filesystem::path(CCDLAB_SCENES_DIR) /
                                                 "box2d-import-ball-box-and-ground.json");
    EXPECT_EQ(tour.bodies, imported.scene.bodies);
    EXPECT_EQ(tour.polygons, imported.scene.polygons);
    EXPECT_EQ(tour.walls, imported.scene.walls);
    EXPECT_EQ(tour.units, imported.scene.units);
    // Its description's numbers: the ball moves (3, -12) x 1/60 = (0.05, -0.2) a frame.
    ASSERT_EQ(tour.bodies.size(), 1u);
    EXPECT_NEAR(tour.bodies[0].velocity.x, 0.05, 1e-15);
    EXPECT_NEAR(tour.bodies[0].velocity.y, -0.2, 1e-15);
    // The ball's bottom reaches the ground's top y = 0 after 3.75 / 0.2 = 18.75 frames (frame
    // 18, t = 0.75) at x = 0.5 + 0.05 x 18.75 = 1.4375, and leaves at (0.05, e x 0.2) with its
    // restitution e = 0.800000012 (0.8f as Box2D printed it; the ground's is 0).
    ccd::SceneWorld made = ccd::make_world(tour);
    for (int frame = 0; frame < 18; ++frame)
        EXPECT_TRUE(made.world.step().events.empty()) << "frame " << frame;
    const ccd::EventLog& log = made.world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].time, 0.75, 1e-9);
    EXPECT_NEAR(log.events[0].point.x, 1.4375, 1e-9);
    EXPECT_NEAR(log.events[0].point.y, 0.0, 1e-9);
    const bool ball_first =
        made.body_names[static_cast<std::size_t>(log.events[0].body)] == "body 1";
    const Vec2 after =
        ball_first ? log.events[0].body_velocity_after : log.events[0].other_velocity_after;
    EXPECT_NEAR(after.x, 0.05, 1e-12);
    EXPECT_NEAR(after.y, 0.800000012 * 0.2, 1e-12);
}

// What Box2D 2.4.1's b2Fixture::Dump writes for a chain (checked against Debian's libbox2d): a
// loop made by CreateLoop of (0, 0), (3, 0), (3, 1), (0, 1) is dumped as CreateChain of 5
// vertices, the first again at the end, with its neighbours as ghosts; an open chain made by
// CreateChain with ghosts (3, 5) and (-1, 5).
TEST(Box2dImport, ALoopAndAChainAreTheScenesChains) {
    const std::string dump =
        "b2Vec2 g(0, 0);\n{\n  b2BodyDef bd;\n  bd.type = b2BodyType(0);\n"
        "  {\n    b2FixtureDef fd;\n    b2ChainShape shape;\n    b2Vec2 vs[5];\n"
        "    vs[0].Set(0, 0);\n    vs[1].Set(3, 0);\n    vs[2].Set(3, 1);\n    vs[3].Set(0, 1);\n"
        "    vs[4].Set(0, 0);\n    shape.CreateChain(vs, 5);\n"
        "    shape.m_prevVertex.Set(0, 1);\n    shape.m_nextVertex.Set(3, 0);\n  }\n"
        "  {\n    b2FixtureDef fd;\n    b2ChainShape shape;\n    b2Vec2 vs[3];\n"
        "    vs[0].Set(2, 5);\n    vs[1].Set(1, 5);\n    vs[2].Set(0, 5);\n"
        "    shape.CreateChain(vs, 3);\n    shape.m_prevVertex.Set(3, 5);\n"
        "    shape.m_nextVertex.Set(-1, 5);\n  }\n}\n";
    const ccd::Box2dImport imported =
        ccd::import_box2d(ccd::parse_box2d_dump(dump, "d.inl"), kDt, "d.inl");
    ASSERT_EQ(imported.scene.chains.size(), 2u);
    EXPECT_EQ(imported.scene.chains[0],
              (ccd::Chain{"body 0", {{0, 0}, {3, 0}, {3, 1}, {0, 1}}, true}));
    EXPECT_EQ(imported.scene.chains[1],
              (ccd::Chain{"body 0 fixture 1", {{2, 5}, {1, 5}, {0, 5}}, false}));
    // The open chain's ghosts continue it straight; the scene's ends are free (the ghost before
    // (2, 5) is (2, 5) - front (0, 1) x 1 = (2, 4)): listed.
    EXPECT_TRUE(listed(imported.not_carried,
                       "body 0 fixture 1: its ghost vertices at the ends (m_prevVertex, "
                       "m_nextVertex): a scene's open chain has free ends"));
    EXPECT_EQ(ccd::parse_scene(ccd::scene_to_json(imported.scene), "again"), imported.scene);
}

TEST(Box2dImport, JointsChainsAndAStrangeLineAreSaid) {
    const std::string dump = "b2Vec2 g(0, 0);\n{\n  b2BodyDef bd;\n  bd.type = b2BodyType(0);\n"
                             "  {\n    b2FixtureDef fd;\n    b2ChainShape shape;\n"
                             "    b2Vec2 vs[3];\n    vs[0].Set(0, 0);\n    vs[1].Set(1, 0);\n"
                             "    vs[2].Set(2, 1);\n    shape.CreateChain(vs, 3);\n  }\n}\n"
                             "{\n  b2WeldJointDef jd;\n  jd.bodyA = bodies[0];\n}\n";
    const ccd::Box2dImport imported =
        ccd::import_box2d(ccd::parse_box2d_dump(dump, "d.inl"), kDt, "d.inl");
    // The chain on the static body is a scene's chain, open, its points as dumped.
    ASSERT_EQ(imported.scene.chains.size(), 1u);
    EXPECT_EQ(imported.scene.chains[0], (ccd::Chain{"body 0", {{0, 0}, {1, 0}, {2, 1}}, false}));
    EXPECT_TRUE(
        listed(imported.notes, "body 0: a chain, one-sided with ghost vertices, as Box2D's"));
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
