// The session without a window: which view a scene opens in, the edited scene and its unsaved
// changes, the File commands (open, new, save as, switch view, export) taking effect at
// apply(), the autosave and recovery.
#include "autosave.hpp"
#include "document.hpp"
#include "fixture_export.hpp"
#include "session.hpp"
#include "view_kind.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include "scratch.hpp"
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace ccdlab;

fs::path scratch_dir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path dir = ccdlab_test::scratch_root() / "session-test" /
                         (std::string(info->test_suite_name()) + "." + info->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// One ball and one wall: a pair, so it opens in the query lab.
ccd::Scene ball_and_wall() {
    ccd::Scene scene;
    scene.title = "Ball and wall";
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 5.0}, 1.0}, {0.0, -10.0}});
    scene.walls.push_back({"floor", {{-2.0, 0.0}, {2.0, 0.0}}});
    return scene;
}

// Two balls and two walls: no single pair, so it opens in the world view.
ccd::Scene two_balls_two_walls() {
    ccd::Scene scene = ball_and_wall();
    scene.title = "";
    scene.bodies.push_back({"other", ccd::BodyShape::Circle, {{9.0, 5.0}, 0.5}, {0.0, 0.0}});
    scene.walls.push_back({"side", {{5.0, 0.0}, {5.0, 3.0}}});
    return scene;
}

ccd::Scene moved_ball(ccd::Scene scene, double x) {
    scene.bodies[0].circle.center.x = x;
    return scene;
}

fs::path save(const fs::path& file, const ccd::Scene& scene) {
    ccd::save_scene_file(file, scene);
    return file;
}

// A session on `file`, as the app starts one (no settings folder: nothing kept between runs).
Session open_session(const fs::path& file, const fs::path& fixtures = {},
                     const fs::path& settings_folder = {}) {
    const ccd::Scene scene = ccd::load_scene_file(file);
    return Session(scene, view_kind_for(scene, file, Mode::Automatic), Document(file, scene),
                   settings_folder, Settings{}, fixtures);
}

// --- which view --------------------------------------------------------------------------------

TEST(ViewKind, APairOpensInTheQueryLabAndAnythingElseInTheWorld) {
    EXPECT_EQ(view_kind_for(ball_and_wall(), "a.json", Mode::Automatic), ViewKind::QueryLab);
    EXPECT_EQ(view_kind_for(two_balls_two_walls(), "a.json", Mode::Automatic), ViewKind::World);
    EXPECT_EQ(view_kind_for(ball_and_wall(), "a.json", Mode::World), ViewKind::World);
    // --mode query takes the first pair of a larger scene.
    EXPECT_EQ(view_kind_for(two_balls_two_walls(), "a.json", Mode::Query), ViewKind::QueryLab);
    // A pair under gravity opens in the lab (it follows parabolic paths), unless its expect
    // section runs several frames (a fall to step): then in the world, or in the lab when asked.
    ccd::Scene falling = ball_and_wall();
    falling.gravity = {0.0, -0.01};
    EXPECT_EQ(view_kind_for(falling, "a.json", Mode::Automatic), ViewKind::QueryLab);
    falling.expect = ccd::Expectation{};
    EXPECT_EQ(view_kind_for(falling, "a.json", Mode::Automatic), ViewKind::QueryLab);
    falling.expect->frames = 26;
    EXPECT_EQ(view_kind_for(falling, "a.json", Mode::Automatic), ViewKind::World);
    EXPECT_EQ(view_kind_for(falling, "a.json", Mode::Query), ViewKind::QueryLab);
}

TEST(ViewKind, TurningScenesFollowTheSameRule) {
    // The floor turns about its end: a ball and a turning wall are a pair for the lab; with
    // another ball and wall they are a world, which the World steps (turning walls included).
    ccd::Scene pair = ball_and_wall();
    pair.walls[0].pivot = ccd::Vec2{-2.0, 0.0};
    pair.walls[0].angle = 0.5;
    ASSERT_TRUE(pair.walls[0].turns());
    EXPECT_EQ(view_kind_for(pair, "a.json", Mode::Automatic), ViewKind::QueryLab);
    ccd::Scene world = two_balls_two_walls();
    world.walls[0].pivot = ccd::Vec2{-2.0, 0.0};
    world.walls[0].angle = 0.5;
    EXPECT_EQ(view_kind_for(world, "a.json", Mode::Automatic), ViewKind::World);
    EXPECT_EQ(view_kind_for(world, "a.json", Mode::Query), ViewKind::QueryLab);
}

