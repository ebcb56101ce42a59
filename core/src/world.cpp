#include "ccd/world.hpp"

#include "ccd/toi_body.hpp"
#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "disk_pair_filter.hpp"
#include "event_queue.hpp"
#include "swept_box_grid.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace ccd {
namespace {

using detail::Box;
using detail::Prediction;

// Boxes are grown by this fraction of their largest coordinate: a query's rounding can never
// reach that far, so the broadphase never drops a pair the query would hit.
constexpr double kBoxMargin = 1e-9;

double margin_for(const Box& box) {
    // Every coordinate's magnitude is at most the sum of these two.
    const double a = std::max(std::fabs(box.lo_x), std::fabs(box.hi_x));
    const double b = std::max(std::fabs(box.lo_y), std::fabs(box.hi_y));
    return kBoxMargin * (a + b);
}

Box box_of(Vec2 a, Vec2 b, double radius) {
    const Box box{std::min(a.x, b.x) - radius, std::min(a.y, b.y) - radius,
                  std::max(a.x, b.x) + radius, std::max(a.y, b.y) + radius};
    return detail::grown(box, margin_for(box));
}

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
    ResponseKind response() const { return static_cast<ResponseKind>(kind & ~kPolygonBit); }
    bool polygon() const { return (kind & kPolygonBit) != 0; }
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

// A static wall, or a kinematic one: endpoints moving by `da`, `db` per frame. Its segment at
// frame time `since` is `origin`; a budget cut stops it (`frozen`) until the frame ends.
struct WallRecord {
    Segment origin;
    double since = 0.0;
    Vec2 da, db;
    bool frozen = false;

    bool kinematic() const { return !(da == Vec2{} && db == Vec2{}); }
    bool moving() const { return kinematic() && !frozen; }
    Segment at(double t) const {
        if (!moving()) return origin;
        return {origin.a + da * (t - since), origin.b + db * (t - since)};
    }
    // The velocity of the wall's material point at `point` (on the wall at time t).
    Vec2 velocity_at(Vec2 point, double t, Feature feature) const {
        if (!moving()) return {};
        if (da == db || feature == Feature::EndpointA) return da;
        if (feature == Feature::EndpointB) return db;
        return velocity_along(at(t), da, db, point);
    }
};

// The log's vertex and edge of a polygon contact: the ones the query named, whoever's they are
// (the log's participants say which polygon: event_log.hpp).
int named_vertex(const Hit& hit) {
    return hit.mover_vertex >= 0 ? hit.mover_vertex : hit.obstacle_vertex;
}
int named_edge(const Hit& hit) {
    return hit.mover_edge >= 0 ? hit.mover_edge : hit.obstacle_edge;
}

bool is_sensor(const BodyMotion& m) {
    return m.response() == ResponseKind::Sensor;
}

ContactOutcome respond_alone(ResponseKind response, const BodyRecord& self,
                             const ContactCallback& callback, const ContactInput& in) {
    // Only the closing part of the relative velocity is acted on: a contact the query found
    // approaching can round to a tiny opening speed here, and must not be pushed inward.
    const double closing = std::min(dot(in.velocity - in.other_velocity, in.normal), 0.0);
    switch (response) {
    case ResponseKind::Bounce:
        return {in.velocity - in.normal * ((1.0 + self.restitution) * closing), false};
    case ResponseKind::Slide:
        return {in.velocity - in.normal * closing, false};
    case ResponseKind::Stop: // still, or on a moving wall still relative to it
        return {in.other_kind == OtherKind::Wall ? in.other_velocity : Vec2{}, false};
    case ResponseKind::Destroy:
        return {in.velocity, true};
    case ResponseKind::Sensor:
        return {in.velocity, false};
    case ResponseKind::Callback:
        if (callback) return callback(in);
        return {in.velocity, false};
    }
    return {in.velocity, false};
}

} // namespace

struct World::State {
    WorldOptions options;
    std::vector<BodyRecord> bodies;
    std::vector<ContactCallback> callbacks;  // by body: a Callback response's function
    std::vector<BodyMotion> motions;         // by body
    std::vector<std::vector<Vec2>> outlines; // by body: a polygon's vertices, empty for a circle
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

    int budget() const {
        return options.event_budget > 0 ? options.event_budget
                                        : 1000 + 100 * static_cast<int>(bodies.size());
    }
    bool use_grid() const { return options.broadphase == Broadphase::Grid; }

