// What a contact of a turning body does (docs/turning-bodies.md, "Collision response with spin"):
// the impulse of two rigid bodies with their spins, or one body's response on its own against the
// other's material at the contact; then the rules every contact follows (world_response.cpp):
// the chattering rule, crushing, the side memory.

#include "world_state.hpp"

#include "collision_response.hpp"

#include <algorithm>

namespace ccd {
namespace {

// A body's outcome: its velocity (or removal) and angular velocity from now on.
struct Outcome {
    ContactOutcome linear;
    double angular = 0.0;
};

} // namespace

ContactEvent World::State::respond_turning(const Prediction& p, int sequence) {
    const double t = p.time;
    BodyRecord& a = bodies[static_cast<std::size_t>(p.body)];
    BodyMotion& ma = hot(p.body);
    const Vec2 n = p.normal;
    BodyRecord* b = nullptr;
    BodyMotion* mb = nullptr;
    if (p.other_kind == OtherKind::Body) {
        b = &bodies[static_cast<std::size_t>(p.other)];
        mb = &hot(p.other);
    }
    ContactEvent event{sequence, t,     p.body,    p.other_kind, p.other, p.feature,
                       p.point,  n,     ma.motion, ma.motion,    {},      {},
                       false,    false, p.vertex,  p.edge,       {},      false,
                       0.0,      0.0,   0.0,       0.0,          0.0,     0.0};
    event.turning = true;
    event.body_angle = angle_at(p.body, t);
    event.body_angular_velocity_before = rate(p.body);

    // A side as the impulse sees it: its motion and spin now; a frozen body gives no way.
    const auto side = [&](int index, const BodyMotion& m, const BodyRecord& r) {
        detail::RigidSide s{m.motion, rate(index), 0.0, 0.0, p.point - position(m, t)};
        if (!m.frozen) {
            s.inverse_mass = 1.0 / r.mass;
            if (m.turning())
                s.inverse_inertia = spins[static_cast<std::size_t>(index)].inverse_inertia;
        }
        return s;
    };
    const auto spin_of = [&](int index) {
        return spins[static_cast<std::size_t>(index)].angular_velocity;
    };
    // One body on its own, against what does not give way (a wall, or a body that does not
    // bounce) whose material at the contact moves at `other_velocity`: a turning body takes the
    // impulse with spin against an infinite mass (a slide: with e = 0; a stop: still, or on a
    // wall its velocity there, and no spin); any other body responds as respond() has it.
    const auto alone = [&](int index, const BodyMotion& m, const BodyRecord& r, Vec2 normal,
                           Vec2 other_velocity, OtherKind kind, int other) -> Outcome {
        const ContactInput in{t, index, kind, other, p.point, normal, m.motion, other_velocity};
        const ContactCallback& callback = callbacks[static_cast<std::size_t>(index)];
        const double w = spin_of(index);
        if (!m.turning())
            return {detail::respond_alone(m.response(), r.restitution, callback, in,
                                          options.resting_tolerance),
                    w};
        switch (m.response()) {
        case ResponseKind::Bounce:
        case ResponseKind::Slide: {
            const double e = m.response() == ResponseKind::Bounce ? r.restitution : 0.0;
            const detail::RigidOutcome o = detail::rigid_impulse(
                side(index, m, r), detail::RigidSide{other_velocity, 0.0, 0.0, 0.0, {}}, normal, e);
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
    };

    Outcome out_a{{a.velocity, false}, spin_of(p.body)};
    Outcome out_b{};
    Vec2 wall_velocity; // of the wall at the contact point
    if (!b) {
        const WallRecord& w = walls[static_cast<std::size_t>(p.other)];
        wall_velocity = w.velocity_at(p.point, t, p.feature);
        if (w.turns()) record_turning_wall(event, w, t);
        event.other_velocity_before = wall_velocity;
        event.other_velocity_after = wall_velocity;
        if (!ma.frozen) out_a = alone(p.body, ma, a, n, wall_velocity, OtherKind::Wall, p.other);
    } else {
        out_b = {{b->velocity, false}, spin_of(p.other)};
        event.other_velocity_before = mb->motion;
        event.other_velocity_after = mb->motion;
        event.other_angle = angle_at(p.other, t);
        event.other_angular_velocity_before = rate(p.other);
        if (is_sensor(ma) || is_sensor(*mb)) {
            // both pass through
        } else if (ma.response() == ResponseKind::Bounce &&
                   mb->response() == ResponseKind::Bounce && !ma.frozen && !mb->frozen) {
            const detail::RigidOutcome o =
                detail::rigid_impulse(side(p.body, ma, a), side(p.other, *mb, *b), n,
                                      std::max(a.restitution, b->restitution));
            out_a = {{o.velocity_a, false}, ma.turning() ? o.angular_velocity_a : out_a.angular};
            out_b = {{o.velocity_b, false}, mb->turning() ? o.angular_velocity_b : out_b.angular};
        } else {
            const Vec2 at_a = material_velocity(p.body, p.point, t);
            const Vec2 at_b = material_velocity(p.other, p.point, t);
            if (!ma.frozen) out_a = alone(p.body, ma, a, n, at_b, OtherKind::Body, p.other);
            if (!mb->frozen) out_b = alone(p.other, *mb, *b, -n, at_a, OtherKind::Body, p.body);
        }
    }

    // A point held on the line of the wall it last touched keeps that wall's side memory
    // (docs/scheduler.md, "Rounding at a contact"), as in respond().
    const bool a_held = b && held_on_last_wall(p.body, t);
    const bool b_held = b && held_on_last_wall(p.other, t);
    if (b && !is_sensor(ma) && !is_sensor(*mb)) {
        if (a_held && !out_a.linear.remove && out_a.linear.velocity != a.velocity)
            out_a.linear.velocity = off_the_last_wall(p.body, out_a.linear.velocity, t);
        if (b_held && !out_b.linear.remove && out_b.linear.velocity != b->velocity)
            out_b.linear.velocity = off_the_last_wall(p.other, out_b.linear.velocity, t);
    }

    const Vec2 velocity_before = a.velocity;
    changed.clear();
    const auto apply = [&](int index, BodyRecord& body, const BodyMotion& m, const Outcome& out,
                           Vec2 carry) {
        if (m.frozen) return;
        detail::Spin& spin = spins[static_cast<std::size_t>(index)];
        const bool spin_changes = m.turning() && out.angular != spin.angular_velocity;
        if (!out.linear.remove && out.linear.velocity == body.velocity && !spin_changes) return;
        const bool freeze = !out.linear.remove && chatters(body, t);
        if (m.turning()) spin.angular_velocity = out.angular;
        change_trajectory(index, t, sequence, out.linear.velocity, out.linear.remove, freeze,
                          carry);
        if (freeze && paths_logged()) log.chatter_cuts.push_back(ChatterCut{index, t, sequence});
        changed.push_back(index);
    };
    // A body frozen against a wall is carried by it (without turning); against a body it
    // stands still.
    apply(p.body, a, ma, out_a, wall_velocity);
    if (b) apply(p.other, *b, *mb, out_b, Vec2{});

    // Crushed: a frozen participant that the contact still pushes on, the contact points'
    // velocities compared.
    if (!(b && (is_sensor(ma) || is_sensor(*mb))))
        crush_frozen(p, sequence,
                     material_velocity(p.body, p.point, t) -
                         (b ? material_velocity(p.other, p.point, t) : wall_velocity));

    remember_contact(p, sequence, a_held, b_held, event);
    event.body_angular_velocity_after = rate(p.body);
    if (b) event.other_angular_velocity_after = rate(p.other);
    if (ma.alive) event.impulse = (a.velocity - velocity_before) * a.mass;
    return event;
}

} // namespace ccd
