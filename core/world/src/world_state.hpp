#pragma once
// World::State: what the World keeps between calls, split by data: what carries from frame to
// frame (CarriedState: the bodies' and walls' records of world_records.hpp), what a frame
// rebuilds (FrameWork) and the lean log levels' bookkeeping (LeanBookkeeping); and the
// scheduler's work on them by concern (docs/scheduler.md): predicting contacts
// (world_prediction.cpp), processing them in time order (world_processing.cpp) and what a
// contact does to the bodies (world_response.cpp, the velocities in collision_response.hpp).
// Private to the core.

#include "ccd/toi_body.hpp"
#include "ccd/world.hpp"

#include "earliest_queue.hpp"
#include "event_queue.hpp"
#include "swept_box_grid.hpp"
#include "world_contact.hpp"
#include "world_records.hpp"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace ccd {
namespace detail {

struct RigidSide;

// What carries from frame to frame (docs/recording.md, "What a keyframe is"): the bodies and
// walls and the frame count. World::snapshot copies it whole; World::restored copies it and
// writes a keyframe's state over it.
struct CarriedState {
    std::vector<BodyRecord> bodies;
    std::vector<ContactCallback> callbacks;  // by body: a Callback response's function
    std::vector<BodyMotion> motions;         // by body
    std::vector<std::vector<Vec2>> outlines; // by body: a polygon's vertices, empty for a circle
    std::vector<double> roundings;           // by body: a polygon's radius (BodyDef::rounding)
    std::vector<Spin> spins;                 // by body: a turning polygon's orientation and spin
    std::vector<Stamp> stamps;               // by body
    std::vector<WallRecord> walls;
    bool any_turning = false; // a turning polygon or wall was added
    bool any_concave = false; // a polygon that is not convex was added
    // By body: BodyDef::acceleration (zero for a static body), and whether any is not zero.
    std::vector<Vec2> accelerations;
    bool any_gravity = false;
    int frames_completed = 0;
};

// What a frame rebuilds: its log, its queue and grid, its changes of trajectory and the
// scratch storage of its passes (begin_frame starts them all anew).
struct FrameWork {
    std::vector<ChangeLink> changes; // this frame's changes of trajectory
    EventQueue queue;
    SweptBoxGrid grid;
    EventLog log;
    int frame_events = 0; // processed this frame (log.events.size() when they are logged)
    // The turning queries' search steps this frame (the step budget), and the earliest time a
    // query stopped undecided at (infinity: none; docs/scheduler.md, "Budgets").
    mutable long long frame_steps = 0;
    mutable double undecided_at = 0.0;
    ContactEvent last_event; // the last one, where LogLevel::None logs none
    double time = 0.0;
    bool in_frame = false;
    // Path vertices of changes of trajectory, written into the log's paths in one pass at the
    // end of each public call (each path is a vector of its own: appending there at every
    // change is a cache miss or two in the middle of the event loop).
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
    // By body: == change_round when in `changed` (a fresh round of 1 against marks of 0 marks
    // nothing).
    std::vector<std::uint32_t> change_mark;
    std::uint32_t change_round = 0;
    // By body, under gravity: the normal (toward the body) of the surface it is held resting on
    // for the rest of the frame, its acceleration into it removed (docs/scheduler.md, "Gravity
    // and resting"); zero: none. Empty without gravity.
    std::vector<Vec2> held;
};

// The lean levels' bookkeeping (docs/scheduler.md, "Log levels"), rebuilt by every frame.
struct LeanBookkeeping {
    // Each body's earliest prediction, of those its last prediction pass made and, after one
    // went stale, of all its current ones; the bodies ordered by it in `earliest_queue`.
    using EarliestKey = EarliestQueue::Key;
    std::vector<Prediction> earliest;      // by body
    std::vector<EarliestKey> earliest_key; // by body: the order of `earliest` (infinite: none)
    EarliestQueue earliest_queue;
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
        SideMemory before;
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
};

} // namespace detail

