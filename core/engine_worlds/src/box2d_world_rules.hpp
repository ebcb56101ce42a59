#pragma once
// What Box2D 2.4.1's world is given only when its own assertions take it (box2d_world_rules.cpp).
// Debian's libbox2d keeps them (b2Assert is assert, b2_common.h), so an input one of them
// rejects would stop the program: such a scene is a SceneError naming the body and the
// assertion it would meet, before Box2D is called.

#include "engine_scene.hpp"

#include <box2d/box2d.h>

#include <string>
#include <vector>

namespace ccd::engine {

// Box2D computes in float, whose largest is 3.4e38, and b2Distance multiplies up to four
// lengths (b2Simplex::Solve3, b2_distance.cpp): two polygons about 1e10 from the origin had a
// NaN distance, on which b2TimeOfImpact stopped at its assertion 0 < count < 3
// (b2SeparationFunction::Initialize, b2_time_of_impact.cpp). Within 1e9 (every length, and
// every motion a frame) such products stay below 16 x 1e36.
inline constexpr double kBox2DLargest = 1e9;
// The masses Box2D is given, between 1 / kBox2DHeaviest and kBox2DHeaviest: a body's moment of
// inertia (its mass times a length squared, at most 1e20 x 1e18) stays within float. Beyond,
// a crate of mass 1e37 struck at speed, and one of 1e-38, ended their runs NaN; one of 1e-40
// stopped on b2Body::ResetMassData's assertion m_I > 0 (b2_body.cpp).
inline constexpr double kBox2DHeaviest = 1e20;

// The scene's numbers within kBox2DLargest, its masses within kBox2DHeaviest, and its chains
// as b2ChainShape's assertions take them; throws SceneError otherwise.
void refuse_what_box2d_asserts(const EngineScene& scene);

// The vertices (float, about the body's origin) as b2PolygonShape::Set takes them, followed
// step for step: throws SceneError naming `name` where Set would stop on its assertion (its
// welding or its hull leaves fewer than 3 vertices, or its area is at most b2_epsilon).
void refuse_polygon_box2d_asserts(const std::string& name, const std::vector<b2Vec2>& vertices);

} // namespace ccd::engine
