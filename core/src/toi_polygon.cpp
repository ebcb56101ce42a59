#include "ccd/toi_polygon.hpp"

#include "ccd/closest_point.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "exact_arithmetic.hpp"
#include "input_scaling.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <tuple>

namespace ccd {
namespace {

Segment edge(const Polygon& p, std::size_t i) {
    return {p.vertices[i], p.vertices[(i + 1) % p.vertices.size()]};
}

bool contains(const Polygon& p, Vec2 q) { // even-odd rule
    bool inside = false;
    const std::size_t n = p.vertices.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Vec2 a = p.vertices[i], b = p.vertices[j];
        if ((a.y > q.y) != (b.y > q.y) && q.x < a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y))
            inside = !inside;
    }
    return inside;
}

bool segments_intersect(const Segment& s, const Segment& r) {
    const auto orient = [](Vec2 a, Vec2 b, Vec2 c) {
        const double v = detail::accurate_cross(b - a, c - a);
        return v > 0.0 ? 1 : v < 0.0 ? -1 : 0;
    };
    const auto on = [](Vec2 a, Vec2 b, Vec2 c) { // c on segment ab, given collinear
        return std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) &&
               std::min(a.y, b.y) <= c.y && c.y <= std::max(a.y, b.y);
    };
    const int o1 = orient(s.a, s.b, r.a), o2 = orient(s.a, s.b, r.b);
    const int o3 = orient(r.a, r.b, s.a), o4 = orient(r.a, r.b, s.b);
    if (o1 != o2 && o3 != o4) return true;
    return (o1 == 0 && on(s.a, s.b, r.a)) || (o2 == 0 && on(s.a, s.b, r.b)) ||
           (o3 == 0 && on(r.a, r.b, s.a)) || (o4 == 0 && on(r.a, r.b, s.b));
}

Vec2 centroid(const Polygon& p) {
    Vec2 sum;
    for (Vec2 v : p.vertices)
        sum += v;
    return sum * (1.0 / static_cast<double>(p.vertices.size()));
}

bool overlapping(const Polygon& a, const Polygon& b) {
    for (std::size_t i = 0; i < a.vertices.size(); ++i)
        for (std::size_t j = 0; j < b.vertices.size(); ++j)
            if (segments_intersect(edge(a, i), edge(b, j))) return true;
    return contains(b, a.vertices.front()) || contains(a, b.vertices.front());
}

// A sweep's candidate queries and their earliest answer, their traces gathered under the
// sweep's: each query's candidates renamed after its pair and tagged with it, and at the end
// every root a query took but the answer's own marked later than the best.
class EarliestOfQueries {
public:
    explicit EarliestOfQueries(Trace* trace) : trace_(trace) {}

    // Where the next query writes its trace (nothing when the sweep has none).
    Trace* part() {
        if (!trace_) return nullptr;
        part_ = Trace{};
        return &part_;
    }
    // Moves the last query's candidates into the sweep's trace: named `name`, or `name: ` and
    // their own name when `keep_names`; `tag` sets their feature, vertex and edge.
    template <class Tag>
    void record(const std::string& name, bool keep_names, Tag tag) {
        last_first_ = trace_ ? trace_->candidates.size() : 0;
        if (!trace_) return;
        if (part_.overlap_at_start) trace_->overlap_at_start = true;
        for (TraceCandidate& c : part_.candidates) {
            c.name = keep_names ? name + ": " + c.name : name;
            tag(c);
            trace_->candidates.push_back(std::move(c));
        }
    }
    // Takes `hit` (already in the world's terms) when it is earlier than the best so far.
    void offer(const Hit& hit) {
        if (best_ && best_->t <= hit.t) return;
        best_ = hit;
        best_first_ = last_first_;
        best_last_ = trace_ ? trace_->candidates.size() : 0;
    }
    // The answer, with the trace settled.
    std::optional<Hit> answer() {
        if (trace_) {
            for (std::size_t c = 0; c < trace_->candidates.size(); ++c)
                for (TraceRoot& root : trace_->candidates[c].roots)
                    if (root.verdict == RootVerdict::Taken &&
                        (c < best_first_ || c >= best_last_ || !best_))
                        root.verdict = RootVerdict::LaterThanBest;
        }
        return best_;
    }

private:
    Trace* trace_;
    Trace part_;
    std::optional<Hit> best_;
    std::size_t last_first_ = 0, best_first_ = 0, best_last_ = 0;
};

