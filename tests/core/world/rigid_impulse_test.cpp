// detail::rigid_impulse (core/world/src/collision_response.hpp): the impulse of two rigid bodies at
// a contact, linear and angular, each case worked by hand in its comment; and the kinetic energy
// (linear plus angular) that elastic impulses keep over a long chain of them.
#include "collision_response.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using ccd::Vec2;
using ccd::detail::rigid_impulse;
using ccd::detail::RigidOutcome;
using ccd::detail::RigidSide;

constexpr double kRod = 1.0 / 3.0; // a rod of mass 1 and length 2: I = m L^2 / 12

double energy(const RigidSide& s, Vec2 v, double w) {
    const double m = s.inverse_mass > 0.0 ? 1.0 / s.inverse_mass : 0.0;
    const double i = s.inverse_inertia > 0.0 ? 1.0 / s.inverse_inertia : 0.0;
    return 0.5 * m * ccd::dot(v, v) + 0.5 * i * w * w;
}

TEST(RigidImpulse, ABallHitsTheEndOfARodAtRest) {
    // The rod from (-1, 0) to (1, 0), mass 1, I = 1/3; a ball of mass 1 comes down at 1 onto its
    // end (1, 0). n = (0, 1) from the rod toward the ball; the ball's lever is along n (no arm),
    // the rod's r = (1, 0), r x n = 1. j = 2 x 1 / (1 + 1 + 1^2 x 3) = 0.4: the ball leaves at
    // -0.6, the rod's center at -0.4 and it turns clockwise at 0.4 x 3 = 1.2.
    const RigidSide ball{{0.0, -1.0}, 0.0, 1.0, 0.0, {0.0, -0.5}};
    const RigidSide rod{{0.0, 0.0}, 0.0, 1.0, 1.0 / kRod, {1.0, 0.0}};
    const RigidOutcome out = rigid_impulse(ball, rod, {0.0, 1.0}, 1.0);
    EXPECT_NEAR(out.impulse, 0.4, 1e-15);
    EXPECT_NEAR(out.velocity_a.x, 0.0, 1e-15);
    EXPECT_NEAR(out.velocity_a.y, -0.6, 1e-15);
    EXPECT_EQ(out.angular_velocity_a, 0.0);
    EXPECT_NEAR(out.velocity_b.y, -0.4, 1e-15);
    EXPECT_NEAR(out.angular_velocity_b, -1.2, 1e-15);
    // Energy: 1/2 before; 0.18 + 0.08 + 0.24 after.
    EXPECT_NEAR(energy(ball, out.velocity_a, 0.0) +
                    energy(rod, out.velocity_b, out.angular_velocity_b),
                0.5, 1e-15);
}

TEST(RigidImpulse, ARodFallingOntoAFloorByItsEndStartsTurning) {
    // The rod comes down at 1 and meets a static floor (infinite mass) by its end (1, 0) alone.
    // r x n = 1, j = 2 / (1 + 3) = 0.5: the center leaves at -0.5, the rod turns counter-
    // clockwise at 1.5, and its end moves up at -0.5 + 1.5 = 1 (the closing speed reversed).
    const RigidSide rod{{0.0, -1.0}, 0.0, 1.0, 1.0 / kRod, {1.0, 0.0}};
    const RigidSide floor{};
    const RigidOutcome out = rigid_impulse(rod, floor, {0.0, 1.0}, 1.0);
    EXPECT_NEAR(out.impulse, 0.5, 1e-15);
    EXPECT_NEAR(out.velocity_a.y, -0.5, 1e-15);
    EXPECT_NEAR(out.angular_velocity_a, 1.5, 1e-15);
    EXPECT_EQ(out.velocity_b, (Vec2{}));
    EXPECT_EQ(out.angular_velocity_b, 0.0);
    const Vec2 end = ccd::detail::point_velocity(out.velocity_a, out.angular_velocity_a, rod.lever);
    EXPECT_NEAR(end.y, 1.0, 1e-15);
    // Half restitution: j = 1.5 / 4, the end leaves at 0.5.
    const RigidOutcome half = rigid_impulse(rod, floor, {0.0, 1.0}, 0.5);
    EXPECT_NEAR(ccd::detail::point_velocity(half.velocity_a, half.angular_velocity_a, rod.lever).y,
                0.5, 1e-15);
}

