// ccdlab --engine PATH: an engine plugin's algorithm joins the query lab's table of algorithms;
// one that cannot be loaded is said, and the app starts without it.
#include "gui_test_support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::read_json;
using ccdlab_test::run_command;
using ccdlab_test::RunningApp;
using ccdlab_test::scratch_dir;
using nlohmann::json;

TEST(AppEngine, APluginsAlgorithmAnswersInTheLabAndABadOneIsSaidWithoutStoppingTheApp) {
    const fs::path dir = scratch_dir();
    const std::string substep = std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/substep_plugin.so";
    const auto result =
        run_command(std::string(CCDLAB_APP) + " --engine " + substep +
                    " --engine /nonexistent/engine.so --scene " + CCDLAB_SCENES_DIR +
                    "/default.json --screenshot " + (dir / "shot.png").string() + " --report " +
                    (dir / "report.json").string());
    ASSERT_EQ(result.exit_code, 0) << result.output;
    EXPECT_NE(result.output.find("ccdlab: engine plugin /nonexistent/engine.so: no such file "
                                 "(starting without it)\n"),
              std::string::npos)
        << result.output;
    const json algorithms = read_json(dir / "report.json")["algorithms"];
    const auto found = std::find_if(algorithms.begin(), algorithms.end(),
                                    [](const json& a) { return a["name"] == "substep"; });
    ASSERT_NE(found, algorithms.end()) << algorithms.dump();
    EXPECT_TRUE((*found)["has_query"].get<bool>());
    // The default scene's ball (from x = -3 by 7 across, r = 0.6) reaches the wall within the
    // frame: the sub-stepper sees it at one of its eighths.
    ASSERT_TRUE((*found)["t"].is_number()) << found->dump();
    const double eighths = (*found)["t"].get<double>() * 8.0;
    EXPECT_EQ(eighths, std::round(eighths));
}

TEST(AppEngine, TheSettingsPluginsAreLoadedByAnInteractiveRun) {
    // The settings file's "engines" (docs/engines.md): the sub-stepper joins the lab's table
    // with no --engine on the command line.
    const fs::path dir = scratch_dir(); // its config folder is the app's $XDG_CONFIG_HOME
    const std::string substep = std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/substep_plugin.so";
    fs::create_directories(dir / "config" / "ccdlab");
    std::ofstream(dir / "config" / "ccdlab" / "settings.json")
        << json{{"engines", {substep}}}.dump();
    const auto has_substep = [](const json& report) {
        if (!report.contains("algorithms")) return false;
        const json& algorithms = report["algorithms"];
        return std::any_of(algorithms.begin(), algorithms.end(),
                           [](const json& a) { return a["name"] == "substep"; });
    };
    RunningApp app(dir, {"--scene", std::string(CCDLAB_SCENES_DIR) + "/default.json"}, "^ccdlab - ",
                   has_substep);
    EXPECT_TRUE(has_substep(app.report())) << app.report().dump();
}

} // namespace
