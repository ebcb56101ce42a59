#pragma once
// The scene files shipped in scenes/ (CCDLAB_SCENES_DIR), schemas aside, in name order; and
// those of them the World steps (a scene with a polygon that is not convex beside one that turns
// freely or a turning segment is refused: ccd::turning_refusal).

#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace ccd_test {

inline std::vector<std::filesystem::path> shipped_scene_files() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(CCDLAB_SCENES_DIR))
        if (entry.path().extension() == ".json" &&
            entry.path().filename().string().find(".schema.") == std::string::npos)
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

inline std::vector<std::filesystem::path> shipped_world_scene_files() {
    std::vector<std::filesystem::path> files;
    for (const std::filesystem::path& path : shipped_scene_files())
        if (!ccd::turning_refusal(ccd::load_scene_file(path))) files.push_back(path);
    return files;
}

} // namespace ccd_test
