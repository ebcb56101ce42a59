// End-to-end tests of the world view's comparison with a real engine's world (--compare-engine,
// the Compare section's "run b"): the engine's bodies as ghosts frame by frame, its tunnel listed,
// marked and drawn, travelled to; the window live while a big scene's engine run goes on. And
// two defects of the world view: a turning wall's handles (scenes/world-paddle-bats-balls.json's
// paddle), the event table at 800x600. The real ccdlab under Xvfb, read through --report.
#include "gui_test_support.hpp"
#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <memory>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::RunningApp;
using ccdlab_test::wait_for;
using nlohmann::json;

const std::string kScenes = CCDLAB_SCENES_DIR;

// scenes/engines-ball-through-plate.json: the ball (r 0.05) from x = 0.2 at 0.5 a frame; Box2D
// has it at 0.7 and 1.2 at the starts of frames 1 and 2, through the plate (x 0.98 to 1.02) in
// frame 1, where the exact World has it touch the plate at t = 0.46 (the scene's description).
const std::string kBallThroughPlateReason =
    "ball and plate are both dynamic and neither is a bullet: Box2D does not sweep this pair "
    "(b2World::SolveTOI, b2_world.cpp)";

double ghost_x(const json& report, int body) {
    return report["compare"]["engine"]["ghosts"][body]["position"][0].get<double>();
}

TEST(AppEngineCompareShot, AScreenshotShowsBoxTwoDsTunnelThroughThePlateWithItsReason) {
    const fs::path dir = ccdlab_test::scratch_dir();
    for (const std::string size : {"1280x800", "800x600"}) {
        const auto shot = ccdlab_test::take_screenshot(
            {"--scene", kScenes + "/engines-ball-through-plate.json", "--mode", "world",
             "--compare-engine", "box2d", "--frame", "1", "--t", "0", "--size", size},
            dir / size);
        const json engine = shot.report["compare"]["engine"];
        ASSERT_TRUE(engine.is_object()) << shot.report["compare"].dump();
        EXPECT_EQ(engine["engine"], "box2d");
        EXPECT_TRUE(engine["done"].get<bool>()) << "a screenshot waits for the whole run";
        EXPECT_EQ(engine["frames"], 100);
        EXPECT_EQ(engine["tunnel_count"], 1);
        const json first = engine["first_tunnel"];
        EXPECT_EQ(first["frame"], 1);
        EXPECT_EQ(first["body"], 0);
        EXPECT_EQ(first["other_kind"], "body");
        EXPECT_EQ(first["other"], 1);
        EXPECT_EQ(first["reason"], kBallThroughPlateReason);
        EXPECT_NEAR(ghost_x(shot.report, 0), 0.7, 1e-6) << "frame 1's start in Box2D";
        // The tunnel drawn in red: the ball where Box2D has it at the frame's end, (1.2, 0)
        // (its right edge at 1.25), and the plate it crossed (its left edge at x = 0.98).
        const json canvas = shot.report["layout"]["canvas"];
        const double ppu = ccdlab_test::pixels_per_unit(shot.report);
        const auto red_near = [&](double wx, double wy) { // y up in the world, down on screen
            const double x = canvas["origin_px"][0].get<double>() +
                             (wx - canvas["visible_lo"][0].get<double>()) * ppu;
            const double y = canvas["origin_px"][1].get<double>() +
                             (canvas["visible_hi"][1].get<double>() - wy) * ppu;
            return shot.image.any_near(
                x, y, 3, [](ccdlab_test::Rgb p) { return p.r > 200 && p.g < 90 && p.b < 90; });
        };
        EXPECT_TRUE(red_near(1.25, 0.0)) << size << ": the ball's end in Box2D, in red";
        EXPECT_TRUE(red_near(0.98, 0.3)) << size << ": the plate crossed, in red";
    }
}

// At frame 0 the engine's ball starts where the scene has it, (0.2, 0): its ghost is drawn
// there in orange (dashed, round the exact World's blue ball).
TEST(AppEngineCompareShot, TheEnginesGhostIsDrawnWhereTheEngineHasTheBodyAtTheFramesStart) {
    const fs::path dir = ccdlab_test::scratch_dir();
    const auto shot =
        ccdlab_test::take_screenshot({"--scene", kScenes + "/engines-ball-through-plate.json",
                                      "--mode", "world", "--compare-engine", "box2d", "--t", "0"},
                                     dir);
    EXPECT_NEAR(ghost_x(shot.report, 0), 0.2, 1e-6);
    const json canvas = shot.report["layout"]["canvas"];
    const double ppu = ccdlab_test::pixels_per_unit(shot.report);
    const double x = canvas["origin_px"][0].get<double>() +
                     (0.2 - 0.05 - canvas["visible_lo"][0].get<double>()) * ppu;
    const double y =
        canvas["origin_px"][1].get<double>() + canvas["visible_hi"][1].get<double>() * ppu;
    EXPECT_TRUE(shot.image.any_near(x, y, 5, [](ccdlab_test::Rgb p) {
        return p.r > 200 && p.g > 110 && p.g < 190 && p.b < 90;
    })) << "no orange ghost at the ball's left edge, x = 0.15";
}

