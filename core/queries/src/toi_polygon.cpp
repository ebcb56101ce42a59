#include "ccd/toi_polygon.hpp"

#include "ccd/closest_point.hpp"
#include "ccd/detail/earliest_of_queries.hpp"
#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/detail/input_scaling.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "rounded.hpp"
#include "segment_overlap.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

namespace ccd {
namespace {

using detail::EarliestOfQueries;

Segment edge(const Polygon& p, std::size_t i) {
    return {p.vertices[i], p.vertices[(i + 1) % p.vertices.size()]};
}

// The side of line ab that c is on: 1 (left), -1 or 0. Measured from the nearer of a and b
// (detail::offset_from_nearer_end): from a alone, a point a hair from b, its offset lost in
// c - a at the scale of |b - a|, was on the line (a wall's end starting inside a polygon by
// 2^-70 of its size, beside a vertex, was "on an edge" and never inside).
int orientation(Vec2 a, Vec2 b, Vec2 c) {
    const double v = detail::accurate_cross(b - a, detail::offset_from_nearer_end(c, {a, b}));
    return v > 0.0 ? 1 : v < 0.0 ? -1 : 0;
}

// The even-odd rule: a ray from q toward +x crosses an edge that spans q's height when q is on
// the left of the edge directed upward (the side of its line, as orientation decides it; a
// point on an edge's line is the caller's to exclude).
bool contains(const Polygon& p, Vec2 q) {
    bool inside = false;
    const std::size_t n = p.vertices.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Vec2 a = p.vertices[i], b = p.vertices[j];
        if ((a.y > q.y) == (b.y > q.y)) continue;
        const bool left = a.y > b.y ? orientation(b, a, q) > 0 : orientation(a, b, q) > 0;
        if (left) inside = !inside;
    }
    return inside;
}

// Each passes through the other's inside: a crossing at a point inside both (not at an end of
// either, not along each other).
// (The segments by value, here and in on_segment: GCC 12 at -O2 dropped the stores of an
// `edge(p, j)` temporary passed to these by reference, and they read an uninitialised stack
// slot: PolygonMovingWall and the World's polygon tests caught it, valgrind pointed at it.)
bool segments_cross(Segment s, Segment r) {
    return orientation(s.a, s.b, r.a) * orientation(s.a, s.b, r.b) < 0 &&
           orientation(r.a, r.b, s.a) * orientation(r.a, r.b, s.b) < 0;
}

bool on_segment(Vec2 q, Segment s) {
    return orientation(s.a, s.b, q) == 0 && std::min(s.a.x, s.b.x) <= q.x &&
           q.x <= std::max(s.a.x, s.b.x) && std::min(s.a.y, s.b.y) <= q.y &&
           q.y <= std::max(s.a.y, s.b.y);
}

// Inside and on no edge (the even-odd rule says nothing dependable about a point on an edge).
bool strictly_inside(const Polygon& p, Vec2 q) {
    for (std::size_t i = 0; i < p.vertices.size(); ++i)
        if (on_segment(q, edge(p, i))) return false;
    return contains(p, q);
}

// Twice the signed area: positive for a counter-clockwise polygon (its winding).
double twice_area(const Polygon& p) {
    double sum = 0.0;
    for (std::size_t k = 0; k < p.vertices.size(); ++k)
        sum += cross(p.vertices[k], p.vertices[(k + 1) % p.vertices.size()]);
    return sum;
}

// The unit normal of edge i pointing out of the polygon, by its winding (`area`: twice_area(p),
// worked out once by the caller); zero for an edge of no length or a polygon of no area.
Vec2 outward_normal(const Polygon& p, std::size_t i, double area) {
    const Segment e = edge(p, i);
    const Vec2 right = -perp(e.b - e.a); // the right-hand side of a -> b: out of a CCW polygon
    if (!(area != 0.0)) return {};
    return normalized_or(area > 0.0 ? right : -right, Vec2{});
}
Vec2 outward_normal(const Polygon& p, std::size_t i) {
    return outward_normal(p, i, twice_area(p));
}

// Out of the polygon at vertex i: between its two edges' outward normals.
Vec2 outward_at_vertex(const Polygon& p, std::size_t i) {
    const std::size_t before = (i + p.vertices.size() - 1) % p.vertices.size();
    const double area = twice_area(p);
    return normalized_or(outward_normal(p, before, area) + outward_normal(p, i, area), Vec2{});
}

// The edge to name for a vertex that met edge `j` of `with_edge` at one of its ends (`touched`,
// the point-segment query's feature): the corner there belongs to two edges, and the contact is
// the one of them whose outward normal is nearest its normal (`toward`: the normal turned to
// point out of `with_edge`). A box's corner meeting a tile's top corner head on along the floor
// (normal into the tile's side) names the tile's side, not its top, whichever was asked first;
// equally near (a corner met along its bisector), edge j.
int edge_at_corner(const Polygon& with_edge, int j, Feature touched, Vec2 toward) {
    if (touched != Feature::EndpointA && touched != Feature::EndpointB) return j;
    const std::size_t n = with_edge.vertices.size();
    const std::size_t other =
        touched == Feature::EndpointA ? (std::size_t(j) + n - 1) % n : (std::size_t(j) + 1) % n;
    const double area = twice_area(with_edge);
    return dot(outward_normal(with_edge, other, area), toward) >
                   dot(outward_normal(with_edge, std::size_t(j), area), toward)
               ? static_cast<int>(other)
               : j;
}

// A contact that a vertex-edge pair reports at t = 0 (a point exactly on the segment) has no
// side of its own: the point query takes the side the point came from, which a body that just
// bounced there has left. The side is the polygon's: `toward` is the way from the touched part
// toward the other body (an edge's outward normal, or its reverse); the normal keeps its line
// and takes that side. Zero `toward` (no area): the query's normal stays.
Vec2 side_of(Vec2 normal, Vec2 toward) {
    const double s = dot(normal, toward);
    return s < 0.0 ? -normal : s > 0.0 ? normal : (toward == Vec2{} ? normal : toward);
}

// The normal of a touch at t = 0 (from `other` toward `polygon`), when an edge's line
// separates the two: of the outward normals of both polygons' edges (and `extra_axes`, a wall's
// two normals), the one along which they are farthest apart, if that is no less than a
// rounding short of 0 (touching: 0). Among several touches at one instant (corners meeting,
// a side along a side) it picks the line the two lie on either side of, which no single
// vertex-edge pair can tell (a vertex at the end of an edge touches two edges). Nothing when no
// edge separates them (the candidate's own normal, side_of, is used then).
std::optional<Vec2> touching_normal(const Polygon& polygon, const Polygon& other,
                                    std::initializer_list<std::pair<Vec2, Vec2>> extra_axes = {}) {
    double scale = 1.0;
    for (const Polygon* p : {&polygon, &other})
        for (const Vec2 v : p->vertices)
            scale = std::fmax(scale, std::fmax(std::fabs(v.x), std::fabs(v.y)));
    double best = -INFINITY;
    Vec2 normal;
    // The separation of `points` beyond the line through `origin` with unit normal `n`.
    const auto consider = [&](const Polygon& points, Vec2 origin, Vec2 n, Vec2 result) {
        if (n == Vec2{}) return;
        double gap = INFINITY;
        for (const Vec2 v : points.vertices)
            gap = std::fmin(gap, dot(v - origin, n));
        if (gap > best) {
            best = gap;
            normal = result;
        }
    };
    const double other_area = twice_area(other), polygon_area = twice_area(polygon);
    for (std::size_t i = 0; i < other.vertices.size(); ++i) {
        const Vec2 n = outward_normal(other, i, other_area);
        consider(polygon, other.vertices[i], n, n);
    }
    for (std::size_t i = 0; i < polygon.vertices.size(); ++i) {
        const Vec2 n = outward_normal(polygon, i, polygon_area);
        consider(other, polygon.vertices[i], n, -n);
    }
    for (const auto& [origin, n] : extra_axes)
        consider(polygon, origin, n, n);
    if (!(best >= -0x1p-40 * scale)) return std::nullopt;
    return normal;
}

// Whether the insides of two polygons overlap at t = 0: an edge of one crosses an edge of the
// other, or a vertex or the middle of an edge of one is strictly inside the other (the middles
// catch polygons that overlap along edges on a common line). Touching alone (a vertex on an
// edge, edges along each other, corners meeting) is not an overlap: the vertex-edge candidates
// report it, at t = 0 with the separating line's normal (touching_normal), as the contact it
// is. A normal from the
// centroids, the only one an overlap has, would make a contact just processed look like a new
// one (a box bounced off a slab, touching it still, "approaching" along the centroids' line).
bool insides_overlap(const Polygon& a, const Polygon& b) {
    for (std::size_t i = 0; i < a.vertices.size(); ++i)
        for (std::size_t j = 0; j < b.vertices.size(); ++j)
            if (segments_cross(edge(a, i), edge(b, j))) return true;
    const auto some_point_inside = [](const Polygon& p, const Polygon& q) {
        for (std::size_t i = 0; i < p.vertices.size(); ++i) {
            const Segment e = edge(p, i);
            if (strictly_inside(q, e.a) || strictly_inside(q, (e.a + e.b) * 0.5)) return true;
        }
        return false;
    };
    return some_point_inside(a, b) || some_point_inside(b, a);
}

// How to bring the inputs into range (detail::input_rescale), from their largest and smallest
// nonzero magnitudes; `radius` is one more input.
detail::InputRescale rescale_of(std::initializer_list<Vec2> vectors,
                                std::initializer_list<const Polygon*> polygons,
                                double radius = 0.0) {
    double largest = 0.0, smallest = INFINITY;
    const auto grow = [&](double v) {
        const double magnitude = std::fabs(v);
        if (magnitude > largest) largest = magnitude;
        if (magnitude < smallest && magnitude > 0.0) smallest = magnitude;
    };
    grow(radius);
    for (Vec2 v : vectors) {
        grow(v.x);
        grow(v.y);
    }
    for (const Polygon* p : polygons)
        for (Vec2 v : p->vertices) {
            grow(v.x);
            grow(v.y);
        }
    return detail::input_rescale_for(largest, smallest);
}

Polygon scaled(const Polygon& p, const detail::InputRescale& k) {
    Polygon out = p;
    for (Vec2& v : out.vertices)
        v = k(v);
    out.radius = k(out.radius);
    return out;
}

// A rounded polygon's core: its vertices, no radius.
Polygon core_of(const Polygon& p) {
    return Polygon{p.vertices};
}

// Two polygons whose insides overlap at t = 0: the normal from the centroids is the only one.
Hit overlapping_polygons(const Polygon& mover, const Polygon& obstacle, Vec2 motion) {
    const Vec2 normal = normalized_or(vertex_centroid(mover) - vertex_centroid(obstacle),
                                      normalized_or(-motion, Vec2{0.0, 1.0}));
    Hit hit{0.0,  mover.vertices.front(),   normal, Feature::PolygonEdge,
            true, dot(motion, normal) < 0.0};
    hit.mover_vertex = 0;
    hit.obstacle_edge = 0;
    return hit;
}

// The parts of rounded shapes that touched, from a vertex's corner (a circle of the radii's sum
// about it) against an edge of the other (`edges` edges; `touched` the circle-segment query's
// feature): the edge's side (its band), or the corner at either end of it (a cap), whose vertex
// is then named with the other. `vertex_is_mover`: the vertex is the mover's.
template <class Parts>
void name_rounded_parts(Parts& parts, Feature touched, bool vertex_is_mover, int vertex, int edge,
                        std::size_t edges) {
    const int corner = touched == Feature::EndpointA   ? edge
                       : touched == Feature::EndpointB ? static_cast<int>((edge + 1) % edges)
                                                       : -1;
    if (vertex_is_mover) {
        parts.mover_vertex = vertex;
        parts.feature = corner >= 0 ? Feature::PolygonVertex : Feature::PolygonEdge;
        (corner >= 0 ? parts.obstacle_vertex : parts.obstacle_edge) = corner >= 0 ? corner : edge;
    } else {
        parts.obstacle_vertex = vertex;
        parts.feature = Feature::PolygonVertex;
        (corner >= 0 ? parts.mover_vertex : parts.mover_edge) = corner >= 0 ? corner : edge;
    }
}

// Two polygons with radii (their sum R > 0; docs/algorithms.md, "Rounded shapes"). Until the
// cores come within R the distance between them is the least distance of a vertex of one to an
// edge of the other, so the first contact is the earliest of every vertex, as a circle of radius
// R, against every edge of the other in relative motion: each the exact circle-segment query.
std::optional<Hit> rounded_polygons(const Polygon& mover, Vec2 displacement,
                                    const Polygon& obstacle, Vec2 obstacle_displacement,
                                    Trace* trace) {
    if (const auto k = rescale_of({displacement, obstacle_displacement}, {&mover, &obstacle},
                                  std::max(mover.radius, obstacle.radius));
        k.needed()) {
        auto hit = rounded_polygons(scaled(mover, k), k(displacement), scaled(obstacle, k),
                                    k(obstacle_displacement), trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    if (trace) trace->begin("polygon_polygon");
    if (mover.vertices.empty() || obstacle.vertices.empty()) return std::nullopt;
    const Vec2 motion = displacement - obstacle_displacement;
    if (insides_overlap(mover, obstacle)) {
        if (trace) trace->overlap_at_start = true;
        return overlapping_polygons(mover, obstacle, motion);
    }
    const double r = mover.radius + obstacle.radius;
    EarliestOfQueries earliest(trace);
    const auto consider = [&](bool mover_vertex, std::size_t i, std::size_t j) {
        const Polygon& with_vertex = mover_vertex ? mover : obstacle;
        const Polygon& with_edge = mover_vertex ? obstacle : mover;
        const Vec2 vertex = with_vertex.vertices[i];
        const int vi = static_cast<int>(i), ej = static_cast<int>(j);
        const std::size_t edges = with_edge.vertices.size();
        const auto hit = time_of_impact(Circle{vertex, r}, mover_vertex ? motion : -motion,
                                        edge(with_edge, j), earliest.part());
        earliest.record((mover_vertex ? "mover corner " : "obstacle corner ") + std::to_string(vi) +
                            (mover_vertex ? " / obstacle edge " : " / mover edge ") +
                            std::to_string(ej),
                        true, [&](TraceCandidate& c) {
                            name_rounded_parts(c, c.feature, mover_vertex, vi, ej, edges);
                        });
        if (!hit) return;
        // From the obstacle toward the mover; the point on the obstacle's rounded surface, where
        // the obstacle is at t.
        const Vec2 normal = mover_vertex ? hit->normal : -hit->normal;
        const Vec2 on_core = mover_vertex ? hit->point : vertex;
        Hit h{hit->t,       on_core + obstacle_displacement * hit->t + normal * obstacle.radius,
              normal,       Feature::PolygonEdge,
              hit->overlap, dot(motion, normal) < 0.0};
        name_rounded_parts(h, hit->feature, mover_vertex, vi, ej, edges);
        earliest.offer(h);
    };
    for (std::size_t i = 0; i < mover.vertices.size(); ++i)
        for (std::size_t j = 0; j < obstacle.vertices.size(); ++j)
            consider(true, i, j);
    for (std::size_t k = 0; k < obstacle.vertices.size(); ++k)
        for (std::size_t j = 0; j < mover.vertices.size(); ++j)
            consider(false, k, j);
    auto hit = earliest.answer();
    if (hit && hit->overlap && trace) trace->overlap_at_start = true;
    return hit;
}

} // namespace

std::optional<Hit> time_of_impact(const Polygon& mover, Vec2 displacement, const Polygon& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace) {
    if (mover.radius != 0.0 || obstacle.radius != 0.0)
        return rounded_polygons(mover, displacement, obstacle, obstacle_displacement, trace);
    if (const auto k = rescale_of({displacement, obstacle_displacement}, {&mover, &obstacle});
        k.needed()) {
        auto hit = time_of_impact(scaled(mover, k), k(displacement), scaled(obstacle, k),
                                  k(obstacle_displacement), trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    if (trace) trace->begin("polygon_polygon");
    if (mover.vertices.empty() || obstacle.vertices.empty()) return std::nullopt;
    const Vec2 motion = displacement - obstacle_displacement; // mover relative to obstacle

    if (insides_overlap(mover, obstacle)) {
        if (trace) trace->overlap_at_start = true;
        return overlapping_polygons(mover, obstacle, motion);
    }

    EarliestOfQueries earliest(trace);
    std::optional<Vec2> touch; // a touch's normal, worked out at the first (zero: none)
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
                            (mover_vertex ? c.mover_vertex : c.obstacle_vertex) = vertex_index;
                            (mover_vertex ? c.obstacle_edge : c.mover_edge) = edge_index;
                        });
        if (!hit) return;
        // In the relative frame the target is still; put the contact back in the world.
        const Vec2 world_vertex =
            vertex + (mover_vertex ? displacement : obstacle_displacement) * hit->t;
        Vec2 normal = mover_vertex ? hit->normal : -hit->normal;
        if (hit->overlap) { // touching at t = 0: the separating line's normal, if any
            if (!touch) touch = touching_normal(mover, obstacle).value_or(Vec2{});
            // else out of the obstacle, into the mover
            const Vec2 out = mover_vertex ? outward_normal(obstacle, std::size_t(edge_index))
                                          : -outward_normal(mover, std::size_t(edge_index));
            normal = *touch != Vec2{} ? *touch : side_of(normal, out);
        }
        Hit h{hit->t, world_vertex, normal, feature, hit->overlap, dot(motion, normal) < 0.0};
        (mover_vertex ? h.mover_vertex : h.obstacle_vertex) = vertex_index;
        (mover_vertex ? h.obstacle_edge : h.mover_edge) =
            edge_at_corner(mover_vertex ? obstacle : mover, edge_index, hit->feature,
                           mover_vertex ? normal : -normal);
        earliest.offer(h);
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
    if (const double r = obstacle.radius; r != 0.0) { // rounded: the circle grown by r, the core
        if (detail::sum_overflows(mover.radius, r))
            return detail::doubled(time_of_impact(Circle{mover.center * 0.5, mover.radius * 0.5},
                                                  displacement * 0.5, scaled(obstacle, {0.5}),
                                                  obstacle_displacement * 0.5, trace));
        return detail::on_rounded_surface(time_of_impact(Circle{mover.center, mover.radius + r},
                                                         displacement, core_of(obstacle),
                                                         obstacle_displacement, trace),
                                          r);
    }
    if (const auto k = rescale_of({mover.center, displacement, obstacle_displacement}, {&obstacle},
                                  mover.radius);
        k.needed()) {
        auto hit = time_of_impact(Circle{k(mover.center), k(mover.radius)}, k(displacement),
                                  scaled(obstacle, k), k(obstacle_displacement), trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
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
            c.feature = polygon_feature(c.feature, j, c.obstacle_vertex, c.obstacle_edge);
        });
        if (!hit) continue;
        Hit h = *hit;
        h.feature = polygon_feature(hit->feature, j, h.obstacle_vertex, h.obstacle_edge);
        if (h.overlap && h.point == mover.center) { // the center on the boundary: out of it
            h.normal =
                side_of(h.normal, h.obstacle_vertex >= 0
                                      ? outward_at_vertex(obstacle, std::size_t(h.obstacle_vertex))
                                      : outward_normal(obstacle, e));
            h.approaching = dot(motion, h.normal) < 0.0;
        }
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
            h.obstacle_edge = static_cast<int>(e);
        }
        h.normal = normalized_or(h.point - mover.center, normalized_or(-motion, Vec2{0.0, 1.0}));
        h.approaching = dot(motion, h.normal) < 0.0;
        earliest.answer(); // every root found is later than this overlap
        return h;
    }
    return earliest.answer();
}

