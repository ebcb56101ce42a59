// The scene mapped into each engine's world, checked by hand: a ball's path with no contact, an
// elastic bounce off a wall, and what the mapping reports it did not carry.
#include "ccd/engine_run.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace ccd {
namespace {

constexpr EngineKind kEngines[] = {EngineKind::Box2d, EngineKind::Bullet, EngineKind::Chipmunk};

// Box2D computes in float: a length of 5 is within a few float ulps of 5 (2^-21 each).
double tolerance_of(EngineKind engine) {
    return engine == EngineKind::Box2d ? 1e-5 : 1e-12;
}

Scene lone_ball() {
    return parse_scene(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0,0],"velocity":[0.5,0],
                 "radius":0.1}]})",
                       "lone ball");
}

TEST(EngineRun, ABallMovingHalfAUnitAFrameIsAtFiveAfterTenFramesInEveryEngine) {
    // 0.5 a frame is 30 a second at dt 1/60; ten steps of 1/60 s at 30: 10 x 0.5 = 5.
    for (const EngineKind engine : kEngines) {
        const EngineRun run = run_engine(lone_ball(), engine, 10);
        SCOPED_TRACE(std::string(engine_name(engine)));
        ASSERT_EQ(run.frames(), 10);
        ASSERT_EQ(run.body_names, std::vector<std::string>{"ball"});
        const BodyState& end = run.states[10][0];
        EXPECT_NEAR(end.position.x, 5.0, tolerance_of(engine));
        EXPECT_NEAR(end.position.y, 0.0, tolerance_of(engine));
        EXPECT_NEAR(end.velocity.x, 0.5, tolerance_of(engine));
        EXPECT_NEAR(run.states[4][0].position.x, 2.0, tolerance_of(engine)) << "after 4 frames";
        EXPECT_EQ(end.angle, 0.0);
    }
}

TEST(EngineRun, TheStepIsTheScenesDt) {
    // dt 0.1: the velocity is 0.5 / 0.1 = 5 a second; one step of 0.1 s still moves 0.5.
    Scene scene = lone_ball();
    scene.engines = EngineSettings{};
    scene.engines->dt = 0.1;
    for (const EngineKind engine : kEngines) {
        const EngineRun run = run_engine(scene, engine, 3);
        SCOPED_TRACE(std::string(engine_name(engine)));
        EXPECT_NEAR(run.states[3][0].position.x, 1.5, tolerance_of(engine));
        EXPECT_NEAR(run.states[3][0].velocity.x, 0.5, tolerance_of(engine));
    }
}

TEST(EngineRun, AnElasticBallComesBackOffAWallInEveryEngine) {
    // From x = 0.05 at 0.1 a frame (6 a second) toward the wall x = 1 with radius 0.1: it ends
    // frame 8 at 0.95, 0.05 into the wall (Chipmunk and Bullet see it there; Box2D sweeps it to
    // the touch). Restitution 1 against a static wall: it leaves at -0.1 a frame, and 20 frames
    // on it is still moving so, away from the wall.
    const Scene scene = parse_scene(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0.05,0],"velocity":[0.1,0],
                 "radius":0.1,"restitution":1}],
      "segments":[{"name":"wall","a":[1,-1],"b":[1,1]}]})",
                                    "bounce");
    for (const EngineKind engine : kEngines) {
        const EngineRun run = run_engine(scene, engine, 20);
        SCOPED_TRACE(std::string(engine_name(engine)));
        const BodyState& end = run.states[20][0];
        EXPECT_NEAR(end.velocity.x, -0.1, 1e-6);
        EXPECT_NEAR(end.velocity.y, 0.0, 1e-6);
        EXPECT_LT(end.position.x, 0.9) << "away from the wall";
    }
}

