#pragma once
// SceneLibrary: the scene files of a folder, in the order of its guided tour, with the one open
// now; what the scene picker lists and steps through (previous / next). Given the bundled
// scenes' folder, its tour always comes first (the picker lists it wherever the open scene is),
// then the open scene's folder; the tour's place is kept when a scene saved elsewhere is open.

#include <filesystem>
#include <string>
#include <vector>

namespace ccdlab {

class SceneLibrary {
public:
    // Lists every *.json file in the folder of `current` (the open scene), except schemas:
    // first those the folder's tour.txt names, in its order, then the rest by name. With
    // `bundled` (the bundled scenes' folder) another folder than the open scene's, the bundled
    // tour's stops come first, then that folder's scenes; `tour_place` is the tour stop the
    // open scene came from (after Save As elsewhere; -1: none).
    explicit SceneLibrary(const std::filesystem::path& current,
                          const std::filesystem::path& bundled = {}, int tour_place = -1);

    const std::vector<std::filesystem::path>& scenes() const { return scenes_; }
    // Each scene's title (its "title" field; empty when it has none or does not read).
    const std::vector<std::string>& titles() const { return titles_; }
    // The tour's section of each of its stops (the comment line above its group in tour.txt).
    const std::vector<std::string>& sections() const { return sections_; }
    // How many of scenes(), from the front, are stops of the tour.
    int tour_length() const { return tour_length_; }
    int current() const { return current_; } // -1 when the open scene is not in the list
    // The tour stop the user is at: the open scene's, else the one it was saved from (-1).
    int tour_place() const { return tour_place_; }
    const std::filesystem::path& current_path() const { return current_path_; }
    // The open scene is now `path`; a folder (a path without a file name) is an untitled
    // scene there (a new one, a link's), which is at no stop of the tour.
    void set_current(const std::filesystem::path& path);

    // The scene after (or before) the current one, wrapping around; the current one if alone.
    // From a scene off the list the tour goes on from tour_place() (PageUp: back to it).
    std::filesystem::path next(int step) const;

private:
    std::vector<std::filesystem::path> scenes_;
    std::vector<std::string> titles_;
    std::vector<std::string> sections_;
    int tour_place_ = -1;
    std::filesystem::path current_path_;
    int current_ = -1;
    int tour_length_ = 0;
};

// The file names a tour.txt lists, in order: one a line; blank lines and lines starting with
// '#' are skipped, and so is surrounding white space.
std::vector<std::string> read_tour(const std::filesystem::path& tour_file);

// A tour stop and its section: the last comment line right above the stop's group of names
// ("# The world: whole scenes..." gives "The world: whole scenes..."); a comment block followed
// by a blank line (the file's header) is no section.
struct TourStop {
    std::string name;
    std::string section;
};
std::vector<TourStop> read_tour_stops(const std::filesystem::path& tour_file);

// The "title" of a scene file; empty when it has none or the file does not read as JSON.
std::string scene_title(const std::filesystem::path& scene_file);

} // namespace ccdlab