    // ---- prediction -------------------------------------------------------------------------

    // Whether a query's answer is an event for the scheduler (docs/scheduler.md, "What is an
    // event").
    bool is_event(const Hit& hit, Vec2 relative_velocity, bool sensor_pair, int body,
                  OtherKind kind, int other, double event_time) const {
        if (!hit.approaching) return false;
        if (hit.overlap) {
            if (sensor_pair) return false; // a sensor reports entries only
            const double closing = -dot(relative_velocity, hit.normal);
            if (!(closing > options.resting_tolerance * length(relative_velocity))) return false;
        }
        // The side memory's normal is read last: only a prediction for the pair of the body's
        // last contact needs its record.
        const BodyMotion& m = hot(body);
        if (m.last_kind == 1 + static_cast<int>(kind) && m.last_other == other &&
            event_time - m.last_time <= options.chatter_window &&
            dot(hit.normal, bodies[static_cast<std::size_t>(body)].last_normal) < 0.0)
            return false;
        return true;
    }

    // The body as the polygon queries see it at frame time `from` (ccd/toi_body.hpp).
    SweptBody swept(int index, double from) const {
        const BodyMotion& m = hot(index);
        return {position(m, from), m.radius, outlines[static_cast<std::size_t>(index)]};
    }

    // The disks' queries (a circle against a wall, against a circle) are called directly, not
    // through the pair registry (ccd/pair_registry.hpp) as polygons are (toi_body): the same
    // queries the registry would choose, without its table lookup and the copies of a Swept on
    // the hottest path of the frame.
    void predict_wall(int index, int wall, double from, int after) {
        const BodyMotion& m = hot(index);
        const WallRecord& w = walls[static_cast<std::size_t>(wall)];
        const Vec2 v = m.motion;
        const bool wall_moves = w.moving();
        if (v == Vec2{} && !wall_moves) return;
        const double rest = 1.0 - from;
        const Circle mover{position(m, from), m.radius};
        const auto hit = m.polygon() ? polygon_wall_hit(index, wall, from)
                         : wall_moves
                             ? time_of_impact(mover, v * rest,
                                              MovingSegment{w.at(from), w.da * rest, w.db * rest})
                             : time_of_impact(mover, v * rest, w.origin);
        if (!hit) return;
        const double at = std::min(1.0, from + hit->t * rest);
        const Vec2 relative = v - w.velocity_at(hit->point, at, hit->feature);
        if (!is_event(*hit, relative, is_sensor(m), index, OtherKind::Wall, wall, at)) return;
        queue.push(Prediction{at, index, OtherKind::Wall, wall, version(index), 0, hit->feature,
                              hit->point, hit->normal, from, after, named_vertex(*hit),
                              named_edge(*hit)});
    }

    // A polygon body against a wall, from frame time `from` to the frame's end (out of line:
    // the circles' path stays as it was).
    [[gnu::noinline]] std::optional<Hit> polygon_wall_hit(int index, int wall, double from) const {
        const WallRecord& w = walls[static_cast<std::size_t>(wall)];
        const double rest = 1.0 - from;
        const MovingSegment segment = w.moving()
                                          ? MovingSegment{w.at(from), w.da * rest, w.db * rest}
                                          : MovingSegment{w.origin, {}, {}};
        return time_of_impact(swept(index, from), motion(index) * rest, segment);
    }

    // i < j: the lower index is the query's mover, so the answer does not depend on who asked.
    void predict_pair(int i, int j, double from, int after) {
        const BodyMotion& ma = hot(i);
        const BodyMotion& mb = hot(j);
        const Vec2 va = ma.motion, vb = mb.motion;
        if (va == vb) return; // no relative motion: they cannot close in
        const double rest = 1.0 - from;
        const Vec2 pa = position(ma, from), pb = position(mb, from);
        const Vec2 da = va * rest, db = vb * rest;
        // Receding or passing by: no approaching hit, so no event (disk_pair_filter.hpp).
        if (detail::disks_cannot_meet(pa - pb, da - db, ma.radius + mb.radius)) return;
        query_pair(i, j, from, after);
    }

