// Scene files: what loads, and what each kind of mistake says.
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using ccd::parse_scene;
using ccd::SceneError;

std::string error_of(const std::string& text) {
    try {
        parse_scene(text, "test.json");
    } catch (const SceneError& e) {
        return e.what();
    }
    return "(no error)";
}

const char* const kMinimal = R"({
  "format": "ccdlab-scene", "version": 1,
  "bodies": [ {"name": "ball", "shape": "circle", "position": [1, 2], "velocity": [3, -4], "radius": 0.5} ],
  "segments": [ {"name": "wall", "a": [0, 0], "b": [5, 0]} ]
})";

TEST(SceneLoader, ReadsBodiesSegmentsAndView) {
    const auto scene = parse_scene(R"({
      "format": "ccdlab-scene", "version": 1, "title": "T", "description": "D",
      "view": {"center": [1, 2], "height": 7},
      "bodies": [ {"name": "ball", "shape": "circle", "position": [1, 2], "velocity": [3, -4], "radius": 0.5},
                  {"name": "dot", "shape": "point", "position": [0.1, 0.2], "velocity": [0, 0]} ],
      "segments": [ {"name": "wall", "a": [0, 0], "b": [5, 0]} ]
    })",
                                   "x.json");
    EXPECT_EQ(scene.title, "T");
    EXPECT_EQ(scene.description, "D");
    ASSERT_TRUE(scene.view);
    EXPECT_EQ(scene.view->height, 7.0);
    ASSERT_EQ(scene.bodies.size(), 2u);
    EXPECT_EQ(scene.bodies[0].name, "ball");
    EXPECT_EQ(scene.bodies[0].circle.center, (ccd::Vec2{1.0, 2.0}));
    EXPECT_EQ(scene.bodies[0].velocity, (ccd::Vec2{3.0, -4.0}));
    EXPECT_EQ(scene.bodies[0].circle.radius, 0.5);
    EXPECT_EQ(scene.bodies[1].shape, ccd::BodyShape::Point);
    EXPECT_EQ(scene.bodies[1].circle.radius, 0.0);
    ASSERT_EQ(scene.walls.size(), 1u);
    EXPECT_EQ(scene.walls[0].segment.b, (ccd::Vec2{5.0, 0.0}));
}

TEST(SceneLoader, ReadsEachBodysResponseAndRestitutionWithBounceAndOneByDefault) {
    const auto scene = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "bodies": [ {"name": "a", "shape": "circle", "position": [0, 0], "velocity": [0, 0], "radius": 1},
                  {"name": "b", "shape": "circle", "position": [0, 0], "velocity": [0, 0], "radius": 1,
                   "response": "stop"},
                  {"name": "c", "shape": "point", "position": [0, 0], "velocity": [0, 0],
                   "response": "bounce", "restitution": 0.25} ]})",
                                   "x.json");
    EXPECT_EQ(scene.bodies[0].response, ccd::BodyResponse::Bounce);
    EXPECT_EQ(scene.bodies[0].restitution, 1.0);
    EXPECT_EQ(scene.bodies[1].response, ccd::BodyResponse::Stop);
    EXPECT_EQ(scene.bodies[2].restitution, 0.25);
}

TEST(SceneLoader, AnUnknownResponseOrARestitutionOutOfRangeIsRefused) {
    std::string text = kMinimal;
    text.replace(text.find("\"radius\""), 0, "\"response\": \"teleport\", ");
    EXPECT_NE(
        error_of(text).find("/bodies/0/response: unknown response \"teleport\" (expected bounce, "
                            "slide, stop, destroy or sensor)"),
        std::string::npos)
        << error_of(text);
    text = kMinimal;
    text.replace(text.find("\"radius\""), 0, "\"restitution\": 1.5, ");
    EXPECT_NE(error_of(text).find("/bodies/0/restitution: must be from 0 to 1, got 1.5"),
              std::string::npos)
        << error_of(text);
}

