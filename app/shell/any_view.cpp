#include "any_view.hpp"

#include "lab_scene.hpp"

#include <algorithm>

namespace ccdlab {

AnyView view_for(const ccd::Scene& scene, ViewKind kind, std::optional<double> t) {
    if (kind == ViewKind::QueryLab) {
        QueryLabView view(QueryLab::from_scene(scene), scene);
        if (t) view.set_scrub_t(*t);
        return view;
    }
    WorldView view(scene);
    if (t) view.set_scrub_t(*t);
    return view;
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
    if (const auto& range = world.timeline().selection())
        return {world.scene(), range->second - range->first + 1, range->first};
    return {world.scene(), std::max(1, world.log().frame + 1)};
}

} // namespace ccdlab
