// Two runs of a scene compared (ccd/run_comparison.hpp): a ball between two walls, worked by
// hand, under two restitutions parts at a known event; the log levels never part; a run against
// a fixture's expected events; the KEY=VALUE settings.
#include "shipped_scenes.hpp"

#include "ccd/run_comparison.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string>

namespace {

namespace fs = std::filesystem;

// A ball of radius 0.5 at the origin moving by (2, 0) a frame between walls at x = 1.5 and
// x = -1.5. It meets the right wall at t = 0.5 of frame 0 (0 + 2t + 0.5 = 1.5), point (1.5, 0),
// normal (-1, 0). Elastic, it comes back at (-2, 0) from x = 1 and meets the left wall when
// its center is at -1: 2 units later, one frame, frame 1 at t 0.5. With restitution 0.5 it
// comes back at (-1, 0): two frames, frame 2 at t 0.5.
ccd::Scene ball_between_walls() {
    ccd::Scene scene;
    scene.title = "ball between walls";
    scene.bodies.push_back({"ball",
                            ccd::BodyShape::Circle,
                            {{0.0, 0.0}, 0.5},
                            {2.0, 0.0},
                            ccd::ResponseKind::Bounce,
                            1.0});
    scene.walls.push_back({"right", {{1.5, -5.0}, {1.5, 5.0}}});
    scene.walls.push_back({"left", {{-1.5, -5.0}, {-1.5, 5.0}}});
    return scene;
}

ccd::RunSettings with(std::initializer_list<const char*> key_values) {
    ccd::RunSettings settings;
    for (const char* kv : key_values)
        ccd::apply_setting(settings, kv);
    return settings;
}

TEST(RunComparison, TwoRestitutionsPartAtTheFirstBounceByItsVelocityAlone) {
    const ccd::RunComparison c =
        ccd::compare_runs(ball_between_walls(), with({}), with({"restitution=0.5"}), 3);
    ASSERT_TRUE(c.divergence.diverged());
    const ccd::EventDifference& first = *c.divergence.first();
    EXPECT_EQ(first.index, 0u);
    EXPECT_EQ(first.fields.names(), "velocities");
    ASSERT_TRUE(first.a && first.b);
    EXPECT_EQ(first.a->frame, 0);
    EXPECT_DOUBLE_EQ(first.a->event.time, 0.5);
    EXPECT_EQ(first.a->event.point, (ccd::Vec2{1.5, 0.0}));
    EXPECT_EQ(first.a->event.normal, (ccd::Vec2{-1.0, 0.0}));
    EXPECT_EQ(first.a->event.body_velocity_after, (ccd::Vec2{-2.0, 0.0}));
    EXPECT_EQ(first.b->event.body_velocity_after, (ccd::Vec2{-1.0, 0.0}));
    EXPECT_EQ(first.velocity, 1.0);
    // The second event: the left wall, one frame later in b.
    ASSERT_GE(c.divergence.differences.size(), 2u);
    const ccd::EventDifference& second = c.divergence.differences[1];
    EXPECT_EQ(second.index, 1u);
    EXPECT_TRUE(second.fields.frame);
    EXPECT_FALSE(second.fields.parties);
    EXPECT_EQ(second.a->frame, 1);
    EXPECT_EQ(second.b->frame, 2);
    EXPECT_EQ(c.a.wall_names[std::size_t(second.a->event.other)], "left");
    EXPECT_EQ(c.a.label, "a: defaults");
    EXPECT_EQ(c.b.label, "b: restitution=0.5");
    const std::string text = ccd::describe(first, c.a, c.b);
    EXPECT_NE(text.find("event 0: velocities differ"), std::string::npos) << text;
    EXPECT_NE(text.find("ball / right at interior, point (1.5, 0), normal (-1, 0), velocity "
                        "(2, 0) -> (-1, 0)"),
              std::string::npos)
        << text;
}

TEST(RunComparison, TheSameSettingsTwiceDoNotDiverge) {
    const ccd::RunComparison c = ccd::compare_runs(ball_between_walls(), with({"restitution=0.5"}),
                                                   with({"restitution=0.5"}), 5);
    EXPECT_FALSE(c.divergence.diverged());
    EXPECT_GE(c.divergence.events_a, 2u);
}

TEST(RunComparison, TheLogLevelsNeverDivergeOnAnyShippedScene) {
    std::size_t events = 0;
    for (const fs::path& path : ccd_test::shipped_world_scene_files()) {
        SCOPED_TRACE(path.string());
        const ccd::Scene scene = ccd::load_scene_file(path);
        for (const char* level : {"log_level=events", "log_level=none"}) {
            const ccd::RunComparison c = ccd::compare_runs(scene, with({}), with({level}), 12, 0.0);
            EXPECT_FALSE(c.divergence.diverged()) << level << "\n"
                                                  << ccd::describe(*c.divergence.first(), c.a, c.b);
            events += c.divergence.events_a;
        }
    }
    EXPECT_GT(events, 1000u);
}

TEST(RunComparison, AFixtureRunsAgainstItsExpectedEvents) {
    ccd::Scene fixture = ball_between_walls();
    ccd::Expectation expect;
    expect.frames = 3;
    // By hand (above): the right wall in frame 0, the left in frame 1, the right in frame 2,
    // each at t 0.5.
    expect.events.push_back(
        {0, 0.5, "ball", "right", ccd::Feature::SegmentInterior, {1.5, 0.0}, {-1.0, 0.0}});
    expect.events.push_back(
        {1, 0.5, "ball", "left", ccd::Feature::SegmentInterior, {-1.5, 0.0}, {1.0, 0.0}});
    expect.events.push_back(
        {2, 0.5, "ball", "right", ccd::Feature::SegmentInterior, {1.5, 0.0}, {-1.0, 0.0}});
    fixture.expect = expect;
    const ccd::RunComparison same = ccd::compare_with_expectation(fixture, with({}));
    EXPECT_FALSE(same.divergence.diverged());
    EXPECT_EQ(same.b.label, "fixture");
    EXPECT_EQ(same.b.events.size(), 3u);
    // Under restitution 0.5 the second bounce comes a frame late (frame 2), the third not at
    // all.
    const ccd::RunComparison late =
        ccd::compare_with_expectation(fixture, with({"restitution=0.5"}));
    ASSERT_TRUE(late.divergence.diverged());
    EXPECT_EQ(late.divergence.first()->index, 1u);
    EXPECT_EQ(late.divergence.first()->fields.names(), "frame");
    EXPECT_EQ(late.divergence.differing, 2u);
    // A name the scene lacks.
    fixture.expect->events[1].b = "ceiling";
    EXPECT_THROW(ccd::expected_run(fixture), ccd::SceneError);
    fixture.expect.reset();
    EXPECT_THROW(ccd::expected_run(fixture), ccd::SceneError);
}

TEST(RunComparison, AnotherAlgorithmRunsTheWorld) {
    // seed004 answers a disk against a static wall; head on it finds the same contact.
    const ccd::RunComparison c =
        ccd::compare_runs(ball_between_walls(), with({}), with({"algorithm=seed004"}), 3);
    EXPECT_FALSE(c.divergence.diverged());
    EXPECT_EQ(c.b.label, "b: algorithm=seed004");
    EXPECT_GE(c.divergence.events_b, 2u);
}

TEST(RunComparison, SettingsAreReadAndRefusedInOneLine) {
    const ccd::RunSettings s = with({"algorithm=seed004", "restitution=0.25", "response=slide",
                                     "log_level=none", "event_budget=7", "broadphase=all-pairs"});
    EXPECT_EQ(s.algorithm, "seed004");
    EXPECT_EQ(s.restitution, 0.25);
    EXPECT_EQ(s.response, ccd::ResponseKind::Slide);
    EXPECT_EQ(s.log_level, ccd::LogLevel::None);
    EXPECT_EQ(s.event_budget, 7);
    EXPECT_EQ(s.broadphase, ccd::Broadphase::AllPairs);
    EXPECT_EQ(ccd::describe(s), "algorithm=seed004 restitution=0.25 response=slide "
                                "log_level=none event_budget=7 broadphase=all-pairs");
    for (const char* bad :
         {"algorithm=nope", "restitution=2", "restitution=x", "response=fly", "log_level=loud",
          "event_budget=-1", "broadphase=tree", "speed=1", "restitution"}) {
        ccd::RunSettings settings;
        EXPECT_THROW(ccd::apply_setting(settings, bad), std::invalid_argument) << bad;
    }
    const ccd::Scene scene = ccd::scene_with(ball_between_walls(), s);
    EXPECT_EQ(scene.bodies[0].restitution, 0.25);
    EXPECT_EQ(scene.bodies[0].response, ccd::ResponseKind::Slide);
}

// ball_between_walls' scale is 5 (the walls' ends at y = +-5; the rest is smaller), so the
// default tolerance 1e-6 allows 1e-6 in time, 5e-6 on points and velocities, 1e-6 on normals.
// Restitution 1 - 1e-7 sends the ball back at 1.9999998 instead of 2 (2e-7 apart, within); it
// meets the left wall 2 / 1.9999998 = 1.0000001 frames later, 1e-7 of a frame after run a
// (within), and the right wall 3e-7 after (within). Restitution 0.999 sends it back at 1.998: 0.002
// apart, beyond, so the runs part at event 0 by the velocities. Exact (0), the first parts
// there too.
TEST(RunComparison, RunsWithinTheToleranceAgreeAndPartBeyondIt) {
    const ccd::Scene scene = ball_between_walls();
    EXPECT_EQ(ccd::scene_scale(scene), 5.0);
    const ccd::DivergenceTolerance within = ccd::run_tolerance(scene, with({}), with({}), 1e-6);
    EXPECT_EQ(within.time, 1e-6);
    EXPECT_DOUBLE_EQ(within.distance, 5e-6);
    EXPECT_DOUBLE_EQ(within.velocity, 5e-6);
    EXPECT_EQ(within.normal, 1e-6);
    EXPECT_EQ(within.slack, 0.0);

    const ccd::RunComparison close =
        ccd::compare_runs(scene, with({}), with({"restitution=0.9999999"}), 3);
    ASSERT_EQ(close.divergence.events_a, 3u);
    ASSERT_EQ(close.divergence.events_b, 3u);
    EXPECT_FALSE(close.divergence.diverged());
    EXPECT_EQ(ccd::describe_tolerance(close),
              "times within 1e-06, points and velocities within 5e-06, normals within 1e-06");

    const ccd::RunComparison exact =
        ccd::compare_runs(scene, with({}), with({"restitution=0.9999999"}), 3, 0.0);
    ASSERT_TRUE(exact.divergence.diverged());
    EXPECT_EQ(exact.divergence.first()->index, 0u);
    EXPECT_EQ(exact.divergence.first()->fields.names(), "velocities");
    EXPECT_EQ(exact.divergence.differing, 3u);
    EXPECT_EQ(ccd::describe_tolerance(exact), "exact: every field equal bit for bit");

    const ccd::RunComparison apart =
        ccd::compare_runs(scene, with({}), with({"restitution=0.999"}), 3);
    ASSERT_TRUE(apart.divergence.diverged());
    EXPECT_EQ(apart.divergence.first()->index, 0u);
    EXPECT_EQ(apart.divergence.first()->fields.names(), "velocities");
    EXPECT_NEAR(apart.divergence.first()->velocity, 0.002, 1e-12);

    for (const double bad :
         {-1e-6, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()})
        EXPECT_THROW(ccd::run_tolerance(scene, with({}), with({}), bad), std::invalid_argument);
}

// Conservative advancement states a slack for a disk against a wall: its margin 1e-9 x the
// pair's scale (the largest of 1 and every length: the walls' ends, 5). Added, it widens every
// field by 5e-9 / 5 = 1e-9 of the scene's scale and the times by 5e-9 over each event's
// closing speed; the exact algorithm states none.
TEST(RunComparison, AnAlgorithmsSlackIsAddedToTheTolerance) {
    const ccd::Scene scene = ball_between_walls();
    EXPECT_EQ(ccd::scene_slack(scene, "exact"), 0.0);
    EXPECT_DOUBLE_EQ(ccd::scene_slack(scene, "conservative-advancement"), 5e-9);
    EXPECT_THROW(ccd::scene_slack(scene, "nope"), std::invalid_argument);
    const ccd::DivergenceTolerance within =
        ccd::run_tolerance(scene, with({}), with({"algorithm=conservative-advancement"}), 1e-6);
    EXPECT_DOUBLE_EQ(within.time, 1e-6 + 1e-9);
    EXPECT_DOUBLE_EQ(within.distance, 5e-6 + 5e-9);
    EXPECT_DOUBLE_EQ(within.normal, 1e-6 + 1e-9);
    EXPECT_DOUBLE_EQ(within.slack, 5e-9);
    const ccd::RunComparison c =
        ccd::compare_runs(scene, with({}), with({"algorithm=conservative-advancement"}), 3);
    EXPECT_EQ(c.slack_of, "conservative-advancement");
    EXPECT_NE(ccd::describe_tolerance(c).find(
                  "; conservative-advancement's slack 5e-09 added: events within "
                  "conservative-advancement's documented slack are the same"),
              std::string::npos)
        << ccd::describe_tolerance(c);
    EXPECT_FALSE(c.divergence.diverged());
}

} // namespace
