#include "ccd/chain_edge.hpp"

#include "ccd/detail/exact_arithmetic.hpp"

#include <cstddef>

namespace ccd {
namespace {

Vec2 unit(Vec2 from, Vec2 to) {
    return normalized_or(to - from, Vec2{});
}

// The front normal of the edge from `a` to `b`: its direction turned clockwise.
Vec2 right_of(Vec2 a, Vec2 b) {
    const Vec2 d = unit(a, b);
    return {d.y, -d.x};
}

// Whether `normal` lies in the cone of the joint where the edge along `in` (unit) meets the edge
// along `out` (unit). Convex or straight (the chain turns left or goes on: Box2D's
// b2Cross(edge0, edge1) >= 0): between the two front normals, that is not against `in`'s
// direction and not along `out`'s. Concave: in front of both edges.
bool in_joint_cone(Vec2 in, Vec2 out, Vec2 normal) {
    if (cross(in, out) >= 0.0)
        return dot(normal, in) >= -kChainConeTolerance && dot(normal, out) <= kChainConeTolerance;
    const Vec2 front_in{in.y, -in.x}, front_out{out.y, -out.x};
    return dot(normal, front_in) >= -kChainConeTolerance &&
           dot(normal, front_out) >= -kChainConeTolerance;
}

} // namespace

std::vector<ChainEdge> chain_edges(std::span<const Vec2> points, bool loop) {
    const std::size_t n = points.size();
    std::vector<ChainEdge> edges;
    if (n < 2 || (loop && n < 3)) return edges;
    const std::size_t count = loop ? n : n - 1;
    const auto at = [&](std::size_t k) { return points[k % n]; };
    for (std::size_t k = 0; k < count; ++k) {
        const Vec2 a = at(k), b = at(k + 1);
        Vec2 before, after;
        if (loop || k > 0) {
            before = at(k + n - 1);
        } else { // a free end: a convex right angle, the front quarter of the cap
            before = a - right_of(a, b) * length(b - a);
        }
        if (loop || k + 2 < n) {
            after = at(k + 2);
        } else {
            after = b - right_of(a, b) * length(b - a);
        }
        edges.push_back({before, a, b, after});
    }
    return edges;
}

Vec2 front_normal(const ChainEdge& edge) {
    return right_of(edge.a, edge.b);
}

bool chain_admits(const ChainEdge& edge, Feature feature, Vec2 normal, Vec2 center) {
    // (a) Not behind the line: the center is on the right of a -> b, or on the line.
    if (detail::accurate_cross(edge.b - edge.a, center - edge.a) > 0.0) return false;
    // (b) The normal in the touched feature's cone.
    const Vec2 along = unit(edge.a, edge.b);
    if (feature == Feature::EndpointA)
        return in_joint_cone(unit(edge.before, edge.a), along, normal);
    if (feature == Feature::EndpointB)
        return in_joint_cone(along, unit(edge.b, edge.after), normal);
    return dot(normal, front_normal(edge)) > 0.0;
}

} // namespace ccd
