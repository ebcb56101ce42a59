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

// A wall whose ends do not move is a static segment (its own, cheaper queries).
Swept swept(const MovingSegment& wall) {
    const Motion motion = wall.displacement_a == Vec2{} && wall.displacement_b == Vec2{}
                              ? Motion{Still{}}
                              : Motion{EndMotion{wall.displacement_a, wall.displacement_b}};
    return Swept{wall.start, motion};
}

// `algorithm`'s answer where it has a query for the pair that takes the two, else the exact one.
std::optional<Hit> answer_of(const Algorithm& algorithm, const Swept& mover,
                             const Swept& obstacle) {
    const PairChoice choice = choose_pair(kind_of(mover), kind_of(obstacle));
    if (!choice.pair || !find_query(*choice.pair, algorithm) ||
        inexpressible(algorithm, mover, obstacle))
        return time_of_impact(mover, obstacle);
    return time_of_impact(algorithm, mover, obstacle);
}

} // namespace

std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, const SweptBody& b, Vec2 db) {
    return time_of_impact(swept(a, da), swept(b, db));
}

std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, const MovingSegment& wall) {
    return time_of_impact(swept(a, da), swept(wall));
}

std::optional<Hit> time_of_impact(const Algorithm& algorithm, const SweptBody& a, Vec2 da,
                                  const SweptBody& b, Vec2 db) {
    return answer_of(algorithm, swept(a, da), swept(b, db));
}

std::optional<Hit> time_of_impact(const Algorithm& algorithm, const SweptBody& a, Vec2 da,
                                  const MovingSegment& wall) {
    return answer_of(algorithm, swept(a, da), swept(wall));
}

} // namespace ccd
