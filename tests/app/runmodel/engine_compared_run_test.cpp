// The world view's engine comparison: the engine's run and its tunnels computed on a worker
// thread, frame by frame, as the core finds them in one go (scenes/engines-*.json, the frames
// and reasons worked out by hand in tests/core/engine_worlds/tunnel_detector_test.cpp).
#include "engine_compared_run.hpp"

#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace ccdlab {
namespace {

ccd::Scene scene_named(const std::string& name) {
    return ccd::load_scene_file(std::string(CCDLAB_SCENES_DIR) + "/" + name);
}

// The ball (r 0.05) from x = 0.2 at 0.5 a frame is at 0.7 and 1.2 at the starts of frames 1
// and 2: it passes the plate (x 0.98 to 1.02) within frame 1, which Box2D does not sweep.
TEST(EngineComparedRun, FindsBoxTwoDsTunnelThroughThePlateInFrameOne) {
    EngineComparedRun run(scene_named("engines-ball-through-plate.json"), ccd::EngineKind::Box2d,
                          4);
    run.want(2);
    run.wait_until_done();
    const EngineComparedRun::Progress progress = run.progress();
    EXPECT_TRUE(progress.done);
    EXPECT_EQ(progress.error, "");
    EXPECT_EQ(progress.states, 5); // frames 0 to 4's starts: 4 frames stepped
    EXPECT_EQ(progress.frames_checked, 4);
    const auto tunnels = run.tunnels();
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0].frame, 1);
    EXPECT_EQ(tunnels[0].body, 0);
    EXPECT_EQ(tunnels[0].other_kind, ccd::OtherKind::Body);
    EXPECT_EQ(tunnels[0].other, 1);
    EXPECT_EQ(tunnels[0].reason,
              "ball and plate are both dynamic and neither is a bullet: Box2D does not "
              "sweep this pair (b2World::SolveTOI, b2_world.cpp)");
    EXPECT_EQ(run.describe(tunnels[0]).rfind("frame 1: ball through plate at (1, 0)", 0), 0u)
        << run.describe(tunnels[0]);
    const auto frame1 = run.states_at(1), frame2 = run.states_at(2);
    ASSERT_TRUE(frame1 && frame2);
    EXPECT_NEAR((*frame1)[0].position.x, 0.7, 1e-6); // Box2D's floats
    EXPECT_NEAR((*frame2)[0].position.x, 1.2, 1e-6);
    EXPECT_FALSE(run.states_at(5)) << "4 frames: the starts of frames 0 to 4";
}

// Stepped in pieces (1, 2, 4, ... frames, each a fresh world), the run is the one ccd::run_engine
// steps in one go, bit for bit: each engine's step does not depend on how many follow.
TEST(EngineComparedRun, PiecesAreTheRunSteppedInOneGo) {
    const ccd::Scene scene = scene_named("engines-balls-pass-through.json");
    for (const ccd::EngineKind engine :
         {ccd::EngineKind::Box2d, ccd::EngineKind::Bullet, ccd::EngineKind::Chipmunk}) {
        EngineComparedRun run(scene, engine, 7);
        run.wait_until_done();
        const ccd::EngineRun whole = ccd::run_engine(scene, engine, 7);
        for (int frame = 0; frame <= 7; ++frame) {
            const auto states = run.states_at(frame);
            ASSERT_TRUE(states) << ccd::engine_name(engine) << " frame " << frame;
            EXPECT_EQ(*states, whole.states[static_cast<std::size_t>(frame)])
                << ccd::engine_name(engine) << " frame " << frame;
        }
        EXPECT_EQ(run.notes(), whole.notes);
    }
}

// A crate 1 mm across: Box2D's b2PolygonShape::Set would stop the program on its assertion
// (it did, the app with it); the comparison ends with the reason, and no state, instead.
TEST(EngineComparedRun, ACrateBoxTwoDWouldStopOnEndsTheComparisonWithTheReason) {
    const ccd::Scene crate = ccd::parse_scene(R"({"format":"ccdlab-scene","version":1,
      "polygons":[{"name":"crate","vertices":[[0,0],[0.001,0],[0.001,0.001],[0,0.001]],
                   "velocity":[0.01,0]}]})",
                                              "crate");
    EngineComparedRun run(crate, ccd::EngineKind::Box2d, 4);
    run.want(4);
    run.wait_until_done();
    const EngineComparedRun::Progress progress = run.progress();
    EXPECT_TRUE(progress.done);
    EXPECT_NE(progress.error.find("polygon \"crate\": b2PolygonShape::Set welds"),
              std::string::npos)
        << progress.error;
    EXPECT_FALSE(run.states_at(0));
    EXPECT_TRUE(run.tunnels().empty());
}

TEST(EngineComparedRun, TheExactWorldIsNoEngineToCompareWith) {
    EXPECT_THROW(EngineComparedRun(scene_named("engines-balls-pass-through.json"),
                                   ccd::EngineKind::Exact, 4),
                 std::invalid_argument);
}

} // namespace
} // namespace ccdlab
