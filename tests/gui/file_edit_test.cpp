// End-to-end tests of the File side and of editing, as a person uses them: the real ccdlab under
// Xvfb, driven with xdotool (keys are held for 0.2 s: ImGui 1.86 loses a press and release within
// one frame), checked through --report, the files written and a screenshot's pixels.
#include "gui_test_support.hpp"
#include "process.hpp"

#include "ccd/fixture.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::Image;
using ccdlab_test::Rgb;
using ccdlab_test::run_command;
using ccdlab_test::RunningApp;
using ccdlab_test::time_left;
using ccdlab_test::wait_for;
using nlohmann::json;
using namespace std::chrono_literals;

const std::string kScenes = CCDLAB_SCENES_DIR;

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A running ccdlab in a scratch folder of its own (settings and autosave in dir/config).
class AppRun : public testing::Test {
protected:
    void SetUp() override { dir_ = ccdlab_test::scratch_dir(); }

    fs::path autosave_file() const { return dir_ / "config" / "ccdlab" / "autosave.json"; }

    // Copies a scene of scenes/ into the scratch folder: saves go there, never to scenes/.
    fs::path copy_scene(const std::string& name) const {
        fs::copy_file(kScenes + "/" + name, dir_ / name, fs::copy_options::overwrite_existing);
        return dir_ / name;
    }

    void start(std::vector<std::string> args) {
        args.insert(args.end(), {"--size", "1280x800"});
        app_ = std::make_unique<RunningApp>(dir_, args);
    }

    json report() const { return app_->report(); }
    json session() const { return app_->session(); }
    void key(const std::string& keys) const { app_->key(keys); }
    void type(const std::string& text) const { app_->type(text); }
    void move_to(double x, double y) const { app_->move_to(x, y); }
    void click(double x, double y) const { app_->click(x, y); }
    void drag(double fx, double fy, double tx, double ty) const { app_->drag(fx, fy, tx, ty); }

    // Drags the query lab's circle by its center and waits until the report shows it moved.
    json drag_the_ball() {
        const json before = report();
        const double cx = before["handles_px"]["center"][0];
        const double cy = before["handles_px"]["center"][1];
        drag(cx, cy, cx + 90.0, cy - 45.0);
        EXPECT_TRUE(wait_for([&] {
            return report()["mover"]["center"] != before["mover"]["center"];
        })) << "the ball did not move";
        EXPECT_TRUE(wait_for([&] { return session()["dirty"].get<bool>(); }));
        return report();
    }

    void wait_for_dialog(const std::string& dialog) const {
        ASSERT_TRUE(wait_for([&] { return session()["dialog"] == dialog; }))
            << "expected the dialog \"" << dialog << "\": " << session().dump();
    }

    // The dialog's field has the keys: a dialog is reported open on the frame it is asked for,
    // its field takes the keys a frame or two later, and on a loaded machine keys typed in
    // between are lost.
    void wait_for_typing(const std::string& dialog) const {
        wait_for_dialog(dialog);
        ASSERT_TRUE(wait_for([&] { return session()["typing"].get<bool>(); }))
            << "the " << dialog << " dialog's field never took the keys: " << session().dump();
    }

    void quit_expecting_no_question() {
        key("ctrl+q");
        EXPECT_EQ(app_->wait_for_exit(time_left()), 0)
            << "the app did not quit: " << session().dump();
    }

    // Ctrl+Q, the unsaved-changes question, Discard.
    void quit_discarding() {
        key("ctrl+q");
        wait_for_dialog("unsaved-changes");
        key("d");
        EXPECT_EQ(app_->wait_for_exit(time_left()), 0)
            << "Discard did not quit: " << session().dump();
    }

    fs::path dir_;
    std::unique_ptr<RunningApp> app_;
};

TEST_F(AppRun, SaveAfterADragKeepsTheMovedBodyForTheNextRun) {
    const fs::path scene = copy_scene("default.json");
    const ccd::Scene original = ccd::load_scene_file(scene);
    start({"--scene", scene.string()});
    ASSERT_FALSE(session()["dirty"].get<bool>());
    const json dragged = drag_the_ball();
    EXPECT_EQ(run_command("xdotool search --name '^ccdlab - default.json [*]$'").exit_code, 0)
        << "the title marks the unsaved change";

    key("ctrl+s");
    ASSERT_TRUE(wait_for([&] { return !session()["dirty"].get<bool>(); })) << session().dump();
    const ccd::Scene saved = ccd::load_scene_file(scene);
    EXPECT_EQ(saved.bodies[0].circle.center.x, dragged["mover"]["center"][0].get<double>());
    EXPECT_EQ(saved.bodies[0].circle.center.y, dragged["mover"]["center"][1].get<double>());
    EXPECT_EQ(saved.bodies[0].velocity, original.bodies[0].velocity);
    EXPECT_EQ(saved.title, original.title) << "what the lab does not edit is kept";
    EXPECT_EQ(saved.description, original.description);
    ASSERT_TRUE(saved.view.has_value());
    EXPECT_EQ(saved.view->height, original.view->height);
    EXPECT_EQ(saved.walls[0].segment.a, original.walls[0].segment.a);
    quit_expecting_no_question();

    start({"--scene", scene.string()});
    EXPECT_EQ(report()["mover"]["center"], dragged["mover"]["center"]);
    EXPECT_EQ(report()["hit"]["t"], dragged["hit"]["t"]);
    quit_expecting_no_question();
}

