#include "scene_library.hpp"

#include <algorithm>
#include <fstream>
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
    // The tour's stops to the front, in the tour's order; the rest keep their name order.
    auto next_unplaced = scenes_.begin();
    for (const std::string& name : read_tour(folder / "tour.txt")) {
        const auto found = std::find_if(next_unplaced, scenes_.end(),
                                        [&](const auto& path) { return path.filename() == name; });
        if (found == scenes_.end()) continue;
        std::rotate(next_unplaced, found, found + 1);
        ++next_unplaced;
    }
    tour_length_ = static_cast<int>(next_unplaced - scenes_.begin());
    set_current(current);
}

std::vector<std::string> read_tour(const std::filesystem::path& tour_file) {
    std::vector<std::string> names;
    std::ifstream in(tour_file);
    for (std::string line; std::getline(in, line);) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        const auto last = line.find_last_not_of(" \t\r");
        names.push_back(line.substr(first, last - first + 1));
    }
    return names;
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
