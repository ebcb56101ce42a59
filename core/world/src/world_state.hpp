#pragma once
// World::State: what the World keeps between calls, its bodies' and walls' records, and the
// scheduler's work split by concern (docs/scheduler.md): predicting contacts
// (world_prediction.cpp), processing them in time order (world_processing.cpp) and what a
// contact does to the bodies (world_response.cpp, the velocities in collision_response.hpp).
// Private to the core.

#include "ccd/toi_body.hpp"
#include "ccd/world.hpp"

#include "earliest_queue.hpp"
#include "event_queue.hpp"
#include "swept_box_grid.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace ccd {
namespace detail {

// What predicting a pair reads of a body, one cache line each (docs/performance.md): its
// trajectory, its state and response kind, and the side memory of its last contact but the
// normal. The rest of the body is in BodyRecord, read only by the events it takes part in.
//
// The side memory (docs/scheduler.md, "Side memory"): the last contact a body took part in. A
// prediction for the same pair, within the chattering window, from the opposite side is
// rounding (a point left a hair across a wall's line after bouncing off it), never a contact.
struct alignas(64) BodyMotion {
    Vec2 origin;            // position at frame time `since`: the last vertex of the body's path
    double since = 0.0;     // frame time of the last change of trajectory
    Vec2 motion;            // per frame from `since` on: the velocity, the carry while frozen (the
                            // wall it chattered against), zero once removed (BodyRecord has the
                            // velocity it will have again)
    double radius = 0.0;    // a polygon's: of a circle about `origin` that holds it
    double last_time = 0.0; // side memory: when (frame time; earlier frames below 0)
    int last_other = 0;     //   with which wall or body
    std::uint8_t last_kind = 0; //   0: none yet; else 1 + its OtherKind
    // A ResponseKind, and kPolygonBit for a polygon (World::State::outlines has its vertices).
    std::uint8_t kind = static_cast<std::uint8_t>(ResponseKind::Bounce);
    bool alive = true;
    bool frozen = false;

    static constexpr std::uint8_t kPolygonBit = 0x80;
    // A polygon that turns freely (World::State::spins has its orientation and spin).
    static constexpr std::uint8_t kTurningBit = 0x40;
    ResponseKind response() const {
        return static_cast<ResponseKind>(kind & ~(kPolygonBit | kTurningBit));
    }
    bool polygon() const { return (kind & kPolygonBit) != 0; }
    bool turning() const { return (kind & kTurningBit) != 0; }
};

static_assert(sizeof(BodyMotion) == 64, "one cache line");

// The rest of a body, one cache line: what an event of the body reads or writes. A callback
// lives apart (World::State::callbacks).
struct alignas(64) BodyRecord {
    Vec2 velocity; // displacement per frame
    double mass = 1.0;
    double restitution = 1.0; // Bounce only
    double burst_start = 0.0;
    std::uint16_t burst_events = 0;  // changes of trajectory in the burst (saturating)
    std::uint16_t frame_changes = 0; // changes of trajectory this frame (saturating)
    // Where the last vertex of the body's path (at BodyMotion::since) waits in
    // `pending_vertices`, when pending_vertices[pending_vertex].body is this body.
    std::uint32_t pending_vertex = UINT32_MAX;
    Vec2 last_normal; // side memory: the last contact's normal, toward the body
};

static_assert(sizeof(BodyRecord) == 64, "one cache line");

// One change of trajectory, linked to the body's previous one in the same frame: which event
// moved the body's version on (a stale prediction is logged with the first event that changed
// one of its bodies after it was made).
struct ChangeLink {
    int sequence = 0;
    int previous = -1;
};

// A static wall, or a kinematic one: endpoints moving by `da`, `db` per frame, from `origin`
// at frame time `since`; or a turning one (docs/turning-bodies.md, "Turning walls"): turning by
// `turn` radians per frame about the fixed `pivot`, frame after frame. A turning wall's `origin`
// is `base` (the wall as added) turned about the pivot by `start_angle`, its orientation at the
// frame's start: turned_angle(the frames it has turned, turn), from the frame count, never
// accumulated. Nothing stops a wall (a budget cut stops the bodies only).
struct WallRecord {
    Segment origin;
    double since = 0.0;
    Vec2 da, db;
    Vec2 pivot;
    double turn = 0.0;        // radians per frame, counter-clockwise; 0: it does not turn
    double start_angle = 0.0; // a turning wall's orientation at the frame's start
    Segment base;             // a turning wall as added (its orientation 0)
    int added_at = 0;         // World::frames_completed() when it was added