    // The exact query for a pair the cheap rejection let through (most pairs do not get here:
    // out of line, so that predict_pair's rejections pay no large stack frame). The positions
    // and displacements are computed again, as predict_pair computes them.
    [[gnu::noinline]] void query_pair(int i, int j, double from, int after) {
        const BodyMotion& ma = hot(i);
        const BodyMotion& mb = hot(j);
        const Vec2 va = ma.motion, vb = mb.motion;
        const double rest = 1.0 - from;
        const Vec2 pa = position(ma, from), pb = position(mb, from);
        const Vec2 da = va * rest, db = vb * rest;
        const auto hit = ma.polygon() || mb.polygon()
                             ? time_of_impact(swept(i, from), da, swept(j, from), db)
                             : time_of_impact(Circle{pa, ma.radius}, da, Circle{pb, mb.radius}, db);
        if (!hit) return;
        const double at = std::min(1.0, from + hit->t * rest);
        if (!is_event(*hit, va - vb, is_sensor(ma) || is_sensor(mb), i, OtherKind::Body, j, at))
            return;
        queue.push(Prediction{at, i, OtherKind::Body, j, version(i), version(j), hit->feature,
                              hit->point, hit->normal, from, after, named_vertex(*hit),
                              named_edge(*hit)});
    }

    // ---- broadphase -------------------------------------------------------------------------

    // What body `index` sweeps from frame time `from` to the frame's end, with its radius.
    Box swept_box(int index, double from) const {
        const BodyMotion& m = hot(index);
        const Vec2 p = position(m, from);
        return box_of(p, p + m.motion * (1.0 - from), m.radius);
    }
    Box swept_box(const WallRecord& w) const {
        const Segment s0 = w.at(0.0), s1 = w.at(1.0);
        const Box box = detail::united(box_of(s0.a, s0.b, 0.0), box_of(s1.a, s1.b, 0.0));
        return detail::grown(box, margin_for(box));
    }

    // Lays the grid out for the frame over the live bodies' swept boxes (`boxes`, `extents`,
    // `bounds` from the frame start's pass) and the walls, and lists the walls: cells about the
    // 90th percentile of the bodies' swept boxes' sizes, at most four cells per body
    // (docs/scheduler.md, "Broadphase"). The bodies are listed by the caller.
    void lay_out_grid(Box bounds, bool any) {
        for (const WallRecord& w : walls) {
            const Box box = swept_box(w);
            bounds = any ? detail::united(bounds, box) : box;
            any = true;
        }
        double cell = 0.0;
        if (!extents.empty()) {
            const auto middle =
                extents.begin() + static_cast<std::ptrdiff_t>(extents.size() * 9 / 10);
            std::nth_element(extents.begin(), middle, extents.end());
            cell = *middle;
        }
        grid.reset(bounds, cell, 4 * extents.size() + 64, static_cast<int>(bodies.size()),
                   static_cast<int>(walls.size()));
        for (int w = 0; w < static_cast<int>(walls.size()); ++w) {
            const WallRecord& wall = walls[static_cast<std::size_t>(w)];
            if (wall.kinematic()) {
                grid.insert_wall_box(w, swept_box(wall));
            } else {
                const Box box = box_of(wall.origin.a, wall.origin.b, 0.0);
                grid.insert_wall(w, wall.origin, margin_for(box));
            }
        }
    }

    // Every wall and every live body that body `index` could touch from frame time `from` on
    // (the grid's candidates, or all of them).
    template <class Wall, class Body>
    void for_each_neighbour(int index, double from, Wall&& visit_wall, Body&& visit_body) {
        if (use_grid()) {
            grid.for_each_near(swept_box(index, from), index, visit_wall, visit_body);
            return;
        }
        for (int w = 0; w < static_cast<int>(walls.size()); ++w)
            visit_wall(w);
        for (int other = 0; other < static_cast<int>(bodies.size()); ++other)
            if (other != index && alive(other)) visit_body(other);
    }

