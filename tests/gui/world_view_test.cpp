// End-to-end tests of the world view's readability: names on the canvas, the selected event's
// highlight, the Show layers and their persistence, the dense-scene rule. The real ccdlab under
// Xvfb, driven with xdotool, checked through --report (what was drawn: labels, highlight,
// layers) and the settings file.
#include "gui_test_support.hpp"
#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <numbers>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::Image;
using ccdlab_test::read_json;
using ccdlab_test::Rgb;
using ccdlab_test::run_command;
using ccdlab_test::RunningApp;
using ccdlab_test::take_screenshot;
using ccdlab_test::time_left;
using ccdlab_test::wait_for;
using nlohmann::json;
using namespace std::chrono_literals;

const std::string kScenes = CCDLAB_SCENES_DIR;

std::set<std::string> label_texts(const json& report) {
    std::set<std::string> texts;
    for (const json& label : report["labels"])
        texts.insert(label["text"].get<std::string>());
    return texts;
}

// The labels' rectangles, pairwise apart.
bool labels_overlap(const json& report) {
    const json& labels = report["labels"];
    for (std::size_t i = 0; i < labels.size(); ++i)
        for (std::size_t j = i + 1; j < labels.size(); ++j) {
            const auto box = [](const json& l, int axis) {
                const double lo = l["top_left_px"][axis];
                return std::pair(lo, lo + l["size_px"][axis].get<double>());
            };
            const auto [ax0, ax1] = box(labels[i], 0);
            const auto [ay0, ay1] = box(labels[i], 1);
            const auto [bx0, bx1] = box(labels[j], 0);
            const auto [by0, by1] = box(labels[j], 1);
            if (ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1) return true;
        }
    return false;
}

// A screenshot run's report: what a scene opens with, no settings read.
json screenshot_report(const std::string& scene) {
    return take_screenshot({"--scene", kScenes + "/" + scene, "--size", "1280x800"},
                           ccdlab_test::scratch_dir())
        .report;
}

TEST(AppWorldLabels, EveryBodyAndWallIsNamedAndNoLabelCoversAnother) {
    const json report = screenshot_report("polygons-in-a-box.json");
    std::ifstream in(kScenes + "/polygons-in-a-box.json");
    const json scene = json::parse(in);
    const std::set<std::string> texts = label_texts(report);
    for (const char* list : {"bodies", "segments", "polygons"})
        for (const json& item : scene[list])
            EXPECT_TRUE(texts.count(item["name"].get<std::string>()))
                << item["name"] << " is not named on the canvas: " << report["labels"].dump();
    EXPECT_FALSE(labels_overlap(report)) << report["labels"].dump();
    EXPECT_FALSE(report["dense"].get<bool>());
}

TEST(AppWorldLabels, EventsAtOnePointShareOneLabel) {
    // The chattering corner (scenes/exhibit-chattering-corner.json): 33 events at one instant,
    // alternately on the slope (0, 2, ..., 32: 17 of them) and on the floor (1, 3, ..., 31:
    // 16), each side at one point.
    const json report = screenshot_report("exhibit-chattering-corner.json");
    ASSERT_EQ(report["events"].size(), 33u);
    const std::set<std::string> texts = label_texts(report);
    EXPECT_TRUE(texts.count("0, 2 ... 32 (17)")) << report["labels"].dump();
    EXPECT_TRUE(texts.count("1, 3 ... 31 (16)")) << report["labels"].dump();
    EXPECT_FALSE(labels_overlap(report));
}

