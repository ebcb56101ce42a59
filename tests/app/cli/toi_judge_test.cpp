// `ccdlab-cli toi --judge` and `--tolerance`, run as a user runs them: each answer with the
// judge's verdict on it (docs/cli.md; the verdicts themselves: tests/core/judge).
#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scratch.hpp"
#include <fstream>
#include <string>

namespace {

using ccdlab_test::run_command;
using nlohmann::json;

const std::string kCli = CCDLAB_CLI;

// A circle of radius 1 falling from y = 5 by 10 onto a segment at y = 0: it touches at t = 0.4.
const std::string kFalling =
    R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})";

// `ccdlab-cli toi ARGS` on `line`: the exit status and the one answer (or the output as text
// under "output" when it is not one JSON line).
struct JudgedRun {
    int exit_code;
    json answer;
    std::string output;
};

JudgedRun toi(const std::string& line, const std::string& args) {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const auto input =
        ccdlab_test::scratch_root() / (std::string("toi-judge-") + info->name() + ".jsonl");
    std::ofstream(input) << line << '\n';
    const auto result = run_command(kCli + " toi " + args + " < " + input.string());
    return {result.exit_code, json::parse(result.output, nullptr, false), result.output};
}

TEST(CliToiJudge, TheDefaultAlgorithmAgreesWithItself) {
    const JudgedRun run = toi(kFalling, "--judge");
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.answer["t"], 0.4);
    // The scale is 10 (the displacement): the tolerance 1e-10 x 10.
    EXPECT_EQ(run.answer["judge"], json({{"verdict", "agrees"},
                                         {"by_design", false},
                                         {"text", "agrees: t = 0.4 (certified t = 0.4)"},
                                         {"tolerance", 1e-9}}))
        << run.output;
}

TEST(CliToiJudge, Box2DsTargetIsByDesign) {
    // Box2D stops 0.005 deep (docs/algorithms.md): t = 0.4005, within its slack.
    const JudgedRun run = toi(kFalling, "--algorithm box2d --judge");
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.answer["judge"]["verdict"], "agrees") << run.output;
    EXPECT_EQ(run.answer["judge"]["by_design"], true);
    EXPECT_EQ(run.answer["judge"]["text"].get<std::string>().rfind(
                  "agrees: past the contact by design (slack 0.01626", 0),
              0u)
        << run.output;
}

TEST(CliToiJudge, Box2DsMissOfATurningContactIsAMiss) {
    // scenes/turning-box2d-gives-up.json turned 2.26 times (2.26 x 2 pi): the first contact at
    // t = acos(0.2) / (2.26 x 2 pi) = 0.0964393; Box2D answers after the turns.
    const JudgedRun run =
        toi(R"({"kind":"circle_rotating_polygon","c":[0,2],"r":0.3,"d":[0,0],)"
            R"("polygon":[[-3,-0.1],[3,-0.1],[3,0.1],[-3,0.1]],"pivot":[0,0],"v":[0,0],)"
            R"("angle":14.199998794225863})",
            "--algorithm box2d --judge");
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.answer["judge"]["verdict"], "miss") << run.output;
    EXPECT_NE(run.answer["judge"]["text"].get<std::string>().find(
                  "past the first contact at t = 0.0964393"),
              std::string::npos)
        << run.output;
}

TEST(CliToiJudge, TheToleranceSetsHowFarAnAnswerMayBe) {
    // seed000-float32 answers in float: t = 0.4 + 6e-9, 6e-8 past the contact at 10 per frame,
    // beyond 1e-9 and within 1e-6 x 10.
    const JudgedRun strict = toi(kFalling, "--algorithm seed000-float32 --judge");
    EXPECT_EQ(strict.answer["judge"]["verdict"], "miss") << strict.output;
    const JudgedRun loose = toi(kFalling, "--algorithm seed000-float32 --judge --tolerance 1e-6");
    EXPECT_EQ(loose.exit_code, 0);
    EXPECT_EQ(loose.answer["judge"]["verdict"], "agrees") << loose.output;
    EXPECT_EQ(loose.answer["judge"]["tolerance"], 1e-6 * 10.0); // as a double rounds it
}

TEST(CliToiJudge, WithoutJudgeTheAnswerHasNoVerdict) {
    const JudgedRun run = toi(kFalling, "");
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_FALSE(run.answer.contains("judge")) << run.output;
}

TEST(CliToiJudge, BadTolerancesAreUsageErrors) {
    for (const auto& [args, message] :
         {std::pair<std::string, std::string>{"--judge --tolerance -1",
                                              "ccdlab-cli toi: --tolerance needs a finite number "
                                              ">= 0, got \"-1\"\n"},
          {"--judge --tolerance abc",
           "ccdlab-cli toi: --tolerance needs a finite number >= 0, got \"abc\"\n"},
          {"--judge --tolerance nan",
           "ccdlab-cli toi: --tolerance needs a finite number >= 0, got \"nan\"\n"},
          {"--judge --tolerance", "ccdlab-cli toi: --tolerance needs a value (see --help)\n"},
          {"--tolerance 1e-6",
           "ccdlab-cli toi: --tolerance is the judge's: add --judge (see --help)\n"}}) {
        const auto result = run_command(kCli + " toi " + args + " < /dev/null");
        EXPECT_EQ(result.exit_code, 2) << args;
        EXPECT_EQ(result.output, message) << args;
    }
}

TEST(CliToiJudge, HelpDocumentsJudgeAndTolerance) {
    const auto help = run_command(kCli + " toi --help");
    EXPECT_EQ(help.exit_code, 0);
    for (const char* words : {"--judge", "--tolerance X", "agrees, miss, false_hit, early,",
                              "normal_off, failed", "default 1e-10"})
        EXPECT_NE(help.output.find(words), std::string::npos) << words;
}

} // namespace
