// The turning scenes of the tour's world (scenes/world-*.json): the first frame's events as each
// description derives them by hand (times, points, normals, velocities and angular velocities
// after, computed here in long double from the same formulas), and a soak of each scene: no body
// leaves its box.
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccd::Vec2;

constexpr long double kPi = std::numbers::pi_v<long double>;
const long double kSqrt3 = std::sqrt(3.0L);

ccd::Scene scene(const std::string& name) {
    return ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / name);
}

// The certified queries' answers are within delta = 1e-12 x the pair's scale (at most about 10
// here) of touching, at closing speeds of at least 1: 1e-10 in time, point and normal; the
// velocities after, a few times that. The exact queries (a ball or a point against a static
// wall) are within rounding.
constexpr double kTime = 1e-10;
constexpr double kPlace = 1e-10;
constexpr double kVelocity = 1e-9;

void expect_near(Vec2 got, long double x, long double y, double tolerance, const char* what) {
    EXPECT_NEAR(got.x, static_cast<double>(x), tolerance) << what;
    EXPECT_NEAR(got.y, static_cast<double>(y), tolerance) << what;
}

struct Named {
    const ccd::SceneWorld& world;
    std::string body(int index) const {
        return world.body_names.at(static_cast<std::size_t>(index));
    }
    std::string other(const ccd::ContactEvent& e) const {
        return e.other_kind == ccd::OtherKind::Wall
                   ? world.wall_names.at(static_cast<std::size_t>(e.other))
                   : body(e.other);
    }
};

// Steps `frames` frames: every body's path vertices (a polygon's outline at each, turned by
// its orientation there) stay within the box [-half, half]^2, and no frame is cut.
void soak(const std::string& name, double half, int frames) {
    ccd::SceneWorld world = ccd::make_world(scene(name));
    int events = 0;
    for (int frame = 0; frame < frames; ++frame) {
        const ccd::EventLog& log = world.world.step();
        events += static_cast<int>(log.events.size());
        ASSERT_FALSE(log.budget_cut) << name << ", frame " << frame;
        for (int i = 0; i < world.world.body_count(); ++i) {
            const auto outline = world.world.outline(i);
            for (const ccd::PathPoint& p : log.paths[static_cast<std::size_t>(i)].points) {
                const double reach = outline.empty() ? world.world.body(i).shape.radius : 0.0;
                const auto inside = [&](Vec2 q) {
                    return std::fabs(q.x) <= half - reach + 1e-9 &&
                           std::fabs(q.y) <= half - reach + 1e-9;
                };
                if (outline.empty()) {
                    ASSERT_TRUE(inside(p.position))
                        << name << ": " << world.body_names[static_cast<std::size_t>(i)]
                        << " out of the box in frame " << frame;
                    continue;
                }
                // The outline is kept about the center; turned by the path's angle there.
                const double c = std::cos(p.angle), s = std::sin(p.angle);
                for (const Vec2 r : outline)
                    ASSERT_TRUE(inside(p.position + Vec2{c * r.x - s * r.y, s * r.x + c * r.y}))
                        << name << ": " << world.body_names[static_cast<std::size_t>(i)]
                        << " out of the box in frame " << frame;
            }
        }
    }
    EXPECT_GT(events, frames / 10) << name << ": the bodies kept meeting";
}

TEST(WorldTurningScenes, ACrateKnockedIntoASpinByABall) {
    ccd::SceneWorld run = ccd::make_world(scene("world-crate-spun-by-a-ball.json"));
    const Named names{run};
    const ccd::EventLog& log = run.world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, 0.75, kTime);
    EXPECT_EQ(names.body(e.body), "ball");
    EXPECT_EQ(names.other(e), "crate");
    expect_near(e.point, -1.0L, 0.5L, kPlace, "point");
    expect_near(e.normal, -1.0L, 0.0L, kPlace, "normal");
    expect_near(e.body_velocity_after, -42.0L / 43.0L, 0.0L, kVelocity, "ball after");
    expect_near(e.other_velocity_after, 32.0L / 43.0L, 0.0L, kVelocity, "crate after");
    EXPECT_NEAR(e.other_angular_velocity_after, static_cast<double>(-24.0L / 43.0L), kVelocity);
    EXPECT_EQ(e.body_angular_velocity_after, 0.0);
}

TEST(WorldTurningScenes, APaddleThatBatsBalls) {
    ccd::SceneWorld run = ccd::make_world(scene("world-paddle-bats-balls.json"));
    const Named names{run};
    const ccd::EventLog& log = run.world.step();
    ASSERT_EQ(log.events.size(), 2u);
    const ccd::ContactEvent& low = log.events[0];
    EXPECT_EQ(names.body(low.body), "low");
    EXPECT_EQ(names.other(low), "paddle");
    EXPECT_NEAR(low.time, 1.0 / 3.0, kTime);
    expect_near(low.point, -1.5L, -kSqrt3 / 2.0L, kPlace, "low point");
    expect_near(low.normal, 0.5L, -kSqrt3 / 2.0L, kPlace, "low normal");
    // Restitution 0.9: 1.9 times the paddle's closing speed sqrt(3) pi / 2, along the normal.
    expect_near(low.body_velocity_after, 0.475L * kSqrt3 * kPi, -1.425L * kPi, kVelocity,
                "low after");
    EXPECT_TRUE(low.turning);
    EXPECT_NEAR(low.other_angle, static_cast<double>(kPi / 6.0L), kTime);
    EXPECT_EQ(low.other_angular_velocity_after, static_cast<double>(kPi / 2.0L));
    const ccd::ContactEvent& high = log.events[1];
    EXPECT_EQ(names.body(high.body), "high");
    EXPECT_EQ(names.other(high), "paddle");
    EXPECT_NEAR(high.time, 2.0 / 3.0, kTime);
    expect_near(high.point, kSqrt3 / 4.0L, 0.75L, kPlace, "high point");
    expect_near(high.normal, -kSqrt3 / 2.0L, 0.5L, kPlace, "high normal");
    // 1.9 times sqrt(3) pi / 4 along the normal.
    expect_near(high.body_velocity_after, -0.7125L * kPi, 0.2375L * kSqrt3 * kPi, kVelocity,
                "high after");
    EXPECT_NEAR(high.other_angle, static_cast<double>(kPi / 3.0L), kTime);
}

