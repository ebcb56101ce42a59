// What a hunt does to a whole case (ccd/hunt_transform.hpp).
#include "ccd/hunt_transform.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <variant>

namespace ccd {
namespace {

struct Linear {
    double xx, xy, yx, yy;
    Vec2 operator()(Vec2 v) const { return {xx * v.x + xy * v.y, yx * v.x + yy * v.y}; }
};

Linear linear_of(const PlaneMap& map) {
    const double c = std::cos(map.angle) * map.scale, s = std::sin(map.angle) * map.scale;
    const double m = map.mirror ? -1.0 : 1.0;
    return {c * m, -s, s * m, c};
}

Shape mapped_shape(const Shape& shape, const Linear& l, const PlaneMap& map) {
    const auto at = [&](Vec2 p) { return l(p) + map.offset; };
    if (const auto* p = std::get_if<Point>(&shape)) return Point{at(p->position)};
    if (const auto* c = std::get_if<Circle>(&shape))
        return Circle{at(c->center), c->radius * map.scale};
    if (const auto* s = std::get_if<Segment>(&shape))
        return Segment{at(s->a), at(s->b), s->radius * map.scale};
    Polygon polygon = std::get<Polygon>(shape);
    for (Vec2& v : polygon.vertices)
        v = at(v);
    if (map.mirror && polygon.vertices.size() > 1)
        std::reverse(polygon.vertices.begin() + 1, polygon.vertices.end());
    polygon.radius *= map.scale;
    return polygon;
}

Motion mapped_motion(const Motion& motion, const Linear& l, const PlaneMap& map) {
    if (const auto* t = std::get_if<Translation>(&motion)) return Translation{l(t->displacement)};
    if (const auto* e = std::get_if<EndMotion>(&motion))
        return EndMotion{l(e->displacement_a), l(e->displacement_b)};
    if (const auto* r = std::get_if<Turning>(&motion))
        return Turning{l(r->pivot) + map.offset, l(r->displacement),
                       map.mirror ? -r->angle : r->angle};
    return motion;
}

} // namespace

HuntCase mapped(const HuntCase& query, const PlaneMap& map) {
    const Linear l = linear_of(map);
    HuntCase out = query;
    out.mover = {mapped_shape(query.mover.shape, l, map),
                 mapped_motion(query.mover.motion, l, map)};
    out.obstacle = {mapped_shape(query.obstacle.shape, l, map),
                    mapped_motion(query.obstacle.motion, l, map)};
    return out;
}

std::optional<HuntCase> swapped(const HuntCase& query, const Algorithm& algorithm) {
    return fit_case(query.obstacle, query.mover, algorithm);
}

std::optional<HuntCase> with_whole_turns(const HuntCase& query, bool mover, int turns) {
    HuntCase out = query;
    auto* turning = std::get_if<Turning>(mover ? &out.mover.motion : &out.obstacle.motion);
    if (!turning) return std::nullopt;
    turning->angle += 2.0 * std::numbers::pi * turns;
    return out;
}

std::optional<HuntCase> apply(const Invariance& invariance, const HuntCase& query,
                              const Algorithm& algorithm) {
    if (invariance.swap) return swapped(query, algorithm);
    return mapped(query, invariance.map);
}

} // namespace ccd
