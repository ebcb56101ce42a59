#include "ccd/scene_world.hpp"

#include "ccd/scene_loader.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace ccd {
namespace {

Response response_of(ResponseKind response, double restitution) {
    switch (response) {
    case ResponseKind::Slide:
        return Response::slide();
    case ResponseKind::Stop:
        return Response::stop();
    case ResponseKind::Destroy:
        return Response::destroy();
    case ResponseKind::Sensor:
        return Response::sensor();
    case ResponseKind::Callback: // a scene has no function to call (World::add_body has)
        throw SceneError("a scene's body cannot have a callback response");
    case ResponseKind::Bounce:
        break;
    }
    return Response::bounce(restitution);
}

// The World's refusal of a turning body, and what to do instead.
std::string not_stepped(std::string_view what, std::string_view name, std::string_view why) {
    return std::string(what) + " \"" + std::string(name) +
           "\": turning bodies are not stepped by the World yet (" + std::string(why) +
           "); the query lab (--mode query) answers its turning queries";
}

} // namespace

std::optional<std::string> turning_refusal(const Scene& scene) {
    for (const PolygonBody& polygon : scene.polygons)
        if (polygon.turns())
            return not_stepped("polygon", polygon.name, "its angular_velocity is not 0");
    for (const Wall& wall : scene.walls)
        if (wall.turns()) return not_stepped("segment", wall.name, "it turns about its pivot");
    return std::nullopt;
}

SceneWorld make_world(const Scene& scene, WorldOptions options) {
    if (const auto refusal = turning_refusal(scene)) throw SceneError(*refusal);
    SceneWorld out{World(options), {}, {}};
    for (const Body& body : scene.bodies) {
        try {
            out.world.add_body(BodyDef{body.circle, body.velocity, 1.0,
                                       response_of(body.response, body.restitution)});
        } catch (const std::invalid_argument& e) { // beyond the World's scale
            throw SceneError("body \"" + body.name + "\": " + e.what());
        }
        out.body_names.push_back(body.name);
    }
    // A polygon is a body about its vertex centroid, responding as the scene says; it comes
    // after the circles. It may start turned (its angle); it may not turn.
    for (const PolygonBody& polygon : scene.polygons) {
        const Polygon start = polygon.at_start();
        const Vec2 center = vertex_centroid(start);
        BodyDef def{Circle{center, 0.0}, polygon.velocity, 1.0,
                    response_of(polygon.response, polygon.restitution)};
        for (const Vec2 v : start.vertices)
            def.outline.push_back(v - center);
        try {
            out.world.add_body(std::move(def));
        } catch (const std::invalid_argument& e) { // more vertices than the World takes
            throw SceneError("polygon \"" + polygon.name + "\": " + e.what());
        }
        out.body_names.push_back(polygon.name);
    }
    for (const Wall& wall : scene.walls) {
        try {
            if (wall.is_static())
                out.world.add_wall(wall.segment);
            else
                out.world.add_kinematic_wall(wall.segment, wall.displacement_a,
                                             wall.displacement_b);
        } catch (const std::invalid_argument& e) { // beyond the World's scale
            throw SceneError("segment \"" + wall.name + "\": " + e.what());
        }
        out.wall_names.push_back(wall.name);
    }
    return out;
}

} // namespace ccd
