// The app's model and camera, without a window.
#include "camera.hpp"
#include "options.hpp"
#include "query_lab.hpp"
#include "scene_library.hpp"
#include "settings.hpp"
#include "test_camera.hpp"
#include "undo_history.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "scratch.hpp"
#include <filesystem>
#include <fstream>

namespace {

using ccd::Vec2;
using ccdlab::Camera;
using ccdlab::Handle;
using ccdlab::QueryLab;
using ccdlab_test::camera_800x600;

ccd::Scene falling_ball_scene() {
    ccd::Scene scene;
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 5.0}, 1.0}, {0.0, -10.0}});
    scene.walls.push_back({"floor", {{-2.0, 0.0}, {2.0, 0.0}}});
    return scene;
}

TEST(Camera, WorldYUpMapsToScreenYDown) {
    const Camera camera = camera_800x600();
    EXPECT_EQ(camera.to_screen({0.0, 0.0}), (Vec2{400.0, 300.0}));
    EXPECT_EQ(camera.to_screen({1.0, 1.0}), (Vec2{450.0, 250.0}));
    EXPECT_EQ(camera.to_world({450.0, 250.0}), (Vec2{1.0, 1.0}));
}

TEST(Camera, ZoomKeepsThePointUnderTheCursor) {
    Camera camera = camera_800x600();
    const Vec2 cursor{123.0, 456.0};
    const Vec2 before = camera.to_world(cursor);
    camera.zoom_about(cursor, 2.5);
    EXPECT_DOUBLE_EQ(camera.pixels_per_unit, 125.0);
    EXPECT_NEAR(camera.to_world(cursor).x, before.x, 1e-12);
    EXPECT_NEAR(camera.to_world(cursor).y, before.y, 1e-12);
}

TEST(Camera, PanMovesTheWorldWithTheMouse) {
    Camera camera = camera_800x600();
    const Vec2 grabbed = camera.to_world({100.0, 100.0});
    camera.pan({30.0, -20.0});
    EXPECT_NEAR(camera.to_screen(grabbed).x, 130.0, 1e-9);
    EXPECT_NEAR(camera.to_screen(grabbed).y, 80.0, 1e-9);
}

TEST(QueryLab, TakesTheFirstBodyAndSegmentAndAnswersAtOnce) {
    const QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    EXPECT_EQ(lab.mover().name, "ball");
    EXPECT_EQ(lab.obstacle().name, "floor");
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.4);
}

TEST(QueryLab, SceneWithoutASegmentIsRefused) {
    ccd::Scene scene = falling_ball_scene();
    scene.walls.clear();
    EXPECT_THROW(QueryLab::from_scene(scene), std::runtime_error);
}

TEST(QueryLab, PickFindsTheHandleUnderTheMouseWithinItsRadius) {
    const QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    const Camera camera = camera_800x600();
    // The center (0,5) is drawn at (400, 50); the tip (0,-5) at (400, 550).
    EXPECT_EQ(lab.pick({405.0, 53.0}, camera, 10.0), Handle::Center);
    EXPECT_EQ(lab.pick({400.0, 548.0}, camera, 10.0), Handle::Tip);
    EXPECT_EQ(lab.pick({300.0, 300.0}, camera, 10.0), Handle::EndpointA);
    EXPECT_EQ(lab.pick({420.0, 50.0}, camera, 10.0), Handle::None);
}

TEST(QueryLab, DraggingTheCenterCarriesTheMotionAlong) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    lab.drag(Handle::Center, {0.0, 3.0});
    EXPECT_EQ(lab.mover().circle().center, (Vec2{0.0, 3.0}));
    EXPECT_EQ(lab.mover().swept.displacement(), (Vec2{0.0, -10.0}));
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.2); // gap of 2 over 10 units
}

