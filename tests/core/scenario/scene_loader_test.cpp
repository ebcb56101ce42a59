// Scene files: what loads, and what each kind of mistake says.
#include "scene_error.hpp"
#include "shipped_scenes.hpp"

#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

namespace {

using ccd::parse_scene;
using ccd::SceneError;

using ccdlab_test::error_of;

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
    EXPECT_EQ(scene.bodies[0].response, ccd::ResponseKind::Bounce);
    EXPECT_EQ(scene.bodies[0].restitution, 1.0);
    EXPECT_EQ(scene.bodies[1].response, ccd::ResponseKind::Stop);
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

TEST(SceneLoader, NumbersTooLargeForADoubleAreRejectedAtTheirLineAndColumn) {
    std::string text = kMinimal;
    text.replace(text.find("0.5"), 3, "1e999");
    // Line 3 of kMinimal; the radius's value starts at column 102.
    EXPECT_EQ(error_of(text),
              "test.json:3:102: number overflow parsing '1e999' (beyond the largest double)");
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
    for (const auto& path : ccd_test::shipped_scene_files()) {
        SCOPED_TRACE(path.string());
        EXPECT_NO_THROW(ccd::load_scene_file(path));
    }
}

// A scene with one of everything: a body, a static and a kinematic segment, a polygon, an
// algorithm and an expectation.
const char* const kFull = R"({
  "format": "ccdlab-scene", "version": 1, "algorithm": "seed004",
  "bodies": [ {"name": "ball", "shape": "circle", "position": [0, 1], "velocity": [0, -1], "radius": 0.5} ],
  "segments": [ {"name": "floor", "a": [-2, 0], "b": [2, 0]},
                {"name": "paddle", "a": [3, 0], "b": [4, 0], "da": [0, 1]} ],
  "polygons": [ {"name": "box", "vertices": [[5, 0], [6, 0], [6, 1]], "velocity": [-1, 0]} ],
  "expect": { "frames": 2, "tolerance": {"time": 1e-6},
              "events": [ {"time": 0.5, "a": "ball", "b": "floor", "feature": "interior",
                           "point": [0, 0], "normal": [0, 1]},
                          {"frame": 1, "time": 0.25, "a": "ball", "b": "box", "feature": "polygon_edge",
                           "point": [5, 0.5], "normal": [-1, 0]} ] }
})";

