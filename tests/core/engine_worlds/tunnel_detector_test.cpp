// Tunnels found in the report scenes at the frames worked out by hand, each with the reason its
// engine's rule gives (docs/engines.md, "Engine worlds"), and none where the engine's fix is on.
#include "ccd/engine_run.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/tunnel_detector.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ccd {
namespace {

Scene scene_named(const std::string& name) {
    return load_scene_file(std::string(CCDLAB_SCENES_DIR) + "/" + name);
}

std::vector<Tunnel> tunnels_of(const Scene& scene, EngineKind engine, int frames) {
    return find_tunnels(scene, run_engine(scene, engine, frames));
}

const std::string kBulletRule = " (btDiscreteDynamicsWorld::createPredictiveContacts / "
                                "integrateTransformsInternal, btDiscreteDynamicsWorld.cpp)";
const std::string kChipmunkRule = "Chipmunk has no CCD (cpSpaceStep, cpSpaceStep.c: shapes "
                                  "collide only where they overlap after the step): ";

// The ball (r 0.05) from x = 0.2 at 0.5 a frame ends frames 0 and 1 at 0.7 and 1.2; the plate
// spans x 0.98 to 1.02, so a center within 0.93 to 1.07 would overlap it (Box2D's skin of 0.01
// widens that to 0.92 to 1.08): neither end overlaps, while the exact World has the ball touch
// the plate at frame 1's t = (0.93 - 0.7) / 0.5 = 0.46. Its path crosses the plate's middle
// line x = 1 at y = 0.
TEST(TunnelDetector, BoxTwoDDoesNotSweepTwoDynamicBodiesWhenNeitherIsABullet) {
    const Scene scene = scene_named("engines-ball-through-plate.json");
    const auto tunnels = tunnels_of(scene, EngineKind::Box2d, 4);
    ASSERT_EQ(tunnels.size(), 1u);
    const Tunnel& t = tunnels[0];
    EXPECT_EQ(t.frame, 1);
    EXPECT_EQ(t.body, 0);
    EXPECT_EQ(t.other_kind, OtherKind::Body);
    EXPECT_EQ(t.other, 1);
    EXPECT_TRUE(t.crossed);
    EXPECT_NEAR(t.place.x, 1.0, 1e-6);
    EXPECT_NEAR(t.place.y, 0.0, 1e-6);
    EXPECT_EQ(t.reason, "ball and plate are both dynamic and neither is a bullet: Box2D does not "
                        "sweep this pair (b2World::SolveTOI, b2_world.cpp)");
}

// Frame by frame, the same tunnel in frame 1 alone (the run searched as it grows).
TEST(TunnelDetector, OneFrameAtATimeFindsTheSameTunnels) {
    const Scene scene = scene_named("engines-ball-through-plate.json");
    const EngineRun run = run_engine(scene, EngineKind::Box2d, 4);
    EXPECT_TRUE(find_tunnels_in_frame(scene, run, 0).empty());
    const auto tunnels = find_tunnels_in_frame(scene, run, 1);
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0].frame, 1);
    EXPECT_EQ(tunnels[0].other, 1);
    EXPECT_TRUE(find_tunnels_in_frame(scene, run, 2).empty());
    EXPECT_TRUE(find_tunnels_in_frame(scene, run, 3).empty());
}

TEST(TunnelDetector, BoxTwoDSweepsABullet) {
    EXPECT_TRUE(
        tunnels_of(scene_named("engines-ball-through-plate-as-bullet.json"), EngineKind::Box2d, 4)
            .empty());
}

TEST(TunnelDetector, ChipmunkHasNoCcd) {
    const auto tunnels =
        tunnels_of(scene_named("engines-ball-through-plate.json"), EngineKind::Chipmunk, 4);
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0].frame, 1);
    EXPECT_EQ(tunnels[0].reason,
              kChipmunkRule + "ball moved 0.5 in the step against plate 0.04 thick");
}

TEST(TunnelDetector, BulletNeverSweepsABodyWhoseThresholdIsZero) {
    const auto tunnels =
        tunnels_of(scene_named("engines-ball-through-plate.json"), EngineKind::Bullet, 4);
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0].frame, 1);
    EXPECT_EQ(tunnels[0].reason,
              "ball's ccdMotionThreshold is 0: Bullet never sweeps it" + kBulletRule)
        << "the plate does not move: its own threshold is no reason";
}

// Two balls (r 0.05) 1 apart close at 0.6 a frame: 0.4 apart after frame 0, -0.2 after frame 1,
// never within 0.1; the exact World has them touch at frame 1's t = (0.4 - 0.1) / 0.6 = 0.5,
// at x = 0.5.
TEST(TunnelDetector, TwoFastDynamicBallsPassThroughEachOtherInBoxTwoD) {
    const Scene scene = scene_named("engines-balls-pass-through.json");
    const auto tunnels = tunnels_of(scene, EngineKind::Box2d, 4);
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0].frame, 1);
    EXPECT_EQ(tunnels[0].other_kind, OtherKind::Body);
    EXPECT_NEAR(tunnels[0].place.x, 0.5, 1e-6);
    EXPECT_EQ(tunnels[0].reason, "left and right are both dynamic and neither is a bullet: Box2D "
                                 "does not sweep this pair (b2World::SolveTOI, b2_world.cpp)");
    EXPECT_TRUE(
        tunnels_of(scene_named("engines-balls-pass-through-as-bullet.json"), EngineKind::Box2d, 4)
            .empty());
}

