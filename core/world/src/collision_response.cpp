#include "collision_response.hpp"

#include "ulp_step.hpp"

#include <algorithm>
#include <cmath>

namespace ccd::detail {

Vec2 not_closing(Vec2 velocity, Vec2 other_velocity, Vec2 normal) {
    const auto closing = [&](Vec2 v) { return dot(v - other_velocity, normal) < 0.0; };
    for (const double times : {1.0, 2.0, 4.0, 8.0}) {
        const double c = dot(velocity - other_velocity, normal);
        if (!(c < 0.0)) return velocity;
        velocity = velocity - normal * (c * times);
    }
    for (int k = 0; k < 8 && closing(velocity); ++k)
        velocity = stepped_toward(velocity, normal);
    return closing(velocity) ? other_velocity : velocity;
}

ContactOutcome respond_alone(ResponseKind response, double restitution,
                             const ContactCallback& callback, const ContactInput& in,
                             double resting_tolerance) {
    // A contact the query found approaching can round to a tiny opening speed here, and must
    // not be pushed inward.
    const double closing = std::min(dot(in.velocity - in.other_velocity, in.normal), 0.0);
    // What a bounce or a slide leaves: a relative velocity below resting_tolerance times the
    // closing speed it acted on is the subtraction's rounding (the normal is unit to a few
    // ulps, so a head-on slide leaves about 1e-16 of it along the normal, still closing): the
    // body comes to rest relative to the other (docs/scheduler.md, "Rounding at a contact").
    // Otherwise what is left of the closing part is taken away (not_closing): a slide along a
    // wall never moves into it.
    const auto settled = [&](Vec2 velocity) {
        if (length(velocity - in.other_velocity) <= resting_tolerance * -closing)
            return in.other_velocity;
        return not_closing(velocity, in.other_velocity, in.normal);
    };
    switch (response) {
    case ResponseKind::Bounce:
        return {settled(in.velocity - in.normal * ((1.0 + restitution) * closing)), false};
    case ResponseKind::Slide:
        return {settled(in.velocity - in.normal * closing), false};
    case ResponseKind::Stop: // still, or on a moving wall still relative to it
        return {in.other_kind == OtherKind::Wall ? in.other_velocity : Vec2{}, false};
    case ResponseKind::Destroy:
        return {in.velocity, true};
    case ResponseKind::Sensor:
        return {in.velocity, false};
    case ResponseKind::Callback:
        if (callback) return callback(in);
        return {in.velocity, false};
    }
    return {in.velocity, false};
}

PairVelocities bounce_pair(Vec2 va, Vec2 vb, Vec2 normal, double mass_a, double mass_b,
                           double restitution) {
    const double closing = std::min(dot(va - vb, normal), 0.0);
    const double impulse = -(1.0 + restitution) * closing / (1.0 / mass_a + 1.0 / mass_b);
    return {va + normal * (impulse / mass_a), vb - normal * (impulse / mass_b)};
}

RigidOutcome rigid_impulse(const RigidSide& a, const RigidSide& b, Vec2 normal,
                           double restitution) {
    const Vec2 relative = point_velocity(a.velocity, a.angular_velocity, a.lever) -
                          point_velocity(b.velocity, b.angular_velocity, b.lever);
    const double closing = std::min(dot(relative, normal), 0.0);
    const double arm_a = cross(a.lever, normal), arm_b = cross(b.lever, normal);
    const double effective = a.inverse_mass + b.inverse_mass + arm_a * arm_a * a.inverse_inertia +
                             arm_b * arm_b * b.inverse_inertia;
    RigidOutcome out{a.velocity, a.angular_velocity, b.velocity, b.angular_velocity, 0.0};
    if (!(closing < 0.0) || !(effective > 0.0)) return out;
    const double j = -(1.0 + restitution) * closing / effective;
    out.velocity_a = a.velocity + normal * (j * a.inverse_mass);
    out.angular_velocity_a = a.angular_velocity + arm_a * j * a.inverse_inertia;
    out.velocity_b = b.velocity - normal * (j * b.inverse_mass);
    out.angular_velocity_b = b.angular_velocity - arm_b * j * b.inverse_inertia;
    out.impulse = j;
    return out;
}

} // namespace ccd::detail
