#include "view_kind.hpp"

#include "query_lab.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <stdexcept>

namespace ccdlab {

std::string_view to_string(ViewKind kind) {
    return kind == ViewKind::QueryLab ? "query lab" : "world";
}

ViewKind view_kind_for(const ccd::Scene& scene, const std::filesystem::path& label, Mode mode) {
    // A pair under gravity whose expect section runs several frames is a run to step: the world.
    const bool several_frames = scene.expect && scene.expect->frames > 1;
    const bool run = scene.gravity != ccd::Vec2{} && several_frames;
    const bool query_lab = mode == Mode::Query ||
                           (mode == Mode::Automatic && query_lab_pair(scene) != nullptr && !run);
    if (query_lab) {
        try {
            QueryLab::from_scene(scene);
        } catch (const ccd::SceneError&) {
            throw;
        } catch (const std::runtime_error& e) {
            throw std::runtime_error(label.string() + ": " + e.what());
        }
        return ViewKind::QueryLab;
    }
    // ccd::SceneError: a scene the World does not take; one the World refuses for a turning
    // body (a polygon that is not convex beside it) opens, and the world view shows the refusal
    // instead of a run.
    if (!ccd::turning_refusal(scene)) static_cast<void>(ccd::make_world(scene));
    return ViewKind::World;
}

} // namespace ccdlab
