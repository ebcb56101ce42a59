// A scene's chain in each engine's world (docs/engines.md, "Engine worlds"): Box2D's own
// b2ChainShape (one-sided), Bullet's and Chipmunk's edges one by one (two-sided), and the notes
// that say so. Worked by hand in the comments.
#include "ccd/engine_run.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace ccd {
namespace {

// A floor from x = 1 to x = -1 on y = 0, drawn right to left: its front is up. A ball of radius
// 0.1 at height `y` moving `vy` a frame (dt 1/60).
Scene ball_and_floor(double y, double vy) {
    return parse_scene(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0,)" +
                           std::to_string(y) + R"(],"velocity":[0,)" + std::to_string(vy) +
                           R"(],"radius":0.1}],
      "chains":[{"name":"floor","points":[[1,0],[-1,0]]}]})",
                       "ball and floor");
}

bool has_note(const EngineRun& run, const std::string& start) {
    return std::any_of(run.notes.begin(), run.notes.end(),
                       [&](const std::string& note) { return note.rfind(start, 0) == 0; });
}

TEST(EngineChain, FromTheFrontEveryEngineBouncesTheBall) {
    // From y = 0.3 at -0.05 a frame the ball reaches the floor (center at 0.1) in its fourth
    // frame, slowly enough for Chipmunk's overlap test; elastic, it is going up after 10 frames.
    for (const EngineKind engine : {EngineKind::Box2d, EngineKind::Bullet, EngineKind::Chipmunk}) {
        SCOPED_TRACE(std::string(engine_name(engine)));
        const EngineRun run = run_engine(ball_and_floor(0.3, -0.05), engine, 10);
        EXPECT_GT(run.states[10][0].velocity.y, 0.0);
    }
}

TEST(EngineChain, FromBehindBox2DsChainLetsTheBallThroughAndTheOthersDoNot) {
    // From y = -0.31 at 0.05 a frame. Box2D's chain is one-sided (b2CollideEdgeAndCircle returns
    // no contact while the center is behind; past the line the ball separates): its velocity stays
    // 0.05 and it ends above the floor (-0.31 + 0.5 = 0.19, less a push of the position solver).
    const EngineRun box2d = run_engine(ball_and_floor(-0.31, 0.05), EngineKind::Box2d, 10);
    EXPECT_NEAR(box2d.states[10][0].velocity.y, 0.05, 1e-5);
    EXPECT_GT(box2d.states[10][0].position.y, 0.15);
    EXPECT_TRUE(has_note(box2d, "chain floor: a b2ChainShape"));
    // Bullet's slab and Chipmunk's segment are two-sided: the ball bounces back down.
    for (const EngineKind engine : {EngineKind::Bullet, EngineKind::Chipmunk}) {
        SCOPED_TRACE(std::string(engine_name(engine)));
        const EngineRun run = run_engine(ball_and_floor(-0.31, 0.05), engine, 10);
        EXPECT_LT(run.states[10][0].velocity.y, 0.0);
        EXPECT_TRUE(has_note(run, "chain floor: "));
    }
}

} // namespace
} // namespace ccd
