// A scene's gravity and each body's gravity scale (docs/scene-format.md, "Gravity"): read per
// frame squared, or per second squared with a time step (x dt x dt), written back the same way,
// refused where they stand, carried by a link.
#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_units.hpp"
#include "ccd/scene_writer.hpp"
#include "scene_error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using ccd::parse_scene;
using ccd::Vec2;

using ccdlab_test::error_of;

const char* const kPerFrame = R"({"format": "ccdlab-scene", "version": 1,
  "gravity": [0, -0.5],
  "bodies": [ {"name": "ball", "shape": "circle", "position": [0, 2], "velocity": [1, 0], "radius": 0.25},
              {"name": "balloon", "shape": "circle", "position": [3, 2], "velocity": [0, 0], "radius": 0.5, "gravity_scale": -0.5},
              {"name": "peg", "shape": "point", "static": true, "position": [5, 0]} ],
  "polygons": [ {"name": "crate", "vertices": [[0, 0], [1, 0], [1, 1], [0, 1]], "velocity": [0, 0], "gravity_scale": 2} ]
})";

TEST(SceneGravity, GravityAndScalesAreReadPerFrameSquaredWithoutATimeStep) {
    const ccd::Scene scene = parse_scene(kPerFrame, "g.json");
    EXPECT_EQ(scene.gravity, (Vec2{0.0, -0.5}));
    EXPECT_EQ(scene.bodies[0].gravity_scale, 1.0); // the default
    EXPECT_EQ(scene.bodies[1].gravity_scale, -0.5);
    EXPECT_EQ(scene.bodies[2].gravity_scale, 1.0);
    EXPECT_EQ(scene.polygons[0].gravity_scale, 2.0);
}

TEST(SceneGravity, ASceneWithoutGravityHasNoneAndIsWrittenWithout) {
    const ccd::Scene scene = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "bodies": [ {"name": "ball", "shape": "circle", "position": [0, 0], "velocity": [1, 0], "radius": 1} ]})",
                                         "none.json");
    EXPECT_EQ(scene.gravity, (Vec2{0.0, 0.0}));
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_EQ(text.find("gravity"), std::string::npos) << text;
}

TEST(SceneGravity, WithATimeStepGravityIsPerSecondSquared) {
    // dt = 0.25 s: dt x dt = 1/16 exactly, and -9.81 / 16 = -0.613125 exactly (a power of two).
    const ccd::Scene quarter = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "units": {"dt": 0.25}, "gravity": [1, -9.81],
      "bodies": [ {"name": "ball", "shape": "circle", "position": [0, 0], "velocity": [4, 0], "radius": 1} ]})",
                                           "q.json");
    EXPECT_EQ(quarter.gravity, (Vec2{0.0625, -0.613125}));
    EXPECT_EQ(quarter.bodies[0].velocity, (Vec2{1.0, 0.0}));
    // A Rapier scene's 9.81 m/s^2 at 1/60 s: 9.81 / 3600 = 0.002725 a frame squared (to the
    // rounding of dt x dt and of the product: within 2 ulps).
    const ccd::Scene rapier = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "units": {"length": "metres", "dt": 0.016666666666666666}, "gravity": [0, -9.81],
      "bodies": [ {"name": "box", "shape": "circle", "position": [0, 1], "velocity": [0, 0], "radius": 0.1} ]})",
                                          "r.json");
    EXPECT_EQ(rapier.gravity.x, 0.0);
    EXPECT_NEAR(rapier.gravity.y, -0.002725, 1e-18);
    // Written back per second squared, as the file had it, and read back bit for bit.
    const std::string text = ccd::scene_to_json(rapier);
    EXPECT_NE(text.find(R"("gravity": [0.0, -9.81])"), std::string::npos) << text;
    EXPECT_EQ(parse_scene(text, "saved.json"), rapier);
}

TEST(SceneGravity, TheWriterAndALinkKeepGravityAndScales) {
    const ccd::Scene scene = parse_scene(kPerFrame, "g.json");
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_NE(text.find(R"("gravity": [0.0, -0.5])"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("gravity_scale": -0.5)"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("gravity_scale": 2.0)"), std::string::npos) << text;
    // A scale of 1, the default, is not written: one "gravity_scale" per body that has another.
    EXPECT_EQ(
        text.find("gravity_scale", text.find("gravity_scale", text.find("gravity_scale") + 1) + 1),
        std::string::npos)
        << text;
    EXPECT_EQ(parse_scene(text, "saved.json"), scene);
    EXPECT_EQ(ccd::scene_to_json(parse_scene(text, "saved.json")), text);
    EXPECT_EQ(ccd::scene_from_link(ccd::scene_link(scene, "")), scene);
}

TEST(SceneGravity, BadGravityIsRefusedWhereItStands) {
    std::string text = kPerFrame;
    text.replace(text.find("[0, -0.5]"), 9, "-9.81");
    EXPECT_EQ(error_of(text),
              "test.json: /gravity: expected a point or vector [x, y], got number -9.81");
    text = kPerFrame;
    text.replace(text.find("\"gravity_scale\": -0.5"), 21, "\"gravity_scale\": \"half\"");
    EXPECT_EQ(error_of(text), "test.json: /bodies/1/gravity_scale: expected a number, got "
                              "string \"half\"");
    text = kPerFrame;
    text.replace(text.find("\"static\": true,"), 15, "\"static\": true, \"gravity_scale\": 2,");
    EXPECT_EQ(error_of(text), "test.json: /bodies/2/gravity_scale: a static body never moves and "
                              "has infinite mass: leave \"gravity_scale\" out");
    text = kPerFrame;
    text.replace(text.find("\"gravity\""), 9, "\"gravity\": [0, 1], \"gravity\"");
    EXPECT_NE(error_of(text).find("duplicate"), std::string::npos) << error_of(text);
}

} // namespace