TEST_F(AppRun, SaveAsWritesTheNamedFileAndLeavesTheOpenOneAlone) {
    const fs::path scene = copy_scene("default.json");
    const std::string original_text = read_text(scene);
    start({"--scene", scene.string()});
    const json dragged = drag_the_ball();

    key("ctrl+shift+s");
    wait_for_typing("save-as");
    const fs::path renamed = dir_ / "renamed.json";
    type(renamed.string()); // the field is pre-filled and selected: typing replaces it
    key("Return");
    ASSERT_TRUE(wait_for([&] { return session()["document"] == renamed.string(); }))
        << session().dump();
    EXPECT_FALSE(session()["dirty"].get<bool>());
    EXPECT_EQ(session()["dialog"], "");
    EXPECT_EQ(read_text(scene), original_text) << "the file it came from is untouched";
    const ccd::Scene saved = ccd::load_scene_file(renamed);
    EXPECT_EQ(saved.bodies[0].circle.center.x, dragged["mover"]["center"][0].get<double>());
    EXPECT_EQ(run_command("xdotool search --name '^ccdlab - renamed.json$'").exit_code, 0)
        << "the title follows the new name";
    quit_expecting_no_question();
}

TEST_F(AppRun, QuittingWithUnsavedChangesAsksAndQuitsOnlyOnDiscard) {
    const fs::path scene = copy_scene("default.json");
    const std::string original_text = read_text(scene);
    start({"--scene", scene.string()});
    drag_the_ball();

    key("ctrl+q");
    wait_for_dialog("unsaved-changes");
    EXPECT_TRUE(app_->running()) << "it quit without asking";
    key("Escape"); // Cancel
    ASSERT_TRUE(wait_for([&] { return session()["dialog"] == ""; }));
    // Still running and answering after Cancel: F1 shows the help, F1 hides it.
    key("F1");
    EXPECT_TRUE(wait_for([&] { return report()["help_shown"] == true; })) << "Cancel quit";
    key("F1");
    ASSERT_TRUE(wait_for([&] { return report()["help_shown"] == false; }));
    EXPECT_TRUE(app_->running()) << "Cancel quit";
    EXPECT_TRUE(session()["dirty"].get<bool>()) << "the edit is still there";

    quit_discarding();
    EXPECT_EQ(read_text(scene), original_text) << "Discard writes nothing";
    EXPECT_FALSE(fs::exists(autosave_file())) << "and leaves no autosave";
}

TEST_F(AppRun, AnAutosaveAppearsWhileDirtyAndIsOfferedAfterACrash) {
    const fs::path scene = copy_scene("default.json");
    start({"--scene", scene.string()});
    const json dragged = drag_the_ball();
    ASSERT_TRUE(wait_for([&] { return fs::exists(autosave_file()); }))
        << "no autosave in " << autosave_file();
    ASSERT_TRUE(wait_for([&] {
        const json autosave = json::parse(read_text(autosave_file()));
        return autosave["scene"]["bodies"][0]["position"] == dragged["mover"]["center"];
    })) << read_text(autosave_file());
    app_.reset(); // SIGKILL: a crash

    // The next start offers it; Recover brings the edit back, unsaved.
    start({"--scene", scene.string()});
    wait_for_dialog("recover");
    key("r");
    ASSERT_TRUE(wait_for([&] { return session()["dialog"] == ""; }));
    EXPECT_EQ(report()["mover"]["center"], dragged["mover"]["center"]);
    EXPECT_TRUE(session()["dirty"].get<bool>());
    EXPECT_EQ(session()["document"], scene.string());
    EXPECT_TRUE(fs::exists(autosave_file())) << "kept until the edit is saved or discarded";
    app_.reset(); // another crash

    // --recover opens it at once.
    start({"--scene", scene.string(), "--recover"});
    EXPECT_EQ(session()["dialog"], "");
    EXPECT_EQ(report()["mover"]["center"], dragged["mover"]["center"]);
    quit_discarding();
    EXPECT_FALSE(fs::exists(autosave_file()));
    EXPECT_NE(ccd::load_scene_file(scene).bodies[0].circle.center.x,
              dragged["mover"]["center"][0].get<double>());
}

