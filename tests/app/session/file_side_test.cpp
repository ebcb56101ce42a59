// The app's file side without a window: the scene <-> lab conversion, scene edits, the
// document's unsaved-changes test, fixture names and export, the autosave and recent files.
#include "autosave.hpp"
#include "autosave_slot.hpp"
#include "document.hpp"
#include "fixture_export.hpp"
#include "lab_scene.hpp"
#include "query_lab.hpp"
#include "scene_edits.hpp"
#include "scene_library.hpp"
#include "settings.hpp"

#include "ccd/fixture.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include "scratch.hpp"
#include "test_camera.hpp"
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>

#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using ccd::Vec2;
using namespace ccdlab;

fs::path scratch_dir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path dir = ccdlab_test::scratch_root() / "app-test" /
                         (std::string(info->test_suite_name()) + "." + info->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// Every scene of scenes/, as the app's picker lists them.
std::vector<fs::path> scene_files() {
    return ccdlab::SceneLibrary(fs::path(CCDLAB_SCENES_DIR) / "default.json").scenes();
}

// --- the query lab's scene --------------------------------------------------------------------

// A side of the lab given a new shape or motion, as the panel's fields give them.
void set_shape(QueryLab& lab, Side side, ccd::Shape shape) {
    LabSide edited = lab.side(side);
    edited.swept.shape = std::move(shape);
    lab.set_side(side, edited);
}
void set_motion(QueryLab& lab, Side side, ccd::Motion motion) {
    LabSide edited = lab.side(side);
    edited.swept.motion = motion;
    lab.set_side(side, edited);
}

TEST(LabScene, AnUneditedLabGivesBackTheSceneItWasMadeFromForEveryScene) {
    int labs = 0;
    for (const fs::path& file : scene_files()) {
        const ccd::Scene scene = ccd::load_scene_file(file);
        if (!query_lab_pair(scene, true)) continue;
        ++labs;
        const QueryLab lab = QueryLab::from_scene(scene);
        EXPECT_EQ(ccd::scene_to_json(scene_with_lab(scene, lab)), ccd::scene_to_json(scene))
            << file;
    }
    EXPECT_GE(labs, 3);
}

ccd::Scene ball_and_wall() {
    ccd::Scene scene;
    scene.title = "Ball and wall";
    scene.description = "kept";
    scene.view = ccd::View{{1.0, 2.0}, 7.0};
    scene.algorithm = "seed004";
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 5.0}, 1.0}, {0.0, -10.0}});
    scene.bodies.push_back({"other", ccd::BodyShape::Circle, {{9.0, 5.0}, 0.5}, {0.0, 0.0}});
    scene.walls.push_back({"floor", {{-2.0, 0.0}, {2.0, 0.0}}});
    scene.walls.push_back({"side", {{5.0, 0.0}, {5.0, 3.0}}});
    scene.polygons.push_back({"crate", ccd::Polygon{{{3, 0}, {4, 0}, {4, 1}}}, {0.0, 0.0}});
    scene.expect = ccd::Expectation{};
    scene.expect->events.push_back(
        {0, 0.4, "ball", "floor", ccd::Feature::SegmentInterior, {0.0, 0.0}, {0.0, 1.0}});
    return scene;
}

TEST(LabScene, EditsChangeTheFirstBodyAndSegmentAndKeepEverythingElse) {
    const ccd::Scene original = ball_and_wall();
    QueryLab lab = QueryLab::from_scene(original);
    lab.drag(Handle::Center, {1.0, 6.0});
    lab.drag(Handle::EndpointB, {3.0, 0.5});
    const ccd::Scene edited = scene_with_lab(original, lab);
    EXPECT_EQ(edited.bodies[0].circle.center, (Vec2{1.0, 6.0}));
    EXPECT_EQ(edited.bodies[0].velocity, (Vec2{0.0, -10.0}));
    EXPECT_EQ(edited.walls[0].segment.b, (Vec2{3.0, 0.5}));
    // Everything else as it was.
    ccd::Scene expected = original;
    expected.bodies[0] = edited.bodies[0];
    expected.walls[0] = edited.walls[0];
    EXPECT_EQ(ccd::scene_to_json(edited), ccd::scene_to_json(expected));
    EXPECT_EQ(edited.title, "Ball and wall");
    EXPECT_EQ(edited.algorithm, "seed004");
    ASSERT_TRUE(edited.expect.has_value());
    EXPECT_EQ(edited.polygons.size(), 1u);
}

