// End-to-end tests of the real ccdlab executable. CTest runs this binary under xvfb-run, so
// there is an X display with Mesa's software OpenGL.
#include "gui_test_support.hpp"
#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::Image;
using ccdlab_test::pixels_per_unit;
using ccdlab_test::read_json;
using ccdlab_test::Rgb;
using ccdlab_test::run_command;
using ccdlab_test::RunningApp;
using ccdlab_test::scratch_dir;
using ccdlab_test::take_screenshot;
using ccdlab_test::wait_for;
using nlohmann::json;
using namespace std::chrono_literals;

const std::string kApp = CCDLAB_APP;
const std::string kScenes = CCDLAB_SCENES_DIR;

// The palette of app/kit/color.hpp, loosely: blue for the mover, orange for the impact.
bool is_blue(Rgb c) {
    return c.b > 120 && c.b > c.r + 50 && c.b > c.g;
}
bool is_orange(Rgb c) {
    return c.r > 200 && c.g > 70 && c.g < 160 && c.b < 110;
}
bool is_background(Rgb c) {
    return c.r < 40 && c.g < 40 && c.b < 45;
}

// The screenshot and the report are written as every file of ccdlab is (ccd/atomic_write.hpp):
// onto a symbolic link, through it (the link stays a link, its target gets the file); onto an
// existing file of mode 0600, keeping that mode.
TEST(AppScreenshot, AScreenshotOntoALinkAndAReportOntoAPrivateFileKeepThem) {
    const fs::path dir = scratch_dir();
    const fs::path shot = dir / "real.png", link = dir / "shot.png", report = dir / "report.json";
    std::ofstream(shot) << "old";
    fs::create_symlink(shot, link);
    std::ofstream(report) << "{}";
    fs::permissions(report, fs::perms::owner_read | fs::perms::owner_write);
    const auto result =
        run_command(kApp + " --scene " + kScenes + "/default.json --size 320x200" +
                    " --screenshot " + link.string() + " --report " + report.string());
    ASSERT_EQ(result.exit_code, 0) << result.output;
    EXPECT_TRUE(fs::is_symlink(link));
    const Image image(shot);
    ASSERT_TRUE(image.loaded());
    EXPECT_EQ(image.width(), 320);
    EXPECT_EQ(fs::status(report).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_FALSE(read_json(report)["hit"].is_null());
}

TEST(AppScreenshot, RendersTheDefaultSceneToAPngOfTheRequestedSize) {
    const auto [report, image] = take_screenshot(
        {"--scene", kScenes + "/default.json", "--size", "1000x700"}, scratch_dir());
    ASSERT_TRUE(image.loaded());
    EXPECT_EQ(image.width(), 1000);
    EXPECT_EQ(image.height(), 700);

    ASSERT_FALSE(report["hit"].is_null()) << "the default scene is a hit";
    // Pixels per world unit, from where the app drew the center and the tip.
    const double dx_px = report["handles_px"]["tip"][0].get<double>() -
                         report["handles_px"]["center"][0].get<double>();
    const double ppu = dx_px / report["mover"]["displacement"][0].get<double>();
    const double radius_px = report["mover"]["radius"].get<double>() * ppu;
    ASSERT_GT(radius_px, 10.0);

    // Inside the circle at t = 0, off its center line: the mover's blue fill.
    const double cx = report["handles_px"]["center"][0], cy = report["handles_px"]["center"][1];
    EXPECT_TRUE(is_blue(image.at(static_cast<int>(cx), static_cast<int>(cy - 0.5 * radius_px))))
        << "no blue inside the circle";
    // On the outline of the circle at the time of impact: orange.
    const double t = report["hit"]["t"];
    const double ix = cx + dx_px * t;
    const double iy = cy + (report["handles_px"]["tip"][1].get<double>() - cy) * t;
    EXPECT_TRUE(image.any_near(ix, iy - radius_px, 3, is_orange)) << "no impact circle";
    // Far from everything: the background.
    EXPECT_TRUE(is_background(image.at(5, image.height() - 5)));
}

bool is_pink(Rgb c) {
    return c.r > 200 && c.g < 130 && c.b > 80 && c.b < 190;
}
bool is_band_tint(Rgb c) {
    return c.r > c.b + 25 && c.r > 60;
} // orange over the grey capsule

TEST(AppScreenshot, TheBandThatProducedTheHitIsTinted) {
    // In the default scene the interior is hit: a point of the band, off the segment's line and
    // off the ball's path, is tinted orange (the caps are not).
    const auto [report, image] = take_screenshot(
        {"--scene", kScenes + "/default.json", "--size", "1000x700"}, scratch_dir());
    ASSERT_EQ(report["hit"]["feature"], "interior");
    ASSERT_TRUE(image.loaded());
    // A point a quarter of the way from A to B, pushed 0.6 r off the line, in pixels.
    const double ax = report["handles_px"]["a"][0], ay = report["handles_px"]["a"][1];
    const double bx = report["handles_px"]["b"][0], by = report["handles_px"]["b"][1];
    const double length = std::hypot(bx - ax, by - ay);
    const double nx = -(by - ay) / length, ny = (bx - ax) / length;
    const double dx_px = report["handles_px"]["tip"][0].get<double>() -
                         report["handles_px"]["center"][0].get<double>();
    const double radius_px = report["mover"]["radius"].get<double>() * dx_px /
                             report["mover"]["displacement"][0].get<double>();
    const double px = ax + 0.25 * (bx - ax) + 0.6 * radius_px * nx;
    const double py = ay + 0.25 * (by - ay) + 0.6 * radius_px * ny;
    EXPECT_TRUE(is_band_tint(image.at(static_cast<int>(px), static_cast<int>(py))))
        << "pixel " << image.at(static_cast<int>(px), static_cast<int>(py)).r << ","
        << image.at(static_cast<int>(px), static_cast<int>(py)).g << ","
        << image.at(static_cast<int>(px), static_cast<int>(py)).b;
    // Beyond A along the segment, inside cap A: not tinted.
    const double qx = ax - 0.6 * radius_px * (bx - ax) / length;
    const double qy = ay - 0.6 * radius_px * (by - ay) / length;
    EXPECT_FALSE(is_band_tint(image.at(static_cast<int>(qx), static_cast<int>(qy))));
}

TEST(AppScreenshot, AnAlgorithmThatDisagreesIsFlaggedAndDrawn) {
    // scenes/seed004-infinite-line.json: seed 004 alone reports a contact at t = 0.
    const auto [report, image] = take_screenshot(
        {"--scene", kScenes + "/seed004-infinite-line.json", "--size", "1000x700"}, scratch_dir());
    EXPECT_TRUE(report["hit"].is_null());
    EXPECT_TRUE(report["disagreement"].get<bool>());
    for (const json& answer : report["algorithms"])
        EXPECT_EQ(answer["disagrees"].get<bool>(), answer["name"] == "seed004") << answer.dump();
    // Its circle at t = 0 is drawn dashed in pink around the ball's start.
    ASSERT_TRUE(image.loaded());
    const double cx = report["handles_px"]["center"][0], cy = report["handles_px"]["center"][1];
    const double dx_px = report["handles_px"]["tip"][0].get<double>() - cx;
    const double radius_px = report["mover"]["radius"].get<double>() * dx_px /
                             report["mover"]["displacement"][0].get<double>();
    int pink_points = 0;
    for (int k = 0; k < 16; ++k) {
        const double angle = k * 3.14159265358979 / 8.0;
        pink_points += image.any_near(cx + radius_px * std::cos(angle),
                                      cy + radius_px * std::sin(angle), 3, is_pink)
                           ? 1
                           : 0;
    }
    EXPECT_GE(pink_points, 6) << "the dashed circle of seed 004's answer";
    EXPECT_EQ(report["banner"], "the judge flags answers: dashed circles show their impacts");
}

TEST(AppScreenshot, ABannerOverAPolygonMoverSendsToThePanelNotToDashedCircles) {
    // scenes/seed002-turning-polygons.json: the crate (a polygon) is the mover and the judge
    // flags answers; no dashed circle is drawn for a polygon, so the banner does not speak of one.
    const json report = take_screenshot({"--scene", kScenes + "/seed002-turning-polygons.json",
                                         "--size", "1280x800"},
                                        scratch_dir())
                            .report;
    ASSERT_TRUE(report["disagreement"].get<bool>());
    EXPECT_EQ(report["banner"], "the judge flags answers: the panel's Algorithms lists them");
}

TEST(AppReport, Box2DsAnswerItsSearchAndItsRefusalsReachTheLab) {
    // The app registers Box2D's b2TimeOfImpact as "box2d". scenes/two-circles.json: Box2D stops
    // where the centres are 1 + 1 - 3 x 0.005 = 1.985 apart, t = 0.5419 against the exact
    // 0.54 (tests/app/labmodel/query_lab_pairs_test.cpp works it out): its own target reached, so
    // no disagreement, and its search for the panel.
    const fs::path dir = scratch_dir();
    const auto report_of = [&](const std::string& scene) {
        const json report =
            take_screenshot({"--scene", kScenes + "/" + scene, "--size", "1000x700"}, dir).report;
        for (const json& answer : report["algorithms"])
            if (answer["name"] == "box2d") return answer;
        ADD_FAILURE() << "no box2d in the lab's algorithms";
        return json();
    };
    const json circles = report_of("two-circles.json");
    EXPECT_FALSE(circles["disagrees"].get<bool>());
    EXPECT_NEAR(circles["t"].get<double>(), 0.54188, 2e-4);
    EXPECT_EQ(circles["iterative"]["state"], "touching");
    EXPECT_NEAR(circles["iterative"]["target"].get<double>(), 1.985, 1e-6);
    // scenes/crate-meets-a-closing-rod.json: the rod's ends move differently, which no rigid
    // Box2D body does: refused with the reason, no answer, no disagreement.
    const json rod = report_of("crate-meets-a-closing-rod.json");
    EXPECT_FALSE(rod["disagrees"].get<bool>());
    EXPECT_TRUE(rod["t"].is_null());
    EXPECT_NE(rod["refusal"].get<std::string>().find("ends move differently"), std::string::npos)
        << rod;
}

TEST(AppWorld, ShowsTheBodiesWhereTheSchedulersLogPutsThem) {
    // scenes/seed004-a-hits-b-first.json: A (x = 0, 10 per frame) hits B (x = 3) at t = 0.2 and
    // stops; B hits C (x = 6) at t = 0.4. At t = 0.3, A is at x = 2 and B at x = 3 + 10 * 0.1 =
    // 4. (Home frames everything drawn: C leaves to x = 12 by the frame's end, beyond the
    // scene's view, so the scale is the report's.)
    const auto [report, image] = take_screenshot(
        {"--scene", kScenes + "/seed004-a-hits-b-first.json", "--size", "1400x900", "--t", "0.3"},
        scratch_dir());
    ASSERT_EQ(report["mode"], "world");
    ASSERT_EQ(report["events"].size(), 2u) << report.dump();
    EXPECT_EQ(report["events"][0]["a"], "A");
    EXPECT_EQ(report["events"][0]["b"], "B");
    EXPECT_DOUBLE_EQ(report["events"][0]["t"].get<double>(), 0.2);
    EXPECT_EQ(report["events"][1]["a"], "B");
    EXPECT_EQ(report["events"][1]["b"], "C");
    EXPECT_GE(report["cancelled"].get<int>(), 1) << "A's prediction on C";
    const double ppu = pixels_per_unit(report);
    const double ax = report["bodies"][0]["position_px"][0],
                 bx = report["bodies"][1]["position_px"][0];
    EXPECT_NEAR(bx - ax, 2.0 * ppu, 1e-6);
    // A is drawn there: its outline (the first body's colour, blue) a radius above its center.
    ASSERT_TRUE(image.loaded());
    const double ay = report["bodies"][0]["position_px"][1];
    EXPECT_TRUE(image.any_near(ax, ay - 0.5 * ppu, 2, is_blue));
    EXPECT_FALSE(image.any_near(ax - 2.0 * ppu, ay - 0.5 * ppu, 2, is_blue))
        << "nothing is drawn where A started";
}

// The static segment's colour (palette::wall), drawn at full strength: not the faint dashed
// lines of a kinematic wall's frame start and end.
bool is_wall(Rgb c) {
    return c.r > 200 && c.g > 200 && c.b > 190;
}
// The same at about a third of its strength over the background.
bool is_faint_wall(Rgb c) {
    return c.r > 70 && c.r < 140 && std::abs(c.r - c.g) < 12 && std::abs(c.g - c.b) < 12;
}

TEST(AppWorld, AMovingWallIsDrawnWhereTheLogPutsItThroughABudgetCut) {
    // Ten points (x = 0..9, y = 0.5) bounce between a floor y = 0 and a ceiling y = 1 at 250 per
    // frame: all ten hit at t = 0.002 + 0.004 j. The budget, 1000 + 100 per body = 2,000 events,
    // takes bounces j = 0..199; the 2,001st event (j = 200, t = 0.802) is cut, and the points
    // stop there; the wall "mover" (x = 12, moving +4 per frame, nothing in its way) moves on,
    // to x = 16 at the frame's end. At t = 0.5 it is at x = 14. (When a cut stopped the walls
    // too, the app, re-deriving a moving wall from the frame's end as end - d (1 - t), drew it
    // at 13.208 instead of where the cut had stopped it.)
    const fs::path dir = scratch_dir();
    const fs::path scene = dir / "budget-cut-wall.json";
    {
        json bodies = json::array();
        for (int i = 0; i < 10; ++i)
            bodies.push_back({{"name", "p" + std::to_string(i)},
                              {"shape", "point"},
                              {"position", {i, 0.5}},
                              {"velocity", {0.0, 250.0}}});
        const json file = {{"format", "ccdlab-scene"},
                           {"version", 1},
                           {"view", {{"center", {12.0, 0.5}}, {"height", 10.0}}},
                           {"bodies", bodies},
                           {"segments",
                            {{{"name", "floor"}, {"a", {-1.0, 0.0}}, {"b", {10.0, 0.0}}},
                             {{"name", "ceiling"}, {"a", {-1.0, 1.0}}, {"b", {10.0, 1.0}}},
                             {{"name", "mover"},
                              {"a", {12.0, -1.0}},
                              {"b", {12.0, 2.0}},
                              {"da", {4.0, 0.0}},
                              {"db", {4.0, 0.0}}}}}};
        std::ofstream(scene) << file.dump(2);
    }
    const auto [report, image] =
        take_screenshot({"--scene", scene.string(), "--size", "1400x1000", "--t", "0.5"}, dir);
    ASSERT_EQ(report["events"].size(), 2000u);
    EXPECT_NEAR(report["events"][1999]["t"].get<double>(), 0.798, 1e-9);
    // The wall's ends at t = 0 on screen (the scene as edited), at the canvas's scale (Home
    // frames the floor and ceiling from x = -1 too, beyond the scene's view).
    const double ppu = pixels_per_unit(report);
    const json& mover = report["edit"]["segments"][2];
    ASSERT_EQ(mover["name"], "mover");
    const double x12 = mover["a_px"][0], y_low = mover["a_px"][1], y_high = mover["b_px"][1];
    EXPECT_NEAR(y_low - y_high, 3.0 * ppu, 1e-6);
    const double y = (y_low + y_high) / 2.0; // x-axis crossings away from everything else
    ASSERT_TRUE(image.loaded());
    EXPECT_TRUE(image.any_near(x12 + 2.0 * ppu, y, 2, is_wall)) << "at x = 14";
    EXPECT_FALSE(image.any_near(x12 + 1.2 * ppu, y, 3, is_wall)) << "nothing at x = 13.2";
    EXPECT_FALSE(image.any_near(x12, y, 3, is_wall)) << "not at its frame start";
    // Its frame's start and end, faint and dashed: x = 12 and 16.
    EXPECT_TRUE(image.any_near(x12 + 4.0 * ppu, y, 8, is_faint_wall)) << "at x = 16";
    EXPECT_TRUE(image.any_near(x12, y, 8, is_faint_wall)) << "at x = 12";
    EXPECT_FALSE(image.any_near(x12 + 3.208 * ppu, y, 8, is_faint_wall)) << "at x = 15.208";
}

TEST(AppScreenshot, MissingSceneIsAOneLineErrorNamingTheFile) {
    const auto result = run_command(kApp + " --scene /nonexistent/nowhere.json --screenshot x.png");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.output, "ccdlab: /nonexistent/nowhere.json: cannot open the file (does it "
                             "exist?)\n");
}

