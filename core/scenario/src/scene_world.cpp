#include "ccd/scene_world.hpp"

namespace ccd {

SceneWorld make_world(const Scene& scene) {
    SceneWorld out;
    for (const Body& body : scene.bodies) {
        out.world.add_body(BodyDef{body.circle, body.velocity, 1.0, Response::bounce()});
        out.body_names.push_back(body.name);
    }
    for (const Wall& wall : scene.walls) {
        out.world.add_wall(wall.segment);
        out.wall_names.push_back(wall.name);
    }
    return out;
}

} // namespace ccd
