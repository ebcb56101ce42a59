// SceneLibrary: a folder's scenes in the order of its guided tour (scenes/tour.txt).
#include "scene_library.hpp"

#include <gtest/gtest.h>

#include "scratch.hpp"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;

fs::path scratch_folder() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path folder = ccdlab_test::scratch_root() /
                            (std::string("library-") + info->test_suite_name() + info->name());
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

std::vector<std::string> names(const ccdlab::SceneLibrary& library) {
    std::vector<std::string> out;
    for (const fs::path& path : library.scenes())
        out.push_back(path.filename().string());
    return out;
}

TEST(SceneLibrary, TheTourComesFirstInItsOrderThenTheRestByName) {
    const fs::path folder = scratch_folder();
    for (const char* name : {"a.json", "b.json", "c.json", "d.json", "x.schema.json"})
        std::ofstream(folder / name) << "{}";
    // Comments, blank lines, white space, a name that is not there and a repeat are skipped.
    std::ofstream(folder / "tour.txt") << "# the tour\n\nc.json\n  missing.json\n\ta.json  \n"
                                          "c.json\n";
    const ccdlab::SceneLibrary library(folder / "a.json");
    EXPECT_EQ(names(library), (std::vector<std::string>{"c.json", "a.json", "b.json", "d.json"}));
    EXPECT_EQ(library.tour_length(), 2);
    EXPECT_EQ(library.current(), 1);
    EXPECT_EQ(library.next(1).filename(), "b.json");
    EXPECT_EQ(library.next(-1).filename(), "c.json");
}

// The shipped tour is complete: every scene of scenes/ is a stop, once, and every stop exists.
TEST(SceneLibrary, TheShippedTourListsEverySceneOnce) {
    const fs::path folder = CCDLAB_SCENES_DIR;
    const std::vector<std::string> tour = ccdlab::read_tour(folder / "tour.txt");
    const std::set<std::string> stops(tour.begin(), tour.end());
    EXPECT_EQ(stops.size(), tour.size()) << "a scene is listed twice";
    std::set<std::string> scenes;
    for (const auto& entry : fs::directory_iterator(folder)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() == ".json" && name.find(".schema.") == std::string::npos)
            scenes.insert(name);
    }
    for (const std::string& scene : scenes)
        EXPECT_TRUE(stops.count(scene)) << scene << " is not in scenes/tour.txt";
    for (const std::string& stop : stops)
        EXPECT_TRUE(scenes.count(stop)) << stop << " (scenes/tour.txt) is not a scene";
    EXPECT_EQ(ccdlab::SceneLibrary(folder / "default.json").tour_length(),
              static_cast<int>(scenes.size()));
    EXPECT_EQ(tour.front(), "default.json") << "the tour starts where ./dev.sh run opens";
}

} // namespace