// kFull with `from` (which must occur) replaced by `to`.
std::string full_with(const std::string& from, const std::string& to) {
    std::string text = kFull;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

TEST(SceneLoader, ReadsKinematicSegmentsPolygonsTheAlgorithmAndTheExpectation) {
    const auto scene = parse_scene(kFull, "x.json");
    EXPECT_EQ(scene.algorithm, "seed004");
    ASSERT_EQ(scene.walls.size(), 2u);
    EXPECT_TRUE(scene.walls[0].is_static());
    EXPECT_FALSE(scene.walls[1].is_static());
    EXPECT_EQ(scene.walls[1].displacement_a, (ccd::Vec2{0.0, 1.0}));
    EXPECT_EQ(scene.walls[1].displacement_b, (ccd::Vec2{0.0, 0.0})) << "absent: does not move";
    EXPECT_EQ(scene.walls[1].moving().at(1.0).a, (ccd::Vec2{3.0, 1.0}));
    ASSERT_EQ(scene.polygons.size(), 1u);
    EXPECT_EQ(scene.polygons[0].name, "box");
    ASSERT_EQ(scene.polygons[0].polygon.vertices.size(), 3u);
    EXPECT_EQ(scene.polygons[0].polygon.vertices[2], (ccd::Vec2{6.0, 1.0}));
    EXPECT_EQ(scene.polygons[0].velocity, (ccd::Vec2{-1.0, 0.0}));
    ASSERT_TRUE(scene.expect);
    EXPECT_EQ(scene.expect->frames, 2);
    EXPECT_EQ(scene.expect->tolerance.time, 1e-6);
    EXPECT_EQ(scene.expect->tolerance.distance, 1e-9) << "the default";
    ASSERT_EQ(scene.expect->events.size(), 2u);
    const ccd::ExpectedEvent& first = scene.expect->events[0];
    EXPECT_EQ(first.frame, 0);
    EXPECT_EQ(first.time, 0.5);
    EXPECT_EQ(first.a, "ball");
    EXPECT_EQ(first.b, "floor");
    EXPECT_EQ(first.feature, ccd::Feature::SegmentInterior);
    EXPECT_EQ(first.normal, (ccd::Vec2{0.0, 1.0}));
    EXPECT_EQ(scene.expect->events[1].frame, 1);
    EXPECT_EQ(scene.expect->events[1].feature, ccd::Feature::PolygonEdge);
    EXPECT_EQ(scene.expect->events[1].point, (ccd::Vec2{5.0, 0.5}));
}

TEST(SceneLoader, DefaultsWithoutTheNewSections) {
    const auto scene = parse_scene(kMinimal, "x.json");
    EXPECT_EQ(scene.algorithm, "exact");
    EXPECT_TRUE(scene.polygons.empty());
    EXPECT_FALSE(scene.expect);
    const ccd::Expectation expect;
    EXPECT_EQ(expect.frames, 1);
    EXPECT_EQ(expect.tolerance.time, 1e-9);
    EXPECT_EQ(expect.tolerance.distance, 1e-9);
}

TEST(SceneLoader, ARestitutionBelowZeroOrOfTheWrongTypeIsRefused) {
    std::string text = kMinimal;
    text.replace(text.find("\"radius\""), 0, "\"restitution\": -0.5, ");
    EXPECT_NE(error_of(text).find("/bodies/0/restitution: must be from 0 to 1, got -0.5"),
              std::string::npos)
        << error_of(text);
    text = kMinimal;
    text.replace(text.find("\"radius\""), 0, "\"restitution\": \"high\", ");
    EXPECT_NE(error_of(text).find("/bodies/0/restitution: expected a number, got string"),
              std::string::npos)
        << error_of(text);
}

TEST(SceneLoader, ANameUsedTwiceIsRefusedAtTheSecondUse) {
    // A segment named like the body.
    const std::string error = error_of(full_with("\"name\": \"floor\"", "\"name\": \"ball\""));
    EXPECT_NE(error.find("test.json: /segments/0/name: duplicate name \"ball\" (already used by "
                         "/bodies/0/name"),
              std::string::npos)
        << error;
    // A polygon named like a segment.
    EXPECT_NE(error_of(full_with("\"name\": \"box\"", "\"name\": \"paddle\""))
                  .find("/polygons/0/name: duplicate name \"paddle\" (already used by "
                        "/segments/1/name"),
              std::string::npos);
}

TEST(SceneLoader, AnEmptyNameIsRefused) {
    EXPECT_NE(error_of(full_with("\"name\": \"box\"", "\"name\": \"\""))
                  .find("/polygons/0/name: a name must not be empty"),
              std::string::npos);
}

TEST(SceneLoader, APolygonWithTwoVerticesIsRefused) {
    const std::string error = error_of(full_with("[[5, 0], [6, 0], [6, 1]]", "[[5, 0], [6, 0]]"));
    EXPECT_NE(error.find("/polygons/0/vertices: a polygon needs at least 3 vertices, got 2"),
              std::string::npos)
        << error;
    EXPECT_NE(error_of(full_with("[6, 1]]", "[6]]"))
                  .find("/polygons/0/vertices/2: expected a point or vector [x, y], got array [6]"),
              std::string::npos);
}

TEST(SceneLoader, APolygonHasAResponseAndARestitutionLikeABody) {
    EXPECT_EQ(parse_scene(kFull, "x.json").polygons[0].response, ccd::ResponseKind::Bounce);
    const auto scene = parse_scene(full_with("\"velocity\": [-1, 0]}",
                                             "\"velocity\": [-1, 0], \"response\": \"stop\", "
                                             "\"restitution\": 0.25}"),
                                   "x.json");
    EXPECT_EQ(scene.polygons[0].response, ccd::ResponseKind::Stop);
    EXPECT_EQ(scene.polygons[0].restitution, 0.25);
    const std::string error = error_of(
        full_with("\"velocity\": [-1, 0]}", "\"velocity\": [-1, 0], \"response\": \"melt\"}"));
    EXPECT_NE(error.find("/polygons/0/response: unknown response \"melt\""), std::string::npos)
        << error;
}

// A polygon's "position" is where its vertices are measured from: the square [-1, 1]^2 about
// (10, 20), turned a quarter turn, is the square [9, 11] x [19, 21], its centroid (10, 20), and
// the World has it there; without a position the vertices are where it is. Worked by hand.
TEST(SceneLoader, APolygonsVerticesAreAboutItsPosition) {
    const std::string text = R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "crate", "position": [10, 20], "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]],
                     "velocity": [0, 0], "angle": 1.5707963267948966, "angular_velocity": 0} ]})";
    const ccd::Scene scene = parse_scene(text, "x.json");
    const ccd::PolygonBody& crate = scene.polygons[0];
    EXPECT_EQ(crate.position, (ccd::Vec2{10.0, 20.0}));
    EXPECT_EQ(crate.polygon.vertices[0], (ccd::Vec2{-1.0, -1.0})); // as given
    EXPECT_EQ(crate.centroid(), (ccd::Vec2{10.0, 20.0}));
    EXPECT_EQ(crate.placed_outline().vertices[2], (ccd::Vec2{11.0, 21.0}));
    // A quarter turn counter-clockwise takes (-1, -1) to (1, -1).
    EXPECT_NEAR(crate.at_start().vertices[0].x, 11.0, 1e-15);
    EXPECT_NEAR(crate.at_start().vertices[0].y, 19.0, 1e-15);
    const ccd::SceneWorld run = ccd::make_world(scene);
    EXPECT_EQ(run.world.body(0).shape.center, (ccd::Vec2{10.0, 20.0}));
    EXPECT_EQ(parse_scene(kFull, "x.json").polygons[0].position, (ccd::Vec2{}));
    const std::string error = error_of(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [ {"name": "p", "position": [1], "vertices": [[0, 0], [1, 0], [0, 1]], "velocity": [0, 0]} ]})");
    EXPECT_NE(error.find("/polygons/0/position: expected a point or vector [x, y]"),
              std::string::npos)
        << error;
}

