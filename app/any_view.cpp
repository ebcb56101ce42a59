#include "any_view.hpp"

#include "lab_scene.hpp"

#include "ccd/scene_loader.hpp"

#include <algorithm>
#include <stdexcept>

namespace ccdlab {

AnyView view_for(const ccd::Scene& scene, const std::filesystem::path& label, Mode mode,
                 std::optional<double> t) {
    // A pair is a query to take apart (query_lab_pair says which); anything else is a world.
    const bool query_lab =
        mode == Mode::Query || (mode == Mode::Automatic && query_lab_pair(scene).has_value());
    if (query_lab) {
        try {
            QueryLabView view(QueryLab::from_scene(scene), scene);
            if (t) view.set_scrub_t(*t);
            return view;
        } catch (const ccd::SceneError&) {
            throw;
        } catch (const std::runtime_error& e) {
            throw std::runtime_error(label.string() + ": " + e.what());
        }
    }
    WorldView view(scene);
    if (t) view.set_scrub_t(*t);
    return view;
}

AnyView open_view(const std::filesystem::path& path, Mode mode, std::optional<double> t) {
    return view_for(ccd::load_scene_file(path), path, mode, t);
}

ccd::Scene edited_scene(const AnyView& view) {
    if (const auto* lab = std::get_if<QueryLabView>(&view))
        return scene_with_lab(lab->source_scene(), lab->lab());
    return std::get<WorldView>(view).scene();
}

FixtureCase fixture_case(const AnyView& view) {
    if (const auto* lab = std::get_if<QueryLabView>(&view))
        return {lab_case(lab->source_scene(), lab->lab()), 1};
    const WorldView& world = std::get<WorldView>(view);
    return {world.scene(), std::max(1, world.log().frame + 1)};
}

} // namespace ccdlab
