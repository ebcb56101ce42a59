// End-to-end test of hunting from the world view and exporting a finding, in the real executable
// under xvfb-run: the tour's Box2D scene (a ball against a propeller turning twice) in the world
// view, its first event selected and "Hunt from this event" pressed, opens the event's pair in the
// query lab as an untitled scene and hunts there with the scene's algorithm (box2d); a finding's
// "C++ test" button then writes the finding's case as a GoogleTest.
#include "gui_test_support.hpp"
#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::RunningApp;
using ccdlab_test::scene_file;
using ccdlab_test::scratch_dir;
using ccdlab_test::wait_for;
using nlohmann::json;

constexpr double kWindowHeight = 800.0;
constexpr double kPanelX = 1100.0;

// A double as C's %a writes it: the literal the exported test holds.
std::string hex(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%a", value);
    return text;
}

std::string read(const fs::path& path) {
    std::ifstream file(path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

// Whether the report places a button at `at` inside the window, with `room` pixels below it.
bool in_window(const json& at, double room) {
    return at.is_array() && at[1].get<double>() > 60.0 &&
           at[1].get<double>() < kWindowHeight - room;
}

// Scrolls the panel (the wheel over it) until `where(report)` is in the window.
bool scroll_to(const RunningApp& app, const std::function<json(const json&)>& where, double room) {
    return wait_for([&] {
        if (in_window(where(app.report()), room)) return true;
        app.move_to(kPanelX, 400.0);
        ccdlab_test::run_command("xdotool click 5");
        return false;
    });
}

TEST(AppHuntWorld, HuntsFromASelectedEventAndExportsAFindingAsACppTest) {
    const auto dir = scratch_dir();
    RunningApp app(dir,
                   {"--scene", scene_file("turning-box2d-gives-up.json"), "--mode", "world", "--t",
                    "0", "--size", "1280x800", "--fixtures-dir", (dir / "fixtures").string()},
                   "^ccdlab - ", [](const json& report) { return report["mode"] == "world"; });
    ASSERT_TRUE(app.report()["hunt_button_px"].is_null()); // no event selected: no button
    app.key("period");
    // The app works out that the lab can take the event's pair: the button is offered.
    ASSERT_TRUE(wait_for([&] {
        const json report = app.report();
        return report["selected_event"] == 0 && report["hunt_offer"]["event"] == 0 &&
               report["hunt_button_px"].is_array();
    })) << app.report().dump();
    const json offered = app.report();
    EXPECT_EQ(offered["hunt_offer"]["why_not"], "") << offered["hunt_offer"].dump();
    const json hunt_at = offered["hunt_button_px"];
    app.click(hunt_at[0].get<double>(), hunt_at[1].get<double>());

    // The pair opens in the lab, untitled, and the hunt runs there with the scene's algorithm.
    ASSERT_TRUE(wait_for([&] {
        const json report = app.report();
        return report["mode"] == "query" && report["hunt"]["phase"] != "idle";
    })) << app.report().dump();
    const json hunting = app.report();
    EXPECT_EQ(hunting["hunt"]["algorithm"], "box2d");
    // The calls run in the app started afresh as a worker: a fork() of the app can hang.
    EXPECT_EQ(hunting["hunt"]["calls_in"], "worker");
    EXPECT_EQ(hunting["session"]["document"], "") << "an untitled scene";

    // Stopped once it has findings (the Stop button scrolled into the window first), unless
    // it ends on its own first: then there is no Stop button to wait for.
    ASSERT_TRUE(wait_for([&] { return app.report()["hunt"]["findings"].get<long>() > 0; }));
    const auto stop_or_done = [](const json& r) {
        return r["hunt"]["running"].get<bool>() ? r["hunt"]["stop_px"] : json::array({0.0, 100.0});
    };
    ASSERT_TRUE(scroll_to(app, stop_or_done, 250.0)) << app.report()["hunt"].dump();
    const json stop_at = app.report()["hunt"]["stop_px"];
    if (stop_at.is_array()) app.click(stop_at[0].get<double>(), stop_at[1].get<double>());
    ASSERT_TRUE(wait_for([&] {
        const json hunt = app.report()["hunt"];
        return hunt["phase"] == "done" && !hunt["groups"].empty();
    })) << app.report()["hunt"].dump();

    // The first group the lab opens: its C++ test button.
    const json groups = app.report()["hunt"]["groups"];
    std::size_t chosen = groups.size();
    for (std::size_t i = 0; i < groups.size() && chosen == groups.size(); ++i)
        if (groups[i]["opens"] != "none") chosen = i;
    ASSERT_LT(chosen, groups.size()) << groups.dump();
    ASSERT_TRUE(scroll_to(
        app, [&](const json& r) { return r["hunt"]["groups"][chosen]["export_px"]["test"]; }, 20.0))
        << app.report()["hunt"].dump();
    const json group = app.report()["hunt"]["groups"][chosen];
    const json test_at = group["export_px"]["test"];
    app.click(test_at[0].get<double>(), test_at[1].get<double>());
    ASSERT_TRUE(wait_for([&] {
        const json report = app.report();
        return report["hunt"]["opened"] == chosen && report["session"]["dialog"] == "export-test";
    })) << app.report().dump();
    app.key("Return");
    ASSERT_TRUE(wait_for([&] {
        const std::string written = app.session()["last_export"];
        return written.ends_with("_test.cpp") && fs::exists(written);
    })) << app.session().dump();

    // The file holds the finding's own inputs: the ball of its query line, to the last bit.
    const json query =
        json::parse(group[group["opens"] == "shrunk" ? "query" : "found_query"].get<std::string>());
    const std::string text = read(app.session()["last_export"].get<std::string>());
    EXPECT_NE(text.find("#include <gtest/gtest.h>"), std::string::npos);
    const std::string ball = "ccd::Circle{{" + hex(query["c"][0].get<double>()) + ", " +
                             hex(query["c"][1].get<double>()) + "}, " +
                             hex(query["r"].get<double>()) + "}";
    EXPECT_NE(text.find(ball), std::string::npos) << ball << "\n" << text;
}

} // namespace
