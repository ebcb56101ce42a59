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
#include <stdexcept>
#include <string>
#include <string_view>

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

const ccdlab::AlgorithmAnswer& answer_of(const QueryLab& lab, std::string_view name) {
    const auto& answers = lab.algorithm_answers();
    const auto found = std::find_if(answers.begin(), answers.end(),
                                    [name](const auto& a) { return a.algorithm->name == name; });
    if (found == answers.end()) throw std::runtime_error("no algorithm " + std::string(name));
    return *found;
}

TEST(QueryLab, TheJudgeJudgesEveryAlgorithmsAnswer) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    ASSERT_EQ(lab.algorithm_answers().size(), ccd::algorithms().size());
    EXPECT_EQ(lab.tolerance(), ccd::kJudgeTolerance) << "the judge's default";
    // A plain head-on fall: every answer is judged but where the algorithm has no query for the
    // pair. All agree on t = 0.4 but two. Box2D stops 0.005 deep (its target separation
    // 1 + 0.01 - 3 x 0.005 = 0.995 from the edge's core): t = 4.005 / 10 = 0.4005, past the
    // contact within its documented slack: it agrees by design. Seed 000 in float answers
    // 0.4f = 0.400000006, past the contact by 6e-8 x the closing speed 10: beyond the tolerance
    // 1e-10 x the scale 10, a miss of the first contact.
    for (const auto& answer : lab.algorithm_answers()) {
        ASSERT_EQ(answer.judgement.has_value(), answer.has_query) << answer.algorithm->name;
        if (!answer.judgement) continue;
        const bool float32 = answer.algorithm->name == "seed000-float32";
        EXPECT_EQ(answer.judgement->verdict, float32 ? ccd::Verdict::Miss : ccd::Verdict::Agrees)
            << answer.algorithm->name << ": " << answer.judgement->text;
        EXPECT_EQ(answer.disagrees(), float32) << answer.algorithm->name;
    }
    EXPECT_TRUE(lab.any_disagreement());
    EXPECT_FALSE(answer_of(lab, "exact").judgement->by_design);
    const ccdlab::AlgorithmAnswer& box2d = answer_of(lab, "box2d");
    ASSERT_TRUE(box2d.hit);
    EXPECT_NEAR(box2d.hit->t, 0.4005, 0.00125 / 10 + 1e-6);
    EXPECT_TRUE(box2d.judgement->by_design) << box2d.judgement->text;
    ASSERT_TRUE(box2d.iterative) << "its search, for the panel's explanation";
    EXPECT_EQ(box2d.iterative->state, "touching");
    {
        // A graze 0.001 deep, shallower than Box2D's target depth 0.005 - 0.00125: the exact
        // query hits, Box2D says "separated" and misses. The graze is within its slack past
        // touching: a miss by design, not a wrong answer.
        ccd::Scene graze;
        graze.bodies.push_back({"ball", ccd::BodyShape::Circle, {{-5.0, 0.999}, 1.0}, {10.0, 0.0}});
        graze.walls.push_back({"floor", {{-1.0, 0.0}, {1.0, 0.0}}});
        const QueryLab graze_lab = QueryLab::from_scene(graze);
        ASSERT_TRUE(graze_lab.hit());
        const ccdlab::AlgorithmAnswer& missed = answer_of(graze_lab, "box2d");
        EXPECT_FALSE(missed.hit);
        ASSERT_TRUE(missed.judgement);
        EXPECT_EQ(missed.judgement->verdict, ccd::Verdict::Agrees) << missed.judgement->text;
        EXPECT_TRUE(missed.judgement->by_design) << missed.judgement->text;
    }
    // Box2D's t is 0.0005 past the contact: 0.005 deep at the closing speed 10. A tolerance of
    // 1e-3 x the scale 10 takes it in without its slack; one of 1e-15 leaves only the slack.
    lab.set_tolerance(1e-3);
    EXPECT_EQ(lab.state().tolerance, 1e-3) << "an edit of the lab's state";
    EXPECT_NEAR(lab.tolerance_in_units(), 1e-2, 1e-17);
    EXPECT_FALSE(lab.any_disagreement()) << "float's 6e-8 within the tolerance too";
    EXPECT_FALSE(answer_of(lab, "box2d").judgement->by_design)
        << answer_of(lab, "box2d").judgement->text;
    lab.set_tolerance(1e-15);
    EXPECT_TRUE(answer_of(lab, "box2d").judgement->by_design);
    EXPECT_EQ(answer_of(lab, "exact").judgement->verdict, ccd::Verdict::Agrees);
    // Seed 004 tests the infinite line: a circle beside the line's extension, moving away,
    // "already collides" for it and for no one else (docs/algorithms.md): a false hit.
    ccd::Scene scene;
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{2.3, 3.0}, 0.5}, {0.0, 1.0}});
    scene.walls.push_back({"post", {{2.0, -1.0}, {2.0, -0.1}}});
    const QueryLab bystander = QueryLab::from_scene(scene);
    EXPECT_FALSE(bystander.hit());
    EXPECT_TRUE(bystander.any_disagreement());
    for (const auto& answer : bystander.algorithm_answers())
        EXPECT_EQ(answer.disagrees(), answer.algorithm->name == "seed004")
            << answer.algorithm->name;
    EXPECT_EQ(answer_of(bystander, "seed004").judgement->verdict, ccd::Verdict::FalseHit);
}

TEST(QueryLab, TheToleranceIsUndoneLikeAnyEdit) {
    QueryLab lab = QueryLab::from_scene(falling_ball_scene());
    const ccdlab::LabState before = lab.state();
    lab.set_tolerance(1e-3);
    EXPECT_FALSE(lab.state() == before);
    lab.restore(before);
    EXPECT_EQ(lab.tolerance(), ccd::kJudgeTolerance);
    EXPECT_TRUE(answer_of(lab, "box2d").judgement->by_design) << "judged again on restore";
}

} // namespace