TEST(LabScene, APointStaysAPointUntilItIsGivenARadius) {
    ccd::Scene scene = ball_and_wall();
    scene.bodies[0].shape = ccd::BodyShape::Point;
    scene.bodies[0].circle.radius = 0.0;
    QueryLab lab = QueryLab::from_scene(scene);
    lab.drag(Handle::Center, {0.5, 5.0});
    EXPECT_EQ(scene_with_lab(scene, lab).bodies[0].shape, ccd::BodyShape::Point);
    set_shape(lab, Side::Mover, ccd::Circle{{0.5, 5.0}, 0.25});
    const ccd::Scene edited = scene_with_lab(scene, lab);
    EXPECT_EQ(edited.bodies[0].shape, ccd::BodyShape::Circle);
    EXPECT_EQ(edited.bodies[0].circle.radius, 0.25);
}

TEST(LabScene, TheCaseIsThePairAloneAsEdited) {
    const ccd::Scene original = ball_and_wall();
    QueryLab lab = QueryLab::from_scene(original);
    lab.drag(Handle::Center, {0.5, 5.0});
    const ccd::Scene only = lab_case(original, lab);
    ASSERT_EQ(only.bodies.size(), 1u);
    ASSERT_EQ(only.walls.size(), 1u);
    EXPECT_TRUE(only.polygons.empty());
    EXPECT_FALSE(only.expect.has_value());
    EXPECT_EQ(only.bodies[0].name, "ball");
    EXPECT_EQ(only.bodies[0].circle.center, (Vec2{0.5, 5.0}));
    EXPECT_EQ(only.walls[0].name, "floor");
    EXPECT_EQ(only.title, original.title);
    EXPECT_EQ(only.algorithm, original.algorithm);
}

TEST(LabScene, EveryPairKindWritesBackItsOwnTwoItems) {
    ccd::Scene circles;
    circles.bodies.push_back({"a", ccd::BodyShape::Circle, {{0.0, 0.0}, 1.0}, {4.0, 0.0}});
    circles.bodies.push_back({"b", ccd::BodyShape::Point, {{6.0, 0.0}, 0.0}, {-1.0, 0.0}});
    QueryLab lab = QueryLab::from_scene(circles);
    ASSERT_EQ(lab.kind().name, "circle_circle");
    set_shape(lab, Side::Obstacle, ccd::Circle{{6.0, 1.0}, 0.0});
    set_motion(lab, Side::Obstacle, ccd::Translation{{-2.0, 0.0}});
    ccd::Scene edited = scene_with_lab(circles, lab);
    EXPECT_EQ(edited.bodies[1].circle.center, (Vec2{6.0, 1.0}));
    EXPECT_EQ(edited.bodies[1].velocity, (Vec2{-2.0, 0.0}));
    EXPECT_EQ(edited.bodies[1].shape, ccd::BodyShape::Point);
    EXPECT_EQ(lab_case(circles, lab).bodies.size(), 2u);

    const ccd::Scene polygons =
        ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "seed002-two-polygons.json");
    QueryLab polygon_lab = QueryLab::from_scene(polygons);
    ASSERT_EQ(polygon_lab.kind().name, "polygon_polygon");
    const Vec2 center = polygon_lab.handle_position(Handle::Center);
    polygon_lab.drag(Handle::Center, center + Vec2{1.0, 0.0});
    edited = scene_with_lab(polygons, polygon_lab);
    EXPECT_EQ(edited.polygons[0].polygon.vertices[0].x,
              polygons.polygons[0].polygon.vertices[0].x + 1.0);
    EXPECT_EQ(edited.polygons[1].polygon.vertices, polygons.polygons[1].polygon.vertices);
    EXPECT_EQ(lab_case(polygons, polygon_lab).polygons.size(), 2u);

    // A body and a polygon: the body is the mover, the polygon the obstacle.
    const ccd::Scene ball_and_crate =
        ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "ball-meets-a-crate.json");
    QueryLab circle_polygon = QueryLab::from_scene(ball_and_crate);
    ASSERT_EQ(circle_polygon.kind().name, "circle_polygon");
    set_shape(circle_polygon, Side::Mover, ccd::Circle{{-3.0, 0.5}, 0.25});
    set_motion(circle_polygon, Side::Obstacle, ccd::Translation{{0.0, 1.0}});
    edited = scene_with_lab(ball_and_crate, circle_polygon);
    EXPECT_EQ(edited.bodies[0].circle.center, (Vec2{-3.0, 0.5}));
    EXPECT_EQ(edited.bodies[0].circle.radius, 0.25);
    EXPECT_EQ(edited.polygons[0].velocity, (Vec2{0.0, 1.0}));
    EXPECT_EQ(edited.polygons[0].polygon, ball_and_crate.polygons[0].polygon);
    const ccd::Scene circle_polygon_case = lab_case(ball_and_crate, circle_polygon);
    EXPECT_EQ(circle_polygon_case.bodies.size(), 1u);
    EXPECT_EQ(circle_polygon_case.polygons.size(), 1u);
    EXPECT_TRUE(circle_polygon_case.walls.empty());

    // A polygon and a segment: the polygon is the mover, the segment (ends and motion) the
    // obstacle.
    const ccd::Scene crate_and_rod =
        ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "crate-meets-a-closing-rod.json");
    QueryLab polygon_segment = QueryLab::from_scene(crate_and_rod);
    ASSERT_EQ(polygon_segment.kind().name, "polygon_moving_segment");
    set_motion(polygon_segment, Side::Mover, ccd::Translation{{1.0, 0.0}});
    set_shape(polygon_segment, Side::Obstacle, ccd::Segment{{3.0, 0.25}, {5.0, 0.5}});
    set_motion(polygon_segment, Side::Obstacle, ccd::EndMotion{{-2.0, 0.0}, {0.0, 0.0}});
    edited = scene_with_lab(crate_and_rod, polygon_segment);
    EXPECT_EQ(edited.polygons[0].velocity, (Vec2{1.0, 0.0}));
    EXPECT_EQ(edited.polygons[0].polygon, crate_and_rod.polygons[0].polygon);
    EXPECT_EQ(edited.walls[0].segment.a, (Vec2{3.0, 0.25}));
    EXPECT_EQ(edited.walls[0].displacement_a, (Vec2{-2.0, 0.0}));
    EXPECT_EQ(edited.walls[0].displacement_b, (Vec2{0.0, 0.0}));
    const ccd::Scene polygon_segment_case = lab_case(crate_and_rod, polygon_segment);
    EXPECT_TRUE(polygon_segment_case.bodies.empty());
    EXPECT_EQ(polygon_segment_case.polygons.size(), 1u);
    EXPECT_EQ(polygon_segment_case.walls.size(), 1u);
}