// The ball (r 0.02) from x = 0.55 at 0.1 a frame ends frame 3 at 0.95 and frame 4 at 1.05; the
// wall at x = 1 (Bullet's slab 0.002 thick) is touched in frame 4 (at t = 0.3). 0.1 is not above
// the threshold 0.15; it is above 0.05, and the swept sphere of 0.02 then stops it.
TEST(TunnelDetector, BulletDoesNotSweepAMotionNotAboveItsThreshold) {
    const auto tunnels =
        tunnels_of(scene_named("engines-slow-ball-under-threshold.json"), EngineKind::Bullet, 8);
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0].frame, 4);
    EXPECT_EQ(tunnels[0].other_kind, OtherKind::Wall);
    EXPECT_NEAR(tunnels[0].place.x, 1.0, 1e-12);
    EXPECT_EQ(tunnels[0].reason, "ball moved 0.1 in the step, not above its ccdMotionThreshold "
                                 "0.15: Bullet did not sweep it" +
                                     kBulletRule);
    EXPECT_TRUE(
        tunnels_of(scene_named("engines-slow-ball-lower-threshold.json"), EngineKind::Bullet, 8)
            .empty());
}

// The flipper (0,0)-(1,0) turns 0.6 a frame about (0,0); the ball (r 0.05) at (0.6, 0.3) lies at
// the angle atan(0.5) = 0.4636, within the frame's sweep, and 0.671 x sin(0.6 - 0.4636) = 0.091
// from the flipper at the frame's end: not touching. The flipper's far end moves 2 sin(0.3) =
// 0.59104 in the step.
TEST(TunnelDetector, AFlipperPassesABallInADiscreteEngine) {
    const Scene scene = scene_named("engines-flipper-passes-a-ball.json");
    const auto tunnels = tunnels_of(scene, EngineKind::Chipmunk, 2);
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0].frame, 0);
    EXPECT_EQ(tunnels[0].other_kind, OtherKind::Wall);
    EXPECT_EQ(tunnels[0].reason, kChipmunkRule + "ball moved 0 in the step against flipper, a "
                                                 "segment of no thickness whose farthest end "
                                                 "moved 0.59104");
    const auto bullet = tunnels_of(scene, EngineKind::Bullet, 2);
    ASSERT_EQ(bullet.size(), 1u);
    EXPECT_EQ(bullet[0].reason, "ball's ccdMotionThreshold is 0: Bullet never sweeps it; flipper "
                                "is kinematic: Bullet sweeps dynamic bodies only, never its "
                                "motion" +
                                    kBulletRule);
    EXPECT_TRUE(tunnels_of(scene, EngineKind::Box2d, 2).empty())
        << "Box2D sweeps a dynamic body against a kinematic one";
}

// The ball (r 0.05) from x = 0.05 at 0.5 a frame ends frame 1 at 1.05, the thick plate's center
// (it spans 0.9 to 1.2): not through it, in it, 0.2 deep (the ball's 1.0 to 1.1 within 0.9 to
// 1.2 along x: pushed out by 1.1 - 0.9 or 1.2 - 1.0).
TEST(TunnelDetector, AnOverlapDeeperThanTheToleranceIsATunnel) {
    const Scene scene = parse_scene(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0.05,0],"velocity":[0.5,0],
                 "radius":0.05}],
      "polygons":[{"name":"block","vertices":[[0.9,-0.5],[1.2,-0.5],[1.2,0.5],[0.9,0.5]],
                   "velocity":[0,0]}]})",
                                    "deep");
    const auto tunnels = tunnels_of(scene, EngineKind::Chipmunk, 2);
    ASSERT_GE(tunnels.size(), 1u);
    EXPECT_EQ(tunnels[0].frame, 1);
    EXPECT_FALSE(tunnels[0].crossed);
    EXPECT_NEAR(tunnels[0].depth, 0.2, 1e-12);
    EXPECT_NEAR(tunnels[0].place.x, 1.05, 1e-12);
}

// A floor chain from (1, 0) to (-1, 0), its front up, and a ball of radius 0.1 at height `y`
// moving `vy` a frame; `extra`: more of the scene's top level.
Scene ball_and_chain_floor(double y, double vy, const std::string& extra = "") {
    return parse_scene(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0,)" +
                           std::to_string(y) + R"(],"velocity":[0,)" + std::to_string(vy) +
                           R"(],"radius":0.1}],
      "chains":[{"name":"floor","points":[[1,0],[-1,0]]}])" +
                           extra + "}",
                       "ball and chain floor");
}

