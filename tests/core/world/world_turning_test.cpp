// Turning polygons in ccd::World (docs/turning-bodies.md): rigid bodies that spin
// when hit off their center of mass. The first events are worked out by hand in the comments
// (the contact from the geometry, the impulse from Baraff's formula); the soak checks what must
// hold over a long run: nobody leaves the box, no overlap deeper than the queries' tolerance,
// the kinetic energy (linear plus angular) kept.
#include "body_defs.hpp"
#include "ccd/world.hpp"
#include "expect_near.hpp"
#include "log_level_comparison.hpp"
#include "placed_shapes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Feature;
using ccd::OtherKind;
using ccd::Vec2;
using ccd::World;
using ccd_test::ball;
using ccd_test::expect_near;
using ccd_test::placed;
using ccd_test::Placed;
using ccd_test::separation;
using ccd_test::signed_distance;

// The square [-1, 1]^2 about its center, counter-clockwise: edge 3 is the left side, from
// (-1, 1) to (-1, -1). Area 4: with density 1 its mass is 4 and its moment of inertia about the
// center m (2^2 + 2^2) / 12 = 8/3.
const std::vector<Vec2> kSquare{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};

BodyDef turning_square(Vec2 center, Vec2 velocity, double angular_velocity) {
    BodyDef def;
    def.shape = Circle{center, 0.0};
    def.velocity = velocity;
    def.mass = 4.0;
    def.outline = kSquare;
    def.angular_velocity = angular_velocity;
    return def;
}

TEST(WorldTurning, ACrateKnockedIntoASpinByABall) {
    // The crate (the square above) at rest about (0, 0), free to turn; a ball of radius 0.5 and
    // mass 1 at (-3, 0.5) moving by (2, 0) a frame. Its center reaches x = -1.5 at t = 0.75 and
    // it touches the left side at (-1, 0.5), half a unit above the crate's center.
    // The ball is body 0, the crate body 1: the normal from the crate toward the ball (-1, 0).
    // The crate's lever r = (-1, 0.5), r x n = 0.5; the closing speed 2;
    //   j = 2 x 2 / (1 + 1/4 + 0.5^2 x 3/8) = 4 / (43/32) = 128/43.
    // The ball leaves at 2 - 128/43 = -42/43; the crate's center at (128/43) / 4 = 32/43, and
    // it turns clockwise at -0.5 x (128/43) x 3/8 = -24/43 radians a frame. The energy:
    // (1/2) 4 before; (882 + 2048 + 768) / 1849 = 2 after.
    World world;
    world.add_body(ball({-3.0, 0.5}, 0.5, {2.0, 0.0}));
    world.add_body(turning_square({0.0, 0.0}, {}, 0.0));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, 0.75, 1e-12);
    EXPECT_EQ(e.body, 0);
    EXPECT_EQ(e.other_kind, OtherKind::Body);
    EXPECT_EQ(e.other, 1);
    EXPECT_EQ(e.feature, Feature::PolygonEdge);
    EXPECT_EQ(e.edge, 3);
    expect_near(e.point, {-1.0, 0.5});
    expect_near(e.normal, {-1.0, 0.0});
    EXPECT_TRUE(e.turning);
    expect_near(e.body_velocity_after, {-42.0 / 43.0, 0.0});
    expect_near(e.other_velocity_after, {32.0 / 43.0, 0.0});
    EXPECT_EQ(e.other_angular_velocity_before, 0.0);
    EXPECT_NEAR(e.other_angular_velocity_after, -24.0 / 43.0, 1e-12);
    EXPECT_EQ(e.body_angular_velocity_after, 0.0) << "a ball does not turn";
    EXPECT_EQ(e.other_angle, 0.0);
    expect_near(e.impulse, {-128.0 / 43.0, 0.0}); // on the ball, its mass 1
    // At the frame's end the crate has turned by -24/43 x 0.25 = -6/43 about (8/43, 0).
    const ccd::WorldBody crate = world.body(1);
    expect_near(crate.shape.center, {8.0 / 43.0, 0.0});
    EXPECT_NEAR(crate.angle, -6.0 / 43.0, 1e-12);
    EXPECT_NEAR(crate.angular_velocity, -24.0 / 43.0, 1e-12);
    // Its path: the frame's start, the contact, the end, each with the orientation.
    ASSERT_EQ(log.paths[1].points.size(), 3u);
    EXPECT_EQ(log.paths[1].points[1].angle, 0.0);
    EXPECT_NEAR(log.paths[1].points[2].angle, -6.0 / 43.0, 1e-12);
    const double energy = 0.5 * 1.0 * std::pow(e.body_velocity_after.x, 2) +
                          0.5 * 4.0 * std::pow(e.other_velocity_after.x, 2) +
                          0.5 * (8.0 / 3.0) * std::pow(e.other_angular_velocity_after, 2);
    EXPECT_NEAR(energy, 2.0, 1e-13);
    // The next frame the ball is still leaving and the crate turning away: no event.
    EXPECT_TRUE(world.step().events.empty());
}

