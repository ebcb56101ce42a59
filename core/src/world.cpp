#include "ccd/world.hpp"

#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "event_queue.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace ccd {
namespace {

using detail::Prediction;

// The last contact a body took part in: a prediction for the same pair, within the chattering
// window, from the opposite side is rounding (a point left a hair across a wall's line after
// bouncing off it), never a contact (docs/scheduler.md, "Side memory").
struct LastContact {
    bool valid = false;
    OtherKind kind = OtherKind::Wall;
    int other = 0;
    double time = 0.0;
    Vec2 normal; // toward the body
};

struct BodyRecord {
    double radius = 0.0;
    double mass = 1.0;
    Response response;
    Vec2 origin;        // position at frame time `since`
    double since = 0.0; // frame time of the last change of trajectory
    Vec2 velocity;      // displacement per frame
    bool alive = true;
    bool frozen = false;
    std::uint32_t version = 0;       // bumped by every change of trajectory
    std::uint32_t frame_version = 0; // version at the frame's start
    std::vector<int> changed_by;     // [k]: the event that moved frame_version + k on by one
    double burst_start = 0.0;
    int burst_events = 0;
    LastContact last;
};

bool is_sensor(const BodyRecord& b) {
    return b.response.kind == ResponseKind::Sensor;
}

ContactOutcome respond_alone(const BodyRecord& self, const ContactInput& in) {
    // Only the closing part of the relative velocity is acted on: a contact the query found
    // approaching can round to a tiny opening speed here, and must not be pushed inward.
    const double closing = std::min(dot(in.velocity - in.other_velocity, in.normal), 0.0);
    switch (self.response.kind) {
    case ResponseKind::Bounce:
        return {in.velocity - in.normal * ((1.0 + self.response.restitution) * closing), false};
    case ResponseKind::Slide:
        return {in.velocity - in.normal * closing, false};
    case ResponseKind::Stop:
        return {Vec2{}, false};
    case ResponseKind::Destroy:
        return {in.velocity, true};
    case ResponseKind::Sensor:
        return {in.velocity, false};
    case ResponseKind::Callback:
        if (self.response.callback) return self.response.callback(in);
        return {in.velocity, false};
    }
    return {in.velocity, false};
}

} // namespace

struct World::State {
    WorldOptions options;
    std::vector<BodyRecord> bodies;
    std::vector<Segment> walls;
    detail::EventQueue queue;
    EventLog log;
    double time = 0.0;
    bool in_frame = false;
    int frames_completed = 0;

    static Vec2 motion(const BodyRecord& b) { return b.frozen || !b.alive ? Vec2{} : b.velocity; }
    static Vec2 position(const BodyRecord& b, double t) {
        return b.origin + motion(b) * (t - b.since);
    }

    int budget() const {
        return options.event_budget > 0 ? options.event_budget
                                        : 1000 + 100 * static_cast<int>(bodies.size());
    }

    // ---- prediction -------------------------------------------------------------------------

    // Whether a query's answer is an event for the scheduler (docs/scheduler.md, "What is an
    // event").
    bool is_event(const Hit& hit, Vec2 relative_velocity, bool sensor_pair, const BodyRecord& b,
                  OtherKind kind, int other, double event_time) const {
        if (!hit.approaching) return false;
        if (hit.overlap) {
            if (sensor_pair) return false; // a sensor reports entries only
            const double closing = -dot(relative_velocity, hit.normal);
            if (!(closing > options.resting_tolerance * length(relative_velocity))) return false;
        }
        const LastContact& last = b.last;
        if (last.valid && last.kind == kind && last.other == other &&
            dot(hit.normal, last.normal) < 0.0 && event_time - last.time <= options.chatter_window)
            return false;
        return true;
    }

    void predict_wall(int index, int wall, double from, int after) {
        const BodyRecord& b = bodies[static_cast<std::size_t>(index)];
        const Vec2 v = motion(b);
        if (v == Vec2{}) return;
        const double rest = 1.0 - from;
        const auto hit = time_of_impact(Circle{position(b, from), b.radius}, v * rest,
                                        walls[static_cast<std::size_t>(wall)]);
        if (!hit) return;
        const double at = std::min(1.0, from + hit->t * rest);
        if (!is_event(*hit, v, is_sensor(b), b, OtherKind::Wall, wall, at)) return;
        queue.push(
            Prediction{at, index, OtherKind::Wall, wall, 0, b.version, 0, *hit, from, after});
    }

