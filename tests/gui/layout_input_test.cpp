// End-to-end: input that is never lost (taps shorter than a frame at a low frame rate), the
// window's layout (the File bar's strip, the side panel's edge, F2, the smallest size), Home,
// the scene picker's tour after Save As elsewhere, a click right after a move that does not pan,
// a new scene's panel at its top, and the equation view following the winner.
// Each reads the app's state from --report.

#include "gui_test_support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::pixels_per_unit;
using ccdlab_test::read_json;
using ccdlab_test::run_command;
using ccdlab_test::RunningApp;
using ccdlab_test::wait_for;
using nlohmann::json;
using namespace std::chrono_literals;

const std::string kScenes = CCDLAB_SCENES_DIR;

class AppLayout : public testing::Test {
protected:
    void SetUp() override { dir_ = ccdlab_test::scratch_dir(); }

    void start(const std::vector<std::string>& args) {
        app_ = std::make_unique<RunningApp>(dir_, args);
    }

    json report() const { return app_->report(); }
    json canvas() const { return report()["layout"]["canvas"]; }
    void key(const std::string& keys) const { app_->key(keys); }
    void type(const std::string& text) const { app_->type(text); }
    void drag(double fx, double fy, double tx, double ty) const { app_->drag(fx, fy, tx, ty); }
    // Ctrl+Q, and Discard if it asks about unsaved changes.
    void quit() { EXPECT_EQ(app_->quit(), 0) << "the app did not quit"; }

    fs::path dir_;
    std::unique_ptr<RunningApp> app_;
};

// Whether the point `px` (window pixels) is on the canvas of `canvas` (a report's).
bool on_canvas(const json& canvas, const json& px) {
    const double x = px[0], y = px[1];
    const double left = canvas["origin_px"][0], top = canvas["origin_px"][1];
    return x >= left && x < left + canvas["width_px"].get<double>() && y >= top &&
           y < top + canvas["height_px"].get<double>();
}

// Whether the world disc about `center` of `radius` is inside what `canvas` shows.
bool visible(const json& canvas, double cx, double cy, double radius) {
    return cx - radius >= canvas["visible_lo"][0].get<double>() &&
           cx + radius <= canvas["visible_hi"][0].get<double>() &&
           cy - radius >= canvas["visible_lo"][1].get<double>() &&
           cy + radius <= canvas["visible_hi"][1].get<double>();
}

TEST_F(AppLayout, TwentyMillisecondTapsAtFiveFramesASecondAllRegister) {
    // Every frame lasts 200 ms longer; six taps of '.' of 20 ms each, 50 ms apart, all land
    // within two frames. From t = 0 each selects the next event: 0, 1, ..., 5.
    start({"--scene", kScenes + "/bouncing-balls.json", "--size", "1280x800", "--t", "0",
           "--frame-delay-ms", "200"});
    ASSERT_GE(report()["events"].size(), 6u);
    ASSERT_EQ(report()["selected_event"], -1);
    std::string taps = "xdotool windowfocus --sync " + app_->window();
    for (int i = 0; i < 6; ++i)
        taps += " keydown period sleep 0.02 keyup period sleep 0.05";
    ASSERT_EQ(run_command(taps).exit_code, 0);
    EXPECT_TRUE(wait_for([&] { return report()["selected_event"] == 5; }))
        << "selected event " << report()["selected_event"] << " after six taps";
    // A tap of F1 (help on) and another (off) of 20 ms: both seen.
    run_command("xdotool windowfocus --sync " + app_->window() + " keydown F1 sleep 0.02 keyup F1");
    EXPECT_TRUE(wait_for([&] { return report()["help_shown"] == true; }));
    run_command("xdotool windowfocus --sync " + app_->window() + " keydown F1 sleep 0.02 keyup F1");
    EXPECT_TRUE(wait_for([&] { return report()["help_shown"] == false; }));
    quit();
}