TEST(AppScreenshot, MalformedSceneGivesLineAndColumn) {
    const fs::path dir = scratch_dir();
    std::ofstream(dir / "broken.json")
        << "{\n  \"format\": \"ccdlab-scene\",\n  \"version\" 1\n}\n";
    const auto result = run_command(kApp + " --scene " + (dir / "broken.json").string() +
                                    " --screenshot " + (dir / "x.png").string());
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.output.rfind(
                  "ccdlab: " + (dir / "broken.json").string() + ":3:13: malformed JSON", 0),
              0u)
        << result.output;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
    EXPECT_FALSE(fs::exists(dir / "x.png"));
}

TEST(AppScreenshot, BadOptionIsAOneLineError) {
    const auto result = run_command(kApp + " --size 10x10");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.output.find("--size: width must be an integer from 64 to 8192"),
              std::string::npos)
        << result.output;
}

TEST(AppWithoutDisplay, SaysSoInOneLineAndSuggestsAScreenshot) {
    const auto result = run_command("env -u DISPLAY -u WAYLAND_DISPLAY " + kApp + " --scene " +
                                    kScenes + "/default.json");
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_NE(result.output.find("--screenshot"), std::string::npos) << result.output;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
}

// The query lab on the default scene, in a window driven with xdotool.
class AppDrag : public testing::Test {
protected:
    void SetUp() override {
        app_ = std::make_unique<RunningApp>(
            scratch_dir(),
            std::vector<std::string>{"--scene", kScenes + "/default.json", "--size", "1280x800"},
            "^ccdlab - default.json$");
    }