TEST(QueryLab, DraggingTheTipChangesTheMotionAndTheAnswer) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    lab.drag(Handle::Tip, {0.0, 3.0}); // now moves only 2 units: stops short
    EXPECT_EQ(lab.mover().swept.displacement(), (Vec2{0.0, -2.0}));
    EXPECT_FALSE(lab.hit());
}

TEST(QueryLab, DraggingAnEndpointMovesTheSegment) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    lab.drag(Handle::EndpointA, {-2.0, 2.0}); // floor tilts up to the left
    EXPECT_EQ(lab.obstacle().segment().a, (Vec2{-2.0, 2.0}));
    ASSERT_TRUE(lab.hit());
    EXPECT_LT(lab.hit()->t, 0.4);
}

TEST(Options, ParsesEveryOption) {
    const char* argv[] = {"ccdlab",  "--scene", "s.json", "--screenshot", "o.png", "--size",
                          "640x480", "--t",     "0.25",   "--report",     "r.json"};
    const auto options = ccdlab::parse_options(11, argv);
    EXPECT_EQ(options.scene, "s.json");
    EXPECT_EQ(options.screenshot, "o.png");
    EXPECT_EQ(options.width, 640);
    EXPECT_EQ(options.height, 480);
    EXPECT_EQ(options.t, 0.25);
    EXPECT_EQ(options.report, "r.json");
    EXPECT_TRUE(options.size_given);
    EXPECT_FALSE(options.link);
    const char* link[] = {"ccdlab", "--link", "index.html#scene=AQ"};
    EXPECT_EQ(ccdlab::parse_options(3, link).link, "index.html#scene=AQ");
    EXPECT_TRUE(ccdlab::parse_options(3, link).scene.empty());
    const char* both[] = {"ccdlab", "--link", "#scene=AQ", "--scene", "s.json"};
    EXPECT_THROW(ccdlab::parse_options(5, both), std::invalid_argument);
}

TEST(SceneLibrary, ListsTheFolderInNameOrderAndStepsAroundIt) {
    namespace fs = std::filesystem;
    const fs::path dir = ccdlab_test::scratch_root() / "scene-library-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const char* name : {"b.json", "a.json", "c.json", "notes.txt", "x.schema.json"})
        std::ofstream(dir / name) << "{}";
    ccdlab::SceneLibrary library(dir / "b.json");
    ASSERT_EQ(library.scenes().size(), 3u) << "only scenes: no text, no schema";
    EXPECT_EQ(library.scenes()[0].filename(), "a.json");
    EXPECT_EQ(library.current(), 1);
    EXPECT_EQ(library.next(1).filename(), "c.json");
    EXPECT_EQ(library.next(-1).filename(), "a.json");
    library.set_current(dir / "c.json");
    EXPECT_EQ(library.next(1).filename(), "a.json") << "wraps around";
}

TEST(QueryLab, TheRadiusHandleSitsAcrossTheMotionAndSetsTheRadius) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene()); // at (0,5), r = 1, moving down
    // perp of the unit motion (0,-1) is (1,0): the handle is at (1, 5).
    EXPECT_EQ(lab.handle_position(Handle::Radius), (Vec2{1.0, 5.0}));
    lab.drag(Handle::Radius, {0.0, 7.0}); // 2 from the center
    EXPECT_EQ(lab.mover().circle().radius, 2.0);
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.3); // the gap of 5 - 2 closes after 3 of 10 units
}

TEST(QueryLab, RestoreBringsBackAStateAndItsAnswer) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    const ccdlab::LabState before = lab.state();
    lab.drag(Handle::Tip, {0.0, 3.0});
    EXPECT_FALSE(lab.hit());
    lab.restore(before);
    EXPECT_TRUE(lab.state() == before);
    ASSERT_TRUE(lab.hit());
    EXPECT_DOUBLE_EQ(lab.hit()->t, 0.4);
}

