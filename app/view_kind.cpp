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
    // A scene with a turning body, which the World does not step yet, opens in the query lab
    // when any of its pairs can be taken apart there.
    const bool turning = ccd::turning_refusal(scene).has_value();
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
    // ccd::SceneError: a scene the World does not take; one with a turning body opens, and the
    // world view shows the refusal instead of a run.
    if (!turning) static_cast<void>(ccd::make_world(scene));
    return ViewKind::World;
}

} // namespace ccdlab
