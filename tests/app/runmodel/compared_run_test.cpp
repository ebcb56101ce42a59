// The world view's second run under other settings, without a window: where it parts from the
// scene's own run (the core's comparison, read back as places on the timeline) and its frames,
// whose paths the view draws as ghosts. Values worked by hand.
#include "compared_run.hpp"

#include "ccd/path_position.hpp"
#include "ccd/run_comparison.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace {

using namespace ccdlab;

// A ball of radius 0.5 at the origin moving (1, 0) a frame between walls at x = 2 and x = -2:
// it reaches the right wall at frame 1, t = 0.5, the left one at frame 4, t = 0.5 (elastic).
ccd::Scene ball_between_walls() {
    ccd::Scene scene;
    scene.bodies.push_back({"ball", ccd::BodyShape::Circle, {{0.0, 0.0}, 0.5}, {1.0, 0.0}});
    scene.walls.push_back({"right", {{2.0, -5.0}, {2.0, 5.0}}});
    scene.walls.push_back({"left", {{-2.0, -5.0}, {-2.0, 5.0}}});
    return scene;
}

ccd::RunSettings with(const char* key_value) {
    ccd::RunSettings settings;
    ccd::apply_setting(settings, key_value);
    return settings;
}

const ccd::RecordingOptions kOptions{.keyframe_interval = 3, .memory_cap = std::size_t{1} << 20};

TEST(ComparedRun, AHalfRestitutionPartsAtTheFirstBounceAndLosesTheSecond) {
    // Restitution 0.5: the first bounce is the same contact (frame 1, t = 0.5) with another
    // velocity after, (-0.5, 0); the ball then needs 2.5 / 0.5 = 5 frames to reach the left
    // wall (frame 7), so over 5 frames run b has no second event where run a has frame 4's.
    ComparedRun run(ball_between_walls(), with("restitution=0.5"), 5, kOptions);
    const ccd::RunDivergence& divergence = run.divergence();
    ASSERT_TRUE(divergence.diverged());
    EXPECT_EQ(divergence.events_a, 2u);
    EXPECT_EQ(divergence.events_b, 1u);
    ASSERT_EQ(divergence.differences.size(), 2u);
    EXPECT_EQ(divergence.first()->fields.names(), "velocities");
    const auto first = run.first_divergence();
    ASSERT_TRUE(first);
    EXPECT_EQ(first->frame, 1);
    EXPECT_EQ(first->t, 0.5);
    EXPECT_EQ(first->sequence, 0);
    EXPECT_TRUE(divergence.differences[1].fields.missing);
    const ComparedRun::Place second = run.place_of(1);
    EXPECT_EQ(second.frame, 4);
    EXPECT_EQ(second.t, 0.5);
}

TEST(ComparedRun, ItsFramesAreRunBsWhereverTheyAreAsked) {
    // Run b's ball after the bounce at frame 1, t = 0.5 (x = 1.5) moves -0.5 a frame: 1.25 at
    // frame 1's end, 1.0 at frame 2, t = 0.5, 0.0 at frame 4, t = 0.5.
    ComparedRun run(ball_between_walls(), with("restitution=0.5"), 5, kOptions);
    EXPECT_EQ(ccd::position_at(run.log_of(2).paths[0], 0.5), (ccd::Vec2{1.0, 0.0}));
    EXPECT_EQ(ccd::position_at(run.log_of(4).paths[0], 0.5), (ccd::Vec2{0.0, 0.0}));
    EXPECT_EQ(ccd::position_at(run.log_of(1).paths[0], 1.0), (ccd::Vec2{1.25, 0.0}));
    EXPECT_EQ(run.log_of(1).frame, 1);
    EXPECT_EQ(run.recorder().end_frame(), 5);
}

TEST(ComparedRun, TheSameSettingsAgreeAndAnUnknownAlgorithmIsRefused) {
    ComparedRun same(ball_between_walls(), with("log_level=none"), 8, kOptions);
    EXPECT_FALSE(same.divergence().diverged());
    EXPECT_FALSE(same.first_divergence());
    ccd::RunSettings unknown;
    unknown.algorithm = "nope";
    EXPECT_THROW(ComparedRun(ball_between_walls(), unknown, 3, kOptions), std::invalid_argument);
}

// The scene's scale is 5 (the walls' ends), so the default tolerance 1e-6 allows 5e-6 on
// velocities. Restitution 1 - 1e-7 sends the ball back at 0.9999999 (1e-7 off, within): it
// reaches the left wall 3 / 0.9999999 frames after the bounce, 3e-7 of a frame late (within),
// so the runs agree. Exact (0) they part at the bounce by the velocities; within 1e-8 (5e-8 on
// velocities) too.
TEST(ComparedRun, ATolerancePassesDifferencesWithinItAndPartsBeyondIt) {
    const ccd::RunSettings nearly_elastic = with("restitution=0.9999999");
    ComparedRun within(ball_between_walls(), nearly_elastic, 5, kOptions);
    EXPECT_EQ(within.tolerance(), ccd::kDefaultRunTolerance);
    EXPECT_EQ(within.divergence().events_a, 2u);
    EXPECT_EQ(within.divergence().events_b, 2u);
    EXPECT_FALSE(within.divergence().diverged());
    EXPECT_FALSE(within.first_divergence());
    for (const double strict : {0.0, 1e-8}) {
        ComparedRun exact(ball_between_walls(), nearly_elastic, 5, kOptions, strict);
        EXPECT_EQ(exact.tolerance(), strict);
        ASSERT_TRUE(exact.divergence().diverged()) << strict;
        EXPECT_EQ(exact.divergence().first()->fields.names(), "velocities") << strict;
        const auto first = exact.first_divergence();
        ASSERT_TRUE(first);
        EXPECT_EQ(first->frame, 1);
        EXPECT_EQ(first->t, 0.5);
        EXPECT_EQ(exact.divergence().differing, 2u) << strict;
    }
    EXPECT_THROW(ComparedRun(ball_between_walls(), nearly_elastic, 5, kOptions, -1.0),
                 std::invalid_argument);
}

} // namespace
