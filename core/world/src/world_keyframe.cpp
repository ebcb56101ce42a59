// World::keyframe and World::restored (ccd/world_keyframe.hpp): what changes from frame to
// frame, packed, and the whole World rebuilt from it.
#include "ccd/world.hpp"

#include "world_state.hpp"

#include <stdexcept>
#include <string>

namespace ccd {

std::size_t WorldKeyframe::bytes() const {
    const auto of = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return sizeof(*this) + of(origins) + of(velocities) + of(versions) + of(alive) + of(memories) +
           of(motions) + of(spins) + of(walls);
}

WorldKeyframe World::keyframe() const {
    const State& s = *state_;
    s.check_between_frames("World::keyframe");
    WorldKeyframe k;
    k.frames_completed = s.frames_completed;
    k.log_frame = s.log.frame;
    const std::size_t n = s.bodies.size();
    k.origins.resize(n);
    k.velocities.resize(n);
    k.versions.resize(n);
    k.alive.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const detail::BodyMotion& m = s.motions[i];
        const detail::BodyRecord& b = s.bodies[i];
        k.origins[i] = m.origin;
        k.velocities[i] = b.velocity;
        k.versions[i] = s.stamps[i].version;
        k.alive[i] = m.alive ? 1 : 0;
        // A memory is read while the time since it is within the chattering window
        // (World::State::is_event): a prediction's time is at least 0, and every frame moves
        // the memory a whole frame further back, so one older than the window at the frame's
        // start matches again only for a point that rests on the line of its wall. A NaN
        // window keeps every memory.
        if (m.last_kind != 0 &&
            (!(m.last_time < -s.options.chatter_window) || s.rests_on_its_last_wall(i)))
            k.memories.push_back(
                {static_cast<int>(i), m.last_other, m.last_time, b.last_normal, m.last_kind});
        if (!(m.motion == (m.alive ? b.velocity : Vec2{})))
            k.motions.push_back({static_cast<int>(i), m.motion});
        if (m.turning())
            k.spins.push_back({static_cast<int>(i), s.spins[i].angle, s.spins[i].angular_velocity});
    }
    k.walls.reserve(s.walls.size());
    for (const detail::WallRecord& w : s.walls)
        k.walls.push_back(w.origin);
    return k;
}

World World::restored(const WorldKeyframe& k) const {
    const State& s = *state_;
    const std::size_t n = s.bodies.size();
    if (k.origins.size() != n || k.velocities.size() != n || k.versions.size() != n ||
        k.alive.size() != n || k.walls.size() != s.walls.size())
        throw std::invalid_argument("World::restored: the keyframe has " +
                                    std::to_string(k.origins.size()) + " bodies and " +
                                    std::to_string(k.walls.size()) + " walls, this World " +
                                    std::to_string(n) + " and " + std::to_string(s.walls.size()));
    World copy = s.carried_copy();
    State& c = *copy.state_;
    for (std::size_t i = 0; i < n; ++i) {
        detail::BodyMotion& m = c.motions[i];
        detail::BodyRecord& b = c.bodies[i];
        m.origin = k.origins[i];
        m.since = 0.0;
        m.alive = k.alive[i] != 0;
        m.frozen = false;
        m.motion = m.alive ? k.velocities[i] : Vec2{};
        m.last_kind = 0;
        m.last_other = 0;
        m.last_time = 0.0;
        b.velocity = k.velocities[i];
        b.last_normal = {};
        // Between frames no burst is under way (end_frame resets the counts of every body that
        // changed; burst_start is read only with a burst under way) and no path vertex waits.
        b.burst_start = 0.0;
        b.burst_events = 0;
        b.frame_changes = 0;
        b.pending_vertex = UINT32_MAX;
        c.stamps[i] = detail::Stamp{k.versions[i], -1};
    }
    for (const WorldKeyframe::SideMemory& memory : k.memories) {
        detail::BodyMotion& m = c.motions[static_cast<std::size_t>(memory.body)];
        m.last_kind = memory.kind;
        m.last_other = memory.other;
        m.last_time = memory.time;
        c.bodies[static_cast<std::size_t>(memory.body)].last_normal = memory.normal;
    }
    for (const WorldKeyframe::Motion& motion : k.motions)
        c.motions[static_cast<std::size_t>(motion.body)].motion = motion.motion;
    for (const WorldKeyframe::Spin& spin : k.spins) {
        detail::Spin& to = c.spins[static_cast<std::size_t>(spin.body)];
        to.angle = spin.angle;
        to.angular_velocity = spin.angular_velocity;
        to.rate =
            c.motions[static_cast<std::size_t>(spin.body)].alive ? spin.angular_velocity : 0.0;
    }
    for (std::size_t w = 0; w < c.walls.size(); ++w) {
        c.walls[w].origin = k.walls[w];
        c.walls[w].since = 0.0;
        // A turning wall's orientation is the frame count's (the keyframe's wall is the same).
        if (c.walls[w].turns()) c.walls[w].start_frame(k.frames_completed);
    }
    c.frames_completed = k.frames_completed;
    c.log.frame = k.log_frame;
    return copy;
}

} // namespace ccd