TEST_F(AppRun, CtrlEExportsTheCaseAsAFixtureThatChecksClean) {
    const fs::path fixtures = dir_ / "fixtures";
    start({"--scene", kScenes + "/default.json", "--fixtures-dir", fixtures.string()});
    const json shown = report();
    ASSERT_FALSE(shown["hit"].is_null());

    // Ctrl+E asks for a name, the scene's slug offered: Enter takes it.
    key("ctrl+e");
    ASSERT_TRUE(wait_for([&] { return session()["dialog"] == "export"; })) << session().dump();
    key("Return");
    const fs::path first = fixtures / "a-ball-against-a-wall.json";
    ASSERT_TRUE(wait_for([&] { return session()["last_export"] == first.string(); }))
        << session().dump();
    const ccd::Scene fixture = ccd::load_scene_file(first);
    EXPECT_EQ(ccd::first_difference(fixture), std::nullopt);
    ASSERT_TRUE(fixture.expect.has_value());
    EXPECT_EQ(fixture.expect->frames, 1);
    ASSERT_EQ(fixture.expect->events.size(), 1u);
    EXPECT_EQ(fixture.expect->events[0].a, "ball");
    EXPECT_EQ(fixture.expect->events[0].b, "wall");
    EXPECT_NEAR(fixture.expect->events[0].time, shown["hit"]["t"].get<double>(), 1e-12)
        << "the event the lab shows";

    key("ctrl+e"); // the name offered is never the first's
    ASSERT_TRUE(wait_for([&] { return session()["dialog"] == "export"; }));
    key("Return");
    ASSERT_TRUE(wait_for([&] {
        return session()["last_export"] == (fixtures / "a-ball-against-a-wall-2.json").string();
    })) << session().dump();
    EXPECT_FALSE(session()["dirty"].get<bool>()) << "exporting is not an edit";
    quit_expecting_no_question();
}

bool is_handle_yellow(Rgb c) {
    return c.r > 200 && c.g > 170 && c.b < 120;
}

// The box's floor and right wall meet at (5, -5): dragging that corner moves both ends; with
// Alt held when the drag starts, only the one grabbed.
TEST_F(AppRun, DraggingACornerMovesBothSegmentsAndAltPullsItApart) {
    const fs::path scene = copy_scene("bouncing-balls.json");
    start({"--scene", scene.string()});
    ASSERT_EQ(report()["mode"], "world");
    const auto segment = [&](const std::string& name) {
        const json now = report(); // (a range-for over report()[...] would outlive it)
        for (const json& s : now["edit"]["segments"])
            if (s["name"] == name) return s;
        ADD_FAILURE() << "no segment " << name;
        return json{};
    };
    const json floor = segment("floor");
    ASSERT_EQ(floor["b"], segment("right")["a"]) << "the scene's corner";
    const double x = floor["b_px"][0], y = floor["b_px"][1];
    drag(x, y, x - 60.0, y - 40.0);
    ASSERT_TRUE(wait_for([&] { return segment("floor")["b"] != floor["b"]; }))
        << "the corner did not move";
    EXPECT_EQ(segment("right")["a"], segment("floor")["b"]) << "both ends moved, to one point";
    EXPECT_EQ(segment("floor")["a"], floor["a"]) << "the far ends stay";

    const json moved = segment("floor");
    const double mx = moved["b_px"][0], my = moved["b_px"][1];
    ASSERT_EQ(run_command("xdotool keydown alt").exit_code, 0);
    drag(mx, my, mx + 30.0, my + 50.0);
    run_command("xdotool keyup alt");
    ASSERT_TRUE(wait_for([&] { return segment("floor")["b"] != moved["b"]; }))
        << "the Alt drag did not move the end";
    EXPECT_EQ(segment("right")["a"], moved["b"]) << "with Alt the other end stays";
    quit_discarding();
}