TEST(AppWorldLabels, NoHandleFloatsOutsideTheBox) {
    // polygons-in-a-box at t = 0, seen from afar (a view 40 units high): its bodies' arrow tips
    // lie outside the box, and used to be drawn there as lone yellow dots. Now a tip shows only
    // with its arrow, on the item selected or under the mouse: the only yellow (the handles')
    // is inside the box or on its corners, and everything in the canvas farther than 12 px
    // from the box is free of it.
    const fs::path dir = ccdlab_test::scratch_dir();
    const fs::path scene = dir / "far.json";
    {
        std::ifstream in(kScenes + "/polygons-in-a-box.json");
        json far = json::parse(in);
        far["view"] = {{"center", {0.0, 0.0}}, {"height", 40.0}};
        std::ofstream(scene) << far.dump(2);
    }
    const auto [report, image] =
        take_screenshot({"--scene", scene.string(), "--t", "0", "--size", "1280x800"}, dir);
    double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9; // the walls' extent on screen
    for (const json& wall : report["edit"]["segments"])
        for (const char* end : {"a_px", "b_px"}) {
            x0 = std::min(x0, wall[end][0].get<double>());
            x1 = std::max(x1, wall[end][0].get<double>());
            y0 = std::min(y0, wall[end][1].get<double>());
            y1 = std::max(y1, wall[end][1].get<double>());
        }
    ASSERT_TRUE(image.loaded());
    int yellow_outside = 0;
    // The canvas ends where the side panel starts, left of its Show checkboxes.
    double panel_left = image.width();
    for (const auto& [key, at] : report["show_px"].items())
        panel_left = std::min(panel_left, at[0].get<double>() - 30.0);
    ASSERT_GT(panel_left, x1 + 12) << "the panel lies right of the box";
    const int canvas_width = static_cast<int>(panel_left);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < canvas_width; ++x) {
            if (x > x0 - 12 && x < x1 + 12 && y > y0 - 12 && y < y1 + 12) continue;
            const Rgb p = image.at(x, y);
            if (p.r > 200 && p.g > 170 && p.b < 120) ++yellow_outside;
        }
    EXPECT_EQ(yellow_outside, 0);
}

TEST(AppWorldStatic, StaticTilesAreHatchedGreyAndHaveNoTipHandle) {
    // The tiles scene: its three tiles are static (grey, hatched: lines 8 px apart at 45
    // degrees), the box is not. Inside tile c, clear of its name and its center handle, about
    // one pixel in eight of a hatched square lies on a line: grey (r, g and b alike, brighter
    // than the background), and none is another body's colour.
    const fs::path dir = ccdlab_test::scratch_dir();
    const auto [report, image] = take_screenshot(
        {"--scene", kScenes + "/tiles-box-slides-over-a-seam.json", "--size", "1280x800"}, dir);
    const json& polygons = report["edit"]["polygons"];
    ASSERT_EQ(polygons.size(), 4u);
    EXPECT_FALSE(polygons[0].contains("static"));
    EXPECT_TRUE(polygons[0].contains("tip_px"));
    for (std::size_t i = 1; i < 4; ++i) {
        EXPECT_EQ(polygons[i]["static"], true) << i;
        EXPECT_FALSE(polygons[i].contains("tip_px")) << i;
    }
    ASSERT_TRUE(image.loaded());
    // Tile c's lower half on screen, its center's handle above it: [2, 3] x [0, 0.4].
    const double cx = polygons[3]["center_px"][0].get<double>();
    const double cy = polygons[3]["center_px"][1].get<double>();
    const double half = std::fabs(polygons[2]["center_px"][0].get<double>() - cx) / 2.0;
    int grey = 0, total = 0, coloured = 0;
    for (int y = static_cast<int>(cy + 0.2 * half); y < static_cast<int>(cy + 0.9 * half); ++y)
        for (int x = static_cast<int>(cx - 0.9 * half); x < static_cast<int>(cx + 0.9 * half);
             ++x) {
            const Rgb p = image.at(x, y);
            ++total;
            const int spread = std::max({p.r, p.g, p.b}) - std::min({p.r, p.g, p.b});
            if (spread < 20 && p.r > 60) ++grey;
            if (spread > 60) ++coloured;
        }
    ASSERT_GT(total, 400);
    EXPECT_GT(grey, total / 20) << grey << " of " << total;
    EXPECT_EQ(coloured, 0);
}

