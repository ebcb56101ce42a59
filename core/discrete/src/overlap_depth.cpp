#include "ccd/overlap_depth.hpp"

#include "ccd/closest_point.hpp"
#include "ccd/contact.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

namespace ccd {
namespace {

constexpr Vec2 kUp{0.0, 1.0};

// A circle's (a point's, radius 0) depth against what find_contact knows.
template <typename Obstacle>
std::optional<OverlapDepth> circle_depth(const Circle& disk, const Obstacle& obstacle) {
    const std::optional<Contact> contact = find_contact(disk, obstacle);
    if (!contact) return std::nullopt;
    return OverlapDepth{contact->depth, contact->normal,
                        disk.center - contact->normal * disk.radius};
}

// Whether p is inside the polygon (even-odd rule: a ray toward +x crosses its edges an odd
// number of times). A point on an edge may count either way; the caller measures it as on.
bool inside(Vec2 p, std::span<const Vec2> vertices) {
    bool in = false;
    const std::size_t n = vertices.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Vec2 a = vertices[j], b = vertices[i];
        if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x))
            in = !in;
    }
    return in;
}

// A circle against any simple polygon: out through the nearest point of its boundary.
std::optional<OverlapDepth> circle_polygon_depth(const Circle& disk, const Polygon& polygon) {
    const std::vector<Vec2>& v = polygon.vertices;
    double nearest_distance = std::numeric_limits<double>::infinity();
    Vec2 nearest;
    Segment nearest_edge;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const Segment edge{v[i], v[(i + 1) % v.size()]};
        const Vec2 q = closest_point_on_segment(disk.center, edge).point;
        const double d = length(disk.center - q);
        if (d < nearest_distance) {
            nearest_distance = d;
            nearest = q;
            nearest_edge = edge;
        }
    }
    const bool in = inside(disk.center, v);
    if (!in && nearest_distance > disk.radius) return std::nullopt;
    // Out: from the center toward the boundary when inside, away from it when outside; a
    // center on the boundary goes along the edge's normal away from the inside.
    Vec2 normal = in ? nearest - disk.center : disk.center - nearest;
    if (nearest_distance == 0.0) {
        const Vec2 left = normalized_or(perp(nearest_edge.b - nearest_edge.a), kUp);
        const Vec2 probe =
            nearest + left * (1e-9 * (1.0 + length(nearest_edge.b - nearest_edge.a)));
        normal = inside(probe, v) ? left * -1.0 : left;
    }
    normal = normalized_or(normal, kUp);
    const double depth = in ? disk.radius + nearest_distance : disk.radius - nearest_distance;
    return OverlapDepth{depth, normal, disk.center - normal * disk.radius};
}

struct Extent {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
};

Extent project(std::span<const Vec2> points, Vec2 axis) {
    Extent e;
    for (const Vec2 p : points) {
        const double x = dot(p, axis);
        e.lo = std::min(e.lo, x);
        e.hi = std::max(e.hi, x);
    }
    return e;
}

// The separating axis theorem for two convex point sets (a polygon's vertices, a segment's
// ends): over the unit normal of every edge of each (`closed`: a polygon, whose last vertex
// joins the first; a segment has one edge), the smaller of the two moves that separate the
// projections; the least of them all.
std::optional<OverlapDepth> separating_axis_depth(std::span<const Vec2> mover, bool mover_closed,
                                                  std::span<const Vec2> obstacle,
                                                  bool obstacle_closed) {
    std::optional<OverlapDepth> best;
    const auto try_axes = [&](std::span<const Vec2> shape, bool closed) {
        const std::size_t edges = closed ? shape.size() : shape.size() - 1;
        for (std::size_t i = 0; i < edges; ++i) {
            const Vec2 edge = shape[(i + 1) % shape.size()] - shape[i];
            if (edge == Vec2{}) continue;
            const Vec2 axis = normalized_or(perp(edge), kUp);
            const Extent m = project(mover, axis), o = project(obstacle, axis);
            const double forward = o.hi - m.lo;                // moving the mover along +axis
            const double backward = m.hi - o.lo;               // along -axis
            if (forward < 0.0 || backward < 0.0) return false; // a separating axis
            const double depth = std::min(forward, backward);
            if (!best || depth < best->depth)
                best = OverlapDepth{depth, forward <= backward ? axis : axis * -1.0, {}};
        }
        return true;
    };
    if (!try_axes(mover, mover_closed) || !try_axes(obstacle, obstacle_closed) || !best)
        return std::nullopt;
    // The mover's deepest point: its point farthest along -normal.
    double deepest = std::numeric_limits<double>::infinity();
    for (const Vec2 p : mover)
        if (dot(p, best->normal) < deepest) {
            deepest = dot(p, best->normal);
            best->point = p;
        }
    return best;
}

std::optional<OverlapDepth> swapped(std::optional<OverlapDepth> d) {
    if (!d) return d;
    // The obstacle's deepest point moved back out is the mover's deepest point.
    d->point = d->point + d->normal * d->depth;
    d->normal = d->normal * -1.0;
    return d;
}

std::optional<OverlapDepth> polygon_depth(const Polygon& mover, const Shape& obstacle) {
    if (!is_convex(mover)) return std::nullopt;
    if (const auto* p = std::get_if<Polygon>(&obstacle))
        return is_convex(*p) ? separating_axis_depth(mover.vertices, true, p->vertices, true)
                             : std::nullopt;
    if (const auto* s = std::get_if<Segment>(&obstacle)) {
        const std::array<Vec2, 2> ends{s->a, s->b};
        return separating_axis_depth(mover.vertices, true, ends, false);
    }
    if (const auto* c = std::get_if<Circle>(&obstacle))
        return swapped(circle_polygon_depth(*c, mover));
    const Vec2 q = std::get<Point>(obstacle).position;
    return swapped(circle_polygon_depth(Circle{q, 0.0}, mover));
}

} // namespace

std::optional<OverlapDepth> overlap_depth(const Shape& mover, const Shape& obstacle) {
    if (std::holds_alternative<Polygon>(mover))
        return polygon_depth(std::get<Polygon>(mover), obstacle);
    if (std::holds_alternative<Segment>(mover)) {
        if (std::holds_alternative<Segment>(obstacle)) return std::nullopt;
        return swapped(overlap_depth(obstacle, mover));
    }
    const Circle disk = std::holds_alternative<Circle>(mover)
                            ? std::get<Circle>(mover)
                            : Circle{std::get<Point>(mover).position, 0.0};
    if (const auto* c = std::get_if<Circle>(&obstacle)) return circle_depth(disk, *c);
    if (const auto* p = std::get_if<Point>(&obstacle)) return circle_depth(disk, p->position);
    if (const auto* s = std::get_if<Segment>(&obstacle)) return circle_depth(disk, *s);
    return circle_polygon_depth(disk, std::get<Polygon>(obstacle));
}

} // namespace ccd