// The largest magnitude among the inputs, for detail::scale_for_largest.
double largest_of(std::initializer_list<Vec2> vectors,
                  std::initializer_list<const Polygon*> polygons) {
    double largest = 0.0;
    const auto grow = [&](Vec2 v) {
        largest = std::fmax(largest, std::fmax(std::fabs(v.x), std::fabs(v.y)));
    };
    for (Vec2 v : vectors)
        grow(v);
    for (const Polygon* p : polygons)
        for (Vec2 v : p->vertices)
            grow(v);
    return largest;
}

Polygon scaled(const Polygon& p, double k) {
    Polygon out = p;
    for (Vec2& v : out.vertices)
        v *= k;
    return out;
}

} // namespace

std::optional<Hit> time_of_impact(const Polygon& mover, Vec2 displacement, const Polygon& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace) {
    if (const double k = detail::scale_for_largest(
            largest_of({displacement, obstacle_displacement}, {&mover, &obstacle}));
        k != 1.0) {
        auto hit = time_of_impact(scaled(mover, k), displacement * k, scaled(obstacle, k),
                                  obstacle_displacement * k, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    if (trace) trace->begin("polygon_polygon");
    if (mover.vertices.empty() || obstacle.vertices.empty()) return std::nullopt;
    const Vec2 motion = displacement - obstacle_displacement; // mover relative to obstacle

    if (overlapping(mover, obstacle)) {
        if (trace) trace->overlap_at_start = true;
        const Vec2 normal = normalized_or(centroid(mover) - centroid(obstacle),
                                          normalized_or(-motion, Vec2{0.0, 1.0}));
        return Hit{0.0,  mover.vertices.front(),    normal, Feature::PolygonEdge,
                   true, dot(motion, normal) < 0.0, 0,      0};
    }

    EarliestOfQueries earliest(trace);
    const auto consider = [&](Vec2 vertex, Vec2 vertex_motion, const Segment& target,
                              bool mover_vertex, int vertex_index, int edge_index) {
        const auto hit = time_of_impact(vertex, vertex_motion, target, earliest.part());
        const Feature feature = mover_vertex ? Feature::PolygonEdge : Feature::PolygonVertex;
        earliest.record((mover_vertex ? "mover vertex " : "obstacle vertex ") +
                            std::to_string(vertex_index) +
                            (mover_vertex ? " / obstacle edge " : " / mover edge ") +
                            std::to_string(edge_index),
                        false, [&](TraceCandidate& c) {
                            c.feature = feature;
                            c.vertex = vertex_index;
                            c.edge = edge_index;
                        });
        if (!hit) return;
        // In the relative frame the target is still; put the contact back in the world.
        const Vec2 world_vertex =
            vertex + (mover_vertex ? displacement : obstacle_displacement) * hit->t;
        const Vec2 normal = mover_vertex ? hit->normal : -hit->normal;
        earliest.offer(Hit{hit->t, world_vertex, normal, feature, false, dot(motion, normal) < 0.0,
                           vertex_index, edge_index});
    };
    for (std::size_t i = 0; i < mover.vertices.size(); ++i)
        for (std::size_t j = 0; j < obstacle.vertices.size(); ++j)
            consider(mover.vertices[i], motion, edge(obstacle, j), true, static_cast<int>(i),
                     static_cast<int>(j));
    for (std::size_t k = 0; k < obstacle.vertices.size(); ++k)
        for (std::size_t j = 0; j < mover.vertices.size(); ++j)
            consider(obstacle.vertices[k], -motion, edge(mover, j), false, static_cast<int>(k),
                     static_cast<int>(j));
    return earliest.answer();
}

std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, const Polygon& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace) {
    if (trace) trace->begin("circle_polygon");
    const std::size_t n = obstacle.vertices.size();
    if (n == 0) return std::nullopt;
    const Vec2 motion = displacement - obstacle_displacement; // mover relative to obstacle

    // Each edge as a static segment in relative motion (the query rescales extreme inputs
    // itself). Its features become the polygon's: the band edge j, cap A vertex j, cap B vertex
    // j + 1.
    const auto polygon_feature = [n](Feature f, int j, int& vertex, int& edge_index) {
        vertex = f == Feature::EndpointA   ? j
                 : f == Feature::EndpointB ? static_cast<int>((j + 1) % n)
                                           : -1;
        edge_index = vertex < 0 ? j : -1;
        return vertex < 0 ? Feature::PolygonEdge : Feature::PolygonVertex;
    };
    EarliestOfQueries earliest(trace);
    for (std::size_t e = 0; e < n; ++e) {
        const int j = static_cast<int>(e);
        const auto hit = time_of_impact(mover, motion, edge(obstacle, e), earliest.part());
        earliest.record("edge " + std::to_string(j), true, [&](TraceCandidate& c) {
            c.feature = polygon_feature(c.feature, j, c.vertex, c.edge);
        });
        if (!hit) continue;
        Hit h = *hit;
        h.feature = polygon_feature(hit->feature, j, h.vertex, h.edge);
        h.point += obstacle_displacement * h.t; // where the polygon is at t
        if (h.overlap) { // touching at t = 0: the lowest edge touched says where
            if (trace) trace->overlap_at_start = true;
            earliest.answer(); // (settles the trace: every root found is later)
            return h;
        }
        earliest.offer(h);
    }
    if (contains(obstacle, mover.center)) { // inside, touching no edge: the way out
        if (trace) trace->overlap_at_start = true;
        Hit h{0.0, obstacle.vertices.front(), Vec2{0.0, 1.0}, Feature::PolygonEdge, true, false};
        double nearest = INFINITY;
        for (std::size_t e = 0; e < n; ++e) {
            const Vec2 q = closest_point_on_segment(mover.center, edge(obstacle, e)).point;
            const double d2 = dot(q - mover.center, q - mover.center);
            if (!(d2 < nearest)) continue;
            nearest = d2;
            h.point = q;
            h.edge = static_cast<int>(e);
        }
        h.normal = normalized_or(h.point - mover.center, normalized_or(-motion, Vec2{0.0, 1.0}));
        h.approaching = dot(motion, h.normal) < 0.0;
        earliest.answer(); // every root found is later than this overlap
        return h;
    }
    return earliest.answer();
}

std::optional<Hit> time_of_impact(const Polygon& mover, Vec2 displacement,
                                  const MovingSegment& obstacle, Trace* trace) {
    if (trace) trace->begin("polygon_moving_segment");
    if (mover.vertices.empty()) return std::nullopt;
    const Segment& wall = obstacle.start;
    // In the polygon's frame: the polygon still, each end of the wall moving by its own
    // displacement less the polygon's.
    const Vec2 motion_a = obstacle.displacement_a - displacement;
    const Vec2 motion_b = obstacle.displacement_b - displacement;
    const MovingSegment relative{wall, motion_a, motion_b};

    bool touching = contains(mover, wall.a);
    for (std::size_t j = 0; j < mover.vertices.size() && !touching; ++j)
        touching = segments_intersect(edge(mover, j), wall);
    if (touching) {
        if (trace) trace->overlap_at_start = true;
        const Vec2 middle = centroid(mover);
        const ClosestPoint closest = closest_point_on_segment(middle, wall);
        const Vec2 side = perp(wall.b - wall.a);
        const Vec2 away = dot(side, middle - wall.a) < 0.0 ? -side : side;
        const Vec2 normal = normalized_or(dot(side, middle - wall.a) == 0.0 ? Vec2{} : away,
                                          normalized_or(-(motion_a + motion_b), Vec2{0.0, 1.0}));
        return Hit{0.0,    closest.point,
                   normal, Feature::SegmentInterior,
                   true,   dot(motion_a + motion_b, normal) > 0.0};
    }

    EarliestOfQueries earliest(trace);
    for (std::size_t i = 0; i < mover.vertices.size(); ++i) { // each vertex against the wall
        const int vertex = static_cast<int>(i);
        const auto hit = time_of_impact(mover.vertices[i], Vec2{}, relative, earliest.part());
        earliest.record("vertex " + std::to_string(vertex) + " / wall", true,
                        [&](TraceCandidate& c) { c.vertex = vertex; });
        if (!hit) continue;
        Hit h = *hit;
        h.vertex = vertex;
        h.point = mover.vertices[i] + displacement * h.t; // the vertex, where it is at t
        earliest.offer(h);
    }
    for (const auto& [end, end_motion, end_displacement, feature, name] :
         {std::tuple{wall.a, motion_a, obstacle.displacement_a, Feature::EndpointA, "wall end A"},
          std::tuple{wall.b, motion_b, obstacle.displacement_b, Feature::EndpointB,
                     "wall end B"}}) {
        for (std::size_t j = 0; j < mover.vertices.size(); ++j) { // each end against each edge
            const int edge_index = static_cast<int>(j);
            const auto hit = time_of_impact(end, end_motion, edge(mover, j), earliest.part());
            earliest.record(std::string(name) + " / edge " + std::to_string(edge_index), true,
                            [&](TraceCandidate& c) {
                                c.feature = feature;
                                c.edge = edge_index;
                            });
            if (!hit) continue;
            // The ray cast's normal points from the edge toward the end: turned, from the wall
            // toward the polygon. Closing speeds are the same seen from either side.
            earliest.offer(Hit{hit->t, end + end_displacement * hit->t, -hit->normal, feature,
                               hit->overlap, hit->approaching, -1, edge_index});
        }
    }
    return earliest.answer();
}

} // namespace ccd
