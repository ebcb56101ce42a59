// Reading a scene file: only a regular file, within kMaxSceneFileBytes, asked before anything is
// read; anything else is one located error (docs/scene-format.md, "Limits"; docs/cli.md).
#include "ccd/scene_limits.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

std::string error_of(const fs::path& path) {
    try {
        ccd::load_scene_file(path);
    } catch (const ccd::SceneError& e) {
        return e.what();
    }
    return "(no error)";
}

fs::path scratch(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("ccdlab-scene-file-" + std::to_string(getpid()));
    fs::create_directories(dir);
    return dir / name;
}

// A FIFO with no writer: opening it to read blocked for ever.
TEST(SceneFile, AFifoIsRefusedWithoutBlocking) {
    const fs::path fifo = scratch("fifo.json");
    fs::remove(fifo);
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_NE(error_of(fifo).find("is not a regular file"), std::string::npos) << error_of(fifo);
    fs::remove(fifo);
}

// /dev/zero: read until memory ran out (1.6 GB and growing).
TEST(SceneFile, ADeviceIsRefusedBeforeAnyRead) {
    EXPECT_EQ(error_of("/dev/zero"), "/dev/zero: is not a regular file (a FIFO, a device or a "
                                     "socket), not a scene file");
}

TEST(SceneFile, ADirectoryIsRefused) {
    const fs::path dir = scratch("dir.json");
    fs::create_directories(dir);
    EXPECT_NE(error_of(dir).find("is a directory"), std::string::npos);
}

// A sparse file one byte over the limit (no disk used): refused by its size, before it is read
// (a 1 GB sparse file took 2.1 GB and 14 s to be refused for its NUL bytes).
TEST(SceneFile, AFileOverTheSizeLimitIsRefusedBeforeItIsRead) {
    const fs::path big = scratch("big.json");
    { std::ofstream out(big); }
    fs::resize_file(big, ccd::kMaxSceneFileBytes + 1);
    EXPECT_NE(error_of(big).find(std::to_string(ccd::kMaxSceneFileBytes + 1) +
                                 " bytes, more than a scene file may have"),
              std::string::npos)
        << error_of(big);
    fs::remove(big);
}

TEST(SceneFile, ARegularFileStillLoads) {
    const fs::path file = scratch("ok.json");
    std::ofstream(file) << R"({"format": "ccdlab-scene", "version": 1})";
    EXPECT_EQ(error_of(file), "(no error)");
}

} // namespace
