// Export fixture under a name given (Ctrl+E's dialog): the name offered, a frame range's
// fixture written from the scene at its first frame, never over a file. Worked by hand.
#include "fixture_export.hpp"

#include "ccd/fixture.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include "scratch.hpp"
#include <filesystem>

namespace {

namespace fs = std::filesystem;
using namespace ccdlab;

// A ball of radius 0.5 at the origin moving (1, 0) a frame between walls at x = 2 and x = -2:
// it meets the right wall at frame 1, t = 0.5, and the left one at frame 4, t = 0.5; at the
// start of frame 3 it is back at the origin, moving (-1, 0).
ccd::Scene ball_between_walls() {
    ccd::Scene scene;
    scene.title = "A ball between two walls";
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 0.0}, 0.5}, {1.0, 0.0}});
    scene.walls.push_back({"right", {{2.0, -5.0}, {2.0, 5.0}}});
    scene.walls.push_back({"left", {{-2.0, -5.0}, {-2.0, 5.0}}});
    return scene;
}

fs::path scratch(const char* name) {
    const fs::path dir = ccdlab_test::scratch_root() / "fixture-name-test" / name;
    fs::remove_all(dir);
    return dir;
}

TEST(FixtureName, TheSlugIsOfferedThenItsNextFreeName) {
    const fs::path dir = scratch("offered");
    EXPECT_EQ(default_fixture_name(dir, "A ball between two walls"), "a-ball-between-two-walls");
    export_fixture_as(dir, {ball_between_walls(), 1, 0}, "a-ball-between-two-walls");
    EXPECT_EQ(default_fixture_name(dir, "A ball between two walls"), "a-ball-between-two-walls-2");
}

TEST(FixtureName, AFrameRangeStartsFromTheSceneAtItsFirstFrameAndChecksClean) {
    const fs::path dir = scratch("range");
    std::optional<std::string> replay_difference = "unset";
    const fs::path written =
        export_fixture_as(dir, {ball_between_walls(), 3, 3}, "range.json", &replay_difference);
    EXPECT_EQ(written, dir / "range.json");
    EXPECT_EQ(replay_difference, std::nullopt);
    const ccd::Scene fixture = ccd::load_scene_file(written);
    ASSERT_EQ(fixture.bodies.size(), 1u);
    EXPECT_EQ(fixture.bodies[0].circle.center, (ccd::Vec2{0.0, 0.0}));
    EXPECT_EQ(fixture.bodies[0].velocity, (ccd::Vec2{-1.0, 0.0}));
    ASSERT_TRUE(fixture.expect);
    EXPECT_EQ(fixture.expect->frames, 3);
    ASSERT_EQ(fixture.expect->events.size(), 1u); // frame 4's, the range's frame 1
    EXPECT_EQ(fixture.expect->events[0].frame, 1);
    EXPECT_EQ(fixture.expect->events[0].time, 0.5);
    EXPECT_EQ(fixture.expect->events[0].b, "left");
    EXPECT_EQ(ccd::first_difference(fixture), std::nullopt);
}

TEST(FixtureName, NeverOverAFileNorOutsideTheFolder) {
    const fs::path dir = scratch("refused");
    export_fixture_as(dir, {ball_between_walls(), 1, 0}, "case");
    for (const char* name : {"case", "case.json", "", "sub/case", "..", ".json"})
        EXPECT_THROW(export_fixture_as(dir, {ball_between_walls(), 1, 0}, name), ccd::SceneError)
            << name;
    EXPECT_FALSE(fs::exists(dir / "sub"));
}

} // namespace
