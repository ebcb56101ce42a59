// The scheduler's predictions (docs/scheduler.md): which pairs the broadphase offers, the
// exact query for each, and whether its answer is an event; the frame start's predictions.

#include "world_state.hpp"

#include "ccd/detail/search_work.hpp"
#include "ccd/toi_body.hpp"
#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "disk_pair_filter.hpp"
#include "wall_side.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ccd {
namespace {

using detail::Box;

// Boxes are grown by this fraction of their largest coordinate: a query's rounding can never
// reach that far, so the broadphase never drops a pair the query would hit.
constexpr double kBoxMargin = 1e-9;

// What a query through the registry counts toward the step budget besides its search's steps.
constexpr long long kQuerySteps = 100;

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

// The log's vertex and edge of a polygon contact: the ones the query named, whoever's they are
// (the log's participants say which polygon: event_log.hpp).
int named_vertex(const Hit& hit) {
    return hit.mover_vertex >= 0 ? hit.mover_vertex : hit.obstacle_vertex;
}
int named_edge(const Hit& hit) {
    return hit.mover_edge >= 0 ? hit.mover_edge : hit.obstacle_edge;
}

} // namespace

bool World::State::is_event(const Hit& hit, Vec2 relative_velocity, bool sensor_pair, int body,
                            OtherKind kind, int other, double event_time, int after) const {
    if (!hit.approaching) return false;
    if (hit.overlap) {
        if (sensor_pair) return false; // a sensor reports entries only
        const double closing = -dot(relative_velocity, hit.normal);
        if (!(closing > options.resting_tolerance * length(relative_velocity))) return false;
    }
    if (any_memory_change && memory_head[static_cast<std::size_t>(body)] >= 0) {
        const detail::SideMemory was = memory_at(body, after);
        return !(was.kind == 1 + static_cast<int>(kind) && was.other == other &&
                 dot(hit.normal, was.normal) < 0.0 &&
                 (event_time - was.time <= options.chatter_window ||
                  rests_on_its_wall(hit, body, kind, other, event_time, was.normal)));
    }
    // The side memory's normal is read last: only a prediction for the pair of the body's
    // last contact needs its record.
    const BodyMotion& m = hot(body);
    if (m.last_kind == 1 + static_cast<int>(kind) && m.last_other == other) {
        const Vec2 normal = bodies[static_cast<std::size_t>(body)].last_normal;
        if (dot(hit.normal, normal) < 0.0 &&
            (event_time - m.last_time <= options.chatter_window ||
             rests_on_its_wall(hit, body, kind, other, event_time, normal)))
            return false;
    }
    return true;
}

// A point that rests on the line of the wall it last touched, between its ends, at the start of
// the query (a contact at the query's t = 0): it is on the side it touched the wall from,
// however long ago (docs/scheduler.md, "A closed box holds what starts inside it"). The query
// takes a point exactly on the line to be on the side opposite to its motion; a point left there
// by a contact and moving back in would otherwise be "hit" from outside and sent through.
bool World::State::rests_on_its_wall(const Hit& hit, int body, OtherKind kind, int wall,
                                     double event_time, Vec2 normal) const {
    const BodyMotion& m = hot(body);
    if (kind != OtherKind::Wall || hit.t != 0.0 || m.radius != 0.0 || m.polygon()) return false;
    return detail::on_the_line_within(position(m, event_time),
                                      walls[static_cast<std::size_t>(wall)].at(event_time), normal);
}

// The memory a pass after event `after` read: as it was before the first change after that
// event, or as it is.
detail::SideMemory World::State::memory_at(int body, int after) const {
    const MemoryChange* first_after = nullptr;
    for (int k = memory_head[static_cast<std::size_t>(body)];
         k >= 0 && memory_changes[static_cast<std::size_t>(k)].sequence > after;
         k = memory_changes[static_cast<std::size_t>(k)].previous)
        first_after = &memory_changes[static_cast<std::size_t>(k)];
    if (first_after) return first_after->before;
    const BodyMotion& m = hot(body);
    return {m.last_time, bodies[static_cast<std::size_t>(body)].last_normal, m.last_other,
            m.last_kind};
}