TEST_F(AppLayout, ATwentyMillisecondClickAtFiveFramesASecondSelects) {
    // The world view: a click on B's handle (press and release 20 ms apart, within one slow
    // frame) selects B; one on C's then selects C.
    start({"--scene", kScenes + "/seed004-a-hits-b-first.json", "--size", "1280x800", "--t", "0",
           "--frame-delay-ms", "200"});
    ASSERT_TRUE(report()["edit"]["selected"].is_null());
    const auto click = [&](const json& px) {
        run_command("xdotool mousemove --window " + app_->window() + " " +
                    std::to_string(std::lround(px[0].get<double>())) + " " +
                    std::to_string(std::lround(px[1].get<double>())) +
                    " sleep 0.5 mousedown 1 sleep 0.02 mouseup 1");
    };
    const json bodies = report()["edit"]["bodies"];
    ASSERT_EQ(bodies[1]["name"], "B");
    click(bodies[1]["center_px"]);
    EXPECT_TRUE(wait_for([&] { return report()["edit"]["selected"] == "B"; }))
        << report()["edit"]["selected"];
    click(bodies[2]["center_px"]);
    EXPECT_TRUE(wait_for([&] { return report()["edit"]["selected"] == "C"; }))
        << report()["edit"]["selected"];
    quit();
}

TEST_F(AppLayout, AClickOnTheEmptyCanvasRightAfterAMoveDoesNotPan) {
    // The world view, where a left drag on the empty canvas pans. At five frames a second the
    // pointer's jump of 500 px and the press right after it reach the app in one frame: the
    // view must not pan by the jump (a drag starts where the button went down).
    start({"--scene", kScenes + "/seed004-a-hits-b-first.json", "--size", "1280x800",
           "--frame-delay-ms", "200"});
    const json before = canvas();
    const double left = before["origin_px"][0], top = before["origin_px"][1];
    const double width = before["width_px"], height = before["height_px"];
    const std::string at_start = std::to_string(std::lround(left + 60.0)) + " " +
                                 std::to_string(std::lround(top + height * 0.5));
    const std::string at_click = std::to_string(std::lround(left + width - 60.0)) + " " +
                                 std::to_string(std::lround(top + 60.0));
    ASSERT_EQ(run_command("xdotool windowfocus --sync " + app_->window() + " mousemove --window " +
                          app_->window() + " " + at_start + " sleep 0.6 mousemove --window " +
                          app_->window() + " " + at_click +
                          " mousedown 1 sleep 0.6 mouseup 1 sleep 0.2")
                  .exit_code,
              0);
    key("F1"); // seen after the click: once the help shows, the click was handled
    ASSERT_TRUE(wait_for([&] { return report()["help_shown"] == true; }));
    const json after = canvas();
    EXPECT_EQ(after["visible_lo"], before["visible_lo"]) << "the click panned the view";
    EXPECT_EQ(after["visible_hi"], before["visible_hi"]);
    quit();
}

TEST_F(AppLayout, PageDownOpensTheNextSceneWithItsPanelScrolledToTheTitle) {
    // At 800x600 the world view's panel is longer than the window: scrolled down with the
    // wheel, then PageDown: the next scene's panel starts at its title.
    start({"--scene", kScenes + "/bouncing-balls.json", "--size", "800x600"});
    const json panel_at = canvas(); // the panel is right of the canvas
    const std::string over_panel =
        std::to_string(std::lround(panel_at["origin_px"][0].get<double>() +
                                   panel_at["width_px"].get<double>() + 100.0)) +
        " 300";
    ASSERT_EQ(run_command("xdotool windowfocus --sync " + app_->window() + " mousemove --window " +
                          app_->window() + " " + over_panel +
                          " sleep 0.3 click --repeat 6 --delay 100 5 sleep 0.2")
                  .exit_code,
              0);
    ASSERT_TRUE(wait_for([&] {
        return report()["layout"]["panel"]["scroll_y"].get<double>() > 0.0;
    })) << report()["layout"];
    const json before = report();
    app_->move_to(100.0, 300.0); // PageDown goes to the canvas, not a panel widget
    key("Next");
    ASSERT_TRUE(wait_for([&] { return report()["scene"] != before["scene"]; }));
    EXPECT_TRUE(wait_for([&] {
        return report()["layout"]["panel"]["scroll_y"].get<double>() == 0.0;
    })) << report()["layout"];
    quit();
}