// --- scene edits (the world view) -------------------------------------------------------------

TEST(SceneEdits, AddedItemsGetFreshNames) {
    ccd::Scene scene = ball_and_wall();
    scene.bodies[1].name = "circle 1";
    const SceneItem circle = add_circle(scene, {1.0, 1.0}, 0.5, {0.0, -1.0});
    EXPECT_EQ(name_of(scene, circle), "circle 2");
    const SceneItem point = add_point(scene, {2.0, 2.0}, {});
    EXPECT_EQ(name_of(scene, point), "point 1");
    EXPECT_EQ(scene.bodies.back().shape, ccd::BodyShape::Point);
    EXPECT_EQ(scene.bodies.back().circle.radius, 0.0);
    const SceneItem segment = add_segment(scene, {0.0, 0.0}, {1.0, 0.0});
    EXPECT_EQ(name_of(scene, segment), "segment 1");
    EXPECT_EQ(segment.index, 2);
    EXPECT_NO_THROW(ccd::scene_to_json(scene)) << "names stay unique, so the scene saves";
}

TEST(SceneEdits, ABoxIsAPolygonMovedByItsCentroidAndRemovedWithItsExpectation) {
    ccd::Scene scene = ball_and_wall(); // (it has a polygon, "crate", already)
    const SceneItem box = add_box(scene, {2.0, 3.0}, 0.5, {1.0, 0.0});
    EXPECT_EQ(box.kind, SceneItem::Kind::Polygon);
    EXPECT_EQ(box.index, 1);
    const auto added = [&]() -> const ccd::PolygonBody& { return scene.polygons[1]; };
    ASSERT_TRUE(contains(scene, box));
    EXPECT_EQ(name_of(scene, box), "box 1");
    EXPECT_EQ(added().polygon.vertices,
              (std::vector<Vec2>{{1.5, 2.5}, {2.5, 2.5}, {2.5, 3.5}, {1.5, 3.5}}))
        << "counter-clockwise from the lower left corner";
    EXPECT_EQ(name_of(scene, add_box(scene, {}, 1.0, {})), "box 2");

    const SceneHandle center{box, SceneHandle::Part::Center}, tip{box, SceneHandle::Part::Tip};
    EXPECT_EQ(handle_position(scene, center), (Vec2{2.0, 3.0})); // the vertex centroid
    EXPECT_EQ(handle_position(scene, tip), (Vec2{3.0, 3.0}));
    move_handle(scene, center, {4.0, 3.0}); // the whole box, its motion kept
    EXPECT_EQ(added().polygon.vertices,
              (std::vector<Vec2>{{3.5, 2.5}, {4.5, 2.5}, {4.5, 3.5}, {3.5, 3.5}}));
    EXPECT_EQ(added().velocity, (Vec2{1.0, 0.0}));
    move_handle(scene, tip, {4.0, 1.0});
    EXPECT_EQ(added().velocity, (Vec2{0.0, -2.0}));
    EXPECT_TRUE(joined_ends(scene, center).empty());

    const Camera camera = ccdlab_test::camera_800x600(); // 50 px per unit about (0, 0)
    const Vec2 at = camera.to_screen({4.0, 3.0});
    const auto picked = pick_handle(scene, at + Vec2{2.0, 1.0}, camera, 10.0);
    ASSERT_TRUE(picked);
    EXPECT_EQ(*picked, center);

    ccd::Expectation expect;
    expect.events.push_back({0, 0.5, "ball", "box 1", ccd::Feature::PolygonEdge, {}, {}});
    scene.expect = expect;
    EXPECT_TRUE(remove_item(scene, box)) << "the expectation named box 1";
    EXPECT_FALSE(scene.expect.has_value());
    ASSERT_EQ(scene.polygons.size(), 2u);
    EXPECT_EQ(scene.polygons[1].name, "box 2");
    EXPECT_FALSE(contains(scene, {SceneItem::Kind::Polygon, 2}));
    EXPECT_NO_THROW(ccd::scene_to_json(scene)) << "the scene still saves";
}