    json report() const { return app_->report(); }
    void drag(double fx, double fy, double tx, double ty) const { app_->drag(fx, fy, tx, ty); }
    // Ctrl+Q. After an edit the app asks first (unsaved changes): the edit is discarded then.
    void quit_with_ctrl_q() const { EXPECT_EQ(app_->quit(), 0) << "the app did not quit"; }

    std::unique_ptr<RunningApp> app_;
};

TEST_F(AppDrag, DraggingTheCircleMovesItAndChangesTheTimeOfImpact) {
    const json before = report();
    const double t_before = before["hit"]["t"];
    const double cx = before["handles_px"]["center"][0], cy = before["handles_px"]["center"][1];
    const double ppu = pixels_per_unit(before);

    drag(cx, cy, cx + 90.0, cy - 45.0);
    ASSERT_TRUE(wait_for([&] { return report()["mover"]["center"] != before["mover"]["center"]; }))
        << "the circle did not move";
    quit_with_ctrl_q();

    const json after = report();
    const double moved_x =
        after["mover"]["center"][0].get<double>() - before["mover"]["center"][0].get<double>();
    const double moved_y =
        after["mover"]["center"][1].get<double>() - before["mover"]["center"][1].get<double>();
    EXPECT_NEAR(moved_x, 90.0 / ppu, 1.5 / ppu);
    EXPECT_NEAR(moved_y, 45.0 / ppu, 1.5 / ppu);
    EXPECT_EQ(after["mover"]["displacement"], before["mover"]["displacement"])
        << "dragging the center carries the motion along";
    ASSERT_FALSE(after["hit"].is_null());
    EXPECT_LT(after["hit"]["t"].get<double>(), t_before - 0.05)
        << "closer to the wall, the impact comes sooner";
}

