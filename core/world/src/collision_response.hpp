#pragma once
// What a contact does to the velocities (docs/scheduler.md, "Responses"): one body acting on
// its closing velocity relative to the other's, and two bouncing bodies exchanging an impulse.
// Private to the core; the World applies them (world_response.cpp).

#include "ccd/world.hpp"

namespace ccd::detail {

// One body's response to a contact (`in`), on its own: against a wall, or a body that does
// not bounce. Only the closing part of the relative velocity is acted on. A bounce or a slide
// that leaves a relative velocity of at most `resting_tolerance` times the closing speed leaves
// the body at rest relative to the other (the rest is rounding).
ContactOutcome respond_alone(ResponseKind response, double restitution,
                             const ContactCallback& callback, const ContactInput& in,
                             double resting_tolerance);

// `velocity` made not to close on the other (dot(velocity - other_velocity, normal) >= 0, as the
// scheduler measures closing): a bounce's or a slide's subtraction leaves about 1e-16 of the
// closing speed along the normal (the normal is unit to a few ulps), into the other when it
// rounds that way, which is no new contact (below `resting_tolerance`) and would carry a point
// past a wall's line. The closing part is subtracted again (then twice, four and eight times
// it), then the components are stepped by an ulp toward the normal (at most eight times); if
// that is not enough (a velocity far below the other's), the other's velocity. A velocity that
// does not close is returned as it is.
Vec2 not_closing(Vec2 velocity, Vec2 other_velocity, Vec2 normal);

struct PairVelocities {
    Vec2 a;
    Vec2 b;
};

// Two bouncing bodies of velocities `va`, `vb` and masses `mass_a`, `mass_b`, `normal` from b
// toward a: the impulse -(1 + e) v_n / (1/m_a + 1/m_b) along the normal (e the restitution of
// the pair, the larger of the two: Box2D's mixing rule), on the closing part only.
PairVelocities bounce_pair(Vec2 va, Vec2 vb, Vec2 normal, double mass_a, double mass_b,
                           double restitution);

// ---- rigid bodies that turn (docs/turning-bodies.md, "Collision response with spin") ----

// The velocity of the material point at `lever` from the center of mass of a body moving by
// `velocity` and turning by `angular_velocity` (radians per frame): v + w x r.
inline Vec2 point_velocity(Vec2 velocity, double angular_velocity, Vec2 lever) {
    return velocity + Vec2{-angular_velocity * lever.y, angular_velocity * lever.x};
}

// One side of a contact as the impulse sees it. A wall, or a body that does not give way, has
// inverse_mass 0; a body that does not turn (a circle, a polygon of fixed rotation) has
// inverse_inertia 0; a wall's velocity and angular velocity are those of its material at the
// contact (its point velocity, and 0).
struct RigidSide {
    Vec2 velocity;                 // of the center of mass
    double angular_velocity = 0.0; // radians per frame, counter-clockwise
    double inverse_mass = 0.0;
    double inverse_inertia = 0.0; // about the center of mass
    Vec2 lever;                   // from the center of mass to the contact point
};

struct RigidOutcome {
    Vec2 velocity_a;
    double angular_velocity_a = 0.0;
    Vec2 velocity_b;
    double angular_velocity_b = 0.0;
    double impulse = 0.0; // along `normal`, on a (b gets its opposite); >= 0
};

// The impulse of two rigid bodies at a contact, `normal` from b toward a (Baraff, "Physically
// Based Modeling: Rigid Body Simulation", SIGGRAPH 2001 course notes, section 8, eq. 8-18 in 2D;
// the normal impulse of Box2D's b2ContactSolver): with the contact points' relative velocity
// along the normal v_n = (v_pa - v_pb) . n, only its closing part (min(v_n, 0)),
//     j = -(1 + e) v_n / (1/m_a + 1/m_b + (r_a x n)^2 / I_a + (r_b x n)^2 / I_b),
//     v_a += j n / m_a,   w_a += (r_a x n) j / I_a,   v_b -= j n / m_b,   w_b -= (r_b x n) j / I_b.
// With e = 1 it keeps m v^2 / 2 + I w^2 / 2 summed over both (exactly, in exact arithmetic);
// e = 0 leaves the contact points sliding (no friction). Both sides of no inverse mass and
// inertia (two walls) give nothing.
RigidOutcome rigid_impulse(const RigidSide& a, const RigidSide& b, Vec2 normal, double restitution);

} // namespace ccd::detail