TEST_F(AppRun, TheWorldViewAddsAndDeletesBodiesAndUndoesBoth) {
    const fs::path scene = copy_scene("blank.json");
    start({"--scene", scene.string()});
    ASSERT_EQ(report()["mode"], "world");
    ASSERT_TRUE(report()["edit"]["bodies"].empty());
    const auto bodies = [&] { return report()["edit"]["bodies"].size(); };
    const auto segments = [&] { return report()["edit"]["segments"].size(); };

    move_to(300, 250);
    key("c"); // a circle at the cursor
    ASSERT_TRUE(wait_for([&] { return bodies() == 1; })) << report()["edit"].dump();
    const json circle = report()["edit"]["bodies"][0];
    EXPECT_EQ(circle["shape"], "circle");
    EXPECT_NEAR(circle["center_px"][0].get<double>(), 300.0, 1.0);
    EXPECT_NEAR(circle["center_px"][1].get<double>(), 250.0, 1.0);
    EXPECT_TRUE(session()["dirty"].get<bool>());

    move_to(300, 500);
    key("s"); // a segment
    ASSERT_TRUE(wait_for([&] { return segments() == 1; }));
    EXPECT_EQ(report()["edit"]["selected"], "segment 1");
    key("Delete");
    ASSERT_TRUE(wait_for([&] { return segments() == 0; }));
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return segments() == 1; })) << "the delete is undone";

    // F12: the circle's center handle is drawn where the report says.
    const Image shot = app_->screenshot();
    EXPECT_TRUE(is_handle_yellow(shot.at(300, 250))) << "the center handle";
    EXPECT_FALSE(is_handle_yellow(shot.at(300, 150))) << "nothing far above it";

    // Select the circle by its handle, delete it, undo, redo.
    click(300, 250);
    ASSERT_TRUE(wait_for([&] { return report()["edit"]["selected"] == circle["name"]; }))
        << report()["edit"].dump();
    key("Delete");
    ASSERT_TRUE(wait_for([&] { return bodies() == 0; }));
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return bodies() == 1; }));
    EXPECT_EQ(report()["edit"]["bodies"][0]["center"], circle["center"]);
    key("ctrl+y");
    ASSERT_TRUE(wait_for([&] { return bodies() == 0; })) << "redo deletes it again";
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return bodies() == 1; }));

    key("ctrl+s");
    ASSERT_TRUE(wait_for([&] { return !session()["dirty"].get<bool>(); }));
    const ccd::Scene saved = ccd::load_scene_file(scene);
    ASSERT_EQ(saved.bodies.size(), 1u);
    ASSERT_EQ(saved.walls.size(), 1u);
    EXPECT_EQ(saved.bodies[0].name, circle["name"]);
    EXPECT_EQ(saved.title, "Blank");
    quit_expecting_no_question();
}

} // namespace