TEST_F(AppDrag, CtrlZUndoesAWholeDragAndCtrlYRedoesIt) {
    const json before = report();
    const double cx = before["handles_px"]["center"][0], cy = before["handles_px"]["center"][1];
    drag(cx, cy, cx + 80.0, cy + 40.0);
    ASSERT_TRUE(wait_for([&] { return report()["mover"]["center"] != before["mover"]["center"]; }));
    const json dragged = report();
    ASSERT_TRUE(dragged["can_undo"].get<bool>());
    // Held keys: ImGui 1.86 loses a press and release that arrive within one frame.
    app_->key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return report()["mover"]["center"] == before["mover"]["center"]; }))
        << "the drag, made of several mouse moves, is undone in one step: " << report().dump();
    EXPECT_EQ(report()["hit"]["t"], before["hit"]["t"]);
    app_->key("ctrl+y");
    ASSERT_TRUE(
        wait_for([&] { return report()["mover"]["center"] == dragged["mover"]["center"]; }));
    quit_with_ctrl_q();
}

TEST_F(AppDrag, F12WritesAScreenshotOfTheWindow) {
    const Image image = app_->screenshot();
    EXPECT_EQ(image.width(), 1280);
    EXPECT_EQ(image.height(), 800);
    // The File bar says where it went.
    ASSERT_TRUE(wait_for([&] {
        const std::string status = app_->session()["status"];
        return status.starts_with("Screenshot saved to /") &&
               status.find("/ccdlab-") != std::string::npos && status.ends_with(".png");
    })) << app_->session();
    const json now = report();
    const double cx = now["handles_px"]["center"][0], cy = now["handles_px"]["center"][1];
    EXPECT_TRUE(image.any_near(cx, cy, 3, [](Rgb c) {
        return c.r > 200 && c.g > 170 && c.b < 120;
    })) << "the yellow center handle is in the picture";
    quit_with_ctrl_q();
}

