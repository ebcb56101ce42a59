#include "ccd/toi_polygon.hpp"

#include "ccd/toi_circle_segment.hpp"
#include "exact_arithmetic.hpp"
#include "input_scaling.hpp"

#include <algorithm>
#include <cmath>
#include <string>

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

} // namespace

std::optional<Hit> time_of_impact(const Polygon& mover, Vec2 displacement, const Polygon& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace) {
    double largest = std::fmax(
        std::fmax(std::fabs(displacement.x), std::fabs(displacement.y)),
        std::fmax(std::fabs(obstacle_displacement.x), std::fabs(obstacle_displacement.y)));
    for (const Polygon* p : {&mover, &obstacle})
        for (Vec2 v : p->vertices)
            largest = std::fmax(largest, std::fmax(std::fabs(v.x), std::fabs(v.y)));
    if (const double k = detail::scale_for_largest(largest); k != 1.0) {
        Polygon scaled_mover = mover, scaled_obstacle = obstacle;
        for (Vec2& v : scaled_mover.vertices)
            v *= k;
        for (Vec2& v : scaled_obstacle.vertices)
            v *= k;
        auto hit = time_of_impact(scaled_mover, displacement * k, scaled_obstacle,
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

    std::optional<Hit> best;
    std::size_t best_first = 0, best_last = 0; // the best pair's trace candidates
    Trace pair_trace;
    const auto consider = [&](Vec2 vertex, Vec2 vertex_motion, const Segment& target,
                              bool mover_vertex, int vertex_index, int edge_index) {
        const std::size_t first = trace ? trace->candidates.size() : 0;
        auto hit = time_of_impact(vertex, vertex_motion, target, trace ? &pair_trace : nullptr);
        if (trace) {
            for (TraceCandidate& c : pair_trace.candidates) {
                c.name = (mover_vertex ? "mover vertex " : "obstacle vertex ") +
                         std::to_string(vertex_index) +
                         (mover_vertex ? " / obstacle edge " : " / mover edge ") +
                         std::to_string(edge_index);
                c.feature = mover_vertex ? Feature::PolygonEdge : Feature::PolygonVertex;
                c.vertex = vertex_index;
                c.edge = edge_index;
                trace->candidates.push_back(std::move(c));
            }
        }
        if (!hit || (best && best->t <= hit->t)) return;
        // In the relative frame the target is still; put the contact back in the world.
        const Vec2 world_vertex =
            vertex + (mover_vertex ? displacement : obstacle_displacement) * hit->t;
        const Vec2 normal = mover_vertex ? hit->normal : -hit->normal;
        best = Hit{hit->t,       world_vertex,
                   normal,       mover_vertex ? Feature::PolygonEdge : Feature::PolygonVertex,
                   false,        dot(motion, normal) < 0.0,
                   vertex_index, edge_index};
        best_first = first;
        best_last = trace ? trace->candidates.size() : 0;
    };
    for (std::size_t i = 0; i < mover.vertices.size(); ++i)
        for (std::size_t j = 0; j < obstacle.vertices.size(); ++j)
            consider(mover.vertices[i], motion, edge(obstacle, j), true, static_cast<int>(i),
                     static_cast<int>(j));
    for (std::size_t k = 0; k < obstacle.vertices.size(); ++k)
        for (std::size_t j = 0; j < mover.vertices.size(); ++j)
            consider(obstacle.vertices[k], -motion, edge(mover, j), false, static_cast<int>(k),
                     static_cast<int>(j));

    if (trace) {
        for (std::size_t c = 0; c < trace->candidates.size(); ++c)
            for (TraceRoot& root : trace->candidates[c].roots)
                if (root.verdict == RootVerdict::Taken &&
                    (c < best_first || c >= best_last || !best))
                    root.verdict = RootVerdict::LaterThanBest;
    }
    return best;
}

} // namespace ccd
