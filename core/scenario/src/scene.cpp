#include "ccd/scene.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace ccd {

Vec2 PolygonBody::centroid() const {
    const Vec2 local = area_centroid(polygon);
    return position == Vec2{} ? local : position + local;
}

namespace {
Polygon moved_by(Polygon polygon, Vec2 position) {
    if (position == Vec2{}) return polygon;
    for (Vec2& vertex : polygon.vertices)
        vertex = position + vertex;
    return polygon;
}
} // namespace

Polygon PolygonBody::placed_outline() const {
    return moved_by(polygon, position);
}

Polygon PolygonBody::outline_at_start() const {
    if (angle == 0.0) return polygon;
    const Turning orientation{area_centroid(polygon), {}, angle};
    Polygon out = polygon;
    for (Vec2& vertex : out.vertices)
        vertex = turning_position(orientation, vertex, 1.0);
    return out;
}

Polygon PolygonBody::at_start() const {
    return moved_by(outline_at_start(), position);
}

std::string chain_edge_name(const Chain& chain, std::size_t edge) {
    return chain.name + " edge " + std::to_string(edge);
}

View framing_view(const Scene& scene) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    Vec2 lo{inf, inf}, hi{-inf, -inf};
    const auto include = [&](Vec2 p, double margin) {
        lo = {std::min(lo.x, p.x - margin), std::min(lo.y, p.y - margin)};
        hi = {std::max(hi.x, p.x + margin), std::max(hi.y, p.y + margin)};
    };
    for (const Body& body : scene.bodies) {
        include(body.circle.center, body.circle.radius);
        include(body.circle.center + body.velocity, body.circle.radius);
    }
    for (const Wall& wall : scene.walls) {
        const double r = wall.segment.radius; // a capsule's
        include(wall.segment.a, r);
        include(wall.segment.b, r);
        include(wall.segment.a + wall.displacement_a, r);
        include(wall.segment.b + wall.displacement_b, r);
    }
    for (const Chain& chain : scene.chains)
        for (const Vec2 point : chain.points)
            include(point, 0.0);
    for (const PolygonBody& polygon : scene.polygons) {
        const double r = polygon.polygon.radius; // a rounded polygon's
        for (const Vec2 outline_vertex : polygon.polygon.vertices) {
            const Vec2 vertex = polygon.position + outline_vertex;
            include(vertex, r);
            include(vertex + polygon.velocity, r);
        }
    }
    if (lo.x > hi.x) return View{};
    const double extent = std::max({hi.x - lo.x, hi.y - lo.y, 1.0});
    return View{(lo + hi) * 0.5, extent * 1.3};
}

void forget_engine_settings_of(Scene& scene, const std::string& name) {
    if (!scene.engines) return;
    std::erase(scene.engines->box2d.bullets, name);
    std::erase_if(scene.engines->bullet.bodies,
                  [&](const BulletBodySettings& body) { return body.name == name; });
}

} // namespace ccd