    // i < j: the lower index is the query's mover, so the answer does not depend on who asked.
    void predict_pair(int i, int j, double from, int after) {
        const BodyRecord& a = bodies[static_cast<std::size_t>(i)];
        const BodyRecord& b = bodies[static_cast<std::size_t>(j)];
        const Vec2 va = motion(a), vb = motion(b);
        if (va == vb) return; // no relative motion: they cannot close in
        const double rest = 1.0 - from;
        const auto hit = time_of_impact(Circle{position(a, from), a.radius}, va * rest,
                                        Circle{position(b, from), b.radius}, vb * rest);
        if (!hit) return;
        const double at = std::min(1.0, from + hit->t * rest);
        if (!is_event(*hit, va - vb, is_sensor(a) || is_sensor(b), a, OtherKind::Body, j, at))
            return;
        queue.push(
            Prediction{at, i, OtherKind::Body, j, 0, a.version, b.version, *hit, from, after});
    }

    // Every body that `index` could touch this frame. All of them for now: a broadphase (a
    // grid or a tree over the swept boxes) slots in here and only here.
    template <class F>
    void for_each_neighbour(int index, F&& visit) const {
        for (int other = 0; other < static_cast<int>(bodies.size()); ++other)
            if (other != index && bodies[static_cast<std::size_t>(other)].alive) visit(other);
    }

    // Re-predicts the bodies in `changed` (ascending) from frame time `from`.
    void predict_changed(std::span<const int> changed, double from, int after) {
        const auto in_changed = [&](int k) {
            return std::find(changed.begin(), changed.end(), k) != changed.end();
        };
        for (const int c : changed) {
            if (!bodies[static_cast<std::size_t>(c)].alive) continue;
            for (int w = 0; w < static_cast<int>(walls.size()); ++w)
                predict_wall(c, w, from, after);
            for_each_neighbour(c, [&](int o) {
                if (in_changed(o) && o < c) return; // predicted from o's side already
                predict_pair(std::min(c, o), std::max(c, o), from, after);
            });
        }
    }

    // ---- the frame --------------------------------------------------------------------------

