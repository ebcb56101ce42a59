// End-to-end tests of `ccdlab --link URL` (docs/links.md): the real app under Xvfb opens the case
// a link holds, exactly as it opens the scene file the link was made from, as an untitled scene
// with no unsaved changes; a link that does not decode opens nothing and says why. The File bar's
// Copy link and Open link (Ctrl+L, Ctrl+Shift+L) do the same in a running app.
#include "gui_test_support.hpp"
#include "process.hpp"

#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::pixels_per_unit;
using ccdlab_test::read_json;
using ccdlab_test::run_command;
using ccdlab_test::RunningApp;
using ccdlab_test::scratch_dir;
using ccdlab_test::take_screenshot;
using ccdlab_test::time_left;
using ccdlab_test::wait_for;
using nlohmann::json;
using namespace std::chrono_literals;

const std::string kApp = CCDLAB_APP;
const std::string kScenes = CCDLAB_SCENES_DIR;

// The link of a shipped scene, made by the scenario library (tested on its own in core_tests).
std::string link_of(const std::string& scene) {
    return ccd::scene_link(ccd::load_scene_file(kScenes + "/" + scene));
}

TEST(AppLink, ALinkOpensTheCaseAsItsSceneFileDoes) {
    // scenes/seed004-a-hits-b-first.json: A (x = 0, 10 per frame) hits B (x = 3) at t = 0.2;
    // B hits C (x = 6) at t = 0.4. At t = 0.3 A is at x = 2, B at x = 4: 2 units apart.
    const fs::path dir = scratch_dir();
    const auto [report, link_image] = take_screenshot(
        {"--link", link_of("seed004-a-hits-b-first.json"), "--size", "1400x900", "--t", "0.3"},
        dir / "link");
    json file_report = take_screenshot({"--scene", kScenes + "/seed004-a-hits-b-first.json",
                                        "--size", "1400x900", "--t", "0.3"},
                                       dir / "file")
                           .report;
    EXPECT_TRUE(link_image.loaded());

    ASSERT_EQ(report["mode"], "world");
    ASSERT_EQ(report["events"].size(), 2u) << report.dump();
    EXPECT_EQ(report["events"][0]["a"], "A");
    EXPECT_EQ(report["events"][0]["b"], "B");
    EXPECT_DOUBLE_EQ(report["events"][0]["t"].get<double>(), 0.2);
    EXPECT_EQ(report["events"][1]["a"], "B");
    EXPECT_EQ(report["events"][1]["b"], "C");
    EXPECT_DOUBLE_EQ(report["events"][1]["t"].get<double>(), 0.4);
    const double ax = report["bodies"][0]["position_px"][0],
                 bx = report["bodies"][1]["position_px"][0];
    EXPECT_NEAR(bx - ax, 2.0 * pixels_per_unit(report), 1e-6);
    // Everything the app drew and computed is what it drew for the file; only the name differs.
    EXPECT_EQ(report["scene"], "") << "untitled";
    file_report["scene"] = "";
    EXPECT_EQ(report, file_report);
}

TEST(AppLink, ALinkThatDoesNotDecodeOpensNothingAndSaysWhy) {
    const fs::path dir = scratch_dir();
    const auto bad = run_command(kApp + " --link 'index.html#scene=AW1R!MW7c' --screenshot " +
                                 (dir / "x.png").string());
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.output,
              "ccdlab: link: character 22 (\"!\") is not base64url (A-Z, a-z, 0-9, - and _)\n");
    EXPECT_FALSE(fs::exists(dir / "x.png"));
    // Cut short inside the compressed scene (a whole number of bytes kept): the checksum at the
    // end of the link's data is the first to say so (docs/links.md).
    const std::string link = link_of("bouncing-balls.json");
    const std::size_t data = link.find('=') + 1;
    const auto cut =
        run_command(kApp + " --link '" + link.substr(0, data + (link.size() - data) / 8 * 4) +
                    "' --screenshot " + (dir / "x.png").string());
    EXPECT_EQ(cut.exit_code, 2);
    EXPECT_TRUE(cut.output.starts_with("ccdlab: link: the scene data (characters 18 to "))
        << cut.output;
    EXPECT_NE(cut.output.find(") does not match the link's checksum: the link was changed, cut "
                              "short or damaged (copy it again)"),
              std::string::npos)
        << cut.output;
    EXPECT_EQ(std::count(cut.output.begin(), cut.output.end(), '\n'), 1) << cut.output;
    EXPECT_FALSE(fs::exists(dir / "x.png"));
    const auto both = run_command(kApp + " --link '#scene=AQ' --scene " + kScenes +
                                  "/default.json --screenshot " + (dir / "x.png").string());
    EXPECT_EQ(both.exit_code, 2);
    EXPECT_EQ(both.output, "ccdlab: --link and --scene: give one scene or the other\n");
}

