// End-to-end test of the query lab's Hunt section in the real executable under xvfb-run: on the
// tour's Box2D scene (a ball against a propeller turning twice) Hunt starts a hunt in the
// background, its findings show in --report while it runs, Stop ends it with its findings
// listed, and clicking a finding opens its case in the lab, where the judge flags Box2D's answer
// with the finding's own class.
#include "gui_test_support.hpp"
#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace {

using ccdlab_test::RunningApp;
using ccdlab_test::scene_file;
using ccdlab_test::scratch_dir;
using ccdlab_test::wait_for;
using nlohmann::json;

constexpr double kWindowHeight = 800.0;

// Whether a button the report places at `at` is in the window with room below it for the rows
// that follow (the panel scrolled to its end puts the Hunt button about half way down).
bool in_upper_window(const json& at) {
    return at.is_array() && at[1].get<double>() > 60.0 &&
           at[1].get<double>() < kWindowHeight - 250.0;
}

TEST(AppHunt, HuntsTheBox2DScenesPairStopsAndOpensAFinding) {
    const auto dir = scratch_dir();
    RunningApp app(dir,
                   {"--scene", scene_file("turning-box2d-gives-up.json"), "--size", "1280x800"},
                   "^ccdlab - ", [](const json& report) { return report.contains("hunt"); });
    const json idle = app.report()["hunt"];
    EXPECT_EQ(idle["phase"], "idle");
    EXPECT_FALSE(idle["running"].get<bool>());
    // The Hunt section lies below the panel's fold: the wheel over the panel scrolls it up until
    // the report puts the Hunt button in the window with room below it.
    const double panel_x = 1100.0;
    ASSERT_TRUE(wait_for([&] {
        if (in_upper_window(app.report()["hunt"]["hunt_px"])) return true;
        app.move_to(panel_x, 400.0);
        ccdlab_test::run_command("xdotool click 5");
        return false;
    })) << app.report()["hunt"].dump();

    const json hunt_at = app.report()["hunt"]["hunt_px"];
    app.click(hunt_at[0].get<double>(), hunt_at[1].get<double>());
    ASSERT_TRUE(wait_for([&] {
        const json hunt = app.report()["hunt"];
        return hunt["running"].get<bool>() && hunt["findings"].get<long>() > 0;
    })) << app.report()["hunt"].dump();
    const json running = app.report()["hunt"];
    EXPECT_EQ(running["algorithm"], "box2d"); // the scene's method
    EXPECT_EQ(running["phase"], "hunting");
    EXPECT_GT(running["variants"].get<long>(), 0);

    const json stop_at = running["stop_px"];
    ASSERT_TRUE(stop_at.is_array());
    app.click(stop_at[0].get<double>(), stop_at[1].get<double>());
    ASSERT_TRUE(wait_for([&] {
        const json hunt = app.report()["hunt"];
        return hunt["phase"] == "done" && !hunt["groups"].empty();
    })) << app.report()["hunt"].dump();
    const json stopped = app.report()["hunt"];
    EXPECT_TRUE(stopped["stopped"].get<bool>());
    EXPECT_LT(stopped["variants"].get<long>(), stopped["budget"].get<long>());
    EXPECT_FALSE(stopped["running"].get<bool>());

    // The first group of Box2D's misses whose case the lab can show, its row clicked.
    int opened = -1;
    for (std::size_t i = 0; i < stopped["groups"].size(); ++i)
        if (stopped["groups"][i]["opens"] != "none" && stopped["groups"][i]["class"] == "miss") {
            opened = static_cast<int>(i);
            break;
        }
    ASSERT_GE(opened, 0) << stopped.dump();
    const json group = stopped["groups"][std::size_t(opened)];
    // The row's place is in a report of a frame that drew it: wait for one (scrolled to it).
    json row_at;
    ASSERT_TRUE(wait_for([&] {
        row_at = app.report()["hunt"]["groups"][std::size_t(opened)]["row_px"];
        if (row_at.is_array() && row_at[1].get<double>() < kWindowHeight) return true;
        if (row_at.is_array()) {
            app.move_to(panel_x, 400.0);
            ccdlab_test::run_command("xdotool click 5");
        }
        return false;
    })) << app.report()["hunt"].dump();
    app.click(row_at[0].get<double>(), row_at[1].get<double>());
    ASSERT_TRUE(wait_for([&] { return app.report()["hunt"]["opened"] == opened; }))
        << app.report()["hunt"].dump();

    // The lab now holds the finding's case: the ball's numbers are the query line's, and the
    // lab's own judge says Box2D misses it.
    const json report = app.report();
    // A stopped hunt does not shrink: the row opens the finding as found.
    EXPECT_EQ(group["opens"], "found");
    const json query = json::parse(group["found_query"].get<std::string>());
    EXPECT_EQ(report["mover"]["center"][0].get<double>(), query["c"][0].get<double>());
    EXPECT_EQ(report["mover"]["center"][1].get<double>(), query["c"][1].get<double>());
    EXPECT_EQ(report["mover"]["radius"].get<double>(), query["r"].get<double>());
    bool judged = false;
    for (const json& answer : report["algorithms"])
        if (answer["name"] == "box2d") {
            judged = true;
            EXPECT_EQ(answer["verdict"], "miss") << answer.dump();
        }
    EXPECT_TRUE(judged);
    EXPECT_TRUE(report["can_undo"].get<bool>()); // opening it is an edit
    // Its button back to the original is in a report of a frame that drew it: wait for one.
    EXPECT_TRUE(wait_for([&] { return app.report()["hunt"]["original_px"].is_array(); }))
        << app.report()["hunt"].dump();
}

} // namespace