void World::State::keep_earliest(const Prediction& p) {
    const EarliestKey key = detail::EarliestQueue::key(p.time, p.body, p.other_kind, p.other);
    const auto keep = [&](int b) {
        const std::size_t i = static_cast<std::size_t>(b);
        if (!detail::EarliestQueue::earlier(key, earliest_key[i])) return;
        earliest_key[i] = key;
        earliest[i] = p;
    };
    if (repredicting >= 0) {
        for (const Consumed& c : consumed)
            if (c.body == p.body && c.kind == p.other_kind && c.other == p.other &&
                c.after == p.predicted_after)
                return;
        keep(repredicting);
        return;
    }
    ++lean_predictions;
    const auto in_pass = [&](int b) {
        return frame_start_pass || change_mark[static_cast<std::size_t>(b)] == change_round;
    };
    if (in_pass(p.body)) keep(p.body);
    if (p.other_kind == OtherKind::Body && in_pass(p.other)) keep(p.other);
}

void World::State::repredict(int index) {
    const std::size_t c = static_cast<std::size_t>(index);
    repredicting = index;
    earliest_key[c] = EarliestKey{};
    const Pass own = passes[c];
    // The candidates of the body's box from its pass (the grid has it there): every pair it
    // could meet from then on.
    // The candidates first, their trajectories and passes prefetched (as predict_changed).
    candidates.clear();
    for_each_neighbour(
        index, own.from, [&](int w) { predict_wall(index, w, own.from, own.after); },
        [&](int o) {
            __builtin_prefetch(&motions[static_cast<std::size_t>(o)]);
            __builtin_prefetch(&passes[static_cast<std::size_t>(o)]);
            candidates.push_back({std::min(index, o), std::max(index, o)});
        });
    for (const auto& [i, j] : candidates) {
        const Pass other = passes[static_cast<std::size_t>(i == index ? j : i)];
        const Pass later = other.after > own.after ? other : own;
        predict_pair(i, j, later.from, later.after);
    }
    repredicting = -1;
    earliest_queue.update(index, earliest_key[c]);
}

Swept World::State::side(int index, double from) const {
    const BodyMotion& m = hot(index);
    const double rest = 1.0 - from;
    const auto k = static_cast<std::size_t>(index);
    // Over the rest of the frame, mapped onto the query's [0, 1]: the velocity at `from` times
    // the rest, the acceleration times its square.
    const Vec2 pull = any_gravity ? acceleration(index) : Vec2{};
    return swept_body(
        SweptBody{position(m, from), m.radius, outlines[k], angle_at(index, from), roundings[k]},
        velocity_at(m, from) * rest, rate(index) * rest, pull * (rest * rest));
}

Swept World::State::wall_side(int wall, double from) const {
    const WallRecord& w = walls[static_cast<std::size_t>(wall)];
    const double rest = 1.0 - from;
    if (w.turns()) // where it is at `from`, turning on about its pivot
        return Swept{w.at(from), Turning{w.pivot, {}, w.turn * rest}};
    return swept_wall(w.moving() ? MovingSegment{w.at(from), w.da * rest, w.db * rest}
                                 : MovingSegment{w.origin, {}, {}});
}

