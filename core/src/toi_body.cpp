#include "ccd/toi_body.hpp"

#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_polygon.hpp"

namespace ccd {
namespace {

Polygon placed(const SweptBody& body) {
    Polygon p;
    p.vertices.reserve(body.outline.size());
    for (const Vec2 offset : body.outline)
        p.vertices.push_back(body.center + offset);
    return p;
}

Circle circle(const SweptBody& body) {
    return {body.center, body.radius};
}

} // namespace

std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, const SweptBody& b, Vec2 db) {
    if (!a.is_polygon() && !b.is_polygon()) return time_of_impact(circle(a), da, circle(b), db);
    if (!a.is_polygon()) return time_of_impact(circle(a), da, placed(b), db);
    if (b.is_polygon()) return time_of_impact(placed(a), da, placed(b), db);
    // A polygon against a circle: asked the other way round, then told from a's side. The
    // point where they touch is on both surfaces; the closing speed is the same either way.
    auto hit = time_of_impact(circle(b), db, placed(a), da);
    if (!hit) return hit;
    hit->normal = -hit->normal;
    hit->feature = Feature::Circle; // b's part; a's vertex or edge stays named
    return hit;
}

std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, const MovingSegment& wall) {
    if (a.is_polygon()) return time_of_impact(placed(a), da, wall);
    if (wall.displacement_a == Vec2{} && wall.displacement_b == Vec2{})
        return time_of_impact(circle(a), da, wall.start);
    return time_of_impact(circle(a), da, wall);
}

} // namespace ccd
