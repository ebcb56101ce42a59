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

TEST(SceneLibrary, TourStopsCarryTheCommentAboveTheirGroupAsTheirSection) {
    const fs::path folder = scratch_folder();
    std::ofstream(folder / "tour.txt") << "# The header: not a section.\n# Its second line.\n\n"
                                          "# First steps\na.json\nb.json\n\n"
                                          "#   Second steps  \n c.json\n";
    const std::vector<ccdlab::TourStop> stops = ccdlab::read_tour_stops(folder / "tour.txt");
    ASSERT_EQ(stops.size(), 3u);
    EXPECT_EQ(stops[0].name, "a.json");
    EXPECT_EQ(stops[0].section, "First steps");
    EXPECT_EQ(stops[1].section, "First steps");
    EXPECT_EQ(stops[2].name, "c.json");
    EXPECT_EQ(stops[2].section, "Second steps");
}

TEST(SceneLibrary, TitlesAreTheScenesTitleFields) {
    const fs::path folder = scratch_folder();
    std::ofstream(folder / "a.json") << R"({"title": "A ball against a wall"})";
    std::ofstream(folder / "b.json") << "not JSON";
    const ccdlab::SceneLibrary library(folder / "a.json");
    ASSERT_EQ(library.titles().size(), 2u);
    EXPECT_EQ(library.titles()[0], "A ball against a wall");
    EXPECT_EQ(library.titles()[1], "");
}

TEST(SceneLibrary, AFolderElsewhereComesAfterTheBundledTourWhichKeepsItsPlace) {
    // The bundled folder's tour: x, y, z. The open scene was saved from y (stop 2) into another
    // folder with m.json: the list is x, y, z, m; "tour 2 / 3"; PageDown goes on to z and
    // PageUp back to y.
    const fs::path root = scratch_folder();
    const fs::path bundled = root / "bundled", elsewhere = root / "elsewhere";
    fs::create_directories(bundled);
    fs::create_directories(elsewhere);
    for (const char* name : {"x.json", "y.json", "z.json"})
        std::ofstream(bundled / name) << "{}";
    std::ofstream(bundled / "tour.txt") << "# Tour\nx.json\ny.json\nz.json\n";
    std::ofstream(elsewhere / "m.json") << "{}";
    const ccdlab::SceneLibrary library(elsewhere / "m.json", bundled, 1);
    EXPECT_EQ(names(library), (std::vector<std::string>{"x.json", "y.json", "z.json", "m.json"}));
    EXPECT_EQ(library.tour_length(), 3);
    EXPECT_EQ(library.current(), 3);
    EXPECT_EQ(library.tour_place(), 1);
    EXPECT_EQ(library.sections()[0], "Tour");
    EXPECT_EQ(library.next(1), bundled / "z.json");
    EXPECT_EQ(library.next(-1), bundled / "y.json");
    // Opened from the bundled folder itself, it is the plain folder list; at a stop, the
    // place is that stop.
    const ccdlab::SceneLibrary at_home(bundled / "z.json", bundled, 0);
    EXPECT_EQ(names(at_home), (std::vector<std::string>{"x.json", "y.json", "z.json"}));
    EXPECT_EQ(at_home.tour_place(), 2);
    EXPECT_EQ(at_home.next(1), bundled / "x.json");
}

} // namespace
