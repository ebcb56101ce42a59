// The log levels change no trajectory (docs/scheduler.md, "Log levels"): at LogLevel::Events and
// None each body keeps only its earliest prediction, and the events are still those of the full
// level, in the same order, bit for bit. The scenes aim at what the lean levels must still do
// for the rules to give the same events: predictions that go stale and are found again, bodies
// that take part in an event without changing course (sensors, stopped bodies: their side
// memory changes, their predictions stand), the chattering rule, crushes, both budgets, moving
// walls, polygons, and the benchmark's gas of disks.
#include "disks_in_box.hpp" // tests/bench: the benchmark's scene
#include "log_level_comparison.hpp"
#include "scene_generators.hpp"

#include "ccd/world.hpp"

#include <gtest/gtest.h>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::LogLevel;
using ccd::Response;
using ccd::Vec2;

long long compare_levels(ccd_test::ReferenceScene scene, int frames) {
    return ccd_test::expect_same_trajectories(
        [&](LogLevel level) {
            scene.options.log_level = level;
            return ccd_test::make_world(scene);
        },
        frames);
}

TEST(WorldLogLevel, TheBenchmarksDisksGiveTheSameEventsAtEveryLevel) {
    EXPECT_GT(compare_levels(bench::disks_in_box(1000, ccd::Broadphase::Grid), 8), 6000);
    EXPECT_GT(compare_levels(bench::disks_in_box(300, ccd::Broadphase::AllPairs), 5), 1000);
}

TEST(WorldLogLevel, BallsAndMixedResponsesGiveTheSameEventsAtEveryLevel) {
    // Mixed: slide, stop, destroy and sensor bodies, points, unequal masses.
    long long events = 0;
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        SCOPED_TRACE(::testing::Message() << "seed " << seed);
        events += compare_levels(ccd_test::balls_in_box(400, 100.0, 1.0, 6.0, seed), 15);
        events += compare_levels(ccd_test::mixed_scene(60, seed), 20);
    }
    EXPECT_GT(events, 5000);
}

TEST(WorldLogLevel, SensorsThatCrossStillBodiesGiveTheSameEventsAtEveryLevel) {
    // Sensors and stopped bodies take part in events without changing course: their standing
    // predictions stay current and their side memory changes under them.
    auto scene = ccd_test::mixed_scene(80, 21);
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        if (i % 3 == 0) scene.bodies[i].response = Response::sensor();
        if (i % 3 == 1) scene.bodies[i].response = Response::stop();
    }
    EXPECT_GT(compare_levels(scene, 20), 300);
}

TEST(WorldLogLevel, PolygonsGiveTheSameEventsAtEveryLevel) {
    long long events = 0;
    for (std::uint32_t seed = 1; seed <= 3; ++seed)
        events +=
            compare_levels(ccd_test::with_polygons(ccd_test::mixed_scene(60, seed), seed), 20);
    EXPECT_GT(events, 1000);
}

TEST(WorldLogLevel, MovingWallsGiveTheSameEventsAtEveryLevel) {
    auto scene = ccd_test::balls_in_box(200, 100.0, 1.0, 5.0, 12);
    scene.walls.push_back({{{10.0, 40.0}, {40.0, 40.0}}, {0.0, 2.0}, {0.0, 2.0}});
    scene.walls.push_back({{{60.0, 10.0}, {62.0, 12.0}}, {-1.0, 0.5}, {1.5, 1.0}});
    scene.walls.push_back({{{50.0, 70.0}, {80.0, 70.0}}, {0.0, 1.5}, {0.0, -1.5}});
    EXPECT_GT(compare_levels(scene, 15), 500);
}

TEST(WorldLogLevel, BudgetCutsAndChatterGiveTheSameEventsAtEveryLevel) {
    auto scene = ccd_test::balls_in_box(200, 60.0, 1.0, 8.0, 13);
    scene.options.event_budget = 150; // cut every frame
    for (std::size_t i = 0; i < scene.bodies.size(); i += 3)
        scene.bodies[i].response = Response::slide();
    EXPECT_GT(compare_levels(scene, 10), 1000);
    // The prediction budget counts what the full level queues: the lean levels must cut at the
    // same event.
    scene.options.event_budget = 0;
    scene.options.prediction_budget = 700;
    EXPECT_GT(compare_levels(scene, 10), 500);
    // A cut among moving walls: the frozen bodies are predicted against them once more.
    scene.walls.push_back({{{5.0, 30.0}, {55.0, 30.0}}, {0.0, 3.0}, {0.0, 3.0}});
    scene.options.prediction_budget = 0;
    scene.options.event_budget = 120;
    EXPECT_GT(compare_levels(scene, 10), 500);
}

