#pragma once
// SceneLibrary: the scene files of a folder, in the order of its guided tour, with the one open
// now; what the scene picker lists and steps through (previous / next).

#include <filesystem>
#include <string>
#include <vector>

namespace ccdlab {

class SceneLibrary {
public:
    // Lists every *.json file in the folder of `current` (the open scene), except schemas:
    // first those the folder's tour.txt names, in its order, then the rest by name.
    explicit SceneLibrary(const std::filesystem::path& current);

    const std::vector<std::filesystem::path>& scenes() const { return scenes_; }
    // How many of scenes(), from the front, are stops of the tour.
    int tour_length() const { return tour_length_; }
    int current() const { return current_; } // -1 when the open scene is not in the list
    const std::filesystem::path& current_path() const { return current_path_; }
    void set_current(const std::filesystem::path& path);

    // The scene after (or before) the current one, wrapping around; the current one if alone.
    std::filesystem::path next(int step) const;

private:
    std::vector<std::filesystem::path> scenes_;
    std::filesystem::path current_path_;
    int current_ = -1;
    int tour_length_ = 0;
};

// The file names a tour.txt lists, in order: one a line; blank lines and lines starting with
// '#' are skipped, and so is surrounding white space.
std::vector<std::string> read_tour(const std::filesystem::path& tour_file);

} // namespace ccdlab
