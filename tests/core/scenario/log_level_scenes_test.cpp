// Every scene in scenes/ and every fixture in tests/fixtures/ gives the same trajectories at
// every log level (docs/scheduler.md, "Log levels"): the same events, bit for bit, frame by
// frame, and the same bodies (tests/support/log_level_comparison.hpp).
#include "log_level_comparison.hpp"
#include "shipped_scenes.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace {

namespace fs = std::filesystem;

long long compare_levels(const fs::path& path, int frames) {
    const ccd::Scene scene = ccd::load_scene_file(path);
    return ccd_test::expect_same_trajectories(
        [&](ccd::LogLevel level) {
            ccd::WorldOptions options;
            options.log_level = level;
            return std::move(ccd::make_world(scene, options).world);
        },
        frames);
}

TEST(LogLevelScenes, EveryShippedSceneGivesTheSameEventsAtEveryLevel) {
    long long events = 0;
    int scenes = 0;
    for (const fs::path& path : ccd_test::shipped_world_scene_files()) {
        SCOPED_TRACE(path.string());
        events += compare_levels(path, 20);
        ++scenes;
    }
    EXPECT_GE(scenes, 20);
    EXPECT_GT(events, 1000); // the stress scene alone has thousands
}

TEST(LogLevelScenes, EveryFixtureGivesTheSameEventsAtEveryLevel) {
    const fs::path dir = fs::path(CCDLAB_SCENES_DIR).parent_path() / "tests" / "fixtures";
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    long long events = 0;
    for (const fs::path& path : files) {
        SCOPED_TRACE(path.string());
        events += compare_levels(path, 10);
    }
    EXPECT_GE(files.size(), 15u);
    EXPECT_GT(events, 50);
}

} // namespace
