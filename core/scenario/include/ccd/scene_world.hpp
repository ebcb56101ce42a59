#pragma once
// A scene turned into a World the scheduler can step, with the names of its participants so a
// log can be printed or compared by name.

#include "ccd/scene.hpp"
#include "ccd/world.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ccd {

struct SceneWorld {
    World world;
    std::vector<std::string> body_names; // indexed like the world's bodies
    std::vector<std::string> wall_names; // indexed like the world's walls
};

// Every body (circle or point) responds as the scene says (bounce with its restitution by
// default, elastic); a static segment is a static wall, a kinematic one (displacement_a/_b) a
// kinematic wall whose endpoints move by those displacements every frame (docs/scheduler.md,
// "Kinematic walls"). A polygon is a body after the circles (body_names continues with the
// polygons' names): its vertices about their centroid, translating by its velocity, responding
// as its `response` says (elastic bounce by default), mass 1 like every scene body. The scene
// format caps nothing, the World does: a polygon of more than 255 vertices is a SceneError.
// A polygon starts turned by its angle; the World does not step turning bodies yet: a polygon
// with an angular velocity or a segment with a pivot and an angle that is not 0 is a SceneError
// naming it ("turning bodies are not stepped by the World yet").
// `options`: the World's (a scene sets none of them; LogLevel for one, docs/scheduler.md).
SceneWorld make_world(const Scene& scene, WorldOptions options = {});

// Why make_world refuses `scene` for a turning body: its first polygon with an angular velocity,
// else its first segment turning about its pivot ("polygon \"NAME\": turning bodies are not
// stepped by the World yet (...)"); nothing when no body turns.
std::optional<std::string> turning_refusal(const Scene& scene);

} // namespace ccd
