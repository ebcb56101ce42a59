#include "ccd/path_position.hpp"

#include "ccd/sin_cos.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace ccd {
namespace {

// The two vertices around t and how far t is from the first to the second (0 to 1); the
// first vertex twice before the path, the last twice after it.
struct Place {
    std::size_t from = 0;
    std::size_t to = 0;
    double fraction = 0.0;
};

template <class Point>
Place place_of(const std::vector<Point>& points, double t) {
    if (t <= points.front().time) return {};
    for (std::size_t i = 1; i < points.size(); ++i) {
        if (t <= points[i].time) {
            const double span = points[i].time - points[i - 1].time;
            return {i - 1, i, span > 0.0 ? (t - points[i - 1].time) / span : 1.0};
        }
    }
    return {points.size() - 1, points.size() - 1, 0.0};
}

Vec2 between(Vec2 a, Vec2 b, double fraction) {
    return a + (b - a) * fraction;
}

// The place on the piece from vertex `a` to vertex `b` at `fraction` of it: the chord's point,
// and under an acceleration the parabola through both vertices with it, x(t) = the chord's point
// + a (t - t_a)(t - t_b) / 2 (which is x_a at t_a, x_b at t_b and has the second derivative a).
Vec2 on_piece(const PathPoint& a, const PathPoint& b, double fraction) {
    const Vec2 chord = between(a.position, b.position, fraction);
    if (a.acceleration == Vec2{} || fraction <= 0.0 || fraction >= 1.0) return chord;
    const double span = b.time - a.time;
    const double since = fraction * span, until = (1.0 - fraction) * span;
    return chord - a.acceleration * (0.5 * since * until);
}

} // namespace

Vec2 position_at(const BodyPath& path, double t) {
    if (path.points.empty()) return {};
    const Place p = place_of(path.points, t);
    return on_piece(path.points[p.from], path.points[p.to], p.fraction);
}

Segment segment_at(const WallPath& path, double t) {
    if (path.points.empty()) return {};
    const Place p = place_of(path.points, t);
    const Segment& a = path.points[p.from].segment;
    const Segment& b = path.points[p.to].segment;
    if (path.turn != 0.0) { // turned about the pivot from the vertex before t, at its rate
        if (p.fraction == 0.0) return a;
        if (p.fraction == 1.0) return b;
        const Turning turning{path.pivot, {}, path.turn};
        const double since = t - path.points[p.from].time;
        return {turning_position(turning, a.a, since), turning_position(turning, a.b, since),
                a.radius};
    }
    return {between(a.a, b.a, p.fraction), between(a.b, b.b, p.fraction), a.radius};
}

BodyPose pose_at(const BodyPath& path, double t) {
    if (path.points.empty()) return {};
    const Place p = place_of(path.points, t);
    const PathPoint& a = path.points[p.from];
    const PathPoint& b = path.points[p.to];
    return {on_piece(a, b, p.fraction), a.angle + (b.angle - a.angle) * p.fraction};
}

std::vector<Vec2> path_polyline(const BodyPath& path, int samples) {
    std::vector<Vec2> out;
    const std::vector<PathPoint>& points = path.points;
    for (std::size_t k = 0; k < points.size(); ++k) {
        if (k > 0 && points[k - 1].acceleration != Vec2{})
            for (int i = 1; i <= samples; ++i)
                out.push_back(
                    on_piece(points[k - 1], points[k], static_cast<double>(i) / (samples + 1)));
        out.push_back(points[k].position);
    }
    return out;
}

std::vector<Vec2> placed_outline(std::span<const Vec2> outline, const BodyPose& pose) {
    std::vector<Vec2> placed;
    placed.reserve(outline.size());
    if (pose.angle == 0.0) { // moved only: the same bits as a polygon that never turns
        for (const Vec2 v : outline)
            placed.push_back(v + pose.position);
        return placed;
    }
    const auto [s, c] = sin_cos(pose.angle);
    for (const Vec2 v : outline)
        placed.push_back(pose.position + Vec2{c * v.x - s * v.y, s * v.x + c * v.y});
    return placed;
}

BodyRates rates_at(const BodyPath& path, double t) {
    const std::vector<PathPoint>& points = path.points;
    std::size_t end = 0; // the chosen piece runs from vertex end - 1 to vertex end; 0: none
    for (std::size_t i = 1; i < points.size(); ++i) {
        if (!(points[i].time > points[i - 1].time)) continue; // no length: no rate
        end = i;
        if (t < points[i].time) break;
    }
    if (end == 0) return {};
    const PathPoint& a = points[end - 1];
    const PathPoint& b = points[end];
    const double span = b.time - a.time;
    const Vec2 moved = b.position - a.position;
    Vec2 velocity{moved.x / span, moved.y / span};
    // On a parabola: the chord's slope plus a (2t - t_a - t_b) / 2, t held within the piece.
    if (a.acceleration != Vec2{}) {
        const double at = std::clamp(t, a.time, b.time);
        velocity += a.acceleration * (at - 0.5 * (a.time + b.time));
    }
    return {velocity, (b.angle - a.angle) / span};
}

} // namespace ccd