    bool turns() const { return turn != 0.0; }
    bool moving() const { return turns() || !(da == Vec2{} && db == Vec2{}); }
    // A turning wall's motion over one frame.
    Turning turning() const { return {pivot, {}, turn}; }
    Segment at(double t) const {
        if (turns()) [[unlikely]] {
            const Turning motion = turning();
            return {turning_position(motion, origin.a, t - since),
                    turning_position(motion, origin.b, t - since)};
        }
        if (!moving()) return origin;
        return {origin.a + da * (t - since), origin.b + db * (t - since)};
    }
    // A turning wall's orientation at frame time t (0 for any other wall).
    double angle_at(double t) const { return turns() ? start_angle + turn * (t - since) : 0.0; }
    // The velocity of the wall's material point at `point` (on the wall at time t): a turning
    // wall's is turn x (point - pivot).
    Vec2 velocity_at(Vec2 point, double t, Feature feature) const {
        if (!moving()) return {};
        if (turns()) [[unlikely]] {
            const Vec2 r = point - pivot;
            return {-turn * r.y, turn * r.x};
        }
        if (da == db || feature == Feature::EndpointA) return da;
        if (feature == Feature::EndpointB) return db;
        return velocity_along(at(t), da, db, point);
    }
    // A turning wall placed for the start of frame `frames` (World::frames_completed()).
    void start_frame(int frames) {
        start_angle = turned_angle(static_cast<long long>(frames) - added_at, turn);
        since = 0.0;
        if (start_angle == 0.0) {
            origin = base;
            return;
        }
        const Turning by{pivot, {}, start_angle};
        origin = {turning_position(by, base.a, 1.0), turning_position(by, base.b, 1.0)};
    }
};

// A turning polygon's orientation and spin, kept as BodyMotion keeps its path: the orientation
// at BodyMotion::since and the rate it turns by from then on (docs/turning-bodies.md). Every body
// has one; only a body with BodyMotion::kTurningBit reads it.
struct Spin {
    double angle = 0.0;            // orientation at BodyMotion::since (radians)
    double rate = 0.0;             // radians per frame from `since` on: 0 while frozen or removed
    double angular_velocity = 0.0; // what it turns by once it moves again (BodyRecord::velocity's)
    double inverse_inertia = 0.0;  // about the center

    double angle_at(double t, double since) const { return angle + rate * (t - since); }
};

// A body's side memory as it was before an event changed it without changing the body's
// trajectory (the lean levels' record, docs/scheduler.md, "Log levels").
struct SideMemory {
    double time = 0.0;
    Vec2 normal;
    int other = 0;
    std::uint8_t kind = 0;
};

inline bool is_sensor(const BodyMotion& m) {
    return m.response() == ResponseKind::Sensor;
}

} // namespace detail

struct World::State {
    using BodyMotion = detail::BodyMotion;
    using BodyRecord = detail::BodyRecord;
    using ChangeLink = detail::ChangeLink;
    using WallRecord = detail::WallRecord;
    using Box = detail::Box;
    using Prediction = detail::Prediction;