// The disks' queries (a circle against a static or kinematic wall, against a circle) are
// called directly, not through the pair registry (ccd/pair_registry.hpp) as every other pair is
// (registry_wall_hit, registry_pair_hit): the same queries the registry would choose, without
// its table lookup and the copies of a Swept on the hottest path of the frame. This is the one
// branch of the World's queries around the registry.
void World::State::predict_wall(int index, int wall, double from, int after) {
    const BodyMotion& m = hot(index);
    const WallRecord& w = walls[static_cast<std::size_t>(wall)];
    const Vec2 v = m.motion;
    const bool wall_moves = w.moving();
    const bool falling = any_gravity && acceleration(index) != Vec2{};
    if (v == Vec2{} && !wall_moves && rate(index) == 0.0 && !falling) return;
    const double rest = 1.0 - from;
    const Circle mover{position(m, from), m.radius};
    const auto hit =
        algorithm || m.polygon() || w.turns() || falling ? registry_wall_hit(index, wall, from)
        : wall_moves
            ? time_of_impact(mover, v * rest, MovingSegment{w.at(from), w.da * rest, w.db * rest})
            : time_of_impact(mover, v * rest, w.origin);
    if (!hit) return;
    const double at = std::min(1.0, from + hit->t * rest);
    // A chain's edge: only a contact from its front, in its feature's cone (docs/scheduler.md,
    // "Chains"); the pair is predicted again when the body's trajectory changes.
    if (w.one_sided && !chain_admits(w.chain, hit->feature, hit->normal, position(m, at))) return;
    const Vec2 relative = (m.turning() || falling ? material_velocity(index, hit->point, at) : v) -
                          w.velocity_at(hit->point, at, hit->feature);
    if (!is_event(*hit, relative, is_sensor(m), index, OtherKind::Wall, wall, at, after)) return;
    offer(Prediction{at, index, OtherKind::Wall, wall, version(index), 0, hit->feature, hit->point,
                     hit->normal, from, after, named_vertex(*hit), named_edge(*hit)});
}

std::optional<Hit> World::State::registry_wall_hit(int index, int wall, double from) const {
    if (steps_spent()) return std::nullopt; // the frame is cut before its next event
    const long long before = detail::certified_search_work().steps;
    return counted(time_of_impact(algorithm, side(index, from), wall_side(wall, from),
                                  options.resting_tolerance),
                   before, from);
}

std::optional<Hit> World::State::registry_pair_hit(int i, int j, double from) const {
    if (steps_spent()) return std::nullopt;
    const long long before = detail::certified_search_work().steps;
    return counted(
        time_of_impact(algorithm, side(i, from), side(j, from), options.resting_tolerance), before,
        from);
}

// The step budget counts every pass's queries once, each as kQuerySteps plus its search's steps
// (a turning query that decides at once, placing both sides and finding their closest
// features, costs about as much as a hundred steps: 20 us against 0.2 us a step) (a lean level's
// queries found again are the full level's, made once: not counted). An undecided answer is no
// contact: the frame is cut at its time (docs/scheduler.md, "Budgets"), before anything can pass
// it; after a cut, when the walls close on the frozen bodies, it is taken as the contact it may be
// (conservative).
std::optional<Hit> World::State::counted(const std::optional<Hit>& hit, long long steps_before,
                                         double from) const {
    if (repredicting < 0)
        frame_steps += kQuerySteps + (detail::certified_search_work().steps - steps_before);
    if (!hit || !hit->undecided) return hit;
    if (log.budget_cut) {
        Hit contact = *hit;
        contact.undecided = false;
        return contact;
    }
    undecided_at = std::min(undecided_at, std::min(1.0, from + hit->t * (1.0 - from)));
    return std::nullopt;
}

void World::State::predict_pair(int i, int j, double from, int after) {
    const BodyMotion& ma = hot(i);
    const BodyMotion& mb = hot(j);
    // A pair with a turning body: no cheap rejection (its centers can recede while a corner
    // turns into the other); the certified query's own early out is about the same circles.
    // Under gravity likewise: the pair's relative path is a parabola, or, under the same
    // acceleration, a line that the straight-line rejection below would read from velocities at
    // `since` (the pair's own query through the registry answers both).
    if (((ma.kind | mb.kind) & BodyMotion::kTurningBit) ||
        (any_gravity && (acceleration(i) != Vec2{} || acceleration(j) != Vec2{}))) [[unlikely]] {
        query_turning_pair(i, j, from, after);
        return;
    }
    const Vec2 va = ma.motion, vb = mb.motion;
    if (va == vb) return; // no relative motion: they cannot close in
    const double rest = 1.0 - from;
    const Vec2 pa = position(ma, from), pb = position(mb, from);
    const Vec2 da = va * rest, db = vb * rest;
    // Receding or passing by: no approaching hit, so no event (disk_pair_filter.hpp); a polygon
    // only when its circle passes by.
    if ((ma.kind | mb.kind) & BodyMotion::kPolygonBit
            ? detail::held_circles_cannot_meet(pa - pb, da - db, ma.radius + mb.radius)
            : detail::disks_cannot_meet(pa - pb, da - db, ma.radius + mb.radius))
        return;
    query_pair(i, j, from, after);
}