TEST(SceneLoader, APolygonRespondsAsTheSceneSays) {
    // The crate [0, 2] x [0, 2] moves 4 a frame toward a still ball (r = 1) at (5, 1): its
    // right side meets the ball at t = 0.5 (scene_world: polygons after the circles). As a
    // sensor it reports the contact and both go on; told to stop, it stops there, at (3, 1).
    const std::string scene_text = R"({"format": "ccdlab-scene", "version": 1,
      "bodies": [ {"name": "ball", "shape": "circle", "position": [5, 1], "velocity": [0, 0], "radius": 1} ],
      "polygons": [ {"name": "crate", "vertices": [[0, 0], [2, 0], [2, 2], [0, 2]], "velocity": [4, 0],
                     "response": "RESPONSE"} ]})";
    for (const std::string response : {"sensor", "stop"}) {
        SCOPED_TRACE(response);
        std::string text = scene_text;
        text.replace(text.find("RESPONSE"), 8, response);
        ccd::SceneWorld world = ccd::make_world(parse_scene(text, "x.json"));
        const ccd::EventLog& log = world.world.step();
        ASSERT_EQ(log.events.size(), 1u);
        EXPECT_EQ(log.events[0].time, 0.5);
        EXPECT_EQ(world.body_names[1], "crate");
        if (response == "sensor") {
            EXPECT_EQ(world.world.body(1).velocity, (ccd::Vec2{4.0, 0.0}));
            EXPECT_EQ(world.world.body(0).velocity, (ccd::Vec2{0.0, 0.0}));
        } else {
            EXPECT_EQ(world.world.body(1).velocity, (ccd::Vec2{0.0, 0.0}));
            EXPECT_EQ(world.world.body(1).shape.center, (ccd::Vec2{3.0, 1.0}));
        }
    }
}

TEST(SceneLoader, AKinematicSegmentsDisplacementMustBeAVector) {
    EXPECT_NE(error_of(full_with("\"da\": [0, 1]", "\"da\": 1"))
                  .find("/segments/1/da: expected a point or vector [x, y], got number 1"),
              std::string::npos);
}

TEST(SceneLoader, AnUnknownAlgorithmIsRefusedWithTheKnownOnesListed) {
    const std::string error = error_of(full_with("\"seed004\"", "\"magic\""));
    EXPECT_NE(
        error.find("test.json: /algorithm: unknown algorithm \"magic\" (expected one of: "
                   "exact, seed004, seed000-float32, conservative-advancement, seed002-chords, "
                   "box2d, bullet, bullet-gjk, bullet-subsimplex)"),
        std::string::npos)
        << error;
}