    WorldOptions options;
    // options.algorithm's entry of ccd::algorithms(), or null for the exact queries.
    const Algorithm* algorithm = nullptr;
    std::vector<BodyRecord> bodies;
    std::vector<ContactCallback> callbacks;  // by body: a Callback response's function
    std::vector<BodyMotion> motions;         // by body
    std::vector<std::vector<Vec2>> outlines; // by body: a polygon's vertices, empty for a circle
    std::vector<detail::Spin> spins;         // by body: a turning polygon's orientation and spin
    bool any_turning = false;                // a turning polygon or wall was added
    bool any_concave = false;                // a polygon that is not convex was added
    // By body, 8 bytes: what checking a prediction reads (is it current, which event
    // cancelled it).
    struct Stamp {
        std::uint32_t version = 0; // bumped by every change of trajectory
        int last_change = -1;      // this frame's changes of trajectory: the last in `changes`
    };
    std::vector<Stamp> stamps;
    std::vector<ChangeLink> changes; // this frame's changes of trajectory
    std::vector<WallRecord> walls;
    detail::EventQueue queue;
    detail::SweptBoxGrid grid;
    EventLog log;
    int frame_events = 0;    // processed this frame (log.events.size() when they are logged)
    ContactEvent last_event; // the last one, where LogLevel::None logs none
    double time = 0.0;
    bool in_frame = false;
    int frames_completed = 0;
    // Path vertices of changes of trajectory, written into the log's paths in one pass at the
    // end of each public call (each path is a vector of its own: appending there at every
    // change was a cache miss or two in the middle of the event loop).
    struct PendingVertex {
        int body;
        PathPoint point;
    };
    std::vector<PendingVertex> pending_vertices;
    std::vector<int> changed;                    // scratch: the bodies an event changed
    std::vector<std::pair<int, int>> candidates; // scratch: pairs to predict
    std::vector<int> live;                       // scratch: the frame start's live bodies
    std::vector<Box> boxes;                      // scratch: the frame start's swept boxes
    std::vector<double> extents;                 // scratch: their sizes
    std::vector<std::uint32_t> change_mark;      // by body: == change_round when in `changed`
    std::uint32_t change_round = 0;

    // ---- the lean levels (docs/scheduler.md, "Log levels") -------------------------------------
    // Each body's earliest prediction, of those its last prediction pass made and, after one
    // went stale, of all its current ones; the bodies ordered by it in `earliest_queue`.
    using EarliestKey = detail::EarliestQueue::Key;
    std::vector<Prediction> earliest;      // by body
    std::vector<EarliestKey> earliest_key; // by body: the order of `earliest` (infinite: none)
    detail::EarliestQueue earliest_queue;
    // By body: the frame time and the event of its last prediction pass (a pair's prediction
    // is made in the later of its two bodies' passes, from that pass's time).
    struct Pass {
        double from = 0.0;
        int after = -1;
    };
    std::vector<Pass> passes;
    long long lean_predictions = 0; // made in the frame, its start pass included (the budget)
    bool frame_start_pass = false;  // every body takes the predictions made
    int repredicting = -1; // the body whose current predictions are being found again, or -1
    // Side memories changed by an event that did not change the body's trajectory: the
    // predictions made before it read the memory as it was (linked by body, latest first).
    struct MemoryChange {
        detail::SideMemory before;
        int sequence;
        int previous;
    };
    std::vector<MemoryChange> memory_changes;
    std::vector<int> memory_head; // by body: its latest in memory_changes, or -1
    bool any_memory_change = false;
    // Predictions processed while both their bodies' trajectories stayed as they were: still
    // current, never to be taken again.
    struct Consumed {
        int body;
        OtherKind kind;
        int other;
        int after;
    };
    std::vector<Consumed> consumed;

    bool lean() const { return options.log_level != LogLevel::Full; }
    bool paths_logged() const { return options.log_level != LogLevel::None; }

    static Vec2 position(const BodyMotion& m, double t) {
        return m.origin + m.motion * (t - m.since);
    }
    const BodyMotion& hot(int index) const { return motions[static_cast<std::size_t>(index)]; }
    BodyMotion& hot(int index) { return motions[static_cast<std::size_t>(index)]; }
    Vec2 motion(int index) const { return hot(index).motion; }
    std::uint32_t version(int index) const {
        return stamps[static_cast<std::size_t>(index)].version;
    }
    bool alive(int index) const { return hot(index).alive; }

