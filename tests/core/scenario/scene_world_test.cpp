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