TEST(SceneLoader, NumbersAreReadToTheLastBit) {
    const auto scene = parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "bodies": [ {"name": "b", "shape": "circle", "position": [0.1, 1e-300], "velocity": [0, 0], "radius": 0.30000000000000004} ]})",
                                   "x.json");
    EXPECT_EQ(scene.bodies[0].circle.center.x, 0.1);
    EXPECT_EQ(scene.bodies[0].circle.center.y, 1e-300);
    EXPECT_EQ(scene.bodies[0].circle.radius, 0.1 + 0.2);
}

TEST(SceneLoader, MalformedJsonNamesFileLineAndColumn) {
    // The stray ']' is on line 3, column 14.
    const std::string text = "{\n  \"format\": \"ccdlab-scene\",\n  \"version\": ]\n}";
    const std::string error = error_of(text);
    EXPECT_EQ(error.rfind("test.json:3:14: malformed JSON", 0), 0u) << error;
}

TEST(SceneLoader, UnknownFieldIsAnErrorAtItsPointer) {
    std::string text = kMinimal;
    text.replace(text.find("\"radius\""), 0, "\"colour\": \"red\", ");
    const std::string error = error_of(text);
    EXPECT_NE(error.find("test.json: /bodies/0/colour: unknown field \"colour\""),
              std::string::npos)
        << error;
}

TEST(SceneLoader, NegativeRadiusIsRejected) {
    std::string text = kMinimal;
    text.replace(text.find("0.5"), 3, "-1");
    const std::string error = error_of(text);
    EXPECT_NE(error.find("/bodies/0/radius: must be >= 0, got -1"), std::string::npos) << error;
}

TEST(SceneLoader, WrongTypeSaysWhatWasExpected) {
    std::string text = kMinimal;
    text.replace(text.find("[1, 2]"), 6, "\"here\"");
    const std::string error = error_of(text);
    EXPECT_NE(error.find("/bodies/0/position: expected a point or vector [x, y], got string"),
              std::string::npos)
        << error;
}

TEST(SceneLoader, MissingFieldIsNamed) {
    std::string text = kMinimal;
    text.replace(text.find("\"velocity\": [3, -4], "), 21, "");
    const std::string error = error_of(text);
    EXPECT_NE(error.find("/bodies/0: missing required field \"velocity\""), std::string::npos)
        << error;
}

TEST(SceneLoader, NewerVersionAsksForANewerCcdlab) {
    std::string text = kMinimal;
    text.replace(text.find("\"version\": 1"), 12, "\"version\": 2");
    const std::string error = error_of(text);
    EXPECT_NE(error.find("/version: version 2 is newer than this ccdlab reads (1)"),
              std::string::npos)
        << error;
}

TEST(SceneLoader, OtherFormatsAreRefused) {
    std::string text = kMinimal;
    text.replace(text.find("ccdlab-scene"), 12, "something");
    EXPECT_NE(error_of(text).find("/format: expected \"ccdlab-scene\""), std::string::npos);
}

TEST(SceneLoader, NumbersTooLargeForADoubleAreRejected) {
    std::string text = kMinimal;
    text.replace(text.find("0.5"), 3, "1e999");
    EXPECT_EQ(error_of(text), "test.json: number overflow parsing '1e999'");
}

TEST(SceneLoader, MissingFileIsNamed) {
    try {
        ccd::load_scene_file("/nonexistent/dir/scene.json");
        FAIL() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "/nonexistent/dir/scene.json: cannot open the file (does it exist?)");
    }
}

TEST(SceneLoader, EveryShippedSceneLoads) {
    for (const auto& entry : std::filesystem::directory_iterator(CCDLAB_SCENES_DIR)) {
        if (entry.path().extension() != ".json") continue;
        SCOPED_TRACE(entry.path().string());
        EXPECT_NO_THROW(ccd::load_scene_file(entry.path()));
    }
}

TEST(SceneFraming, ViewCoversStartAndEndOfEveryBodyAndEveryWall) {
    const auto scene = parse_scene(kMinimal, "x.json");
    const ccd::View view = ccd::framing_view(scene);
    // Extent: x from 0 to 5, y from -2.5 (end of the ball, minus its radius) to 2.5.
    EXPECT_EQ(view.center, (ccd::Vec2{2.5, 0.0}));
    EXPECT_DOUBLE_EQ(view.height, 5.0 * 1.3);
}

} // namespace
