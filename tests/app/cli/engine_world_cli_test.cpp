// ccdlab-cli replay --engine-world and diff --a world=... on the engine report scenes: the
// tunnel at the frame worked out by hand in the scene's description.
#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace {

using ccdlab_test::run_command;
using nlohmann::json;

const std::string kCli = CCDLAB_CLI;
const std::string kScenes = std::string(CCDLAB_SOURCE_DIR) + "/scenes/";

std::vector<json> json_lines(const std::string& output) {
    std::vector<json> lines;
    std::istringstream text(output);
    for (std::string line; std::getline(text, line);)
        lines.push_back(json::parse(line));
    return lines;
}

std::vector<json> with_status(const std::vector<json>& lines, const std::string& status) {
    std::vector<json> out;
    for (const json& line : lines)
        if (line.value("status", "") == status) out.push_back(line);
    return out;
}

// The ball ends frames 0 and 1 at x = 0.7 and 1.2, on either side of the plate (0.98 to 1.02)
// and never in it; the World touches it at frame 1's t = 0.46 (the scene's description).
TEST(CliReplayEngineWorld, BoxTwoDPrintsTheTunnelAtTheHandWorkedFrame) {
    const auto result = run_command(kCli + " replay " + kScenes +
                                    "engines-ball-through-plate.json --engine-world box2d "
                                    "--frames 3 2>&1");
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const auto lines = json_lines(result.output); // every line JSON: nothing else on stdout
    const auto tunnels = with_status(lines, "tunnel");
    ASSERT_EQ(tunnels.size(), 1u) << result.output;
    EXPECT_EQ(tunnels[0]["frame"], 1);
    EXPECT_EQ(tunnels[0]["a"], "ball");
    EXPECT_EQ(tunnels[0]["b"], "plate");
    EXPECT_EQ(tunnels[0]["crossed"], true);
    EXPECT_EQ(tunnels[0]["reason"],
              "ball and plate are both dynamic and neither is a bullet: Box2D does not sweep "
              "this pair (b2World::SolveTOI, b2_world.cpp)");
    int states = 0;
    for (const json& line : lines)
        if (line.contains("body") && line["body"] == "ball" && line["frame"] == 1) {
            ++states;
            EXPECT_NEAR(line["position"][0].get<double>(), 1.2, 1e-6) << "through the plate";
            EXPECT_NEAR(line["velocity"][0].get<double>(), 0.5, 1e-6);
        }
    EXPECT_EQ(states, 1);
}

TEST(CliReplayEngineWorld, ChipmunksBannerStaysOffTheOutput) {
    const auto result = run_command(kCli + " replay " + kScenes +
                                    "engines-slow-ball-under-threshold.json --engine-world "
                                    "chipmunk --frames 6 --from 4");
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const auto tunnels = with_status(json_lines(result.output), "tunnel");
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0]["frame"], 4);
}

TEST(CliReplayEngineWorld, BadEngineAndLogLevelAreRefused) {
    auto result = run_command(kCli + " replay " + kScenes +
                              "engines-ball-through-plate.json --engine-world havok");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.output.find("--engine-world is box2d, bullet, chipmunk or exact, got "
                                 "\"havok\""),
              std::string::npos)
        << result.output;
    result = run_command(kCli + " replay " + kScenes +
                         "engines-ball-through-plate.json --engine-world box2d --log-level none");
    EXPECT_EQ(result.exit_code, 2);
}

TEST(CliDiffWorlds, TheExactWorldAndBoxTwoDPartAtTheTunnel) {
    const auto result = run_command(kCli + " diff " + kScenes +
                                    "engines-ball-through-plate.json --a world=exact --b "
                                    "world=box2d --frames 3");
    EXPECT_EQ(result.exit_code, 1) << result.output;
    EXPECT_NE(result.output.find("first tunnel in b, frame 1: ball through plate at (1, 0): ball "
                                 "and plate are both dynamic and neither is a bullet"),
              std::string::npos)
        << result.output;
    // Frame 1's end: the World's ball stopped at the touch, x = 0.93; Box2D's went on to 1.2.
    EXPECT_NE(result.output.find("first divergence at frame 1: ball at (0.93, 0) in a, (1.2, 0) "
                                 "in b"),
              std::string::npos)
        << result.output;
    EXPECT_EQ(result.output.find("first tunnel in a"), std::string::npos) << "the World has none";
}

TEST(CliDiffWorlds, TheWorldAgreesWithItself) {
    const auto result = run_command(kCli + " diff " + kScenes +
                                    "engines-balls-pass-through.json --a world=exact --b "
                                    "world=exact --frames 4 --tolerance 0");
    EXPECT_EQ(result.exit_code, 0) << result.output;
    EXPECT_NE(result.output.find("no divergence"), std::string::npos) << result.output;
}

TEST(CliDiffWorlds, AWorldTakesNoAlgorithm) {
    const auto result = run_command(kCli + " diff " + kScenes +
                                    "engines-balls-pass-through.json --a world=box2d --b "
                                    "algorithm=seed004");
    EXPECT_EQ(result.exit_code, 2) << result.output;
    EXPECT_NE(result.output.find("with world=, only restitution= and response= apply"),
              std::string::npos)
        << result.output;
}

} // namespace