    // Predictions made in the frame, the frame start's pass included: processed, cancelled,
    // queued, and the one just taken from the queue (the lean levels count them as made).
    std::size_t predictions_made() const {
        if (lean()) return static_cast<std::size_t>(lean_predictions);
        return log.events.size() + log.cancelled.size() + queue.size() + 1;
    }
    std::size_t prediction_budget() const {
        return options.prediction_budget > 0 ? static_cast<std::size_t>(options.prediction_budget)
                                             : 100000 + 100 * bodies.size();
    }
    int budget() const {
        return options.event_budget > 0 ? options.event_budget
                                        : 1000 + 100 * static_cast<int>(bodies.size());
    }
    bool use_grid() const { return options.broadphase == Broadphase::Grid; }

    // ---- prediction (world_prediction.cpp) ----------------------------------------------------

    // Whether a query's answer is an event for the scheduler (docs/scheduler.md, "What is an
    // event").
    // `after`: the event of the pass the prediction belongs to (the lean levels read the side
    // memory as it was then).
    bool is_event(const Hit& hit, Vec2 relative_velocity, bool sensor_pair, int body,
                  OtherKind kind, int other, double event_time, int after) const;
    detail::SideMemory memory_at(int body, int after) const;
    // A prediction that is an event: queued (LogLevel::Full), or kept as its bodies' earliest.
    void offer(const Prediction& p) {
        if (lean())
            keep_earliest(p);
        else
            queue.push(p);
    }
    void keep_earliest(const Prediction& p);
    // Body `index`'s current predictions found again, each from its pair's pass (its earliest
    // went stale, or was processed with no change of trajectory).
    void repredict(int index);
    // The body as the polygon queries see it at frame time `from` (ccd/toi_body.hpp).
    SweptBody swept(int index, double from) const;
    // A turning body's orientation at frame time t (0 for any other body).
    double angle_at(int index, double t) const {
        const BodyMotion& m = hot(index);
        return m.turning() ? spins[static_cast<std::size_t>(index)].angle_at(t, m.since) : 0.0;
    }
    // The rate a body turns by now (0 for a body that does not turn).
    double rate(int index) const {
        return hot(index).turning() ? spins[static_cast<std::size_t>(index)].rate : 0.0;
    }
    // The velocity of body `index`'s material at `point` at frame time t: its motion, plus its
    // spin's for a turning one.
    Vec2 material_velocity(int index, Vec2 point, double t) const;
    // A pair with a turning body (out of line: the disks' path stays as it was).
    [[gnu::noinline]] void query_turning_pair(int i, int j, double from, int after);
    void predict_wall(int index, int wall, double from, int after);
    // A polygon body against a wall, or any body against a turning wall, from frame time `from`
    // to the frame's end (out of line: the circles' path stays as it was).
    [[gnu::noinline]] std::optional<Hit> polygon_wall_hit(int index, int wall, double from) const;
    // The same queries by `algorithm` (not the exact one), body or polygon alike.
    [[gnu::noinline]] std::optional<Hit> algorithm_wall_hit(int index, int wall, double from) const;
    [[gnu::noinline]] std::optional<Hit> algorithm_pair_hit(int i, int j, double from) const;
    // i < j: the lower index is the query's mover, so the answer does not depend on who asked.
    void predict_pair(int i, int j, double from, int after);
    // The exact query for a pair the cheap rejection let through (out of line, so that
    // predict_pair's rejections pay no large stack frame).
    [[gnu::noinline]] void query_pair(int i, int j, double from, int after);
    // What body `index` sweeps from frame time `from` to the frame's end, with its radius.
    Box swept_box(int index, double from) const;
    Box swept_box(const WallRecord& w) const;
    void lay_out_grid(Box bounds, bool any);
    template <class Wall, class Body>
    void for_each_neighbour(int index, double from, Wall&& visit_wall, Body&& visit_body);
    // Re-predicts the bodies in `list` from frame time `from` (after moving them in the grid,
    // unless it was just built for them).
    void predict_changed(std::span<const int> list, double from, int after,
                         bool move_in_grid = true);
    // Starts a frame: each path's first vertex, the grid, every body's predictions. A pass
    // that goes over the prediction budget stops there, and the frame is cut at its start.
    void begin_frame();
    void end_start_pass(); // the lean levels' queue ordered, their count started
    // The frame start's pass has made more predictions than the budget allows.
    bool start_pass_over_budget() const {
        const std::size_t made = lean() ? static_cast<std::size_t>(lean_predictions) : queue.size();
        return made > prediction_budget();
    }

