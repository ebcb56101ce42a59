// A turning segment's edits in the world view (scene_edits.hpp): its spin arc about the pivot,
// the spin and pivot handles, a click on its line, and its turn as ccdlab-cli replay logs it.
// scenes/world-paddle-bats-balls.json's paddle: from (-3, 0) to (3, 0), turning pi / 2 a frame
// about (0, 0). Expected values worked by hand.
#include "scene_edits.hpp"

#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <numbers>
#include <string>

namespace ccdlab {
namespace {

constexpr double kPi = std::numbers::pi;

ccd::Scene paddle_scene() {
    return ccd::load_scene_file(std::string(CCDLAB_SCENES_DIR) + "/world-paddle-bats-balls.json");
}

const SceneItem kPaddle{SceneItem::Kind::Segment, 0};

// 50 px a unit, the world's origin at the canvas's middle (400, 300).
Camera camera() {
    Camera c;
    c.pixels_per_unit = 50.0;
    c.width = 800.0;
    c.height = 600.0;
    return c;
}

// About the pivot, 1.25 x 3 out, from end a's direction (pi) on by pi / 2: it ends at 3 pi / 2,
// straight down.
TEST(SceneEditsTurningWall, ItsSpinArcIsAboutThePivotFromEndAByItsTurn) {
    const ccd::Scene scene = paddle_scene();
    const SpinArc arc = spin_arc(scene.walls[0]);
    EXPECT_EQ(arc.center, (Vec2{0.0, 0.0}));
    EXPECT_DOUBLE_EQ(arc.radius, 3.75);
    EXPECT_DOUBLE_EQ(arc.start, kPi);
    EXPECT_DOUBLE_EQ(arc.sweep, kPi / 2.0);
    const Vec2 end = handle_position(scene, {kPaddle, SceneHandle::Part::Spin});
    EXPECT_NEAR(end.x, 0.0, 1e-12);
    EXPECT_NEAR(end.y, -3.75, 1e-12);
    EXPECT_EQ(handle_position(scene, {kPaddle, SceneHandle::Part::Pivot}), (Vec2{0.0, 0.0}));
}

// The spin handle dragged to (3.75, 0), direction 0: the arc from pi ends there after -pi or
// pi (or another whole turn on); the nearest to pi / 2 is pi.
TEST(SceneEditsTurningWall, TheSpinHandleSetsTheTurnNearestTheOneBefore) {
    ccd::Scene scene = paddle_scene();
    move_handle(scene, {kPaddle, SceneHandle::Part::Spin}, {3.75, 0.0});
    EXPECT_DOUBLE_EQ(scene.walls[0].angle, kPi);
    // On to (0, 3.75), direction pi / 2: pi + pi / 2 from the start, the nearest to pi.
    move_handle(scene, {kPaddle, SceneHandle::Part::Spin}, {0.0, 3.75});
    EXPECT_DOUBLE_EQ(scene.walls[0].angle, 3.0 * kPi / 2.0);
}

TEST(SceneEditsTurningWall, ThePivotHandleMovesThePivotAlone) {
    ccd::Scene scene = paddle_scene();
    move_handle(scene, {kPaddle, SceneHandle::Part::Pivot}, {1.0, 2.0});
    EXPECT_EQ(scene.walls[0].pivot, (Vec2{1.0, 2.0}));
    EXPECT_EQ(scene.walls[0].segment.a, (Vec2{-3.0, 0.0}));
    EXPECT_EQ(scene.walls[0].segment.b, (Vec2{3.0, 0.0}));
    EXPECT_DOUBLE_EQ(scene.walls[0].angle, kPi / 2.0);
}

// On screen the paddle runs from (250, 300) to (550, 300); the pivot at (400, 300) is a handle,
// the spin handle at (400, 487.5).
TEST(SceneEditsTurningWall, ItsHandlesArePickedAndAClickOnItsLineSelectsIt) {
    const ccd::Scene scene = paddle_scene();
    const auto pivot = pick_handle(scene, {402.0, 301.0}, camera(), 12.0);
    ASSERT_TRUE(pivot);
    EXPECT_EQ(*pivot, (SceneHandle{kPaddle, SceneHandle::Part::Pivot}));
    const auto spin = pick_handle(scene, {400.0, 490.0}, camera(), 12.0);
    ASSERT_TRUE(spin);
    EXPECT_EQ(*spin, (SceneHandle{kPaddle, SceneHandle::Part::Spin}));
    EXPECT_EQ(pick_segment(scene, {475.0, 303.0}, camera(), 6.0), kPaddle); // 3 px off
    EXPECT_FALSE(pick_segment(scene, {475.0, 320.0}, camera(), 6.0));       // 20 px off
    // The floor, from (-7, -7) to (7, -7): at y = 650 on screen.
    EXPECT_EQ(pick_segment(scene, {420.0, 648.0}, camera(), 6.0),
              (SceneItem{SceneItem::Kind::Segment, 1}));
}

// As replay logs the paddle's spin in its events (b_angular_velocity 1.5707963267948966).
TEST(SceneEditsTurningWall, ItsTurnReadsAsReplayLogsIt) {
    ccd::Scene scene = paddle_scene();
    EXPECT_EQ(turning_text(scene.walls[0]),
              "turns about (0, 0) by 1.5707963267948966 rad a frame (90 degrees), "
              "counter-clockwise");
    scene.walls[0].angle = -0.1;
    scene.walls[0].pivot = Vec2{0.5, -2.0};
    EXPECT_EQ(turning_text(scene.walls[0]),
              "turns about (0.5, -2) by -0.1 rad a frame (-5.72958 degrees), clockwise");
    EXPECT_EQ(turning_text(scene.walls[1]), "") << "the floor has no pivot";
}

} // namespace
} // namespace ccdlab
