#pragma once
// AnyView: the view that shows a Session's scene, the query lab (a pair taken apart) or the world
// (the scene stepped by the scheduler), made from the scene and its ViewKind; and what the
// session needs back from either: the scene as edited and the case a fixture records.

#include "fixture_export.hpp"
#include "query_lab_view.hpp"
#include "view_kind.hpp"
#include "world_view.hpp"

#include "ccd/scene.hpp"

#include <optional>
#include <variant>

namespace ccdlab {

using AnyView = std::variant<QueryLabView, WorldView>;

// The view of `kind` on `scene`, scrubbed to `t` if given. `kind` comes from view_kind_for on the
// same scene (which throws for a scene the view cannot take), so this does not fail.
AnyView view_for(const ccd::Scene& scene, ViewKind kind, std::optional<double> t);

// The whole scene as edited now: everything the file held, with the view's edits.
ccd::Scene edited_scene(const AnyView& view);

// The case on screen, for Session::export_fixture: the world's frames up to the one shown, or
// the frame range selected on its timeline.
FixtureCase fixture_case(const AnyView& view);

} // namespace ccdlab
