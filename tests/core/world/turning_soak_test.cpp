// The turning soak (docs/turning-bodies.md): 1,000 bodies in a closed box, a third of them
// turning polygons, elastic, no gravity (turning_soak_scene.hpp). Checked at every frame's end,
// by plain geometry (placed_shapes.hpp), not by the World's queries: no vertex of a polygon and
// no point of a ball's disc beyond the box by more than the contract's delta, no two bodies
// overlapping by more than delta, the kinetic energy (linear and angular, the moments of
// inertia by their closed form) kept to 1e-9 relative; every frame ends by its own events (no
// budget cut, no chatter cut, nobody crushed). Sized for CI (1,000 frames, 100 in a sanitized
// build); CCD_TURNING_SOAK_LARGE=1 runs the 10,000 frames (CCD_TURNING_SOAK_LARGE_FRAMES=n another
// count), CCD_TURNING_SOAK_SPEED=v at v units a frame instead of 0.4.
#include "ccd/world.hpp"
#include "placed_shapes.hpp"
#include "turning_soak_scene.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

// Frames in CI: the unoptimised, sanitized build is about 10x slower.
#ifdef __SANITIZE_ADDRESS__
constexpr int kCiFrames = 100;
#else
constexpr int kCiFrames = 1000;
#endif

int frames() {
    if (const char* n = std::getenv("CCD_TURNING_SOAK_LARGE_FRAMES")) return std::atoi(n);
    if (std::getenv("CCD_TURNING_SOAK_LARGE")) return 10000;
    return kCiFrames;
}

// The checks themselves, by hand: they see an overlap and a body out of the box.
TEST(PlacedShapes, MeasureOverlapsAndHowFarOutOfTheBox) {
    using ccd_test::Placed;
    const auto square = [](ccd::Vec2 c, double h) {
        return Placed{c,
                      0.0,
                      {c + ccd::Vec2{-h, -h}, c + ccd::Vec2{h, -h}, c + ccd::Vec2{h, h},
                       c + ccd::Vec2{-h, h}}};
    };
    // Two unit squares 0.9 apart along x overlap by 0.1; a ball of radius 0.5 whose center is
    // 0.3 from the first square's right side (x = 0.5) overlaps it by 0.2.
    const Placed a = square({0.0, 0.0}, 0.5), b = square({0.9, 0.2}, 0.5);
    EXPECT_NEAR(ccd_test::gap(a, b), -0.1, 1e-15);
    EXPECT_NEAR(ccd_test::gap(a, Placed{{0.8, 0.0}, 0.5}), -0.2, 1e-15);
    EXPECT_NEAR(ccd_test::gap(Placed{{0.0, 3.0}, 1.0}, Placed{{0.0, 0.0}, 1.5}), 0.5, 1e-15);
    EXPECT_NEAR(ccd_test::deepest_overlap({a, b, Placed{{5.0, 5.0}, 0.5}}, 0.75), 0.1, 1e-15);
    // In the box [-1, 1]^2: a square reaching x = 1.25, a ball reaching y = -1.5.
    EXPECT_NEAR(ccd_test::beyond_box(square({0.75, 0.0}, 0.5), 1.0), 0.25, 1e-15);
    EXPECT_NEAR(ccd_test::beyond_box(Placed{{0.0, -1.0}, 0.5}, 1.0), 0.5, 1e-15);
    EXPECT_NEAR(ccd_test::beyond_box(Placed{{0.0, 0.0}, 0.5}, 1.0), -0.5, 1e-15);
}

