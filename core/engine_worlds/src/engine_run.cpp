// A scene stepped by an engine's world or by the exact World, as one kind of run.
#include "ccd/engine_run.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include "engine_limits.hpp"
#include "engine_scene.hpp"

#include <stdexcept>

namespace ccd {
namespace {

std::vector<BodyState> world_states(const World& world) {
    std::vector<BodyState> states;
    for (int i = 0; i < world.body_count(); ++i) {
        const WorldBody body = world.body(i);
        states.push_back({body.shape.center, body.angle, body.velocity, body.angular_velocity});
    }
    return states;
}

EngineRun exact_run(const Scene& scene, int frames) {
    SceneWorld scene_world = make_world(scene, WorldOptions{.log_level = LogLevel::None});
    EngineRun run{EngineKind::Exact, scene_world.body_names, {}, {}};
    run.states.push_back(world_states(scene_world.world));
    for (int frame = 0; frame < frames; ++frame) {
        scene_world.world.step();
        run.states.push_back(world_states(scene_world.world));
    }
    return run;
}

} // namespace

std::string_view engine_name(EngineKind engine) {
    switch (engine) {
    case EngineKind::Box2d:
        return "box2d";
    case EngineKind::Bullet:
        return "bullet";
    case EngineKind::Chipmunk:
        return "chipmunk";
    case EngineKind::Exact:
        break;
    }
    return "exact";
}

std::optional<EngineKind> find_engine(std::string_view name) {
    for (const EngineKind engine :
         {EngineKind::Exact, EngineKind::Box2d, EngineKind::Bullet, EngineKind::Chipmunk})
        if (engine_name(engine) == name) return engine;
    return std::nullopt;
}

EngineSettings engine_settings(const Scene& scene) {
    return scene.engines.value_or(EngineSettings{});
}

EngineRun run_engine(const Scene& scene, EngineKind engine, int frames) {
    if (frames < 1) throw std::invalid_argument("an engine run steps at least 1 frame");
    if (engine == EngineKind::Exact) return exact_run(scene, frames);
    const engine::EngineScene mapped = engine::engine_scene(scene);
    // The World's own scale for every engine: beyond it (1e61, or 1e-191) Chipmunk's positions
    // and angles became NaN, and cpBodySanityCheck's cpAssertHard stopped the program (cpBody.c).
    engine::refuse_outside(mapped, kWorldSmallest, kWorldLargest,
                           "the World's scale, 0 or 1e-60 to 1e60 in magnitude (docs/scheduler.md, "
                           "\"Scale\"), which every engine's world is given");
    EngineRun run{engine, {}, {}, mapped.notes};
    for (const engine::EngineBody& body : mapped.bodies)
        run.body_names.push_back(body.name);
    switch (engine) {
    case EngineKind::Box2d:
        engine::run_box2d(mapped, frames, run);
        break;
    case EngineKind::Bullet:
        engine::run_bullet(mapped, frames, run);
        break;
    case EngineKind::Chipmunk:
        engine::run_chipmunk(mapped, frames, run);
        break;
    case EngineKind::Exact:
        break;
    }
    return run;
}

} // namespace ccd