TEST(ViewKind, TheQueryLabWithoutAPairThrowsNamingTheFile) {
    ccd::Scene lone_ball;
    lone_ball.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 0.0}, 1.0}, {1.0, 0.0}});
    try {
        view_kind_for(lone_ball, "lone.json", Mode::Query);
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()).rfind("lone.json: the query lab needs", 0), 0u) << e.what();
    }
    EXPECT_EQ(view_kind_for(lone_ball, "lone.json", Mode::Automatic), ViewKind::World);
}

TEST(ViewKind, ASceneTheWorldDoesNotTakeThrowsASceneError) {
    ccd::Scene scene = two_balls_two_walls();
    ccd::PolygonBody big{"big", {}, {0.0, 0.0}};
    for (int i = 0; i < 300; ++i) { // more vertices than the World takes (255)
        const double a = 6.283185307179586 * i / 300;
        big.polygon.vertices.push_back({20.0 + std::cos(a), std::sin(a)});
    }
    scene.polygons.push_back(big);
    EXPECT_THROW(view_kind_for(scene, "big.json", Mode::Automatic), ccd::SceneError);
}

// --- the edited scene and its document ---------------------------------------------------------

TEST(Session, AnEditMakesTheDocumentDirtyAndUndoingItCleanAgain) {
    const fs::path file = save(scratch_dir() / "pair.json", ball_and_wall());
    Session session = open_session(file);
    EXPECT_EQ(session.view_kind(), ViewKind::QueryLab);
    EXPECT_EQ(session.scene(), ball_and_wall());
    EXPECT_FALSE(session.document().dirty());
    EXPECT_EQ(session.window_title(), "ccdlab - pair.json");

    session.edited(moved_ball(ball_and_wall(), 1.5));
    EXPECT_TRUE(session.document().dirty());
    EXPECT_EQ(session.scene().bodies[0].circle.center.x, 1.5);
    EXPECT_EQ(session.window_title(), "ccdlab - pair.json *");

    session.edited(ball_and_wall()); // undone
    EXPECT_FALSE(session.document().dirty());
    EXPECT_EQ(session.window_title(), "ccdlab - pair.json");
}

TEST(Session, SaveAsWritesTheEditedSceneAndMakesItTheDocument) {
    const fs::path dir = scratch_dir();
    Session session = open_session(save(dir / "pair.json", ball_and_wall()));
    session.edited(moved_ball(ball_and_wall(), -1.0));
    session.save_as(dir / "renamed.json");
    EXPECT_EQ(ccd::load_scene_file(dir / "renamed.json"), moved_ball(ball_and_wall(), -1.0));
    EXPECT_EQ(ccd::load_scene_file(dir / "pair.json"), ball_and_wall()) << "left as it was";
    EXPECT_EQ(session.document().path(), dir / "renamed.json");
    EXPECT_FALSE(session.document().dirty());
    EXPECT_EQ(session.library().current_path(), dir / "renamed.json");
    EXPECT_THROW(session.save_as({}), ccd::SceneError);
}

// --- File commands take effect at apply() ------------------------------------------------------

TEST(Session, OpenTakesEffectAtApplyWithTheViewTheSceneOpensIn) {
    const fs::path dir = scratch_dir();
    Session session = open_session(save(dir / "pair.json", ball_and_wall()));
    const fs::path world = save(dir / "world.json", two_balls_two_walls());
    session.open(world);
    EXPECT_EQ(session.scene(), ball_and_wall()) << "the view being drawn still shows this";
    EXPECT_EQ(session.view_kind(), ViewKind::QueryLab);
    EXPECT_TRUE(session.apply());
    EXPECT_EQ(session.scene(), two_balls_two_walls());
    EXPECT_EQ(session.view_kind(), ViewKind::World);
    EXPECT_EQ(session.document().path(), world);
    EXPECT_FALSE(session.document().dirty());
    EXPECT_FALSE(session.apply()) << "nothing left to apply";
}

