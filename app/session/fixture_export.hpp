#pragma once
// Exporting the case on screen as a regression fixture (Ctrl+E): the scene with the `expect`
// section the scheduler produces for it now (ccd::record_expectation), saved into the fixtures
// folder under a file name made from the scene's title, never over an existing file.

#include "ccd/scene.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace ccdlab {

// What Ctrl+E exports: the case on screen and the frames its expectation covers. The query
// lab's case is its pair alone over one frame; the world's is the whole scene up to the frame
// shown, or the frame range selected on its timeline (any_view.hpp's fixture_case): then the
// fixture starts from the scene as it stands at the range's first frame
// (ccd/frame_range_export.hpp).
struct FixtureCase {
    ccd::Scene scene;
    int frames = 1;
    int first_frame = 0;
};

// A file-name stem from a title: ASCII letters (lower-cased) and digits kept, every other run of
// characters one '-', none at either end, at most 60 characters (cut at a '-' when there is
// one); "fixture" when nothing is left. "A ball hits a wall!" -> "a-ball-hits-a-wall".
std::string fixture_slug(std::string_view title);

// `folder`/<stem>.json, or <stem>-2.json, <stem>-3.json, ... the first that does not exist (up
// to <stem>-10000.json). Throws ccd::SceneError naming the path and the reason when the file
// system answers anything but "no such file" (a folder that cannot be searched, a name too
// long, a symlink loop), or when all 10,000 names are taken: it never loops.
std::filesystem::path unused_fixture_path(const std::filesystem::path& folder,
                                          std::string_view stem);

// The scene with `expect` recorded over `frames` frames (any expect it had is replaced).
ccd::Scene fixture_of(const ccd::Scene& scene, int frames);

// The fixture of `shown`: the scene with `expect` (fixture_of) from frame 0, else the frame
// range's export, described as that range (the scene's own description tells frame 0);
// `replay_difference` set when the exported range does not replay its own events (what a
// scene cannot hold, ccd::export_frame_range).
ccd::Scene fixture_of(const FixtureCase& shown, std::optional<std::string>* replay_difference);

// The name Ctrl+E offers: the first free stem of the scene's slug in `folder` ("ball",
// "ball-2", ...; unused_fixture_path).
std::string default_fixture_name(const std::filesystem::path& folder, std::string_view title);

// Saves the fixture of `shown` as `folder`/<name>.json (a name with or without ".json"; created
// if missing), never over a file: ccd::SceneError naming the path when the name is empty, has a
// '/', or is taken. Returns the file written.
std::filesystem::path export_fixture_as(const std::filesystem::path& folder,
                                        const FixtureCase& shown, std::string name,
                                        std::optional<std::string>* replay_difference = nullptr);

// Records the fixture and saves it into `folder` (created if missing) under a fresh name from
// `title` (the scene's title when empty). Returns the file written. Throws ccd::SceneError
// naming the path and the reason when it cannot be written; nothing is left behind then.
std::filesystem::path export_fixture(const std::filesystem::path& folder, const ccd::Scene& scene,
                                     int frames, std::string_view title = {});

} // namespace ccdlab
