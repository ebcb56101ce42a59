// A scene's units (docs/scene-format.md, "Units"): with a time step the file's rates are per
// second and the loader makes them per frame (x dt); the writer writes them back per second.
#include "scene_error.hpp"

#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_units.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using ccd::parse_scene;
using ccd::Vec2;

using ccdlab_test::error_of;

// 1/60 as a double: 0.016666666666666666 (the nearest to 1/60, 1/60 - 9.25e-19).
const char* const kPixels = R"({"format": "ccdlab-scene", "version": 1,
  "units": {"length": "pixels", "pixels_per_metre": 32, "dt": 0.016666666666666666},
  "bodies": [ {"name": "ball", "shape": "circle", "position": [0, 0], "velocity": [600, -120], "radius": 8} ],
  "segments": [ {"name": "paddle", "a": [0, 100], "b": [50, 100], "da": [0, 60], "db": [0, 60]},
                {"name": "arm", "a": [200, 0], "b": [260, 0], "pivot": [200, 0], "angle": 6} ],
  "polygons": [ {"name": "crate", "vertices": [[100, 0], [132, 0], [132, 32], [100, 32]], "velocity": [-30, 0], "angular_velocity": 3} ]
})";

TEST(SceneUnits, ABallAt600PixelsASecondMoves10PixelsAFrameAt60Hz) {
    // 600 x 0.016666666666666666 = 9.9999999999999996 before rounding, within half an ulp of 10
    // (ulp(10) = 1.8e-15): 10 exactly. -120 x dt = -2 exactly the same way.
    const ccd::Scene scene = parse_scene(kPixels, "pixels.json");
    ASSERT_TRUE(scene.units);
    EXPECT_EQ(scene.units->length, ccd::LengthUnit::Pixels);
    EXPECT_EQ(scene.units->pixels_per_metre, 32.0);
    EXPECT_EQ(scene.dt(), 0.016666666666666666);
    EXPECT_EQ(scene.bodies[0].velocity, (Vec2{10.0, -2.0}));
    // Every rate: the paddle's ends 60 px/s -> 1 px a frame, the arm's 6 rad/s -> 0.1 rad a
    // frame (6 x dt rounds to the double nearest 0.1), the crate's -30 px/s -> -0.5 and
    // 3 rad/s -> 0.05 (the double nearest it).
    EXPECT_EQ(scene.walls[0].displacement_a, (Vec2{0.0, 1.0}));
    EXPECT_EQ(scene.walls[0].displacement_b, (Vec2{0.0, 1.0}));
    EXPECT_EQ(scene.walls[1].angle, 0.1);
    EXPECT_EQ(scene.polygons[0].velocity, (Vec2{-0.5, 0.0}));
    EXPECT_EQ(scene.polygons[0].angular_velocity, 0.05);
    // Lengths are not converted: pixels stay pixels.
    EXPECT_EQ(scene.bodies[0].circle.radius, 8.0);
}

TEST(SceneUnits, TheBallMoves10PixelsInTheWorldsFrame) {
    ccd::SceneWorld made = ccd::make_world(parse_scene(kPixels, "pixels.json"));
    made.world.step();
    EXPECT_EQ(made.world.body(0).shape.center, (Vec2{10.0, -2.0}));
}

TEST(SceneUnits, WithoutATimeStepRatesArePerFrameAsBefore) {
    const ccd::Scene scene = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "units": {"length": "metres"},
      "bodies": [ {"name": "ball", "shape": "circle", "position": [0, 0], "velocity": [600, 0], "radius": 1} ]})",
                                         "m.json");
    EXPECT_EQ(scene.bodies[0].velocity, (Vec2{600.0, 0.0}));
    EXPECT_EQ(scene.dt(), std::nullopt);
}

TEST(SceneUnits, TheWriterWritesRatesPerSecondAndTheTextComesBackTheSame) {
    const ccd::Scene scene = parse_scene(kPixels, "pixels.json");
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_NE(
        text.find(
            R"("units": { "length": "pixels", "pixels_per_metre": 32.0, "dt": 0.016666666666666666 })"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find(R"("velocity": [600.0, -120.0])"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("da": [0.0, 60.0])"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("angle": 6.0)"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("angular_velocity": 3.0)"), std::string::npos) << text;
    EXPECT_EQ(parse_scene(text, "saved.json"), scene);
    EXPECT_EQ(ccd::scene_to_json(parse_scene(text, "saved.json")), text);
    EXPECT_EQ(ccd::scene_from_link(ccd::scene_link(scene, "")), scene);
}

TEST(SceneUnits, PerSecondFindsTheNumberThatComesBackExactly) {
    // 0.1 a frame at dt = 0.1: 0.1 / 0.1 = 1, and 1 x 0.1 = 0.1: written 1.
    EXPECT_EQ(ccd::per_second(0.1, 0.1), 1.0);
    // A rate written with few digits comes back as written, bit for bit, though for hundreds
    // of them the quotient per_frame / dt is a neighbour one ulp off that reads back to the
    // same per-frame rate: k / 100 for k = 1 ... 19999 (the number a file with two decimals
    // holds) at dt = 1/60, 0.013 and 0.75.
    for (const double dt : {1.0 / 60.0, 0.013, 0.75})
        for (int k = 1; k < 20000; ++k) {
            const double written = k / 100.0;
            const double frame = ccd::per_frame(written, dt);
            EXPECT_EQ(ccd::per_second(frame, dt), written) << k << " " << dt;
        }
    // 3 m/s at 1/60 s: 0.05 a frame, and back to 3.
    EXPECT_EQ(ccd::per_second(ccd::per_frame(3.0, 1.0 / 60.0), 1.0 / 60.0), 3.0);
}

TEST(SceneUnits, BadUnitsAreRefusedWhereTheyStand) {
    std::string text = kPixels;
    text.replace(text.find("\"pixels\""), 8, "\"furlongs\"");
    EXPECT_EQ(error_of(text), "test.json: /units/length: unknown length unit \"furlongs\" "
                              "(expected metres or pixels)");
    text = kPixels;
    text.replace(text.find("\"pixels\""), 8, "\"metres\"");
    EXPECT_EQ(error_of(text), "test.json: /units/pixels_per_metre: a scene in metres has no "
                              "pixels per metre (say \"length\": \"pixels\")");
    text = kPixels;
    text.replace(text.find("0.016666666666666666"), 20, "0");
    EXPECT_EQ(error_of(text), "test.json: /units/dt: must be > 0, got 0");
    text = kPixels;
    text.replace(text.find("\"dt\""), 0, "\"fps\": 60, ");
    EXPECT_NE(error_of(text).find("test.json: /units/fps: unknown field \"fps\""),
              std::string::npos);
}

} // namespace
