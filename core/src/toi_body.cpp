#include "ccd/toi_body.hpp"

#include "ccd/pair_registry.hpp"

namespace ccd {
namespace {

// The body as the pair registry takes it: a translating circle, or a translating polygon
// placed at its center.
Swept swept(const SweptBody& body, Vec2 displacement) {
    if (!body.is_polygon()) return {Circle{body.center, body.radius}, Translation{displacement}};
    Polygon p;
    p.vertices.reserve(body.outline.size());
    for (const Vec2 offset : body.outline)
        p.vertices.push_back(body.center + offset);
    return {std::move(p), Translation{displacement}};
}

} // namespace

std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, const SweptBody& b, Vec2 db) {
    return time_of_impact(swept(a, da), swept(b, db));
}

std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, const MovingSegment& wall) {
    // A wall whose ends do not move is a static segment (its own, cheaper queries).
    const Motion motion = wall.displacement_a == Vec2{} && wall.displacement_b == Vec2{}
                              ? Motion{Still{}}
                              : Motion{EndMotion{wall.displacement_a, wall.displacement_b}};
    return time_of_impact(swept(a, da), Swept{wall.start, motion});
}

} // namespace ccd