TEST(SceneEdits, RemovingAnItemTheExpectationNamesDropsTheExpectation) {
    ccd::Scene scene = ball_and_wall();
    EXPECT_FALSE(remove_item(scene, {SceneItem::Kind::Segment, 1})) << "side is not named";
    EXPECT_TRUE(scene.expect.has_value());
    EXPECT_EQ(scene.walls.size(), 1u);
    EXPECT_TRUE(remove_item(scene, {SceneItem::Kind::Body, 0})) << "ball is";
    EXPECT_FALSE(scene.expect.has_value());
    ASSERT_EQ(scene.bodies.size(), 1u);
    EXPECT_EQ(scene.bodies[0].name, "other");
    EXPECT_NO_THROW(ccd::scene_to_json(scene));
    EXPECT_FALSE(remove_item(scene, {SceneItem::Kind::Body, 5})) << "no such body";
}

TEST(SceneEdits, RemovingABodyDropsItsEngineSettings) {
    ccd::Scene scene = ball_and_wall();
    scene.engines = ccd::EngineSettings{};
    scene.engines->box2d.bullets = {"ball", "other"};
    scene.engines->bullet.bodies = {{"ball", 0.01, {}}};
    remove_item(scene, {SceneItem::Kind::Body, 0});
    EXPECT_EQ(scene.engines->box2d.bullets, std::vector<std::string>{"other"});
    EXPECT_TRUE(scene.engines->bullet.bodies.empty());
    EXPECT_NO_THROW(ccd::scene_to_json(scene)) << "the scene still saves";
}

TEST(SceneEdits, HandlesMoveTheirPart) {
    ccd::Scene scene = ball_and_wall();
    const SceneItem ball{SceneItem::Kind::Body, 0};
    move_handle(scene, {ball, SceneHandle::Part::Center}, {1.0, 1.0});
    EXPECT_EQ(scene.bodies[0].circle.center, (Vec2{1.0, 1.0}));
    EXPECT_EQ(scene.bodies[0].velocity, (Vec2{0.0, -10.0})) << "the motion comes along";
    move_handle(scene, {ball, SceneHandle::Part::Tip}, {2.0, 1.0});
    EXPECT_EQ(scene.bodies[0].velocity, (Vec2{1.0, 0.0}));
    move_handle(scene, {{SceneItem::Kind::Segment, 1}, SceneHandle::Part::EndB}, {6.0, 4.0});
    EXPECT_EQ(scene.walls[1].segment.b, (Vec2{6.0, 4.0}));
    EXPECT_EQ(scene.walls[1].segment.a, (Vec2{5.0, 0.0}));
}