TEST(Session, AFileThatDoesNotOpenLeavesTheSessionAsItWas) {
    const fs::path dir = scratch_dir();
    Session session = open_session(save(dir / "pair.json", ball_and_wall()));
    session.edited(moved_ball(ball_and_wall(), 2.0));
    EXPECT_THROW(session.open(dir / "missing.json"), ccd::SceneError);
    EXPECT_FALSE(session.apply());
    EXPECT_EQ(session.scene(), moved_ball(ball_and_wall(), 2.0));
    EXPECT_TRUE(session.document().dirty());
}

TEST(Session, ANewSceneIsBlankUntitledAndInTheWorld) {
    Session session = open_session(save(scratch_dir() / "pair.json", ball_and_wall()));
    session.new_scene();
    ASSERT_TRUE(session.apply());
    EXPECT_EQ(session.view_kind(), ViewKind::World);
    EXPECT_TRUE(session.scene().bodies.empty());
    EXPECT_TRUE(session.scene().walls.empty());
    ASSERT_TRUE(session.scene().view.has_value());
    EXPECT_EQ(session.scene().view->center, (ccd::Vec2{0.0, 0.0}));
    EXPECT_TRUE(session.document().untitled());
    EXPECT_FALSE(session.document().dirty());
    EXPECT_EQ(session.window_title(), "ccdlab - untitled");
}

TEST(Session, TheEditedScenesLinkOpensAsAnUntitledSceneWithNoUnsavedChanges) {
    const fs::path dir = scratch_dir();
    Session session = open_session(save(dir / "pair.json", ball_and_wall()));
    session.edited(two_balls_two_walls());
    const std::string link = session.link();
    EXPECT_TRUE(link.starts_with("index.html#scene=")) << "the settings' default base";
    session.open_link(link);
    EXPECT_EQ(session.scene(), two_balls_two_walls()) << "takes effect at apply";
    ASSERT_TRUE(session.apply());
    EXPECT_EQ(session.scene(), two_balls_two_walls());
    EXPECT_EQ(session.view_kind(), ViewKind::World);
    EXPECT_TRUE(session.document().untitled());
    EXPECT_FALSE(session.document().dirty());
    EXPECT_EQ(session.window_title(), "ccdlab - untitled");
}

TEST(Settings, TheFirstWindowShrinksToTheScreensWorkAreaWithItsFrame) {
    // The default 1280 x 800 on an 800 x 600 screen whose panels leave 800 x 570, in a frame of
    // 2 + 2 px of borders and a 28 px title bar: 796 x 540 (570 - 28 - 2).
    EXPECT_EQ(window_size_within({1280, 800}, {800, 570}, {4, 30}), (PixelSize{796, 540}));
    // What fits is kept, and a window is never grown to the screen.
    EXPECT_EQ(window_size_within({1024, 700}, {1920, 1050}, {4, 30}), (PixelSize{1024, 700}));
    EXPECT_EQ(window_size_within({1280, 800}, {1280, 1050}, {4, 30}), (PixelSize{1276, 800}));
    // No screen known: as wanted.
    EXPECT_EQ(window_size_within({1280, 800}, {0, 0}, {4, 30}), (PixelSize{1280, 800}));
}

TEST(Session, ALinksOrANewSceneIsAtNoPlaceOfThePickerOrTheTour) {
    // Opened on the bundled default.json, a stop of the tour; then a link's scene and a new
    // one: neither is the picker's current scene nor at the tour's stop.
    const fs::path bundled = CCDLAB_SCENES_DIR;
    const ccd::Scene scene = ccd::load_scene_file(bundled / "default.json");
    Session session(scene, ViewKind::QueryLab, Document(bundled / "default.json", scene), {},
                    Settings{}, {}, bundled);
    ASSERT_GE(session.library().current(), 0);
    ASSERT_EQ(session.library().tour_place(), session.library().current());
    session.open_link(session.link());
    ASSERT_TRUE(session.apply());
    EXPECT_EQ(session.library().current(), -1);
    EXPECT_EQ(session.library().tour_place(), -1);
    EXPECT_FALSE(session.library().current_path().has_filename());
    EXPECT_EQ(session.library().current_path().parent_path(), bundled)
        << "Save As and Open still start in the folder";
    session.open(bundled / "default.json");
    ASSERT_TRUE(session.apply());
    ASSERT_GE(session.library().current(), 0);
    session.new_scene();
    ASSERT_TRUE(session.apply());
    EXPECT_EQ(session.library().current(), -1);
    EXPECT_EQ(session.library().tour_place(), -1);
}

