#include "ccd/path_position.hpp"

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

} // namespace

Vec2 position_at(const BodyPath& path, double t) {
    if (path.points.empty()) return {};
    const Place p = place_of(path.points, t);
    return between(path.points[p.from].position, path.points[p.to].position, p.fraction);
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
        return {turning_position(turning, a.a, since), turning_position(turning, a.b, since)};
    }
    return {between(a.a, b.a, p.fraction), between(a.b, b.b, p.fraction)};
}

} // namespace ccd