TEST(SceneLoader, MalformedExpectEntriesAreRefusedAtTheirPointer) {
    struct Case {
        const char* from;
        const char* to;
        const char* error;
    };
    const Case cases[] = {
        {"\"time\": 0.5,", "", "/expect/events/0: missing required field \"time\""},
        {"\"time\": 0.5", "\"time\": 1.5", "/expect/events/0/time: must be from 0 to 1, got 1.5"},
        {"\"b\": \"floor\"", "\"b\": \"ceiling\"",
         "/expect/events/0/b: \"ceiling\" is not the name of a body, segment or polygon"},
        {"\"a\": \"ball\", \"b\": \"floor\"", "\"a\": \"floor\", \"b\": \"ball\"",
         "/expect/events/0/a: \"floor\" is not the name of a body or polygon in this scene"},
        {"\"b\": \"floor\"", "\"b\": \"ball\"",
         "/expect/events/0/b: a body does not collide with itself"},
        {"\"feature\": \"interior\"", "\"feature\": \"side\"",
         "/expect/events/0/feature: unknown feature \"side\" (expected one of: interior, "
         "endpoint_a, endpoint_b, point, circle, polygon_edge, polygon_vertex)"},
        {"\"normal\": [0, 1]", "\"normal\": [0, 1, 2]",
         "/expect/events/0/normal: expected a point or vector [x, y]"},
        {"\"frame\": 1", "\"frame\": 2",
         "/expect/events/1/frame: must be from 0 to frames - 1 "
         "= 1, got 2"},
        {"\"frame\": 1", "\"frame\": 1.0",
         "/expect/events/1/frame: expected an integer, got "
         "number 1.0"},
        {"\"frames\": 2", "\"frames\": 0", "/expect/frames: must be >= 1, got 0"},
        {"{\"time\": 1e-6}", "{\"time\": -1e-6}", "/expect/tolerance/time: must be >= 0"},
        {"{\"time\": 1e-6}", "{\"angle\": 1}", "/expect/tolerance/angle: unknown field \"angle\""},
        {"\"point\": [0, 0], \"normal\": [0, 1]}",
         "\"point\": [0, 0], \"normal\": [0, 1], "
         "\"impulse\": 3}",
         "/expect/events/0/impulse: unknown field \"impulse\""},
        {"\"events\": [", "\"events\": 3, \"x\": [", "/expect/x: unknown field \"x\""},
    };
    for (const Case& c : cases) {
        const std::string error = error_of(full_with(c.from, c.to));
        EXPECT_NE(error.find(std::string("test.json: ") + c.error), std::string::npos)
            << c.from << " -> " << c.to << "\n"
            << error;
    }
    std::string no_events = kMinimal;
    no_events.replace(no_events.rfind('}'), 0, ", \"expect\": {}");
    EXPECT_NE(error_of(no_events).find("/expect: missing required field \"events\""),
              std::string::npos)
        << error_of(no_events);
}

TEST(SceneLoader, ADuplicateKeyIsRefusedAtItsLineAndColumn) {
    // The second "radius" starts on line 3, column 81.
    const std::string text = "{\n  \"format\": \"ccdlab-scene\", \"version\": 1,\n"
                             "  \"bodies\": [ {\"name\": \"b\", \"shape\": \"circle\", \"radius\": "
                             "1, \"position\": [0, 0], \"radius\": 2, \"velocity\": [0, 0]} ]\n}";
    EXPECT_EQ(error_of(text), "test.json:3:81: duplicate key \"radius\" in /bodies/0 (a key may "
                              "appear once per object)");
    // At the root, and after an array with objects in it (the pointer counts elements).
    EXPECT_EQ(error_of(R"({"format": "ccdlab-scene", "version": 1, "version": 1})"),
              "test.json:1:42: duplicate key \"version\" in / (a key may appear once per object)");
    const std::string nested =
        full_with("\"normal\": [-1, 0]}", "\"normal\": [-1, 0], \"a\": \"x\"}");
    EXPECT_NE(error_of(nested).find("duplicate key \"a\" in /expect/events/1 ("), std::string::npos)
        << error_of(nested);
    // The same key in two different objects is fine.
    EXPECT_NO_THROW(parse_scene(kFull, "x.json"));
}

