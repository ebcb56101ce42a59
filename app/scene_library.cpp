#include "scene_library.hpp"

#include <algorithm>
#include <system_error>

namespace ccdlab {

SceneLibrary::SceneLibrary(const std::filesystem::path& current) {
    std::error_code error;
    const std::filesystem::path folder =
        current.parent_path().empty() ? "." : current.parent_path();
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
        const std::filesystem::path& p = entry.path();
        if (p.extension() == ".json" && p.filename().string().find(".schema.") == std::string::npos)
            scenes_.push_back(p);
    }
    std::sort(scenes_.begin(), scenes_.end());
    set_current(current);
}

void SceneLibrary::set_current(const std::filesystem::path& path) {
    current_path_ = path;
    current_ = -1;
    std::error_code error;
    for (std::size_t i = 0; i < scenes_.size(); ++i)
        if (std::filesystem::equivalent(scenes_[i], path, error)) current_ = static_cast<int>(i);
}

std::filesystem::path SceneLibrary::next(int step) const {
    if (scenes_.empty()) return current_path_;
    const int n = static_cast<int>(scenes_.size());
    const int from = current_ < 0 ? (step > 0 ? -1 : 0) : current_;
    return scenes_[static_cast<std::size_t>(((from + step) % n + n) % n)];
}

} // namespace ccdlab