TEST(WorldTurningScenes, AWindmillInABoxOfBalls) {
    ccd::SceneWorld run = ccd::make_world(scene("world-windmill-in-a-box.json"));
    const Named names{run};
    const ccd::EventLog& log = run.world.step();
    ASSERT_EQ(log.events.size(), 3u);
    const ccd::ContactEvent& c = log.events[0];
    EXPECT_EQ(names.body(c.body), "c");
    EXPECT_EQ(names.other(c), "floor");
    EXPECT_NEAR(c.time, 0.4375, kTime);
    expect_near(c.point, -5.0L, -8.0L, kPlace, "c point");
    expect_near(c.normal, 0.0L, 1.0L, kPlace, "c normal");
    expect_near(c.body_velocity_after, 0.0L, 7.2L, kVelocity, "c after"); // restitution 0.9
    const ccd::ContactEvent& a = log.events[1];
    EXPECT_EQ(names.body(a.body), "a");
    EXPECT_EQ(names.other(a), "blade1");
    EXPECT_NEAR(a.time, 0.5, kTime);
    const long double eighth = kPi / 8.0L;
    expect_near(a.point, kSqrt3 * std::cos(eighth), kSqrt3 * std::sin(eighth), kPlace, "a point");
    expect_near(a.normal, -std::sin(eighth), std::cos(eighth), kPlace, "a normal");
    const long double speed = 1.9L * kSqrt3 * kPi / 4.0L; // 1.9 x the blade's closing speed
    expect_near(a.body_velocity_after, -speed * std::sin(eighth), speed * std::cos(eighth),
                kVelocity, "a after");
    EXPECT_TRUE(a.turning);
    EXPECT_NEAR(a.other_angle, static_cast<double>(eighth), kTime);
    const ccd::ContactEvent& b = log.events[2];
    EXPECT_EQ(names.body(b.body), "b");
    EXPECT_EQ(names.other(b), "right");
    EXPECT_NEAR(b.time, 0.625, kTime);
    expect_near(b.point, 8.0L, 5.0L, kPlace, "b point");
    expect_near(b.normal, -1.0L, 0.0L, kPlace, "b normal");
    expect_near(b.body_velocity_after, -3.6L, 0.0L, kVelocity, "b after");
}

TEST(WorldTurningScenes, TurningCratesInABox) {
    ccd::SceneWorld run = ccd::make_world(scene("world-turning-crates-in-a-box.json"));
    const Named names{run};
    const ccd::EventLog& log = run.world.step();
    ASSERT_EQ(log.events.size(), 2u);
    // The spinner's corner on the right wall first.
    const long double phi = -std::acos(1.2L / std::sqrt(2.0L));
    const long double ry = std::sqrt(2.0L) * std::sin(phi);
    const long double j = 2.0L * (kPi / 2.0L) * std::fabs(ry) / (0.25L + ry * ry * 0.375L);
    const ccd::ContactEvent& spinner = log.events[0];
    EXPECT_EQ(names.body(spinner.body), "spinner");
    EXPECT_EQ(names.other(spinner), "right");
    EXPECT_NEAR(spinner.time, static_cast<double>((phi + kPi / 4.0L) / (kPi / 2.0L)), kTime);
    expect_near(spinner.point, 7.0L, ry, kPlace, "spinner point");
    expect_near(spinner.normal, -1.0L, 0.0L, kPlace, "spinner normal");
    expect_near(spinner.body_velocity_after, -j / 4.0L, 0.0L, kVelocity, "spinner after");
    EXPECT_NEAR(spinner.body_angular_velocity_after,
                static_cast<double>(kPi / 2.0L + ry * j * 0.375L), kVelocity);
    // The faller's lowest corner on the floor, straight back without turning.
    const ccd::ContactEvent& faller = log.events[1];
    EXPECT_EQ(names.body(faller.body), "faller");
    EXPECT_EQ(names.other(faller), "floor");
    EXPECT_NEAR(faller.time, static_cast<double>((2.0L - 1.0L / std::sqrt(2.0L)) / 4.0L), kTime);
    expect_near(faller.point, -3.0L, -7.0L, kPlace, "faller point");
    expect_near(faller.normal, 0.0L, 1.0L, kPlace, "faller normal");
    expect_near(faller.body_velocity_after, 0.0L, 4.0L, kVelocity, "faller after");
    EXPECT_NEAR(faller.body_angular_velocity_after, 0.0, kVelocity);
}

TEST(WorldTurningScenes, NoBodyLeavesItsBoxOverASoak) {
    soak("world-crate-spun-by-a-ball.json", 6.0, 1000);
    soak("world-paddle-bats-balls.json", 7.0, 1000);
    soak("world-windmill-in-a-box.json", 8.0, 1000);
    soak("world-turning-crates-in-a-box.json", 7.0, 1000);
}

} // namespace
