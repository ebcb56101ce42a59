// ccdlab-cli, run as a user runs it: JSON Lines in, JSON Lines out, exit codes.
#include "process.hpp"

#include "ccd/toi_circle_segment.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;
using nlohmann::json;

const std::string kCli = CCDLAB_CLI;

struct ToiRun {
    int exit_code;
    std::vector<json> answers;
    std::string raw;
};

// Feeds `lines` to `ccdlab-cli toi ARGS` and parses every output line.
ToiRun toi(const std::vector<std::string>& lines, const std::string& args = "") {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path input =
        fs::temp_directory_path() / (std::string("ccdlab-cli-") + info->name() + ".jsonl");
    {
        std::ofstream out(input);
        for (const std::string& line : lines)
            out << line << '\n';
    }
    const auto result = run_command(kCli + " toi " + args + " < " + input.string());
    ToiRun run{result.exit_code, {}, result.output};
    std::istringstream text(result.output);
    for (std::string line; std::getline(text, line);)
        run.answers.push_back(json::parse(line));
    return run;
}

TEST(CliToi, AnswersEachKindInOrder) {
    // Hand-computed: falling from y = 5 (r = 1) by 10 onto y = 0: t = 0.4; a circle from x = -5
    // by 10 toward the origin: t = 0.4; two circles closing 8 per frame across a gap of 8:
    // t = 1; a point from (1, 3) down 12 across y = 0: t = 0.25; a still point swept by a
    // segment falling 4 from y = 2: t = 0.5; a still circle (r = 1, y = 3) swept by the same
    // segment: t = 0.5 (the segment is at y = 2 then).
    const ToiRun run = toi({
        R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})",
        R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[10,0],"q":[0,0]})",
        R"({"kind":"circle_circle","c1":[-5,0],"r1":1,"d1":[4,0],"c2":[5,0],"r2":1,"d2":[-4,0]})",
        R"({"kind":"point_segment","p":[1,3],"d":[0,-12],"a":[-2,0],"b":[2,0]})",
        R"({"kind":"point_moving_segment","p":[0,0],"d":[0,0],"a":[-1,2],"b":[1,2],"da":[0,-4],"db":[0,-4]})",
        R"({"kind":"circle_moving_segment","c":[0,3],"r":1,"d":[0,0],"a":[-1,6],"b":[1,6],"da":[0,-4],"db":[0,-4]})",
    });
    ASSERT_EQ(run.exit_code, 0) << run.raw;
    ASSERT_EQ(run.answers.size(), 6u) << run.raw;
    const double expected[] = {0.4, 0.4, 1.0, 0.25, 0.5, 0.5};
    for (std::size_t i = 0; i < 6; ++i) {
        ASSERT_TRUE(run.answers[i]["hit"].get<bool>()) << i;
        EXPECT_DOUBLE_EQ(run.answers[i]["t"].get<double>(), expected[i]) << i;
    }
    EXPECT_EQ(run.answers[0]["feature"], "interior");
    EXPECT_EQ(run.answers[0]["normal"], json::array({-0.0, 1.0}));
    EXPECT_EQ(run.answers[1]["feature"], "point");
    EXPECT_EQ(run.answers[2]["feature"], "circle");
    EXPECT_FALSE(run.answers[0]["overlap"].get<bool>());
    EXPECT_TRUE(run.answers[0]["approaching"].get<bool>());
}

TEST(CliToi, NumbersReadBackAsTheSameDouble) {
    // An answer with no short decimal form: the printed t must parse to the library's double.
    const ccd::Circle c{{0.1, 0.7}, 0.3};
    const ccd::Vec2 d{1.1, -2.3};
    const ccd::Segment s{{-1.0, 0.0}, {2.0, 0.1}};
    const auto hit = ccd::time_of_impact(c, d, s);
    ASSERT_TRUE(hit);
    const ToiRun run = toi(
        {R"({"kind":"circle_segment","c":[0.1,0.7],"r":0.3,"d":[1.1,-2.3],"a":[-1,0],"b":[2,0.1]})"});
    ASSERT_EQ(run.answers.size(), 1u);
    const double printed = run.answers[0]["t"].get<double>();
    EXPECT_EQ(std::memcmp(&printed, &hit->t, sizeof printed), 0) << run.raw;
}

