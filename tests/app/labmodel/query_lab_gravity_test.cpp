// The query lab under gravity: a side's acceleration read from the scene (gravity x
// gravity_scale), its handle (a / 2 from the center) and the parabola the side follows, the
// trace's roots on it, and the acceleration written back to the scene as gravity and scales.
// Every expected number is worked by hand in the comments (and in the scene's description).
#include "lab_scene.hpp"
#include "query_lab.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace {

using ccd::Vec2;
using ccdlab::Handle;
using ccdlab::QueryLab;

// scenes/gravity-ball-meets-a-ledge.json: the ball (radius 0.5) at (0, 0) with the velocity
// (8, 4) under the gravity (0, -8); the ledge from (3, 0.25) to (9, 0.25).
ccd::Scene ledge_scene() {
    return ccd::load_scene_file(std::string(CCDLAB_SCENES_DIR) +
                                "/gravity-ball-meets-a-ledge.json");
}

// Two balls under the gravity (0, -1): the cue at (-4, 0) moving (6, 0), the target at (0, 0).
ccd::Scene two_falling_balls() {
    ccd::Scene scene;
    scene.gravity = {0.0, -1.0};
    scene.bodies.push_back({"cue", ccd::BodyShape::Circle, {{-4.0, 0.0}, 1.0}, {6.0, 0.0}});
    scene.bodies.push_back({"target", ccd::BodyShape::Circle, {{0.0, 0.0}, 1.0}, {0.0, 0.0}});
    return scene;
}

TEST(QueryLabGravity, TheBallTakesTheScenesGravityAndLandsOnTheLedgeAtThreeQuarters) {
    const QueryLab lab = QueryLab::from_scene(ledge_scene());
    EXPECT_EQ(lab.kind().name, "circle_segment");
    EXPECT_EQ(lab.mover().swept.acceleration, (Vec2{0.0, -8.0}));
    EXPECT_EQ(lab.obstacle().swept.acceleration, (Vec2{}));
    EXPECT_TRUE(lab.accelerates());
    // The centre's y is 4 t - 4 t^2; on the ledge's line's band (0.25 + 0.5) at t = 0.25 (x = 2,
    // beside the ledge) and t = 0.75 (x = 6, over it): the contact.
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, 0.75, 1e-12);
    EXPECT_EQ(lab.hit()->feature, ccd::Feature::SegmentInterior);
    EXPECT_NEAR(lab.hit()->point.x, 6.0, 1e-12);
    EXPECT_NEAR(lab.hit()->point.y, 0.25, 1e-12);
    EXPECT_NEAR(lab.hit()->normal.y, 1.0, 1e-12);
    EXPECT_NE(lab.trace().query.find("parabolic"), std::string::npos) << lab.trace().query;
    // The path: at t = 1 the centre is at (8, 4 - 4) = (8, 0); the motion's tip at (8, 4); the
    // acceleration's at (0, 0) + (0, -8) / 2 = (0, -4).
    EXPECT_EQ(ccdlab::center_at(lab.mover(), 1.0), (Vec2{8.0, 0.0}));
    EXPECT_EQ(ccdlab::center_at(lab.mover(), 0.5), (Vec2{4.0, 1.0}));
    EXPECT_EQ(lab.handle_position(Handle::Tip), (Vec2{8.0, 4.0}));
    EXPECT_EQ(lab.handle_position(Handle::Acceleration), (Vec2{0.0, -4.0}));
    const auto handles = lab.handles();
    EXPECT_EQ(std::count(handles.begin(), handles.end(), Handle::ObstacleAcceleration), 0)
        << "walls never fall";
}

TEST(QueryLabGravity, TheTracesRootsInTheFrameAreMarkedOnTheParabola) {
    const QueryLab lab = QueryLab::from_scene(ledge_scene());
    const std::vector<ccdlab::PathMark> marks = lab.path_marks();
    // The band's upper line: t = 0.25 off the ledge at (2, 0.75), t = 0.75 taken at (6, 0.75).
    // The lower line's roots, (1 -+ sqrt(1.25)) / 2, are outside the frame; the caps have none.
    ASSERT_EQ(marks.size(), 2u);
    EXPECT_NEAR(marks[0].t, 0.25, 1e-12);
    EXPECT_EQ(marks[0].verdict, ccd::RootVerdict::OffFeature);
    EXPECT_NEAR(marks[0].position.x, 2.0, 1e-12);
    EXPECT_NEAR(marks[0].position.y, 0.75, 1e-12);
    EXPECT_NEAR(marks[1].t, 0.75, 1e-12);
    EXPECT_EQ(marks[1].verdict, ccd::RootVerdict::Taken);
    EXPECT_NEAR(marks[1].position.x, 6.0, 1e-12);
    EXPECT_NEAR(marks[1].position.y, 0.75, 1e-12);
}