TEST_F(AppDrag, F1ShowsTheHelp) {
    ASSERT_FALSE(report()["help_shown"].get<bool>());
    app_->key("F1");
    EXPECT_TRUE(wait_for([&] { return report()["help_shown"].get<bool>(); }));
    quit_with_ctrl_q();
}

TEST_F(AppDrag, TabSwitchesBetweenTheQueryLabAndTheWorldView) {
    ASSERT_EQ(report()["mode"], "query");
    app_->key("Tab");
    ASSERT_TRUE(wait_for([&] { return report()["mode"] == "world"; })) << report().dump();
    app_->key("Tab");
    EXPECT_TRUE(wait_for([&] { return report()["mode"] == "query"; })) << report().dump();
    EXPECT_EQ(report()["scene"], "default.json");
    quit_with_ctrl_q();
}

TEST_F(AppDrag, DraggingTheWallAsideTurnsTheHitIntoAMiss) {
    const json before = report();
    ASSERT_FALSE(before["hit"].is_null());
    // Pull both ends of the wall far down, out of the ball's way.
    for (const char* end : {"a", "b"}) {
        const json now = report();
        const double x = now["handles_px"][end][0], y = now["handles_px"][end][1];
        drag(x, y, x, 780.0);
    }
    ASSERT_TRUE(wait_for([&] { return report()["hit"].is_null(); }))
        << "still a hit: " << report().dump();
    quit_with_ctrl_q();
}

