// ccdlab-cli --engine PATH: an engine plugin's algorithm answers toi and runs the World of diff;
// a plugin that cannot be loaded is one line and exit code 2; each call's input is written to
// standard error first.
#include "process.hpp"
#include "scratch.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;

const std::string kCli = CCDLAB_CLI;
const std::string kSubstep = std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/substep_plugin.so";
const std::string kBox2D = std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/box2d_plugin.so";

// Runs `command` with its standard error written to `errors` alone (run_command's output is
// then standard output only).
ccdlab_test::CommandResult run_apart(const std::string& command, const fs::path& errors) {
    return run_command("(" + command + " 2> " + errors.string() + ")");
}

// A file of this test's own under the scratch folder.
fs::path scratch(const std::string& suffix, const std::string& text = "") {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path path =
        ccdlab_test::scratch_root() / (std::string("engine-") + info->name() + suffix);
    std::ofstream(path) << text;
    return path;
}

std::string contents(const fs::path& path) {
    std::ostringstream text;
    text << std::ifstream(path).rdbuf();
    return text.str();
}

// A ball of radius 0.1 fired 11 per frame at a wall 5 below it (the certified answer: t = 4.9 /
// 11); the sub-stepper's 8 sub-steps see it 0.875 above the wall, then 0.5 below.
const std::string kFastBall =
    R"({"kind":"circle_segment","c":[0,5],"r":0.1,"d":[0,-11],"a":[-2,0],"b":[2,0]})";

TEST(CliEngine, APluginsAlgorithmAnswersToiAndEachInputIsWrittenToStandardErrorFirst) {
    const fs::path input = scratch(".jsonl", kFastBall + "\n");
    const fs::path errors = scratch(".err");
    const auto run = run_apart(
        kCli + " --engine " + kSubstep + " toi --algorithm substep < " + input.string(), errors);
    ASSERT_EQ(run.exit_code, 0) << run.output << contents(errors);
    EXPECT_EQ(nlohmann::json::parse(run.output)["hit"], false); // tunnelled
    EXPECT_EQ(contents(errors), "ccdlab-cli: engine \"substep\" is given mover {circle c [0, 5] r "
                                "0.10000000000000001, translation d [0, -11]}, obstacle {segment "
                                "a [-2, 0] b [2, 0], still}\n");
    // The same line without --engine: the certified answer, and nothing on standard error.
    const auto exact = run_apart(kCli + " toi < " + input.string(), errors);
    ASSERT_EQ(exact.exit_code, 0) << exact.output;
    EXPECT_DOUBLE_EQ(nlohmann::json::parse(exact.output)["t"].get<double>(), 4.9 / 11.0);
    EXPECT_EQ(contents(errors), "");
}

TEST(CliEngine, SeveralPluginsLoadAndToiHelpListsThem) {
    const auto run =
        run_command(kCli + " --engine " + kSubstep + " --engine " + kBox2D + " toi --help");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    EXPECT_NE(run.output.find("substep"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("box2d-plugin"), std::string::npos) << run.output;
}

TEST(CliEngine, DiffRunsTheWorldWithAPluginsAlgorithm) {
    // The ball of kFastBall as a scene: the exact World bounces it off the wall; the
    // sub-stepper's lets it through.
    const fs::path scene = scratch(".json", R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0,5],"velocity":[0,-11],"radius":0.1}],
      "segments":[{"name":"wall","a":[-2,0],"b":[2,0]}]})");
    const auto run = run_apart(kCli + " --engine " + kSubstep + " diff " + scene.string() +
                                   " --b algorithm=substep --frames 1",
                               "/dev/null");
    EXPECT_EQ(run.exit_code, 1) << run.output;
    EXPECT_NE(run.output.find("b: algorithm=substep, 0 events\n"), std::string::npos) << run.output;
}

TEST(CliEngine, APluginThatCannotBeLoadedIsOneLineAndExitCode2) {
    const auto missing = run_command(kCli + " --engine /nonexistent/engine.so toi");
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_EQ(missing.output, "ccdlab-cli: engine plugin /nonexistent/engine.so: no such file\n");
    const auto no_path = run_command(kCli + " --engine");
    EXPECT_EQ(no_path.exit_code, 2);
    EXPECT_EQ(no_path.output, "ccdlab-cli: --engine needs a value (see --help)\n");
    const fs::path not_a_library = scratch(".so", "not a library");
    const auto bad = run_command(kCli + " --engine " + not_a_library.string() + " toi");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_TRUE(bad.output.starts_with("ccdlab-cli: engine plugin " + not_a_library.string() +
                                       ": cannot load it: "))
        << bad.output;
    EXPECT_EQ(std::count(bad.output.begin(), bad.output.end(), '\n'), 1) << bad.output;
}

TEST(CliEngine, AnAnswerThePluginGetsWrongIsTheLinesErrorNamingThePluginAndTheInput) {
    const std::string plugin = std::string(CCDLAB_BAD_PLUGINS_DIR) + "/bad_t_out_of_range.so";
    const fs::path input = scratch(".jsonl", kFastBall + "\n");
    const auto run = run_apart(kCli + " --engine " + plugin +
                                   " toi --algorithm bad_t_out_of_range < " + input.string(),
                               "/dev/null");
    EXPECT_EQ(run.exit_code, 1) << run.output;
    const auto answer = nlohmann::json::parse(run.output);
    EXPECT_EQ(answer["error"],
              "line 1: algorithm \"bad_t_out_of_range\" cannot take this circle_segment query: "
              "engine \"bad_t_out_of_range\" 0.1 gave no answer for mover {circle c [0, 5] r "
              "0.10000000000000001, translation d [0, -11]}, obstacle {segment a [-2, 0] b [2, "
              "0], still}: t = 1.5 is outside [0, 1]");
}

TEST(CliEngine, APluginThatCrashesLeavesTheInputItWasOnBehind) {
    const std::string plugin = std::string(CCDLAB_BAD_PLUGINS_DIR) + "/bad_crashes.so";
    const fs::path input = scratch(".jsonl", kFastBall + "\n");
    const fs::path errors = scratch(".err");
    const auto run = run_apart("ulimit -c 0; " + kCli + " --engine " + plugin +
                                   " toi --algorithm bad_crashes < " + input.string(),
                               errors);
    EXPECT_NE(run.exit_code, 0);
    EXPECT_TRUE(contents(errors).starts_with(
        "ccdlab-cli: engine \"bad_crashes\" is given mover {circle c [0, 5] r 0.10000000000000001, "
        "translation d [0, -11]}, obstacle {segment a [-2, 0] b [2, 0], still}\n"))
        << contents(errors);
}

} // namespace
