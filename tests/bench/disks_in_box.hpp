#pragma once
// The scheduler benchmark's scene (world_bench, world_frames): N equal disks of radius 1 on a
// jittered square lattice in a box of four walls sized for packing fraction 0.3 (N pi / L^2 =
// 0.3), every disk at CCD_WORLD_BENCH_SPEED radii per frame (default 2) in a random direction,
// elastic; kWarmFrames untimed frames first so the measured ones start from a mixed state.

#include "reference_scheduler.hpp"

#include "ccd/world.hpp"

#include <cmath>
#include <cstdlib>
#include <random>

namespace bench {

constexpr double kPacking = 0.3;
constexpr double kRadius = 1.0;
constexpr int kWarmFrames = 3;

inline double speed() {
    if (const char* env = std::getenv("CCD_WORLD_BENCH_SPEED")) {
        const double v = std::atof(env);
        if (v > 0.0) return v;
    }
    return 2.0;
}

inline ccd_test::ReferenceScene disks_in_box(int count, ccd::Broadphase broadphase) {
    const double size = std::sqrt(count * 3.141592653589793 * kRadius * kRadius / kPacking);
    ccd_test::ReferenceScene scene;
    scene.options.broadphase = broadphase;
    const auto wall = [](ccd::Vec2 a, ccd::Vec2 b) { return ccd::MovingSegment{{a, b}, {}, {}}; };
    scene.walls = {wall({0.0, 0.0}, {size, 0.0}), wall({size, 0.0}, {size, size}),
                   wall({size, size}, {0.0, size}), wall({0.0, size}, {0.0, 0.0})};
    std::mt19937_64 rng(20241201);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count))));
    const double cell = size / side; // >= 3.2 radii at packing 0.3
    const double slack = cell - 2.0 * kRadius;
    const double v = speed() * kRadius;
    for (int k = 0; k < count; ++k) {
        const double x = (k % side) * cell + kRadius + slack * (0.05 + 0.9 * unit(rng));
        const double y = (k / side) * cell + kRadius + slack * (0.05 + 0.9 * unit(rng));
        const double angle = 6.283185307179586 * unit(rng);
        ccd::BodyDef def;
        def.shape = {{x, y}, kRadius};
        def.velocity = {v * std::cos(angle), v * std::sin(angle)};
        scene.bodies.push_back(def);
    }
    return scene;
}

inline ccd::World make_world(const ccd_test::ReferenceScene& scene) {
    ccd::World world(scene.options);
    for (const ccd::MovingSegment& w : scene.walls)
        world.add_wall(w.start);
    for (const ccd::BodyDef& b : scene.bodies)
        world.add_body(b);
    return world;
}

} // namespace bench
