#pragma once
// Saving scene files: the canonical JSON of a scene (docs/scene-format.md), written so that a
// crash or a full disk never leaves a truncated file where a scene was.

#include "ccd/scene.hpp"

#include <filesystem>
#include <string>

namespace ccd {

// The scene as canonical JSON: fixed key order, 2-space indent, points inline, one body,
// segment, polygon or expected event a line, every number printed so that it reads back to
// the same bits. Throws SceneError if the text would not load (a NaN, a duplicate name, ...):
// it is checked with parse_scene before it is returned.
std::string scene_to_json(const Scene& scene);

// Writes scene_to_json(scene) with ccd::write_file_atomically (atomic_write.hpp): `path` holds
// either the old scene or the whole new one, never a part; a symbolic link is written through,
// an existing file keeps its permissions, a FIFO or a device is refused. Throws SceneError
// naming `path` and the reason; the old file is then untouched and the temporary file removed.
void save_scene_file(const std::filesystem::path& path, const Scene& scene);

} // namespace ccd
