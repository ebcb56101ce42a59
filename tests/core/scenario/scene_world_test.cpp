// ccd::make_world: a scene beyond the World's scale is refused with an error naming the part
// and the limit (docs/scene-format.md).
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

std::string refusal(const std::string& json) {
    try {
        ccd::make_world(ccd::parse_scene(json, "scene.json"));
    } catch (const ccd::SceneError& e) {
        return e.what();
    }
    return "";
}

TEST(SceneWorld, ABoxOfHalfSize1eMinus310IsRefusedNamingTheLimit) {
    // Every ball used to leave such a box through its walls in the first frame, with no event.
    const std::string error = refusal(R"({"format": "ccdlab-scene", "version": 1,
        "bodies": [{"name": "ball", "shape": "circle", "position": [0, 0],
                    "velocity": [5e-311, 3e-311], "radius": 2e-311}],
        "segments": [{"name": "floor", "a": [-1e-310, -1e-310], "b": [1e-310, -1e-310]}]})");
    EXPECT_NE(error.find("body \"ball\""), std::string::npos) << error;
    EXPECT_NE(error.find("1e-60"), std::string::npos) << error;
}

TEST(SceneWorld, VelocitiesNearTheLargestDoubleAreRefused) {
    // -1.797e308 gave no event and an infinite position; 1e308 gave a velocity of NaN.
    for (const char* v : {"-1.7976931348623157e308", "1e308"}) {
        const std::string error = refusal(std::string(R"({"format": "ccdlab-scene", "version": 1,
            "bodies": [{"name": "ball", "shape": "circle", "position": [0, 0],
                        "velocity": [)") + v +
                                          R"(, 0], "radius": 1}],
            "segments": [{"name": "wall", "a": [5, -5], "b": [5, 5]}]})");
        EXPECT_NE(error.find("1e60"), std::string::npos) << v << ": " << error;
    }
    const std::string wall = refusal(R"({"format": "ccdlab-scene", "version": 1,
        "segments": [{"name": "piston", "a": [0, 0], "b": [0, 1], "da": [1e300, 0]}]})");
    EXPECT_NE(wall.find("segment \"piston\""), std::string::npos) << wall;
}

TEST(SceneWorld, AtTheLimitsTheSceneIsTaken) {
    EXPECT_EQ(refusal(R"({"format": "ccdlab-scene", "version": 1,
        "bodies": [{"name": "ball", "shape": "point", "position": [1e60, -1e-60],
                    "velocity": [0, 0]}]})"),
              "");
}

} // namespace

namespace {

// A tiny polygon near the origin, its vertices within the World's scale (1.5e-60 and 1e-60):
// its vertex centroid, (1.5e-60 - 2e-60) / 3 = -1.67e-61, is below the World's smallest
// magnitude, and the World refused the scene (a state the World itself wrote, a tiny body in a
// huge box, exported a centroid of -5.4e-62). Its center is 0 now, and its outline is about the
// centroid itself, so the World holds it moved by the centroid's 1.67e-61, less than 1e-60: vertex
// 0 at 1.5e-60 + 1.67e-61 (about 0 as the rounded center, its outline's centroid still its center,
// so the state the World writes reads back the same).
TEST(SceneWorld, APolygonWhoseCentroidIsBelowTheSmallestMagnitudeIsTaken) {
    const ccd::Scene scene = ccd::parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [{"name": "speck", "vertices": [[1.5e-60, 0], [-1e-60, 1e-60], [-1e-60, -1e-60]],
                    "velocity": [0, 0]}]})",
                                              "scene.json");
    const ccd::SceneWorld world = ccd::make_world(scene);
    EXPECT_EQ(world.world.body(0).shape.center.x, 0.0);
    EXPECT_EQ(world.world.body(0).shape.center.y, 0.0);
    EXPECT_DOUBLE_EQ(world.world.outline(0)[0].x, 1.5e-60 + 0.5e-60 / 3.0);
}

// A triangle whose first two vertices are 4e-61 apart: about its centroid (1.33e-61, 2e-60) they
// are at x = -1.33e-61 and 2.67e-61, both below the World's smallest magnitude, so 0: one point
// to the World. make_world refuses it, naming them.
TEST(SceneWorld, TwoVerticesWithinTheSmallestLengthAboutTheCenterAreRefused) {
    const ccd::Scene scene = ccd::parse_scene(R"({"format": "ccdlab-scene", "version": 1,
      "polygons": [{"name": "speck", "vertices": [[0, 0], [4e-61, 0], [0, 6e-60]],
                    "velocity": [0, 0]}]})",
                                              "scene.json");
    try {
        ccd::make_world(scene);
        ADD_FAILURE() << "taken";
    } catch (const ccd::SceneError& e) {
        EXPECT_NE(std::string(e.what()).find("polygon \"speck\": vertices 0 and 1 are within the "
                                             "World's smallest length, 1e-60"),
                  std::string::npos)
            << e.what();
    }
}

} // namespace