TEST(WorldTurningSoak, AThousandBodiesAThirdTurningStayInTheBoxApartAndKeepTheirEnergy) {
    // Units a frame: 4x the benchmark's base speed, two fifths of a ball's radius.
    const double speed = std::getenv("CCD_TURNING_SOAK_SPEED")
                             ? std::atof(std::getenv("CCD_TURNING_SOAK_SPEED"))
                             : 0.4;
    const ccd_test::TurningSoakScene scene = ccd_test::turning_soak_scene(1000, speed, 2026u);
    ccd::World world = ccd_test::make_world(scene);
    const int n = static_cast<int>(scene.bodies.size());
    // The contract's delta (docs/accuracy.md): 1e-12 of the largest coordinate, displacement,
    // radius and turn times lever arm of any pair. Every coordinate is within the box, a body
    // moves at most speed a frame and spins at most speed / R, so its vertices at most speed
    // about the center; the elastic collisions trade speed between bodies, so a body's speed is
    // bounded by what the total energy gives it alone (checked below, with the bound's margin).
    double energy0 = 0.0, reach = 0.0;
    for (const ccd_test::SoakBody& b : scene.bodies) {
        energy0 += 0.5 * b.mass * ccd::dot(b.velocity, b.velocity) +
                   0.5 * b.inertia * b.spin.value_or(0.0) * b.spin.value_or(0.0);
        reach = std::max({reach, b.radius, b.circumradius});
    }
    double lightest = 1e300, least_inertia = 1e300;
    for (const ccd_test::SoakBody& b : scene.bodies) {
        lightest = std::min(lightest, b.mass);
        if (b.spin) least_inertia = std::min(least_inertia, b.inertia);
    }
    // The fastest any body can go (all the energy in it) and the fastest any vertex can turn.
    const double top_speed = std::sqrt(2.0 * energy0 / lightest);
    const double top_turn = std::sqrt(2.0 * energy0 / least_inertia) * reach;
    const double delta = 1e-12 * std::max({1.0, scene.half + top_speed + top_turn});
    const auto energy = [&] {
        double sum = 0.0;
        for (int i = 0; i < n; ++i) {
            const ccd::WorldBody b = world.body(i);
            const ccd_test::SoakBody& s = scene.bodies[static_cast<std::size_t>(i)];
            sum += 0.5 * s.mass * ccd::dot(b.velocity, b.velocity) +
                   0.5 * s.inertia * b.angular_velocity * b.angular_velocity;
        }
        return sum;
    };
    EXPECT_NEAR(energy(), energy0, 1e-12 * energy0) << "the World's start is the scene's";
    const int count = frames();
    long events = 0, spin_changes = 0;
    double deepest = 0.0, farthest = -1e300, drift = 0.0;
    std::vector<ccd_test::Placed> shapes(static_cast<std::size_t>(n));
    for (int f = 0; f < count; ++f) {
        const ccd::EventLog& log = world.step();
        ASSERT_FALSE(log.budget_cut) << "frame " << f;
        ASSERT_TRUE(log.chatter_cuts.empty()) << "frame " << f;
        ASSERT_TRUE(log.crushes.empty()) << "frame " << f;
        events += static_cast<long>(log.events.size());
        for (const ccd::ContactEvent& e : log.events)
            spin_changes +=
                e.turning && (e.body_angular_velocity_after != e.body_angular_velocity_before ||
                              e.other_angular_velocity_after != e.other_angular_velocity_before);
        for (int i = 0; i < n; ++i) {
            ASSERT_TRUE(world.body(i).alive) << "frame " << f << " body " << i;
            shapes[static_cast<std::size_t>(i)] = ccd_test::placed(world, i);
            const double out =
                ccd_test::beyond_box(shapes[static_cast<std::size_t>(i)], scene.half);
            farthest = std::max(farthest, out);
            ASSERT_LE(out, delta) << "frame " << f << " body " << i << " leaves the box";
        }
        const double overlap = ccd_test::deepest_overlap(shapes, reach);
        deepest = std::max(deepest, overlap);
        ASSERT_LE(overlap, delta) << "frame " << f;
        const double e = energy();
        drift = std::max(drift, std::fabs(e - energy0) / energy0);
        ASSERT_NEAR(e, energy0, 1e-9 * energy0) << "frame " << f;
        for (int i = 0; i < n; ++i) {
            const ccd::WorldBody b = world.body(i);
            ASSERT_LE(ccd::length(b.velocity), top_speed);
            ASSERT_LE(std::fabs(b.angular_velocity) * reach, top_turn);
        }
    }
    std::printf("[ soak     ] %d bodies at %g, %d frames: %ld events, %ld changing a spin; deepest "
                "overlap %.3g, farthest out %.3g (delta %.3g), energy drift %.3g\n",
                n, speed, count, events, spin_changes, deepest, farthest, delta, drift);
    EXPECT_GT(events, 5L * count) << "the bodies must meet";
    EXPECT_GT(spin_changes, count) << "the polygons' spins change at their contacts";
}

} // namespace