// A pair with a turning body: its query through the pair registry (toi_body.hpp) with each
// side's turn over the rest of the frame, and the contact points' relative velocity for "what
// is an event".
void World::State::query_turning_pair(int i, int j, double from, int after) {
    const BodyMotion& ma = hot(i);
    const BodyMotion& mb = hot(j);
    const double rest = 1.0 - from;
    const auto hit = registry_pair_hit(i, j, from);
    if (!hit) return;
    const double at = std::min(1.0, from + hit->t * rest);
    const Vec2 relative =
        material_velocity(i, hit->point, at) - material_velocity(j, hit->point, at);
    if (!is_event(*hit, relative, is_sensor(ma) || is_sensor(mb), i, OtherKind::Body, j, at, after))
        return;
    offer(Prediction{at, i, OtherKind::Body, j, version(i), version(j), hit->feature, hit->point,
                     hit->normal, from, after, named_vertex(*hit), named_edge(*hit)});
}

// The exact query for a pair the cheap rejection let through (most pairs do not get here:
// out of line, so that predict_pair's rejections pay no large stack frame). The positions
// and displacements are computed again, as predict_pair computes them.
void World::State::query_pair(int i, int j, double from, int after) {
    const BodyMotion& ma = hot(i);
    const BodyMotion& mb = hot(j);
    const Vec2 va = ma.motion, vb = mb.motion;
    const double rest = 1.0 - from;
    const Vec2 pa = position(ma, from), pb = position(mb, from);
    const Vec2 da = va * rest, db = vb * rest;
    const auto hit = algorithm || ma.polygon() || mb.polygon()
                         ? registry_pair_hit(i, j, from)
                         : time_of_impact(Circle{pa, ma.radius}, da, Circle{pb, mb.radius}, db);
    if (!hit) return;
    const double at = std::min(1.0, from + hit->t * rest);
    if (!is_event(*hit, va - vb, is_sensor(ma) || is_sensor(mb), i, OtherKind::Body, j, at, after))
        return;
    offer(Prediction{at, i, OtherKind::Body, j, version(i), version(j), hit->feature, hit->point,
                     hit->normal, from, after, named_vertex(*hit), named_edge(*hit)});
}

Box World::State::swept_box(int index, double from) const {
    const BodyMotion& m = hot(index);
    if (any_gravity && acceleration(index) != Vec2{}) [[unlikely]] {
        const Box box = parabola_box(index, from);
        return detail::grown(box, margin_for(box));
    }
    const Vec2 p = position(m, from);
    return box_of(p, p + m.motion * (1.0 - from), m.radius);
}

Box World::State::swept_box(const WallRecord& w) const {
    if (w.turns()) { // the disc about the pivot that holds both ends at every orientation
        const double reach =
            std::max(length(w.origin.a - w.pivot), length(w.origin.b - w.pivot)) + w.origin.radius;
        const Box box = box_of(w.pivot, w.pivot, reach * (1.0 + 0x1p-40));
        return detail::grown(box, margin_for(box));
    }
    const Segment s0 = w.at(0.0), s1 = w.at(1.0);
    const Box box = detail::united(box_of(s0.a, s0.b, s0.radius), box_of(s1.a, s1.b, s1.radius));
    return detail::grown(box, margin_for(box));
}