    // Re-predicts the bodies in `list` from frame time `from` (after moving them in the grid,
    // unless it was just built for them).
    void predict_changed(std::span<const int> list, double from, int after,
                         bool move_in_grid = true) {
        if (++change_round == 0) {
            std::fill(change_mark.begin(), change_mark.end(), 0u);
            change_round = 1;
        }
        change_mark.resize(bodies.size(), 0u);
        for (const int c : list) {
            change_mark[static_cast<std::size_t>(c)] = change_round;
            if (!use_grid() || !move_in_grid) continue;
            if (alive(c))
                grid.move_body(c, swept_box(c, from));
            else
                grid.remove_body(c);
        }
        // The candidates first, their trajectories fetched (prefetched: at 10,000 bodies and
        // more each is a cache miss, and they overlap this way), then the pairs predicted.
        candidates.clear();
        const auto add_candidate = [&](int c, int o) {
            if (o < c && change_mark[static_cast<std::size_t>(o)] == change_round)
                return; // predicted from o's side already
            __builtin_prefetch(&motions[static_cast<std::size_t>(o)]);
            candidates.push_back({std::min(c, o), std::max(c, o)});
        };
        if (use_grid() && list.size() == 2 && alive(list[0]) && alive(list[1])) {
            // The two bodies of a contact: one pass over the cells around both (their boxes
            // overlap), each candidate tested against each box. A wall near either is
            // predicted against both: the query decides, the grid only filters.
            const int c0 = list[0], c1 = list[1];
            grid.for_each_near_either(
                swept_box(c0, from), c0, swept_box(c1, from), c1,
                [&](int w) {
                    predict_wall(c0, w, from, after);
                    predict_wall(c1, w, from, after);
                },
                [&](int k, int o) { add_candidate(k == 0 ? c0 : c1, o); });
            for (const auto& [i, j] : candidates)
                predict_pair(i, j, from, after);
            return;
        }
        for (const int c : list) {
            if (!alive(c)) continue;
            for_each_neighbour(
                c, from, [&](int w) { predict_wall(c, w, from, after); },
                [&](int o) { add_candidate(c, o); });
        }
        for (const auto& [i, j] : candidates)
            predict_pair(i, j, from, after);
    }

    // ---- the frame --------------------------------------------------------------------------

