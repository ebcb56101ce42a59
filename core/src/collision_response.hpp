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

} // namespace ccd::detail