TEST(SceneEdits, PickingFindsTheNearestHandleWithinTheRadius) {
    const ccd::Scene scene = ball_and_wall();
    Camera camera;
    camera.width = 800;
    camera.height = 600;
    camera.look_at({{0.0, 0.0}, 12.0}); // 50 px per unit
    const Vec2 floor_b = camera.to_screen({2.0, 0.0});
    const auto picked = pick_handle(scene, floor_b + Vec2{3.0, 4.0}, camera, 6.0);
    ASSERT_TRUE(picked.has_value());
    EXPECT_EQ(*picked, (SceneHandle{{SceneItem::Kind::Segment, 0}, SceneHandle::Part::EndB}));
    EXPECT_FALSE(pick_handle(scene, floor_b + Vec2{5.0, 5.0}, camera, 6.0).has_value());
    // The ball's center at (0, 5); its tip at (0, -5).
    const auto center = pick_handle(scene, camera.to_screen({0.0, 5.0}), camera, 6.0);
    ASSERT_TRUE(center.has_value());
    EXPECT_EQ(center->part, SceneHandle::Part::Center);
}

// --- the document -----------------------------------------------------------------------------

TEST(Document, IsDirtyWhileTheSceneDiffersFromTheSavedOne) {
    const ccd::Scene saved = ball_and_wall();
    Document document("/somewhere/ball.json", saved);
    EXPECT_EQ(document.name(), "ball.json");
    document.update(saved);
    EXPECT_FALSE(document.dirty());
    ccd::Scene moved = saved;
    moved.bodies[0].circle.center.x = 0.1;
    document.update(moved);
    EXPECT_TRUE(document.dirty());
    document.update(saved); // undone
    EXPECT_FALSE(document.dirty());
    document.mark_saved("/elsewhere/new.json", moved);
    EXPECT_FALSE(document.dirty());
    EXPECT_EQ(document.path(), "/elsewhere/new.json");
    document.update(moved);
    EXPECT_FALSE(document.dirty());
}

TEST(Document, AnUntitledSceneIsCleanUntilEdited) {
    ccd::Scene blank;
    Document document({}, blank);
    EXPECT_TRUE(document.untitled());
    EXPECT_EQ(document.name(), "untitled");
    document.update(blank);
    EXPECT_FALSE(document.dirty());
    add_circle(blank, {}, 1.0, {});
    document.update(blank);
    EXPECT_TRUE(document.dirty());
}

// --- fixture names and export -----------------------------------------------------------------

TEST(FixtureSlug, KeepsLowerCaseLettersAndDigitsJoinedByDashes) {
    EXPECT_EQ(fixture_slug("A ball falls onto a floor"), "a-ball-falls-onto-a-floor");
    EXPECT_EQ(fixture_slug("Seed 004: balls -- rebound!"), "seed-004-balls-rebound");
    EXPECT_EQ(fixture_slug("  --leading and trailing--  "), "leading-and-trailing");
    EXPECT_EQ(fixture_slug("x/../../etc/passwd"), "x-etc-passwd") << "no path survives";
    EXPECT_EQ(fixture_slug("Ünïcödé ball"), "n-c-d-ball");
    EXPECT_EQ(fixture_slug(""), "fixture");
    EXPECT_EQ(fixture_slug("!!!"), "fixture");
}

TEST(FixtureSlug, IsCutToSixtyCharactersAtADash) {
    const std::string title =
        "a very long title that goes on and on about a ball and a wall and a floor";
    const std::string slug = fixture_slug(title);
    EXPECT_LE(slug.size(), 60u);
    EXPECT_EQ(slug, "a-very-long-title-that-goes-on-and-on-about-a-ball-and-a");
    EXPECT_EQ(fixture_slug(std::string(80, 'x')), std::string(60, 'x'));
}

TEST(FixtureExport, NeverOverwritesAndTheFileChecksClean) {
    const fs::path dir = scratch_dir() / "fixtures"; // created by the export
    ccd::Scene scene = ball_and_wall();
    scene.expect.reset();
    const fs::path first = export_fixture(dir, scene, 1); // the still crate is stepped too
    EXPECT_EQ(first, dir / "ball-and-wall.json");
    const fs::path second = export_fixture(dir, scene, 1);
    EXPECT_EQ(second, dir / "ball-and-wall-2.json");
    const fs::path third = export_fixture(dir, scene, 2, "Other name");
    EXPECT_EQ(third, dir / "other-name.json");

    const ccd::Scene loaded = ccd::load_scene_file(first);
    ASSERT_TRUE(loaded.expect.has_value());
    EXPECT_EQ(loaded.expect->frames, 1);
    ASSERT_EQ(loaded.expect->events.size(), 1u) << "the ball lands on the floor";
    EXPECT_DOUBLE_EQ(loaded.expect->events[0].time, 0.4);
    EXPECT_EQ(ccd::first_difference(loaded), std::nullopt);
    EXPECT_EQ(ccd::load_scene_file(third).expect->frames, 2);
}

