// Every scene under scenes/ loads, steps and replays deterministically; the exhibits say what
// their descriptions promise (values worked out by hand in the comments).
#include "shipped_scenes.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/toi_circle_segment.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

fs::path scene_path(const std::string& name) {
    return fs::path(CCDLAB_SCENES_DIR) / name;
}

// tests/fixtures/: scenes with an `expect` section (regression fixtures).
fs::path fixtures_dir() {
    return fs::path(CCDLAB_SCENES_DIR).parent_path() / "tests" / "fixtures";
}

std::string replay_text(const fs::path& path, int frames) {
    ccd::SceneWorld world = ccd::make_world(ccd::load_scene_file(path));
    std::string text;
    for (int i = 0; i < frames; ++i)
        text += ccd::to_text(world.world.step());
    return text;
}

TEST(Scenes, EverySceneStepsWithinItsBudgetAndReplaysBitIdentically) {
    int scenes = 0;
    for (const fs::path& path : ccd_test::shipped_world_scene_files()) {
        SCOPED_TRACE(path.string());
        ++scenes;
        ccd::SceneWorld world = ccd::make_world(ccd::load_scene_file(path));
        for (int frame = 0; frame < 5; ++frame) {
            const ccd::EventLog& log = world.world.step();
            EXPECT_FALSE(log.budget_cut) << "frame " << frame;
            for (std::size_t i = 1; i < log.events.size(); ++i)
                EXPECT_LE(log.events[i - 1].time, log.events[i].time) << "events in time order";
        }
        EXPECT_EQ(replay_text(path, 3), replay_text(path, 3));
    }
    EXPECT_GE(scenes, 9);
}

TEST(Scenes, TheCornerIsHitOnBothWallsAtTheSameInstant) {
    // (0,0) r = 0.5 moving (4,4) toward x = 3 and y = 3: both at t = 2.5 / 4 = 0.625; the east
    // wall (index 0) first; the ball leaves with (-4, -4).
    ccd::SceneWorld world =
        ccd::make_world(ccd::load_scene_file(scene_path("exhibit-simultaneous-impacts.json")));
    const ccd::EventLog& log = world.world.step();
    ASSERT_EQ(log.events.size(), 2u);
    EXPECT_EQ(log.events[0].time, 0.625);
    EXPECT_EQ(log.events[1].time, 0.625);
    EXPECT_EQ(world.wall_names[static_cast<std::size_t>(log.events[0].other)], "east wall");
    EXPECT_EQ(log.events[1].body_velocity_after, (ccd::Vec2{-4.0, -4.0}));
}

TEST(Scenes, TheFloat32GrazeIsAHitInDoubleAndAMissInFloat32) {
    const ccd::Scene scene = ccd::load_scene_file(scene_path("exhibit-float32-graze.json"));
    const ccd::Circle ball = scene.bodies[0].circle;
    const ccd::Vec2 d = scene.bodies[0].velocity;
    const ccd::Segment post = scene.walls[0].segment;
    // The path y = 2999.99968 passes the post's top (3002, 2999.97985) at 0.01983 < r = 0.02.
    EXPECT_LT(ball.center.y - post.b.y, ball.radius);
    EXPECT_TRUE(ccd::time_of_impact(ball, d, post));
    EXPECT_FALSE(ccd::time_of_impact(*ccd::find_algorithm("seed000-float32"),
                                     ccd::Swept{ball, ccd::Translation{d}},
                                     ccd::Swept{post, ccd::Still{}}));
}

TEST(Fixtures, EveryFixtureLoadsAndExpectsSomething) {
    int fixtures = 0;
    for (const auto& entry : fs::directory_iterator(fixtures_dir())) {
        if (entry.path().extension() != ".json") continue;
        SCOPED_TRACE(entry.path().string());
        ++fixtures;
        const ccd::Scene scene = ccd::load_scene_file(entry.path());
        ASSERT_TRUE(scene.expect);
        EXPECT_FALSE(scene.expect->events.empty());
    }
    EXPECT_GE(fixtures, 3);
}

// The schema (checked against every file by tests/core/scenario/validate_scenes.py) lists the names
// the loader accepts, no more and no fewer.
TEST(SceneSchema, ListsTheAlgorithmsFeaturesAndResponsesTheLoaderAccepts) {
    std::ifstream in(scene_path("ccdlab-scene.schema.json"));
    std::ostringstream text;
    text << in.rdbuf();
    const std::string schema = text.str();
    std::string algorithms;
    for (const ccd::Algorithm& algorithm : ccd::algorithms())
        algorithms += (algorithms.empty() ? "\"" : ", \"") + std::string(algorithm.name) + "\"";
    EXPECT_NE(schema.find("\"algorithm\": { \"enum\": [" + algorithms + "] }"), std::string::npos)
        << algorithms;
    std::string features;
    for (const ccd::Feature feature :
         {ccd::Feature::SegmentInterior, ccd::Feature::EndpointA, ccd::Feature::EndpointB,
          ccd::Feature::Point, ccd::Feature::Circle, ccd::Feature::PolygonEdge,
          ccd::Feature::PolygonVertex})
        features +=
            (features.empty() ? "\"" : ", \"") + std::string(ccd::to_string(feature)) + "\"";
    EXPECT_NE(schema.find("\"enum\": [" + features + "]"), std::string::npos) << features;
    EXPECT_NE(schema.find(R"("enum": ["bounce", "slide", "stop", "destroy", "sensor"])"),
              std::string::npos);
    // And a scene using each of them loads.
    for (const ccd::Algorithm& algorithm : ccd::algorithms())
        EXPECT_NO_THROW(
            ccd::parse_scene(R"({"format": "ccdlab-scene", "version": 1, "algorithm": ")" +
                                 std::string(algorithm.name) + "\"}",
                             "x.json"));
}

} // namespace
