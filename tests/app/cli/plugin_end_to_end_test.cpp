// Engine plugins end to end through ccdlab-cli: a fixture checked with a plugin's algorithm
// (--engine after the command), the Box2D plugin's verdict the built-in box2d's, the
// sub-stepper failing a fast wall; a scene that names a plugin's algorithm replayed with the
// plugin loaded, and refused with a located error without it.
#include "process.hpp"
#include "scratch.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;

const std::string kCli = CCDLAB_CLI;
const std::string kFixtures = std::string(CCDLAB_SOURCE_DIR) + "/tests/fixtures";
const std::string kSubstep = std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/substep_plugin.so";
const std::string kBox2D = std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/box2d_plugin.so";

// Runs `command` with its standard error (each plugin call's input) dropped.
ccdlab_test::CommandResult run_quiet(const std::string& command) {
    return run_command("(" + command + " 2>/dev/null)");
}

fs::path scene_file(const std::string& text) {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path path =
        ccdlab_test::scratch_root() / (std::string("plugin-e2e-") + info->name() + ".json");
    std::ofstream(path) << text;
    return path;
}

// A ball of radius 0.1 fired 11 a frame at a wall 5 below it: it touches when 5 - 11 t = 0.1,
// t = 4.9 / 11; the sub-stepper's 8 sub-steps see it 0.875 above the wall, then 0.5 below.
const std::string kFastWall = R"({"format":"ccdlab-scene","version":1,
  "bodies":[{"name":"ball","shape":"circle","position":[0,5],"velocity":[0,-11],"radius":0.1}],
  "segments":[{"name":"wall","a":[-2,0],"b":[2,0]}],
  "expect":{"frames":1,"tolerance":{"time":1e-12,"distance":1e-12},"events":[
    {"frame":0,"time":0.44545454545454544,"a":"ball","b":"wall","feature":"interior",
     "point":[0,0],"normal":[0,1]}]}})";

TEST(CliPluginEndToEnd, TheSubsteppersAlgorithmFailsAFastWallFixtureTheExactOnePasses) {
    const fs::path fixture = scene_file(kFastWall);
    const auto exact = run_command(kCli + " check " + fixture.string());
    EXPECT_EQ(exact.exit_code, 0) << exact.output;
    const auto substep = run_quiet(kCli + " check " + fixture.string() +
                                   " --algorithm substep --engine " + kSubstep);
    EXPECT_EQ(substep.exit_code, 1) << substep.output;
    EXPECT_EQ(substep.output, "FAIL " + fixture.string() +
                                  "\n  event 0: expected, but it did not happen\n  expected: "
                                  "frame 0, t 0.44545454545454544: ball / wall at interior, "
                                  "point (0, 0), normal (0, 1)\n  (0 events instead of 1)\n");
}

TEST(CliPluginEndToEnd, TheBox2DPluginGetsTheBuiltInBox2DsVerdictOnAFixture) {
    // Box2D stops at its target separation: off the exact t by more than the fixture's 1e-9,
    // the same FAIL for the built-in row and for Box2D's own code through the plugin ABI.
    const std::string fixture = kFixtures + "/ball-falls-onto-floor.json";
    const auto builtin = run_command(kCli + " check " + fixture + " --algorithm box2d");
    const auto plugin =
        run_quiet(kCli + " check " + fixture + " --algorithm box2d-plugin" + " --engine " + kBox2D);
    EXPECT_EQ(builtin.exit_code, 1) << builtin.output;
    EXPECT_EQ(plugin.exit_code, builtin.exit_code) << plugin.output;
    EXPECT_EQ(plugin.output, builtin.output);
    EXPECT_NE(builtin.output.find("event 0: time differs by"), std::string::npos) << builtin.output;
    const auto head_on = kFixtures + "/head-on-balls.json";
    EXPECT_EQ(run_command(kCli + " check " + head_on + " --algorithm box2d").output,
              run_quiet(kCli + " check " + head_on + " --algorithm box2d-plugin --engine " + kBox2D)
                  .output);
}

TEST(CliPluginEndToEnd, CheckRefusesAnUnknownAlgorithm) {
    const auto run = run_command(kCli + " check " + kFixtures + " --algorithm substep");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.output, "ccdlab-cli check: --algorithm: unknown \"substep\"\n");
}

// A ball of radius 0.1 at height 0.55 falling 0.8 a frame onto a floor: touching when
// 0.55 - 0.8 t = 0.1, t = 0.5625, and it bounces back up at 0.8.
const std::string kSubstepScene = R"({"format":"ccdlab-scene","version":1,"algorithm":"substep",
  "bodies":[{"name":"ball","shape":"circle","position":[0,0.55],"velocity":[0,-0.8],"radius":0.1}],
  "segments":[{"name":"floor","a":[-1,0],"b":[1,0]}]})";

TEST(CliPluginEndToEnd, ASceneNamingAPluginsAlgorithmReplaysWithThePluginLoaded) {
    // The scene's algorithm is the lab's selection; the World steps it with the exact queries
    // (docs/scene-format.md, "Fixtures").
    const fs::path scene = scene_file(kSubstepScene);
    const auto run = run_quiet(kCli + " replay " + scene.string() + " --engine " + kSubstep +
                               " --log-level events");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    EXPECT_EQ(run.output,
              R"({"a":"ball","b":"floor","feature":"interior","frame":0,"normal":[-0.0,1.0],)"
              R"("point":[0.0,0.0],"sequence":0,"status":"processed","t":0.5625,)"
              R"("velocity_after":[0.0,0.8],"velocity_before":[0.0,-0.8]})"
              "\n");
}

TEST(CliPluginEndToEnd, ASceneNamingAnAlgorithmNoPluginLoadedIsALocatedError) {
    const fs::path scene = scene_file(kSubstepScene);
    const auto run = run_command(kCli + " replay " + scene.string());
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_TRUE(run.output.starts_with("ccdlab-cli replay: " + scene.string() +
                                       ": /algorithm: unknown algorithm \"substep\" (expected "
                                       "one of: exact, "))
        << run.output;
}

} // namespace
