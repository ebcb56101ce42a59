#include "ccd/scene_world.hpp"

namespace ccd {
namespace {

Response response_of(const Body& body) {
    switch (body.response) {
    case BodyResponse::Slide:
        return Response::slide();
    case BodyResponse::Stop:
        return Response::stop();
    case BodyResponse::Destroy:
        return Response::destroy();
    case BodyResponse::Sensor:
        return Response::sensor();
    case BodyResponse::Bounce:
        break;
    }
    return Response::bounce(body.restitution);
}

} // namespace

SceneWorld make_world(const Scene& scene) {
    SceneWorld out;
    for (const Body& body : scene.bodies) {
        out.world.add_body(BodyDef{body.circle, body.velocity, 1.0, response_of(body)});
        out.body_names.push_back(body.name);
    }
    for (const Wall& wall : scene.walls) {
        if (wall.is_static())
            out.world.add_wall(wall.segment);
        else
            out.world.add_kinematic_wall(wall.segment, wall.displacement_a, wall.displacement_b);
        out.wall_names.push_back(wall.name);
    }
    return out;
}

} // namespace ccd