TEST(EngineRun, AStaticBoxStaysPutAndSendsAnElasticBallBackInEveryEngine) {
    // The bounce above with the wall a static box [1, 1.5] x [-1, 1] ("static": each engine's
    // static body): the ball comes back at -0.1 a frame and the box never moves.
    const Scene scene = parse_scene(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0.05,0],"velocity":[0.1,0],
                 "radius":0.1,"restitution":1}],
      "polygons":[{"name":"box","static":true,
                   "vertices":[[1,-1],[1.5,-1],[1.5,1],[1,1]]}]})",
                                    "static box");
    for (const EngineKind engine : kEngines) {
        const EngineRun run = run_engine(scene, engine, 20);
        SCOPED_TRACE(std::string(engine_name(engine)));
        const BodyState& ball = run.states[20][0];
        EXPECT_NEAR(ball.velocity.x, -0.1, 1e-6);
        EXPECT_LT(ball.position.x, 0.9) << "away from the box";
        const BodyState& box = run.states[20][1];
        EXPECT_NEAR(box.position.x, 1.25, tolerance_of(engine));
        EXPECT_NEAR(box.position.y, 0.0, tolerance_of(engine));
        EXPECT_EQ(box.velocity.x, 0.0);
        EXPECT_EQ(box.angle, 0.0);
    }
}

TEST(EngineRun, TheExactRunIsTheWorlds) {
    // The exact World: from 0.05 at 0.1 a frame the ball touches x = 0.9 at frame 8's t = 0.5,
    // then moves back 0.05 in that frame: it ends frame 8 at 0.85 and frame 9 at 0.75.
    const Scene scene = parse_scene(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0.05,0],"velocity":[0.1,0],
                 "radius":0.1}],
      "segments":[{"name":"wall","a":[1,-1],"b":[1,1]}]})",
                                    "exact");
    const EngineRun run = run_engine(scene, EngineKind::Exact, 10);
    EXPECT_NEAR(run.states[9][0].position.x, 0.85, 1e-12);
    EXPECT_NEAR(run.states[10][0].position.x, 0.75, 1e-12);
    EXPECT_EQ(run.states[10][0].velocity, (Vec2{-0.1, 0.0}));
    EXPECT_TRUE(run.notes.empty());
}

bool has_note(const EngineRun& run, const std::string& part) {
    return std::any_of(run.notes.begin(), run.notes.end(), [&](const std::string& note) {
        return note.find(part) != std::string::npos;
    });
}

TEST(EngineRun, WhatAnEngineIsNotGivenIsANote) {
    const Scene scene = parse_scene(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"dot","shape":"point","position":[0,0],"velocity":[0.1,0]},
                {"name":"slider","shape":"circle","position":[0,2],"velocity":[0.1,0],
                 "radius":0.1,"response":"slide"}],
      "segments":[{"name":"stretching","a":[5,0],"b":[6,0],"da":[0,0.1],"db":[0,0.2]},
                  {"name":"capsule","a":[5,3],"b":[6,3],"radius":0.25}]})",
                                    "notes");
    for (const EngineKind engine : kEngines) {
        const EngineRun run = run_engine(scene, engine, 1);
        SCOPED_TRACE(std::string(engine_name(engine)));
        EXPECT_TRUE(has_note(run, "dot: a point, carried as a circle of radius 0.001"));
        EXPECT_TRUE(has_note(run, "slider: the response slide is not carried"));
        EXPECT_TRUE(has_note(run, "stretching: its ends move apart"));
        EXPECT_TRUE(has_note(run, "capsule: its radius 0.25 is not carried"));
        EXPECT_TRUE(has_note(run, "friction 0, as in the World"));
        EXPECT_FALSE(has_note(run, "gravity")); // carried: nothing to say of it
    }
    EXPECT_TRUE(has_note(run_engine(scene, EngineKind::Box2d, 1), "Box2D computes in float"));
}

