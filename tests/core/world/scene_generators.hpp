#pragma once
// Random scenes for the oracle, broadphase and soak tests: balls that do not overlap, inside a
// closed box.

#include "reference_scheduler.hpp"

#include "ccd/world.hpp"

#include <cmath>
#include <cstdint>
#include <random>

namespace ccd_test {

inline ccd::MovingSegment static_wall(ccd::Vec2 a, ccd::Vec2 b) {
    return {{a, b}, {}, {}};
}

// A box [0, size]^2 of four walls and `count` balls of radius `radius`, on a jittered grid so
// they start apart, with velocities up to `max_speed` per frame.
inline ReferenceScene balls_in_box(int count, double size, double radius, double max_speed,
                                   std::uint32_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    ReferenceScene scene;
    scene.walls = {static_wall({0.0, 0.0}, {size, 0.0}), static_wall({size, 0.0}, {size, size}),
                   static_wall({size, size}, {0.0, size}), static_wall({0.0, size}, {0.0, 0.0})};
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

// Mixed radii (points included) and responses: mostly elastic or damped bounces, some slide,
// stop, destroy and sensor bodies.
inline ReferenceScene mixed_scene(int count, std::uint32_t seed) {
    ReferenceScene scene = balls_in_box(count, 40.0, 1.0, 8.0, seed);
    std::mt19937 rng(seed * 7919u + 1u);
    std::uniform_int_distribution<int> pick(0, 19);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (ccd::BodyDef& body : scene.bodies) {
        body.shape.radius *= 0.3 + 0.7 * unit(rng);
        if (pick(rng) == 0) body.shape.radius = 0.0;
        body.mass = 0.5 + unit(rng);
        switch (pick(rng)) {
        case 0:
            body.response = ccd::Response::slide();
            break;
        case 1:
            body.response = ccd::Response::stop();
            break;
        case 2:
            body.response = ccd::Response::destroy();
            break;
        case 3:
            body.response = ccd::Response::sensor();
            break;
        case 4:
        case 5:
        case 6:
            body.response = ccd::Response::bounce(0.3 + 0.7 * unit(rng));
            break;
        default:
            break; // elastic
        }
    }
    return scene;
}

// The same scene with about one body in three (points aside) turned into a polygon: a regular
// polygon of 3 to 6 vertices, turned at random, inscribed in the body's circle (so the bodies
// still start apart). Its shape.radius stays that circle's: the World does not use it for a
// polygon, the tests compare normals over it.
inline ReferenceScene with_polygons(ReferenceScene scene, std::uint32_t seed) {
    std::mt19937 rng(seed * 104729u + 3u);
    std::uniform_int_distribution<int> pick(0, 2), sides(3, 6);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (ccd::BodyDef& body : scene.bodies) {
        if (body.shape.radius == 0.0 || pick(rng) != 0) continue;
        const int n = sides(rng);
        const double turn = 6.283185307179586 * unit(rng);
        for (int k = 0; k < n; ++k) {
            const double angle = turn + 6.283185307179586 * k / n;
            body.outline.push_back(
                {body.shape.radius * std::cos(angle), body.shape.radius * std::sin(angle)});
        }
    }
    return scene;
}

// The World that the scheduler under test steps, built from the same scene as the oracle's.
inline ccd::World make_world(const ReferenceScene& scene) {
    ccd::World world(scene.options);
    for (std::size_t k = 0; k < scene.walls.size(); ++k) {
        const ccd::MovingSegment& w = scene.walls[k];
        if (k < scene.wall_turns.size() && scene.wall_turns[k].angle != 0.0)
            world.add_turning_wall(w.start, scene.wall_turns[k].pivot, scene.wall_turns[k].angle);
        else if (w.displacement_a == ccd::Vec2{} && w.displacement_b == ccd::Vec2{})
            world.add_wall(w.start);
        else
            world.add_kinematic_wall(w.start, w.displacement_a, w.displacement_b);
    }
    for (const ccd::BodyDef& b : scene.bodies)
        world.add_body(b);
    return world;
}

} // namespace ccd_test