namespace {

// A polygon against a wall whose insides overlap at t = 0 (insides_overlap, with the wall as a
// polygon of no inside): the wall's point nearest the polygon's middle, the wall's normal toward
// that middle. Touching is for the candidates, whose normals are the contact's.
std::optional<Hit> overlapping_wall(const Polygon& mover, const Segment& wall, Vec2 motion_a,
                                    Vec2 motion_b) {
    bool overlap = strictly_inside(mover, wall.a) || strictly_inside(mover, wall.b) ||
                   strictly_inside(mover, (wall.a + wall.b) * 0.5);
    for (std::size_t j = 0; j < mover.vertices.size() && !overlap; ++j)
        overlap = segments_cross(edge(mover, j), wall);
    if (!overlap) return std::nullopt;
    const Vec2 middle = vertex_centroid(mover);
    const ClosestPoint closest = closest_point_on_segment(middle, wall);
    const Vec2 side = perp(wall.b - wall.a);
    const Vec2 away = dot(side, middle - wall.a) < 0.0 ? -side : side;
    const Vec2 normal = normalized_or(dot(side, middle - wall.a) == 0.0 ? Vec2{} : away,
                                      normalized_or(-(motion_a + motion_b), Vec2{0.0, 1.0}));
    return Hit{0.0,    closest.point,
               normal, Feature::SegmentInterior,
               true,   dot(motion_a + motion_b, normal) > 0.0};
}

// The normal of a touch at t = 0 between a polygon and a wall: the separating line's normal
// (the wall's own, or an edge's), worked out once; without one, `normal` turned toward `into`.
class WallTouchNormal {
public:
    WallTouchNormal(const Polygon& mover, const Segment& wall) : mover_(mover), wall_(wall) {}
    Vec2 operator()(Vec2 normal, Vec2 into) {
        if (!touch_) {
            const Vec2 n = normalized_or(perp(wall_.b - wall_.a), Vec2{});
            touch_ =
                touching_normal(mover_, Polygon{{wall_.a, wall_.b}}, {{wall_.a, n}, {wall_.a, -n}})
                    .value_or(Vec2{});
        }
        return *touch_ != Vec2{} ? *touch_ : side_of(normal, into);
    }

private:
    const Polygon& mover_;
    const Segment& wall_;
    std::optional<Vec2> touch_;
};

// Each vertex of the polygon against the wall (`relative`: the wall in the polygon's frame).
void offer_vertices(const Polygon& mover, Vec2 displacement, const MovingSegment& obstacle,
                    const MovingSegment& relative, WallTouchNormal& touch_normal,
                    EarliestOfQueries& earliest) {
    for (std::size_t i = 0; i < mover.vertices.size(); ++i) {
        const int vertex = static_cast<int>(i);
        const auto hit = time_of_impact(mover.vertices[i], Vec2{}, relative, earliest.part());
        earliest.record("vertex " + std::to_string(vertex) + " / wall", true,
                        [&](TraceCandidate& c) { c.mover_vertex = vertex; });
        if (!hit) continue;
        Hit h = *hit;
        h.mover_vertex = vertex;
        h.point = mover.vertices[i] + displacement * h.t; // the vertex, where it is at t
        if (h.overlap) { // on the wall at t = 0: the polygon's side of it
            h.normal = touch_normal(h.normal, -outward_at_vertex(mover, i));
            h.approaching = dot(displacement - obstacle.velocity_at(h.point), h.normal) < 0.0;
        }
        earliest.offer(h);
    }
}

// One end of the wall (at `end`, moving by `end_displacement`, by `end_motion` in the polygon's
// frame) against each edge of the polygon.
void offer_wall_end(const Polygon& mover, Vec2 displacement, Vec2 end, Vec2 end_motion,
                    Vec2 end_displacement, Feature feature, const char* name,
                    WallTouchNormal& touch_normal, EarliestOfQueries& earliest) {
    for (std::size_t j = 0; j < mover.vertices.size(); ++j) {
        const int edge_index = static_cast<int>(j);
        const auto hit = time_of_impact(end, end_motion, edge(mover, j), earliest.part());
        earliest.record(std::string(name) + " / edge " + std::to_string(edge_index), true,
                        [&](TraceCandidate& c) {
                            c.feature = feature;
                            c.mover_edge = edge_index;
                        });
        if (!hit) continue;
        // The ray cast's normal points from the edge toward the end: turned, from the wall
        // toward the polygon. Closing speeds are the same seen from either side. On the edge at
        // t = 0: into the polygon, whatever way the end came.
        Vec2 normal = -hit->normal;
        bool approaching = hit->approaching;
        if (hit->overlap) {
            normal = touch_normal(normal, -outward_normal(mover, j));
            approaching = dot(displacement - end_displacement, normal) < 0.0;
        }
        Hit h{hit->t, end + end_displacement * hit->t, normal, feature, hit->overlap, approaching};
        h.mover_edge = edge_index;
        earliest.offer(h);
    }
}

// The polygon's part that a rounded wall's end touched (the circle-segment query's feature on
// edge j of n): the edge's side, or the corner at either end of it.
template <class Parts>
void name_polygon_part(Parts& parts, Feature touched, int j, std::size_t n) {
    if (touched == Feature::SegmentInterior)
        parts.mover_edge = j;
    else
        parts.mover_vertex =
            touched == Feature::EndpointA ? j : static_cast<int>((std::size_t(j) + 1) % n);
}

// A polygon against a wall, either or both with a radius (their sum r > 0): every corner of the
// polygon, a circle of radius r, against the moving wall (the circle query's quartic), and each
// end of the wall, a circle of radius r, against every edge (the circle-segment query), in the
// polygon's frame. Until the cores come within r their distance is the least of those pairs'.
std::optional<Hit> rounded_polygon_wall(const Polygon& mover, Vec2 displacement,
                                        const MovingSegment& obstacle, Trace* trace) {
    const Segment& start = obstacle.start;
    if (const auto k = rescale_of(
            {displacement, start.a, start.b, obstacle.displacement_a, obstacle.displacement_b},
            {&mover}, std::max(mover.radius, start.radius));
        k.needed()) {
        const MovingSegment wall{{k(start.a), k(start.b), k(start.radius)},
                                 k(obstacle.displacement_a),
                                 k(obstacle.displacement_b)};
        auto hit = rounded_polygon_wall(scaled(mover, k), k(displacement), wall, trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    if (trace) trace->begin("polygon_moving_segment");
    if (mover.vertices.empty()) return std::nullopt;
    const Segment wall{start.a, start.b};
    const Vec2 motion_a = obstacle.displacement_a - displacement;
    const Vec2 motion_b = obstacle.displacement_b - displacement;
    if (auto hit = overlapping_wall(mover, wall, motion_a, motion_b)) {
        if (trace) trace->overlap_at_start = true;
        return hit;
    }
    const double r = mover.radius + start.radius;
    const std::size_t n = mover.vertices.size();
    EarliestOfQueries earliest(trace);
    for (std::size_t i = 0; i < n; ++i) { // each corner against the wall (side or end's cap)
        const int vertex = static_cast<int>(i);
        const auto hit = time_of_impact(Circle{mover.vertices[i], r}, Vec2{},
                                        MovingSegment{wall, motion_a, motion_b}, earliest.part());
        earliest.record("corner " + std::to_string(vertex) + " / wall", true,
                        [&](TraceCandidate& c) { c.mover_vertex = vertex; });
        if (!hit) continue;
        Hit h = *hit;
        h.mover_vertex = vertex;
        h.point += displacement * h.t + h.normal * start.radius; // the wall's surface, at t
        earliest.offer(h);
    }
    for (const auto& [end, end_motion, end_displacement, feature] :
         {std::tuple{wall.a, motion_a, obstacle.displacement_a, Feature::EndpointA},
          std::tuple{wall.b, motion_b, obstacle.displacement_b, Feature::EndpointB}})
        for (std::size_t j = 0; j < n; ++j) { // each end's cap against each edge (side or corner)
            const int e = static_cast<int>(j);
            const auto hit =
                time_of_impact(Circle{end, r}, end_motion, edge(mover, j), earliest.part());
            earliest.record(
                std::string(feature == Feature::EndpointA ? "wall end A" : "wall end B") +
                    " / edge " + std::to_string(e),
                true, [&, f = feature](TraceCandidate& c) {
                    name_polygon_part(c, c.feature, e, n);
                    c.feature = f;
                });
            if (!hit) continue;
            const Vec2 normal = -hit->normal; // from the wall toward the polygon
            Hit h{hit->t,       end + end_displacement * hit->t + normal * start.radius,
                  normal,       feature,
                  hit->overlap, hit->approaching};
            name_polygon_part(h, hit->feature, e, n);
            earliest.offer(h);
        }
    auto hit = earliest.answer();
    if (hit && hit->overlap && trace) trace->overlap_at_start = true;
    return hit;
}

} // namespace

std::optional<Hit> time_of_impact(const Polygon& mover, Vec2 displacement,
                                  const MovingSegment& obstacle, Trace* trace) {
    if (mover.radius != 0.0 || obstacle.start.radius != 0.0)
        return rounded_polygon_wall(mover, displacement, obstacle, trace);
    if (const auto k = rescale_of({displacement, obstacle.start.a, obstacle.start.b,
                                   obstacle.displacement_a, obstacle.displacement_b},
                                  {&mover});
        k.needed()) {
        const MovingSegment wall{{k(obstacle.start.a), k(obstacle.start.b)},
                                 k(obstacle.displacement_a),
                                 k(obstacle.displacement_b)};
        auto hit = time_of_impact(scaled(mover, k), k(displacement), wall, trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    if (trace) trace->begin("polygon_moving_segment");
    if (mover.vertices.empty()) return std::nullopt;
    const Segment& wall = obstacle.start;
    // In the polygon's frame: the polygon still, each end of the wall moving by its own
    // displacement less the polygon's.
    const Vec2 motion_a = obstacle.displacement_a - displacement;
    const Vec2 motion_b = obstacle.displacement_b - displacement;
    if (auto hit = overlapping_wall(mover, wall, motion_a, motion_b)) {
        if (trace) trace->overlap_at_start = true;
        return hit;
    }
    EarliestOfQueries earliest(trace);
    WallTouchNormal touch_normal(mover, wall);
    offer_vertices(mover, displacement, obstacle, MovingSegment{wall, motion_a, motion_b},
                   touch_normal, earliest);
    offer_wall_end(mover, displacement, wall.a, motion_a, obstacle.displacement_a,
                   Feature::EndpointA, "wall end A", touch_normal, earliest);
    offer_wall_end(mover, displacement, wall.b, motion_b, obstacle.displacement_b,
                   Feature::EndpointB, "wall end B", touch_normal, earliest);
    return earliest.answer();
}

} // namespace ccd
