#pragma once
// A scene stepped frame after frame by a real engine's world (Box2D 2.4.1's b2World, Bullet
// 3.24's btDiscreteDynamicsWorld in the plane, Chipmunk 7's cpSpace), or by the exact World, as
// one kind of record: every body's state at every frame's end, and what the mapping of the
// scene into the engine could not carry (docs/engines.md, "Engine worlds").

#include "ccd/scene.hpp"
#include "ccd/vec2.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {

enum class EngineKind { Exact, Box2d, Bullet, Chipmunk };

// "exact", "box2d", "bullet", "chipmunk".
std::string_view engine_name(EngineKind engine);
// The engine of that name; none for another.
std::optional<EngineKind> find_engine(std::string_view name);

// A body's state between two frames, in the scene's units: velocities per frame (the engine's
// per second times its dt), as a scene writes them.
struct BodyState {
    Vec2 position;                 // a circle's center; a polygon's (as the World's body)
    double angle = 0.0;            // radians, counter-clockwise
    Vec2 velocity;                 // displacement per frame
    double angular_velocity = 0.0; // radians per frame
    friend bool operator==(const BodyState&, const BodyState&) = default;
};

// A run: states[k] is every body at the start of frame k (states[0] the scene's own start,
// states[k + 1] the end of frame k), the bodies in the World's order (the scene's bodies, then
// its polygons).
struct EngineRun {
    EngineKind engine = EngineKind::Exact;
    std::vector<std::string> body_names;
    std::vector<std::vector<BodyState>> states;
    // What the engine's world was not given as the scene has it, one sentence each.
    std::vector<std::string> notes;
    int frames() const { return static_cast<int>(states.size()) - 1; }
};

// The scene stepped `frames` times by `engine` (one step of scene.engines->dt a frame), its
// settings from scene.engines (each engine's defaults without). Throws SceneError for a scene the
// engine cannot take at all (Bullet in a build without it) and std::invalid_argument for frames
// below 1.
EngineRun run_engine(const Scene& scene, EngineKind engine, int frames);

// The engine settings of the scene, or the defaults.
EngineSettings engine_settings(const Scene& scene);

} // namespace ccd