    void begin_frame() {
        queue.clear();
        log = EventLog{};
        log.frame = frames_completed;
        log.paths.resize(bodies.size());
        time = 0.0;
        in_frame = true;
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            BodyRecord& b = bodies[i];
            b.frame_version = b.version;
            b.changed_by.clear();
            b.burst_events = 0;
            b.frozen = false;
            if (b.alive) log.paths[i].points.push_back({0.0, b.origin});
        }
        std::vector<int> all;
        for (int i = 0; i < static_cast<int>(bodies.size()); ++i)
            if (bodies[static_cast<std::size_t>(i)].alive) all.push_back(i);
        predict_changed(all, 0.0, -1);
    }

    void end_frame() {
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            BodyRecord& b = bodies[i];
            if (b.alive) {
                b.origin = position(b, 1.0);
                log.paths[i].points.push_back({1.0, b.origin});
            }
            b.since = 0.0;
            b.frozen = false;
            b.last.time -= 1.0; // the side memory reaches across the frame boundary
        }
        time = 0.0;
        in_frame = false;
        ++frames_completed;
    }

    bool is_current(const Prediction& p) const {
        if (bodies[static_cast<std::size_t>(p.body)].version != p.body_version) return false;
        return p.other_kind == OtherKind::Wall ||
               bodies[static_cast<std::size_t>(p.other)].version == p.other_version;
    }

    int cancelling_event(const Prediction& p) const {
        int by = INT_MAX;
        const auto check = [&](int index, std::uint32_t version) {
            const BodyRecord& b = bodies[static_cast<std::size_t>(index)];
            if (b.version != version) by = std::min(by, b.changed_by[version - b.frame_version]);
        };
        check(p.body, p.body_version);
        if (p.other_kind == OtherKind::Body) check(p.other, p.other_version);
        return by;
    }

    void cancel(const Prediction& p, CancelReason reason, int by) {
        log.cancelled.push_back(CancelledPrediction{p.time, p.body, p.other_kind, p.other,
                                                    p.hit.feature, p.predicted_at,
                                                    p.predicted_after, reason, by});
    }

    // A change of trajectory of body `index` at frame time t, caused by event `sequence`.
    void change_trajectory(int index, double t, int sequence, Vec2 velocity, bool remove,
                           bool freeze) {
        BodyRecord& b = bodies[static_cast<std::size_t>(index)];
        b.origin = position(b, t);
        b.since = t;
        b.velocity = velocity;
        if (remove) b.alive = false;
        if (freeze) b.frozen = true;
        ++b.version;
        b.changed_by.push_back(sequence);
        auto& points = log.paths[static_cast<std::size_t>(index)].points;
        if (!points.empty() && points.back().time == t)
            points.back().position = b.origin;
        else
            points.push_back({t, b.origin});
    }

    // The chattering rule: true when this change of trajectory is one too many.
    bool chatters(BodyRecord& b, double t) const {
        if (b.burst_events == 0 || t - b.burst_start > options.chatter_window) {
            b.burst_start = t;
            b.burst_events = 1;
            return false;
        }
        return ++b.burst_events > options.chatter_limit;
    }

    void process(const Prediction& p) {
        const int sequence = static_cast<int>(log.events.size());
        const double t = p.time;
        time = t;
        BodyRecord& a = bodies[static_cast<std::size_t>(p.body)];
        const Vec2 n = p.hit.normal;
        ContactEvent event{sequence,    t,    p.body,    p.other_kind, p.other, p.hit.feature,
                           p.hit.point, n,    motion(a), motion(a),    {},      {},
                           false,       false};

        // Outcomes of the two participants ("no change" by default).
        ContactOutcome out_a{a.velocity, false};
        ContactOutcome out_b{};
        BodyRecord* b = nullptr;
        if (p.other_kind == OtherKind::Wall) {
            if (!a.frozen)
                out_a = respond_alone(a, ContactInput{t, p.body, OtherKind::Wall, p.other,
                                                      p.hit.point, n, a.velocity, Vec2{}});
        } else {
            b = &bodies[static_cast<std::size_t>(p.other)];
            out_b = {b->velocity, false};
            event.other_velocity_before = motion(*b);
            event.other_velocity_after = motion(*b);
            const Vec2 va = motion(a), vb = motion(*b);
            if (is_sensor(a) || is_sensor(*b)) {
                // both pass through
            } else if (a.response.kind == ResponseKind::Bounce &&
                       b->response.kind == ResponseKind::Bounce && !a.frozen && !b->frozen) {
                const double closing = std::min(dot(va - vb, n), 0.0);
                const double e = std::max(a.response.restitution, b->response.restitution);
                const double impulse = -(1.0 + e) * closing / (1.0 / a.mass + 1.0 / b->mass);
                out_a.velocity = va + n * (impulse / a.mass);
                out_b.velocity = vb - n * (impulse / b->mass);
            } else {
                if (!a.frozen)
                    out_a = respond_alone(a, ContactInput{t, p.body, OtherKind::Body, p.other,
                                                          p.hit.point, n, va, vb});
                if (!b->frozen)
                    out_b = respond_alone(*b, ContactInput{t, p.other, OtherKind::Body, p.body,
                                                           p.hit.point, -n, vb, va});
            }
        }

        std::vector<int> changed;
        const auto apply = [&](int index, BodyRecord& body, const ContactOutcome& out) {
            if (body.frozen) return;
            if (!out.remove && out.velocity == body.velocity) return;
            const bool freeze = !out.remove && chatters(body, t);
            change_trajectory(index, t, sequence, out.velocity, out.remove, freeze);
            if (freeze) log.chatter_cuts.push_back(ChatterCut{index, t, sequence});
            changed.push_back(index);
        };
        apply(p.body, a, out_a);
        if (b) apply(p.other, *b, out_b);

        a.last = LastContact{true, p.other_kind, p.other, t, n};
        if (b) b->last = LastContact{true, OtherKind::Body, p.body, t, -n};

        event.body_velocity_after = motion(a);
        event.body_removed = !a.alive;
        if (b) {
            event.other_velocity_after = motion(*b);
            event.other_removed = !b->alive;
        }
        log.events.push_back(event);
        predict_changed(changed, t, sequence);
    }

    void cut_budget(const Prediction& due) {
        cancel(due, CancelReason::Budget, -1);
        while (!queue.empty()) {
            const Prediction p = queue.pop();
            if (is_current(p))
                cancel(p, CancelReason::Budget, -1);
            else
                cancel(p, CancelReason::TrajectoryChanged, cancelling_event(p));
        }
        const double t = due.time;
        time = t;
        for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
            BodyRecord& b = bodies[static_cast<std::size_t>(i)];
            if (b.alive && !b.frozen) change_trajectory(i, t, -1, b.velocity, false, true);
        }
        log.budget_cut = BudgetCut{t, static_cast<int>(log.events.size())};
    }

    // The next event at or before frame time `limit`, processed; nullptr when there is none.
    const ContactEvent* process_next(double limit) {
        while (!queue.empty()) {
            if (queue.top().time > limit) return nullptr;
            const Prediction p = queue.pop();
            if (!is_current(p)) {
                cancel(p, CancelReason::TrajectoryChanged, cancelling_event(p));
                continue;
            }
            if (static_cast<int>(log.events.size()) >= budget()) {
                cut_budget(p);
                return nullptr;
            }
            process(p);
            return &log.events.back();
        }
        return nullptr;
    }
};