namespace {

TEST_F(AppRun, TheWorldViewAddsABoxThatDragsByItsCentroidAndSaves) {
    const fs::path scene = copy_scene("blank.json");
    start({"--scene", scene.string()});
    ASSERT_EQ(report()["mode"], "world");
    const auto polygons = [&] { return report()["edit"]["polygons"]; };
    ASSERT_TRUE(polygons().empty());

    move_to(300, 250);
    key("b"); // a box at the cursor
    ASSERT_TRUE(wait_for([&] { return polygons().size() == 1; })) << report()["edit"].dump();
    const json box = polygons()[0];
    EXPECT_EQ(box["name"], "box 1");
    EXPECT_EQ(report()["edit"]["selected"], "box 1");
    EXPECT_EQ(box["vertices"].size(), 4u);
    EXPECT_NEAR(box["center_px"][0].get<double>(), 300.0, 1.0);
    EXPECT_NEAR(box["center_px"][1].get<double>(), 250.0, 1.0);

    // Its centroid handle carries the whole box (and its motion) 100 px to the right.
    drag(300, 250, 400, 250);
    ASSERT_TRUE(wait_for([&] { return polygons()[0]["center_px"] != box["center_px"]; }));
    const json moved = polygons()[0];
    EXPECT_NEAR(moved["center_px"][0].get<double>(), 400.0, 1.5);
    EXPECT_EQ(moved["velocity"], box["velocity"]);
    const double dx = moved["vertices"][0][0].get<double>() - box["vertices"][0][0].get<double>();
    for (std::size_t k = 0; k < 4; ++k) {
        EXPECT_NEAR(moved["vertices"][k][0].get<double>() - box["vertices"][k][0].get<double>(), dx,
                    1e-12);
        EXPECT_EQ(moved["vertices"][k][1], box["vertices"][k][1]);
    }
    EXPECT_GT(dx, 0.0);

    key("Delete");
    ASSERT_TRUE(wait_for([&] { return polygons().empty(); }));
    key("ctrl+z");
    ASSERT_TRUE(wait_for([&] { return polygons().size() == 1; })) << "the delete is undone";
    key("ctrl+s");
    ASSERT_TRUE(wait_for([&] { return !session()["dirty"].get<bool>(); }));
    const ccd::Scene saved = ccd::load_scene_file(scene);
    ASSERT_EQ(saved.polygons.size(), 1u);
    EXPECT_EQ(saved.polygons[0].name, "box 1");
    EXPECT_EQ(saved.polygons[0].polygon.vertices.size(), 4u);
    quit_expecting_no_question();
}

TEST_F(AppRun, FileErrorsAreShownAndTheEditIsKept) {
    const fs::path scene = copy_scene("default.json");
    copy_scene("blank.json"); // after default.json in the picker (it wraps around)
    std::ofstream(dir_ / "broken.json") << "{ \"format\": \"ccdlab-scene\", ";
    start({"--scene", scene.string()});
    const json dragged = drag_the_ball();

    // Save as into a folder that does not exist: the dialog stays, with the reason.
    key("ctrl+shift+s");
    wait_for_typing("save-as");
    type("/nonexistent-folder/x.json");
    key("Return");
    ASSERT_TRUE(wait_for([&] {
        return session()["status"].get<std::string>().rfind("Not saved", 0) == 0;
    })) << session().dump();
    EXPECT_EQ(session()["dialog"], "save-as");
    key("Escape");
    ASSERT_TRUE(wait_for([&] { return session()["dialog"] == ""; }));

    // Open a broken file: the message names it, the edit stays open and unsaved.
    key("ctrl+o");
    wait_for_typing("open");
    type((dir_ / "broken.json").string());
    key("Return");
    ASSERT_TRUE(wait_for([&] {
        return session()["status"].get<std::string>().find("broken.json") != std::string::npos;
    })) << session().dump();
    EXPECT_EQ(session()["dialog"], "");
    EXPECT_TRUE(app_->running()) << "no crash";
    EXPECT_EQ(session()["document"], scene.string());
    EXPECT_TRUE(session()["dirty"].get<bool>());
    EXPECT_EQ(report()["mover"]["center"], dragged["mover"]["center"]);

    // The scene picker does not drop the edit either: it asks before opening blank.json.
    key("Next");
    wait_for_dialog("unsaved-changes");
    key("Escape");
    ASSERT_TRUE(wait_for([&] { return session()["dialog"] == ""; }));
    EXPECT_EQ(report()["scene"], "default.json");
    quit_discarding();
}

TEST_F(AppRun, FileImportOpensABox2DDumpAsAnUntitledScene) {
    // tests/gui/data/box2d_dump.inl is what Box2D 2.4.1's b2World::Dump() wrote for the world of
    // tests/core/scenario/box2d_import_test.cpp (dumped_world()); imported at the dialog's 1/60 it
    // is scenes/box2d-import-ball-box-and-ground.json's bodies (Box2dImport.TheTourSceneIs...).
    const fs::path dump = fs::path(CCDLAB_SOURCE_DIR) / "tests/gui/data/box2d_dump.inl";
    const ccd::Scene expected =
        ccd::load_scene_file(kScenes + "/box2d-import-ball-box-and-ground.json");
    start({"--scene", copy_scene("default.json").string()});
    const json bar = session()["bar_buttons_px"];
    ASSERT_TRUE(bar.contains("Import")) << session().dump();
    click(bar["Import"][0].get<double>(), bar["Import"][1].get<double>());
    wait_for_typing("import");
    type(dump.string());
    key("Return");
    ASSERT_TRUE(wait_for([&] {
        return session()["status"].get<std::string>().rfind("Imported " + dump.string(), 0) == 0;
    })) << session().dump();
    EXPECT_EQ(session()["dialog"], "");
    EXPECT_EQ(session()["document"], "") << "an import is a new, untitled scene";
    ASSERT_TRUE(wait_for([&] { return report()["mode"] == "world"; })) << report().dump();
    const json edit = report()["edit"];
    ASSERT_EQ(edit["bodies"].size(), 1u) << edit.dump();
    EXPECT_EQ(edit["bodies"][0]["name"], "body 1");
    EXPECT_EQ(edit["bodies"][0]["center"][0].get<double>(), expected.bodies[0].circle.center.x);
    EXPECT_EQ(edit["bodies"][0]["velocity"][1].get<double>(), expected.bodies[0].velocity.y);
    ASSERT_EQ(edit["polygons"].size(), 2u);
    EXPECT_EQ(edit["polygons"][0]["name"], "body 0");
    EXPECT_EQ(edit["polygons"][1]["name"], "body 2");
    EXPECT_EQ(edit["polygons"][1]["static"], true);
    app_->quit();
}

} // namespace