TEST(FixtureExport, AFrameRangeIsDescribedAsTheRangeNotAsTheScenesStart) {
    ccd::Scene scene = ball_and_wall();
    scene.expect.reset();
    scene.description = "The ball falls from (0, 5) onto the floor.";
    std::optional<std::string> difference;
    const ccd::Scene fixture = ccdlab::fixture_of(ccdlab::FixtureCase{scene, 2, 3}, &difference);
    EXPECT_EQ(fixture.description, "Frames 3 to 4 of \"Ball and wall\": its bodies as the World "
                                   "had them at the start of frame 3.");
    // From frame 0 the scene is its own fixture, its description true.
    EXPECT_EQ(ccdlab::fixture_of(ccdlab::FixtureCase{scene, 2, 0}, &difference).description,
              scene.description);
}

TEST(FixtureExport, AnUnwritableFolderThrowsAndLeavesNothing) {
    const fs::path dir = scratch_dir();
    std::ofstream(dir / "file") << "x"; // a file where the folder would be
    try {
        export_fixture(dir / "file" / "fixtures", ball_and_wall(), 1);
        ADD_FAILURE() << "no error";
    } catch (const ccd::SceneError& e) {
        EXPECT_EQ(std::string(e.what()), (dir / "file" / "fixtures").string() +
                                             ": cannot create the fixtures folder (Not a "
                                             "directory)");
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

// The file system's answer is the same for every name tried: said at once, never a loop. Run
// in a child process (gtest's EXPECT_EXIT) under a 10-second alarm, so a loop fails the test
// instead of hanging it.
void expect_refused_at_once(const std::function<void()>& work, const std::string& message) {
    EXPECT_EXIT(
        {
            ::alarm(10);
            try {
                work();
            } catch (const ccd::SceneError& e) {
                std::cerr << e.what() << std::endl;
                std::_Exit(0);
            }
            std::_Exit(1);
        },
        ::testing::ExitedWithCode(0), message);
}

TEST(FixtureExportHostile, AFolderThatCannotBeSearchedIsAClearErrorNotALoop) {
    // A folder of mode 0600 (readable, not searchable): looking up a name in it fails with
    // EACCES. Root is not stopped by permission bits, so as root the child process drops to
    // the user "nobody" (65534) first; the folder stays root's.
    const fs::path dir = scratch_dir() / "unsearchable";
    fs::create_directories(dir);
    fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_write);
    const auto as_a_user = [](const std::function<void()>& work) {
        return [work] {
            if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) std::_Exit(3);
            work();
        };
    };
    expect_refused_at_once(as_a_user([&] { unused_fixture_path(dir, "case"); }),
                           "unsearchable/case.json: cannot look for a free file name "
                           "\\(Permission denied\\)");
    expect_refused_at_once(as_a_user([&] { export_fixture(dir, ball_and_wall(), 1, "case"); }),
                           "unsearchable/case.json: cannot look for a free file name "
                           "\\(Permission denied\\)");
    fs::permissions(dir, fs::perms::owner_all);
    EXPECT_TRUE(fs::is_empty(dir));
}

TEST(FixtureExportHostile, ASymlinkLoopOrANameTooLongIsAClearErrorNotALoop) {
    // The same error for every name, as root too: a folder that is a symlink loop, and a stem
    // too long for a file name.
    const fs::path dir = scratch_dir();
    fs::create_symlink("loop-b", dir / "loop-a");
    fs::create_symlink("loop-a", dir / "loop-b");
    expect_refused_at_once([&] { unused_fixture_path(dir / "loop-a", "case"); },
                           "loop-a/case.json: cannot look for a free file name \\(Too many "
                           "levels of symbolic links\\)");
    expect_refused_at_once([&] { unused_fixture_path(dir, std::string(300, 's')); },
                           "s.json: cannot look for a free file name \\(File name too long\\)");
    expect_refused_at_once([&] { export_fixture(dir / "loop-a", ball_and_wall(), 1); },
                           "loop-a: cannot create the fixtures folder");
}