namespace {

std::string load_error(const std::string& json) {
    try {
        ccd::parse_scene(json, "scene.json");
    } catch (const ccd::SceneError& e) {
        return e.what();
    }
    return "";
}

// A spin beyond the World's fastest, 1e6 radians a frame, is refused at its field: a polygon's
// angular velocity and a turning segment's angle (a blade at 1e60 a frame hit balls beyond its
// reach at t = 0 and sent them off at 1e61 a frame, beyond the World's largest speed).
TEST(SceneWorld, ASpinBeyondTheFastestIsRefusedAtItsField) {
    EXPECT_EQ(load_error(R"({"format": "ccdlab-scene", "version": 1, "polygons": [{"name": "blade",
      "vertices": [[-1, -0.1], [1, -0.1], [1, 0.1], [-1, 0.1]], "velocity": [0, 0],
      "angular_velocity": 1e60}]})"),
              "scene.json: /polygons/0/angular_velocity: a spin of 1e+60 radians a frame is "
              "beyond the World's fastest, 1e6 in magnitude (docs/accuracy.md, \"The range of "
              "spin\")");
    EXPECT_NE(load_error(R"({"format": "ccdlab-scene", "version": 1, "segments": [{"name": "bar",
      "a": [0, 0], "b": [2, 0], "pivot": [0, 0], "angle": -1000000.5}]})")
                  .find("/segments/0/angle: a spin of -1000000.5 radians a frame is beyond"),
              std::string::npos);
    EXPECT_EQ(load_error(R"({"format": "ccdlab-scene", "version": 1, "segments": [{"name": "bar",
      "a": [0, 0], "b": [2, 0], "pivot": [0, 0], "angle": 1e6}]})"),
              "");
    // Per second with a time step of 1/60: 6e6 a second is 1e5 a frame, taken; 6.6e7 a second
    // is 1.1e6 a frame, refused (the limit is the World's, per frame).
    const std::string per_second = R"({"format": "ccdlab-scene", "version": 1,
      "units": {"length": "metres", "dt": 0.016666666666666666}, "polygons": [{"name": "blade",
      "vertices": [[-1, -0.1], [1, -0.1], [1, 0.1], [-1, 0.1]], "velocity": [0, 0],
      "angular_velocity": )";
    EXPECT_EQ(load_error(per_second + "6e6}]}"), "");
    EXPECT_NE(load_error(per_second + "6.6e7}]}").find("/polygons/0/angular_velocity: a spin of"),
              std::string::npos);
}

// A turning polygon reaches at least 1e-50 from its centroid (ccd::kWorldLeastTurningReach): a
// crate of half-size 5e-51 (7.07e-51 to its corners) is refused at its vertices; turned and
// written as a scene's coordinates, a crate of 1e-60 lost its corners' coordinates below 1e-60
// and was written not convex. The same crate that does not turn loads; one of half-size 1e-50
// (1.41e-50) turns.
TEST(SceneWorld, ATurningPolygonBelowTheLeastReachIsRefusedAtItsVertices) {
    const auto crate = [](const std::string& h, const std::string& spin) {
        return R"({"format": "ccdlab-scene", "version": 1, "polygons": [{"name": "crumb",
      "vertices": [[-)" +
               h + ", -" + h + "], [" + h + ", -" + h + "], [" + h + ", " + h + "], [-" + h + ", " +
               h + R"(]], "velocity": [0, 0])" + spin + "}]}";
    };
    const std::string error = load_error(crate("5e-51", R"(, "angular_velocity": 2.8)"));
    EXPECT_EQ(error.rfind("scene.json: /polygons/0/vertices: a turning polygon reaching 7.07", 0),
              0u)
        << error;
    EXPECT_NE(error.find("from its centroid is below the World's least, 1e-50 (1e10 times its "
                         "smallest length: docs/scheduler.md, \"Scale\")"),
              std::string::npos)
        << error;
    EXPECT_EQ(load_error(crate("5e-51", "")), "");
    EXPECT_EQ(load_error(crate("1e-50", R"(, "angular_velocity": 2.8)")), "");
}

} // namespace