TEST_F(AppDrag, PageDownOpensTheNextSceneOfTheFolder) {
    // The scenes of scenes/ go in the order of its guided tour, scenes/tour.txt (one file name a
    // line, '#' comments; tests/app/session/scene_library_test.cpp checks every scene is in it);
    // the stop after default.json.
    std::vector<std::string> names;
    std::ifstream tour(fs::path(kScenes) / "tour.txt");
    for (std::string line; std::getline(tour, line);)
        if (!line.empty() && line[0] != '#') names.push_back(line);
    const auto at = std::find(names.begin(), names.end(), "default.json");
    ASSERT_NE(at, names.end());
    const std::string expected = std::next(at) == names.end() ? names.front() : *std::next(at);

    ASSERT_EQ(report()["scene"], "default.json");
    // (The key is held for 0.2 s: ImGui 1.86 loses a press and release within one frame.)
    app_->key("Next");
    ASSERT_TRUE(wait_for([&] { return report()["scene"] == expected; })) << report().dump();
    quit_with_ctrl_q();
}

TEST(AppWorldPlay, SpacePlaysThroughTheFrameIntoTheNext) {
    // The world view starts at the end of frame 0 (t = 1); playing at 0.5 frames a second steps
    // frame 1 within a few seconds.
    RunningApp app(scratch_dir(), {"--scene", kScenes + "/bouncing-balls.json"},
                   "^ccdlab - bouncing-balls.json$");
    ASSERT_EQ(app.report()["frame"], 0);
    app.key("space");
    EXPECT_TRUE(wait_for([&] { return app.report()["frame"] == 1; })) << app.report().dump();
    EXPECT_EQ(app.quit(), 0);
}