// From y = 0.3 at -0.5 a frame the ball ends frame 0 at -0.2, clear of the floor at both ends
// (0.3 and 0.2 from it, radius 0.1): Chipmunk never sees it, while the exact World has it touch
// the floor's front at t = (0.3 - 0.1) / 0.5 = 0.4 and bounce back up to 0.4. Its path crosses
// the chain's edge at (0, 0). The chain's edge is the World's wall 0 (the scene has no segments).
TEST(TunnelDetector, ChipmunkLetsABallThroughAChainsEdgeFromItsFront) {
    const Scene scene = ball_and_chain_floor(0.3, -0.5);
    const EngineRun run = run_engine(scene, EngineKind::Chipmunk, 2);
    const auto tunnels = find_tunnels(scene, run);
    ASSERT_EQ(tunnels.size(), 1u);
    const Tunnel& t = tunnels[0];
    EXPECT_EQ(t.frame, 0);
    EXPECT_EQ(t.other_kind, OtherKind::Wall);
    EXPECT_EQ(t.other, 0);
    EXPECT_TRUE(t.crossed);
    EXPECT_NEAR(t.place.x, 0.0, 1e-12);
    EXPECT_NEAR(t.place.y, 0.0, 1e-12);
    EXPECT_EQ(describe(t, scene, run),
              "frame 0: ball through floor edge 0 at (0, 0): " + kChipmunkRule +
                  "ball moved 0.5 in the step against floor edge 0, a segment of no thickness");
    // Box2D sweeps a dynamic body against its static b2ChainShape (b2World::SolveTOI): none.
    EXPECT_TRUE(tunnels_of(scene, EngineKind::Box2d, 2).empty());
}

// The segment "far" has a coordinate of 1e-70, below what the World takes (kWorldSmallest 1e-60):
// the exact World refuses every frame, and only the overlap at a frame's end finds a tunnel. No
// engine is given such a scene either (docs/engines.md, "What each engine's world is given"), so
// Chipmunk runs it without "far", which touches nothing. From y = 0.3 at -0.28 a frame the ball
// ends frame 0 at 0.02, 0.1 - 0.02 = 0.08 deep in the floor's front, past the tolerance (half
// its radius, 0.05): a tunnel. From y = -0.3 at 0.28 it ends at -0.02, as deep, but from behind
// the one-sided edge, where it meets nothing: none.
TEST(TunnelDetector, AnOverlapFromBehindAChainsEdgeIsNoTunnel) {
    const std::string far = R"(,"segments":[{"name":"far","a":[5,1e-70],"b":[6,1e-70]}])";
    const auto tunnels_beside_far = [&](double y, double vy) {
        const EngineRun run = run_engine(ball_and_chain_floor(y, vy), EngineKind::Chipmunk, 1);
        return find_tunnels(ball_and_chain_floor(y, vy, far), run);
    };
    EXPECT_THROW(run_engine(ball_and_chain_floor(0.3, -0.28, far), EngineKind::Chipmunk, 1),
                 SceneError);
    const auto in_front = tunnels_beside_far(0.3, -0.28);
    ASSERT_EQ(in_front.size(), 1u);
    EXPECT_EQ(in_front[0].frame, 0);
    EXPECT_EQ(in_front[0].other, 1); // after the segment "far"
    EXPECT_FALSE(in_front[0].crossed);
    EXPECT_NEAR(in_front[0].depth, 0.08, 1e-12);
    EXPECT_TRUE(tunnels_beside_far(-0.3, 0.28).empty());
}

// Among them frames of many bounces, where a body's path is no straight line: a chord from its
// start to its end may cross what it bounced off, as the World's own does.
TEST(TunnelDetector, TheExactWorldTunnelsNowhere) {
    for (const char* name :
         {"engines-ball-through-plate.json", "engines-balls-pass-through.json",
          "engines-slow-ball-under-threshold.json", "engines-flipper-passes-a-ball.json",
          "bouncing-balls.json", "polygons-in-a-box.json", "seed000-doomolish-hallway.json",
          "turning-windmill-graze.json", "world-paddle-bats-balls.json",
          "tiles-chain-box-slides-over-the-seams.json"}) {
        const Scene scene = scene_named(name);
        EXPECT_TRUE(tunnels_of(scene, EngineKind::Exact, 5).empty()) << name;
    }
}

TEST(TunnelDetector, ATunnelIsDescribedInOneLine) {
    const Scene scene = scene_named("engines-ball-through-plate.json");
    const EngineRun run = run_engine(scene, EngineKind::Chipmunk, 2);
    const auto tunnels = find_tunnels(scene, run);
    ASSERT_EQ(tunnels.size(), 1u);
    EXPECT_EQ(describe(tunnels[0], scene, run),
              "frame 1: ball through plate at (1, 0): " + kChipmunkRule +
                  "ball moved 0.5 in the step against plate 0.04 thick");
}

} // namespace
} // namespace ccd