TEST(FixtureExportHostile, NamesRunOutWithAClearErrorAfterTenThousand) {
    const fs::path dir = scratch_dir();
    std::ofstream(dir / "case.json") << "x";
    for (int n = 2; n <= 10'000; ++n)
        std::ofstream(dir / ("case-" + std::to_string(n) + ".json")) << "x";
    try {
        unused_fixture_path(dir, "case");
        ADD_FAILURE() << "no error";
    } catch (const ccd::SceneError& e) {
        EXPECT_EQ(std::string(e.what()),
                  (dir / "case").string() +
                      ".json: 10000 fixtures of that name exist already; give the scene another "
                      "title");
    }
    fs::remove(dir / "case-777.json");
    EXPECT_EQ(unused_fixture_path(dir, "case"), dir / "case-777.json");
}

// Two segments meeting at a corner (a polyline's joint, a box's corner) are dragged as one.
TEST(SceneEdits, TheSegmentEndsAtACornerAreJoinedAndNoOthers) {
    ccd::Scene scene;
    add_segment(scene, {0.0, 0.0}, {4.0, 0.0});
    add_segment(scene, {4.0, 0.0}, {4.0, 3.0});
    add_segment(scene, {4.0, 3.0}, {0.0, 0.0});
    add_segment(scene, {4.0, 1e-12}, {9.0, 9.0}); // near the corner, not on it
    const SceneHandle corner{{SceneItem::Kind::Segment, 0}, SceneHandle::Part::EndB};
    const std::vector<SceneHandle> joined = joined_ends(scene, corner);
    ASSERT_EQ(joined.size(), 1u);
    EXPECT_EQ(joined[0], (SceneHandle{{SceneItem::Kind::Segment, 1}, SceneHandle::Part::EndA}));
    const SceneHandle origin{{SceneItem::Kind::Segment, 2}, SceneHandle::Part::EndB};
    ASSERT_EQ(joined_ends(scene, origin).size(), 1u);
    EXPECT_EQ(joined_ends(scene, origin)[0].item.index, 0);
    const SceneHandle lonely{{SceneItem::Kind::Segment, 3}, SceneHandle::Part::EndB};
    EXPECT_TRUE(joined_ends(scene, lonely).empty());
    add_circle(scene, {4.0, 0.0}, 1.0, {});
    EXPECT_TRUE(joined_ends(scene, {{SceneItem::Kind::Body, 0}, SceneHandle::Part::Center}).empty())
        << "a body's handle joins nothing";
    EXPECT_EQ(joined_ends(scene, corner).size(), 1u)
        << "a body's center on the corner is not an end";
}

// --- autosave and recent files ----------------------------------------------------------------

TEST(Autosave, RoundTripsTheSceneAndItsOrigin) {
    const fs::path dir = scratch_dir();
    const fs::path file = autosave_path(dir);
    EXPECT_EQ(file, dir / "autosave.json");
    EXPECT_FALSE(read_autosave(file).has_value());
    ccd::Scene scene = ball_and_wall();
    scene.bodies[0].circle.center = {0.1, 1e-300};
    write_autosave(file, {scene, "/scenes/ball.json"});
    const auto read = read_autosave(file);
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->origin, "/scenes/ball.json");
    EXPECT_EQ(ccd::scene_to_json(read->scene), ccd::scene_to_json(scene)) << "to the last bit";
    remove_autosave(file);
    EXPECT_FALSE(fs::exists(file));
}

TEST(Autosave, KeepsTheFilesModeAndWritesThroughASymlink) {
    const fs::path dir = scratch_dir();
    fs::create_directories(dir / "real");
    std::ofstream(dir / "real" / "autosave.json") << "old";
    fs::permissions(dir / "real" / "autosave.json", fs::perms::owner_read | fs::perms::owner_write);
    fs::create_symlink("real/autosave.json", dir / "autosave.json");
    write_autosave(dir / "autosave.json", {ball_and_wall(), "/scenes/ball.json"});
    EXPECT_TRUE(fs::is_symlink(dir / "autosave.json"));
    EXPECT_EQ(fs::status(dir / "real" / "autosave.json").permissions(),
              fs::perms::owner_read | fs::perms::owner_write);
    ASSERT_TRUE(read_autosave(dir / "autosave.json").has_value());
    EXPECT_EQ(read_autosave(dir / "autosave.json")->origin, "/scenes/ball.json");
    ASSERT_EQ(::mkfifo((dir / "fifo.json").c_str(), 0644), 0);
    EXPECT_THROW(write_autosave(dir / "fifo.json", {ball_and_wall(), ""}), std::runtime_error);
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(dir / "fifo.json")));
}