TEST(AppWorldStatic, AChainIsDrawnWithTicksOnItsFrontOnly) {
    // The chain scene: the tiles' outline as a counter-clockwise loop, its front outside. Along
    // its top edge 3, from (2, 1) to (1, 1), the ticks stand 7 px above the line (outside), and
    // nothing of the wall's colour is drawn 2 to 6 px below it (inside the loop). Screen places
    // from the box's center handle, its vertex centroid (0.45, 1.5), and the canvas's scale.
    const fs::path dir = ccdlab_test::scratch_dir();
    const auto [report, image] = take_screenshot(
        {"--scene", kScenes + "/tiles-chain-box-slides-over-the-seams.json", "--size", "1280x800"},
        dir);
    ASSERT_TRUE(image.loaded());
    const double ppu = ccdlab_test::pixels_per_unit(report);
    const json& box = report["edit"]["polygons"].at(0);
    const double bx = box["center_px"][0].get<double>(), by = box["center_px"][1].get<double>();
    const auto screen_x = [&](double x) { return bx + (x - 0.45) * ppu; };
    const double line_y = by + (1.5 - 1.0) * ppu;
    const auto wall_coloured = [](const Rgb& p) { return p.r > 180 && p.g > 180 && p.b > 170; };
    int above = 0, below = 0;
    for (int x = static_cast<int>(screen_x(1.1)); x < static_cast<int>(screen_x(1.9)); ++x)
        for (int d = 3; d <= 5; ++d) {
            above += wall_coloured(image.at(x, static_cast<int>(std::lround(line_y)) - d));
            below += wall_coloured(image.at(x, static_cast<int>(std::lround(line_y)) + d));
        }
    EXPECT_GT(above, 0) << "no tick above the top edge";
    EXPECT_EQ(below, 0) << "a tick inside the loop";
}

TEST(AppWorldLayers, ADenseSceneOpensWithoutNamesNumbersOrHandles) {
    const json report = screenshot_report("stress-2000-balls.json");
    EXPECT_TRUE(report["dense"].get<bool>());
    EXPECT_FALSE(report["layers"]["labels"].get<bool>());
    EXPECT_FALSE(report["layers"]["event_numbers"].get<bool>());
    EXPECT_FALSE(report["layers"]["handles"].get<bool>());
    EXPECT_FALSE(report["layers"]["cancelled_predictions"].get<bool>());
    EXPECT_TRUE(report["layers"]["paths"].get<bool>());
    EXPECT_TRUE(report["labels"].empty()) << report["labels"].dump();
    // Space plays it as fast as its frames are stepped (the slider's top), not 0.5 a second.
    EXPECT_EQ(report["timeline"]["speed"].get<double>(), 30.0);
}

// A running ccdlab on one scene, its settings in a scratch folder.
class AppWorldView : public testing::Test {
protected:
    void SetUp() override { dir_ = ccdlab_test::scratch_dir(); } // XDG_CONFIG_HOME = dir_/config

    void start(const std::string& scene, std::vector<std::string> extra = {}) {
        std::vector<std::string> args = {"--scene", kScenes + "/" + scene, "--size", "1280x800"};
        args.insert(args.end(), extra.begin(), extra.end());
        app_ =
            std::make_unique<RunningApp>(dir_, args, "^ccdlab - " + scene + "$", panel_settled());
    }

    // The first frames lay the panel out, and a scroll bar that appears then moves what is below
    // it: ready when the Show section's place is the same in six reports in a row.
    static ccdlab_test::ReportCondition panel_settled() {
        return [last = json(), same = 0](const json& report) mutable {
            const json now = report["show_px"];
            same = !now.empty() && now == last ? same + 1 : 0;
            last = now;
            return same >= 5;
        };
    }

    json report() const { return app_->report(); }

