#include "run_geometry.hpp"

#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/mass_properties.hpp"
#include "ccd/sin_cos.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ccd::engine {
namespace {

Vec2 rotated(Vec2 v, double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    return {c * v.x - s * v.y, s * v.x + c * v.y};
}

// The shape's extent along the unit `axis`.
std::pair<double, double> projection(const Placed& shape, Vec2 axis) {
    if (shape.vertices.empty()) {
        const double c = dot(shape.center, axis);
        return {c - shape.radius, c + shape.radius};
    }
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const Vec2 v : shape.vertices) {
        lo = std::min(lo, dot(v, axis));
        hi = std::max(hi, dot(v, axis));
    }
    return {lo - shape.radius, hi + shape.radius};
}

// The axes on which two convex shapes are parted if at all: every edge's normal, and from a
// circle's center toward the other's nearest vertex (or center).
std::vector<Vec2> separating_axes(const Placed& a, const Placed& b) {
    std::vector<Vec2> axes;
    for (const Placed* shape : {&a, &b}) {
        const auto& v = shape->vertices;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const Vec2 edge = v[(i + 1) % v.size()] - v[i];
            if (length_squared(edge) > 0.0) axes.push_back(perp(edge) * (1.0 / length(edge)));
        }
    }
    for (const auto& [circle, other] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        if (!circle->vertices.empty()) continue;
        Vec2 nearest = other->center;
        double best = std::numeric_limits<double>::infinity();
        for (const Vec2 v : other->vertices)
            if (length_squared(v - circle->center) < best) {
                best = length_squared(v - circle->center);
                nearest = v;
            }
        const Vec2 d = nearest - circle->center;
        if (length_squared(d) > 0.0) axes.push_back(d * (1.0 / length(d)));
    }
    return axes;
}

} // namespace

Placed placed_body(const Scene& scene, int index, const BodyState& state) {
    const auto bodies = static_cast<int>(scene.bodies.size());
    if (index < bodies) {
        const Body& body = scene.bodies[static_cast<std::size_t>(index)];
        return {state.position, body.shape == BodyShape::Point ? 0.0 : body.circle.radius, {}};
    }
    const PolygonBody& polygon = scene.polygons[static_cast<std::size_t>(index - bodies)];
    const Polygon start = polygon.at_start();
    const Vec2 center =
        polygon.free_rotation() ? mass_properties(start).centroid : vertex_centroid(start);
    Placed out{state.position, 0.0, {}};
    for (const Vec2 v : start.vertices)
        out.vertices.push_back(state.position + rotated(v - center, state.angle));
    return out;
}

Segment wall_at(const Wall& wall, int frame) {
    if (wall.turns()) {
        const double angle = turned_angle(frame, wall.angle);
        return {*wall.pivot + rotated(wall.segment.a - *wall.pivot, angle),
                *wall.pivot + rotated(wall.segment.b - *wall.pivot, angle)};
    }
    return {wall.segment.a + wall.displacement_a * frame,
            wall.segment.b + wall.displacement_b * frame};
}

Placed placed_wall(const Segment& segment) {
    return {(segment.a + segment.b) * 0.5, 0.0, {segment.a, segment.b}};
}

std::vector<SceneChainEdge> scene_chain_edges(const Scene& scene) {
    std::vector<SceneChainEdge> out;
    for (const Chain& chain : scene.chains) {
        const std::vector<ChainEdge> edges = chain_edges(chain.points, chain.loop);
        for (std::size_t k = 0; k < edges.size(); ++k)
            out.push_back({chain_edge_name(chain, k), edges[k]});
    }
    return out;
}

bool behind(const ChainEdge& edge, Vec2 center) {
    return detail::accurate_cross(edge.b - edge.a, center - edge.a) > 0.0;
}

double overlap_depth(const Placed& a, const Placed& b) {
    double depth = std::numeric_limits<double>::infinity();
    for (const Vec2 axis : separating_axes(a, b)) {
        const auto [a_lo, a_hi] = projection(a, axis);
        const auto [b_lo, b_hi] = projection(b, axis);
        depth = std::min(depth, std::min(a_hi - b_lo, b_hi - a_lo));
        if (depth <= 0.0) return 0.0;
    }
    return std::isfinite(depth) ? depth : 0.0;
}

double width_along(const Placed& shape, Vec2 direction) {
    const auto [lo, hi] = projection(shape, direction);
    return hi - lo;
}

double reach(const Placed& shape) {
    double r = shape.radius;
    for (const Vec2 v : shape.vertices)
        r = std::max(r, length(v - shape.center) + shape.radius);
    return r;
}

double half_thickness(const Placed& shape) {
    if (shape.vertices.size() < 3) return shape.radius;
    double thinnest = std::numeric_limits<double>::infinity();
    for (const Vec2 axis : separating_axes(shape, shape))
        thinnest = std::min(thinnest, width_along(shape, axis));
    return 0.5 * thinnest;
}

bool crossed_wall(Vec2 from, Vec2 to, const Segment& wall0, const Segment& wall1, double margin,
                  Vec2& place) {
    const auto local = [](Vec2 p, const Segment& wall) {
        const Vec2 d = wall.b - wall.a;
        const double l = length(d);
        const Vec2 u = l > 0.0 ? d * (1.0 / l) : Vec2{1.0, 0.0};
        return Vec2{dot(p - wall.a, u), cross(u, p - wall.a)};
    };
    const Vec2 p0 = local(from, wall0), p1 = local(to, wall1);
    if (!(p0.y * p1.y < 0.0)) return false;
    const double s = p0.y / (p0.y - p1.y);
    const double x = p0.x + (p1.x - p0.x) * s;
    const double l = length(wall0.b - wall0.a);
    if (x < -margin || x > l + margin) return false;
    const Vec2 u = l > 0.0 ? (wall0.b - wall0.a) * (1.0 / l) : Vec2{1.0, 0.0};
    place = wall0.a + u * std::clamp(x, 0.0, l);
    return true;
}

bool crossed_body(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1, double reach, Vec2& place) {
    const Vec2 d0 = b0 - a0, d1 = b1 - a1, motion = (a1 - a0) - (b1 - b0);
    if (!(length_squared(motion) > 0.0)) return false;
    if (!(dot(d0, motion) > 0.0 && dot(d1, motion) < 0.0)) return false;
    const double s = std::clamp(dot(d0, motion) / length_squared(motion), 0.0, 1.0);
    const Vec2 closest = d0 - motion * s;
    if (!(length(closest) < reach)) return false;
    place = ((a0 + (a1 - a0) * s) + (b0 + (b1 - b0) * s)) * 0.5;
    return true;
}

} // namespace ccd::engine
