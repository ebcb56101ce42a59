#include "collision_response.hpp"

#include <algorithm>

namespace ccd::detail {

ContactOutcome respond_alone(ResponseKind response, double restitution,
                             const ContactCallback& callback, const ContactInput& in) {
    // A contact the query found approaching can round to a tiny opening speed here, and must
    // not be pushed inward.
    const double closing = std::min(dot(in.velocity - in.other_velocity, in.normal), 0.0);
    switch (response) {
    case ResponseKind::Bounce:
        return {in.velocity - in.normal * ((1.0 + restitution) * closing), false};
    case ResponseKind::Slide:
        return {in.velocity - in.normal * closing, false};
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

} // namespace ccd::detail