TEST(SceneLoader, NanAndInfinityAreNotJson) {
    std::string text = kMinimal;
    text.replace(text.find("0.5"), 3, "NaN");
    EXPECT_EQ(error_of(text).rfind("test.json:3:102: malformed JSON: syntax error", 0), 0u)
        << error_of(text);
    text = kMinimal;
    text.replace(text.find("0.5"), 3, "-Infinity");
    EXPECT_EQ(error_of(text).rfind("test.json:3:103: malformed JSON: syntax error", 0), 0u)
        << error_of(text);
}

TEST(SceneLoader, AVersionBeyondAnIntIsNotReadAsASmallOne) {
    // 2^32 + 1 would wrap to 1 if narrowed to an int.
    std::string text = kMinimal;
    text.replace(text.find("\"version\": 1"), 12, "\"version\": 4294967297");
    EXPECT_NE(error_of(text).find("/version: integer out of range, got 4294967297"),
              std::string::npos)
        << error_of(text);
}

TEST(SceneLoader, DeepNestingIsRefusedWhereItGoesTooDeep) {
    // 64 levels are allowed: the object and 63 arrays. The 64th '[' follows the 10 characters
    // of `{"title": `, at column 10 + 64 = 74 ...
    const std::string text = R"({"title": )" + std::string(70, '[') + std::string(70, ']') + "}";
    EXPECT_EQ(error_of(text),
              "test.json:1:74: nested more than 64 arrays or objects deep (a scene needs 5)");
    // ... and a million levels neither overflow the stack nor take long.
    const std::string deep = std::string(1000000, '[') + std::string(1000000, ']');
    EXPECT_EQ(error_of(deep).rfind("test.json:1:65: nested more than 64", 0), 0u);
}

TEST(SceneLoader, ErrorPointersEscapeSlashAndTilde) {
    std::string text = kMinimal;
    text.replace(text.find("\"radius\""), 0, "\"a/b~c\": 1, ");
    EXPECT_NE(error_of(text).find("/bodies/0/a~1b~0c: unknown field"), std::string::npos)
        << error_of(text);
}

TEST(SceneFraming, ViewCoversStartAndEndOfEveryBodyAndEveryWall) {
    const auto scene = parse_scene(kMinimal, "x.json");
    const ccd::View view = ccd::framing_view(scene);
    // Extent: x from 0 to 5, y from -2.5 (end of the ball, minus its radius) to 2.5.
    EXPECT_EQ(view.center, (ccd::Vec2{2.5, 0.0}));
    EXPECT_DOUBLE_EQ(view.height, 5.0 * 1.3);
}

TEST(SceneFraming, ViewCoversWhereKinematicSegmentsAndPolygonsGo) {
    ccd::Scene polygon_only;
    // Vertices (0,0), (1,0), (0,1) moving (2,0): x from 0 to 3, y from 0 to 1.
    polygon_only.polygons = {
        ccd::PolygonBody{"p", {{{0.0, 0.0}, {1.0, 0.0}, {0.0, 1.0}}}, {2.0, 0.0}}};
    ccd::View view = ccd::framing_view(polygon_only);
    EXPECT_EQ(view.center, (ccd::Vec2{1.5, 0.5}));
    EXPECT_DOUBLE_EQ(view.height, 3.0 * 1.3);
    ccd::Scene wall_only;
    // From (0,0)-(1,0) with a moving up by 4: x from 0 to 1, y from 0 to 4.
    wall_only.walls = {ccd::Wall{"w", {{0.0, 0.0}, {1.0, 0.0}}, {0.0, 4.0}, {}}};
    view = ccd::framing_view(wall_only);
    EXPECT_EQ(view.center, (ccd::Vec2{0.5, 2.0}));
    EXPECT_DOUBLE_EQ(view.height, 4.0 * 1.3);
}

// [SECTION] Hostile input: bounded quotes, NULs, limits.