TEST(UndoHistory, UndoesAndRedoesInOrderAndANewEditDropsTheRedo) {
    ccdlab::UndoHistory<int> history;
    int state = 0;
    history.record(state);
    state = 1; // edit 0 -> 1
    history.record(state);
    state = 2; // edit 1 -> 2
    state = *history.undo(state);
    EXPECT_EQ(state, 1);
    state = *history.undo(state);
    EXPECT_EQ(state, 0);
    EXPECT_FALSE(history.undo(state));
    state = *history.redo(state);
    EXPECT_EQ(state, 1);
    history.record(state);
    state = 5; // a new edit: the old future is gone
    EXPECT_FALSE(history.redo(state));
    EXPECT_EQ(*history.undo(state), 1);
}

TEST(Camera, SnapsToTheGridItDraws) {
    Camera camera = camera_800x600(); // 50 px per unit: lines every 1 unit (>= 24 px apart)
    EXPECT_EQ(camera.grid_spacing(), 1.0);
    EXPECT_EQ(camera.snap_to_grid({1.4, -2.6}), (Vec2{1.0, -3.0}));
    camera.pixels_per_unit = 500.0; // lines every 0.1
    EXPECT_NEAR(camera.snap_to_grid({1.44, 0.0}).x, 1.4, 1e-12);
}

TEST(Settings, SaveThenLoadGivesThemBackAndABadFileGivesTheDefaults) {
    namespace fs = std::filesystem;
    const fs::path dir = ccdlab_test::scratch_root() / "settings-test";
    fs::remove_all(dir);
    EXPECT_FALSE(ccdlab::load_settings(dir).last_scene) << "no file: defaults";
    ccdlab::save_settings(dir, {fs::path("/somewhere/scene.json"), 1024, 700});
    const ccdlab::Settings loaded = ccdlab::load_settings(dir);
    ASSERT_TRUE(loaded.last_scene);
    EXPECT_EQ(*loaded.last_scene, fs::path("/somewhere/scene.json"));
    EXPECT_EQ(loaded.width, 1024);
    EXPECT_EQ(loaded.height, 700);
    EXPECT_EQ(loaded.link_base, "index.html") << "the default";
    ccdlab::Settings based;
    based.link_base = "https://example.org/ccdlab/";
    ccdlab::save_settings(dir, based);
    EXPECT_EQ(ccdlab::load_settings(dir).link_base, "https://example.org/ccdlab/");
    std::ofstream(dir / "settings.json") << "{ not json";
    const ccdlab::Settings fallback = ccdlab::load_settings(dir);
    EXPECT_FALSE(fallback.last_scene);
    EXPECT_EQ(fallback.width, 1280);
}

TEST(Options, ModeIsQueryOrWorld) {
    const char* world[] = {"ccdlab", "--mode", "world"};
    EXPECT_EQ(ccdlab::parse_options(3, world).mode, ccdlab::Mode::World);
    const char* none[] = {"ccdlab"};
    EXPECT_EQ(ccdlab::parse_options(1, none).mode, ccdlab::Mode::Automatic);
    const char* bad[] = {"ccdlab", "--mode", "space"};
    EXPECT_THROW(ccdlab::parse_options(3, bad), std::invalid_argument);
}

TEST(Options, BadValuesAreOneLineErrors) {
    const char* size[] = {"ccdlab", "--size", "big"};
    EXPECT_THROW(ccdlab::parse_options(3, size), std::invalid_argument);
    const char* t[] = {"ccdlab", "--t", "1.5"};
    EXPECT_THROW(ccdlab::parse_options(3, t), std::invalid_argument);
    const char* unknown[] = {"ccdlab", "--frobnicate"};
    EXPECT_THROW(ccdlab::parse_options(2, unknown), std::invalid_argument);
    const char* missing[] = {"ccdlab", "--scene"};
    EXPECT_THROW(ccdlab::parse_options(2, missing), std::invalid_argument);
}

