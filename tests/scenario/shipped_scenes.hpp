#pragma once
// The scene files shipped in scenes/ (CCDLAB_SCENES_DIR), schemas aside, in name order.

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

} // namespace ccd_test