// The World's state: its options, what carries from frame to frame, what a frame rebuilds and
// the lean levels' bookkeeping, each one value; the work on them by concern in the files this
// header's opening names.
struct World::State : detail::CarriedState, detail::FrameWork, detail::LeanBookkeeping {
    using BodyMotion = detail::BodyMotion;
    using BodyRecord = detail::BodyRecord;
    using ChangeLink = detail::ChangeLink;
    using WallRecord = detail::WallRecord;
    using Stamp = detail::Stamp;
    using Box = detail::Box;
    using Prediction = detail::Prediction;

    WorldOptions options;
    // options.algorithm's entry of ccd::algorithms(), or null for the exact queries.
    const Algorithm* algorithm = nullptr;

    // Throws std::logic_error while a frame is under way: `call` is for between frames only.
    void check_between_frames(const char* call) const;
    // The same, then every number 0 or within the World's scale (std::invalid_argument naming
    // `what` otherwise).
    void check_call(const char* call, const char* what,
                    std::initializer_list<double> numbers) const;
    // `wall` added: its index among the walls.
    int added_wall(const WallRecord& wall);

    detail::CarriedState& carried() { return *this; }
    const detail::CarriedState& carried() const { return *this; }
    // A World of these options and this carried state, and an empty log of this log's frame
    // number: what a snapshot is, and what World::restored writes a keyframe over. Everything
    // else is rebuilt by the next begin_frame.
    World carried_copy() const;

    bool lean() const { return options.log_level != LogLevel::Full; }
    bool paths_logged() const { return options.log_level != LogLevel::None; }