// Lays the grid out for the frame over the live bodies' swept boxes (`boxes`, `extents`,
// `bounds` from the frame start's pass) and the walls, and lists the walls: cells about the
// 90th percentile of the bodies' swept boxes' sizes, at most four cells per body
// (docs/scheduler.md, "Broadphase"). The bodies are listed by the caller.
void World::State::lay_out_grid(Box bounds, bool any) {
    for (const WallRecord& w : walls) {
        const Box box = swept_box(w);
        bounds = any ? detail::united(bounds, box) : box;
        any = true;
    }
    double cell = 0.0;
    if (!extents.empty()) {
        const auto middle = extents.begin() + static_cast<std::ptrdiff_t>(extents.size() * 9 / 10);
        std::nth_element(extents.begin(), middle, extents.end());
        cell = *middle;
    }
    grid.reset(bounds, cell, 4 * extents.size() + 64, static_cast<int>(bodies.size()),
               static_cast<int>(walls.size()));
    for (int w = 0; w < static_cast<int>(walls.size()); ++w) {
        const WallRecord& wall = walls[static_cast<std::size_t>(w)];
        if (wall.moving()) {
            grid.insert_wall_box(w, swept_box(wall));
        } else {
            const Box box = box_of(wall.origin.a, wall.origin.b, wall.origin.radius);
            grid.insert_wall(w, wall.origin, margin_for(box) + wall.origin.radius);
        }
    }
}

// Every wall and every live body that body `index` could touch from frame time `from` on
// (the grid's candidates, or all of them).
template <class Wall, class Body>
void World::State::for_each_neighbour(int index, double from, Wall&& visit_wall,
                                      Body&& visit_body) {
    if (use_grid()) {
        grid.for_each_near(swept_box(index, from), index, visit_wall, visit_body);
        return;
    }
    for (int w = 0; w < static_cast<int>(walls.size()); ++w)
        visit_wall(w);
    for (int other = 0; other < static_cast<int>(bodies.size()); ++other)
        if (other != index && alive(other)) visit_body(other);
}

// Where a point stops at t (a budget cut, the frame's end): where its straight path from its
// last change puts it, or, if the rounding of that put it across the line of a wall between the
// wall's ends, back on the line on the side it came from (docs/scheduler.md, "A closed box holds
// what starts inside it"). A point that started on a wall's line takes the side of its memory
// of that wall, if any. Circles and polygons: where their path puts them (a circle's center
// stops a radius short of every wall; a polygon's separation is its queries').
Vec2 World::State::short_of_the_walls(int index, double t) {
    const BodyMotion& m = hot(index);
    Vec2 to = position(m, t);
    if (m.radius != 0.0 || m.polygon() || m.motion == Vec2{} || !(t > m.since) || is_sensor(m))
        return to;
    const Vec2 from = m.origin;
    const double since = m.since;
    // What the rounding of `to` can reach: a few ulps of what it adds, the rounding of the
    // times included (far beyond it, the point went through the wall as a callback lets it).
    const double reach =
        0x1p-48 * (std::fabs(from.x) + std::fabs(from.y) + length(m.motion) * (t + since));
    for_each_neighbour(
        index, since,
        [&](int w) {
            const WallRecord& wall = walls[static_cast<std::size_t>(w)];
            const Segment s0 = wall.at(since), s1 = wall.at(t);
            const Vec2 u = s1.b - s1.a;
            double was = detail::accurate_cross(s0.b - s0.a, from - s0.a);
            if (was == 0.0 && m.last_kind == 1 + static_cast<int>(OtherKind::Wall) &&
                m.last_other == w)
                was =
                    detail::accurate_cross(u, bodies[static_cast<std::size_t>(index)].last_normal);
            const double is = detail::accurate_cross(u, to - s1.a);
            if (was == 0.0 || is == 0.0 || (was > 0.0) == (is > 0.0)) return;
            if (!(dot(to - s1.a, u) > 0.0) || !(dot(to - s1.b, u) < 0.0)) return;
            const double wall_reach = 0x1p-49 * (std::fabs(s1.a.x) + std::fabs(s1.a.y));
            if (!(std::fabs(is) <= (reach + wall_reach) * length(u))) return;
            const Vec2 normal = perp(u) * ((was > 0.0 ? 1.0 : -1.0) / length(u));
            to = detail::on_the_body_side(to, s1, normal);
        },
        [](int) {});
    return to;
}