class AppEngineCompare : public testing::Test {
protected:
    void SetUp() override { dir_ = ccdlab_test::scratch_dir(); }

    void start(const std::string& scene, std::vector<std::string> extra,
               const ccdlab_test::ReportCondition& ready) {
        std::vector<std::string> args = {"--scene", kScenes + "/" + scene, "--mode", "world"};
        args.insert(args.end(), extra.begin(), extra.end());
        app_ = std::make_unique<RunningApp>(dir_, args, "^ccdlab - " + scene + "$", ready);
    }

    json report() const { return app_->report(); }
    json engine() const { return report()["compare"]["engine"]; }
    void quit() { EXPECT_EQ(app_->quit(), 0); }

    fs::path dir_;
    std::unique_ptr<RunningApp> app_;
};

TEST_F(AppEngineCompare, TheTunnelsButtonGoesToItsFrameAndTheGhostsTravelWithTheFrames) {
    start("engines-ball-through-plate.json", {"--compare-engine", "box2d"},
          [](const json& r) { return r["compare"]["engine"]["done"] == true; });
    // The list of tunnels is under the Compare section's result: the wheel over the panel
    // brings it up.
    const auto listed = [&] {
        const json buttons = report()["compare"]["engine"]["tunnel_buttons_px"];
        return buttons.contains("0") && buttons["0"][1].get<double>() > 40.0 &&
               buttons["0"][1].get<double>() < 790.0;
    };
    for (int i = 0; i < 40 && !listed(); ++i)
        ccdlab_test::run_command("xdotool mousemove --window " + app_->window() +
                                 " 1100 200 sleep 0.1 click 5 sleep 0.2");
    ASSERT_TRUE(wait_for(listed)) << report()["compare"].dump();
    json r = report();
    ASSERT_EQ(r["frame"], 0);
    EXPECT_NEAR(ghost_x(r, 0), 0.2, 1e-6);
    EXPECT_EQ(r["compare"]["engine"]["first_tunnel"]["reason"], kBallThroughPlateReason);
    const json button = r["compare"]["engine"]["tunnel_buttons_px"]["0"];
    app_->click(button[0].get<double>(), button[1].get<double>());
    ASSERT_TRUE(wait_for([&] { return report()["frame"] == 1; })) << report()["compare"].dump();
    r = report();
    EXPECT_NEAR(ghost_x(r, 0), 0.7, 1e-6);
    // The exact World's event of the pair in that frame is selected, at its t: what should have
    // happened, the ball touching the plate at t = (0.93 - 0.7) / 0.5 = 0.46.
    EXPECT_EQ(r["selected_event"], 0);
    EXPECT_NEAR(r["scrub_t"].get<double>(), 0.46, 1e-9);
    // Time travel: the ghosts follow the frame shown, forward and back.
    app_->key("Right");
    ASSERT_TRUE(wait_for([&] { return report()["frame"] == 2; }));
    EXPECT_TRUE(wait_for([&] { return std::abs(ghost_x(report(), 0) - 1.2) < 1e-6; }))
        << report()["compare"].dump();
    app_->key("Left");
    app_->key("Left");
    ASSERT_TRUE(wait_for([&] { return report()["frame"] == 0; }));
    EXPECT_NEAR(ghost_x(report(), 0), 0.2, 1e-6);
    quit();
}

// scenes/stress-2000-balls.json: the engine run and its tunnel search go on in the background
// (each frame's search runs the exact World from the engine's state, 2,000 x 2,000 pairs); the
// window answers meanwhile: the next frame is stepped and shown before the engine is done.
TEST_F(AppEngineCompare, TheStressSceneStaysLiveWhileTheEngineWorks) {
    start("stress-2000-balls.json", {"--compare-engine", "chipmunk"},
          [](const json& r) { return r["compare"]["engine"].is_object(); });
    ASSERT_FALSE(engine()["done"].get<bool>());
    app_->key("Right");
    ASSERT_TRUE(wait_for([&] { return report()["frame"] == 1; }));
    EXPECT_FALSE(engine()["done"].get<bool>()) << "the frame came while the engine worked";
    quit();
}

// --- a turning wall in the world view: scenes/world-paddle-bats-balls.json's paddle ------------

// The paddle from (-3, 0) to (3, 0) turns pi / 2 a frame about (0, 0): a click on its line
// selects it; its spin arc (radius 1.25 x 3 about the pivot, from end a's direction, pi)
// ends at pi + pi / 2, where its spin handle is.
class AppWorldTurningWall : public AppEngineCompare {};

