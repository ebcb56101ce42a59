#pragma once
// The scene as every engine's world takes it (engine_scene.cpp): bodies and walls in seconds,
// each body's reference point (the World's center) as its origin, and what no engine is given.

#include "ccd/chain_edge.hpp"
#include "ccd/engine_run.hpp"
#include "ccd/scene.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace ccd::engine {

// A point becomes a circle of this radius in every engine (none takes a shape of no size).
inline constexpr double kPointRadius = 1e-3;

struct EngineBody {
    std::string name;
    bool polygon = false;
    double radius = 0.0;         // a circle's (a point's: kPointRadius)
    std::vector<Vec2> outline;   // a polygon's vertices about its origin, counter-clockwise
    Vec2 position;               // the origin (the World's body center)
    Vec2 velocity;               // per second
    double angular_velocity = 0; // per second
    bool fixed_rotation = false; // a polygon without an angular velocity, or a circle
    bool is_static = false;      // never moves: each engine's static body
    double mass = 1.0;
    double inertia = 0.0; // about the origin (a polygon's; a circle's engine computes)
    double restitution = 1.0;
    Vec2 center_of_mass;        // about the origin
    double gravity_scale = 1.0; // the scene's (Box2D's gravityScale)
};

enum class WallMotion { Static, Translating, Turning };

struct EngineWall {
    std::string name;
    WallMotion motion = WallMotion::Static;
    Vec2 origin;                 // the pivot of a turning wall, else its end a
    Vec2 a, b;                   // its ends about the origin
    Vec2 velocity;               // per second (Translating)
    double angular_velocity = 0; // per second (Turning)
};

// A chain (static): its points, whether it closes, and its edges with their ghost vertices as
// the World has them (ccd::chain_edges). Box2D takes it as a b2ChainShape; Bullet and Chipmunk
// take its edges one by one (chain_edge_wall).
struct EngineChain {
    std::string name;
    std::vector<Vec2> points;
    bool loop = false;
    std::vector<ChainEdge> edges;
};

// Edge k of a chain as a static wall named "NAME edge k" (the World's name for it).
EngineWall chain_edge_wall(const EngineChain& chain, std::size_t k);

struct EngineScene {
    double dt = 1.0 / 60.0;
    Vec2 gravity; // per second squared: the scene's per frame squared over dt^2
    EngineSettings settings;
    std::vector<EngineBody> bodies; // the World's order: the scene's bodies, then its polygons
    std::vector<EngineWall> walls;
    std::vector<std::string> notes; // what every engine is not given
    std::vector<EngineChain> chains = {};
};

EngineScene engine_scene(const Scene& scene);

// Each engine's world stepped (box2d_world_run.cpp, bullet_world_run.cpp,
// chipmunk_world_run.cpp); the run's states and notes appended to `run`.
void run_box2d(const EngineScene& scene, int frames, EngineRun& run);
void run_bullet(const EngineScene& scene, int frames, EngineRun& run);
void run_chipmunk(const EngineScene& scene, int frames, EngineRun& run);

// The numbers of a note: the shortest text that reads back as the same double.
std::string number_text(double x);

} // namespace ccd::engine
