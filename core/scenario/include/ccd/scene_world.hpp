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
// default, elastic); a static one (and a static polygon) is a static body of the World
// (BodyDef::is_static: it never moves, infinite mass); a static segment is a static wall, a
// kinematic one (displacement_a/_b) a kinematic wall whose endpoints move by those displacements
// every frame (docs/scheduler.md, "Kinematic walls"), a turning one (pivot, angle) a turning wall
// that turns by its angle about its pivot every frame (World::add_turning_wall;
// docs/turning-bodies.md, "Turning walls"). A polygon is a body after the circles (body_names
// continues with the polygons' names), starting turned by its angle, responding as its `response`
// says (elastic bounce by default). One without an angular velocity never turns: about its vertex
// centroid, translating by its velocity, mass `mass`, else `density` x area, else 1. One with an
// angular velocity (even 0) turns freely (docs/turning-bodies.md): about its area centroid, mass
// `mass`, else `density` (default 1) x area, its moment of inertia from its shape. The scene format
// caps nothing, the World does: a polygon of more than 255 vertices is a SceneError. What the World
// does not step is a SceneError too (turning_refusal). `options`: the World's (a scene sets none of
// them; LogLevel for one, docs/scheduler.md).
// A chain's edges are walls after the segments (World::add_chain), wall_names "NAME edge k".
SceneWorld make_world(const Scene& scene, WorldOptions options = {});

// Why make_world refuses `scene` for a turning body: a polygon that is not convex in a scene
// with a polygon that turns freely or a turning segment ("polygon \"NAME\": the World turns
// convex polygons only (...)"); nothing when the World steps it.
std::optional<std::string> turning_refusal(const Scene& scene);

} // namespace ccd
