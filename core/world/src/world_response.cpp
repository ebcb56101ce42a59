// What a contact does to the bodies (docs/scheduler.md, "Responses", "Always finishes"): the
// contact's two sides (world_contact.hpp), the outcome of each by one of two strategies (the
// linear impulse here, collision_response.hpp; the impulse with spin in
// world_turning_response.cpp), then one finish: held points, the chattering rule, crushing, the
// side memory, and the change of trajectory that the queue's version counters and the paths
// follow.

#include "world_state.hpp"

#include "collision_response.hpp"
#include "wall_side.hpp"
#include "world_contact.hpp"

#include <algorithm>
#include <cmath>

namespace ccd {
namespace {

// What a response gives, kept within the World's range, as Box2D keeps a step's motion within
// b2_maxTranslation and b2_maxRotation (b2_island.cpp, b2Island::Solve, "Check for large
// velocities"): a speed within kWorldLargest (its direction kept), a spin within
// kWorldFastestSpin and its rim (`reach` from the center) within kWorldLargest a frame. A light
// body struck by a heavy one at nearly kWorldLargest left at twice it, and the World wrote a
// state it then refused (ccd/world.hpp). Below these, the outcome is as the response made it.
detail::SideOutcome within_range(detail::SideOutcome out, double reach) {
    Vec2& v = out.linear.velocity;
    const double largest = std::max(std::fabs(v.x), std::fabs(v.y));
    if (largest > kWorldLargest && std::isfinite(largest)) {
        const double speed = largest * std::hypot(v.x / largest, v.y / largest);
        v = v * (kWorldLargest / speed);
        v = {std::clamp(v.x, -kWorldLargest, kWorldLargest),
             std::clamp(v.y, -kWorldLargest, kWorldLargest)};
    }
    const double fastest =
        reach > 0.0 ? std::min(kWorldFastestSpin, kWorldLargest / reach) : kWorldFastestSpin;
    out.angular = std::clamp(out.angular, -fastest, fastest);
    return out;
}

} // namespace

void World::State::change_trajectory(int index, double t, int sequence, Vec2 velocity, bool remove,
                                     bool freeze, Vec2 carry) {
    BodyRecord& b = bodies[static_cast<std::size_t>(index)];
    BodyMotion& m = hot(index);
    // Every body changed here is alive, and its path has a vertex at `since` already (a falling
    // body's at the contact it was rebased to).
    const bool same_instant = m.since == t;
    double angle = 0.0;
    if (m.turning()) [[unlikely]] { // its orientation now, its new rate (as `motion` below)
        detail::Spin& spin = spins[static_cast<std::size_t>(index)];
        spin.angle = spin.angle_at(t, m.since);
        angle = spin.angle;
        if (remove || freeze)
            spin.rate = 0.0;
        else if (!m.frozen)
            spin.rate = spin.angular_velocity;
    }
    m.origin = position(m, t);
    m.since = t;
    b.velocity = velocity;
    if (remove) m.alive = false;
    if (freeze) m.frozen = true;
    // Removed: still; frozen here: the carry; frozen before (only removal changes it
    // then): its carry, in `motion` already.
    if (!m.alive)
        m.motion = {};
    else if (freeze)
        m.motion = carry;
    else if (!m.frozen)
        m.motion = velocity;
    Stamp& stamp = stamps[static_cast<std::size_t>(index)];
    ++stamp.version;
    if (lean()) {
        stamp.last_change = 0; // a change this frame (end_frame resets the chattering counts)
    } else {
        changes.push_back(ChangeLink{sequence, stamp.last_change});
        stamp.last_change = static_cast<int>(changes.size()) - 1;
    }
    // The path: changes at one instant make one vertex.
    if (!paths_logged()) return;
    if (same_instant) {
        if (b.pending_vertex < pending_vertices.size() &&
            pending_vertices[b.pending_vertex].body == index)
            pending_vertices[b.pending_vertex].point.position = m.origin;
        else // written already (the frame is being walked) or the frame's first vertex
            log.paths[static_cast<std::size_t>(index)].points.back().position = m.origin;
    } else {
        b.pending_vertex = static_cast<std::uint32_t>(pending_vertices.size());
        pending_vertices.push_back({index, {t, m.origin, angle}});
    }
    note_piece_acceleration(index);
}

void World::State::keep_on_the_body_side(int index, const Segment& line, Vec2 normal) {
    place_origin(index, detail::on_the_body_side(hot(index).origin, line, normal));
}

void World::State::place_origin(int index, Vec2 placed) {
    BodyMotion& m = hot(index);
    if (placed == m.origin) return;
    m.origin = placed;
    if (!paths_logged()) return;
    // The vertex change_trajectory has just made for this instant.
    const BodyRecord& b = bodies[static_cast<std::size_t>(index)];
    if (b.pending_vertex < pending_vertices.size() &&
        pending_vertices[b.pending_vertex].body == index)
        pending_vertices[b.pending_vertex].point.position = placed;
    else
        log.paths[static_cast<std::size_t>(index)].points.back().position = placed;
}

bool World::State::held_on_last_wall(int index, double t) const {
    const BodyMotion& m = hot(index);
    if (m.radius != 0.0 || m.polygon() || m.last_kind != 1 + static_cast<int>(OtherKind::Wall))
        return false;
    return detail::on_the_line_within(position(m, t),
                                      walls[static_cast<std::size_t>(m.last_other)].at(t),
                                      bodies[static_cast<std::size_t>(index)].last_normal);
}

bool World::State::rests_on_its_last_wall(std::size_t index) const {
    const BodyMotion& m = motions[index];
    if (!m.alive || m.radius != 0.0 || m.polygon() ||
        m.last_kind != 1 + static_cast<int>(OtherKind::Wall))
        return false;
    return detail::on_the_line_within(
        m.origin, walls[static_cast<std::size_t>(m.last_other)].at(0.0), bodies[index].last_normal);
}

Vec2 World::State::off_the_last_wall(int index, Vec2 velocity, double t) const {
    const BodyMotion& m = hot(index);
    const WallRecord& w = walls[static_cast<std::size_t>(m.last_other)];
    return detail::not_closing(velocity, w.velocity_at(position(m, t), t, Feature::SegmentInterior),
                               bodies[static_cast<std::size_t>(index)].last_normal);
}

bool World::State::chatters(BodyRecord& b, double t) const {
    const auto count = [](std::uint16_t& n) {
        if (n < UINT16_MAX) ++n;
        return static_cast<int>(n);
    };
    const bool frame_over = count(b.frame_changes) > options.frame_change_limit;
    if (b.burst_events == 0 || t - b.burst_start > options.chatter_window) {
        b.burst_start = t;
        b.burst_events = 1;
        return frame_over;
    }
    return (count(b.burst_events) > options.chatter_limit) | frame_over;
}

detail::ContactSides World::State::participants(const Prediction& p) {
    const double t = p.time;
    detail::ContactSides c;
    c.a = {p.body, &bodies[static_cast<std::size_t>(p.body)], &hot(p.body),
           material_velocity(p.body, p.point, t)};
    if (p.other_kind == OtherKind::Body)
        c.b = {p.other, &bodies[static_cast<std::size_t>(p.other)], &hot(p.other),
               material_velocity(p.other, p.point, t)};
    else
        c.b = {p.other, nullptr, nullptr,
               walls[static_cast<std::size_t>(p.other)].velocity_at(p.point, t, p.feature)};
    return c;
}

ContactEvent World::State::contact_event(const Prediction& p, int sequence,
                                         const detail::ContactSides& c, bool rigid) const {
    const double t = p.time;
    const bool with_body = c.b.is_body();
    ContactEvent event;
    event.sequence = sequence;
    event.time = t;
    event.body = p.body;
    event.other_kind = p.other_kind;
    event.other = p.other;
    event.feature = p.feature;
    event.point = p.point;
    event.normal = p.normal;
    event.body_velocity_before = event.body_velocity_after = c.a.motion->motion;
    // A wall's velocity at the contact point; a body's, its motion.
    event.other_velocity_before = event.other_velocity_after =
        with_body ? c.b.motion->motion : c.b.velocity;
    event.vertex = p.vertex;
    event.edge = p.edge;
    if (rigid) [[unlikely]] { // each body's orientation and spin (0 for one that does not turn)
        event.turning = true;
        event.body_angle = angle_at(p.body, t);
        event.body_angular_velocity_before = rate(p.body);
        if (with_body) {
            event.other_angle = angle_at(p.other, t);
            event.other_angular_velocity_before = rate(p.other);
        }
    }
    if (!with_body) {
        const WallRecord& w = walls[static_cast<std::size_t>(p.other)];
        if (w.turns()) [[unlikely]]
            record_turning_wall(event, w, t);
    }
    return event;
}

ContactEvent World::State::respond(const Prediction& p, int sequence) {
    const detail::ContactSides c = participants(p);
    const bool rigid = c.a.motion->turning() || (c.b.is_body() && c.b.motion->turning());
    ContactEvent event = contact_event(p, sequence, c, rigid);
    detail::ContactOutcomes out = rigid ? rigid_outcomes(p, c) : linear_outcomes(p, c);
    finish_contact(p, sequence, c, out, event);
    return event;
}

detail::ContactOutcomes World::State::linear_outcomes(const Prediction& p,
                                                      const detail::ContactSides& c) const {
    const double t = p.time;
    const Vec2 n = p.normal;
    const BodyRecord& a = *c.a.record;
    const BodyMotion& ma = *c.a.motion;
    detail::ContactOutcomes out{{{a.velocity, false}, 0.0}, {}};
    if (!c.b.is_body()) {
        if (!ma.frozen)
            out.a.linear = detail::respond_alone(ma.response(), a.restitution,
                                                 callbacks[static_cast<std::size_t>(p.body)],
                                                 ContactInput{t, p.body, OtherKind::Wall, p.other,
                                                              p.point, n, a.velocity, c.b.velocity},
                                                 options.resting_tolerance);
        return out;
    }
    const BodyRecord& b = *c.b.record;
    const BodyMotion& mb = *c.b.motion;
    out.b.linear = {b.velocity, false};
    if (c.sensor_pair()) return out; // both pass through
    const Vec2 va = ma.motion, vb = mb.motion;
    const bool both_bounce =
        ma.response() == ResponseKind::Bounce && mb.response() == ResponseKind::Bounce;
    if (both_bounce && !ma.unyielding() && !mb.unyielding()) {
        const detail::PairVelocities after =
            detail::bounce_pair(va, vb, n, a.mass, b.mass, std::max(a.restitution, b.restitution));
        out.a.linear.velocity = after.a;
        out.b.linear.velocity = after.b;
        return out;
    }
    // Against a static body, as against a wall, but with the two restitutions mixed as two
    // bouncing bodies' are (the larger).
    const double mixed = std::max(a.restitution, b.restitution);
    if (!ma.unyielding())
        out.a.linear = detail::respond_alone(
            ma.response(), both_bounce && mb.is_static() ? mixed : a.restitution,
            callbacks[static_cast<std::size_t>(p.body)],
            ContactInput{t, p.body, OtherKind::Body, p.other, p.point, n, va, vb},
            options.resting_tolerance);
    if (!mb.unyielding())
        out.b.linear = detail::respond_alone(
            mb.response(), both_bounce && ma.is_static() ? mixed : b.restitution,
            callbacks[static_cast<std::size_t>(p.other)],
            ContactInput{t, p.other, OtherKind::Body, p.body, p.point, -n, vb, va},
            options.resting_tolerance);
    return out;
}

void World::State::finish_contact(const Prediction& p, int sequence, const detail::ContactSides& c,
                                  detail::ContactOutcomes& out, ContactEvent& event) {
    const double t = p.time;
    const bool with_body = c.b.is_body();
    const bool sensor_pair = c.sensor_pair();
    // A point held on the line of the wall it last touched (a wedge between that wall and a
    // body) keeps that wall's side memory through a body contact, and is not left closing on
    // the wall (docs/scheduler.md, "Rounding at a contact").
    const bool a_held = with_body && held_on_last_wall(p.body, t);
    const bool b_held = with_body && held_on_last_wall(p.other, t);
    if (with_body && !sensor_pair) {
        keep_off_the_last_wall(p.body, a_held, out.a.linear, t);
        keep_off_the_last_wall(p.other, b_held, out.b.linear, t);
    }

    bool a_hold = false, b_hold = false;            // whether the surface a body rests on changed
    if (any_gravity && !sensor_pair) [[unlikely]] { // resting on what supports it
        const Vec2 b_acceleration = with_body ? acceleration(p.other) : Vec2{};
        const Vec2 a_acceleration = acceleration(p.body);
        a_hold = hold_if_resting(p.body, out.a.linear, p.normal,
                                 with_body ? out.b.linear.velocity : c.b.velocity, b_acceleration);
        if (with_body)
            b_hold = hold_if_resting(p.other, out.b.linear, -p.normal, out.a.linear.velocity,
                                     a_acceleration);
    }

    const BodyMotion& ma = *c.a.motion;
    const Vec2 velocity_before = c.a.record->velocity;
    changed.clear();
    // A body frozen against a wall is carried by it (without turning); against a body it
    // stands still.
    apply_outcome(p.body, out.a, t, sequence, with_body ? Vec2{} : c.b.velocity);
    // Rounding at a contact: a circle's center left past the wall's line is put back on it (not
    // a polygon's: its center is on the far side of a wall it straddles, not by rounding).
    if (!with_body && p.feature == Feature::SegmentInterior && ma.alive && !ma.polygon() &&
        !changed.empty())
        keep_on_the_body_side(p.body, walls[static_cast<std::size_t>(p.other)].at(t), p.normal);
    if (with_body) apply_outcome(p.other, out.b, t, sequence, Vec2{});
    if (a_hold || b_hold) [[unlikely]] {
        apply_hold(p.body, a_hold, t, sequence);
        if (with_body) apply_hold(p.other, b_hold, t, sequence);
    }

    // Crushed: a frozen participant that the contact still pushes on, the contact points'
    // velocities compared (docs/scheduler.md).
    if (!sensor_pair)
        crush_frozen(p, sequence, c,
                     material_velocity(p.body, p.point, t) -
                         (with_body ? material_velocity(p.other, p.point, t) : c.b.velocity));

    remember_contact(p, sequence, c, a_held, b_held, event);
    if (event.turning) [[unlikely]] { // each body's spin after (a turning wall's is its turn)
        event.body_angular_velocity_after = rate(p.body);
        if (with_body) event.other_angular_velocity_after = rate(p.other);
    }
    if (ma.alive && !ma.is_static()) // a static body's is none (its mass is infinite)
        event.impulse = (c.a.record->velocity - velocity_before) * c.a.record->mass;
}

void World::State::keep_off_the_last_wall(int index, bool held_on_wall, ContactOutcome& out,
                                          double t) const {
    if (held_on_wall && !out.remove &&
        out.velocity != bodies[static_cast<std::size_t>(index)].velocity)
        out.velocity = off_the_last_wall(index, out.velocity, t);
}

void World::State::apply_outcome(int index, const detail::SideOutcome& given, double t,
                                 int sequence, Vec2 carry) {
    BodyRecord& body = bodies[static_cast<std::size_t>(index)];
    const BodyMotion& m = hot(index);
    if (m.unyielding()) return; // frozen for the frame, or static
    const detail::SideOutcome out = within_range(given, m.radius);
    detail::Spin& spin = spins[static_cast<std::size_t>(index)];
    const bool spin_changes = m.turning() && out.angular != spin.angular_velocity;
    if (!out.linear.remove && out.linear.velocity == body.velocity && !spin_changes) return;
    const bool freeze = !out.linear.remove && chatters(body, t);
    if (m.turning()) spin.angular_velocity = out.angular;
    change_trajectory(index, t, sequence, out.linear.velocity, out.linear.remove, freeze, carry);
    if (freeze && paths_logged()) log.chatter_cuts.push_back(ChatterCut{index, t, sequence});
    changed.push_back(index);
}

void World::State::crush_frozen(const Prediction& p, int sequence, const detail::ContactSides& c,
                                Vec2 relative) {
    const double t = p.time;
    const auto crush = [&](const detail::ContactSide& side) {
        const BodyMotion& m = *side.motion;
        if (!m.alive || !m.frozen || m.is_static()) return; // a static body is never crushed
        change_trajectory(side.index, t, sequence, side.record->velocity, true, false);
        if (paths_logged()) log.crushes.push_back(Crush{side.index, t, sequence});
        if (std::find(changed.begin(), changed.end(), side.index) == changed.end())
            changed.push_back(side.index);
    };
    const BodyMotion& ma = *c.a.motion;
    const BodyMotion* mb = c.b.motion;
    if (ma.alive && (!mb || mb->alive) && (ma.frozen || (mb && mb->frozen)) &&
        still_closing(relative, p.normal)) {
        crush(c.a);
        if (mb) crush(c.b);
    }
}

void World::State::remember_contact(const Prediction& p, int sequence,
                                    const detail::ContactSides& c, bool a_held, bool b_held,
                                    ContactEvent& event) {
    if (lean()) { // the memories an unchanged body's standing predictions read
        remember_memory(c.a, sequence);
        if (c.b.is_body()) remember_memory(c.b, sequence);
    }
    // A held point's memory stays its wall's, as of now: it still touches the wall.
    const auto remember = [&](const detail::ContactSide& side, bool held_on_wall, OtherKind kind,
                              int other, Vec2 normal) {
        side.motion->last_time = p.time;
        if (held_on_wall) return;
        side.motion->last_kind = static_cast<std::uint8_t>(1 + static_cast<int>(kind));
        side.motion->last_other = other;
        side.record->last_normal = normal;
    };
    remember(c.a, a_held, p.other_kind, p.other, p.normal);
    if (c.b.is_body()) remember(c.b, b_held, OtherKind::Body, p.body, -p.normal);

    event.body_velocity_after = c.a.motion->motion;
    event.body_removed = !c.a.motion->alive;
    if (c.b.is_body()) {
        event.other_velocity_after = c.b.motion->motion;
        event.other_removed = !c.b.motion->alive;
    }
}

void World::State::remember_memory(const detail::ContactSide& side, int sequence) {
    if (std::find(changed.begin(), changed.end(), side.index) != changed.end()) return;
    if (memory_head.size() < bodies.size()) memory_head.resize(bodies.size(), -1);
    int& head = memory_head[static_cast<std::size_t>(side.index)];
    const BodyMotion& m = *side.motion;
    memory_changes.push_back(MemoryChange{
        {m.last_time, side.record->last_normal, m.last_other, m.last_kind}, sequence, head});
    head = static_cast<int>(memory_changes.size()) - 1;
    any_memory_change = true;
}

} // namespace ccd