TEST(Session, ALinkIsMadeAgainstTheSettingsBaseAndABadOneLeavesTheSessionAsItWas) {
    const fs::path dir = scratch_dir();
    const ccd::Scene scene = ball_and_wall();
    Settings settings;
    settings.link_base = "https://example.org/ccdlab/";
    Session session(scene, ViewKind::QueryLab, Document(dir / "pair.json", scene), {}, settings,
                    {});
    EXPECT_TRUE(session.link().starts_with("https://example.org/ccdlab/#scene="));
    try {
        session.open_link("index.html#scene=AW1R!MW7c");
        ADD_FAILURE() << "a link that does not decode opens";
    } catch (const ccd::SceneError& e) {
        EXPECT_STREQ(e.what(),
                     "link: character 22 (\"!\") is not base64url (A-Z, a-z, 0-9, - and _)");
    }
    EXPECT_FALSE(session.apply());
    EXPECT_EQ(session.scene(), ball_and_wall());
    EXPECT_EQ(session.document().path(), dir / "pair.json");
}

TEST(Session, SwitchingTheViewKeepsTheEditedSceneAndItsUnsavedChanges) {
    const fs::path file = save(scratch_dir() / "pair.json", ball_and_wall());
    Session session = open_session(file);
    session.edited(moved_ball(ball_and_wall(), 3.0));
    session.switch_view();
    ASSERT_TRUE(session.apply());
    EXPECT_EQ(session.view_kind(), ViewKind::World);
    EXPECT_EQ(session.scene(), moved_ball(ball_and_wall(), 3.0));
    EXPECT_TRUE(session.document().dirty());
    EXPECT_EQ(session.document().path(), file);
    session.switch_view();
    ASSERT_TRUE(session.apply());
    EXPECT_EQ(session.view_kind(), ViewKind::QueryLab);
}

TEST(Session, TheQueryLabIsRefusedForASceneWithoutAPair) {
    ccd::Scene lone_ball;
    lone_ball.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 0.0}, 1.0}, {1.0, 0.0}});
    Session session = open_session(save(scratch_dir() / "lone.json", lone_ball));
    ASSERT_EQ(session.view_kind(), ViewKind::World);
    EXPECT_THROW(session.switch_view(), std::runtime_error);
    EXPECT_FALSE(session.apply());
    EXPECT_EQ(session.view_kind(), ViewKind::World);
}

TEST(Session, ExportWritesTheCaseShownNamedAfterItsTitleOrTheFile) {
    const fs::path dir = scratch_dir();
    Session session = open_session(save(dir / "world.json", two_balls_two_walls()), dir / "fx");
    // Untitled case: the document's file name; a titled one: its title.
    const fs::path first = session.export_fixture({two_balls_two_walls(), 2});
    EXPECT_EQ(first, dir / "fx" / "world.json");
    const fs::path second = session.export_fixture({ball_and_wall(), 1});
    EXPECT_EQ(second, dir / "fx" / "ball-and-wall.json");
    const ccd::Scene exported = ccd::load_scene_file(first);
    ASSERT_TRUE(exported.expect.has_value());
    EXPECT_EQ(exported.expect->frames, 2);
}

// --- autosave and recovery ---------------------------------------------------------------------

