#pragma once
// ViewKind: which view shows a scene, the query lab (one pair taken apart) or the world (the
// whole scene stepped by the scheduler), chosen from the scene and --mode and checked before any
// view is made: a Session holds it, the app makes the view it names (any_view.hpp).

#include "options.hpp"

#include "ccd/scene.hpp"

#include <filesystem>
#include <string_view>

namespace ccdlab {

enum class ViewKind { QueryLab, World };

std::string_view to_string(ViewKind kind); // "query lab", "world"

// The view `scene` opens in: the query lab for Mode::Query, or for Mode::Automatic when the scene
// is one pair (query_lab_pair), turning or not, under gravity or not (the lab follows parabolic
// paths over its frame), except a pair under gravity whose `expect` runs several frames (a fall
// to step frame by frame); the world otherwise (it steps turning bodies and gravity too). Throws
// what making that view would throw, so that a view made from it afterwards cannot fail:
// std::runtime_error, prefixed with `label` (the scene's file), when the query lab cannot take
// the scene;
// ccd::SceneError when the scene makes no World (a polygon with more vertices than the World
// takes), except for a polygon that is not convex beside a turning body (ccd::turning_refusal): the
// world view opens and shows the refusal in place of a run.
ViewKind view_kind_for(const ccd::Scene& scene, const std::filesystem::path& label, Mode mode);

} // namespace ccdlab
