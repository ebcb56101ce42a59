// ccdlab-cli export-test through the real executable: its errors, the file it writes, a case
// as a link and as a fixture that `check --algorithm NAME` fails until NAME answers it right.
#include "process.hpp"
#include "scratch.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;

const std::string kCli = CCDLAB_CLI;
const std::string kSubstep = std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/substep_plugin.so";
// A ball of radius 0.1 fired 11 a frame at a wall 5 below it: it touches at t = 4.9 / 11; the
// sub-stepping plugin's 8 steps see it 0.875 above the wall, then 0.5 below.
const std::string kFastLine =
    R"({"kind":"circle_segment","c":[0,5],"r":0.1,"d":[0,-11],"a":[-2,0],"b":[2,0]})";

fs::path scratch_file(const std::string& name, const std::string& text) {
    const fs::path path = ccdlab_test::scratch_root() / ("export-test-" + name);
    std::ofstream(path) << text;
    return path;
}

std::string read(const fs::path& path) {
    std::ifstream file(path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

TEST(ExportTestCommand, HelpNamesEveryOption) {
    const auto result = run_command(kCli + " export-test --help");
    EXPECT_EQ(result.exit_code, 0);
    for (const char* option : {"--framework", "--target", "--algorithm", "--as", "-o"})
        EXPECT_NE(result.output.find(option), std::string::npos) << option;
}

TEST(ExportTestCommand, ABadCommandLineIsOneLineAndExitTwo) {
    auto result = run_command(kCli + " export-test 2>&1");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.output.find("which case?"), std::string::npos) << result.output;
    const fs::path q = scratch_file("bad-options.jsonl", kFastLine + "\n");
    result = run_command(kCli + " export-test " + q.string() + " --framework junit 2>&1");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.output.find("--framework needs gtest, catch2 or doctest, got \"junit\""),
              std::string::npos)
        << result.output;
    result = run_command(kCli + " export-test " + q.string() + " --algorithm nope 2>&1");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.output.find("unknown algorithm \"nope\""), std::string::npos);
}

TEST(ExportTestCommand, ABadQueryLineIsLocatedByFileAndLine) {
    const fs::path q =
        scratch_file("bad-line.jsonl", kFastLine + "\n{\"kind\":\"circle_segment\"}\n");
    const auto result = run_command(kCli + " export-test " + q.string() + " 2>&1");
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_NE(result.output.find(q.string() + ":2: "), std::string::npos) << result.output;
}

TEST(ExportTestCommand, WritesTheFileAndSaysWhere) {
    const fs::path q = scratch_file("write.jsonl", kFastLine + "\n");
    const fs::path out = ccdlab_test::scratch_root() / "export-test-written.cpp";
    const auto result = run_command(kCli + " export-test " + q.string() +
                                    " --framework doctest -o " + out.string() + " 2>&1");
    EXPECT_EQ(result.exit_code, 0) << result.output;
    EXPECT_NE(result.output.find("wrote " + out.string()), std::string::npos);
    const std::string text = read(out);
    EXPECT_NE(text.find("TEST_CASE(\"ExportTestWrite.line_1\")"), std::string::npos) << text;
    // 4.9 / 11 in the comment; 0.1 and -11 as hex floats.
    EXPECT_NE(text.find("first contact at t = 0.4454545454545455"), std::string::npos);
    EXPECT_NE(text.find("0x1.999999999999ap-4"), std::string::npos);
    EXPECT_NE(text.find("-0x1.6p+3"), std::string::npos);
}

TEST(ExportTestCommand, AQueryAsALinkOpensAsItsScene) {
    const fs::path q = scratch_file("link.jsonl", kFastLine + "\n");
    const auto link = run_command(kCli + " export-test " + q.string() + " --as link");
    ASSERT_EQ(link.exit_code, 0) << link.output;
    EXPECT_EQ(link.output.rfind("index.html#scene=", 0), 0u) << link.output;
    std::string url = link.output;
    url.erase(url.find_last_not_of('\n') + 1);
    const auto scene = run_command(kCli + " link --open '" + url + "'");
    ASSERT_EQ(scene.exit_code, 0) << scene.output;
    EXPECT_NE(scene.output.find("\"velocity\": [0.0, -11.0], \"radius\": 0.1"), std::string::npos)
        << scene.output;
}

TEST(ExportTestCommand, AQueryAsAFixtureFailsCheckUntilTheEngineAnswersIt) {
    const fs::path q = scratch_file("fixture.jsonl", kFastLine + "\n");
    const fs::path fixture = ccdlab_test::scratch_root() / "export-test-fixture.json";
    auto result = run_command(kCli + " export-test " + q.string() + " --as fixture -o " +
                              fixture.string() + " 2>&1");
    ASSERT_EQ(result.exit_code, 0) << result.output;
    result = run_command(kCli + " check " + fixture.string() + " 2>&1");
    EXPECT_EQ(result.exit_code, 0) << result.output;
    result = run_command("(" + kCli + " --engine " + kSubstep + " check " + fixture.string() +
                         " --algorithm substep 2>/dev/null)");
    EXPECT_EQ(result.exit_code, 1) << result.output;
}

} // namespace
