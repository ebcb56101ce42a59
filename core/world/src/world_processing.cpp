// The scheduler's processing (docs/scheduler.md): predictions leave the queue in time order;
// a stale one is logged as cancelled, a current one is processed (world_response.cpp) and its
// bodies predicted again; the budget; the frame's end.

#include "world_state.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

namespace ccd {

const ContactEvent* World::State::process_next(double limit) {
    if (lean()) return process_next_lean(limit);
    while (true) {
        if (cut_if_spent(queue.empty() ? 1.0 : queue.top_time(), limit)) continue;
        if (queue.empty() || queue.top_time() > limit) return nullptr;
        const Prediction p = queue.pop();
        if (!is_current(p)) {
            cancel(p, CancelReason::TrajectoryChanged, cancelling_event(p));
            continue;
        }
        if (cut_if_over_budget(p)) continue;
        process(p);
        return &log.events.back();
    }
    return nullptr;
}

// The lean levels: the body with the earliest prediction; a stale one (the other body's
// trajectory changed since) is found again from the body's current predictions. The same
// events as the queue's in the same order: a current prediction is never later than the
// earliest of one of its bodies, and a stale earliest is found again before its time passes.
const ContactEvent* World::State::process_next_lean(double limit) {
    while (true) {
        if (cut_if_spent(earliest_queue.empty() ? 1.0 : earliest_queue.top_time(), limit)) continue;
        if (earliest_queue.empty() || earliest_queue.top_time() > limit) return nullptr;
        const int owner = earliest_queue.top();
        if (!is_current(earliest[static_cast<std::size_t>(owner)])) {
            repredict(owner);
            continue;
        }
        const Prediction p = earliest[static_cast<std::size_t>(owner)];
        if (cut_if_over_budget(p)) continue;
        process(p);
        return options.log_level == LogLevel::Events ? &log.events.back() : &last_event;
    }
    return nullptr;
}

// Starts fetching what the next prediction in the queue will read when it leaves (its
// bodies' stamps, trajectories, records and grid listing): called before this event's
// predictions, which take long enough for the fetches to land (the next prediction itself
// was fetched when this one left the queue). Always inlined: GCC takes a function that only
// prefetches for one without side effects and drops the calls.
inline void World::State::prefetch_next() {
    int body = 0, other = 0;
    bool other_is_body = false;
    if (lean()) {
        // The stale entries at the top dropped first (they are dead whatever comes next), so
        // that the one peeked at is a body's earliest.
        int owner = 0;
        if (earliest_queue.empty() || !earliest_queue.peek(owner, body, other, other_is_body))
            return;
        __builtin_prefetch(&earliest[static_cast<std::size_t>(owner)]);
        __builtin_prefetch(
            reinterpret_cast<const char*>(&earliest[static_cast<std::size_t>(owner)]) + 64);
    } else if (!queue.peek_next(body, other, other_is_body)) {
        return;
    }
    const int ids[2] = {body, other};
    for (int k = 0; k < (other_is_body ? 2 : 1); ++k) {
        const std::size_t i = static_cast<std::size_t>(ids[k]);
        __builtin_prefetch(&stamps[i]);
        __builtin_prefetch(&motions[i]);
        __builtin_prefetch(&bodies[i]);
        if (use_grid()) grid.prefetch(ids[k]);
    }
}

void World::State::process(const Prediction& p) {
    const int sequence = frame_events++;
    const double t = p.time;
    time = t;
    if (use_grid()) { // moved in the grid below, if they change
        grid.prefetch(p.body);
        if (p.other_kind == OtherKind::Body) grid.prefetch(p.other);
    }
    if (any_gravity) [[unlikely]] { // the response reads each side's velocity at t
        rebase(p.body, t);
        if (p.other_kind == OtherKind::Body) rebase(p.other, t);
    }
    if (options.log_level == LogLevel::None)
        last_event = respond(p, sequence);
    else
        log.events.push_back(respond(p, sequence));
    prefetch_next();
    predict_changed(changed, t, sequence);
    if (lean() && changed.empty()) {
        // Neither trajectory changed: the prediction is still current, and is not to be taken
        // again; its bodies' next earliest.
        consumed.push_back(Consumed{p.body, p.other_kind, p.other, p.predicted_after});
        repredict(p.body);
        if (p.other_kind == OtherKind::Body) repredict(p.other);
    }
}

// The budgets (docs/scheduler.md, "Always finishes"), once per frame: past either, the frame is
// cut at `due` (the walls' contacts with the frozen bodies are still to come).
bool World::State::cut_if_over_budget(const Prediction& due) {
    if (log.budget_cut) return false;
    if (frame_events >= budget()) {
        cut_budget(due.time, BudgetKind::Events, &due);
        return true;
    }
    if (predictions_made() > prediction_budget()) {
        cut_budget(due.time, BudgetKind::Predictions, &due);
        return true;
    }
    return false;
}

// Before the next event (at `next`, 1 when none is left): the step budget spent cuts the frame
// at the time it got to, a query undecided at or before the next event at that time (not past
// `limit`, where advance_to stops).
bool World::State::cut_if_spent(double next, double limit) {
    if (log.budget_cut) return false;
    if (frame_steps > step_budget()) {
        cut_budget(time, BudgetKind::Steps, nullptr);
        return true;
    }
    if (undecided_at <= next && undecided_at <= limit) {
        cut_budget(undecided_at, BudgetKind::Undecided, nullptr);
        return true;
    }
    return false;
}

void World::State::cut_budget(double t, BudgetKind kind, const Prediction* due) {
    // Made so far: at the frame's start, the pass's (nothing has left the queue).
    const std::size_t predictions = due || lean() || frame_events > 0
                                        ? predictions_made()
                                        : static_cast<std::size_t>(queue.size());
    if (lean()) {
        earliest_key.assign(bodies.size(), EarliestKey{});
        earliest_queue.reset(bodies.size(), bodies.size() / 64 + 1);
        consumed.clear();
    } else {
        if (due) cancel(*due, CancelReason::Budget, -1);
        for (const Prediction& p : queue.drain()) {
            if (is_current(p))
                cancel(p, CancelReason::Budget, -1);
            else
                cancel(p, CancelReason::TrajectoryChanged, cancelling_event(p));
        }
    }
    time = t;
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        const BodyMotion& m = hot(i);
        // Frozen and still already, or stopped here (a carried body too).
        if (m.alive && !(m.frozen && m.motion == Vec2{})) {
            rebase(i, t); // a falling body keeps the velocity it has at t
            const Vec2 stop = short_of_the_walls(i, t);
            change_trajectory(i, t, -1, bodies[static_cast<std::size_t>(i)].velocity, false, true,
                              Vec2{});
            place_origin(i, stop);
        }
    }
    log.budget_cut =
        BudgetCut{t, frame_events, kind, static_cast<long long>(predictions), frame_steps};
    // The walls move on: a frozen body that one closes on is crushed (world_response.cpp), so
    // every body is predicted against them, once, from here (pairs of bodies that all stand
    // still have nothing to predict).
    if (std::none_of(walls.begin(), walls.end(), [](const WallRecord& w) { return w.moving(); }))
        return;
    changed.clear();
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i)
        if (alive(i)) changed.push_back(i);
    predict_changed(changed, t, frame_events - 1);
}

