#pragma once
// The turning soak's scene (world_tests' WorldTurningSoak.*, the benchmark world_turning_bench
// against Box2D's b2World; docs/turning-bodies.md): `count` bodies in the closed box
// [-half, half]^2, one to a cell of a jittered square lattice of cells 2 wide, every third a
// turning regular polygon (squares, triangles, hexagons, circumradius 0.5 to 0.75, spinning), one
// in thirty a square that never turns, the rest balls of radius 0.4 to 0.6; uniform density 1
// (a ball's mass pi r^2, a polygon's its area), elastic, no gravity. Each body moves at
// `speed` x (0.5 to 1) units a frame in a random direction; a turning polygon spins at up to
// `speed` / its circumradius radians a frame either way (its vertices about as fast as its
// center). A plain description, so that both worlds are built from the same numbers.

#include "ccd/world.hpp"

#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <random>
#include <vector>

namespace ccd_test {

struct SoakBody {
    ccd::Vec2 center;               // a polygon's: its area centroid
    ccd::Vec2 velocity;             // units a frame
    double radius = 0.0;            // a ball's; 0 for a polygon
    double circumradius = 0.0;      // a polygon's: its vertices' distance from the center
    std::vector<ccd::Vec2> outline; // a polygon's vertices about the center, counter-clockwise
    std::optional<double> spin;     // a turning polygon's angular velocity, radians a frame
    double mass = 0.0;
    double inertia = 0.0; // about the center, by the closed form (0 for a ball or a fixed polygon)
};

struct TurningSoakScene {
    double half = 0.0; // the box is [-half, half]^2
    std::vector<SoakBody> bodies;
};

// A regular polygon of n vertices at distance R from its center: area (n/2) R^2 sin(2 pi / n),
// moment of inertia about the center per unit mass (R^2 / 6)(1 + 2 cos^2(pi / n)).
inline TurningSoakScene turning_soak_scene(int count, double speed, std::uint32_t seed) {
    constexpr double pi = std::numbers::pi;
    constexpr double cell = 2.0;
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count))));
    TurningSoakScene scene;
    scene.half = 0.5 * cell * side;
    for (int k = 0; k < count; ++k) {
        SoakBody b;
        const bool turning = k % 3 == 0, fixed = k % 30 == 1;
        const double reach = turning || fixed ? 0.5 + 0.25 * unit(rng) : 0.4 + 0.2 * unit(rng);
        const double slack = 0.5 * cell - reach; // room to jitter in
        b.center = {-scene.half + cell * (k % side + 0.5) + slack * (2.0 * unit(rng) - 1.0),
                    -scene.half + cell * (k / side + 0.5) + slack * (2.0 * unit(rng) - 1.0)};
        const double heading = 2.0 * pi * unit(rng);
        const double v = speed * (0.5 + 0.5 * unit(rng));
        b.velocity = {v * std::cos(heading), v * std::sin(heading)};
        if (turning || fixed) {
            const int n = fixed ? 4 : (k / 3) % 3 == 0 ? 4 : (k / 3) % 3 == 1 ? 3 : 6;
            const double turn = 2.0 * pi * unit(rng);
            b.circumradius = reach;
            for (int i = 0; i < n; ++i) {
                const double a = turn + 2.0 * pi * i / n;
                b.outline.push_back({reach * std::cos(a), reach * std::sin(a)});
            }
            b.mass = 0.5 * n * reach * reach * std::sin(2.0 * pi / n);
            if (turning) {
                const double c = std::cos(pi / n);
                b.inertia = b.mass * reach * reach / 6.0 * (1.0 + 2.0 * c * c);
                b.spin = speed / reach * (2.0 * unit(rng) - 1.0);
            }
        } else {
            b.radius = reach;
            b.mass = pi * reach * reach;
        }
        scene.bodies.push_back(b);
    }
    return scene;
}

// The scene as a ccd::World: the box as one closed polyline, body i the scene's body i. A
// turning polygon's moment of inertia is left to the World (ccd::mass_properties), so the tests'
// closed form checks it.
inline ccd::World make_world(const TurningSoakScene& scene, ccd::WorldOptions options = {}) {
    ccd::World world(options);
    const double h = scene.half;
    world.add_polyline(std::vector<ccd::Vec2>{{-h, -h}, {h, -h}, {h, h}, {-h, h}}, true);
    for (const SoakBody& b : scene.bodies) {
        ccd::BodyDef def;
        def.shape = ccd::Circle{b.center, b.radius};
        def.velocity = b.velocity;
        def.mass = b.mass;
        def.outline = b.outline;
        def.angular_velocity = b.spin;
        world.add_body(def);
    }
    return world;
}

} // namespace ccd_test
