// Static bodies in scene files ("static": true, docs/scene-format.md): what loads, what is
// refused and where, what the writer and a link give back, and what the World makes of them.
#include "scene_error.hpp"

#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using ccd::parse_scene;
using ccd::Vec2;

using ccdlab_test::error_of;

const char* const kTiles = R"({"format": "ccdlab-scene", "version": 1,
  "bodies": [ {"name": "ball", "shape": "circle", "position": [0, 0], "velocity": [10, 0], "radius": 1},
              {"name": "peg", "shape": "point", "static": true, "position": [0, 9]} ],
  "polygons": [ {"name": "tile", "static": true, "vertices": [[5, -1], [7, -1], [7, 1], [5, 1]], "restitution": 0.5},
                {"name": "crate", "static": false, "vertices": [[0, 5], [1, 5], [1, 6]], "velocity": [1, 0]} ]
})";

TEST(SceneStaticBody, ABodyOrPolygonMayBeStaticAndThenHasNoVelocity) {
    const ccd::Scene scene = parse_scene(kTiles, "tiles.json");
    ASSERT_EQ(scene.bodies.size(), 2u);
    EXPECT_FALSE(scene.bodies[0].is_static);
    EXPECT_TRUE(scene.bodies[1].is_static);
    EXPECT_EQ(scene.bodies[1].velocity, (Vec2{}));
    ASSERT_EQ(scene.polygons.size(), 2u);
    EXPECT_TRUE(scene.polygons[0].is_static);
    EXPECT_EQ(scene.polygons[0].restitution, 0.5);
    EXPECT_FALSE(scene.polygons[1].is_static);
    EXPECT_EQ(scene.polygons[1].velocity, (Vec2{1.0, 0.0}));
}

TEST(SceneStaticBody, AStaticBodyGivenAVelocityIsRefusedAtTheVelocity) {
    std::string text = kTiles;
    text.replace(text.find("\"position\": [0, 9]"), 0, "\"velocity\": [0, 0], ");
    EXPECT_EQ(error_of(text), "test.json: /bodies/1/velocity: a static body never moves and has "
                              "infinite mass: leave \"velocity\" out");
}

TEST(SceneStaticBody, AStaticPolygonGivenASpinADensityOrAMassIsRefusedThere) {
    for (const std::string field : {"velocity", "angular_velocity", "density", "mass"}) {
        std::string text = kTiles;
        const std::string value = field == "velocity" ? "[1, 0]" : "1";
        text.replace(text.find("\"restitution\": 0.5"), 0, "\"" + field + "\": " + value + ", ");
        EXPECT_EQ(error_of(text), "test.json: /polygons/0/" + field +
                                      ": a static body never moves and has infinite mass: "
                                      "leave \"" +
                                      field + "\" out");
    }
}

TEST(SceneStaticBody, StaticMustBeTrueOrFalse) {
    std::string text = kTiles;
    text.replace(text.find("\"static\": true"), 14, "\"static\": 1");
    EXPECT_EQ(error_of(text), "test.json: /bodies/1/static: expected true or false");
}

TEST(SceneStaticBody, AMovingBodyStillNeedsItsVelocity) {
    std::string text = kTiles;
    text.replace(text.find("\"velocity\": [1, 0]"), 18, "\"angle\": 0");
    EXPECT_EQ(error_of(text), "test.json: /polygons/1: missing required field \"velocity\"");
}

TEST(SceneStaticBody, TheWriterWritesStaticAndNoVelocityAndTheTextLoadsBackEqual) {
    const ccd::Scene scene = parse_scene(kTiles, "tiles.json");
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_NE(
        text.find(R"({ "name": "peg", "shape": "point", "static": true, "position": [0.0, 9.0], )"
                  R"("response": "bounce", "restitution": 1.0 })"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find(R"({ "name": "tile", "static": true, "vertices": )"), std::string::npos)
        << text;
    EXPECT_EQ(text.find(R"("static": false)"), std::string::npos) << text; // the default
    EXPECT_EQ(parse_scene(text, "saved.json"), scene);
}

TEST(SceneStaticBody, ALinkCarriesStaticBodies) {
    const ccd::Scene scene = parse_scene(kTiles, "tiles.json");
    const ccd::Scene back = ccd::scene_from_link(ccd::scene_link(scene, "https://x/"));
    EXPECT_EQ(back, scene);
    EXPECT_TRUE(back.bodies[1].is_static);
    EXPECT_TRUE(back.polygons[0].is_static);
}

TEST(SceneStaticBody, TheWorldKeepsAStaticBodyWhereItIs) {
    // The ball (radius 1, 10 a frame along y = 0) meets the tile's left face x = 5 at t = 0.4;
    // the restitutions mix by the larger (1 and 0.5: 1), so it leaves at -10 and is at -2 at
    // t = 1. The tile, body 2 (the bodies first, then the polygons), stays about (6, 0).
    ccd::SceneWorld made = ccd::make_world(parse_scene(kTiles, "tiles.json"));
    made.world.step();
    EXPECT_NEAR(made.world.body(0).shape.center.x, -2.0, 1e-12);
    EXPECT_TRUE(made.world.body(1).is_static);
    EXPECT_TRUE(made.world.body(2).is_static);
    EXPECT_EQ(made.world.body(2).shape.center, (Vec2{6.0, 0.0}));
    EXPECT_EQ(made.world.body(2).velocity, (Vec2{}));
    EXPECT_EQ(made.body_names[2], "tile");
}

} // namespace