    void key(const std::string& keys) const { app_->key(keys); }

    void click(const json& at) const { app_->click(at[0].get<double>(), at[1].get<double>()); }

    void quit() {
        key("ctrl+q");
        EXPECT_EQ(app_->wait_for_exit(time_left()), 0) << "the app did not quit on Ctrl+Q";
    }

    fs::path dir_;
    std::unique_ptr<RunningApp> app_;
};

TEST_F(AppWorldView, PickingAnEventOrACancelledRowHighlightsItsTwoBodiesAndContact) {
    // Seed 004's A-B-C (scenes/seed004-a-hits-b-first.json): event 0 is A meeting B at
    // (2.5, 0), event 1 B meeting C at (5.5, 0), both with the normal (-1, 0); A's prediction on
    // C (contact at (5.5, 0) at t = 0.5) is cancelled by event 0, at t = 0.2.
    start("seed004-a-hits-b-first.json", {"--t", "0"});
    json r = report();
    EXPECT_TRUE(r["highlight"]["bodies"].empty());
    EXPECT_TRUE(r["highlight"]["point_px"].is_null());

    key("period");
    ASSERT_TRUE(wait_for([&] { return report()["selected_event"] == 0; }));
    r = report();
    EXPECT_EQ(r["highlight"]["bodies"], json::array({"A", "B"}));
    EXPECT_TRUE(r["highlight"]["walls"].empty());
    EXPECT_EQ(r["highlight"]["point_px"], r["events"][0]["point_px"]);
    EXPECT_EQ(r["highlight"]["normal"], json::array({-1.0, 0.0}));
    EXPECT_TRUE(label_texts(r).count("A") && label_texts(r).count("B")) << r["labels"].dump();
    const json event_1_px = r["events"][1]["point_px"];

    // The cancelled prediction's row in the table: selectable, it shows A and C and the contact
    // it predicted, at the time event 0 cancelled it.
    json row;
    for (const json& candidate : r["table_rows"])
        if (candidate["cancelled"].get<bool>() && candidate["index"] == 0) row = candidate;
    ASSERT_FALSE(row.is_null()) << r["table_rows"].dump();
    click(row["center_px"]);
    ASSERT_TRUE(wait_for([&] { return report()["selected_cancelled"] == 0; }))
        << report()["table_rows"].dump();
    r = report();
    EXPECT_EQ(r["selected_event"], -1);
    EXPECT_EQ(r["highlight"]["bodies"], json::array({"A", "C"}));
    EXPECT_EQ(r["highlight"]["point_px"], event_1_px) << "the predicted contact is at (5.5, 0)";
    EXPECT_EQ(r["highlight"]["normal"], json::array({-1.0, 0.0}));
    EXPECT_EQ(r["scrub_t"], 0.2);
    EXPECT_TRUE(label_texts(r).count("c0 (cancelled)")) << r["labels"].dump();

    // A click on event 1's contact point on the canvas selects it.
    click(event_1_px);
    ASSERT_TRUE(wait_for([&] { return report()["selected_event"] == 1; }));
    r = report();
    EXPECT_EQ(r["selected_cancelled"], -1);
    EXPECT_EQ(r["highlight"]["bodies"], json::array({"B", "C"}));
    EXPECT_EQ(r["scrub_t"], 0.4);
    quit();
}