TEST(EngineRun, BoxTwoDRefusesAPolygonOfMoreThanEightVerticesByName) {
    std::string vertices;
    for (int k = 0; k < 9; ++k)
        vertices += (k ? "," : "") + std::string("[") + std::to_string(std::cos(k * 0.698)) + "," +
                    std::to_string(std::sin(k * 0.698)) + "]";
    const Scene scene = parse_scene(R"({"format":"ccdlab-scene","version":1,
      "polygons":[{"name":"nonagon","vertices":[)" +
                                        vertices + R"(],"velocity":[0,0]}]})",
                                    "nonagon");
    try {
        run_engine(scene, EngineKind::Box2d, 1);
        FAIL() << "Box2D took 9 vertices";
    } catch (const SceneError& e) {
        EXPECT_NE(std::string(e.what()).find("polygon \"nonagon\": Box2D takes at most 8"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(run_engine(scene, EngineKind::Chipmunk, 1).frames(), 1) << "Chipmunk takes it";
}

TEST(EngineRun, EnginesAreNamed) {
    EXPECT_EQ(find_engine("box2d"), EngineKind::Box2d);
    EXPECT_EQ(find_engine("bullet"), EngineKind::Bullet);
    EXPECT_EQ(find_engine("chipmunk"), EngineKind::Chipmunk);
    EXPECT_EQ(find_engine("exact"), EngineKind::Exact);
    EXPECT_EQ(find_engine("havok"), std::nullopt);
}

TEST(EngineRun, GravityAndEachBodysScaleReachEveryEngine) {
    // g = 9.81 m/s^2 at 60 Hz: 9.81 / 3600 = 0.002725 a frame squared. After n = 60 steps every
    // engine's velocity is -g n = -0.1635 a frame. Box2D and Bullet integrate the velocity
    // first, then the position with it (b2Island::Solve; btRigidBody::integrateVelocities, then
    // predictIntegratedTransform): the fall is g (1 + 2 + ... + n) = g n (n + 1) / 2 = 0.002725 x
    // 1830 = 4.98675. Chipmunk's cpSpaceStep (cpSpaceStep.c) moves the positions first, with the
    // velocities of the step before, and integrates the velocities after: g (0 + 1 + ... +
    // n - 1) = g n (n - 1) / 2 = 0.002725 x 1770 = 4.82325. The World follows the parabola:
    // g n^2 / 2 = 4.905, between the two, at the same velocity. A scale of 1/2 halves each.
    const Scene scene = parse_scene(R"({"format":"ccdlab-scene","version":1,
      "units":{"length":"metres","dt":0.016666666666666666},"gravity":[0,-9.81],
      "bodies":[{"name":"ball","shape":"circle","position":[0,0],"velocity":[0,0],"radius":0.1},
                {"name":"feather","shape":"circle","position":[5,0],"velocity":[0,0],"radius":0.1,
                 "gravity_scale":0.5}]})",
                                    "gravity");
    for (const EngineKind engine : kEngines) {
        SCOPED_TRACE(std::string(engine_name(engine)));
        const EngineRun run = run_engine(scene, engine, 60);
        const double fall = engine == EngineKind::Chipmunk ? 4.82325 : 4.98675;
        EXPECT_NEAR(run.states[60][0].position.y, -fall, 1e-3);
        EXPECT_NEAR(run.states[60][0].velocity.y, -0.1635, 1e-5);
        EXPECT_NEAR(run.states[60][1].position.y, -fall / 2, 1e-3);
        EXPECT_NEAR(run.states[60][1].velocity.y, -0.1635 / 2, 1e-5);
        EXPECT_FALSE(has_note(run, "gravity"));
    }
    const EngineRun exact = run_engine(scene, EngineKind::Exact, 60);
    EXPECT_NEAR(exact.states[60][0].position.y, -4.905, 1e-9);
    EXPECT_NEAR(exact.states[60][0].velocity.y, -0.1635, 1e-12);
    EXPECT_NEAR(exact.states[60][1].position.y, -4.905 / 2, 1e-9);
}

} // namespace
} // namespace ccd
