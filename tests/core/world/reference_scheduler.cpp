#include "reference_scheduler.hpp"

#include "ccd/mass_properties.hpp"
#include "ccd/toi_body.hpp"
#include "collision_response.hpp"
#include "wall_side.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace ccd_test {
namespace {

using ccd::OtherKind;
using ccd::ResponseKind;
using ccd::Vec2;

struct Candidate {
    double time;
    int body;
    OtherKind kind;
    int other;
    ccd::Hit hit;
};

using PairKey = std::tuple<int, int, int>; // body, kind, other

// The log's vertex and edge of a polygon contact: the ones the query named, whoever's they are.
int named_vertex(const ccd::Hit& hit) {
    return hit.mover_vertex >= 0 ? hit.mover_vertex : hit.obstacle_vertex;
}
int named_edge(const ccd::Hit& hit) {
    return hit.mover_edge >= 0 ? hit.mover_edge : hit.obstacle_edge;
}

struct Live {
    double time;
    ccd::Feature feature;
    double predicted_at;
    int predicted_after;
    Vec2 point; // the predicted contact
    Vec2 normal;
    int vertex; // a polygon contact's parts
    int edge;
};

} // namespace

ReferenceScheduler::ReferenceScheduler(const ReferenceScene& scene)
    : walls_(scene.walls), options_(scene.options),
      from_current_time_(scene.detect_from_current_time),
      detect_every_pair_again_(scene.detect_every_pair_again) {
    for (std::size_t w = 0; w < walls_.size(); ++w) {
        wall_bases_.push_back(walls_[w].start);
        wall_turns_.push_back(w < scene.wall_turns.size() ? scene.wall_turns[w] : ccd::Turning{});
    }
    for (const ccd::BodyDef& def : scene.bodies) {
        Body b;
        b.position = def.shape.center;
        b.anchor = def.shape.center;
        b.velocity = def.velocity;
        b.radius = def.shape.radius;
        b.outline = def.outline;
        b.rounding = def.rounding;
        b.mass = def.mass;
        b.response = def.response;
        b.alive = !(bodies_.size() < scene.removed.size() && scene.removed[bodies_.size()]);
        if (def.angular_velocity) { // as World::add_body: counter-clockwise, its inertia
            b.turning = true;
            b.spin = *def.angular_velocity;
            if (bodies_.size() < scene.angles.size()) b.angle = scene.angles[bodies_.size()];
            const ccd::MassProperties shape = ccd::mass_properties(ccd::Polygon{b.outline});
            double twice_area = 0.0;
            for (std::size_t k = 1; k + 1 < b.outline.size(); ++k)
                twice_area += cross(b.outline[k] - b.outline[0], b.outline[k + 1] - b.outline[0]);
            if (twice_area < 0.0) std::reverse(b.outline.begin(), b.outline.end());
            b.inverse_inertia =
                1.0 / (def.inertia > 0.0 ? def.inertia
                                         : def.mass * (shape.inertia_per_mass +
                                                       dot(shape.centroid, shape.centroid)));
        }
        bodies_.push_back(b);
    }
}

