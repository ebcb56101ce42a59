// What a contact does to the bodies (docs/scheduler.md, "Responses", "Always finishes"): the
// velocities of each (collision_response.hpp), the chattering rule, crushing, the side memory,
// and the change of trajectory that the queue's version counters and the paths follow.

#include "world_state.hpp"

#include "collision_response.hpp"
#include "wall_side.hpp"

#include <algorithm>

namespace ccd {

void World::State::change_trajectory(int index, double t, int sequence, Vec2 velocity, bool remove,
                                     bool freeze, Vec2 carry) {
    BodyRecord& b = bodies[static_cast<std::size_t>(index)];
    BodyMotion& m = hot(index);
    // Every body changed here is alive, and its path has a vertex at `since` already.
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
}

void World::State::keep_on_the_body_side(int index, const Segment& line, Vec2 normal) {
    BodyMotion& m = hot(index);
    const Vec2 placed = detail::on_the_body_side(m.origin, line, normal);
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

ContactEvent World::State::respond(const Prediction& p, int sequence) {
    if (hot(p.body).turning() || (p.other_kind == OtherKind::Body && hot(p.other).turning()))
        [[unlikely]]
        return respond_turning(p, sequence);
    const double t = p.time;
    BodyRecord& a = bodies[static_cast<std::size_t>(p.body)];
    BodyMotion& ma = hot(p.body);
    const Vec2 n = p.normal;
    ContactEvent event{sequence, t,     p.body,    p.other_kind, p.other, p.feature,
                       p.point,  n,     ma.motion, ma.motion,    {},      {},
                       false,    false, p.vertex,  p.edge,       {},      false,
                       0.0,      0.0,   0.0,       0.0,          0.0,     0.0};

    // Outcomes of the two participants ("no change" by default).
    ContactOutcome out_a{a.velocity, false};
    ContactOutcome out_b{};
    BodyRecord* b = nullptr;
    BodyMotion* mb = nullptr;
    Vec2 wall_velocity; // of the wall at the contact point
    if (p.other_kind == OtherKind::Wall) {
        const WallRecord& w = walls[static_cast<std::size_t>(p.other)];
        wall_velocity = w.velocity_at(p.point, t, p.feature);
        if (w.turns()) [[unlikely]]
            record_turning_wall(event, w, t);
        event.other_velocity_before = wall_velocity;
        event.other_velocity_after = wall_velocity;
        if (!ma.frozen)
            out_a = detail::respond_alone(ma.response(), a.restitution,
                                          callbacks[static_cast<std::size_t>(p.body)],
                                          ContactInput{t, p.body, OtherKind::Wall, p.other, p.point,
                                                       n, a.velocity, wall_velocity},
                                          options.resting_tolerance);
    } else {
        b = &bodies[static_cast<std::size_t>(p.other)];
        mb = &hot(p.other);
        out_b = {b->velocity, false};
        event.other_velocity_before = mb->motion;
        event.other_velocity_after = mb->motion;
        const Vec2 va = ma.motion, vb = mb->motion;
        if (is_sensor(ma) || is_sensor(*mb)) {
            // both pass through
        } else if (ma.response() == ResponseKind::Bounce &&
                   mb->response() == ResponseKind::Bounce && !ma.frozen && !mb->frozen) {
            const detail::PairVelocities after = detail::bounce_pair(
                va, vb, n, a.mass, b->mass, std::max(a.restitution, b->restitution));
            out_a.velocity = after.a;
            out_b.velocity = after.b;
        } else {
            if (!ma.frozen)
                out_a = detail::respond_alone(
                    ma.response(), a.restitution, callbacks[static_cast<std::size_t>(p.body)],
                    ContactInput{t, p.body, OtherKind::Body, p.other, p.point, n, va, vb},
                    options.resting_tolerance);
            if (!mb->frozen)
                out_b = detail::respond_alone(
                    mb->response(), b->restitution, callbacks[static_cast<std::size_t>(p.other)],
                    ContactInput{t, p.other, OtherKind::Body, p.body, p.point, -n, vb, va},
                    options.resting_tolerance);
        }
    }

    // A point held on the line of the wall it last touched (a wedge between that wall and a
    // body) keeps that wall's side memory through a body contact, and is not left closing on
    // the wall (docs/scheduler.md, "Rounding at a contact").
    const bool a_held = b && held_on_last_wall(p.body, t);
    const bool b_held = b && held_on_last_wall(p.other, t);
    if (b && !is_sensor(ma) && !is_sensor(*mb)) {
        if (a_held && !out_a.remove && out_a.velocity != a.velocity)
            out_a.velocity = off_the_last_wall(p.body, out_a.velocity, t);
        if (b_held && !out_b.remove && out_b.velocity != b->velocity)
            out_b.velocity = off_the_last_wall(p.other, out_b.velocity, t);
    }

    const Vec2 velocity_before = a.velocity;
    changed.clear();
    const auto apply = [&](int index, BodyRecord& body, const BodyMotion& m,
                           const ContactOutcome& out, Vec2 carry) {
        if (m.frozen) return;
        if (!out.remove && out.velocity == body.velocity) return;
        const bool freeze = !out.remove && chatters(body, t);
        change_trajectory(index, t, sequence, out.velocity, out.remove, freeze, carry);
        if (freeze && paths_logged()) log.chatter_cuts.push_back(ChatterCut{index, t, sequence});
        changed.push_back(index);
    };
    // A body frozen against a wall is carried by it; against a body it stands still.
    apply(p.body, a, ma, out_a, wall_velocity);
    // Rounding at a contact: a circle's center left past the wall's line is put back on it (not
    // a polygon's: its center is on the far side of a wall it straddles, not by rounding).
    if (p.other_kind == OtherKind::Wall && p.feature == Feature::SegmentInterior && ma.alive &&
        !ma.polygon() && !changed.empty())
        keep_on_the_body_side(p.body, walls[static_cast<std::size_t>(p.other)].at(t), n);
    if (b) apply(p.other, *b, *mb, out_b, Vec2{});

    // Crushed: a frozen participant that the contact still pushes on (docs/scheduler.md).
    if (!(b && (is_sensor(ma) || is_sensor(*mb))))
        crush_frozen(p, sequence, ma.motion - (b ? mb->motion : wall_velocity));

    remember_contact(p, sequence, a_held, b_held, event);
    if (ma.alive) event.impulse = (a.velocity - velocity_before) * a.mass;
    return event;
}

void World::State::crush_frozen(const Prediction& p, int sequence, Vec2 relative) {
    const double t = p.time;
    BodyRecord& a = bodies[static_cast<std::size_t>(p.body)];
    const BodyMotion& ma = hot(p.body);
    BodyRecord* b = nullptr;
    const BodyMotion* mb = nullptr;
    if (p.other_kind == OtherKind::Body) {
        b = &bodies[static_cast<std::size_t>(p.other)];
        mb = &hot(p.other);
    }
    const auto crush = [&](int index, const BodyRecord& body, const BodyMotion& m) {
        if (!m.alive || !m.frozen) return;
        change_trajectory(index, t, sequence, body.velocity, true, false);
        if (paths_logged()) log.crushes.push_back(Crush{index, t, sequence});
        if (std::find(changed.begin(), changed.end(), index) == changed.end())
            changed.push_back(index);
    };
    if (ma.alive && (!b || mb->alive) && (ma.frozen || (b && mb->frozen)) &&
        still_closing(relative, p.normal)) {
        crush(p.body, a, ma);
        if (b) crush(p.other, *b, *mb);
    }
}

void World::State::remember_contact(const Prediction& p, int sequence, bool a_held, bool b_held,
                                    ContactEvent& event) {
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
    if (lean()) { // the memories an unchanged body's standing predictions read
        const auto remember = [&](int index, const BodyMotion& m, const BodyRecord& body) {
            if (std::find(changed.begin(), changed.end(), index) != changed.end()) return;
            if (memory_head.size() < bodies.size()) memory_head.resize(bodies.size(), -1);
            int& head = memory_head[static_cast<std::size_t>(index)];
            memory_changes.push_back(MemoryChange{
                {m.last_time, body.last_normal, m.last_other, m.last_kind}, sequence, head});
            head = static_cast<int>(memory_changes.size()) - 1;
            any_memory_change = true;
        };
        remember(p.body, ma, a);
        if (b) remember(p.other, *mb, *b);
    }
    // A held point's memory stays its wall's, as of now: it still touches the wall.
    ma.last_time = t;
    if (!a_held) {
        ma.last_kind = static_cast<std::uint8_t>(1 + static_cast<int>(p.other_kind));
        ma.last_other = p.other;
        a.last_normal = n;
    }
    if (b) {
        mb->last_time = t;
        if (!b_held) {
            mb->last_kind = static_cast<std::uint8_t>(1 + static_cast<int>(OtherKind::Body));
            mb->last_other = p.body;
            b->last_normal = -n;
        }
    }

    event.body_velocity_after = ma.motion;
    event.body_removed = !ma.alive;
    if (b) {
        event.other_velocity_after = mb->motion;
        event.other_removed = !mb->alive;
    }
}

} // namespace ccd