TEST(WorldTurning, ASpinningSquareHitsAWallWithItsCorner) {
    // The square about (0, 0), still, turning counter-clockwise a quarter turn a frame; a static
    // wall along x = 1.2. Its corner (1, -1) is at angle -pi/4 and sqrt 2 from the center, at
    // angle -pi/4 + (pi/2) t at time t: it reaches x = 1.2 when sqrt 2 cos(phi) = 1.2, at
    // phi = -acos(1.2 / sqrt 2), t = (phi + pi/4) / (pi/2) (about 0.1437), at the point
    // (1.2, sqrt 2 sin phi). The normal from the wall toward the square (-1, 0); the corner
    // moves at w x r = (-w r.y, w r.x), closing at w |r.y| (r.y < 0). With r x n = r.x n.y -
    // r.y n.x = r.y, I = 8/3 and m = 4: j = 2 w |r.y| / (1/4 + r.y^2 3/8); the center leaves at
    // -j / 4 along x and the spin becomes w + r.y j 3/8.
    constexpr double pi = std::numbers::pi;
    const double w = pi / 2.0;
    const double phi = -std::acos(1.2 / std::sqrt(2.0));
    const double t = (phi + pi / 4.0) / (pi / 2.0);
    const Vec2 point{1.2, std::sqrt(2.0) * std::sin(phi)};
    const double j = 2.0 * w * std::fabs(point.y) / (0.25 + point.y * point.y * 0.375);
    World world;
    world.add_wall({{1.2, -5.0}, {1.2, 5.0}});
    world.add_body(turning_square({0.0, 0.0}, {}, w));
    const ccd::EventLog& log = world.step();
    ASSERT_GE(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, t, 1e-9);
    EXPECT_EQ(e.other_kind, OtherKind::Wall);
    EXPECT_EQ(e.vertex, 1);
    expect_near(e.point, point, 1e-9);
    expect_near(e.normal, {-1.0, 0.0}, 1e-9);
    EXPECT_NEAR(e.body_angle, w * t, 1e-9);
    EXPECT_EQ(e.body_angular_velocity_before, w);
    expect_near(e.body_velocity_after, {-j / 4.0, 0.0}, 1e-8);
    EXPECT_NEAR(e.body_angular_velocity_after, w + point.y * j * 0.375, 1e-8);
    // The corner now leaves the wall: its velocity along x is -j/4 - w' r.y < 0.
    const double w_after = e.body_angular_velocity_after;
    EXPECT_LT(e.body_velocity_after.x - w_after * point.y, 0.0);
}