TEST(QueryLabGravity, DraggingTheAccelerationHandleSetsItAndTheAnswerFollows) {
    QueryLab lab = QueryLab::from_scene(ledge_scene());
    // The tip to (0, -5): a = (0, -10), y = 4 t - 5 t^2 = 0.75 at t = 0.3 (x = 2.4, beside the
    // ledge) and t = 0.5 (x = 4, over it).
    lab.drag(Handle::Acceleration, {0.0, -5.0});
    EXPECT_EQ(lab.mover().swept.acceleration, (Vec2{0.0, -10.0}));
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, 0.5, 1e-12);
    EXPECT_NEAR(lab.hit()->point.x, 4.0, 1e-12);
    // Undo brings back the state and its answer.
    const ccdlab::LabState before = QueryLab::from_scene(ledge_scene()).state();
    lab.restore(before);
    EXPECT_EQ(lab.mover().swept.acceleration, (Vec2{0.0, -8.0}));
    EXPECT_NEAR(lab.hit()->t, 0.75, 1e-12);
}

TEST(QueryLabGravity, AnAccelerationAlongTheGravityIsWrittenAsTheBodysGravityScale) {
    QueryLab lab = QueryLab::from_scene(ledge_scene());
    EXPECT_EQ(ccd::scene_to_json(ccdlab::scene_with_lab(ledge_scene(), lab)),
              ccd::scene_to_json(ledge_scene()))
        << "unedited, the scene is written as it was";
    lab.drag(Handle::Acceleration, {0.0, -5.0}); // a = (0, -10) = 1.25 x (0, -8)
    const ccd::Scene written = ccdlab::scene_with_lab(ledge_scene(), lab);
    EXPECT_EQ(written.gravity, (Vec2{0.0, -8.0}));
    EXPECT_EQ(written.bodies[0].gravity_scale, 1.25);
    EXPECT_EQ(QueryLab::from_scene(written).mover().swept.acceleration, (Vec2{0.0, -10.0}));
}

TEST(QueryLabGravity, AnAccelerationAcrossTheGravityBecomesTheGravity) {
    QueryLab lab = QueryLab::from_scene(ledge_scene());
    lab.drag(Handle::Acceleration, {1.0, -4.0}); // a = (2, -8)
    const ccd::Scene written = ccdlab::scene_with_lab(ledge_scene(), lab);
    EXPECT_EQ(written.gravity, (Vec2{2.0, -8.0}));
    EXPECT_EQ(written.bodies[0].gravity_scale, 1.0);
    // A scene without gravity gets the mover's.
    ccd::Scene still = ledge_scene();
    still.gravity = {};
    QueryLab flat = QueryLab::from_scene(still);
    EXPECT_FALSE(flat.accelerates());
    flat.drag(Handle::Acceleration, {0.0, -1.0}); // a = (0, -2)
    EXPECT_EQ(ccdlab::scene_with_lab(still, flat).gravity, (Vec2{0.0, -2.0}));
}

TEST(QueryLabGravity, TwoFallingBallsKeepTheirAccelerationsAndTheirPairsStraightLine) {
    QueryLab lab = QueryLab::from_scene(two_falling_balls());
    EXPECT_EQ(lab.mover().swept.acceleration, (Vec2{0.0, -1.0}));
    EXPECT_EQ(lab.obstacle().swept.acceleration, (Vec2{0.0, -1.0}));
    // Falling alike, they meet as without gravity: the centres 2 apart at t = (4 - 2) / 6.
    ASSERT_TRUE(lab.hit());
    EXPECT_NEAR(lab.hit()->t, 1.0 / 3.0, 1e-15);
    // Where: the target's centre has fallen (1/3)^2 / 2 = 1/18; the point is 1 left of it.
    EXPECT_NEAR(lab.hit()->point.x, -1.0, 1e-15);
    EXPECT_NEAR(lab.hit()->point.y, -1.0 / 18.0, 1e-15);
    // The cue pulled three times as hard: along the gravity, its scale 3, the target's stays 1.
    lab.drag(Handle::Acceleration, {-4.0, -1.5}); // a = (0, -3)
    const ccd::Scene written = ccdlab::scene_with_lab(two_falling_balls(), lab);
    EXPECT_EQ(written.gravity, (Vec2{0.0, -1.0}));
    EXPECT_EQ(written.bodies[0].gravity_scale, 3.0);
    EXPECT_EQ(written.bodies[1].gravity_scale, 1.0);
}

TEST(QueryLabGravity, AStaticBodyHasNoAccelerationNorItsHandle) {
    ccd::Scene scene = two_falling_balls();
    scene.bodies[1].is_static = true;
    scene.bodies[1].velocity = {};
    const QueryLab lab = QueryLab::from_scene(scene);
    EXPECT_EQ(lab.obstacle().swept.acceleration, (Vec2{}));
    const auto handles = lab.handles();
    EXPECT_EQ(std::count(handles.begin(), handles.end(), Handle::ObstacleAcceleration), 0);
    EXPECT_EQ(std::count(handles.begin(), handles.end(), Handle::Acceleration), 1);
}

} // namespace
