#pragma once
// AnyView: the view a scene opens in, the query lab (a pair taken apart) or the world (the scene
// stepped by the scheduler), and what the file side needs from either: the scene as edited and
// the case a fixture records.

#include "options.hpp"
#include "query_lab_view.hpp"
#include "world_view.hpp"

#include "ccd/scene.hpp"

#include <filesystem>
#include <optional>
#include <variant>

namespace ccdlab {

using AnyView = std::variant<QueryLabView, WorldView>;

// The view `scene` opens in. `label` (its file) prefixes error messages. Throws
// std::runtime_error with a message when the query lab is asked for a scene without a pair.
AnyView view_for(const ccd::Scene& scene, const std::filesystem::path& label, Mode mode,
                 std::optional<double> t);

// The view a scene file opens in. Throws ccd::SceneError or std::runtime_error with a message.
AnyView open_view(const std::filesystem::path& path, Mode mode, std::optional<double> t);

// The whole scene as edited now: everything the file held, with the view's edits.
ccd::Scene edited_scene(const AnyView& view);

// What Ctrl+E exports: the case on screen and how many frames its expectation covers. The query
// lab's case is its pair alone over one frame; the world's is the whole scene over the frames
// stepped so far.
struct FixtureCase {
    ccd::Scene scene;
    int frames = 1;
};
FixtureCase fixture_case(const AnyView& view);

} // namespace ccdlab