TEST(WorldTurning, AHeavierGivenInertiaTurnsLess) {
    // The crate of the first test with a moment of inertia given as 8 (three times its own):
    // j = 4 / (1 + 1/4 + 0.25 / 8) = 4 / (41/32) = 128/41; the spin -0.5 (128/41) / 8 = -8/41.
    World world;
    world.add_body(ball({-3.0, 0.5}, 0.5, {2.0, 0.0}));
    BodyDef crate = turning_square({0.0, 0.0}, {}, 0.0);
    crate.inertia = 8.0;
    world.add_body(crate);
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].other_angular_velocity_after, -8.0 / 41.0, 1e-12);
    expect_near(log.events[0].other_velocity_after, {32.0 / 41.0, 0.0});
}

TEST(WorldTurning, WhatAddBodyRefuses) {
    World world;
    BodyDef disk = ball({0.0, 0.0}, 1.0, {});
    disk.angular_velocity = 1.0;
    EXPECT_THROW(world.add_body(disk), std::invalid_argument) << "only a polygon turns";
    BodyDef l_shape = turning_square({0.0, 0.0}, {}, 1.0);
    l_shape.outline = {{0.0, 0.0}, {2.0, 0.0}, {2.0, 1.0}, {1.0, 1.0}, {1.0, 3.0}, {0.0, 3.0}};
    EXPECT_THROW(world.add_body(l_shape), std::invalid_argument) << "not convex";
    world.add_body(turning_square({0.0, 0.0}, {}, 1.0));
    BodyDef fixed_l = l_shape;
    fixed_l.angular_velocity.reset();
    EXPECT_THROW(world.add_body(fixed_l), std::invalid_argument)
        << "a World with turning polygons takes convex polygons only";
}

TEST(WorldTurning, AClockwiseOutlineIsKeptCounterClockwise) {
    World world;
    BodyDef def = turning_square({0.0, 0.0}, {}, 1.0);
    def.outline = {{-1.0, 1.0}, {1.0, 1.0}, {1.0, -1.0}, {-1.0, -1.0}};
    world.add_body(def);
    const auto outline = world.outline(0);
    ASSERT_EQ(outline.size(), 4u);
    EXPECT_EQ(outline[0], (Vec2{-1.0, -1.0}));
    EXPECT_EQ(outline[1], (Vec2{1.0, -1.0}));
}

TEST(WorldTurning, ASpinningSquareSqueezedBetweenClosingWallsIsCrushedNotPassedThrough) {
    // Walls x = -3 moving +4 and x = 3 moving -2 a frame (they meet at x = 1 at t = 1); the
    // square (half-size 1) still at the center, turning at 1 radian a frame. The walls close on
    // it, its contacts come ever faster, the chattering rule freezes it and a wall that still
    // closes crushes it: the frame ends, and until then no corner is past either wall.
    World world;
    world.add_kinematic_wall({{-3.0, -10.0}, {-3.0, 10.0}}, {4.0, 0.0}, {4.0, 0.0});
    world.add_kinematic_wall({{3.0, -10.0}, {3.0, 10.0}}, {-2.0, 0.0}, {-2.0, 0.0});
    world.add_body(turning_square({0.0, 0.0}, {}, 1.0));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.crushes.size(), 1u);
    EXPECT_EQ(log.crushes[0].body, 0);
    EXPECT_FALSE(world.body(0).alive);
    EXPECT_FALSE(log.budget_cut.has_value());
    EXPECT_GT(log.events.size(), 2u);
    // Every vertex of the square's path, between the walls at its time.
    for (const ccd::PathPoint& p : log.paths[0].points) {
        const double left = -3.0 + 4.0 * p.time, right = 3.0 - 2.0 * p.time;
        const double c = std::cos(p.angle), s = std::sin(p.angle);
        for (const Vec2 r : world.outline(0)) {
            const double x = p.position.x + c * r.x - s * r.y;
            EXPECT_GE(x, left - 1e-9) << "t " << p.time;
            EXPECT_LE(x, right + 1e-9) << "t " << p.time;
        }
    }
}

// ---- the soak ------------------------------------------------------------------------------

