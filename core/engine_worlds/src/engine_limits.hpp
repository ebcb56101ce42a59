#pragma once
// The numbers an engine's world is given, checked before it is called (engine_limits.cpp).
// Debian's engines keep their assertions (Box2D's b2Assert is assert, b2_common.h; Chipmunk's
// cpAssertHard aborts, as in cpBodySanityCheck, cpBody.c), so a number an engine's arithmetic
// cannot hold would stop the program inside the engine: a scene with one is a SceneError naming the
// body and the limit.

#include "engine_scene.hpp"

#include <string>

namespace ccd::engine {

// Throws SceneError unless every length of the scene (positions, vertices and radii, wall and
// chain points) and every motion a frame (velocity and spin times dt, gravity times dt^2) is 0
// or between `smallest` and `largest` in magnitude; `limit` names the range and why, for the
// message.
void refuse_outside(const EngineScene& scene, double smallest, double largest,
                    const std::string& limit);

} // namespace ccd::engine