TEST(PrintableExcerpt, QuotesABoundedPrefixInPrintableAscii) {
    EXPECT_EQ(ccd::printable_excerpt("plain text"), "plain text");
    EXPECT_EQ(ccd::printable_excerpt("caf\xc3\xa9"), "caf\\xc3\\xa9");
    EXPECT_EQ(ccd::printable_excerpt(std::string("a\0b\n\\", 5)), "a\\x00b\\x0a\\\\");
    EXPECT_EQ(ccd::printable_excerpt(std::string(100, '7')),
              std::string(40, '7') + "... (100 bytes)");
    EXPECT_EQ(ccd::printable_excerpt("abcdef", 3), "abc... (6 bytes)");
    EXPECT_EQ(ccd::printable_excerpt("abc", 3), "abc");
}

TEST(SceneLoaderHostile, ANulByteIsRefusedAtItsPlaceNotTakenForTheEnd) {
    // kMinimal ends on line 5 with "}" (column 1): the NUL is at column 2.
    const std::string text = kMinimal + std::string("\0garbage", 8);
    EXPECT_EQ(error_of(text),
              "test.json:5:2: a NUL byte (JSON text has none; is this a binary file?)");
    EXPECT_EQ(error_of(std::string("\0", 1) + kMinimal),
              "test.json:1:1: a NUL byte (JSON text has none; is this a binary file?)");
}

TEST(SceneLoaderHostile, BytesThatAreNotAsciiOutsideAStringAreQuotedEscaped) {
    // Curly quotes around a key, as a word processor writes them.
    const std::string text = "{\xe2\x80\x9c"
                             "format\xe2\x80\x9d: 1}";
    EXPECT_EQ(error_of(text), "test.json:1:2: malformed JSON: syntax error while parsing object "
                              "key - invalid literal; last read: '{\\xe2'; expected string "
                              "literal");
    // Valid UTF-8 inside a string is text like any other.
    std::string title = kMinimal;
    title.replace(title.find("\"version\": 1"), 0, "\"title\": \"caf\xc3\xa9\", ");
    EXPECT_EQ(parse_scene(title, "x.json").title, "caf\xc3\xa9");
}

TEST(SceneLoaderHostile, AHugeNumberOrKeyIsQuotedByItsFirstFortyBytes) {
    std::string text = kMinimal;
    text.replace(text.find("0.5"), 3, std::string(10'000'000, '9'));
    EXPECT_EQ(error_of(text), "test.json:3:102: number overflow parsing '" + std::string(40, '9') +
                                  "... (10000000 bytes)' (beyond the largest double)");
    text = kMinimal;
    text.replace(text.find("\"radius\""), 0, "\"" + std::string(1'000'000, 'k') + "\": 1, ");
    const std::string error = error_of(text);
    EXPECT_LT(error.size(), 400u);
    EXPECT_NE(error.find(": unknown field \"" + std::string(40, 'k') + "... (1000000 bytes)\""),
              std::string::npos)
        << error.substr(0, 400);
}