// A closed 20 x 20 box; 8 turning polygons (squares, triangles, hexagons) and 8 balls, one to
// a cell of a 4 x 4 grid, at up to 1.5 a frame and 2 radians a frame.
struct TurningBox {
    World world;
    std::vector<double> masses, inertia; // by body; a regular polygon's by its closed form
    std::vector<int> polygons, balls;
};

constexpr double kBoxHalf = 10.0;

TurningBox turning_box(unsigned seed, ccd::WorldOptions options = {}) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    TurningBox box{World(options), {}, {}, {}, {}};
    constexpr double half = kBoxHalf;
    box.world.add_polyline(
        std::vector<Vec2>{{-half, -half}, {half, -half}, {half, half}, {-half, half}}, true);
    for (int k = 0; k < 16; ++k) {
        const Vec2 center{-7.5 + 5.0 * (k % 4), -7.5 + 5.0 * (k / 4)};
        const Vec2 velocity{1.5 * u(rng), 1.5 * u(rng)};
        if (k % 2 == 0) {
            const int sides = k % 3 == 0 ? 4 : k % 3 == 1 ? 3 : 6;
            const double size = 1.0 + 0.5 * u(rng);
            BodyDef def;
            def.shape = Circle{center, 0.0};
            def.velocity = velocity;
            for (int v = 0; v < sides; ++v) {
                const double a = 2.0 * std::numbers::pi * v / sides;
                def.outline.push_back({size * std::cos(a), size * std::sin(a)});
            }
            // A regular polygon of circumradius R: area (n/2) R^2 sin(2 pi / n), I / m =
            // (R^2 / 6)(1 + 2 cos^2(pi / n)) (its moment about the center).
            const double area =
                0.5 * sides * size * size * std::sin(2.0 * std::numbers::pi / sides);
            const double cos_pi_n = std::cos(std::numbers::pi / sides);
            def.mass = area;
            box.masses.push_back(area);
            def.angular_velocity = 2.0 * u(rng);
            box.inertia.push_back(area * size * size / 6.0 * (1.0 + 2.0 * cos_pi_n * cos_pi_n));
            box.polygons.push_back(box.world.add_body(def));
        } else {
            const double radius = 0.4 + 0.1 * u(rng);
            box.inertia.push_back(0.0);
            box.masses.push_back(1.0);
            box.balls.push_back(box.world.add_body(ball(center, radius, velocity)));
        }
    }
    return box;
}