World::World(WorldOptions options) : state_(std::make_unique<State>()) {
    state_->options = options;
}
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

int World::add_body(BodyDef def) {
    if (state_->in_frame) throw std::logic_error("World::add_body during a frame");
    BodyRecord b;
    b.radius = def.shape.radius;
    b.mass = def.mass;
    b.response = std::move(def.response);
    b.origin = def.shape.center;
    b.velocity = def.velocity;
    state_->bodies.push_back(std::move(b));
    return static_cast<int>(state_->bodies.size()) - 1;
}

int World::add_wall(Segment wall) {
    if (state_->in_frame) throw std::logic_error("World::add_wall during a frame");
    state_->walls.push_back(wall);
    return static_cast<int>(state_->walls.size()) - 1;
}

int World::add_polyline(std::span<const Vec2> points, bool closed) {
    const int first = wall_count();
    for (std::size_t i = 0; i + 1 < points.size(); ++i)
        add_wall({points[i], points[i + 1]});
    if (closed && points.size() > 2) add_wall({points.back(), points.front()});
    return first;
}

const EventLog& World::step() {
    advance_to(1.0);
    return state_->log;
}

const ContactEvent* World::next_event() {
    if (!state_->in_frame) state_->begin_frame();
    return state_->process_next(1.0);
}

void World::advance_to(double t) {
    if (!state_->in_frame) state_->begin_frame();
    if (!(t > state_->time)) t = state_->time; // also NaN
    t = std::min(t, 1.0);
    while (state_->process_next(t)) {
    }
    state_->time = t;
    if (t == 1.0) state_->end_frame();
}

double World::time() const {
    return state_->time;
}
bool World::in_frame() const {
    return state_->in_frame;
}
int World::frames_completed() const {
    return state_->frames_completed;
}
const EventLog& World::log() const {
    return state_->log;
}
int World::body_count() const {
    return static_cast<int>(state_->bodies.size());
}
int World::wall_count() const {
    return static_cast<int>(state_->walls.size());
}

WorldBody World::body(int index) const {
    const BodyRecord& b = state_->bodies.at(static_cast<std::size_t>(index));
    return WorldBody{Circle{State::position(b, state_->time), b.radius}, b.velocity, b.alive,
                     b.frozen};
}

const Segment& World::wall(int index) const {
    return state_->walls.at(static_cast<std::size_t>(index));
}

} // namespace ccd
