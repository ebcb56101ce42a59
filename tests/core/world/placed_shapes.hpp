#pragma once
// Bodies where they are, and what the soaks check of them by plain geometry, independently of
// the World's queries: how deep two overlap (the separating-axis separation of two convex
// polygons, a ball's distance to a polygon's boundary, two balls' distance) and how far one
// reaches out of an axis-aligned box.

#include "ccd/world.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <span>
#include <vector>

namespace ccd_test {

// A ball (no vertices) or a convex counter-clockwise polygon, placed.
struct Placed {
    ccd::Vec2 center;
    double radius = 0.0;                  // a ball's
    std::vector<ccd::Vec2> vertices = {}; // a polygon's, where it is
};

// Body `index` of `world` at its current time.
inline Placed placed(const ccd::World& world, int index) {
    const ccd::WorldBody b = world.body(index);
    const std::span<const ccd::Vec2> outline = world.outline(index);
    Placed out{b.shape.center, outline.empty() ? b.shape.radius : 0.0};
    const double c = std::cos(b.angle), s = std::sin(b.angle);
    for (const ccd::Vec2 r : outline)
        out.vertices.push_back(b.shape.center + ccd::Vec2{c * r.x - s * r.y, s * r.x + c * r.y});
    return out;
}

// The separating-axis separation of two convex counter-clockwise polygons: the largest, over
// every edge of either, of the other's vertices' least distance out of it; below 0 by the depth
// of their overlap.
inline double separation(const Placed& p, const Placed& q) {
    double best = -1e300;
    for (int pass = 0; pass < 2; ++pass) {
        const Placed& a = pass == 0 ? p : q;
        const Placed& b = pass == 0 ? q : p;
        for (std::size_t i = 0; i < a.vertices.size(); ++i) {
            const ccd::Vec2 u = a.vertices[i], v = a.vertices[(i + 1) % a.vertices.size()];
            const ccd::Vec2 e = v - u;
            const ccd::Vec2 outward = ccd::Vec2{e.y, -e.x} * (1.0 / std::sqrt(ccd::dot(e, e)));
            double nearest = 1e300;
            for (const ccd::Vec2 x : b.vertices)
                nearest = std::min(nearest, ccd::dot(x - u, outward));
            best = std::max(best, nearest);
        }
    }
    return best;
}

// The distance from `c` to the polygon's boundary, negative inside.
inline double signed_distance(const Placed& p, ccd::Vec2 c) {
    double inside = -1e300, nearest = 1e300;
    for (std::size_t i = 0; i < p.vertices.size(); ++i) {
        const ccd::Vec2 u = p.vertices[i], v = p.vertices[(i + 1) % p.vertices.size()];
        const ccd::Vec2 e = v - u;
        const double length2 = ccd::dot(e, e);
        const ccd::Vec2 outward = ccd::Vec2{e.y, -e.x} * (1.0 / std::sqrt(length2));
        inside = std::max(inside, ccd::dot(c - u, outward));
        const double s = std::clamp(ccd::dot(c - u, e) / length2, 0.0, 1.0);
        nearest = std::min(nearest, ccd::length(c - (u + e * s)));
    }
    return inside > 0.0 ? nearest : inside;
}

// How far apart two placed bodies are: below 0 by the depth of their overlap. (Between two
// polygons the separating-axis separation: 0 exactly when they touch, negative exactly when
// they overlap.)
inline double gap(const Placed& a, const Placed& b) {
    if (a.vertices.empty() && b.vertices.empty())
        return ccd::length(a.center - b.center) - a.radius - b.radius;
    if (a.vertices.empty()) return signed_distance(b, a.center) - a.radius;
    if (b.vertices.empty()) return signed_distance(a, b.center) - b.radius;
    return separation(a, b);
}

// How far the body reaches beyond the box [-half, half]^2 (its farthest vertex, or its disc),
// negative while inside.
inline double beyond_box(const Placed& p, double half) {
    if (p.vertices.empty())
        return std::max(std::fabs(p.center.x), std::fabs(p.center.y)) + p.radius - half;
    double farthest = -1e300;
    for (const ccd::Vec2 v : p.vertices)
        farthest = std::max(farthest, std::max(std::fabs(v.x), std::fabs(v.y)) - half);
    return farthest;
}

// The deepest overlap among the bodies (0 if none overlaps), by a sweep along x over circles
// about their centers that hold them (`reach`: the largest such radius).
inline double deepest_overlap(const std::vector<Placed>& bodies, double reach) {
    std::vector<std::size_t> order(bodies.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return bodies[a].center.x < bodies[b].center.x;
    });
    double deepest = 0.0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const Placed& a = bodies[order[i]];
        for (std::size_t j = i + 1;
             j < order.size() && bodies[order[j]].center.x - a.center.x <= 2.0 * reach; ++j) {
            const Placed& b = bodies[order[j]];
            if (std::fabs(b.center.y - a.center.y) > 2.0 * reach) continue;
            deepest = std::max(deepest, -gap(a, b));
        }
    }
    return deepest;
}

} // namespace ccd_test