TEST(CliToi, BadLinesAreAnsweredInPlaceAndTheRestStillRun) {
    const ToiRun run = toi({
        R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[10,0],"q":[0,0],"colour":"red"})",
        "not json",
        R"({"kind":"circle_point","c":[-5,0],"r":-1,"d":[10,0],"q":[0,0]})",
        R"({"kind":"circle_point","c":[-5,0],"d":[10,0],"q":[0,0]})",
        R"({"kind":"teleport"})",
        "",
        R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[-10,0],"q":[0,0]})",
    });
    EXPECT_EQ(run.exit_code, 1);
    ASSERT_EQ(run.answers.size(), 6u) << "the blank line is skipped: " << run.raw;
    EXPECT_TRUE(run.answers[0]["hit"].get<bool>()) << "unknown extra keys are ignored";
    EXPECT_EQ(run.answers[1]["error"].get<std::string>().rfind("line 2: not JSON", 0), 0u);
    EXPECT_EQ(run.answers[2]["error"], "line 3: \"r\" must be >= 0");
    EXPECT_EQ(run.answers[3]["error"], "line 4: missing field \"r\"");
    EXPECT_EQ(
        run.answers[4]["error"].get<std::string>().rfind("line 5: unknown kind \"teleport\"", 0),
        0u);
    EXPECT_EQ(run.answers[5], json({{"hit", false}})) << "moving away";
}

TEST(CliToi, TraceListsTheCandidatesAndTheirVerdicts) {
    const ToiRun run =
        toi({R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})"},
            "--trace");
    ASSERT_EQ(run.answers.size(), 1u);
    const json& trace = run.answers[0]["trace"];
    ASSERT_EQ(trace["candidates"].size(), 3u);
    EXPECT_EQ(trace["candidates"][0]["name"], "band");
    EXPECT_EQ(trace["candidates"][0]["roots"][0]["verdict"], "taken");
    EXPECT_DOUBLE_EQ(trace["candidates"][0]["roots"][1]["t"].get<double>(), 0.6);
}

TEST(CliToi, AnotherAlgorithmCanBeChosenAndUnknownOnesAreRefused) {
    const ToiRun seed =
        toi({R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})",
             R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[10,0],"q":[0,0]})"},
            "--algorithm seed004");
    EXPECT_EQ(seed.exit_code, 1);
    ASSERT_EQ(seed.answers.size(), 2u);
    EXPECT_DOUBLE_EQ(seed.answers[0]["t"].get<double>(), 0.4);
    EXPECT_EQ(seed.answers[1]["error"].get<std::string>().rfind(
                  "line 2: algorithm \"seed004\" has no circle_point", 0),
              0u);

    const auto bad = run_command(kCli + " toi --algorithm magic < /dev/null");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.output, "ccdlab-cli toi: unknown algorithm \"magic\" (see --help)\n");
}

TEST(CliToi, HelpNamesEveryKindAndAlgorithm) {
    const auto help = run_command(kCli + " toi --help");
    EXPECT_EQ(help.exit_code, 0);
    for (const char* word : {"circle_point", "circle_circle", "circle_segment", "point_segment",
                             "point_moving_segment", "circle_moving_segment", "exact", "seed004",
                             "seed000-float32", "conservative-advancement"})
        EXPECT_NE(help.output.find(word), std::string::npos) << word;
}

TEST(Cli, UnknownCommandIsAOneLineError) {
    const auto result = run_command(kCli + " frobnicate");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.output,
              "ccdlab-cli: unknown command \"frobnicate\" (see ccdlab-cli --help)\n");
    EXPECT_EQ(run_command(kCli + " --help").exit_code, 0);
}

} // namespace