TEST_F(AppWorldTurningWall, ThePaddleIsSelectedByAClickAndItsSpinAndPivotHandlesEditIt) {
    start("world-paddle-bats-balls.json", {},
          [](const json& r) { return r["layout"]["canvas"]["height_px"].get<double>() > 0.0; });
    json paddle = report()["edit"]["segments"][0];
    ASSERT_EQ(paddle["name"], "paddle");
    EXPECT_EQ(paddle["angle"], std::numbers::pi / 2.0);
    EXPECT_EQ(paddle["turning_text"], "turns about (0, 0) by 1.5707963267948966 rad a frame (90 "
                                      "degrees), counter-clockwise");
    // A click on its line at x = 1.5 (three quarters of the way from a to b).
    const double ax = paddle["a_px"][0], ay = paddle["a_px"][1];
    const double bx = paddle["b_px"][0], by = paddle["b_px"][1];
    app_->click(ax * 0.25 + bx * 0.75, ay * 0.25 + by * 0.75);
    ASSERT_TRUE(wait_for([&] { return report()["edit"]["selected"] == "paddle"; }));
    const double px = paddle["pivot_px"][0], py = paddle["pivot_px"][1];
    const double sx = paddle["spin_px"][0], sy = paddle["spin_px"][1];
    const double ppu = ccdlab_test::pixels_per_unit(report());
    EXPECT_NEAR(sx - px, 0.0, 1.0); // at 3 pi / 2: straight down, 3.75 from the pivot
    EXPECT_NEAR(sy - py, 3.75 * ppu, 1.0);
    // The spin handle dragged a quarter turn counter-clockwise about the pivot (on screen, y
    // down: (dx, dy) becomes (dy, -dx)): the turn a frame grows by pi / 2.
    app_->drag(sx, sy, px + (sy - py), py - (sx - px));
    ASSERT_TRUE(wait_for(
        [&] { return report()["edit"]["segments"][0]["angle"] != std::numbers::pi / 2.0; }));
    EXPECT_NEAR(report()["edit"]["segments"][0]["angle"].get<double>(), std::numbers::pi, 0.02);
    app_->key("ctrl+z");
    ASSERT_TRUE(wait_for([&] {
        return report()["edit"]["segments"][0]["angle"] == std::numbers::pi / 2.0;
    })) << report()["edit"]["segments"][0].dump();
    // The pivot handle moves the pivot alone: 40 px right is 40 / ppu along x.
    app_->drag(px, py, px + 40.0, py);
    ASSERT_TRUE(wait_for([&] { return report()["edit"]["segments"][0]["pivot"][0] != 0.0; }));
    paddle = report()["edit"]["segments"][0];
    EXPECT_NEAR(paddle["pivot"][0].get<double>(), 40.0 / ppu, 0.05);
    EXPECT_EQ(paddle["a"], json({-3.0, 0.0}));
    EXPECT_EQ(paddle["b"], json({3.0, 0.0}));
    quit();
}

// --- the event table at 800x600 ----------------------------------------------------------------

// The panel is 300 pixels wide there: the table opens with the four columns that fit it
// (number, t, pair, status: "0.333333", "low / paddle", "processed") and needs no horizontal
// scroll. The Columns button adds one: then it scrolls sideways, the number frozen.
class AppWorldEventTable : public AppEngineCompare {};

TEST_F(AppWorldEventTable, AtEightHundredBySixHundredTheEventTableFitsAndColumnsAreChosen) {
    const json four = json::array({"#", "t", "pair", "status"});
    start("world-paddle-bats-balls.json", {"--size", "800x600", "--t", "0.7"},
          [](const json& r) { return r["layout"]["panel"]["width"].get<double>() > 0.0; });
    ASSERT_EQ(report()["layout"]["panel"]["width"], 300.0);
    // The table is below the panel's first sections: the wheel over the panel brings it up.
    for (int i = 0; i < 40 && report()["table_columns"] != four; ++i)
        ccdlab_test::run_command("xdotool mousemove --window " + app_->window() +
                                 " 700 200 sleep 0.1 click 5 sleep 0.2");
    ASSERT_TRUE(wait_for([&] { return report()["table_columns"] == four; }))
        << report()["table_columns"].dump();
    EXPECT_TRUE(wait_for([&] { return report()["table_overflow_px"] == 0.0; }))
        << report()["table_overflow_px"];
    const json button = report()["table_columns_button_px"];
    ASSERT_GT(button[1].get<double>(), 40.0) << "the Columns button is in the window";
    ASSERT_LT(button[1].get<double>(), 600.0) << "the Columns button is in the window";
    app_->click(button[0].get<double>(), button[1].get<double>());
    ASSERT_TRUE(wait_for([&] { return report()["table_column_checkboxes_px"].contains("point"); }))
        << "the Columns popup lists the columns after the number";
    const json point = report()["table_column_checkboxes_px"]["point"];
    app_->click(point[0].get<double>(), point[1].get<double>());
    ASSERT_TRUE(wait_for([&] {
        return report()["table_columns"] == json::array({"#", "t", "pair", "status", "point"});
    })) << report()["table_columns"].dump();
    EXPECT_TRUE(wait_for([&] { return report()["table_overflow_px"].get<double>() > 0.0; }))
        << "five columns scroll sideways in 300 pixels";
    quit();
}

} // namespace
