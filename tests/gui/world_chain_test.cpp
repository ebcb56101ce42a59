// End-to-end tests of a chain's edits in the world view: scenes/tiles-chain-box-slides-over-the-
// seams.json's floor, the loop (0, 0), (3, 0), (3, 1), (2, 1), (1, 1), (0, 1), selected by a
// click on its line, a point dragged, saved, undone and redone; a point inserted from the panel;
// a point typed onto the next, refused by the view and by Save.
// The real ccdlab under Xvfb, driven with xdotool, read through --report and the file saved.
#include "gui_test_support.hpp"
#include "process.hpp"

#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;
using ccdlab_test::RunningApp;
using ccdlab_test::time_left;
using ccdlab_test::wait_for;
using nlohmann::json;

const std::string kScenes = CCDLAB_SCENES_DIR;
const std::string kChainScene = "tiles-chain-box-slides-over-the-seams.json";

class AppWorldChain : public testing::Test {
protected:
    void SetUp() override { dir_ = ccdlab_test::scratch_dir(); }

    // The chain scene, copied into the scratch folder (saves go there), in the world view.
    void start() {
        scene_ = dir_ / kChainScene;
        fs::copy_file(kScenes + "/" + kChainScene, scene_, fs::copy_options::overwrite_existing);
        app_ = std::make_unique<RunningApp>(
            dir_,
            std::vector<std::string>{"--scene", scene_.string(), "--mode", "world", "--size",
                                     "1280x800"},
            "^ccdlab - " + kChainScene + "$",
            [](const json& r) { return r["layout"]["canvas"]["height_px"].get<double>() > 0.0; });
    }

    json report() const { return app_->report(); }
    json floor() const { return report()["edit"]["chains"][0]; }
    bool dirty() const { return report()["session"]["dirty"].get<bool>(); }
    void key(const std::string& keys) const { app_->key(keys); }
    void click(const json& at) const { app_->click(at[0].get<double>(), at[1].get<double>()); }

    // A click on the middle of edge 0, (0, 0) -> (3, 0), selects the floor, no point picked.
    void select_floor() {
        const json at = floor()["points_px"];
        app_->click((at[0][0].get<double>() + at[1][0].get<double>()) * 0.5,
                    (at[0][1].get<double>() + at[1][1].get<double>()) * 0.5);
        ASSERT_TRUE(wait_for([&] {
            return report()["edit"]["selected_item"] ==
                   json({{"kind", "chain"}, {"index", 0}, {"point", -1}});
        })) << report()["edit"]["selected_item"].dump();
        EXPECT_EQ(report()["edit"]["selected"], "floor");
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

    // Ctrl+Q, the unsaved-changes question, Discard.
    void quit_discarding() {
        key("ctrl+q");
        ASSERT_TRUE(wait_for([&] { return report()["session"]["dialog"] == "unsaved-changes"; }))
            << report()["session"].dump();
        key("d");
        EXPECT_EQ(app_->wait_for_exit(time_left()), 0);
    }

    fs::path dir_, scene_;
    std::unique_ptr<RunningApp> app_;
};

const json kFloorPoints =
    json::array({json::array({0.0, 0.0}), json::array({3.0, 0.0}), json::array({3.0, 1.0}),
                 json::array({2.0, 1.0}), json::array({1.0, 1.0}), json::array({0.0, 1.0})});

TEST_F(AppWorldChain, AClickSelectsTheChainAPointDragsSavesAndUndoes) {
    start();
    ASSERT_EQ(floor()["name"], "floor");
    EXPECT_EQ(floor()["points"], kFloorPoints);
    EXPECT_EQ(floor()["loop"], true);
    EXPECT_EQ(floor()["side"], "outside (its points run counter-clockwise)");
    EXPECT_TRUE(report()["edit"]["selected_item"].is_null());
    select_floor();

    // Point 1, (3, 0), dragged 40 px right and 40 px down: (3 + 40 / ppu, -40 / ppu).
    const double ppu = ccdlab_test::pixels_per_unit(report());
    const json at = floor()["points_px"][1];
    app_->drag(at[0].get<double>(), at[1].get<double>(), at[0].get<double>() + 40.0,
               at[1].get<double>() + 40.0);
    ASSERT_TRUE(wait_for([&] { return floor()["points"][1] != json::array({3.0, 0.0}); }));
    ASSERT_TRUE(wait_for([&] { return dirty(); })) << "the drag is an unsaved change";
    const json dragged = floor();
    EXPECT_NEAR(dragged["points"][1][0].get<double>(), 3.0 + 40.0 / ppu, 0.05);
    EXPECT_NEAR(dragged["points"][1][1].get<double>(), -40.0 / ppu, 0.05);
    for (const int k : {0, 2, 3, 4, 5})
        EXPECT_EQ(dragged["points"][k], kFloorPoints[k]) << "point " << k << " stays";
    EXPECT_EQ(report()["edit"]["selected_item"]["point"], 1) << "the point dragged is picked";
    // The handle is where the point is now.
    EXPECT_NEAR(dragged["points_px"][1][0].get<double>(), at[0].get<double>() + 40.0, 1.5);
    EXPECT_NEAR(dragged["points_px"][1][1].get<double>(), at[1].get<double>() + 40.0, 1.5);
    EXPECT_TRUE(report()["refusal"].is_null()) << report()["refusal"];

    // Saved, the file holds the dragged point, the rest as it was.
    key("ctrl+s");
    ASSERT_TRUE(wait_for([&] { return !dirty(); })) << report()["session"].dump();
    const ccd::Scene saved = ccd::load_scene_file(scene_);
    ASSERT_EQ(saved.chains.size(), 1u);
    EXPECT_EQ(saved.chains[0].points[1].x, dragged["points"][1][0].get<double>());
    EXPECT_EQ(saved.chains[0].points[1].y, dragged["points"][1][1].get<double>());
    EXPECT_EQ(saved.chains[0].points[2], (ccd::Vec2{3.0, 1.0}));
    EXPECT_TRUE(saved.chains[0].loop);
    EXPECT_EQ(saved.polygons.size(), 1u) << "the box is kept";

    // Undo puts the point back (unsaved again: the file has the drag); redo drags it again.
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return floor()["points"] == kFloorPoints; })) << floor().dump();
    EXPECT_TRUE(wait_for([&] { return dirty(); }));
    key("ctrl+y");
    ASSERT_TRUE(wait_for([&] { return floor()["points"] == dragged["points"]; })) << floor().dump();
    EXPECT_TRUE(wait_for([&] { return !dirty(); })) << "as saved";
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return floor()["points"] == kFloorPoints; }));
    quit_discarding();
}