int World::State::cancelling_event(const Prediction& p) const {
    int by = INT_MAX;
    // The change that moved `predicted` on by one: the latest change, walked back through
    // the body's changes in this frame.
    const auto check = [&](int index, std::uint32_t predicted) {
        const std::uint32_t now = version(index);
        if (now == predicted) return;
        int link = stamps[static_cast<std::size_t>(index)].last_change;
        for (std::uint32_t k = predicted + 1; k < now; ++k)
            link = changes[static_cast<std::size_t>(link)].previous;
        by = std::min(by, changes[static_cast<std::size_t>(link)].sequence);
    };
    check(p.body, p.body_version);
    if (p.other_kind == OtherKind::Body) check(p.other, p.other_version);
    return by;
}

void World::State::cancel(const Prediction& p, CancelReason reason, int by) {
    log.cancelled.push_back(CancelledPrediction{p.time, p.body, p.other_kind, p.other, p.feature,
                                                p.predicted_at, p.predicted_after, reason, by,
                                                p.point, p.normal, p.vertex, p.edge});
}

void World::State::flush_paths() {
    for (const PendingVertex& v : pending_vertices)
        log.paths[static_cast<std::size_t>(v.body)].points.push_back(v.point);
    pending_vertices.clear();
}

namespace {
// Past kWorldLargest in magnitude on either axis, or not a number.
bool beyond_range(Vec2 v) {
    return !(std::fabs(v.x) <= kWorldLargest && std::fabs(v.y) <= kWorldLargest);
}
} // namespace

void World::State::end_frame() {
    flush_paths();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        BodyMotion& m = motions[i];
        double angle = 0.0;
        if (m.turning()) [[unlikely]] { // its orientation at the frame's end; turns again
            detail::Spin& spin = spins[i];
            spin.angle = spin.angle_at(1.0, m.since);
            angle = spin.angle;
            if (m.frozen) spin.rate = m.alive ? spin.angular_velocity : 0.0;
        }
        if (m.alive) {
            const Vec2 velocity = velocity_at(m, 1.0); // under gravity, what the frame added
            m.origin = short_of_the_walls(static_cast<int>(i), 1.0);
            if (paths_logged()) log.paths[i].points.push_back({1.0, m.origin, angle});
            if (any_gravity && !m.frozen) m.motion = bodies[i].velocity = velocity;
            // Beyond the World's range (a sensor flown out of its box at nearly its speed, a
            // fall that never lands) a body cannot be stepped within its guarantees nor written
            // as a scene: it is taken out here, where it is (docs/scheduler.md, "Scale").
            if (beyond_range(m.origin) || beyond_range(bodies[i].velocity)) {
                if (m.turning()) spins[i].rate = 0.0;
                m.alive = false;
                m.motion = {}; // still, as a body removed by a contact
                if (paths_logged())
                    log.out_of_range.push_back(
                        OutOfRange{static_cast<int>(i), m.origin, bodies[i].velocity});
            }
        }
        m.since = 0.0;
        if (m.frozen) { // moves again, by its velocity
            m.frozen = false;
            m.motion = m.alive ? bodies[i].velocity : Vec2{};
        }
        m.last_time -= 1.0; // the side memory reaches across the frame boundary
        // Only a body whose trajectory changed this frame has a burst under way (the
        // chattering rule counts changes): reset for the next frame.
        Stamp& stamp = stamps[i];
        if (stamp.last_change != -1) {
            stamp.last_change = -1;
            bodies[i].burst_events = 0;
            bodies[i].frame_changes = 0;
        }
    }
    for (std::size_t i = 0; i < walls.size(); ++i) {
        WallRecord& w = walls[i];
        if (!w.moving()) continue;
        if (w.turns()) { // placed anew from the frame count: no drift
            w.start_frame(frames_completed + 1);
        } else {
            w.origin = w.at(1.0);
            w.since = 0.0;
        }
        if (paths_logged()) log.wall_paths[i].points.push_back({1.0, w.origin, w.start_angle});
    }
    time = 0.0;
    in_frame = false;
    ++frames_completed;
}

} // namespace ccd
