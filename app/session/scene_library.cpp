#include "scene_library.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <system_error>

namespace ccdlab {

namespace {

// Every scene of `folder` (*.json but schemas): its tour's stops first, in the tour's order,
// then the rest by name. `tour_length` is the number of stops.
std::vector<std::filesystem::path> folder_scenes(const std::filesystem::path& folder,
                                                 int& tour_length) {
    std::vector<std::filesystem::path> scenes;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
        const std::filesystem::path& p = entry.path();
        if (p.extension() == ".json" && p.filename().string().find(".schema.") == std::string::npos)
            scenes.push_back(p);
    }
    std::sort(scenes.begin(), scenes.end());
    auto next_unplaced = scenes.begin();
    for (const std::string& name : read_tour(folder / "tour.txt")) {
        const auto found = std::find_if(next_unplaced, scenes.end(),
                                        [&](const auto& path) { return path.filename() == name; });
        if (found == scenes.end()) continue;
        std::rotate(next_unplaced, found, found + 1);
        ++next_unplaced;
    }
    tour_length = static_cast<int>(next_unplaced - scenes.begin());
    return scenes;
}

bool same_folder(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code error;
    return std::filesystem::equivalent(a, b, error);
}

} // namespace

SceneLibrary::SceneLibrary(const std::filesystem::path& current,
                           const std::filesystem::path& bundled, int tour_place) {
    const std::filesystem::path folder =
        current.parent_path().empty() ? "." : current.parent_path();
    const bool elsewhere = !bundled.empty() && !same_folder(folder, bundled);
    const std::filesystem::path tour_folder = elsewhere ? bundled : folder;
    scenes_ = folder_scenes(tour_folder, tour_length_);
    if (elsewhere) { // the bundled tour, then this folder's scenes
        scenes_.resize(static_cast<std::size_t>(tour_length_));
        int ignored = 0;
        for (const std::filesystem::path& p : folder_scenes(folder, ignored))
            scenes_.push_back(p);
    }
    std::vector<std::string> stop_sections(static_cast<std::size_t>(tour_length_));
    for (const TourStop& stop : read_tour_stops(tour_folder / "tour.txt"))
        for (int i = 0; i < tour_length_; ++i)
            if (scenes_[static_cast<std::size_t>(i)].filename() == stop.name)
                stop_sections[static_cast<std::size_t>(i)] = stop.section;
    sections_ = std::move(stop_sections);
    for (const std::filesystem::path& p : scenes_)
        titles_.push_back(scene_title(p));
    tour_place_ = tour_place >= 0 && tour_place < tour_length_ ? tour_place : -1;
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

std::vector<TourStop> read_tour_stops(const std::filesystem::path& tour_file) {
    std::vector<TourStop> stops;
    std::ifstream in(tour_file);
    std::string comment, section;
    for (std::string line; std::getline(in, line);) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos) { // a blank line: a comment above it heads nothing
            comment.clear();
            continue;
        }
        const auto last = line.find_last_not_of(" \t\r");
        if (line[first] == '#') {
            const auto text = line.find_first_not_of("# \t", first);
            comment =
                text == std::string::npos || text > last ? "" : line.substr(text, last - text + 1);
            continue;
        }
        if (!comment.empty()) section = comment;
        comment.clear();
        stops.push_back({line.substr(first, last - first + 1), section});
    }
    return stops;
}

std::string scene_title(const std::filesystem::path& scene_file) {
    std::ifstream in(scene_file);
    const nlohmann::json scene = nlohmann::json::parse(in, nullptr, false);
    if (scene.is_object() && scene.contains("title") && scene["title"].is_string())
        return scene["title"].get<std::string>();
    return "";
}

void SceneLibrary::set_current(const std::filesystem::path& path) {
    current_path_ = path;
    current_ = -1;
    if (!path.has_filename()) { // an untitled scene: at no stop of the tour
        tour_place_ = -1;
        return;
    }
    std::error_code error;
    for (std::size_t i = 0; i < scenes_.size(); ++i)
        if (std::filesystem::equivalent(scenes_[i], path, error)) current_ = static_cast<int>(i);
    if (current_ >= 0 && current_ < tour_length_) tour_place_ = current_;
}

std::filesystem::path SceneLibrary::next(int step) const {
    if (scenes_.empty()) return current_path_;
    const int n = static_cast<int>(scenes_.size());
    // Off the list, or off the tour with a tour stop to go back to: on from that stop.
    if (tour_place_ >= 0 && (current_ < 0 || current_ >= tour_length_)) {
        const int to = step > 0 ? tour_place_ + step : tour_place_ + step + 1;
        return scenes_[static_cast<std::size_t>((to % tour_length_ + tour_length_) % tour_length_)];
    }
    const int from = current_ < 0 ? (step > 0 ? -1 : 0) : current_;
    return scenes_[static_cast<std::size_t>(((from + step) % n + n) % n)];
}

} // namespace ccdlab