TEST(SceneLoaderHostile, CountsAreCappedAtTheDocumentedLimits) {
    const auto with_expect = [](const std::string& expect) {
        std::string text = kMinimal;
        text.replace(text.rfind('}'), 0, ", \"expect\": " + expect);
        return text;
    };
    EXPECT_EQ(error_of(with_expect(R"({"frames": 1000000000, "events": []})")),
              "test.json: /expect/frames: at most 100000 frames (the limit), got 1000000000");
    EXPECT_EQ(error_of(with_expect(R"({"frames": 100001, "events": []})")),
              "test.json: /expect/frames: at most 100000 frames (the limit), got 100001");
    EXPECT_EQ(
        parse_scene(with_expect(R"({"frames": 100000, "events": []})"), "x.json").expect->frames,
        100000);

    // A list one longer than its limit is refused before any element is read (an element
    // "{}" would be refused for its missing fields).
    const auto list_of = [](std::size_t n) {
        std::string list = "[";
        for (std::size_t i = 0; i < n; ++i)
            list += i ? ",{}" : "{}";
        return list + "]";
    };
    const std::string head = R"({"format": "ccdlab-scene", "version": 1, )";
    for (const char* key : {"bodies", "segments", "polygons"}) {
        EXPECT_EQ(error_of(head + "\"" + key + "\": " + list_of(100'001) + "}"),
                  std::string("test.json: /") + key + ": at most 100000 " + key +
                      " (the limit), got 100001");
        EXPECT_EQ(error_of(head + "\"" + key + "\": " + list_of(100'000) + "}"),
                  std::string("test.json: /") + key + "/0: missing required field \"name\"");
    }
    EXPECT_EQ(error_of(with_expect(R"({"events": )" + list_of(1'000'001) + "}")),
              "test.json: /expect/events: at most 1000000 events (the limit), got 1000001");

    // The World's 255 vertices: 255 load and step, 256 are refused where they are.
    const auto polygon_of = [&](int n) {
        std::string vertices = "[";
        for (int k = 0; k < n; ++k)
            vertices += (k ? ",[" : "[") + std::to_string(std::cos(k * 0.0245)) + "," +
                        std::to_string(std::sin(k * 0.0245)) + "]";
        return head + R"("polygons": [{"name": "disc", "vertices": )" + vertices +
               R"(], "velocity": [1, 0]}]})";
    };
    const ccd::Scene scene = parse_scene(polygon_of(255), "x.json");
    EXPECT_NO_THROW(ccd::make_world(scene).world.step());
    EXPECT_EQ(error_of(polygon_of(256)),
              "test.json: /polygons/0/vertices: at most 255 vertices (the limit), got 256");
}

TEST(SceneLoaderHostile, AFileNameTooLongIsASceneErrorNotAnAbort) {
    const std::filesystem::path long_name = std::string(300, 'a') + ".json";
    try {
        ccd::load_scene_file(long_name);
        ADD_FAILURE() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(std::string(e.what()),
                  long_name.string() + ": cannot open the file (File name too long)");
    }
}

// A body's side memory (docs/scene-format.md, "Side memory"), as a frame range export writes it.
std::string with_last_contact(const std::string& contact) {
    return R"({"format": "ccdlab-scene", "version": 1,
      "bodies": [ {"name": "dot", "shape": "point", "position": [10, 0], "velocity": [-1, 0],
                   "last_contact": )" +
           contact + R"(} ],
      "segments": [ {"name": "right", "a": [10, -10], "b": [10, 10]} ],
      "polygons": [ {"name": "box", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0]} ]
    })";
}

TEST(SceneLoader, ReadsABodysLastContact) {
    const auto scene = parse_scene(
        with_last_contact(R"({"segment": "right", "time": -0.25, "normal": [-1, 0]})"), "x.json");
    ASSERT_TRUE(scene.bodies[0].last_contact);
    EXPECT_EQ(*scene.bodies[0].last_contact, (ccd::LastContact{"right", true, -0.25, {-1.0, 0.0}}));
    const auto touched_box =
        parse_scene(with_last_contact(R"({"body": "box", "time": 0, "normal": [0, 1]})"), "x.json");
    EXPECT_EQ(*touched_box.bodies[0].last_contact,
              (ccd::LastContact{"box", false, 0.0, {0.0, 1.0}}));
    EXPECT_FALSE(touched_box.polygons[0].last_contact);
}

TEST(SceneLoader, ALastContactNamesOneSegmentOrBodyOfTheSceneBeforeItsFirstFrame) {
    EXPECT_EQ(error_of(with_last_contact(R"({"segment": "box", "time": 0, "normal": [1, 0]})")),
              "test.json: /bodies/0/last_contact/segment: \"box\" is not the name of a segment in "
              "this scene");
    EXPECT_EQ(error_of(with_last_contact(R"({"body": "right", "time": 0, "normal": [1, 0]})")),
              "test.json: /bodies/0/last_contact/body: \"right\" is not the name of a body or "
              "polygon in this scene");
    EXPECT_EQ(error_of(with_last_contact(R"({"body": "dot", "time": 0, "normal": [1, 0]})")),
              "test.json: /bodies/0/last_contact/body: a body does not touch itself");
    EXPECT_EQ(error_of(with_last_contact(
                  R"({"segment": "right", "body": "box", "time": 0, "normal": [1, 0]})")),
              "test.json: /bodies/0/last_contact: a last contact names one \"segment\" or one "
              "\"body\"");
    EXPECT_EQ(error_of(with_last_contact(R"({"segment": "right", "time": 0.5, "normal": [1, 0]})")),
              "test.json: /bodies/0/last_contact/time: a last contact is before the scene's first "
              "frame: at most 0, got 0.5");
    EXPECT_EQ(error_of(with_last_contact(R"({"segment": "right", "time": 0})")),
              "test.json: /bodies/0/last_contact: missing required field \"normal\"");
}

} // namespace
