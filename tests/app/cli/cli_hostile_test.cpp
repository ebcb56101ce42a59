// ccdlab-cli against hostile use: raw echoes of what the user typed, a closed output pipe, a
// turning query that stops undecided (docs/cli.md, "Errors and limits").
#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scratch.hpp"
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;

const std::string kCli = CCDLAB_CLI;
const std::string kScenes = std::string(CCDLAB_SOURCE_DIR) + "/scenes/";

fs::path scratch_file(const std::string& suffix) {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    return ccdlab_test::scratch_root() / (std::string("hostile-") + info->name() + suffix);
}

// An option of 5,000 bytes ending in a terminal escape, given to every command: each error
// quotes its first 40 bytes, printable, then "... (5006 bytes)"; the line stays short.
TEST(CliHostile, EveryCommandCutsAnUnknownOptionTo40PrintableBytes) {
    const std::string option = "--" + std::string(5000, 'x') + "\\033[31m";
    for (const std::string command : {"toi", "check", "replay", "record", "diff", "link"}) {
        const auto result =
            run_command(kCli + " " + command + " \"$(printf '%b' '" + option + "')\" < /dev/null");
        EXPECT_NE(result.exit_code, 0) << command;
        EXPECT_LT(result.output.size(), 300u) << command << ": " << result.output.substr(0, 300);
        EXPECT_NE(result.output.find("--xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (5007 bytes)"),
                  std::string::npos)
            << command << ": " << result.output.substr(0, 300);
        EXPECT_EQ(result.output.find('\033'), std::string::npos) << command;
    }
}

TEST(CliHostile, AnUnknownAlgorithmIsCutTo40PrintableBytes) {
    const auto result = run_command(
        kCli + " toi --algorithm $(printf 'a%.0s' $(seq 1 3000))$(printf '\\033') < /dev/null");
    EXPECT_NE(result.exit_code, 0);
    EXPECT_LT(result.output.size(), 200u) << result.output.substr(0, 300);
    EXPECT_NE(result.output.find("... (3001 bytes)"), std::string::npos) << result.output;
}

// A file name of 6,000 bytes (past PATH_MAX) that does not exist: the error names its first
// 4,096 bytes, not the whole (a 120 KB name made a 120 KB error).
TEST(CliHostile, AFileNameIsCutToAPathsLength) {
    const std::string name = "/tmp/" + std::string(6000, 'n') + ".json";
    for (const std::string command : {"replay", "record", "check"}) {
        const auto result = run_command(kCli + " " + command + " " + name +
                                        (command == "record" ? " -o /dev/null" : ""));
        EXPECT_NE(result.exit_code, 0) << command;
        EXPECT_LT(result.output.size(), 4400u) << command << ": " << result.output.substr(0, 400);
        EXPECT_NE(result.output.find("... (6010 bytes)"), std::string::npos) << command;
    }
}

// toi --help says what happens to a key the kind does not name: an error, not ignored.
TEST(CliHostile, ToiHelpSaysAnUnknownKeyIsAnError) {
    const auto result = run_command(kCli + " toi --help");
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_EQ(result.output.find("ignored"), std::string::npos);
    EXPECT_NE(result.output.find("A key the kind does not name is an error"), std::string::npos);
}

// `replay ... | head -c 1`: the pipe closes after one byte; replay ends with a message and exit
// status 1 (it died of SIGPIPE, 141, with no message).
TEST(CliHostile, AClosedOutputPipeEndsReplayWithAMessage) {
    const fs::path err = scratch_file(".err");
    const auto result =
        run_command("(" + kCli + " replay " + kScenes + "bouncing-balls.json --frames 20000 2>" +
                    err.string() + "; echo \"status $?\" >> " + err.string() +
                    ") | head -c 1 > /dev/null; cat " + err.string());
    EXPECT_NE(result.output.find("cannot write to standard output"), std::string::npos)
        << result.output;
    EXPECT_NE(result.output.find("status 1"), std::string::npos) << result.output;
}

// A square spinning 100,000 turns a frame 2.7e-6 beyond a segment's reach: the search stops at
// its step limit. The answer is undecided, not a hit (it was a hit at t = 0.08, the shapes far
// apart there).
TEST(CliHostile, AnUndecidedTurningQueryIsNoHit) {
    const fs::path input = scratch_file(".jsonl");
    std::ofstream(input)
        << R"({"kind":"rotating_polygon_segment","polygon":[[-1,-1],[1,-1],[1,1],[-1,1]],)"
           R"("pivot":[0,0],"v":[0,0],"angle":628318.5307179586,)"
           R"("a":[-5,1.414216228102858],"b":[5,1.414216228102858]})"
        << '\n';
    const auto result = run_command(kCli + " toi < " + input.string());
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const nlohmann::json answer = nlohmann::json::parse(result.output);
    EXPECT_FALSE(answer["hit"].get<bool>());
    EXPECT_TRUE(answer["undecided"].get<bool>());
    EXPECT_GE(answer["t"].get<double>(), 0.0);
}

