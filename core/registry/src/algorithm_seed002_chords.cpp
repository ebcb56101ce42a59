// Seed 002's straight-line approximation of rotation (algorithms.hpp, seed002_chords): every
// vertex moved along the chord of its arc, then seed 002's point against a moving segment for
// every vertex against every edge of the other side, the earliest winning.

#include "ccd/algorithms.hpp"
#include "ccd/detail/earliest_of_queries.hpp"
#include "ccd/detail/swept_rescaling.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ccd {
namespace {

// A side as the chords see it: its vertices at t = 0, each one's chord (where it is at t = 1 less
// where it starts), the radius of a circle, and how many edges it has (none for one vertex, one
// for a segment, n for a polygon).
struct ChordSide {
    std::vector<Vec2> start, chord;
    double radius = 0.0;
    bool circle = false;
    std::size_t edges() const {
        return start.size() < 2 ? 0 : start.size() == 2 ? 1 : start.size();
    }
    MovingSegment edge(std::size_t e) const {
        const std::size_t f = (e + 1) % start.size();
        return {{start[e], start[f]}, chord[e], chord[f]};
    }
};

ChordSide chord_side(const Swept& swept) {
    ChordSide side;
    if (const auto* p = std::get_if<Point>(&swept.shape)) side.start = {p->position};
    if (const auto* c = std::get_if<Circle>(&swept.shape)) {
        side.start = {c->center};
        side.radius = c->radius;
        side.circle = true;
    }
    if (const auto* s = std::get_if<Segment>(&swept.shape)) side.start = {s->a, s->b};
    if (const auto* p = std::get_if<Polygon>(&swept.shape)) side.start = p->vertices;
    if (const auto* e = std::get_if<EndMotion>(&swept.motion); e && side.start.size() == 2) {
        side.chord = {e->displacement_a, e->displacement_b};
        return side;
    }
    for (const Vec2 x : side.start)
        side.chord.push_back(swept.moved(x, 1.0) - x);
    return side;
}

// The parts of the obstacle an answer against its edge `e` names, from the edge query's feature
// (its interior, its end a or its end b).
void name_obstacle_part(Hit& hit, const Swept& obstacle, const ChordSide& side, std::size_t e,
                        Feature edge_feature) {
    if (obstacle.shape_kind() != ShapeKind::Polygon) {
        hit.feature = edge_feature; // a segment's own
        return;
    }
    if (edge_feature == Feature::SegmentInterior) {
        hit.feature = Feature::PolygonEdge;
        hit.obstacle_edge = static_cast<int>(e);
        return;
    }
    hit.feature = Feature::PolygonVertex;
    hit.obstacle_vertex =
        static_cast<int>(edge_feature == Feature::EndpointA ? e : (e + 1) % side.start.size());
}

// Touching or overlapping at t = 0, where the chords and the arcs agree: the straight-line
// query of the two sides standing still says it (a contact at t = 0, or nothing).
std::optional<Hit> at_start(const Swept& mover, const Swept& obstacle, const ChordSide& m,
                            const ChordSide& o) {
    const auto* obstacle_polygon = std::get_if<Polygon>(&obstacle.shape);
    const auto* mover_polygon = std::get_if<Polygon>(&mover.shape);
    const Circle circle{m.start.front(), m.radius};
    if (!mover_polygon && obstacle_polygon)
        return time_of_impact(circle, Vec2{}, *obstacle_polygon, Vec2{});
    if (mover_polygon && obstacle_polygon)
        return time_of_impact(*mover_polygon, Vec2{}, *obstacle_polygon, Vec2{});
    if (o.start.size() != 2) return std::nullopt; // (not a pair of the registry)
    const MovingSegment still{{o.start[0], o.start[1]}, {}, {}};
    if (mover_polygon) return time_of_impact(*mover_polygon, Vec2{}, still);
    return time_of_impact(circle, Vec2{}, still);
}

std::optional<Hit> chords(const Swept& mover, const Swept& obstacle, Trace* trace) {
    const ChordSide m = chord_side(mover), o = chord_side(obstacle);
    if (trace) {
        trace->begin("seed 002's chords");
        for (const auto& [side, on_mover] : {std::pair{&m, true}, std::pair{&o, false}})
            for (std::size_t k = 0; k < side->start.size(); ++k)
                trace->chords.push_back({on_mover, static_cast<int>(k), side->start[k],
                                         side->start[k] + side->chord[k]});
    }
    if (m.start.empty() || o.start.empty()) return std::nullopt;
    if (auto hit = at_start(mover, obstacle, m, o)) {
        if (trace) {
            trace->overlap_at_start = true;
            TraceCandidate& c = trace->add_candidate("touching at t = 0", hit->feature);
            c.note = "at t = 0 the chords and the arcs agree: the shapes touch already";
            c.roots.push_back({0.0, RootVerdict::Taken});
        }
        return hit;
    }
    detail::EarliestOfQueries earliest(trace);
    // The mover's every vertex (a circle's centre) against the obstacle's every edge.
    for (std::size_t i = 0; i < m.start.size(); ++i)
        for (std::size_t e = 0; e < o.edges(); ++e) {
            const MovingSegment edge = o.edge(e);
            const auto hit = m.circle
                                 ? time_of_impact(Circle{m.start[i], m.radius}, m.chord[i], edge,
                                                  earliest.part())
                                 : time_of_impact(m.start[i], m.chord[i], edge, earliest.part());
            const bool polygon = mover.shape_kind() == ShapeKind::Polygon;
            const std::string name =
                (polygon ? "mover vertex " + std::to_string(i) + " / " : std::string()) +
                "obstacle edge " + std::to_string(e);
            earliest.record(name, true, [&](TraceCandidate& c) {
                if (polygon) c.mover_vertex = static_cast<int>(i);
            });
            if (!hit) continue;
            Hit h = *hit;
            name_obstacle_part(h, obstacle, o, e, hit->feature);
            if (polygon) h.mover_vertex = static_cast<int>(i);
            earliest.offer(h);
        }
    // The obstacle's every vertex against the mover's every edge (a polygon mover's only).
    for (std::size_t k = 0; k < o.start.size(); ++k)
        for (std::size_t e = 0; e < m.edges(); ++e) {
            const auto hit = time_of_impact(o.start[k], o.chord[k], m.edge(e), earliest.part());
            earliest.record("obstacle vertex " + std::to_string(k) + " / mover edge " +
                                std::to_string(e),
                            true, [&](TraceCandidate& c) {
                                c.obstacle_vertex = static_cast<int>(k);
                                c.mover_edge = static_cast<int>(e);
                            });
            if (!hit) continue;
            // The point query's normal points from the mover's edge toward the obstacle's
            // vertex: turned, from the obstacle toward the mover. Closing speeds are the same
            // seen from either side.
            Hit h = *hit;
            h.normal = -hit->normal;
            h.mover_edge = static_cast<int>(e);
            if (obstacle.shape_kind() == ShapeKind::Polygon) {
                h.feature = Feature::PolygonVertex;
                h.obstacle_vertex = static_cast<int>(k);
            } else {
                h.feature = k == 0 ? Feature::EndpointA : Feature::EndpointB;
            }
            h.point = o.start[k] + o.chord[k] * h.t;
            earliest.offer(h);
        }
    return earliest.answer();
}

} // namespace

std::optional<Hit> seed002_chords(const Swept& mover, const Swept& obstacle, Trace* trace) {
    // Extreme inputs are brought into range by a power of two first; lengths come back.
    const detail::InputRescale k = detail::rescale_for(mover, obstacle);
    if (!k.needed()) return chords(mover, obstacle, trace);
    auto hit = chords(detail::rescaled(mover, k), detail::rescaled(obstacle, k), trace);
    const double back = 1.0 / k.scale;
    if (hit) hit->point *= back;
    if (trace)
        for (VertexChord& chord : trace->chords) {
            chord.from *= back;
            chord.to *= back;
        }
    return hit;
}

} // namespace ccd