    void begin_frame() {
        // Spans of the queue: a few hundred predictions each (docs/scheduler.md).
        queue.clear(bodies.size() / 64 + 1);
        // The last frame's log is emptied, not freed: its storage serves this frame.
        log.frame = frames_completed;
        log.events.clear();
        log.cancelled.clear();
        log.chatter_cuts.clear();
        log.crushes.clear();
        log.budget_cut.reset();
        log.paths.resize(bodies.size());
        // Each wall's path starts where it is; a static wall's is that one vertex.
        log.wall_paths.resize(walls.size());
        for (std::size_t w = 0; w < walls.size(); ++w)
            log.wall_paths[w].points.assign(1, WallPathPoint{0.0, walls[w].origin});
        time = 0.0;
        in_frame = true;
        changes.clear();
        // One pass over the bodies: each path's first vertex (a body's per-frame state was
        // reset by the last end_frame, or is as add_body made it; the vertex at its `since`
        // goes to the log directly, pending_vertices being empty) and, for the grid, the live
        // bodies' swept boxes, their sizes and bounds.
        const bool on_grid = use_grid();
        live.clear();
        extents.clear();
        if (on_grid) boxes.resize(bodies.size());
        bool any = false;
        Box bounds;
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            std::vector<PathPoint>& points = log.paths[i].points;
            points.clear();
            const BodyMotion& m = motions[i];
            if (!m.alive) continue;
            points.push_back({0.0, m.origin});
            live.push_back(static_cast<int>(i));
            if (!on_grid) continue;
            const Box box = swept_box(static_cast<int>(i), 0.0);
            boxes[i] = box;
            bounds = any ? detail::united(bounds, box) : box;
            any = true;
            extents.push_back(std::max(box.hi_x - box.lo_x, box.hi_y - box.lo_y));
        }
        if (!on_grid) {
            predict_changed(live, 0.0, -1, false);
            return;
        }
        // Every body against the walls near it, every pair whose boxes overlap once: the same
        // predictions as predict_changed(every body), in another order (which only the serials
        // see, and no two of these share a pair).
        lay_out_grid(bounds, any);
        for (const int i : live) {
            const Box& box = boxes[static_cast<std::size_t>(i)];
            grid.insert_body(i, box);
            grid.for_each_wall_near_body(i, box, [&](int w) { predict_wall(i, w, 0.0, -1); });
        }
        // In batches, their trajectories prefetched (see predict_changed).
        constexpr std::size_t kBatch = 32;
        candidates.clear();
        grid.for_each_pair([&](int a, int b) {
            __builtin_prefetch(&motions[static_cast<std::size_t>(a)]);
            __builtin_prefetch(&motions[static_cast<std::size_t>(b)]);
            candidates.push_back({a, b});
            if (candidates.size() < kBatch) return;
            for (const auto& [i, j] : candidates)
                predict_pair(i, j, 0.0, -1);
            candidates.clear();
        });
        for (const auto& [i, j] : candidates)
            predict_pair(i, j, 0.0, -1);
    }

    // Writes the pending path vertices into the log.
    void flush_paths() {
        for (const PendingVertex& v : pending_vertices)
            log.paths[static_cast<std::size_t>(v.body)].points.push_back(v.point);
        pending_vertices.clear();
    }

    void end_frame() {
        flush_paths();
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            BodyMotion& m = motions[i];
            if (m.alive) {
                m.origin = position(m, 1.0);
                log.paths[i].points.push_back({1.0, m.origin});
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
            if (!w.kinematic()) continue;
            w.origin = w.at(1.0);
            w.since = 0.0;
            w.frozen = false;
            log.wall_paths[i].points.push_back({1.0, w.origin});
        }
        time = 0.0;
        in_frame = false;
        ++frames_completed;
    }

    bool is_current(const Prediction& p) const {
        if (version(p.body) != p.body_version) return false;
        return p.other_kind == OtherKind::Wall || version(p.other) == p.other_version;
    }

    int cancelling_event(const Prediction& p) const {
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

    void cancel(const Prediction& p, CancelReason reason, int by) {
        log.cancelled.push_back(CancelledPrediction{
            p.time, p.body, p.other_kind, p.other, p.feature, p.predicted_at, p.predicted_after,
            reason, by, p.point, p.normal, p.vertex, p.edge});
    }

    // A change of trajectory of body `index` at frame time t, caused by event `sequence`. A
    // body frozen here moves by `carry` for the rest of the frame.
    void change_trajectory(int index, double t, int sequence, Vec2 velocity, bool remove,
                           bool freeze, Vec2 carry = {}) {
        BodyRecord& b = bodies[static_cast<std::size_t>(index)];
        BodyMotion& m = hot(index);
        // Every body changed here is alive, and its path has a vertex at `since` already.
        const bool same_instant = m.since == t;
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
        changes.push_back(ChangeLink{sequence, stamp.last_change});
        stamp.last_change = static_cast<int>(changes.size()) - 1;
        // The path: changes at one instant make one vertex.
        if (same_instant) {
            if (b.pending_vertex < pending_vertices.size() &&
                pending_vertices[b.pending_vertex].body == index)
                pending_vertices[b.pending_vertex].point.position = m.origin;
            else // written already (the frame is being walked) or the frame's first vertex
                log.paths[static_cast<std::size_t>(index)].points.back().position = m.origin;
        } else {
            b.pending_vertex = static_cast<std::uint32_t>(pending_vertices.size());
            pending_vertices.push_back({index, {t, m.origin}});
        }
    }

    // The chattering rule: true when this change of trajectory is one too many, within its
    // burst or within the frame.
    bool chatters(BodyRecord& b, double t) const {
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

    // Whether a pair, `normal` pointing toward the first, still closes in after a contact.
    bool still_closing(Vec2 relative_velocity, Vec2 normal) const {
        const double closing = -dot(relative_velocity, normal);
        return closing > options.resting_tolerance * length(relative_velocity);
    }

    void process(const Prediction& p) {
        const int sequence = static_cast<int>(log.events.size());
        const double t = p.time;
        time = t;
        if (use_grid()) { // moved in the grid below, if they change
            grid.prefetch(p.body);
            if (p.other_kind == OtherKind::Body) grid.prefetch(p.other);
        }
        BodyRecord& a = bodies[static_cast<std::size_t>(p.body)];
        BodyMotion& ma = hot(p.body);
        const Vec2 n = p.normal;
        ContactEvent event{sequence, t,     p.body,    p.other_kind, p.other, p.feature,
                           p.point,  n,     ma.motion, ma.motion,    {},      {},
                           false,    false, p.vertex,  p.edge};

        // Outcomes of the two participants ("no change" by default).
        ContactOutcome out_a{a.velocity, false};
        ContactOutcome out_b{};
        BodyRecord* b = nullptr;
        BodyMotion* mb = nullptr;
        Vec2 wall_velocity; // of the wall at the contact point
        if (p.other_kind == OtherKind::Wall) {
            wall_velocity =
                walls[static_cast<std::size_t>(p.other)].velocity_at(p.point, t, p.feature);
            event.other_velocity_before = wall_velocity;
            event.other_velocity_after = wall_velocity;
            if (!ma.frozen)
                out_a = respond_alone(ma.response(), a, callbacks[static_cast<std::size_t>(p.body)],
                                      ContactInput{t, p.body, OtherKind::Wall, p.other, p.point, n,
                                                   a.velocity, wall_velocity});
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
                const double closing = std::min(dot(va - vb, n), 0.0);
                const double e = std::max(a.restitution, b->restitution);
                const double impulse = -(1.0 + e) * closing / (1.0 / a.mass + 1.0 / b->mass);
                out_a.velocity = va + n * (impulse / a.mass);
                out_b.velocity = vb - n * (impulse / b->mass);
            } else {
                if (!ma.frozen)
                    out_a = respond_alone(
                        ma.response(), a, callbacks[static_cast<std::size_t>(p.body)],
                        ContactInput{t, p.body, OtherKind::Body, p.other, p.point, n, va, vb});
                if (!mb->frozen)
                    out_b = respond_alone(
                        mb->response(), *b, callbacks[static_cast<std::size_t>(p.other)],
                        ContactInput{t, p.other, OtherKind::Body, p.body, p.point, -n, vb, va});
            }
        }

        changed.clear();
        const auto apply = [&](int index, BodyRecord& body, const BodyMotion& m,
                               const ContactOutcome& out, Vec2 carry) {
            if (m.frozen) return;
            if (!out.remove && out.velocity == body.velocity) return;
            const bool freeze = !out.remove && chatters(body, t);
            change_trajectory(index, t, sequence, out.velocity, out.remove, freeze, carry);
            if (freeze) log.chatter_cuts.push_back(ChatterCut{index, t, sequence});
            changed.push_back(index);
        };
        // A body frozen against a wall is carried by it; against a body it stands still.
        apply(p.body, a, ma, out_a, wall_velocity);
        if (b) apply(p.other, *b, *mb, out_b, Vec2{});

        // Crushed: a frozen participant that the contact still pushes on (docs/scheduler.md).
        if (!(b && (is_sensor(ma) || is_sensor(*mb)))) {
            const Vec2 relative = ma.motion - (b ? mb->motion : wall_velocity);
            const auto crush = [&](int index, const BodyRecord& body, const BodyMotion& m) {
                if (!m.alive || !m.frozen) return;
                change_trajectory(index, t, sequence, body.velocity, true, false);
                log.crushes.push_back(Crush{index, t, sequence});
                if (std::find(changed.begin(), changed.end(), index) == changed.end())
                    changed.push_back(index);
            };
            if (ma.alive && (!b || mb->alive) && (ma.frozen || (b && mb->frozen)) &&
                still_closing(relative, n)) {
                crush(p.body, a, ma);
                if (b) crush(p.other, *b, *mb);
            }
        }

        ma.last_kind = static_cast<std::uint8_t>(1 + static_cast<int>(p.other_kind));
        ma.last_other = p.other;
        ma.last_time = t;
        a.last_normal = n;
        if (b) {
            mb->last_kind = static_cast<std::uint8_t>(1 + static_cast<int>(OtherKind::Body));
            mb->last_other = p.body;
            mb->last_time = t;
            b->last_normal = -n;
        }

        event.body_velocity_after = ma.motion;
        event.body_removed = !ma.alive;
        if (b) {
            event.other_velocity_after = mb->motion;
            event.other_removed = !mb->alive;
        }
        log.events.push_back(event);
        prefetch_next();
        predict_changed(changed, t, sequence);
    }

    // Starts fetching what the next prediction in the queue will read when it leaves (its
    // bodies' stamps, trajectories, records and grid listing): called before this event's
    // predictions, which take long enough for the fetches to land (the next prediction itself
    // was fetched when this one left the queue). Always inlined: GCC takes a function that only
    // prefetches for one without side effects and drops the calls.
    [[gnu::always_inline]] void prefetch_next() {
        int body = 0, other = 0;
        bool other_is_body = false;
        if (!queue.peek_next(body, other, other_is_body)) return;
        const int ids[2] = {body, other};
        for (int k = 0; k < (other_is_body ? 2 : 1); ++k) {
            const std::size_t i = static_cast<std::size_t>(ids[k]);
            __builtin_prefetch(&stamps[i]);
            __builtin_prefetch(&motions[i]);
            __builtin_prefetch(&bodies[i]);
            if (use_grid()) grid.prefetch(ids[k]);
        }
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
            const BodyMotion& m = hot(i);
            // Frozen and still already, or stopped here (a carried body too).
            if (m.alive && !(m.frozen && m.motion == Vec2{}))
                change_trajectory(i, t, -1, bodies[static_cast<std::size_t>(i)].velocity, false,
                                  true, Vec2{});
        }
        for (std::size_t i = 0; i < walls.size(); ++i) { // the whole world stops, walls too
            WallRecord& w = walls[i];
            if (!w.moving()) continue;
            w.origin = w.at(t);
            w.since = t;
            w.frozen = true;
            log.wall_paths[i].points.push_back({t, w.origin});
        }
        log.budget_cut = BudgetCut{t, static_cast<int>(log.events.size())};
    }

    // The next event at or before frame time `limit`, processed; nullptr when there is none.
    const ContactEvent* process_next(double limit) {
        while (!queue.empty()) {
            if (queue.top_time() > limit) return nullptr;
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
    double bounding_radius = 0.0;
    if (!def.outline.empty()) {
        const std::size_t n = def.outline.size();
        if (n < 3 || n > static_cast<std::size_t>(detail::kMaxOutlineVertices))
            throw std::invalid_argument("World::add_body: a polygon has 3 to " +
                                        std::to_string(detail::kMaxOutlineVertices) +
                                        " vertices, not " + std::to_string(n));
        for (const Vec2 v : def.outline) {
            if (!std::isfinite(v.x) || !std::isfinite(v.y))
                throw std::invalid_argument("World::add_body: a polygon vertex is not finite");
            bounding_radius = std::max(bounding_radius, length(v));
        }
        // Grown past the rounding of length(): every vertex strictly inside, for the grid's
        // boxes and the pair filter, which only see this circle.
        bounding_radius *= 1.0 + 0x1p-40;
    }
    BodyRecord b;
    b.mass = def.mass;
    b.restitution = def.response.restitution;
    b.velocity = def.velocity;
    BodyMotion m;
    m.origin = def.shape.center;
    m.radius = def.outline.empty() ? def.shape.radius : bounding_radius;
    m.motion = def.velocity;
    m.kind = static_cast<std::uint8_t>(def.response.kind);
    if (!def.outline.empty()) m.kind |= BodyMotion::kPolygonBit;
    state_->bodies.push_back(b);
    state_->callbacks.push_back(std::move(def.response.callback));
    state_->motions.push_back(m);
    state_->outlines.push_back(std::move(def.outline));
    state_->stamps.push_back({});
    return static_cast<int>(state_->bodies.size()) - 1;
}

int World::add_wall(Segment wall) {
    if (state_->in_frame) throw std::logic_error("World::add_wall during a frame");
    state_->walls.push_back(WallRecord{wall, 0.0, {}, {}, false});
    return static_cast<int>(state_->walls.size()) - 1;
}

int World::add_kinematic_wall(Segment at_frame_start, Vec2 displacement_a, Vec2 displacement_b) {
    if (state_->in_frame) throw std::logic_error("World::add_kinematic_wall during a frame");
    state_->walls.push_back(WallRecord{at_frame_start, 0.0, displacement_a, displacement_b, false});
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
    const ContactEvent* event = state_->process_next(1.0);
    state_->flush_paths();
    return event;
}

void World::advance_to(double t) {
    if (!state_->in_frame) state_->begin_frame();
    if (!(t > state_->time)) t = state_->time; // also NaN
    t = std::min(t, 1.0);
    while (state_->process_next(t)) {
    }
    state_->flush_paths();
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
    const BodyMotion& m = state_->motions[static_cast<std::size_t>(index)];
    return WorldBody{Circle{State::position(m, state_->time), m.radius}, b.velocity, m.alive,
                     m.frozen};
}

std::span<const Vec2> World::outline(int index) const {
    return state_->outlines.at(static_cast<std::size_t>(index));
}

Segment World::wall(int index) const {
    return state_->walls.at(static_cast<std::size_t>(index)).at(state_->time);
}

MovingSegment World::wall_motion(int index) const {
    const WallRecord& w = state_->walls.at(static_cast<std::size_t>(index));
    return {w.at(state_->time), w.da, w.db};
}

} // namespace ccd