TEST_F(AppWorldView, SwitchingLayersOffHidesThemAndTheNextRunKeepsThemOff) {
    start("seed004-a-hits-b-first.json");
    json r = report();
    ASSERT_TRUE(r["layers"]["labels"].get<bool>());
    ASSERT_TRUE(label_texts(r).count("A")) << r["labels"].dump();
    ASSERT_TRUE(label_texts(r).count("1")) << "event 1's number";

    click(r["show_px"]["labels"]);
    ASSERT_TRUE(wait_for([&] { return !report()["layers"]["labels"].get<bool>(); }));
    r = report();
    EXPECT_FALSE(label_texts(r).count("A")) << r["labels"].dump();
    EXPECT_TRUE(label_texts(r).count("1")) << "the event numbers are another layer";

    click(r["show_px"]["event_numbers"]);
    ASSERT_TRUE(wait_for([&] { return !report()["layers"]["event_numbers"].get<bool>(); }));
    EXPECT_TRUE(report()["labels"].empty()) << report()["labels"].dump();
    quit();

    const json settings = read_json(dir_ / "config" / "ccdlab" / "settings.json");
    EXPECT_FALSE(settings["show"]["labels"].get<bool>());
    EXPECT_FALSE(settings["show"]["event_numbers"].get<bool>());
    EXPECT_TRUE(settings["show"]["paths"].get<bool>());
    EXPECT_FALSE(settings["show_dense"]["handles"].get<bool>()) << "the dense set untouched";

    start("seed004-a-hits-b-first.json");
    r = report();
    EXPECT_FALSE(r["layers"]["labels"].get<bool>());
    EXPECT_FALSE(r["layers"]["event_numbers"].get<bool>());
    EXPECT_TRUE(r["labels"].empty()) << r["labels"].dump();
    quit();
}

TEST_F(AppWorldView, TheQueryLabsLayersToggleAndPersistToo) {
    start("default.json");
    ASSERT_TRUE(report()["layers"]["roots"].get<bool>());
    click(report()["show_px"]["roots"]);
    ASSERT_TRUE(wait_for([&] { return !report()["layers"]["roots"].get<bool>(); }));
    quit();
    const json settings = read_json(dir_ / "config" / "ccdlab" / "settings.json");
    EXPECT_FALSE(settings["show"]["roots"].get<bool>());
    EXPECT_TRUE(settings["show"]["capsule_regions"].get<bool>());
}

TEST_F(AppWorldView, AnEventPickedOnTheCanvasIsScrolledIntoTheTable) {
    // polygons-in-a-box's first frame has 29 events: the last one's row is below the table's
    // fold until it is picked.
    start("polygons-in-a-box.json", {"--t", "0"});
    json r = report();
    ASSERT_EQ(r["events"].size(), 29u);
    const auto row_shown = [](const json& report, int sequence) {
        for (const json& row : report["table_rows"])
            if (!row["cancelled"].get<bool>() && row["index"] == sequence) return true;
        return false;
    };
    ASSERT_FALSE(row_shown(r, 28)) << r["table_rows"].dump();
    click(r["events"][28]["point_px"]);
    ASSERT_TRUE(wait_for([&] { return report()["selected_event"] == 28; }))
        << report()["edit"]["selected"].dump();
    EXPECT_TRUE(wait_for([&] { return row_shown(report(), 28); })) << report()["table_rows"].dump();
    quit();
}

// --- a turning polygon: drawn at t, its spin handle and its panel fields -----------------------