TEST(AppLink, AnInteractiveRunOpensTheLinkUntitledWithNoUnsavedChanges) {
    const fs::path dir = scratch_dir(); // also sets XDG_CONFIG_HOME to dir/config
    RunningApp app(dir, {"--link", link_of("two-circles.json"), "--size", "900x600"},
                   "^ccdlab - untitled$");
    const json state = app.report();
    EXPECT_EQ(state["session"]["document"], "");
    EXPECT_EQ(state["session"]["dirty"], false);
    // Nothing unsaved: Ctrl+Q quits at once, and no last scene is remembered.
    app.key("ctrl+q");
    EXPECT_EQ(app.wait_for_exit(time_left()), 0);
    const json settings = read_json(dir / "config" / "ccdlab" / "settings.json");
    EXPECT_FALSE(settings.contains("last_scene")) << settings.dump();
    EXPECT_EQ(settings["link_base"], "index.html");
}

TEST(AppLink, CopyLinkPutsTheSceneOnTheClipboardAndOpenLinkOpensItBack) {
    const std::string scene = kScenes + "/seed004-a-hits-b-first.json";
    RunningApp app(scratch_dir(), {"--scene", scene, "--size", "1280x800"});
    const auto session = [&] { return app.session(); };
    const auto wait_for_dialog = [&](const std::string& dialog) {
        return wait_for([&] { return session()["dialog"] == dialog; });
    };

    // Copy link: the scene as the file holds it, against the default base, shown in a dialog.
    app.key("ctrl+l");
    ASSERT_TRUE(wait_for_dialog("link")) << session().dump();
    const std::string link = session()["last_link"];
    EXPECT_TRUE(link.starts_with("index.html#scene=")) << link;
    EXPECT_EQ(ccd::scene_to_json(ccd::scene_from_link(link)),
              ccd::scene_to_json(ccd::load_scene_file(scene)));
    EXPECT_EQ(session()["status"],
              "Copied the link (" + std::to_string(link.size()) + " characters)");
    app.key("Escape");
    ASSERT_TRUE(wait_for_dialog("")) << session().dump();

    // A blank scene (nothing unsaved: no question), then a link that does not decode: its
    // located error ("#scene=" is characters 1 to 7, "AW1R" 8 to 11), and nothing opened.
    app.key("ctrl+n");
    ASSERT_TRUE(wait_for([&] { return app.report()["events"].empty(); }));
    app.key("ctrl+shift+l");
    ASSERT_TRUE(wait_for_dialog("open-link")) << session().dump();
    app.type("#scene=AW1R!");
    app.key("Return");
    ASSERT_TRUE(wait_for([&] { return session()["status"] != "New scene"; }));
    EXPECT_EQ(session()["status"],
              "link: character 12 (\"!\") is not base64url (A-Z, a-z, 0-9, - and _)");
    EXPECT_EQ(session()["dialog"], "open-link") << "the dialog stays for the link to be mended";
    EXPECT_TRUE(app.report()["events"].empty()) << "nothing opened";

    // The copied link pasted over the bad one: the case opens, untitled, with no unsaved
    // changes. seed004-a-hits-b-first.json: A hits B at t = 0.2, B hits C at t = 0.4.
    app.key("ctrl+a");
    app.key("ctrl+v");
    app.key("Return");
    ASSERT_TRUE(wait_for([&] { return app.report()["events"].size() == 2; })) << session().dump();
    const json opened = app.report();
    EXPECT_EQ(opened["events"][0]["a"], "A");
    EXPECT_EQ(opened["events"][0]["b"], "B");
    EXPECT_DOUBLE_EQ(opened["events"][0]["t"].get<double>(), 0.2);
    EXPECT_DOUBLE_EQ(opened["events"][1]["t"].get<double>(), 0.4);
    EXPECT_EQ(opened["session"]["document"], "");
    EXPECT_EQ(opened["session"]["dirty"], false);
    EXPECT_EQ(opened["session"]["dialog"], "");
    EXPECT_EQ(opened["session"]["status"],
              "Opened the link (" + std::to_string(link.size()) + " characters)");
    app.key("ctrl+q");
    EXPECT_EQ(app.wait_for_exit(time_left()), 0);
}

} // namespace