TEST(AppWorldStep, PeriodAndCommaStepThroughTheEventsInProcessingOrder) {
    // Seed 004's A-B-C (scenes/seed004-a-hits-b-first.json): A meets B at t = 0.2 (event 0),
    // B meets C at t = 0.4 (event 1). From t = 0: '.' selects event 0 and moves t there, '.'
    // again event 1, ',' back to event 0.
    RunningApp app(scratch_dir(), {"--scene", kScenes + "/seed004-a-hits-b-first.json", "--t", "0"},
                   "^ccdlab - seed004-a-hits-b-first.json$");
    ASSERT_EQ(app.report()["scrub_t"], 0.0);
    const auto at = [&](int event, double t) {
        return wait_for([&] {
            const json r = app.report();
            return r["selected_event"] == event && r["scrub_t"] == t;
        });
    };
    app.key("period");
    EXPECT_TRUE(at(0, 0.2)) << app.report().dump();
    app.key("period");
    EXPECT_TRUE(at(1, 0.4)) << app.report().dump();
    app.key("comma");
    EXPECT_TRUE(at(0, 0.2)) << app.report().dump();
    EXPECT_EQ(app.quit(), 0);
}

TEST(AppSettings, TheNextRunOpensTheLastSceneAtTheLastSize) {
    const fs::path dir = scratch_dir(); // also sets XDG_CONFIG_HOME to dir/config
    const std::string title = "^ccdlab - seed004-a-hits-b-first.json$";
    {
        RunningApp app(
            dir, {"--scene", kScenes + "/seed004-a-hits-b-first.json", "--size", "900x600"}, title);
        ASSERT_EQ(app.quit(), 0);
    }
    const json settings = read_json(dir / "config" / "ccdlab" / "settings.json");
    EXPECT_EQ(fs::path(settings["last_scene"].get<std::string>()).filename(),
              "seed004-a-hits-b-first.json");
    EXPECT_EQ(settings["width"], 900);
    EXPECT_EQ(settings["height"], 600);

    // No --scene, no --size: the same scene, at the same size.
    RunningApp again(dir, {}, title);
    EXPECT_EQ(again.report()["scene"], "seed004-a-hits-b-first.json");
    const auto geometry = run_command("xdotool getwindowgeometry " + again.window());
    EXPECT_NE(geometry.output.find("900x600"), std::string::npos) << geometry.output;
    EXPECT_EQ(again.quit(), 0);
}

} // namespace