ccd::EventLog ReferenceScheduler::step() {
    ccd::EventLog log;
    log.frame = frame_++;
    log.paths.resize(bodies_.size());
    const int n = static_cast<int>(bodies_.size());
    for (int i = 0; i < n; ++i)
        if (bodies_[i].alive) log.paths[i].points.push_back({0.0, bodies_[i].position});
    double now = 0.0;
    const auto moving = [](const Body& b) { return b.frozen ? b.carry : b.velocity; };
    const auto at = [](const Body& b, double t) {
        return b.anchor + (b.frozen ? b.carry : b.velocity) * (t - b.anchor_time);
    };
    // A turning polygon's rate and orientation (a frozen one does not turn).
    const auto rate = [](const Body& b) { return b.turning && !b.frozen ? b.spin : 0.0; };
    const auto angle_at = [&](const Body& b, double t) {
        return b.turning ? b.angle + rate(b) * (t - b.anchor_time) : 0.0;
    };
    // The velocity of body b's material at `point` at time t.
    const auto material = [&](const Body& b, Vec2 point, double t) {
        const Vec2 r = point - at(b, t);
        const double w = rate(b);
        return moving(b) + Vec2{-w * r.y, w * r.x};
    };
    // A turning wall: its segment at time t, turned about its pivot from the frame's start.
    const auto turns = [&](int w) { return wall_turns_[w].angle != 0.0; };
    const auto wall_at = [&](int w, double t) {
        if (!turns(w)) return walls_[w].at(t);
        const ccd::Segment& s = walls_[w].start;
        return ccd::Segment{ccd::turning_position(wall_turns_[w], s.a, t),
                            ccd::turning_position(wall_turns_[w], s.b, t), s.radius};
    };
    const auto wall_moves = [&](int w) {
        return turns(w) ||
               !(walls_[w].displacement_a == Vec2{} && walls_[w].displacement_b == Vec2{});
    };
    // A wall's material velocity at `point` on it at time t: its endpoints' velocities
    // interpolated by where the point lies between them.
    const auto wall_velocity = [&](int w, Vec2 point, double t, ccd::Feature feature) -> Vec2 {
        const ccd::MovingSegment& m = walls_[w];
        if (!wall_moves(w)) return {};
        if (turns(w)) { // angle x (point - pivot)
            const Vec2 r = point - wall_turns_[w].pivot;
            return {-wall_turns_[w].angle * r.y, wall_turns_[w].angle * r.x};
        }
        if (feature == ccd::Feature::EndpointA) return m.displacement_a;
        if (feature == ccd::Feature::EndpointB) return m.displacement_b;
        if (m.displacement_a == m.displacement_b) return m.displacement_a;
        const ccd::Segment s = m.at(t);
        const Vec2 d = s.b - s.a;
        const double len2 = dot(d, d);
        const double u = len2 > 0.0 ? std::clamp(dot(point - s.a, d) / len2, 0.0, 1.0) : 0.0;
        return m.displacement_a + (m.displacement_b - m.displacement_a) * u;
    };
    // When a pair's detection was last due: the later of its bodies' last changes.
    const auto due = [&](double anchor_time) { return from_current_time_ ? now : anchor_time; };

    const auto sensor = [&](int i) { return bodies_[i].response.kind == ResponseKind::Sensor; };
    // Whether body i's contact (kind, other) found by `hit` at `time` is an event.
    const auto counts = [&](int i, OtherKind kind, int other, const ccd::Hit& hit, Vec2 rel,
                            bool sensor_pair, double time) {
        if (!hit.approaching) return false;
        if (hit.overlap) {
            if (sensor_pair) return false;
            if (!(-dot(rel, hit.normal) > options_.resting_tolerance * length(rel))) return false;
        }
        const Body& b = bodies_[i];
        // A point resting on the line of the wall it last touched keeps that side however
        // long ago it touched (World::State::rests_on_its_wall).
        const auto rests = [&] {
            return kind == OtherKind::Wall && hit.t == 0.0 && b.radius == 0.0 &&
                   b.outline.empty() &&
                   ccd::detail::on_the_line_within(at(b, time), wall_at(other, time),
                                                   b.last_normal);
        };
        return !(b.has_last && b.last_kind == kind && b.last_other == other &&
                 dot(hit.normal, b.last_normal) < 0.0 &&
                 (time - b.last_time <= options_.chatter_window || rests()));
    };
    const auto detect_wall = [&](int i, int w) -> std::optional<Candidate> {
        const Body& b = bodies_[i];
        if (!b.alive || (moving(b) == Vec2{} && !wall_moves(w) && rate(b) == 0.0))
            return std::nullopt;
        const double from = due(b.anchor_time);
        const double rest = 1.0 - from;
        const ccd::Swept mover = ccd::swept_body(
            ccd::SweptBody{at(b, from), b.radius, b.outline, angle_at(b, from), b.rounding},
            moving(b) * rest, rate(b) * rest);
        const ccd::MovingSegment& m = walls_[w];
        const ccd::Swept wall =
            turns(w)
                ? ccd::Swept{wall_at(w, from),
                             ccd::Turning{wall_turns_[w].pivot, {}, wall_turns_[w].angle * rest}}
                : ccd::swept_wall(wall_moves(w)
                                      ? ccd::MovingSegment{m.at(from), m.displacement_a * rest,
                                                           m.displacement_b * rest}
                                      : ccd::MovingSegment{m.start, {}, {}});
        const auto hit = ccd::time_of_impact(nullptr, mover, wall, options_.resting_tolerance);
        if (!hit) return std::nullopt;
        const double t = std::min(1.0, from + hit->t * rest);
        const Vec2 rel = material(b, hit->point, t) - wall_velocity(w, hit->point, t, hit->feature);
        if (!counts(i, OtherKind::Wall, w, *hit, rel, sensor(i), t)) return std::nullopt;
        return Candidate{t, i, OtherKind::Wall, w, *hit};
    };
    const auto detect_pair = [&](int i, int j) -> std::optional<Candidate> {
        const Body& a = bodies_[i];
        const Body& b = bodies_[j];
        if (!a.alive || !b.alive || (moving(a) == moving(b) && !a.turning && !b.turning))
            return std::nullopt;
        const double from = due(std::max(a.anchor_time, b.anchor_time));
        const double rest = 1.0 - from;
        const auto hit =
            ccd::time_of_impact(nullptr,
                                ccd::swept_body(ccd::SweptBody{at(a, from), a.radius, a.outline,
                                                               angle_at(a, from), a.rounding},
                                                moving(a) * rest, rate(a) * rest),
                                ccd::swept_body(ccd::SweptBody{at(b, from), b.radius, b.outline,
                                                               angle_at(b, from), b.rounding},
                                                moving(b) * rest, rate(b) * rest),
                                options_.resting_tolerance);
        if (!hit) return std::nullopt;
        const double t = std::min(1.0, from + hit->t * rest);
        const Vec2 rel = material(a, hit->point, t) - material(b, hit->point, t);
        if (!counts(i, OtherKind::Body, j, *hit, rel, sensor(i) || sensor(j), t))
            return std::nullopt;
        return Candidate{t, i, OtherKind::Body, j, *hit};
    };
    // Contacts processed with nothing changing (a sensor): not again until one of the two
    // changes. Without this, detecting every pair again from the contact's own time finds the
    // same contact an ulp later, forever: seed 004's spiral.
    std::set<PairKey> passed;
    // Each pair's detection as last computed, reused until one of its bodies changes: it is a
    // function of the two bodies' anchors, motions and side memories, and of the walls (none of
    // which changes otherwise within a frame), so the list is the one detecting every pair again
    // would give, bit for bit (WorldOracle.ReusedDetectionsGiveTheSameLog...). Not when
    // detecting from the current time, or when the scene asks for every pair again.
    const bool reuse = !from_current_time_ && !detect_every_pair_again_;
    const int walls = static_cast<int>(walls_.size());
    std::vector<std::optional<Candidate>> pair_seen(static_cast<std::size_t>(n * n)),
        wall_seen(static_cast<std::size_t>(n * walls));
    std::vector<char> pair_known(pair_seen.size(), 0), wall_known(wall_seen.size(), 0);
    const auto forget = [&](int x) {
        for (int y = 0; y < n; ++y)
            pair_known[static_cast<std::size_t>(std::min(x, y) * n + std::max(x, y))] = 0;
        for (int w = 0; w < walls; ++w)
            wall_known[static_cast<std::size_t>(x * walls + w)] = 0;
    };
    const auto forget_all = [&] {
        std::fill(pair_known.begin(), pair_known.end(), 0);
        std::fill(wall_known.begin(), wall_known.end(), 0);
    };
    const auto detect_all = [&] {
        std::vector<Candidate> all;
        // As in the seed, a collision before the current time is skipped: detected from a
        // past anchor, it is one that was not an event when its detection was due.
        const auto keep = [&](const std::optional<Candidate>& c) {
            if (c && c->time >= now &&
                !passed.count({c->body, static_cast<int>(c->kind), c->other}))
                all.push_back(*c);
        };
        for (int i = 0; i < n; ++i) {
            for (int w = 0; w < walls; ++w) {
                const auto k = static_cast<std::size_t>(i * walls + w);
                if (!reuse || !wall_known[k]) wall_seen[k] = detect_wall(i, w);
                wall_known[k] = 1;
                keep(wall_seen[k]);
            }
            for (int j = i + 1; j < n; ++j) {
                const auto k = static_cast<std::size_t>(i * n + j);
                if (!reuse || !pair_known[k]) pair_seen[k] = detect_pair(i, j);
                pair_known[k] = 1;
                keep(pair_seen[k]);
            }
        }
        std::sort(all.begin(), all.end(), [](const Candidate& x, const Candidate& y) {
            return std::tuple(x.time, x.body, static_cast<int>(x.kind), x.other) <
                   std::tuple(y.time, y.body, static_cast<int>(y.kind), y.other);
        });
        return all;
    };

    // Bookkeeping of which prediction is "the same one" for the cancellation list.
    std::map<PairKey, Live> live;
    const auto remember = [&](const Candidate& c, int after) {
        live[{c.body, static_cast<int>(c.kind), c.other}] = Live{c.time,
                                                                 c.hit.feature,
                                                                 now,
                                                                 after,
                                                                 c.hit.point,
                                                                 c.hit.normal,
                                                                 named_vertex(c.hit),
                                                                 named_edge(c.hit)};
    };
    for (const Candidate& c : detect_all())
        remember(c, -1);

    const auto respond = [&](const Body& self, int body, OtherKind kind, int other, Vec2 normal,
                             Vec2 point, Vec2 other_velocity, double t) -> ccd::ContactOutcome {
        const double vn = std::min(dot(self.velocity - other_velocity, normal), 0.0);
        // What is left below the resting tolerance times the closing speed is rounding: at
        // rest relative to the other.
        const auto settled = [&](Vec2 v) {
            return length(v - other_velocity) <= options_.resting_tolerance * -vn
                       ? other_velocity
                       : ccd::detail::not_closing(v, other_velocity, normal);
        };
        switch (self.response.kind) {
        case ResponseKind::Bounce:
            return {settled(self.velocity - normal * ((1.0 + self.response.restitution) * vn)),
                    false};
        case ResponseKind::Slide:
            return {settled(self.velocity - normal * vn), false};
        case ResponseKind::Stop: // against a kinematic wall: its velocity at the contact
            return {kind == OtherKind::Wall ? other_velocity : Vec2{}, false};
        case ResponseKind::Destroy:
            return {self.velocity, true};
        case ResponseKind::Sensor:
            return {self.velocity, false};
        case ResponseKind::Callback:
            return self.response.callback(ccd::ContactInput{t, body, kind, other, point, normal,
                                                            self.velocity, other_velocity});
        }
        return {self.velocity, false};
    };

    const int budget = options_.event_budget > 0 ? options_.event_budget : 1000 + 100 * n;
    bool budget_spent = false; // the bodies stand still, the walls move on
    for (;;) {
        const std::vector<Candidate> all = detect_all();
        if (all.empty()) break;
        const Candidate c = all.front();
        for (Body& b : bodies_)
            if (b.alive) b.position = b.anchor + moving(b) * (c.time - b.anchor_time);
        now = c.time;
        if (!budget_spent && static_cast<int>(log.events.size()) >= budget) {
            // The budget: every live prediction is cancelled, the bodies stop where they are;
            // the walls move on, and crush the frozen bodies they close on.
            for (const auto& [key, l] : live) {
                const auto [body, kind, other] = key;
                log.cancelled.push_back(ccd::CancelledPrediction{
                    l.time, body, static_cast<OtherKind>(kind), other, l.feature, l.predicted_at,
                    l.predicted_after, ccd::CancelReason::Budget, -1, l.point, l.normal, l.vertex,
                    l.edge});
            }
            live.clear();
            passed.clear();
            for (int i = 0; i < n; ++i) {
                Body& b = bodies_[i];
                if (!b.alive) continue;
                b.angle = angle_at(b, now);
                b.anchor = b.position; // every body detected again from here
                b.anchor_time = now;
                if (b.frozen && b.carry == Vec2{}) continue; // still already: no new vertex
                b.frozen = true;
                b.carry = {};
                auto& points = log.paths[i].points;
                if (points.back().time == now)
                    points.back().position = b.position;
                else
                    points.push_back({now, b.position});
            }
            log.budget_cut = ccd::BudgetCut{now, static_cast<int>(log.events.size())};
            budget_spent = true;
            forget_all();
            for (const Candidate& next : detect_all())
                remember(next, static_cast<int>(log.events.size()) - 1);
            continue;
        }
        const int seq = static_cast<int>(log.events.size());
        Body& a = bodies_[c.body];
        const Vec2 nrm = c.hit.normal;
        ccd::ContactEvent e{};
        e.sequence = seq;
        e.time = c.time;
        e.body = c.body;
        e.other_kind = c.kind;
        e.other = c.other;
        e.feature = c.hit.feature;
        e.point = c.hit.point;
        e.normal = nrm;
        e.vertex = named_vertex(c.hit);
        e.edge = named_edge(c.hit);
        e.body_velocity_before = moving(a);
        ccd::ContactOutcome oa{a.velocity, false}, ob{};
        double wa = a.spin, wb = 0.0; // the angular velocities from now on
        Body* b = nullptr;
        Vec2 wv; // the wall's velocity at the contact point
        // A side as the impulse with spin sees it (a frozen body gives no way).
        const auto side = [&](const Body& body) {
            return ccd::detail::RigidSide{moving(body), rate(body),
                                          body.frozen ? 0.0 : 1.0 / body.mass,
                                          body.frozen || !body.turning ? 0.0 : body.inverse_inertia,
                                          c.hit.point - body.position};
        };
        // A turning body on its own, against what moves as `other_velocity` at the contact.
        const auto alone = [&](const Body& self, int body, OtherKind kind, int other, Vec2 normal,
                               Vec2 other_velocity, double& w) -> ccd::ContactOutcome {
            switch (self.response.kind) {
            case ResponseKind::Bounce:
            case ResponseKind::Slide: {
                const auto o = ccd::detail::rigid_impulse(
                    side(self), ccd::detail::RigidSide{other_velocity, 0.0, 0.0, 0.0, {}}, normal,
                    self.response.kind == ResponseKind::Bounce ? self.response.restitution : 0.0);
                w = o.angular_velocity_a;
                return {o.velocity_a, false};
            }
            case ResponseKind::Stop:
                w = 0.0;
                return {kind == OtherKind::Wall ? other_velocity : Vec2{}, false};
            case ResponseKind::Destroy:
                return {self.velocity, true};
            case ResponseKind::Sensor:
                return {self.velocity, false};
            case ResponseKind::Callback:
                return self.response.callback(ccd::ContactInput{
                    now, body, kind, other, c.hit.point, normal, moving(self), other_velocity});
            }
            return {self.velocity, false};
        };
        if (c.kind == OtherKind::Wall) {
            wv = wall_velocity(c.other, c.hit.point, now, c.hit.feature);
            e.other_velocity_before = wv;
            e.other_velocity_after = wv;
            if (!a.frozen)
                oa = a.turning ? alone(a, c.body, c.kind, c.other, nrm, wv, wa)
                               : respond(a, c.body, c.kind, c.other, nrm, c.hit.point, wv, now);
        } else {
            b = &bodies_[c.other];
            wb = b->spin;
            e.other_velocity_before = moving(*b);
            ob = {b->velocity, false};
            const bool spin = a.turning || b->turning;
            if (sensor(c.body) || sensor(c.other)) {
            } else if (spin && a.response.kind == ResponseKind::Bounce &&
                       b->response.kind == ResponseKind::Bounce && !a.frozen && !b->frozen) {
                const auto o = ccd::detail::rigid_impulse(
                    side(a), side(*b), nrm,
                    std::max(a.response.restitution, b->response.restitution));
                oa.velocity = o.velocity_a;
                ob.velocity = o.velocity_b;
                if (a.turning) wa = o.angular_velocity_a;
                if (b->turning) wb = o.angular_velocity_b;
            } else if (spin) {
                const Vec2 va = material(a, c.hit.point, now);
                const Vec2 vb = material(*b, c.hit.point, now);
                if (!a.frozen)
                    oa = a.turning ? alone(a, c.body, c.kind, c.other, nrm, vb, wa)
                                   : respond(a, c.body, c.kind, c.other, nrm, c.hit.point, vb, now);
                if (!b->frozen)
                    ob = b->turning ? alone(*b, c.other, OtherKind::Body, c.body, -nrm, va, wb)
                                    : respond(*b, c.other, OtherKind::Body, c.body, -nrm,
                                              c.hit.point, va, now);
            } else if (a.response.kind == ResponseKind::Bounce &&
                       b->response.kind == ResponseKind::Bounce && !a.frozen && !b->frozen) {
                const double vn = std::min(dot(a.velocity - b->velocity, nrm), 0.0);
                const double rest = std::max(a.response.restitution, b->response.restitution);
                const double j = -(1.0 + rest) * vn / (1.0 / a.mass + 1.0 / b->mass);
                oa.velocity = a.velocity + nrm * (j / a.mass);
                ob.velocity = b->velocity - nrm * (j / b->mass);
            } else {
                const Vec2 va = moving(a), vb = moving(*b);
                if (!a.frozen) oa = respond(a, c.body, c.kind, c.other, nrm, c.hit.point, vb, now);
                if (!b->frozen)
                    ob = respond(*b, c.other, OtherKind::Body, c.body, -nrm, c.hit.point, va, now);
            }
        }
        // A point held on the line of the wall it last touched keeps that wall's side memory
        // through a body contact, and is not left closing on the wall.
        const auto held = [&](const Body& body) {
            return body.radius == 0.0 && body.outline.empty() && body.has_last &&
                   body.last_kind == OtherKind::Wall &&
                   ccd::detail::on_the_line_within(body.position, wall_at(body.last_other, now),
                                                   body.last_normal);
        };
        const bool a_held = b && held(a), b_held = b && held(*b);
        const auto off_the_last_wall = [&](const Body& body, ccd::ContactOutcome& o) {
            if (o.remove || o.velocity == body.velocity || body.frozen) return;
            const Vec2 wall_v =
                wall_velocity(body.last_other, body.position, now, ccd::Feature::SegmentInterior);
            o.velocity = ccd::detail::not_closing(o.velocity, wall_v, body.last_normal);
        };
        if (b && !sensor(c.body) && !sensor(c.other)) {
            if (a_held) off_the_last_wall(a, oa);
            if (b_held) off_the_last_wall(*b, ob);
        }
        std::vector<int> changed;
        e.turning = a.turning || (b && b->turning) || (!b && turns(c.other));
        if (!b && turns(c.other)) { // the wall's orientation: turned from the frame's start
            e.other_angle = wall_turns_[c.other].angle * now;
            e.other_angular_velocity_before = wall_turns_[c.other].angle;
            e.other_angular_velocity_after = wall_turns_[c.other].angle;
        }
        e.body_angle = angle_at(a, now);
        e.body_angular_velocity_before = rate(a);
        if (b) {
            e.other_angle = angle_at(*b, now);
            e.other_angular_velocity_before = rate(*b);
        }
        const auto apply = [&](int index, Body& body, const ccd::ContactOutcome& o, Vec2 carry,
                               double w) {
            if (body.frozen ||
                (!o.remove && o.velocity == body.velocity && !(body.turning && w != body.spin)))
                return;
            body.angle = angle_at(body, now);
            if (body.turning) body.spin = w;
            body.anchor = body.position;
            body.anchor_time = now;
            body.velocity = o.velocity;
            if (o.remove) body.alive = false;
            if (!o.remove) { // the chattering rule: a burst, or the frame's count
                bool cut = ++body.frame_changes > options_.frame_change_limit;
                if (body.burst_events == 0 || now - body.burst_start > options_.chatter_window) {
                    body.burst_start = now;
                    body.burst_events = 1;
                } else if (++body.burst_events > options_.chatter_limit) {
                    cut = true;
                }
                if (cut) {
                    body.frozen = true;
                    body.carry = carry; // carried by the wall it chattered against
                    log.chatter_cuts.push_back({index, now, seq});
                }
            }
            auto& points = log.paths[index].points; // one vertex per instant
            if (points.back().time == now)
                points.back().position = body.position;
            else
                points.push_back({now, body.position});
            changed.push_back(index);
        };
        apply(c.body, a, oa, wv, wa);
        // A circle's center that the contact's rounding left past the wall's line: back on it.
        if (c.kind == OtherKind::Wall && c.hit.feature == ccd::Feature::SegmentInterior &&
            a.alive && a.outline.empty() && !changed.empty()) {
            const Vec2 placed = ccd::detail::on_the_body_side(a.anchor, wall_at(c.other, now), nrm);
            if (!(placed == a.anchor)) {
                a.anchor = placed;
                a.position = placed;
                log.paths[c.body].points.back().position = placed;
            }
        }
        if (b) apply(c.other, *b, ob, Vec2{}, wb);
        // Crushed: a frozen participant still pushed on after the responses.
        const bool sensor_pair = b && (sensor(c.body) || sensor(c.other));
        if (!sensor_pair && a.alive && (!b || b->alive)) {
            const Vec2 rel =
                material(a, c.hit.point, now) - (b ? material(*b, c.hit.point, now) : wv);
            if (-dot(rel, nrm) > options_.resting_tolerance * length(rel)) {
                for (const int index : {c.body, b ? c.other : -1}) {
                    if (index < 0) continue;
                    Body& body = bodies_[index];
                    if (!body.frozen) continue;
                    body.angle = angle_at(body, now);
                    body.alive = false;
                    body.anchor = body.position;
                    body.anchor_time = now;
                    log.crushes.push_back({index, now, seq});
                    auto& points = log.paths[index].points;
                    if (points.back().time == now)
                        points.back().position = body.position;
                    else
                        points.push_back({now, body.position});
                    if (std::find(changed.begin(), changed.end(), index) == changed.end())
                        changed.push_back(index);
                }
            }
        }
        // A held point's memory stays its wall's, as of now.
        a.last_time = now;
        if (!a_held) {
            a.has_last = true;
            a.last_kind = c.kind;
            a.last_other = c.other;
            a.last_normal = nrm;
        }
        if (b) {
            b->last_time = now;
            if (!b_held) {
                b->has_last = true;
                b->last_kind = OtherKind::Body;
                b->last_other = c.body;
                b->last_normal = -nrm;
            }
        }
        e.body_velocity_after = a.alive ? moving(a) : Vec2{};
        e.body_removed = !a.alive;
        e.body_angular_velocity_after = a.alive ? rate(a) : 0.0;
        if (b) {
            e.other_velocity_after = b->alive ? moving(*b) : Vec2{};
            e.other_removed = !b->alive;
            e.other_angular_velocity_after = b->alive ? rate(*b) : 0.0;
        }
        log.events.push_back(e);

        live.erase({c.body, static_cast<int>(c.kind), c.other});
        const auto involves = [&](const PairKey& k) {
            const auto [body, kind, other] = k;
            for (int x : changed)
                if (body == x || (kind == static_cast<int>(OtherKind::Body) && other == x))
                    return true;
            return false;
        };
        std::erase_if(passed, involves);
        // What the event touched: its bodies' side memories, and every body it changed.
        forget(c.body);
        if (b) forget(c.other);
        for (const int x : changed)
            forget(x);
        if (changed.empty()) passed.insert({c.body, static_cast<int>(c.kind), c.other});
        for (auto it = live.begin(); it != live.end();) {
            if (involves(it->first)) {
                const auto [body, kind, other] = it->first;
                log.cancelled.push_back(ccd::CancelledPrediction{
                    it->second.time, body, static_cast<OtherKind>(kind), other, it->second.feature,
                    it->second.predicted_at, it->second.predicted_after,
                    ccd::CancelReason::TrajectoryChanged, seq, it->second.point, it->second.normal,
                    it->second.vertex, it->second.edge});
                it = live.erase(it);
            } else {
                ++it;
            }
        }
        for (const Candidate& next : detect_all())
            if (involves({next.body, static_cast<int>(next.kind), next.other})) remember(next, seq);
    }
    for (int i = 0; i < n; ++i) {
        Body& b = bodies_[i];
        if (!b.alive) continue;
        b.angle = angle_at(b, 1.0);
        b.position = b.anchor + moving(b) * (1.0 - b.anchor_time);
        b.anchor = b.position;
        b.anchor_time = 0.0;
        log.paths[i].points.push_back({1.0, b.position});
        b.last_time -= 1.0;
    }
    for (Body& b : bodies_) {
        if (!b.alive) b.last_time -= 1.0;
        b.frozen = false;
        b.carry = {};
        b.burst_events = 0;
        b.frame_changes = 0;
    }
    // The walls' paths: a static wall's is where it is; a moving one's runs to the frame's end.
    log.wall_paths.resize(walls_.size());
    for (std::size_t w = 0; w < walls_.size(); ++w) {
        ccd::MovingSegment& wall = walls_[w];
        auto& points = log.wall_paths[w].points;
        points.push_back({0.0, wall.start});
        if (turns(static_cast<int>(w))) { // the next frame's: the base turned by frames x angle
            const ccd::Turning& turning = wall_turns_[w];
            log.wall_paths[w].pivot = turning.pivot;
            log.wall_paths[w].turn = turning.angle;
            constexpr long double kTwoPi = 6.283185307179586476925286766559L;
            const double by = static_cast<double>(
                std::remainder(static_cast<long double>(frame_) * turning.angle, kTwoPi));
            const ccd::Turning to{turning.pivot, {}, by};
            wall.start = {ccd::turning_position(to, wall_bases_[w].a, 1.0),
                          ccd::turning_position(to, wall_bases_[w].b, 1.0)};
            points.push_back({1.0, wall.start});
            continue;
        }
        if (wall.displacement_a == Vec2{} && wall.displacement_b == Vec2{}) continue;
        points.push_back({1.0, wall.at(1.0)});
        wall.start = wall.at(1.0);
    }
    return log;
}

} // namespace ccd_test