void World::State::predict_changed(std::span<const int> list, double from, int after,
                                   bool move_in_grid) {
    if (++change_round == 0) {
        std::fill(change_mark.begin(), change_mark.end(), 0u);
        change_round = 1;
    }
    change_mark.resize(bodies.size(), 0u);
    // The boxes the first two bodies were moved to, for their candidates below (an event
    // changes one or two bodies).
    Box moved[2];
    const bool boxes_moved = use_grid() && move_in_grid;
    for (std::size_t k = 0; k < list.size(); ++k) {
        const int c = list[k];
        change_mark[static_cast<std::size_t>(c)] = change_round;
        if (lean()) {
            earliest_key[static_cast<std::size_t>(c)] = EarliestKey{};
            passes[static_cast<std::size_t>(c)] = Pass{from, after};
            if (any_memory_change) memory_head[static_cast<std::size_t>(c)] = -1;
        }
        if (!boxes_moved) continue;
        if (alive(c)) {
            const Box box = swept_box(c, from);
            if (k < 2) moved[k] = box;
            grid.move_body(c, box);
        } else {
            grid.remove_body(c);
        }
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
            boxes_moved ? moved[0] : swept_box(c0, from), c0,
            boxes_moved ? moved[1] : swept_box(c1, from), c1,
            [&](int w) {
                predict_wall(c0, w, from, after);
                predict_wall(c1, w, from, after);
            },
            [&](int k, int o) { add_candidate(k == 0 ? c0 : c1, o); });
        for (const auto& [i, j] : candidates)
            predict_pair(i, j, from, after);
        if (lean()) {
            earliest_queue.update(c0, earliest_key[static_cast<std::size_t>(c0)]);
            earliest_queue.update(c1, earliest_key[static_cast<std::size_t>(c1)]);
        }
        return;
    }
    for (std::size_t k = 0; k < list.size(); ++k) {
        const int c = list[k];
        if (!alive(c)) continue;
        const auto visit_wall = [&](int w) { predict_wall(c, w, from, after); };
        const auto visit_body = [&](int o) { add_candidate(c, o); };
        if (boxes_moved && k < 2)
            grid.for_each_near(moved[k], c, visit_wall, visit_body);
        else
            for_each_neighbour(c, from, visit_wall, visit_body);
    }
    for (const auto& [i, j] : candidates)
        predict_pair(i, j, from, after);
    if (lean() && !frame_start_pass)
        for (const int c : list)
            earliest_queue.update(c, earliest_key[static_cast<std::size_t>(c)]);
}

void World::State::begin_frame() {
    start_frame_work();
    Box bounds;
    const bool any = first_vertices_and_boxes(bounds);
    // The pass stops once it has made more predictions than the budget allows: the frame is
    // then cut at its start (docs/scheduler.md, "Budgets").
    const bool over = use_grid() ? start_pass_on_grid(bounds, any) : start_pass_all_pairs();
    end_start_pass();
    if (over)
        cut_budget(0.0, frame_steps > step_budget() ? BudgetKind::Steps : BudgetKind::Predictions,
                   nullptr);
}

void World::State::start_frame_work() {
    // Spans of the queue: a few hundred predictions each (docs/scheduler.md).
    if (!lean()) queue.clear(bodies.size() / 64 + 1);
    frame_events = 0;
    frame_steps = 0;
    undecided_at = std::numeric_limits<double>::infinity();
    if (lean()) {
        earliest.resize(bodies.size());
        earliest_key.assign(bodies.size(), EarliestKey{});
        passes.assign(bodies.size(), Pass{});
        earliest_queue.reset(bodies.size(), bodies.size() / 64 + 1);
        consumed.clear();
        if (any_memory_change) {
            memory_changes.clear();
            memory_head.assign(bodies.size(), -1);
            any_memory_change = false;
        }
        memory_head.resize(bodies.size(), -1);
        frame_start_pass = true;
        lean_predictions = 0;
    }
    // The last frame's log is emptied, not freed: its storage serves this frame.
    log.frame = frames_completed;
    log.events.clear();
    log.cancelled.clear();
    log.chatter_cuts.clear();
    log.crushes.clear();
    log.budget_cut.reset();
    log.out_of_range.clear();
    log.paths.resize(paths_logged() ? bodies.size() : 0);
    if (any_gravity) held.assign(bodies.size(), Vec2{}); // every hold lasts one frame
    // Each wall's path starts where it is; a static wall's is that one vertex.
    log.wall_paths.resize(paths_logged() ? walls.size() : 0);
    for (std::size_t w = 0; w < log.wall_paths.size(); ++w) {
        const WallRecord& wall = walls[w];
        log.wall_paths[w].points.assign(1, WallPathPoint{0.0, wall.origin, wall.angle_at(0.0)});
        log.wall_paths[w].pivot = wall.pivot;
        log.wall_paths[w].turn = wall.turn;
    }
    time = 0.0;
    in_frame = true;
    changes.clear();
}