TEST_F(AppLayout, At800x600BothViewsKeepACanvasBelowTheFileBarWithEverythingOnIt) {
    // The query lab: the bar's strip on top, the canvas and the panel side by side below it,
    // every handle on the canvas.
    start({"--scene", kScenes + "/default.json", "--size", "800x600"});
    json c = canvas();
    EXPECT_GT(c["origin_px"][1].get<double>(), 20.0) << "the File bar has a strip of its own";
    EXPECT_GE(c["width_px"].get<double>(), 320.0);
    EXPECT_LE(c["width_px"].get<double>(), 800.0 - 240.0) << "and the panel its width";
    const json lab = report(); // kept: a range over a temporary's member would dangle
    for (const auto& [name, px] : lab["handles_px"].items())
        EXPECT_TRUE(on_canvas(c, px)) << name << " at " << px << " is off the canvas " << c;
    quit();
    // The world view: every body at t = 0.5 and every handle on the canvas.
    start({"--scene", kScenes + "/seed004-a-hits-b-first.json", "--size", "800x600", "--t", "0.5"});
    c = canvas();
    EXPECT_GE(c["width_px"].get<double>(), 320.0);
    const json world = report();
    for (const json& body : world["bodies"])
        EXPECT_TRUE(on_canvas(c, body["position_px"])) << body << " " << c;
    for (const json& body : world["edit"]["bodies"]) {
        EXPECT_TRUE(on_canvas(c, body["center_px"])) << body;
        EXPECT_TRUE(on_canvas(c, body["tip_px"])) << body;
    }
    quit();
}

TEST_F(AppLayout, ThePanelsEdgeDragsF2HidesItAndTheWidthIsKeptForTheNextRun) {
    // The query lab's panel is 360 wide at 1280: its edge at x = 920. Dragged to x = 720, the
    // panel is 560 wide and the canvas 720.
    start({"--scene", kScenes + "/default.json", "--size", "1280x800"});
    ASSERT_EQ(canvas()["width_px"], 920.0);
    drag(920.0, 400.0, 720.0, 400.0);
    ASSERT_TRUE(wait_for([&] { return std::abs(canvas()["width_px"].get<double>() - 720.0) <= 4; }))
        << report()["layout"];
    EXPECT_NEAR(report()["layout"]["panel"]["width"].get<double>(), 560.0, 4.0);
    key("F2");
    EXPECT_TRUE(wait_for([&] { return canvas()["width_px"] == 1280.0; })) << report()["layout"];
    EXPECT_EQ(report()["layout"]["panel"]["collapsed"], true);
    key("F2");
    EXPECT_TRUE(
        wait_for([&] { return std::abs(canvas()["width_px"].get<double>() - 720.0) <= 4; }));
    const double width = report()["layout"]["panel"]["width"];
    quit();
    const json settings = read_json(dir_ / "config" / "ccdlab" / "settings.json");
    EXPECT_EQ(settings["panel_width"], width);
    EXPECT_EQ(settings["panel_collapsed"], false);
    start({"--scene", kScenes + "/default.json", "--size", "1280x800"});
    EXPECT_EQ(canvas()["width_px"], 1280.0 - width) << "the next run keeps the width";
    quit();
}

TEST_F(AppLayout, HomeFramesTheBallAtBothEndsOfTheFrameAfterItWasDraggedOffTheView) {
    // At 800x600, drag the ball up toward the File bar, pan away, press Home: the ball at
    // t = 0 and t = 1 and the wall's ends are all on the canvas, and the ball's handle is
    // below the bar.
    start({"--scene", kScenes + "/default.json", "--size", "800x600"});
    const json before = report();
    const double cx = before["handles_px"]["center"][0], cy = before["handles_px"]["center"][1];
    const double top = before["layout"]["canvas"]["origin_px"][1];
    drag(cx, cy, cx, top + 6.0);
    ASSERT_TRUE(wait_for([&] { return report()["mover"]["center"] != before["mover"]["center"]; }));
    // Pan the world away with the right button.
    run_command("xdotool mousemove --window " + app_->window() +
                " 250 300 sleep 0.2 mousedown 3 sleep "
                "0.2 mousemove --window " +
                app_->window() + " 450 500 sleep 0.2 mouseup 3 sleep 0.2");
    key("Home");
    ASSERT_TRUE(wait_for([&] {
        const json r = report();
        const json& c = r["layout"]["canvas"];
        const double x = r["mover"]["center"][0], y = r["mover"]["center"][1];
        const double dx = r["mover"]["displacement"][0], dy = r["mover"]["displacement"][1];
        const double radius = r["mover"]["radius"];
        return visible(c, x, y, radius) && visible(c, x + dx, y + dy, radius);
    })) << report()["layout"]
        << report()["mover"];
    const json after = report();
    const json& c = after["layout"]["canvas"];
    for (const auto& [name, px] : after["handles_px"].items())
        EXPECT_TRUE(on_canvas(c, px)) << name << " at " << px << " is off the canvas " << c;
    quit();
}

