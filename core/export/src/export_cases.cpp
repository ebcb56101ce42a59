// The cases an exported test holds: one query, or a scene's pairs over its first frame as the
// World puts them to the registry (core/world's World::State::side and wall_side, at t = 0).
#include "ccd/test_export.hpp"

#include <algorithm>
#include <utility>

namespace ccd {
namespace {

double signed_area(const Polygon& polygon) {
    double twice = 0.0;
    const std::size_t n = polygon.vertices.size();
    for (std::size_t i = 0; i < n; ++i)
        twice += cross(polygon.vertices[i], polygon.vertices[(i + 1) % n]);
    return twice / 2.0;
}

// The certified turning queries take counter-clockwise polygons: the World reverses a clockwise
// one (toi_body.hpp), and so does the export, for every polygon (the judge only reads t and the
// normal, which the winding does not change).
Polygon counter_clockwise(Polygon polygon) {
    if (signed_area(polygon) < 0.0) std::reverse(polygon.vertices.begin(), polygon.vertices.end());
    return polygon;
}

// A side and whether it moves over the frame.
struct NamedSide {
    std::string name;
    Swept side;
    bool moving = false;
};

// A body as the World has it (World::State::side, toi_body.hpp's swept_body): a circle (a
// point is one of radius 0) translating, by zero when it is static.
NamedSide body_side(const Body& body) {
    const Vec2 velocity = body.is_static ? Vec2{} : body.velocity;
    return {body.name, {body.circle, Translation{velocity}}, velocity != Vec2{}};
}

NamedSide polygon_side(const PolygonBody& body) {
    const Polygon start = counter_clockwise(body.at_start());
    if (body.turns() && !body.is_static) return {body.name, {start, body.turning()}, true};
    const Vec2 velocity = body.is_static ? Vec2{} : body.velocity;
    return {body.name, {start, Translation{velocity}}, velocity != Vec2{}};
}

NamedSide wall_side(const Wall& wall) {
    if (wall.turns()) return {wall.name, {wall.segment, wall.turning()}, true};
    if (wall.is_static()) return {wall.name, {wall.segment, Still{}}, false};
    return {wall.name, {wall.segment, EndMotion{wall.displacement_a, wall.displacement_b}}, true};
}

} // namespace

ExportCase query_case(const Swept& mover, const Swept& obstacle, std::string name,
                      std::string source) {
    ExportCase out{std::move(name), std::move(source), mover, obstacle, nullptr, {}};
    if (auto scene = scene_of_pair(mover, obstacle, &out.no_link))
        out.scene = std::make_shared<const Scene>(std::move(*scene));
    return out;
}

std::vector<ExportCase> scene_cases(const Scene& scene, std::string_view source,
                                    std::string_view only_a, std::string_view only_b) {
    const auto shared = std::make_shared<const Scene>(scene);
    const auto wanted = [&](const std::string& a, const std::string& b) {
        return only_a.empty() || (a == only_a && b == only_b) || (a == only_b && b == only_a);
    };
    std::vector<NamedSide> movers; // bodies, then polygons: the pair's first side
    for (const Body& body : scene.bodies)
        movers.push_back(body_side(body));
    for (const PolygonBody& polygon : scene.polygons)
        movers.push_back(polygon_side(polygon));
    std::vector<NamedSide> obstacles = movers;
    for (const Wall& wall : scene.walls)
        obstacles.push_back(wall_side(wall));
    std::vector<ExportCase> out;
    for (std::size_t i = 0; i < movers.size(); ++i)
        for (std::size_t j = i + 1; j < obstacles.size(); ++j) {
            const NamedSide& a = movers[i];
            const NamedSide& b = obstacles[j];
            if ((!a.moving && !b.moving) || !wanted(a.name, b.name)) continue;
            if (out.size() == kMaxExportedCases)
                throw ExportError("the scene has more than " + std::to_string(kMaxExportedCases) +
                                  " pairs in which something moves: export one pair");
            out.push_back({a.name + "_" + b.name,
                           std::string(source) + ": \"" + a.name + "\" against \"" + b.name +
                               "\" over frame 0",
                           a.side,
                           b.side,
                           shared,
                           {}});
        }
    if (out.empty() && !only_a.empty())
        throw ExportError("no pair \"" + std::string(only_a) + "\" and \"" + std::string(only_b) +
                          "\" in which something moves in the scene");
    return out;
}

} // namespace ccd
