// A segment's and a polygon's `radius` in scene files (capsules, rounded polygons): read,
// written only when not 0, carried through links, refused when negative, and stepped by the World
// at the rounded boundary (times worked out by hand).
#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

// A ball falling onto a capsule floor, and a rounded box falling onto a second floor.
constexpr const char* kRounded = R"({
  "format": "ccdlab-scene", "version": 1,
  "bodies": [
    { "name": "ball", "shape": "circle", "position": [0.0, 3.0], "velocity": [0.0, -4.0], "radius": 0.5 }
  ],
  "segments": [
    { "name": "capsule", "a": [-2.0, 0.0], "b": [2.0, 0.0], "radius": 0.5 },
    { "name": "floor", "a": [6.0, 0.0], "b": [14.0, 0.0] }
  ],
  "polygons": [
    { "name": "box", "vertices": [[9.0, 2.0], [11.0, 2.0], [11.0, 4.0], [9.0, 4.0]], "radius": 0.25, "velocity": [0.0, -4.0] }
  ]
})";

TEST(RoundedScene, TheRadiiAreReadWrittenAndCarriedByALink) {
    const ccd::Scene scene = ccd::parse_scene(kRounded, "rounded.json");
    ASSERT_EQ(scene.walls.size(), 2u);
    EXPECT_EQ(scene.walls[0].segment.radius, 0.5);
    EXPECT_EQ(scene.walls[1].segment.radius, 0.0);
    ASSERT_EQ(scene.polygons.size(), 1u);
    EXPECT_EQ(scene.polygons[0].polygon.radius, 0.25);
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_NE(text.find("\"radius\": 0.5"), std::string::npos) << text;
    EXPECT_NE(text.find("\"radius\": 0.25"), std::string::npos) << text;
    // Not written where it is 0: the floor's line has no "radius".
    const auto floor = text.find("\"floor\"");
    ASSERT_NE(floor, std::string::npos);
    EXPECT_EQ(text.substr(floor, text.find('}', floor) - floor).find("radius"), std::string::npos)
        << text;
    EXPECT_EQ(ccd::parse_scene(text, "again.json"), scene);
    EXPECT_EQ(ccd::scene_from_link(ccd::scene_link(scene)), scene);
}

TEST(RoundedScene, ANegativeRadiusIsALocatedError) {
    std::string text = kRounded; // the capsule's radius made negative
    const auto at = text.find("\"radius\"", text.find("\"capsule\""));
    text.replace(at, 13, "\"radius\": -0.5");
    try {
        ccd::parse_scene(text, "bad.json");
        FAIL() << "a negative radius was taken";
    } catch (const ccd::SceneError& e) {
        EXPECT_NE(std::string(e.what()).find("/segments/0/radius"), std::string::npos) << e.what();
    }
}

// The ball (radius 0.5, centre 3 - 4 t) meets the capsule (radius 0.5 about y = 0) when its
// centre is 1 above the core: t = 0.5, at (0, 0.5) on the capsule's surface. The rounded box's
// bottom 2 - 4 t reaches 0.25 above the floor at t = 0.4375.
TEST(RoundedScene, TheWorldCollidesAtTheRoundedBoundary) {
    ccd::SceneWorld w = ccd::make_world(ccd::parse_scene(kRounded, "rounded.json"));
    const ccd::EventLog& log = w.world.step();
    ASSERT_GE(log.events.size(), 2u);
    const ccd::ContactEvent* ball = nullptr;
    const ccd::ContactEvent* box = nullptr;
    for (const ccd::ContactEvent& e : log.events) {
        if (e.body == 0 && !ball) ball = &e;
        if (e.body == 1 && !box) box = &e;
    }
    ASSERT_NE(ball, nullptr);
    EXPECT_EQ(ball->other, 0);
    EXPECT_NEAR(ball->time, 0.5, 1e-15);
    EXPECT_NEAR(ball->point.x, 0.0, 1e-15);
    EXPECT_NEAR(ball->point.y, 0.5, 1e-15);
    EXPECT_EQ(ball->normal, (ccd::Vec2{0.0, 1.0}));
    EXPECT_EQ(ball->body_velocity_after, (ccd::Vec2{0.0, 4.0}));
    ASSERT_NE(box, nullptr);
    EXPECT_EQ(box->other, 1);
    EXPECT_NEAR(box->time, 0.4375, 1e-15);
    EXPECT_NEAR(box->point.y, 0.0, 1e-15);
}

} // namespace
