#pragma once
// A scene turned into a World the scheduler can step, with the names of its participants so a
// log can be printed or compared by name.

#include "ccd/scene.hpp"
#include "ccd/world.hpp"

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
// "Kinematic walls"). The World has no polygons yet: they are left out
// (docs/scene-format.md).
SceneWorld make_world(const Scene& scene);

} // namespace ccd