// Point 1 picked by its button in the panel; "insert after" puts the middle of (3, 0) -> (3, 1)
// after it and picks it; undo takes it out.
TEST_F(AppWorldChain, ThePanelInsertsAPointAfterThePickedOne) {
    start();
    select_floor();
    scroll_panel_to("chain pick 1");
    click(report()["edit"]["fields_px"]["chain pick 1"]);
    ASSERT_TRUE(wait_for([&] { return report()["edit"]["selected_item"]["point"] == 1; }));
    scroll_panel_to("chain insert");
    click(report()["edit"]["fields_px"]["chain insert"]);
    ASSERT_TRUE(wait_for([&] { return floor()["points"].size() == 7; })) << floor().dump();
    EXPECT_EQ(floor()["points"][2], json::array({3.0, 0.5}));
    EXPECT_EQ(report()["edit"]["selected_item"]["point"], 2);
    EXPECT_TRUE(wait_for([&] { return dirty(); }));
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return floor()["points"] == kFloorPoints; })) << floor().dump();
    EXPECT_TRUE(wait_for([&] { return !dirty(); }));
    key("ctrl+q");
    EXPECT_EQ(app_->wait_for_exit(time_left()), 0) << "no unsaved change after the undo";
}

// Point 3, (2, 1), typed to x = 3 lands on point 2, (3, 1): a zero-length edge, which the World
// and the loader refuse. The view says why and runs nothing; Save refuses it in the loader's
// words and leaves the file and the edit as they were; undo brings the floor back and its run.
TEST_F(AppWorldChain, AChainTypedIntoOneTheLoaderRefusesIsNotRunNorSaved) {
    start();
    select_floor();
    scroll_panel_to("chain point 3");
    const json field = report()["edit"]["fields_px"]["chain point 3"];
    run_command("xdotool mousemove --window " + app_->window() + " " +
                std::to_string(std::lround(field[0].get<double>())) + " " +
                std::to_string(std::lround(field[1].get<double>())) +
                " sleep 0.2 keydown ctrl sleep 0.1 mousedown 1 sleep 0.2 mouseup 1 sleep 0.1"
                " keyup ctrl sleep 0.3");
    key("ctrl+a");
    app_->type("3");
    key("Return");
    ASSERT_TRUE(wait_for([&] {
        return floor()["points"][3] == json::array({3.0, 1.0});
    })) << floor().dump();
    const std::string why = "point 3 repeats point 2 (a zero-length edge: give each point once)";
    ASSERT_TRUE(wait_for([&] { return report()["refusal"] == "chain \"floor\": " + why; }))
        << report()["refusal"];
    EXPECT_TRUE(wait_for([&] { return dirty(); }));
    key("ctrl+s");
    ASSERT_TRUE(wait_for([&] {
        const std::string status = report()["session"]["status"];
        return status.starts_with("Not saved: ") && status.find(why) != std::string::npos;
    })) << report()["session"].dump();
    EXPECT_TRUE(dirty()) << "nothing saved";
    EXPECT_EQ(floor()["points"][3], json::array({3.0, 1.0})) << "the edit is kept";
    EXPECT_EQ(ccd::load_scene_file(scene_).chains[0].points[3], (ccd::Vec2{2.0, 1.0}))
        << "the file is as it was";
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return floor()["points"] == kFloorPoints; })) << floor().dump();
    EXPECT_TRUE(wait_for([&] { return report()["refusal"].is_null(); })) << report()["refusal"];
    EXPECT_TRUE(wait_for([&] { return report()["events"].size() == 1; }))
        << "the box lands on edge 4 again";
    key("ctrl+q");
    EXPECT_EQ(app_->wait_for_exit(time_left()), 0);
}

} // namespace