    // Where a body is at frame time t: on the straight line of its motion from `since`, or
    // under gravity on the parabola its acceleration bends it into.
    Vec2 position(const BodyMotion& m, double t) const {
        const Vec2 straight = m.origin + m.motion * (t - m.since);
        if (!any_gravity) [[likely]]
            return straight;
        const double s = t - m.since;
        return straight + acceleration_of(m) * (0.5 * s * s);
    }
    // Its velocity at frame time t: its motion, plus what its acceleration has added since.
    Vec2 velocity_at(const BodyMotion& m, double t) const {
        if (!any_gravity) [[likely]]
            return m.motion;
        return m.motion + acceleration_of(m) * (t - m.since);
    }
    // ---- gravity (world_gravity.cpp; docs/scheduler.md, "Gravity and resting") ----------------
    // Body `index`'s acceleration now: its own while it moves freely (alive, not frozen, not
    // static), less the part into the surface it is held resting on.
    Vec2 acceleration(int index) const;
    Vec2 acceleration_of(const BodyMotion& m) const {
        const std::ptrdiff_t i = &m - motions.data();
        return i >= 0 && static_cast<std::size_t>(i) < motions.size()
                   ? acceleration(static_cast<int>(i))
                   : Vec2{};
    }
    // Whether body `index` falls: it has an acceleration of its own and moves freely.
    bool falls(int index) const;
    // Body `index`'s path restarted at frame time t where it is and with the velocity it has
    // there (the same parabola: no change of trajectory), a vertex of its path made there, so
    // that a contact's response reads its velocity at t.
    void rebase(int index, double t);
    // The acceleration of the piece of body `index`'s path that starts at its last vertex.
    void note_piece_acceleration(int index);
    // Contact `normal` (toward body `index`) of its outcome `out`, against what moves at
    // `other_velocity` with `other_acceleration`: when the pull into the surface is positive and
    // the normal speed `out` leaves with is below what that pull gives in a quarter of a frame
    // (a bounce that would land again within half a frame), the body is
    // held resting on the surface (its normal speed relative to it removed, `held`); otherwise a
    // change of trajectory lets go of any surface it was held on.
    // Whether the surface it is held on changed.
    bool hold_if_resting(int index, ContactOutcome& out, Vec2 normal, Vec2 other_velocity,
                         Vec2 other_acceleration);
    // After the outcomes are applied: a body whose hold changed though its velocity did not
    // changes its trajectory all the same (its acceleration did).
    void apply_hold(int index, bool hold_changed, double t, int sequence);
    // Under gravity, what a body sweeps from frame time `from`: the box of its parabola.
    Box parabola_box(int index, double from) const;
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
    long long step_budget() const {
        return options.step_budget > 0 ? options.step_budget
                                       : 2'000'000 + 2'000 * static_cast<long long>(bodies.size());
    }
    // Past the step budget before the frame was cut: the queries wait for the cut.
    bool steps_spent() const { return frame_steps > step_budget() && !log.budget_cut; }
    // A query's answer through the registry, its steps counted; an undecided one kept in
    // undecided_at (the frame is cut there) and not returned.
    std::optional<Hit> counted(const std::optional<Hit>& hit, long long steps_before,
                               double from) const;
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
    bool rests_on_its_wall(const Hit& hit, int body, OtherKind kind, int wall, double event_time,
                           Vec2 normal) const;
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
    // Body `index` as a side of the World's query (ccd/toi_body.hpp) from frame time `from`
    // over the rest of the frame.
    Swept side(int index, double from) const;
    // Wall `wall` likewise.
    Swept wall_side(int wall, double from) const;
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
    Vec2 material_velocity(int index, Vec2 point, double t) const {
        const BodyMotion& m = hot(index);
        if (!m.turning()) return velocity_at(m, t);
        const double w = spins[static_cast<std::size_t>(index)].rate;
        const Vec2 r = point - position(m, t);
        return velocity_at(m, t) + Vec2{-w * r.y, w * r.x};
    }
    // A pair with a turning body (out of line: the disks' path stays as it was).
    [[gnu::noinline]] void query_turning_pair(int i, int j, double from, int after);
    void predict_wall(int index, int wall, double from, int after);
    // Body `index` against a wall, or bodies i and j, from frame time `from` to the frame's end:
    // the World's one query through the pair registry (ccd/toi_body.hpp), by `algorithm` or the
    // exact one, for every pair but the disks' (out of line: their path stays as it was).
    [[gnu::noinline]] std::optional<Hit> registry_wall_hit(int index, int wall, double from) const;
    [[gnu::noinline]] std::optional<Hit> registry_pair_hit(int i, int j, double from) const;
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
    // The frame's work started: the queues, the lean levels' bookkeeping, the log, the walls'
    // paths, the frame time.
    void start_frame_work();
    // Each live body's path's first vertex, and on the grid its swept box and size, in `boxes`
    // and `extents`, `bounds` grown over them: whether there is any.
    bool first_vertices_and_boxes(Box& bounds);
    // The frame start's predictions, every pair of live bodies and every body against every
    // wall, or those the grid laid out over `bounds` (`any`: it holds a box) offers: whether
    // they went over the prediction budget.
    bool start_pass_all_pairs();
    bool start_pass_on_grid(Box bounds, bool any);
    // One prediction of the frame start's pass, unless it is `over` the budget already: whether
    // it is over after it.
    bool start_pass_wall(int i, int w, bool over);
    bool start_pass_pair(int i, int j, bool over);
    void end_start_pass(); // the lean levels' queue ordered, their count started
    // The frame start's pass has made more predictions than the budget allows.
    bool start_pass_over_budget() const {
        const std::size_t made = lean() ? static_cast<std::size_t>(lean_predictions) : queue.size();
        return made > prediction_budget() || frame_steps > step_budget();
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
    bool cut_if_spent(double next, double limit);
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

    // What contact `p` (event `sequence`) does to its bodies: their outcomes by one of two
    // strategies (linear_outcomes; rigid_outcomes for a contact of a turning body), then
    // finish_contact. Returns the event as the log records it. Its parts below that are marked
    // always_inline are respond's own steps, inlined into it as one function on the disks'
    // path (world_response.cpp).
    ContactEvent respond(const Prediction& p, int sequence);
    // The two sides of contact `p`, with their material's velocities at the contact point.
    [[gnu::always_inline]] inline detail::ContactSides participants(const Prediction& p);
    // The event of contact `p` before its response: the sides' velocities, orientations and
    // angular velocities before it (after it as before until finish_contact).
    [[gnu::always_inline]] inline ContactEvent contact_event(const Prediction& p, int sequence,
                                                             const detail::ContactSides& c,
                                                             bool rigid) const;
    // Each side's outcome by the linear impulse (collision_response.hpp): a bounce of two bodies
    // by their masses, or each body's response on its own.
    [[gnu::always_inline]] inline detail::ContactOutcomes
    linear_outcomes(const Prediction& p, const detail::ContactSides& c) const;
    // Each side's outcome by the impulse with spin (world_turning_response.cpp,
    // docs/turning-bodies.md, "Collision response with spin").
    detail::ContactOutcomes rigid_outcomes(const Prediction& p,
                                           const detail::ContactSides& c) const;
    // Body `index` as the impulse with spin sees it at frame time t, the contact at `point`.
    detail::RigidSide rigid_side(int index, Vec2 point, double t) const;
    // Body `index` on its own, against what does not give way (a wall, or a body that does not
    // bounce) whose material at the contact moves at `other_velocity`: a turning body takes the
    // impulse with spin against an infinite mass (a slide: with e = 0; a stop: still, or on a
    // wall its velocity there, and no spin); any other body responds as linear_outcomes has it.
    detail::SideOutcome rigid_alone(const Prediction& p, int index, Vec2 normal,
                                    Vec2 other_velocity, OtherKind kind, int other) const;
    // What every contact ends with: the held points kept off their walls, the outcomes applied
    // (the chattering rule), crushing, the side memories and the event's outcome.
    [[gnu::always_inline]] inline void finish_contact(const Prediction& p, int sequence,
                                                      const detail::ContactSides& c,
                                                      detail::ContactOutcomes& out,
                                                      ContactEvent& event);
    // `out`, for a point held on its last wall's line, made not to close on that wall.
    void keep_off_the_last_wall(int index, bool held_on_wall, ContactOutcome& out, double t) const;
    // Body `index`'s outcome at frame time t: its change of trajectory, if any, in `changed`. A
    // body frozen here moves by `carry` for the rest of the frame.
    [[gnu::always_inline]] inline void apply_outcome(int index, const detail::SideOutcome& out,
                                                     double t, int sequence, Vec2 carry);
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
    void crush_frozen(const Prediction& p, int sequence, const detail::ContactSides& c,
                      Vec2 relative);
    // The lean levels' record of the memories an unchanged body's standing predictions read,
    // then the side memories, then the event's outcome.
    void remember_contact(const Prediction& p, int sequence, const detail::ContactSides& c,
                          bool a_held, bool b_held, ContactEvent& event);
    // The lean levels' record of `side`'s memory as it is, unless the event changed the body.
    void remember_memory(const detail::ContactSide& side, int sequence);
    // A change of trajectory of body `index` at frame time t, caused by event `sequence`. A
    // body frozen here moves by `carry` for the rest of the frame.
    void change_trajectory(int index, double t, int sequence, Vec2 velocity, bool remove,
                           bool freeze, Vec2 carry = {});
    // Body `index`, whose trajectory has just changed at a contact with the interior of the
    // wall `line` (at the contact's time; `normal` toward the body): its new origin put back
    // on the line or the body's side of it if rounding left it past (wall_side.hpp).
    void keep_on_the_body_side(int index, const Segment& line, Vec2 normal);
    Vec2 short_of_the_walls(int index, double t);
    void place_origin(int index, Vec2 placed);
    // Whether body `index` is a point held on the line of the wall of its last contact
    // (on_the_line_within) at frame time t: a body contact then keeps that wall's side memory.
    bool held_on_last_wall(int index, double t) const;
    // Between frames: a point on the line of the wall it last touched, between its ends.
    bool rests_on_its_last_wall(std::size_t index) const;
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