// The same query judged: the exact answer is undecided, and so is the certified answer any
// other method's is judged against. The verdict is "undecided" (it was "false_hit", the
// undecided stop judged as a contact at t = 0.08 where the shapes are far apart).
TEST(CliHostile, TheJudgeOfAnUndecidedQueryIsUndecided) {
    const fs::path input = scratch_file(".jsonl");
    std::ofstream(input)
        << R"({"kind":"rotating_polygon_segment","polygon":[[-1,-1],[1,-1],[1,1],[-1,1]],)"
           R"("pivot":[0,0],"v":[0,0],"angle":628318.5307179586,)"
           R"("a":[-5,1.414216228102858],"b":[5,1.414216228102858]})"
        << '\n';
    for (const std::string algorithm : {"exact", "conservative-advancement"}) {
        const auto result =
            run_command(kCli + " toi --judge --algorithm " + algorithm + " < " + input.string());
        ASSERT_EQ(result.exit_code, 0) << algorithm << ": " << result.output;
        const nlohmann::json answer = nlohmann::json::parse(result.output);
        EXPECT_EQ(answer["judge"]["verdict"], "undecided") << algorithm << ": " << result.output;
        EXPECT_NE(answer["judge"]["text"].get<std::string>().find("step limit"), std::string::npos)
            << algorithm;
    }
}

// A point 98 units beyond the end of a 2-unit bar turning 1e15 radians a frame was answered
// "overlap": true (the certified tolerance, 1e-12 x |angle| x lever arm, was 1e5). A spin
// beyond 1e6 radians a frame is refused at its field; at 1e6 the point is not touched at t = 0.
TEST(CliHostile, ASpinBeyondTheFastestIsRefusedAtItsField) {
    const fs::path input = scratch_file(".jsonl");
    std::ofstream(input)
        << R"({"kind":"point_rotating_segment","p":[100,0],"d":[0,0],"a":[0,0],"b":[2,0],)"
           R"("pivot":[0,0],"v":[0,0],"angle":1e15})"
        << '\n'
        << R"({"kind":"point_rotating_segment","p":[100,0],"d":[0,0],"a":[0,0],"b":[2,0],)"
           R"("pivot":[0,0],"v":[0,0],"angle":1e6})"
        << '\n';
    const auto result = run_command(kCli + " toi < " + input.string());
    EXPECT_EQ(result.exit_code, 1) << result.output;
    const std::size_t newline = result.output.find('\n');
    ASSERT_NE(newline, std::string::npos) << result.output;
    const nlohmann::json refused = nlohmann::json::parse(result.output.substr(0, newline));
    EXPECT_EQ(refused["error"], "line 1: \"angle\" must be at most 1e6 radians a frame in "
                                "magnitude (the range of spin, docs/accuracy.md)");
    const nlohmann::json answer = nlohmann::json::parse(result.output.substr(newline + 1));
    EXPECT_FALSE(answer["hit"].get<bool>()) << answer;
}

} // namespace

namespace {

// The issue's blade with its last vertex given twice: answered {"hit":false} where the blade
// without it contains the segment's end at t = 0. Refused at the vertex now.
TEST(CliHostile, ATurningPolygonWithARepeatedVertexIsRefused) {
    const fs::path input = scratch_file(".jsonl");
    std::ofstream(input)
        << R"({"kind":"rotating_polygon_segment","polygon":[[10,0],[-5,9],[-5,-9],[-5,-9]],)"
           R"("pivot":[0,0],"v":[0,0],"angle":0,"a":[0,0],"b":[1,0]})"
        << '\n';
    for (const std::string algorithm : {"exact", "conservative-advancement", "seed002-chords"}) {
        const auto result =
            run_command(kCli + " toi --algorithm " + algorithm + " < " + input.string());
        EXPECT_EQ(result.exit_code, 1) << algorithm;
        EXPECT_NE(result.output.find("\\\"polygon\\\" repeats vertex 2 at vertex 3"),
                  std::string::npos)
            << algorithm << ": " << result.output;
    }
}

} // namespace