TEST(Session, TheAutosaveFollowsTheUnsavedEditAndGoesWithTheSave) {
    const fs::path dir = scratch_dir();
    const fs::path file = save(dir / "pair.json", ball_and_wall());
    Session session = open_session(file, {}, dir / "settings");
    const fs::path autosave = session.autosave_file();
    ASSERT_FALSE(autosave.empty());
    EXPECT_LT(session.autosave_tick(100.0), 0.0) << "nothing to save";
    EXPECT_FALSE(fs::exists(autosave));

    session.edited(moved_ball(ball_and_wall(), 1.0));
    EXPECT_LT(session.autosave_tick(100.0), 0.0);
    const auto written = read_autosave(autosave);
    ASSERT_TRUE(written.has_value());
    EXPECT_EQ(written->scene, moved_ball(ball_and_wall(), 1.0));
    EXPECT_EQ(written->origin, file);

    session.edited(moved_ball(ball_and_wall(), 2.0));
    EXPECT_DOUBLE_EQ(session.autosave_tick(101.0), 2.0) << "due 3 s after the last";
    EXPECT_EQ(read_autosave(autosave)->scene, moved_ball(ball_and_wall(), 1.0));
    EXPECT_LT(session.autosave_tick(103.0), 0.0);
    EXPECT_EQ(read_autosave(autosave)->scene, moved_ball(ball_and_wall(), 2.0));

    session.save();
    EXPECT_FALSE(fs::exists(autosave));
    EXPECT_FALSE(session.document().dirty());
    EXPECT_EQ(ccd::load_scene_file(file), moved_ball(ball_and_wall(), 2.0));
}

TEST(Session, UndoingBackToTheFileRemovesTheAutosave) {
    const fs::path dir = scratch_dir();
    Session session = open_session(save(dir / "pair.json", ball_and_wall()), {}, dir / "settings");
    session.edited(moved_ball(ball_and_wall(), 1.0));
    session.autosave_tick(0.0);
    ASSERT_TRUE(fs::exists(session.autosave_file()));
    session.edited(ball_and_wall());
    EXPECT_FALSE(fs::exists(session.autosave_file()));
}

TEST(Session, ARecoveredAutosaveIsTheEditOfItsFileUnsaved) {
    const fs::path dir = scratch_dir();
    const fs::path file = save(dir / "pair.json", ball_and_wall());
    Session session = open_session(save(dir / "other.json", two_balls_two_walls()));
    session.recover({moved_ball(ball_and_wall(), 4.0), file});
    ASSERT_TRUE(session.apply());
    EXPECT_EQ(session.scene(), moved_ball(ball_and_wall(), 4.0));
    EXPECT_EQ(session.view_kind(), ViewKind::QueryLab);
    EXPECT_EQ(session.document().path(), file);
    EXPECT_TRUE(session.document().dirty());
    session.edited(ball_and_wall()); // back to what the file holds
    EXPECT_FALSE(session.document().dirty());
}

} // namespace

namespace {

// The app's Import: a dump as b2World::Dump writes it, at a time step typed as a number or a
// fraction (ccd::import_box2d does the rest: tests/core/scenario/box2d_import_test.cpp).
TEST(SessionImport, ATimeStepIsANumberOrAFraction) {
    const fs::path dump = scratch_dir() / "one-ball.inl";
    std::ofstream(dump) << "b2Vec2 g(0, 0);\n{\n  b2BodyDef bd;\n  bd.type = b2BodyType(2);\n"
                           "  bd.linearVelocity.Set(60, 0);\n  {\n    b2FixtureDef fd;\n"
                           "    b2CircleShape shape;\n    shape.m_radius = 1;\n  }\n}\n";
    // 60 m/s: 1 a frame at 1/60 s, 1.2 at 0.02 s.
    EXPECT_EQ(Session::box2d_scene(dump, "1/60").scene.bodies.at(0).velocity,
              (ccd::Vec2{1.0, 0.0}));
    EXPECT_EQ(Session::box2d_scene(dump, "0.02").scene.bodies.at(0).velocity.x, 60.0 * 0.02);
    for (const char* bad : {"", "0", "-1/60", "1/0", "fast", "1/60x"})
        EXPECT_THROW(Session::box2d_scene(dump, bad), std::invalid_argument) << bad;
    EXPECT_THROW(Session::box2d_scene(scratch_dir() / "missing.inl", "1/60"), ccd::Box2dDumpError);
}

} // namespace