TEST(WorldLogLevel, ClosingWallsThatChatterAndCrushGiveTheSameEventsAtEveryLevel) {
    // Sliding and elastic balls between a floor and a ceiling closing on them: chatter cuts,
    // then crushes.
    ccd_test::ReferenceScene scene;
    scene.walls.push_back({{{-20.0, -3.0}, {20.0, -3.0}}, {0.0, 2.0}, {0.0, 2.0}});
    scene.walls.push_back({{{-20.0, 3.0}, {20.0, 3.0}}, {0.0, -2.0}, {0.0, -2.0}});
    for (int k = 0; k < 10; ++k)
        scene.bodies.push_back(BodyDef{Circle{{-18.0 + 4.0 * k, 0.0}, 1.0},
                                       {0.5 * (k % 3) - 0.5, 0.3},
                                       1.0,
                                       k % 2 ? Response::slide() : Response::bounce()});
    EXPECT_GT(compare_levels(scene, 3), 30);
}

TEST(WorldLogLevel, AChatteringCallbackGivesTheSameEventsAtEveryLevel) {
    // The callback halves the velocity and keeps it pointing into the wall: 33 events at one
    // instant, then the chattering cut.
    const auto make = [](LogLevel level) {
        ccd::WorldOptions options;
        options.log_level = level;
        ccd::World world(options);
        world.add_wall({{5.0, -10.0}, {5.0, 10.0}});
        world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0},
                               {10.0, 0.0},
                               1.0,
                               Response::call([](const ccd::ContactInput& in) {
                                   return ccd::ContactOutcome{in.velocity * 0.5, false};
                               })});
        return world;
    };
    EXPECT_EQ(ccd_test::expect_same_trajectories(make, 1), 33);
}

TEST(WorldLogLevel, TheLeanLevelsKeepWhatTheySay) {
    // Walls x = +-2, a unit ball at 0 moving 100: contacts at t = 0.01, 0.03, ..., 0.99 (50).
    const auto make = [](LogLevel level) {
        ccd::WorldOptions options;
        options.log_level = level;
        ccd::World world(options);
        world.add_wall({{2.0, -10.0}, {2.0, 10.0}});
        world.add_wall({{-2.0, -10.0}, {-2.0, 10.0}});
        world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {100.0, 0.0}, 1.0, {}});
        return world;
    };
    ccd::World full = make(LogLevel::Full);
    ccd::World events = make(LogLevel::Events);
    ccd::World none = make(LogLevel::None);
    EXPECT_EQ(full.step().events.size(), 50u);
    EXPECT_EQ(events.step().events.size(), 50u);
    EXPECT_TRUE(events.log().cancelled.empty());
    ASSERT_EQ(events.log().paths.size(), 1u);
    EXPECT_EQ(events.log().paths[0].points.size(), 52u); // start, 50 bounces, end
    const ccd::EventLog& nothing = none.step();
    EXPECT_TRUE(nothing.events.empty() && nothing.cancelled.empty() && nothing.paths.empty());
    EXPECT_EQ(none.frame_event_count(), 50);
    EXPECT_EQ(full.frame_event_count(), 50);
    EXPECT_EQ(ccd_test::body_state(full), ccd_test::body_state(none));

    // Among disks the full level cancels thousands of predictions; Events logs none.
    auto scene = bench::disks_in_box(300, ccd::Broadphase::Grid);
    ccd::World gas_full = ccd_test::make_world(scene);
    scene.options.log_level = LogLevel::Events;
    ccd::World gas_events = ccd_test::make_world(scene);
    EXPECT_GT(gas_full.step().cancelled.size(), 100u);
    EXPECT_TRUE(gas_events.step().cancelled.empty());
    EXPECT_EQ(gas_events.log().events.size(), gas_full.log().events.size());
}

} // namespace
