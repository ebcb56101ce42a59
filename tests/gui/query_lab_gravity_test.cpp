// End-to-end test of the query lab under gravity in the real executable under xvfb-run: the
// thrown ball of scenes/gravity-ball-meets-a-ledge.json opens in the lab with its acceleration
// and its hand-worked contact, the parabola's roots in its --report; dragging the acceleration
// handle (xdotool) changes the contact to the core's answer for the numbers the app now holds,
// and Ctrl+Z brings the acceleration and the contact back.
#include "gui_test_support.hpp"
#include "process.hpp"

#include "ccd/pair_registry.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::RunningApp;
using ccdlab_test::scene_file;
using ccdlab_test::scratch_dir;
using ccdlab_test::wait_for;
using nlohmann::json;

ccd::Vec2 vec2(const json& v) {
    return {v[0].get<double>(), v[1].get<double>()};
}

const std::string kScene = "gravity-ball-meets-a-ledge.json";

TEST(AppQueryLabGravity, TheThrownBallLandsOnTheLedgeAndTheAccelerationHandleMovesTheContact) {
    RunningApp app(scratch_dir(), {"--scene", scene_file(kScene), "--size", "1280x800"},
                   "^ccdlab - " + kScene + "$");
    const json before = app.report();
    ASSERT_EQ(before["mode"], "query") << "a pair under gravity opens in the lab";
    EXPECT_EQ(before["mover"]["acceleration"], json::array({0.0, -8.0}));
    EXPECT_EQ(before["segment"]["acceleration"], json::array({0.0, 0.0}));
    // The scene's description: the centre's y is 4 t - 4 t^2, on the band's upper line (0.75)
    // at t = 0.25 beside the ledge (x = 2) and at t = 0.75 over it (x = 6): the contact.
    ASSERT_FALSE(before["hit"].is_null());
    EXPECT_NEAR(before["hit"]["t"].get<double>(), 0.75, 1e-12);
    ASSERT_EQ(before["path_marks"].size(), 2u) << before["path_marks"].dump();
    EXPECT_NEAR(before["path_marks"][0]["t"].get<double>(), 0.25, 1e-12);
    EXPECT_EQ(before["path_marks"][0]["verdict"], "contact off the segment");
    EXPECT_NEAR(before["path_marks"][0]["position"][0].get<double>(), 2.0, 1e-12);
    EXPECT_NEAR(before["path_marks"][1]["t"].get<double>(), 0.75, 1e-12);
    EXPECT_EQ(before["path_marks"][1]["verdict"], "taken");
    ASSERT_TRUE(before["handles_px"].contains("acceleration"));

    // The handle, a / 2 = (0, -4) below the ball, dragged down: a stronger pull lands the ball
    // sooner, before the ledge's middle.
    app.drag_handle("acceleration", 0.0, 60.0);
    ASSERT_TRUE(wait_for(
        [&] { return app.report()["mover"]["acceleration"] != before["mover"]["acceleration"]; }));
    const json after = app.report();
    const ccd::Vec2 a = vec2(after["mover"]["acceleration"]);
    EXPECT_LT(a.y, -8.0) << "pulled harder";
    const ccd::Swept ball{ccd::Circle{vec2(after["mover"]["center"]), after["mover"]["radius"]},
                          ccd::Translation{vec2(after["mover"]["displacement"])}, a};
    const ccd::Swept ledge{ccd::Segment{vec2(after["segment"]["a"]), vec2(after["segment"]["b"])},
                           ccd::Still{}};
    const auto expected = ccd::time_of_impact(ball, ledge);
    ASSERT_TRUE(expected);
    ASSERT_FALSE(after["hit"].is_null());
    EXPECT_EQ(after["hit"]["t"].get<double>(), expected->t);
    EXPECT_LT(expected->t, 0.75) << "a stronger pull lands it sooner";

    // Undone: the scene's gravity and the hand-worked contact again.
    app.key("ctrl+z");
    ASSERT_TRUE(wait_for([&] {
        return app.report()["mover"]["acceleration"] == before["mover"]["acceleration"];
    })) << app.report()["mover"].dump();
    EXPECT_NEAR(app.report()["hit"]["t"].get<double>(), 0.75, 1e-12);
    // The edit is unsaved: killed at the end (quitting would ask).
}

} // namespace
