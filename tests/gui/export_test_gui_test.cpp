// End-to-end tests of Export test (Ctrl+Shift+E): the query lab's pair, and the world's
// selected event's pair at its frame's start, written as a C++ test with the right inputs.
#include "gui_test_support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::RunningApp;
using ccdlab_test::time_left;
using ccdlab_test::wait_for;
using nlohmann::json;

const std::string kScenes = CCDLAB_SCENES_DIR;

// A double as C's %a writes it: the literal the exported test must hold.
std::string hex(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%a", value);
    return text;
}

std::string read(const fs::path& path) {
    std::ifstream file(path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

class AppExportTest : public testing::Test {
protected:
    void SetUp() override { dir_ = ccdlab_test::scratch_dir(); }

    void start(const std::string& scene, std::vector<std::string> extra = {}) {
        std::vector<std::string> args = {"--scene",        kScenes + "/" + scene,
                                         "--size",         "1280x800",
                                         "--fixtures-dir", (dir_ / "fixtures").string()};
        args.insert(args.end(), extra.begin(), extra.end());
        app_ = std::make_unique<RunningApp>(dir_, args);
    }

    // Ctrl+Shift+E, then Enter: the path offered; waits until the report names the file.
    fs::path export_test() {
        app_->key("ctrl+shift+e");
        EXPECT_TRUE(wait_for([&] { return app_->session()["dialog"] == "export-test"; }))
            << app_->session().dump();
        app_->key("Return");
        const fs::path folder = dir_ / "exported-tests";
        EXPECT_TRUE(wait_for([&] {
            const std::string written = app_->session()["last_export"];
            return written.starts_with(folder.string()) && written.ends_with("_test.cpp") &&
                   fs::exists(written);
        })) << app_->session().dump();
        return app_->session()["last_export"].get<std::string>();
    }

    void quit() {
        app_->key("ctrl+q");
        EXPECT_EQ(app_->wait_for_exit(time_left()), 0) << "the app did not quit on Ctrl+Q";
    }

    fs::path dir_;
    std::unique_ptr<RunningApp> app_;
};

TEST_F(AppExportTest, TheQueryLabsPairIsWrittenAsAGoogleTestOfItsInputs) {
    start("default.json");
    const json shown = app_->report();
    ASSERT_FALSE(shown["hit"].is_null());
    const fs::path file = export_test();
    const std::string text = read(file);
    EXPECT_NE(text.find("#include <gtest/gtest.h>"), std::string::npos);
    const double x = shown["mover"]["center"][0], y = shown["mover"]["center"][1];
    EXPECT_NE(text.find("ccd::Circle{{" + hex(x) + ", " + hex(y) + "}"), std::string::npos) << text;
    // The lab's t, to the last bit, in the comment.
    const std::string marker = "first contact at t = ";
    const std::size_t at = text.find(marker);
    ASSERT_NE(at, std::string::npos) << text;
    EXPECT_EQ(std::stod(text.substr(at + marker.size())), shown["hit"]["t"].get<double>());
    EXPECT_NE(text.find("ccdlab --link '"), std::string::npos);
    EXPECT_NE(app_->session()["status"].get<std::string>().find(file.string()), std::string::npos)
        << "where it was written is shown";
    quit();
}

TEST_F(AppExportTest, TheWorldsSelectedEventIsItsPairAtTheFramesStart) {
    // Seed 004's A-B-C: A, radius 0.5 at (0, 0) moving 10 a frame, meets B, radius 0.5 at
    // (3, 0), when 3 - 10 t = 1: t = 0.2, the normal (-1, 0) from B toward A.
    start("seed004-a-hits-b-first.json", {"--t", "0"});
    app_->key("period");
    ASSERT_TRUE(wait_for([&] { return app_->report()["selected_event"] == 0; }));
    const fs::path file = export_test();
    EXPECT_NE(file.filename().string().find("-frame-0_test.cpp"), std::string::npos) << file;
    const std::string text = read(file);
    EXPECT_NE(text.find("event 0 of frame 0"), std::string::npos) << text;
    EXPECT_NE(text.find("ccd::Swept{ccd::Circle{{0x0p+0, 0x0p+0}, 0x1p-1}, "
                        "ccd::Translation{{0x1.4p+3, 0x0p+0}}}"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("ccd::Swept{ccd::Circle{{0x1.8p+1, 0x0p+0}, 0x1p-1}"), std::string::npos);
    EXPECT_NE(text.find("first contact at t = 0.2, point (2.5, 0), normal (-1, 0)"),
              std::string::npos)
        << text;
    quit();
}

} // namespace
