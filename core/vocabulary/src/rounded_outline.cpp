#include "ccd/rounded_outline.hpp"

#include <cmath>
#include <cstddef>
#include <numbers>

namespace ccd {
namespace {

// `count` + 1 points on the arc of radius r about c, from the unit direction `from` turning by
// `sweep` radians (counter-clockwise when positive).
void arc(std::vector<Vec2>& out, Vec2 c, double r, Vec2 from, double sweep, int count) {
    for (int k = 0; k <= count; ++k) {
        const double a = sweep * k / count;
        const double s = std::sin(a), co = std::cos(a);
        out.push_back(c + Vec2{co * from.x - s * from.y, s * from.x + co * from.y} * r);
    }
}

double twice_signed_area(const std::vector<Vec2>& v) {
    double sum = 0.0;
    for (std::size_t k = 0; k < v.size(); ++k)
        sum += cross(v[k], v[(k + 1) % v.size()]);
    return sum;
}

} // namespace

std::vector<Vec2> rounded_outline(const Polygon& polygon, int arc_points) {
    const std::vector<Vec2>& v = polygon.vertices;
    const double r = polygon.radius;
    if (!(r > 0.0) || v.size() < 3) return v;
    const int count = arc_points < 1 ? 1 : arc_points;
    const double winding = twice_signed_area(v) >= 0.0 ? 1.0 : -1.0; // counter-clockwise: 1
    const std::size_t n = v.size();
    // Edge k's outward unit normal (the right of a counter-clockwise edge).
    const auto outward = [&](std::size_t k) {
        const Vec2 d = v[(k + 1) % n] - v[k];
        return normalized_or(Vec2{d.y, -d.x} * winding, Vec2{});
    };
    std::vector<Vec2> out;
    for (std::size_t k = 0; k < n; ++k) {
        const Vec2 before = outward((k + n - 1) % n), after = outward(k);
        const double turn = std::atan2(cross(before, after), dot(before, after)); // signed
        if (turn * winding >= 0.0 || before == Vec2{} || after == Vec2{}) {       // convex: an arc
            arc(out, v[k], r, before == Vec2{} ? after : before, turn, count);
        } else { // reflex: where the two sides moved out meet
            out.push_back(v[k] + (before + after) * (r / (1.0 + dot(before, after))));
        }
    }
    return out;
}

std::vector<Vec2> rounded_outline(const Segment& segment, int arc_points) {
    const double r = segment.radius;
    if (!(r > 0.0)) return {segment.a, segment.b};
    const int count = 2 * (arc_points < 1 ? 1 : arc_points);
    const Vec2 u = normalized_or(segment.b - segment.a, Vec2{1.0, 0.0});
    const Vec2 left = perp(u);
    std::vector<Vec2> out;
    arc(out, segment.b, r, -left, std::numbers::pi,
        count); // about b: from its right side round to its left
    arc(out, segment.a, r, left, std::numbers::pi,
        count); // about a: from its left side round to its right
    return out;
}

} // namespace ccd
