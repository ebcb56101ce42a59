#include "ccd/scene_world.hpp"

#include "ccd/scene_loader.hpp"

#include <stdexcept>
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

} // namespace

SceneWorld make_world(const Scene& scene, WorldOptions options) {
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
    // after the circles.
    for (const PolygonBody& polygon : scene.polygons) {
        const Vec2 center = vertex_centroid(polygon.polygon);
        BodyDef def{Circle{center, 0.0}, polygon.velocity, 1.0,
                    response_of(polygon.response, polygon.restitution)};
        for (const Vec2 v : polygon.polygon.vertices)
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