TEST_F(AppLayout, AfterSaveAsElsewhereThePickerKeepsTheTourAndPageDownGoesOn) {
    // The bundled default.json is the tour's first stop. Saved as another file in another
    // folder, the picker still says "tour 1 / N" and lists the bundled scenes; PageDown opens
    // the tour's second stop (scenes/tour.txt).
    start({"--scene", kScenes + "/default.json", "--size", "1280x800"});
    const json first = report()["session"];
    ASSERT_EQ(first["tour_place"], 0);
    const int tour_length = first["tour_length"];
    ASSERT_GT(tour_length, 2);
    fs::create_directories(dir_ / "elsewhere");
    const fs::path copy = dir_ / "elsewhere" / "my-copy.json";
    key("ctrl+shift+s");
    ASSERT_TRUE(wait_for([&] {
        const json session = report()["session"];
        return session["dialog"] == "save-as" && session["typing"].get<bool>();
    })) << "the Save as dialog's field has the keys";
    type(copy.string());
    key("Return");
    ASSERT_TRUE(wait_for([&] { return report()["session"]["document"] == copy.string(); }))
        << report()["session"];
    const json saved = report()["session"];
    EXPECT_EQ(saved["tour_place"], 0) << "tour 1 / N stays";
    EXPECT_EQ(saved["tour_length"], tour_length);
    EXPECT_EQ(saved["picker_scenes"], tour_length + 1) << "the bundled tour and my-copy.json";
    key("Next"); // PageDown
    ASSERT_TRUE(wait_for([&] {
        return fs::path(report()["session"]["document"].get<std::string>()).filename() ==
               "exhibit-seed000-formula-slip.json";
    })) << report()["session"];
    EXPECT_EQ(report()["session"]["tour_place"], 1);
    quit();
}

TEST_F(AppLayout, TheEquationViewFollowsTheWinnerWhenTheAnswerChanges) {
    // A ball (r = 0.25) from (-2, 0) moving (4, 0) against the wall from (0, -1) to (0, 1): it
    // meets the band at x = -0.25. Its tip dragged to (2, 2.4): the path crosses x = -0.25 at
    // y = 1.05 (beyond the end), and passes end B (0, 1) at 0.2 cos(atan 0.6) = 0.171 < 0.25:
    // cap B wins, and the equation view shows cap B.
    const fs::path scene = dir_ / "cap-b.json";
    std::ofstream(scene) << R"({"format":"ccdlab-scene","version":1,
      "view":{"center":[0,0],"height":8},
      "bodies":[{"name":"ball","shape":"circle","position":[-2,0],"velocity":[4,0],"radius":0.25}],
      "segments":[{"name":"wall","a":[0,-1],"b":[0,1]}]})";
    start({"--scene", scene.string(), "--size", "1280x800"});
    ASSERT_EQ(report()["equation_candidate"], "band");
    const double ppu = pixels_per_unit(report());
    const double tx = report()["handles_px"]["tip"][0], ty = report()["handles_px"]["tip"][1];
    drag(tx, ty, tx, ty - 2.4 * ppu);
    ASSERT_TRUE(wait_for([&] { return report()["equation_candidate"] == "cap B"; }))
        << report()["equation_candidate"] << " " << report()["mover"];
    EXPECT_EQ(report()["hit"]["feature"], "endpoint_b");
    quit();
}

} // namespace