TEST(AppWorldTurningDrawing, ThePlankIsDrawnTurnedAsTheCoreHasItAtT) {
    // scenes/turning-plank-in-a-gap.json at t = 0.5, before its first contact (at
    // arccos(0.1) / 2 = 0.735): upright at t = 0 (its outline (+-2, +-0.1) turned by pi / 2)
    // and turning at 2 a frame, it has turned by 1 more, so by pi / 2 + 1 in all: vertex 0,
    // (-2, -0.1), is at (2 sin 1 + 0.1 cos 1, -2 cos 1 + 0.1 sin 1), and the points (+-1, -0.1)
    // of its edge 0 at +-(-sin 1 + 0.1 cos 1, cos 1 + 0.1 sin 1) about its center (0, 0).
    const auto [report, image] =
        take_screenshot({"--scene", kScenes + "/turning-plank-in-a-gap.json", "--mode", "world",
                         "--t", "0.5", "--size", "1280x800"},
                        ccdlab_test::scratch_dir());
    ASSERT_EQ(report["bodies"].size(), 1u) << report.dump();
    const json& plank = report["bodies"][0];
    EXPECT_NEAR(plank["angle"].get<double>(), 1.0, 1e-12);
    ASSERT_EQ(plank["outline"].size(), 4u);
    const double s = std::sin(1.0), c = std::cos(1.0);
    EXPECT_NEAR(plank["outline"][0][0].get<double>(), 2.0 * s + 0.1 * c, 1e-12);
    EXPECT_NEAR(plank["outline"][0][1].get<double>(), -2.0 * c + 0.1 * s, 1e-12);
    // On screen the plank's blue is on that edge, at both points.
    ASSERT_TRUE(image.loaded());
    const double ppu = ccdlab_test::pixels_per_unit(report);
    const double cx = plank["position_px"][0], cy = plank["position_px"][1];
    const auto blue_near = [&](double x, double y) { // the first body's colour, (64, 153, 255)
        return image.any_near(cx + x * ppu, cy - y * ppu, 3, [](Rgb p) {
            return p.r < 110 && p.g > 120 && p.g < 190 && p.b > 220;
        });
    };
    EXPECT_TRUE(blue_near(-s + 0.1 * c, c + 0.1 * s));
    EXPECT_TRUE(blue_near(s + 0.1 * c, -c + 0.1 * s));
    // Not where its outline at t = 0 would be: on the upright plank's side, at (0.1, 1), only
    // its faint outline at the frame's start (and the handles' yellow dashes) is drawn.
    EXPECT_FALSE(blue_near(0.1, 1.0));
}

// --- a turning polygon: its spin handle and its panel fields ------------------------------------

// scenes/turning-plank-in-a-gap.json in the world view: the plank (4 x 0.2, upright, its centroid
// at the origin) turns at 2 radians a frame; its sides reach the walls' ends (+-1, 0) when it has
// turned by arccos(0.1) (the scene's description), at t = arccos(0.1) / w for an angular velocity
// w > arccos(0.1), both walls at that t; a slower one reaches neither in the first frame.
class AppWorldTurning : public AppWorldView {
protected:
    void start_plank_selected() {
        start("turning-plank-in-a-gap.json", {"--mode", "world"});
        const json r = report();
        ASSERT_EQ(r["mode"], "world");
        ASSERT_TRUE(r["refusal"].is_null()) << r["refusal"];
        ASSERT_EQ(r["edit"]["polygons"][0]["angular_velocity"], 2.0);
        click(r["edit"]["polygons"][0]["center_px"]); // selects it
        ASSERT_TRUE(wait_for([&] { return report()["edit"]["selected"] == "plank"; }));
    }

    json plank() const { return report()["edit"]["polygons"][0]; }

    // The first event's time, or -1 for none.
    double first_event_t() const {
        const json events = report()["events"];
        return events.empty() ? -1.0 : events[0]["t"].get<double>();
    }

    // Wheels the side panel down until the Edit field `key` is in the window.
    void scroll_panel_to(const std::string& key) const {
        for (int i = 0; i < 40; ++i) {
            const json fields = report()["edit"]["fields_px"];
            if (fields.contains(key) && fields[key][1].get<double>() > 60.0 &&
                fields[key][1].get<double>() < 760.0)
                return;
            run_command("xdotool mousemove --window " + app_->window() +
                        " 1100 120 sleep 0.1 click 5 sleep 0.2");
        }
        FAIL() << "the field " << key
               << " never scrolled into the window: " << report()["edit"]["fields_px"].dump();
    }
};