TEST(RigidImpulse, AMovingWallHitsARodAtRestByItsEnd) {
    // The same contact seen from the wall: the floor's material moves up at 1 (its velocity at
    // the contact point), the rod is still. The same j = 0.5: the rod's end leaves at 2, the
    // wall's 1 plus the 1 it closed at.
    const RigidSide rod{{0.0, 0.0}, 0.0, 1.0, 1.0 / kRod, {1.0, 0.0}};
    const RigidSide wall{{0.0, 1.0}, 0.0, 0.0, 0.0, {}};
    const RigidOutcome out = rigid_impulse(rod, wall, {0.0, 1.0}, 1.0);
    EXPECT_NEAR(out.velocity_a.y, 0.5, 1e-15);
    EXPECT_NEAR(out.angular_velocity_a, 1.5, 1e-15);
    EXPECT_EQ(out.velocity_b, (Vec2{0.0, 1.0})) << "a wall gives nothing way";
}

TEST(RigidImpulse, ASpinningSquareBouncesOffAFloorOnItsCorner) {
    // A 2 x 2 square (mass 1, I = (4 + 4) / 12 = 2/3), still but turning clockwise at 1, its
    // corner at r = (1, -1) from its center on the floor: the corner moves at w x r =
    // (-w r.y, w r.x) = (-1, -1), closing at 1. r x n = 1, j = 2 / (1 + 1.5) = 0.8: the center
    // leaves at 0.8 and the spin drops to -1 + 0.8 x 1.5 = 0.2. Energy: 1/3 before, 0.32 +
    // 0.04 / 3 after.
    const RigidSide square{{0.0, 0.0}, -1.0, 1.0, 1.5, {1.0, -1.0}};
    const RigidOutcome out = rigid_impulse(square, RigidSide{}, {0.0, 1.0}, 1.0);
    EXPECT_NEAR(out.impulse, 0.8, 1e-15);
    EXPECT_NEAR(out.velocity_a.x, 0.0, 1e-15);
    EXPECT_NEAR(out.velocity_a.y, 0.8, 1e-15);
    EXPECT_NEAR(out.angular_velocity_a, 0.2, 1e-15);
    EXPECT_NEAR(energy(square, out.velocity_a, out.angular_velocity_a), 1.0 / 3.0, 1e-15);
}

TEST(RigidImpulse, NothingForAContactThatOpensOrForTwoWalls) {
    const RigidSide rod{{0.0, 1.0}, 0.0, 1.0, 3.0, {1.0, 0.0}};
    const RigidOutcome opening = rigid_impulse(rod, RigidSide{}, {0.0, 1.0}, 1.0);
    EXPECT_EQ(opening.impulse, 0.0);
    EXPECT_EQ(opening.velocity_a, rod.velocity);
    EXPECT_EQ(opening.angular_velocity_a, rod.angular_velocity);
    const RigidOutcome walls =
        rigid_impulse(RigidSide{{0.0, -1.0}, 0.0, 0.0, 0.0, {}}, RigidSide{}, {0.0, 1.0}, 1.0);
    EXPECT_EQ(walls.impulse, 0.0);
    EXPECT_EQ(walls.velocity_a, (Vec2{0.0, -1.0}));
}

TEST(RigidImpulse, ElasticImpulsesKeepLinearPlusAngularEnergyOverALongChain) {
    // Two bodies of unequal masses and inertias meet 100,000 times at random levers and normals,
    // each contact closing (the normal turned toward the closing side), each outcome the next
    // contact's start: the energy stays within 1e-9 of where it started.
    std::mt19937_64 rng(21);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    RigidSide a{{0.3, -0.7}, 0.9, 1.0 / 1.7, 1.0 / 0.4, {}};
    RigidSide b{{-0.2, 0.5}, -2.1, 1.0 / 0.6, 1.0 / 0.09, {}};
    const double start =
        energy(a, a.velocity, a.angular_velocity) + energy(b, b.velocity, b.angular_velocity);
    int contacts = 0;
    for (int k = 0; k < 100000; ++k) {
        a.lever = {u(rng), u(rng)};
        b.lever = {u(rng), u(rng)};
        const double angle = 3.14159 * u(rng);
        Vec2 n{std::cos(angle), std::sin(angle)};
        const Vec2 relative = ccd::detail::point_velocity(a.velocity, a.angular_velocity, a.lever) -
                              ccd::detail::point_velocity(b.velocity, b.angular_velocity, b.lever);
        if (ccd::dot(relative, n) > 0.0) n = -n;
        const RigidOutcome out = rigid_impulse(a, b, n, 1.0);
        contacts += out.impulse > 0.0;
        a.velocity = out.velocity_a;
        a.angular_velocity = out.angular_velocity_a;
        b.velocity = out.velocity_b;
        b.angular_velocity = out.angular_velocity_b;
    }
    const double end =
        energy(a, a.velocity, a.angular_velocity) + energy(b, b.velocity, b.angular_velocity);
    EXPECT_GT(contacts, 99000);
    EXPECT_LT(std::fabs(end - start), 1e-9 * start) << start << " " << end;
}

} // namespace