TEST(Autosave, AFileThatIsNotAnAutosaveIsIgnored) {
    const fs::path dir = scratch_dir();
    std::ofstream(dir / "autosave.json") << "{\"format\": \"something else\"}";
    EXPECT_FALSE(read_autosave(dir / "autosave.json").has_value());
    std::ofstream(dir / "autosave.json") << "{ truncated";
    EXPECT_FALSE(read_autosave(dir / "autosave.json").has_value());
}

// Two instances at once: each writes its own autosave, so neither overwrites the other's edit.
TEST(AutosaveSlot, TwoInstancesAtOnceWriteTwoFiles) {
    const fs::path dir = scratch_dir();
    const AutosaveSlot first = AutosaveSlot::claim(dir);
    const AutosaveSlot second = AutosaveSlot::claim(dir);
    EXPECT_EQ(first.file(), dir / "autosave.json");
    EXPECT_EQ(second.file(), dir / "autosave-1.json");
    EXPECT_TRUE(AutosaveSlot::claim({}).file().empty()) << "no settings folder: no autosave";
}

// A slot is free again once its instance ends (the system drops the lock, even on a crash).
TEST(AutosaveSlot, AnEndedInstancesSlotIsFreeAgain) {
    const fs::path dir = scratch_dir();
    { const AutosaveSlot ended = AutosaveSlot::claim(dir); }
    EXPECT_EQ(AutosaveSlot::claim(dir).file(), dir / "autosave.json");
}

// An autosave whose instance is gone was left by a run that did not end cleanly: the next
// instance takes that slot (and offers it for recovery), not the first free one; an autosave
// whose instance still runs is never taken.
TEST(AutosaveSlot, AnAutosaveLeftBehindIsTakenAndALiveOneIsNot) {
    const fs::path dir = scratch_dir();
    const AutosaveSlot live = AutosaveSlot::claim(dir);
    write_autosave(live.file(), {ball_and_wall(), ""});
    write_autosave(autosave_path(dir, 2), {ball_and_wall(), "/scenes/left-behind.json"});
    const AutosaveSlot next = AutosaveSlot::claim(dir);
    EXPECT_EQ(next.file(), dir / "autosave-2.json");
    ASSERT_TRUE(read_autosave(next.file()).has_value());
    EXPECT_EQ(read_autosave(next.file())->origin, "/scenes/left-behind.json");
    EXPECT_EQ(AutosaveSlot::claim(dir).file(), dir / "autosave-1.json")
        << "slot 0 is live and slot 2 taken: the first free one";
}

TEST(RecentFiles, LatestFirstWithoutDuplicatesAtMostTen) {
    std::vector<fs::path> recent;
    for (int i = 0; i < 12; ++i)
        remember_recent_file(recent, "/s/" + std::to_string(i) + ".json");
    remember_recent_file(recent, "/s/5.json");
    ASSERT_EQ(recent.size(), kMaxRecentFiles);
    EXPECT_EQ(recent[0], "/s/5.json");
    EXPECT_EQ(recent[1], "/s/11.json");
    EXPECT_EQ(std::count(recent.begin(), recent.end(), fs::path("/s/5.json")), 1);
}

TEST(RecentFiles, PersistInTheSettings) {
    const fs::path dir = scratch_dir();
    Settings settings;
    remember_recent_file(settings.recent_files, "/a/one.json");
    remember_recent_file(settings.recent_files, "/a/two.json");
    save_settings(dir, settings);
    const Settings loaded = load_settings(dir);
    ASSERT_EQ(loaded.recent_files.size(), 2u);
    EXPECT_EQ(loaded.recent_files[0], "/a/two.json");
}

TEST(SettingsFile, TheEnginePluginsToLoadAreKeptInOrderAndNothingElseIsOne) {
    const fs::path dir = scratch_dir();
    EXPECT_TRUE(load_settings(dir).engines.empty()) << "none by default";
    Settings settings;
    settings.engines = {"/opt/engines/mine.so", "relative/other.so"};
    save_settings(dir, settings);
    EXPECT_EQ(load_settings(dir).engines, settings.engines);
    {
        std::ofstream file(dir / "settings.json");
        file << R"({"engines": ["/a.so", 3, null, "/b.so"]})";
    }
    EXPECT_EQ(load_settings(dir).engines, (std::vector<std::string>{"/a.so", "/b.so"}))
        << "what is not a path is left out";
}

} // namespace
