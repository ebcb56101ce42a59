// CI-sized soak: elastic balls (and a few points) in a closed box for many frames. No body may
// leave the box or overlap another deeper than 1e-9 of the box's size at any frame's end, and
// with restitution 1 the kinetic energy must stay within 1e-9 relative. Also: the same input
// gives a bit-identical log on every run, and walking a frame gives the log step() gives.
#include "ccd/world.hpp"
#include "scene_generators.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using ccd::Vec2;

constexpr double kBox = 100.0;

// 100 unit balls at up to 6 per frame (3 radii: a discrete test would tunnel), every tenth a
// point, masses from 0.5 to 2.
ccd_test::ReferenceScene soak_scene() {
    auto scene = ccd_test::balls_in_box(100, kBox, 1.0, 6.0, 2024);
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        if (i % 10 == 3) scene.bodies[i].shape.radius = 0.0;
        scene.bodies[i].mass = 0.5 + 1.5 * static_cast<double>(i % 7) / 6.0;
    }
    return scene;
}

double kinetic_energy(const ccd_test::ReferenceScene& scene, const ccd::World& world) {
    double sum = 0.0;
    for (int i = 0; i < world.body_count(); ++i) {
        const Vec2 v = world.body(i).velocity;
        sum += 0.5 * scene.bodies[static_cast<std::size_t>(i)].mass * dot(v, v);
    }
    return sum;
}

TEST(WorldSoak, ElasticBallsInABoxNeverEscapeNorOverlapAndKeepTheirEnergy) {
    const auto scene = soak_scene();
    ccd::World world = make_world(scene);
    const double energy0 = kinetic_energy(scene, world);
    const double tol = 1e-9 * kBox;
    long events = 0;
    for (int frame = 0; frame < 2000; ++frame) {
        const ccd::EventLog& log = world.step();
        ASSERT_TRUE(log.chatter_cuts.empty()) << "frame " << frame;
        ASSERT_FALSE(log.budget_cut.has_value()) << "frame " << frame;
        for (std::size_t k = 1; k < log.events.size(); ++k)
            ASSERT_LE(log.events[k - 1].time, log.events[k].time);
        events += static_cast<long>(log.events.size());
        for (int i = 0; i < world.body_count(); ++i) {
            const ccd::Circle a = world.body(i).shape;
            ASSERT_TRUE(a.center.x >= a.radius - tol && a.center.x <= kBox - a.radius + tol &&
                        a.center.y >= a.radius - tol && a.center.y <= kBox - a.radius + tol)
                << "body " << i << " left the box in frame " << frame;
            for (int j = i + 1; j < world.body_count(); ++j) {
                const ccd::Circle b = world.body(j).shape;
                const double reach = a.radius + b.radius;
                if (reach == 0.0) continue; // two points may meet
                ASSERT_GE(length(a.center - b.center), reach - tol)
                    << "bodies " << i << " and " << j << " overlap in frame " << frame;
            }
        }
    }
    const double energy = kinetic_energy(scene, world);
    EXPECT_LE(std::fabs(energy - energy0), 1e-9 * energy0);
    EXPECT_GT(events, 20000); // the soak must actually collide
}

TEST(WorldDeterminism, TheSameInputGivesABitIdenticalLogOnEveryRun) {
    const auto scene = ccd_test::balls_in_box(50, 40.0, 1.0, 8.0, 77);
    ccd::World first = make_world(scene);
    ccd::World second = make_world(scene);
    int events = 0;
    for (int frame = 0; frame < 200; ++frame) {
        const std::string a = ccd::to_text(first.step());
        const std::string b = ccd::to_text(second.step());
        ASSERT_EQ(a, b) << "frame " << frame;
        events += static_cast<int>(first.log().events.size());
    }
    EXPECT_GT(events, 500);
}

TEST(WorldDeterminism, WalkingAFrameEventByEventGivesTheLogOfOneStep) {
    const auto scene = ccd_test::balls_in_box(50, 40.0, 1.0, 8.0, 78);
    ccd::World stepped = make_world(scene);
    ccd::World walked = make_world(scene);
    for (int frame = 0; frame < 20; ++frame) {
        const std::string a = ccd::to_text(stepped.step());
        double last = 0.0;
        while (const ccd::ContactEvent* e = walked.next_event()) {
            ASSERT_GE(e->time, last);
            last = e->time;
            walked.advance_to((last + std::nextafter(last, 1.0)) / 2.0); // no-op in between
        }
        walked.advance_to(1.0);
        ASSERT_EQ(a, ccd::to_text(walked.log())) << "frame " << frame;
    }
}

} // namespace
