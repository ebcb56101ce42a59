// Gravity in the World (docs/scheduler.md, "Gravity and resting"): a body's acceleration, its
// path restarted at a contact with the velocity it has there, the rule that holds a body resting
// on what supports it, and the box of its parabola for the broadphase.

#include "world_state.hpp"

#include <algorithm>
#include <cmath>

namespace ccd {
namespace {

// A body leaving its support slower than this fraction of a frame of the pull into it is held
// resting on it (hold_if_resting).
constexpr double kRestingFraction = 0.25;

} // namespace

bool World::State::falls(int index) const {
    if (!any_gravity) return false;
    const BodyMotion& m = hot(index);
    return m.alive && !m.frozen && !m.is_static() &&
           accelerations[static_cast<std::size_t>(index)] != Vec2{};
}

Vec2 World::State::acceleration(int index) const {
    if (!falls(index)) return {};
    const std::size_t i = static_cast<std::size_t>(index);
    Vec2 a = accelerations[i];
    if (i < held.size() && held[i] != Vec2{}) {
        const double into = dot(a, held[i]);
        if (into < 0.0) a -= held[i] * into;
    }
    return a;
}

void World::State::rebase(int index, double t) {
    BodyMotion& m = hot(index);
    if (!falls(index) || m.since == t) return;
    double angle = 0.0;
    if (m.turning()) {
        detail::Spin& spin = spins[static_cast<std::size_t>(index)];
        spin.angle = spin.angle_at(t, m.since);
        angle = spin.angle;
    }
    const Vec2 origin = position(m, t);
    m.motion = velocity_at(m, t);
    m.origin = origin;
    m.since = t;
    BodyRecord& b = bodies[static_cast<std::size_t>(index)];
    b.velocity = m.motion;
    if (!paths_logged()) return;
    b.pending_vertex = static_cast<std::uint32_t>(pending_vertices.size());
    pending_vertices.push_back({index, {t, m.origin, angle, acceleration(index)}});
}

void World::State::note_piece_acceleration(int index) {
    if (!any_gravity || !paths_logged()) return;
    const BodyRecord& b = bodies[static_cast<std::size_t>(index)];
    if (b.pending_vertex < pending_vertices.size() &&
        pending_vertices[b.pending_vertex].body == index)
        pending_vertices[b.pending_vertex].point.acceleration = acceleration(index);
    else if (!log.paths[static_cast<std::size_t>(index)].points.empty())
        log.paths[static_cast<std::size_t>(index)].points.back().acceleration = acceleration(index);
}

bool World::State::hold_if_resting(int index, ContactOutcome& out, Vec2 normal, Vec2 other_velocity,
                                   Vec2 other_acceleration) {
    if (!falls(index) || out.remove) return false;
    const std::size_t i = static_cast<std::size_t>(index);
    const ResponseKind kind = hot(index).response();
    const bool supported =
        kind == ResponseKind::Bounce || kind == ResponseKind::Slide || kind == ResponseKind::Stop;
    // The pull into the surface: the body's own acceleration relative to the support's.
    const double pull = -dot(accelerations[i] - other_acceleration, normal);
    const double leaving = dot(out.velocity - other_velocity, normal);
    const Vec2 was = held[i];
    // Held when it would leave slower than a quarter of a frame of the pull gives: a bounce
    // that would land again within half a frame (2 leaving / pull < 1/2).
    if (supported && pull > 0.0 && leaving < kRestingFraction * pull) {
        out.velocity -= normal * leaving;
        held[i] = normal;
    } else if (out.velocity != bodies[i].velocity) {
        held[i] = {};
    }
    return held[i] != was;
}

void World::State::apply_hold(int index, bool hold_changed, double t, int sequence) {
    if (!hold_changed || std::find(changed.begin(), changed.end(), index) != changed.end()) return;
    // Its velocity as it was, its acceleration from now on another: a change of trajectory.
    change_trajectory(index, t, sequence, bodies[static_cast<std::size_t>(index)].velocity, false,
                      false);
    changed.push_back(index);
}

namespace {

// The least and the largest of x0 + v s + a s^2 / 2 over s in [0, rest]: at the ends, or at
// its turning point s = -v / a when that is inside.
void parabola_range(double x0, double v, double a, double rest, double& lo, double& hi) {
    const double end = x0 + v * rest + 0.5 * a * rest * rest;
    lo = std::min(x0, end);
    hi = std::max(x0, end);
    if (a == 0.0) return;
    const double s = -v / a;
    if (s > 0.0 && s < rest) {
        const double turn = x0 + v * s + 0.5 * a * s * s;
        lo = std::min(lo, turn);
        hi = std::max(hi, turn);
    }
}

} // namespace

detail::Box World::State::parabola_box(int index, double from) const {
    const BodyMotion& m = hot(index);
    const Vec2 p = position(m, from), v = velocity_at(m, from), a = acceleration(index);
    const double rest = 1.0 - from;
    Box box;
    parabola_range(p.x, v.x, a.x, rest, box.lo_x, box.hi_x);
    parabola_range(p.y, v.y, a.y, rest, box.lo_y, box.hi_y);
    // Rounding of the turning point's place and of the ends: a few ulps of the largest term.
    const double slack = 0x1p-40 * (std::fabs(p.x) + std::fabs(p.y) + length(v) + length(a)) +
                         m.radius * (1.0 + 0x1p-40);
    return Box{box.lo_x - slack, box.lo_y - slack, box.hi_x + slack, box.hi_y + slack};
}

} // namespace ccd
