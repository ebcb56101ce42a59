#pragma once
// What the end-to-end tests of the real app share: a scratch folder per test, which also holds
// the app's settings, and reading the JSON the app reports.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace ccdlab_test {

// An empty folder for the running test; the app's settings (last scene, window size, layout,
// autosave) go there ($XDG_CONFIG_HOME), not to the real ones.
inline std::filesystem::path scratch_dir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "ccdlab-gui-test" /
                                      info->test_suite_name() / info->name();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);
    return dir;
}

inline nlohmann::json read_json(const std::filesystem::path& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

} // namespace ccdlab_test
