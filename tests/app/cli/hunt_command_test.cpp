// ccdlab-cli hunt end to end: the tour's Box2D scene hunted with box2d, its shrunk misses read
// back by `toi` as misses; a query line file hunted with the substep example plugin, its
// tunnels found; a plugin that crashes, its crash a finding and the hunt going on; the same
// seed and budget writing the same findings; help and located errors.
#include "process.hpp"
#include "scratch.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;

const std::string kCli = CCDLAB_CLI;
const std::string kScenes = std::string(CCDLAB_SOURCE_DIR) + "/scenes";
const std::string kSubstep = std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/substep_plugin.so";

fs::path scratch(const std::string& name) {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    return ccdlab_test::scratch_root() / (std::string("hunt-") + info->name() + "-" + name);
}

std::vector<nlohmann::json> json_lines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<nlohmann::json> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(CliHunt, TheToursBox2DSceneYieldsMissesThatTheToiCommandReadsBackAsMisses) {
    const fs::path out = scratch("out");
    const auto result = run_command(kCli + " hunt " + kScenes +
                                    "/turning-box2d-gives-up.json --algorithm box2d --budget 300 " +
                                    "--shrink 1 -o " + out.string());
    EXPECT_EQ(result.exit_code, 1) << result.output; // something found
    // The shrunk cases first, then the counts.
    const auto shrunk_at = result.output.find("miss on polygon_edge (ball / propeller");
    const auto counts_at = result.output.find("ball / propeller: 300 variants: agrees ");
    ASSERT_NE(shrunk_at, std::string::npos) << result.output;
    ASSERT_NE(counts_at, std::string::npos) << result.output;
    EXPECT_LT(shrunk_at, counts_at);
    EXPECT_NE(result.output.find("  box2d:     {\"hit\":false}"), std::string::npos);

    const auto shrunk = json_lines(out / "shrunk.jsonl");
    ASSERT_FALSE(shrunk.empty());
    EXPECT_GE(json_lines(out / "findings.jsonl").size(), shrunk.size());
    std::ofstream(out / "queries.jsonl") << shrunk.front()["query"].dump() << '\n';
    const auto toi =
        run_command(kCli + " toi --algorithm box2d --judge < " + (out / "queries.jsonl").string());
    EXPECT_EQ(toi.exit_code, 0) << toi.output;
    EXPECT_NE(toi.output.find("\"verdict\":\"miss\""), std::string::npos) << toi.output;
}

TEST(CliHunt, TheSameSeedAndBudgetWriteTheSameFindings) {
    const std::string command = kCli + " hunt " + kScenes +
                                "/turning-box2d-gives-up.json --algorithm box2d --budget 150 " +
                                "--seed 5 --shrink 1 -o ";
    run_command(command + scratch("a").string());
    run_command(command + scratch("b").string());
    const std::string a = read_text(scratch("a") / "findings.jsonl");
    EXPECT_FALSE(a.empty());
    EXPECT_EQ(a, read_text(scratch("b") / "findings.jsonl"));
    EXPECT_EQ(read_text(scratch("a") / "shrunk.jsonl"), read_text(scratch("b") / "shrunk.jsonl"));
}

TEST(CliHunt, FromACaseTheSubstepPluginGetsRightItFindsATunnel) {
    // A ball of radius 0.5 falling by 6 onto y = 0: it touches at t = 0.25, the end of the
    // plugin's second sub-step; faster, it passes the segment between two sub-steps.
    const fs::path line = scratch("case.jsonl");
    std::ofstream(line)
        << R"({"kind":"circle_segment","c":[0,2],"r":0.5,"d":[0,-6],"a":[-2,0],"b":[2,0]})" << '\n';
    const auto toi = run_command("echo '" + read_text(line).substr(0, read_text(line).size() - 1) +
                                 "' | " + kCli + " --engine " + kSubstep +
                                 " toi --algorithm substep --judge 2>/dev/null");
    ASSERT_NE(toi.output.find("\"verdict\":\"agrees\""), std::string::npos) << toi.output;
    const fs::path out = scratch("out");
    const auto result = run_command(kCli + " hunt " + line.string() + " --engine " + kSubstep +
                                    " --algorithm substep --budget 300 -o " + out.string());
    EXPECT_EQ(result.exit_code, 1) << result.output;
    bool tunnel = false;
    for (const auto& f : json_lines(out / "findings.jsonl")) {
        const auto& d = f["query"]["d"];
        const double speed = std::hypot(d[0].get<double>(), d[1].get<double>());
        tunnel = tunnel || (f["class"] == "miss" && f["answer"]["hit"] == false &&
                            f["certified"]["hit"] == true && speed > 8.0);
    }
    EXPECT_TRUE(tunnel);
}

TEST(CliHunt, APluginThatCrashesLeavesCrashFindingsAndTheHuntGoesOn) {
    const fs::path line = scratch("case.jsonl");
    std::ofstream(line)
        << R"({"kind":"circle_segment","c":[0.25,2],"r":0.5,"d":[0,-3],"a":[-2,0],"b":[2,0]})"
        << '\n';
    const fs::path out = scratch("out");
    const auto result =
        run_command(kCli + " hunt " + line.string() + " --engine " + CCDLAB_CRASHING_PLUGIN +
                    " --algorithm crashing --budget 100" + " --shrink 1 -o " + out.string());
    EXPECT_EQ(result.exit_code, 1) << result.output;
    EXPECT_NE(result.output.find("line 1: 100 variants:"), std::string::npos) << result.output;
    long crashes = 0, misses = 0;
    for (const auto& f : json_lines(out / "findings.jsonl")) {
        if (f["class"] == "crash") {
            ++crashes;
            EXPECT_LT(f["query"]["c"][0].get<double>(), 0.0); // it crashes left of the y axis
            EXPECT_EQ(f["answer"]["crash"], "killed by signal 6 (Aborted)");
        }
        misses += f["class"] == "miss";
    }
    EXPECT_GT(crashes, 0);
    EXPECT_GT(misses, 0);
}

TEST(CliHunt, HelpAndErrorsAreLocated) {
    const auto help = run_command(kCli + " hunt --help");
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_NE(help.output.find("usage: ccdlab-cli hunt CASE --algorithm NAME"), std::string::npos);
    const fs::path bad = scratch("bad.jsonl");
    std::ofstream(bad)
        << "\n"
        << R"({"kind":"circle_segment","c":[0,2],"r":-1,"d":[0,-6],"a":[-2,0],"b":[2,0]})" << '\n';
    const auto result = run_command(kCli + " hunt " + bad.string() + " --algorithm box2d -o " +
                                    scratch("out").string());
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.output.find(bad.string() + ":2: \"r\" must be >= 0"), std::string::npos)
        << result.output;
    const auto no_method = run_command(kCli + " hunt " + bad.string() + " -o x");
    EXPECT_EQ(no_method.exit_code, 2);
    EXPECT_NE(no_method.output.find("which method? --algorithm NAME"), std::string::npos);
    const auto seed004 = run_command(kCli + " hunt " + kScenes +
                                     "/turning-box2d-gives-up.json --algorithm seed004 -o x");
    EXPECT_EQ(seed004.exit_code, 2);
    EXPECT_NE(seed004.output.find("ball / propeller: left out (algorithm \"seed004\" has no"),
              std::string::npos)
        << seed004.output;
}

} // namespace
