#pragma once
// What the end-to-end tests of the real app share: a scratch folder per test, which also holds
// the app's settings, and reading the JSON the app reports.

#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scratch.hpp"
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace ccdlab_test {

// An empty folder for the running test; the app's settings (last scene, window size, layout,
// autosave) go there ($XDG_CONFIG_HOME), not to the real ones.
inline std::filesystem::path scratch_dir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path dir =
        ccdlab_test::scratch_root() / "gui" / info->test_suite_name() / info->name();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);
    return dir;
}

// Holds `keys` (xdotool's names, e.g. ctrl+s) for 0.2 s in the window, then waits 0.1 s.
inline CommandResult key_in_window(const std::string& window, const std::string& keys) {
    return run_command("xdotool windowfocus --sync " + window + " keydown " + keys +
                       " sleep 0.2 keyup " + keys + " sleep 0.1");
}

// Types `text` into the window, 40 ms a character.
inline CommandResult type_in_window(const std::string& window, const std::string& text) {
    return run_command("xdotool windowfocus --sync " + window + " type --delay 40 '" + text + "'");
}

// Focuses the window, presses the left button at (fx, fy) in its pixels, moves in four steps to
// (tx, ty) and releases, pausing between steps. The focus first: ImGui's GLFW backend reads the
// pointer only in a focused window (else the press lands on no handle and nothing moves). The
// window must be shown: the tests find it with `xdotool search --sync --onlyvisible`, since on
// a loaded machine the app may report its first frame before X has mapped its window.
inline CommandResult drag_in_window(const std::string& window, double fx, double fy, double tx,
                                    double ty) {
    const auto at = [&](double x, double y) {
        return " mousemove --window " + window + " " + std::to_string(std::lround(x)) + " " +
               std::to_string(std::lround(y));
    };
    std::string command =
        "xdotool windowfocus --sync " + window + at(fx, fy) + " sleep 0.2 mousedown 1 sleep 0.2";
    for (int i = 1; i <= 4; ++i)
        command += at(fx + (tx - fx) * i / 4, fy + (ty - fy) * i / 4) + " sleep 0.1";
    return run_command(command + " sleep 0.2 mouseup 1 sleep 0.2");
}

inline nlohmann::json read_json(const std::filesystem::path& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

// The canvas's scale in a report: its height in pixels over the world height it shows.
inline double pixels_per_unit(const nlohmann::json& report) {
    const nlohmann::json& canvas = report["layout"]["canvas"];
    return canvas["height_px"].get<double>() /
           (canvas["visible_hi"][1].get<double>() - canvas["visible_lo"][1].get<double>());
}

} // namespace ccdlab_test