TEST(WorldTurning, TurningCratesAndBallsInABoxKeepTheirEnergyAndStayApart) {
    constexpr double half = kBoxHalf;
    const int frames = std::getenv("CCD_TURNING_SOAK_FRAMES")
                           ? std::atoi(std::getenv("CCD_TURNING_SOAK_FRAMES"))
                           : 2000;
    const double tolerance = 1e-9 * half;
    TurningBox box =
        turning_box(std::getenv("CCD_TURNING_SOAK_SEED")
                        ? static_cast<unsigned>(std::atoi(std::getenv("CCD_TURNING_SOAK_SEED")))
                        : 2021u);
    World& world = box.world;
    const std::vector<double>& masses = box.masses;
    const std::vector<double>& inertia = box.inertia;
    const std::vector<int>& polygons = box.polygons;
    const std::vector<int>& balls = box.balls;
    const auto energy = [&] {
        double sum = 0.0;
        for (int i = 0; i < 16; ++i) {
            const ccd::WorldBody b = world.body(i);
            sum += 0.5 * masses[static_cast<std::size_t>(i)] * ccd::dot(b.velocity, b.velocity) +
                   0.5 * inertia[static_cast<std::size_t>(i)] * b.angular_velocity *
                       b.angular_velocity;
        }
        return sum;
    };
    const double start = energy();
    long events = 0, turning_events = 0;
    for (int f = 0; f < frames; ++f) {
        const ccd::EventLog& log = world.step();
        ASSERT_TRUE(log.crushes.empty()) << "frame " << f;
        ASSERT_FALSE(log.budget_cut) << "frame " << f;
        ASSERT_TRUE(log.chatter_cuts.empty()) << "frame " << f;
        events += static_cast<long>(log.events.size());
        for (const ccd::ContactEvent& e : log.events)
            turning_events +=
                e.turning && e.body_angular_velocity_after != e.body_angular_velocity_before;
        for (std::size_t k = 1; k < log.events.size(); ++k)
            ASSERT_GE(log.events[k].time, log.events[k - 1].time);
        std::vector<Placed> shapes(16);
        for (const int p : polygons) {
            ASSERT_TRUE(world.body(p).alive);
            shapes[static_cast<std::size_t>(p)] = placed(world, p);
            for (const Vec2 v : shapes[static_cast<std::size_t>(p)].vertices) {
                ASSERT_LE(std::fabs(v.x), half + tolerance) << "frame " << f << " body " << p;
                ASSERT_LE(std::fabs(v.y), half + tolerance) << "frame " << f << " body " << p;
            }
        }
        for (const int b : balls) {
            const ccd::WorldBody disk = world.body(b);
            ASSERT_TRUE(disk.alive);
            ASSERT_LE(std::fabs(disk.shape.center.x) + disk.shape.radius, half + tolerance);
            ASSERT_LE(std::fabs(disk.shape.center.y) + disk.shape.radius, half + tolerance);
            for (const int p : polygons)
                ASSERT_GE(signed_distance(shapes[static_cast<std::size_t>(p)], disk.shape.center),
                          disk.shape.radius - tolerance)
                    << "frame " << f << " ball " << b << " polygon " << p;
            for (const int c : balls) {
                if (c <= b) continue;
                ASSERT_GE(ccd::length(disk.shape.center - world.body(c).shape.center),
                          disk.shape.radius + world.body(c).shape.radius - tolerance);
            }
        }
        for (const int p : polygons) {
            for (const int q : polygons) {
                if (q <= p) continue;
                ASSERT_GE(separation(shapes[static_cast<std::size_t>(p)],
                                     shapes[static_cast<std::size_t>(q)]),
                          -tolerance)
                    << "frame " << f << " polygons " << p << " " << q;
            }
        }
    }
    EXPECT_GT(events, 1000);
    EXPECT_GT(turning_events, 100) << "the polygons' spins change at their contacts";
    EXPECT_NEAR(energy(), start, 1e-9 * start);
}

} // namespace

namespace {

TEST(WorldTurning, TheLogLevelsAndTheBroadphasesAgreeBitForBit) {
    // The soak's box for 200 frames: Events and None give Full's events, bit for bit; all pairs
    // give the grid's whole log.
    EXPECT_GT(ccd_test::expect_same_trajectories(
                  [](ccd::LogLevel level) {
                      ccd::WorldOptions options;
                      options.log_level = level;
                      return std::move(turning_box(7, options).world);
                  },
                  200),
              100);
    ccd::WorldOptions all_pairs;
    all_pairs.broadphase = ccd::Broadphase::AllPairs;
    World grid = std::move(turning_box(7).world);
    World all = std::move(turning_box(7, all_pairs).world);
    for (int f = 0; f < 200; ++f) {
        const std::string expected = ccd::to_text(grid.step());
        ASSERT_EQ(expected, ccd::to_text(all.step())) << "frame " << f;
    }
}

TEST(WorldTurning, AKeyframeRestoresATurningRunBitForBit) {
    // Stepped 50 frames, keyframed, restored into a snapshot taken at the start: the next 50
    // frames' logs are the original's.
    World world = std::move(turning_box(11).world);
    const World start = world.snapshot();
    for (int f = 0; f < 50; ++f)
        world.step();
    World restored = start.restored(world.keyframe());
    for (int f = 0; f < 50; ++f) {
        const std::string expected = ccd::to_text(world.step());
        ASSERT_EQ(expected, ccd::to_text(restored.step())) << "frame " << f;
        ASSERT_EQ(ccd_test::body_state(world), ccd_test::body_state(restored));
    }
}

} // namespace
