#include "view_kind.hpp"

#include "query_lab.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <algorithm>
#include <stdexcept>

namespace ccdlab {

std::string_view to_string(ViewKind kind) {
    return kind == ViewKind::QueryLab ? "query lab" : "world";
}

ViewKind view_kind_for(const ccd::Scene& scene, const std::filesystem::path& label, Mode mode) {
    // A scene with a turning body opens in the query lab when any of its pairs can be taken
    // apart there (--mode world runs it in the world view, or shows the World's refusal).
    const bool turning = std::any_of(scene.polygons.begin(), scene.polygons.end(),
                                     [](const ccd::PolygonBody& p) { return p.turns(); }) ||
                         std::any_of(scene.walls.begin(), scene.walls.end(),
                                     [](const ccd::Wall& w) { return w.turns(); });
    const bool query_lab = mode == Mode::Query ||
                           (mode == Mode::Automatic && query_lab_pair(scene, turning) != nullptr);
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
    // body opens, and the world view shows the refusal instead of a run.
    if (!ccd::turning_refusal(scene)) static_cast<void>(ccd::make_world(scene));
    return ViewKind::World;
}

} // namespace ccdlab
