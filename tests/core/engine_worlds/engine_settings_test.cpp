// The scene's engines section: read with located errors, written back as read.
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ccd {
namespace {

std::string scene_with_engines(const std::string& engines) {
    return R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0,0],"velocity":[1,0],"radius":0.1}],
      "segments":[{"name":"wall","a":[1,-1],"b":[1,1]}],
      "engines":)" +
           engines + "}";
}

std::string error_of(const std::string& engines) {
    try {
        parse_scene(scene_with_engines(engines), "s.json");
    } catch (const SceneError& e) {
        return e.what();
    }
    return "(loaded)";
}

TEST(EngineSettings, AreReadAsWritten) {
    const Scene scene = parse_scene(scene_with_engines(R"({"dt":0.01,
          "box2d":{"velocity_iterations":6,"position_iterations":2,"bullets":["ball"]},
          "bullet":{"ccd_motion_threshold":0.05,"ccd_swept_sphere_radius":0.02,
                    "bodies":[{"name":"ball","ccd_motion_threshold":0.01}]},
          "chipmunk":{"iterations":20,"collision_slop":0.001}})"),
                                    "s.json");
    ASSERT_TRUE(scene.engines);
    const EngineSettings& e = *scene.engines;
    EXPECT_EQ(e.dt, 0.01);
    EXPECT_EQ(e.box2d.velocity_iterations, 6);
    EXPECT_EQ(e.box2d.position_iterations, 2);
    EXPECT_EQ(e.box2d.bullets, std::vector<std::string>{"ball"});
    EXPECT_EQ(e.bullet.ccd_motion_threshold, 0.05);
    EXPECT_EQ(e.bullet.ccd_swept_sphere_radius, 0.02);
    ASSERT_EQ(e.bullet.bodies.size(), 1u);
    EXPECT_EQ(e.bullet.bodies[0].ccd_motion_threshold, 0.01);
    EXPECT_EQ(e.bullet.bodies[0].ccd_swept_sphere_radius, std::nullopt);
    EXPECT_EQ(e.chipmunk.iterations, 20);
    EXPECT_EQ(e.chipmunk.collision_slop, 0.001);
    EXPECT_EQ(parse_scene(scene_to_json(scene), "saved"), scene) << "written back as read";
}

TEST(EngineSettings, LeftOutAreTheEnginesDefaults) {
    const Scene scene = parse_scene(scene_with_engines("{}"), "s.json");
    ASSERT_TRUE(scene.engines);
    EXPECT_EQ(scene.engines->dt, 1.0 / 60.0);
    EXPECT_EQ(scene.engines->box2d.velocity_iterations, 8);
    EXPECT_EQ(scene.engines->box2d.position_iterations, 3);
    EXPECT_EQ(scene.engines->bullet.ccd_motion_threshold, 0.0);
    EXPECT_EQ(scene.engines->chipmunk.iterations, 10);
    EXPECT_EQ(scene.engines->chipmunk.collision_slop, 0.1);
    const std::string saved = scene_to_json(parse_scene(scene_with_engines("{}"), "s.json"));
    EXPECT_NE(saved.find("\"engines\""), std::string::npos);
}

TEST(EngineSettings, ASceneWithoutThemIsWrittenWithoutThem) {
    const std::string text = R"({"format":"ccdlab-scene","version":1})";
    EXPECT_EQ(scene_to_json(parse_scene(text, "s.json")).find("engines"), std::string::npos);
}

TEST(EngineSettings, ErrorsNameThePlace) {
    EXPECT_EQ(error_of(R"({"box2d":{"bullets":["wall"]}})"),
              "s.json: /engines/box2d/bullets/0: \"wall\" is not the name of a body or polygon "
              "in this scene");
    EXPECT_EQ(error_of(R"({"bullet":{"ccd_motion_threshold":-1}})"),
              "s.json: /engines/bullet/ccd_motion_threshold: must be >= 0, got -1");
    EXPECT_EQ(error_of(R"({"dt":0})"), "s.json: /engines/dt: must be > 0, got 0");
    EXPECT_EQ(error_of(R"({"box2d":{"velocity_iterations":0}})"),
              "s.json: /engines/box2d/velocity_iterations: must be from 1 to 1000, got 0");
    EXPECT_EQ(error_of(R"({"havok":{}})"),
              "s.json: /engines/havok: unknown field \"havok\" (expected one of: dt, box2d, "
              "bullet, chipmunk)");
    EXPECT_EQ(error_of(R"({"bullet":{"bodies":[{"name":"ball"},{"name":"ball"}]}})"),
              "s.json: /engines/bullet/bodies/1/name: \"ball\" has its settings already");
}

TEST(EngineSettings, ABodyRemovedTakesItsSettingsAlong) {
    Scene scene = parse_scene(scene_with_engines(R"({"box2d":{"bullets":["ball"]},
          "bullet":{"bodies":[{"name":"ball","ccd_motion_threshold":0.01}]}})"),
                              "s.json");
    scene.bodies.clear();
    forget_engine_settings_of(scene, "ball");
    EXPECT_TRUE(scene.engines->box2d.bullets.empty());
    EXPECT_TRUE(scene.engines->bullet.bodies.empty());
    EXPECT_NO_THROW(parse_scene(scene_to_json(scene), "saved")) << "it saves and loads again";
}

} // namespace
} // namespace ccd
