#pragma once
// Random scenes for the oracle and soak tests: balls that do not overlap, inside a closed box.

#include "reference_scheduler.hpp"

#include "ccd/world.hpp"

#include <cmath>
#include <cstdint>
#include <random>

namespace ccd_test {

// A box [0, size]^2 of four walls and `count` balls of radius `radius`, on a jittered grid so
// they start apart, with velocities up to `max_speed` per frame.
inline ReferenceScene balls_in_box(int count, double size, double radius, double max_speed,
                                   std::uint32_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    ReferenceScene scene;
    scene.walls = {{{0.0, 0.0}, {size, 0.0}},
                   {{size, 0.0}, {size, size}},
                   {{size, size}, {0.0, size}},
                   {{0.0, size}, {0.0, 0.0}}};
    const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count))));
    const double cell = size / side;
    const double slack = cell - 2.0 * radius; // room to jitter in
    for (int k = 0; k < count; ++k) {
        const double x = (k % side) * cell + radius + slack * (0.05 + 0.9 * unit(rng));
        const double y = (k / side) * cell + radius + slack * (0.05 + 0.9 * unit(rng));
        const double angle = 6.283185307179586 * unit(rng);
        const double speed = max_speed * unit(rng);
        ccd::BodyDef def;
        def.shape = {{x, y}, radius};
        def.velocity = {speed * std::cos(angle), speed * std::sin(angle)};
        scene.bodies.push_back(def);
    }
    return scene;
}

// The World that the scheduler under test steps, built from the same scene as the oracle's.
inline ccd::World make_world(const ReferenceScene& scene) {
    ccd::World world(scene.options);
    for (const ccd::Segment& w : scene.walls)
        world.add_wall(w);
    for (const ccd::BodyDef& b : scene.bodies)
        world.add_body(b);
    return world;
}

} // namespace ccd_test