TEST(QueryLab, KeepsTheTraceOfTheCurrentAnswer) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    ASSERT_EQ(lab.trace().candidates.size(), 3u); // band, cap A, cap B
    EXPECT_EQ(lab.trace().candidates[0].name, "band");
    ASSERT_FALSE(lab.trace().candidates[0].roots.empty());
    EXPECT_DOUBLE_EQ(lab.trace().candidates[0].roots[0].t, 0.4);
    lab.drag(Handle::Center, {0.0, 3.0});
    EXPECT_DOUBLE_EQ(lab.trace().candidates[0].roots[0].t, 0.2) << "the trace follows the edit";
}

TEST(QueryLab, RunsEveryAlgorithmAndFlagsDisagreement) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    ASSERT_EQ(lab.algorithm_answers().size(), ccd::algorithms().size());
    // A plain head-on fall: all agree on t = 0.4 but Box2D, which stops 0.005 deep (its target
    // separation 1 + 0.01 - 3 x 0.005 = 0.995 from the edge's core): t = 4.005 / 10 = 0.4005,
    // its own rules kept ("touching" at its target), so not a disagreement.
    for (const auto& answer : lab.algorithm_answers())
        EXPECT_FALSE(answer.disagrees) << answer.algorithm->name;
    EXPECT_FALSE(lab.any_disagreement());
    const auto box2d = std::find_if(
        lab.algorithm_answers().begin(), lab.algorithm_answers().end(),
        [](const ccdlab::AlgorithmAnswer& answer) { return answer.algorithm->name == "box2d"; });
    ASSERT_NE(box2d, lab.algorithm_answers().end());
    ASSERT_TRUE(box2d->hit);
    EXPECT_NEAR(box2d->hit->t, 0.4005, 0.00125 / 10 + 1e-6);
    ASSERT_TRUE(box2d->iterative) << "its search, for the panel's explanation";
    EXPECT_EQ(box2d->iterative->state, "touching");
    lab.set_disagreement_tolerance(1e-3);
    EXPECT_FALSE(lab.any_disagreement()) << "within 1e-3 of each other";
    {
        // A graze 0.001 deep, shallower than Box2D's target depth 0.005 - 0.00125: the exact
        // query hits, Box2D says "separated" and misses: a disagreement, its target kept or not.
        ccd::Scene graze;
        graze.bodies.push_back({"ball", ccd::BodyShape::Circle, {{-5.0, 0.999}, 1.0}, {10.0, 0.0}});
        graze.walls.push_back({"floor", {{-1.0, 0.0}, {1.0, 0.0}}});
        const QueryLab graze_lab = QueryLab::from_scene(graze);
        ASSERT_TRUE(graze_lab.hit());
        for (const auto& answer : graze_lab.algorithm_answers())
            if (answer.algorithm->name == "box2d") {
                EXPECT_FALSE(answer.hit);
                EXPECT_TRUE(answer.disagrees);
            }
    }
    // float32 carries t to about 1e-8 here: a tolerance of 1e-12 tells it apart.
    lab.set_disagreement_tolerance(1e-12);
    ASSERT_TRUE(lab.any_disagreement());
    for (const auto& answer : lab.algorithm_answers())
        if (answer.algorithm->name == "exact") {
            EXPECT_FALSE(answer.disagrees);
        }
    // Seed 004 tests the infinite line: a circle beside the line's extension, moving away,
    // "already collides" for it and for no one else (docs/algorithms.md).
    ccd::Scene scene;
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{2.3, 3.0}, 0.5}, {0.0, 1.0}});
    scene.walls.push_back({"post", {{2.0, -1.0}, {2.0, -0.1}}});
    const QueryLab bystander = QueryLab::from_scene(scene);
    EXPECT_FALSE(bystander.hit());
    EXPECT_TRUE(bystander.any_disagreement());
    for (const auto& answer : bystander.algorithm_answers())
        EXPECT_EQ(answer.disagrees, answer.algorithm->name == "seed004") << answer.algorithm->name;
}

} // namespace