bool World::State::first_vertices_and_boxes(Box& bounds) {
    // A body's per-frame state was reset by the last end_frame, or is as add_body made it; the
    // vertex at its `since` goes to the log directly, pending_vertices being empty.
    const bool on_grid = use_grid();
    live.clear();
    extents.clear();
    if (on_grid) boxes.resize(bodies.size());
    bool any = false;
    const bool with_paths = paths_logged();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const BodyMotion& m = motions[i];
        if (with_paths) {
            std::vector<PathPoint>& points = log.paths[i].points;
            points.clear();
            if (m.alive)
                points.push_back({0.0, m.origin,
                                  m.turning() ? spins[i].angle_at(0.0, m.since) : 0.0,
                                  any_gravity ? acceleration(static_cast<int>(i)) : Vec2{}});
        }
        if (!m.alive) continue;
        live.push_back(static_cast<int>(i));
        if (!on_grid) continue;
        const Box box = swept_box(static_cast<int>(i), 0.0);
        boxes[i] = box;
        bounds = any ? detail::united(bounds, box) : box;
        any = true;
        extents.push_back(std::max(box.hi_x - box.lo_x, box.hi_y - box.lo_y));
    }
    return any;
}

bool World::State::start_pass_wall(int i, int w, bool over) {
    if (over) return true;
    predict_wall(i, w, 0.0, -1);
    return start_pass_over_budget();
}

bool World::State::start_pass_pair(int i, int j, bool over) {
    if (over) return true;
    predict_pair(i, j, 0.0, -1);
    return start_pass_over_budget();
}

bool World::State::start_pass_all_pairs() {
    // Every body against every wall, then every pair once (as predict_changed(live)).
    bool over = false;
    for (const int i : live)
        for (int w = 0; w < static_cast<int>(walls.size()); ++w)
            over = start_pass_wall(i, w, over);
    for (std::size_t a = 0; a < live.size() && !over; ++a)
        for (std::size_t b = a + 1; b < live.size(); ++b)
            over = start_pass_pair(live[a], live[b], over);
    return over;
}

bool World::State::start_pass_on_grid(Box bounds, bool any) {
    // Every body against the walls near it, every pair whose boxes overlap once: the same
    // predictions as predict_changed(every body), in another order (which only the serials
    // see, and no two of these share a pair).
    bool over = false;
    lay_out_grid(bounds, any);
    for (const int i : live) {
        const Box& box = boxes[static_cast<std::size_t>(i)];
        grid.insert_body(i, box);
        if (!over)
            grid.for_each_wall_near_body(i, box,
                                         [&](int w) { over = start_pass_wall(i, w, over); });
    }
    // In batches, their trajectories prefetched (see predict_changed).
    constexpr std::size_t kBatch = 32;
    candidates.clear();
    grid.for_each_pair([&](int a, int b) {
        if (over) return;
        __builtin_prefetch(&motions[static_cast<std::size_t>(a)]);
        __builtin_prefetch(&motions[static_cast<std::size_t>(b)]);
        candidates.push_back({a, b});
        if (candidates.size() < kBatch) return;
        for (const auto& [i, j] : candidates)
            over = start_pass_pair(i, j, over);
        candidates.clear();
    });
    for (const auto& [i, j] : candidates)
        over = start_pass_pair(i, j, over);
    return over;
}

void World::State::end_start_pass() {
    if (!lean()) return;
    frame_start_pass = false;
    earliest_queue.build(earliest_key);
}

} // namespace ccd