    // ---- processing (world_processing.cpp) ----------------------------------------------------

    // The next event at or before frame time `limit`, processed; nullptr when there is none.
    const ContactEvent* process_next(double limit);
    const ContactEvent* process_next_lean(double limit);
    void process(const Prediction& p);
    [[gnu::always_inline]] inline void prefetch_next();
    // A budget ran out before `due`: every body stops at its time (docs/scheduler.md).
    bool cut_if_over_budget(const Prediction& due); // true: the frame was cut at `due`
    // The cut at frame time `t`: before `due` (logged as cancelled), or at the frame's start
    // (`due` null: the frame start's pass went over the prediction budget).
    void cut_budget(double t, BudgetKind kind, const Prediction* due);
    bool is_current(const Prediction& p) const {
        if (version(p.body) != p.body_version) return false;
        return p.other_kind == OtherKind::Wall || version(p.other) == p.other_version;
    }
    int cancelling_event(const Prediction& p) const;
    void cancel(const Prediction& p, CancelReason reason, int by);
    // Writes the pending path vertices into the log.
    void flush_paths();
    void end_frame();

    // ---- response (world_response.cpp) --------------------------------------------------------

    // What contact `p` (event `sequence`) does to its bodies: their responses, the chattering
    // rule, crushing, the side memory; the bodies whose trajectory changed in `changed`.
    // Returns the event as the log records it.
    ContactEvent respond(const Prediction& p, int sequence);
    // The same for a contact of a turning body (world_turning_response.cpp): the impulse with
    // spin (docs/turning-bodies.md, "Collision response with spin").
    ContactEvent respond_turning(const Prediction& p, int sequence);
    // A contact with a turning wall, `wall`, at frame time t: the event records the wall's
    // orientation and its angular velocity (docs/turning-bodies.md, "Turning walls").
    static void record_turning_wall(ContactEvent& event, const WallRecord& wall, double t) {
        event.turning = true;
        event.other_angle = wall.angle_at(t);
        event.other_angular_velocity_before = wall.turn;
        event.other_angular_velocity_after = wall.turn;
    }
    // Crushes a frozen participant of contact `p` that the contact still pushes on: the two
    // sides' velocities at the contact, `relative`, still closing along its normal. Not for a
    // sensor's contact with a body (docs/scheduler.md, "Always finishes").
    void crush_frozen(const Prediction& p, int sequence, Vec2 relative);
    // What every contact ends with: the lean levels' record of the memories an unchanged body's
    // standing predictions read, then the side memories, then the event's outcome.
    void remember_contact(const Prediction& p, int sequence, bool a_held, bool b_held,
                          ContactEvent& event);
    // A change of trajectory of body `index` at frame time t, caused by event `sequence`. A
    // body frozen here moves by `carry` for the rest of the frame.
    void change_trajectory(int index, double t, int sequence, Vec2 velocity, bool remove,
                           bool freeze, Vec2 carry = {});
    // Body `index`, whose trajectory has just changed at a contact with the interior of the
    // wall `line` (at the contact's time; `normal` toward the body): its new origin put back
    // on the line or the body's side of it if rounding left it past (wall_side.hpp).
    void keep_on_the_body_side(int index, const Segment& line, Vec2 normal);
    // Whether body `index` is a point held on the line of the wall of its last contact
    // (on_the_line_within) at frame time t: a body contact then keeps that wall's side memory.
    bool held_on_last_wall(int index, double t) const;
    // `velocity`, a body contact's outcome for such a point, made not to close on that wall.
    Vec2 off_the_last_wall(int index, Vec2 velocity, double t) const;
    // The chattering rule: true when this change of trajectory is one too many, within its
    // burst or within the frame.
    bool chatters(BodyRecord& b, double t) const;
    // Whether a pair, `normal` pointing toward the first, still closes in after a contact.
    bool still_closing(Vec2 relative_velocity, Vec2 normal) const {
        const double closing = -dot(relative_velocity, normal);
        return closing > options.resting_tolerance * length(relative_velocity);
    }
};

} // namespace ccd