TEST_F(AppWorldTurning, DraggingTheSpinHandleSetsTheAngularVelocityAndUndoRestoresIt) {
    start_plank_selected();
    EXPECT_NEAR(first_event_t(), std::acos(0.1) / 2.0, 1e-9);
    // The handle at the end of the spin arc, dragged a quarter turn counter-clockwise about the
    // centroid (on screen, y down: the offset (dx, dy) becomes (dy, -dx)): the turn over a
    // frame grows by pi / 2 (the handle is some 200 px out: a pixel is 0.005 rad).
    const json before = plank();
    ASSERT_TRUE(before.contains("spin_px")) << before.dump();
    const double cx = before["spin_center_px"][0], cy = before["spin_center_px"][1];
    const double sx = before["spin_px"][0], sy = before["spin_px"][1];
    ASSERT_GT(std::hypot(sx - cx, sy - cy), 100.0);
    app_->drag(sx, sy, cx + (sy - cy), cy - (sx - cx));
    ASSERT_TRUE(wait_for([&] { return plank()["angular_velocity"] != 2.0; }));
    const double spin = plank()["angular_velocity"];
    EXPECT_NEAR(spin, 2.0 + std::numbers::pi / 2.0, 0.02);
    // The world ran again with it: the plank reaches the walls' ends sooner.
    EXPECT_TRUE(wait_for([&] { return std::abs(first_event_t() - std::acos(0.1) / spin) < 1e-9; }))
        << first_event_t() << " for " << spin;
    // Undo restores it, and the run.
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return plank()["angular_velocity"] == 2.0; })) << plank().dump();
    EXPECT_TRUE(wait_for([&] { return std::abs(first_event_t() - std::acos(0.1) / 2.0) < 1e-9; }));
    quit();
}

TEST_F(AppWorldTurning, ThePanelSetsTheAngularVelocityAndTurnsSwitchesTheSpinOff) {
    start_plank_selected();
    scroll_panel_to("angular velocity");
    // Ctrl+click a number field to type into it.
    const json field = report()["edit"]["fields_px"]["angular velocity"];
    run_command("xdotool mousemove --window " + app_->window() + " " +
                std::to_string(std::lround(field[0].get<double>())) + " " +
                std::to_string(std::lround(field[1].get<double>())) +
                " sleep 0.2 keydown ctrl sleep 0.1 mousedown 1 sleep 0.2 mouseup 1 sleep 0.1"
                " keyup ctrl sleep 0.3");
    key("ctrl+a");
    app_->type("0.75");
    key("Return");
    ASSERT_TRUE(wait_for([&] { return plank()["angular_velocity"] == 0.75; })) << plank().dump();
    // Too slow to reach the walls' ends in the first frame: 0.75 < arccos(0.1) = 1.47. The
    // panel's "Selected body at t" (t = 1) has it turned by 0.75 at 0.75 a frame.
    EXPECT_TRUE(wait_for([&] { return report()["events"].empty(); }));
    const json body = report()["selected_body"];
    ASSERT_TRUE(body.is_object()) << report().dump();
    EXPECT_EQ(body["name"], "plank");
    EXPECT_TRUE(body["turns"].get<bool>());
    EXPECT_NEAR(body["angular_velocity"].get<double>(), 0.75, 1e-12);
    EXPECT_NEAR(body["angle"].get<double>(), 0.75 * report()["scrub_t"].get<double>(), 1e-12);
    app_->move_to(100, 600);
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return plank()["angular_velocity"] == 2.0; })) << plank().dump();
    EXPECT_TRUE(wait_for([&] { return report()["events"].size() == 2u; }));

    // "turns" off: a fixed rotation, no spin at all (and no spin handle); undo turns it back on.
    scroll_panel_to("turns");
    click(report()["edit"]["fields_px"]["turns"]);
    ASSERT_TRUE(wait_for([&] { return !plank().contains("angular_velocity"); })) << plank().dump();
    EXPECT_FALSE(plank().contains("spin_px"));
    EXPECT_TRUE(wait_for([&] { return report()["events"].empty(); }))
        << "a plank that does not turn stays clear of the walls";
    app_->move_to(100, 600);
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return plank()["angular_velocity"] == 2.0; })) << plank().dump();
    quit();
}

} // namespace
