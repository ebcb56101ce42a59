// What a contact of a turning body gives each side (docs/turning-bodies.md, "Collision response
// with spin"): the impulse of two rigid bodies with their spins, or one body's response on its
// own against the other's material at the contact. World::State::respond (world_response.cpp)
// then applies it as it does every contact's.

#include "world_state.hpp"

#include "collision_response.hpp"
#include "world_contact.hpp"

#include <algorithm>

namespace ccd {

detail::RigidSide World::State::rigid_side(int index, Vec2 point, double t) const {
    const BodyMotion& m = hot(index);
    detail::RigidSide s{m.motion, rate(index), 0.0, 0.0, point - position(m, t)};
    if (!m.unyielding()) { // a frozen or static body gives no way
        s.inverse_mass = 1.0 / bodies[static_cast<std::size_t>(index)].mass;
        if (m.turning()) s.inverse_inertia = spins[static_cast<std::size_t>(index)].inverse_inertia;
    }
    return s;
}

detail::SideOutcome World::State::rigid_alone(const Prediction& p, int index, Vec2 normal,
                                              Vec2 other_velocity, OtherKind kind,
                                              int other) const {
    const double t = p.time;
    const BodyMotion& m = hot(index);
    const BodyRecord& r = bodies[static_cast<std::size_t>(index)];
    const ContactInput in{t, index, kind, other, p.point, normal, m.motion, other_velocity};
    const ContactCallback& callback = callbacks[static_cast<std::size_t>(index)];
    const double w = spins[static_cast<std::size_t>(index)].angular_velocity;
    if (!m.turning())
        return {detail::respond_alone(m.response(), r.restitution, callback, in,
                                      options.resting_tolerance),
                w};
    switch (m.response()) {
    case ResponseKind::Bounce:
    case ResponseKind::Slide: {
        const double e = m.response() == ResponseKind::Bounce ? r.restitution : 0.0;
        const detail::RigidOutcome o =
            detail::rigid_impulse(rigid_side(index, p.point, t),
                                  detail::RigidSide{other_velocity, 0.0, 0.0, 0.0, {}}, normal, e);
        return {{o.velocity_a, false}, o.angular_velocity_a};
    }
    case ResponseKind::Stop:
        return {{kind == OtherKind::Wall ? other_velocity : Vec2{}, false}, 0.0};
    case ResponseKind::Destroy:
        return {{r.velocity, true}, w};
    case ResponseKind::Sensor:
        return {{r.velocity, false}, w};
    case ResponseKind::Callback: // the callback sets the velocity; the spin stays
        return {callback ? callback(in) : ContactOutcome{r.velocity, false}, w};
    }
    return {{r.velocity, false}, w};
}

detail::ContactOutcomes World::State::rigid_outcomes(const Prediction& p,
                                                     const detail::ContactSides& c) const {
    const Vec2 n = p.normal;
    const BodyRecord& a = *c.a.record;
    const BodyMotion& ma = *c.a.motion;
    detail::ContactOutcomes out;
    out.a = {{a.velocity, false}, spins[static_cast<std::size_t>(p.body)].angular_velocity};
    if (!c.b.is_body()) {
        if (!ma.frozen) out.a = rigid_alone(p, p.body, n, c.b.velocity, OtherKind::Wall, p.other);
        return out;
    }
    const BodyRecord& b = *c.b.record;
    const BodyMotion& mb = *c.b.motion;
    out.b = {{b.velocity, false}, spins[static_cast<std::size_t>(p.other)].angular_velocity};
    if (c.sensor_pair()) return out; // both pass through
    if (ma.response() == ResponseKind::Bounce && mb.response() == ResponseKind::Bounce &&
        !ma.frozen && !mb.frozen) {
        const detail::RigidOutcome o = detail::rigid_impulse(
            rigid_side(p.body, p.point, p.time), rigid_side(p.other, p.point, p.time), n,
            std::max(a.restitution, b.restitution));
        if (ma.turning()) out.a.angular = o.angular_velocity_a;
        if (mb.turning()) out.b.angular = o.angular_velocity_b;
        out.a.linear = {o.velocity_a, false};
        out.b.linear = {o.velocity_b, false};
        return out;
    }
    // Each on its own against the other's material at the contact.
    if (!ma.unyielding()) out.a = rigid_alone(p, p.body, n, c.b.velocity, OtherKind::Body, p.other);
    if (!mb.unyielding())
        out.b = rigid_alone(p, p.other, -n, c.a.velocity, OtherKind::Body, p.body);
    return out;
}

} // namespace ccd
