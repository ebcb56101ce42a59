#pragma once
// What the end-to-end tests of the real app share: a scratch folder per test, which also holds
// the app's settings; the app launched, either for one frame rendered offscreen
// (take_screenshot) or as a window the test drives (RunningApp: started under the test's X
// display, its report waited for until it shows the state the test needs, its window found and
// focused); a PNG's pixels; the JSON the app reports.

#include "process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <stb_image.h>

#include "scratch.hpp"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ccdlab_test {

// A test waits for the state it needs, never for a time: every wait polls the app's report (or a
// file, or the process) until what it asks for holds. One cap for the whole test ends the waits
// that never end (a hang), with the state shown: far beyond what a loaded machine takes (it may
// draw a frame a second, and take two frames per key of a typed path). CTest's TIMEOUT for these
// tests is longer still (tests/CMakeLists.txt).
inline constexpr std::chrono::seconds kTestHangCap{240};

// When the running test's cap runs out: kTestHangCap after its scratch folder was made (or its
// first wait).
inline std::chrono::steady_clock::time_point test_deadline(bool restart = false) {
    static const testing::TestInfo* test = nullptr;
    static std::chrono::steady_clock::time_point deadline;
    const testing::TestInfo* running = testing::UnitTest::GetInstance()->current_test_info();
    if (restart || running != test) {
        test = running;
        deadline = std::chrono::steady_clock::now() + kTestHangCap;
    }
    return deadline;
}

// What is left of the running test's cap (none once it has run out).
inline std::chrono::milliseconds time_left() {
    const auto left = test_deadline() - std::chrono::steady_clock::now();
    return std::max(std::chrono::milliseconds(0),
                    std::chrono::duration_cast<std::chrono::milliseconds>(left));
}

// Polls `condition` until it holds (true), or the test's cap runs out (false: a hang).
template <class Condition>
bool wait_for(Condition condition) {
    return eventually(condition, time_left());
}

// An empty folder for the running test; the app's settings (last scene, window size, layout,
// autosave) go there ($XDG_CONFIG_HOME), not to the real ones.
inline std::filesystem::path scratch_dir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path dir =
        ccdlab_test::scratch_root() / "gui" / info->test_suite_name() / info->name();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);
    test_deadline(true);
    return dir;
}

// `scene` as the app is given it: a path when it holds a '/', else a file of scenes/.
inline std::string scene_file(const std::string& scene) {
    if (scene.find('/') != std::string::npos) return scene;
    return std::string(CCDLAB_SCENES_DIR) + "/" + scene;
}

// `text` quoted for /bin/sh.
inline std::string shell_quoted(const std::string& text) {
    std::string quoted = "'";
    for (const char c : text)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// Holds `keys` (xdotool's names, e.g. ctrl+s) for 0.2 s in the window, then waits 0.1 s.
inline CommandResult key_in_window(const std::string& window, const std::string& keys) {
    return run_command("xdotool windowfocus --sync " + window + " keydown " + keys +
                       " sleep 0.2 keyup " + keys + " sleep 0.1");
}

// Types `text` into the window, 40 ms a character.
inline CommandResult type_in_window(const std::string& window, const std::string& text) {
    return run_command("xdotool windowfocus --sync " + window + " type --delay 40 " +
                       shell_quoted(text));
}

// Focuses the window, presses the left button at (fx, fy) in its pixels, moves in four steps to
// (tx, ty) and releases, pausing between steps. The focus first: ImGui's GLFW backend reads the
// pointer only in a focused window (else the press lands on no handle and nothing moves). The
// window must be shown: RunningApp finds it with `xdotool search --sync --onlyvisible`, since on
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

struct Rgb {
    int r, g, b;
};

// A PNG's pixels (as RGB); not loaded when the file is missing or not (yet) a whole PNG.
class Image {
public:
    explicit Image(const std::filesystem::path& path) {
        pixels_.reset(stbi_load(path.c_str(), &width_, &height_, &channels_, 3));
    }
    bool loaded() const { return pixels_ != nullptr; }
    int width() const { return width_; }
    int height() const { return height_; }
    Rgb at(int x, int y) const {
        const unsigned char* p = pixels_.get() + (static_cast<std::size_t>(y) * width_ + x) * 3;
        return {p[0], p[1], p[2]};
    }
    // True if any pixel within `radius` of (x, y) satisfies `predicate`.
    template <class Predicate>
    bool any_near(double x, double y, int radius, Predicate predicate) const {
        for (int dy = -radius; dy <= radius; ++dy)
            for (int dx = -radius; dx <= radius; ++dx) {
                const int px = static_cast<int>(std::lround(x)) + dx;
                const int py = static_cast<int>(std::lround(y)) + dy;
                if (px >= 0 && py >= 0 && px < width_ && py < height_ && predicate(at(px, py)))
                    return true;
            }
        return false;
    }

private:
    struct Free {
        void operator()(unsigned char* p) const { stbi_image_free(p); }
    };
    std::unique_ptr<unsigned char, Free> pixels_;
    int width_ = 0, height_ = 0, channels_ = 0;
};

// One frame rendered offscreen and the app's report of it.
struct Screenshot {
    nlohmann::json report;
    Image image;
};

// Runs `ccdlab ARGS --screenshot DIR/shot.png --report DIR/report.json` (ARGS: the scene and
// the rest, without --screenshot and --report; DIR made if need be) and reads what it wrote;
// std::runtime_error with the app's output when it fails.
inline Screenshot take_screenshot(const std::vector<std::string>& args,
                                  const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    const std::filesystem::path shot = dir / "shot.png", report = dir / "report.json";
    std::string command = shell_quoted(CCDLAB_APP);
    for (const std::string& arg : args)
        command += " " + shell_quoted(arg);
    command += " --screenshot " + shell_quoted(shot) + " --report " + shell_quoted(report);
    const CommandResult result = run_command(command);
    if (result.exit_code != 0)
        throw std::runtime_error(command + " exited with " + std::to_string(result.exit_code) +
                                 ": " + result.output);
    return {read_json(report), Image(shot)};
}

// What a RunningApp waits for in its report before the test goes on.
using ReportCondition = std::function<bool(const nlohmann::json& report)>;

// The real ccdlab as a window the test drives with xdotool (XTEST events through the X server,
// GLFW and ImGui), started in `dir` (F12's screenshots go there) with `--report dir/report.json`
// after `args`. The constructor returns once the report shows what `ready` asks (by default
// any report) and the window whose name matches `title` (a regular expression) is shown and
// focused; it throws std::runtime_error when that does not come. The app is killed at the end if
// it still runs.
class RunningApp {
public:
    RunningApp(const std::filesystem::path& dir, std::vector<std::string> args,
               const std::string& title = "^ccdlab - ", const ReportCondition& ready = {})
        : dir_(dir), report_(dir / "report.json") {
        using namespace std::chrono_literals;
        if (run_command("command -v xdotool").exit_code != 0)
            throw std::runtime_error("xdotool is missing");
        std::filesystem::remove(report_);
        args.insert(args.begin(), CCDLAB_APP);
        args.insert(args.end(), {"--report", report_.string()});
        process_ = std::make_unique<BackgroundProcess>(args, dir_.string());
        if (!wait_for([&] { return shows(ready); }))
            throw std::runtime_error(std::filesystem::exists(report_)
                                         ? "the report never showed the state asked for: " +
                                               report().dump()
                                         : "the app wrote no report");
        const CommandResult search =
            run_command("timeout " + std::to_string(time_left().count() / 1000 + 1) +
                        " xdotool search --sync --onlyvisible --name " + shell_quoted(title));
        window_ = search.output.substr(0, search.output.find('\n'));
        if (search.exit_code != 0 || window_.empty())
            throw std::runtime_error("no window shown named " + title + ": " + search.output);
        run_command("xdotool windowfocus --sync " + window_);
    }

    const std::filesystem::path& dir() const { return dir_; }
    const std::filesystem::path& report_path() const { return report_; }
    const std::string& window() const { return window_; }
    nlohmann::json report() const { return read_json(report_); }
    nlohmann::json session() const { return report()["session"]; }
    bool running() { return process_->running(); }
    std::optional<int> wait_for_exit(std::chrono::milliseconds timeout) {
        return process_->wait_for_exit(timeout);
    }

    // Holds `keys` (xdotool's names, e.g. ctrl+s) for 0.2 s: ImGui 1.86 loses a press and
    // release that arrive within one frame.
    void key(const std::string& keys) const { expect_ok(key_in_window(window_, keys)); }
    void type(const std::string& text) const { expect_ok(type_in_window(window_, text)); }
    // Presses the left button at (fx, fy), moves in steps to (tx, ty), releases.
    void drag(double fx, double fy, double tx, double ty) const {
        expect_ok(drag_in_window(window_, fx, fy, tx, ty));
    }
    // Drags the handle the report names `handle` (in its "handles_px") by (dx, dy) pixels.
    void drag_handle(const std::string& handle, double dx, double dy) const {
        const nlohmann::json at = report().at("handles_px").at(handle);
        const double x = at[0], y = at[1];
        drag(x, y, x + dx, y + dy);
    }
    void move_to(double x, double y) const {
        expect_ok(run_command("xdotool mousemove --window " + window_ + " " + pixel(x) + " " +
                              pixel(y) + " sleep 0.2"));
    }
    void click(double x, double y) const {
        move_to(x, y);
        expect_ok(run_command("xdotool mousedown 1 sleep 0.2 mouseup 1 sleep 0.2"));
    }

    // F12: the screenshot of the window it writes (a new ccdlab-*.png in dir()), once whole;
    // std::runtime_error when none comes.
    Image screenshot() {
        using namespace std::chrono_literals;
        const std::set<std::filesystem::path> before = screenshots();
        key("F12");
        std::filesystem::path shot;
        const bool written = wait_for([&] {
            for (const std::filesystem::path& path : screenshots())
                if (!before.contains(path)) shot = path;
            return !shot.empty() && Image(shot).loaded();
        });
        if (!written) throw std::runtime_error("F12 wrote no ccdlab-*.png in " + dir_.string());
        return Image(shot);
    }

    // Ctrl+Q, and Discard when the report had unsaved changes (the app asks first then); the exit
    // status, or nothing when the app did not quit.
    std::optional<int> quit() {
        using namespace std::chrono_literals;
        const bool dirty = session()["dirty"].get<bool>();
        key("ctrl+q");
        if (dirty) {
            EXPECT_TRUE(wait_for([&] { return session()["dialog"] == "unsaved-changes"; }))
                << "quitting with unsaved changes asks first: " << session().dump();
            key("d");
        }
        return wait_for_exit(time_left());
    }

private:
    // Whether the report is there, whole, and shows what `ready` asks.
    bool shows(const ReportCondition& ready) const {
        if (!std::filesystem::exists(report_)) return false;
        try {
            return !ready || ready(report());
        } catch (const nlohmann::json::exception&) {
            return false;
        }
    }

    std::set<std::filesystem::path> screenshots() const {
        std::set<std::filesystem::path> found;
        for (const auto& entry : std::filesystem::directory_iterator(dir_))
            if (entry.path().filename().string().starts_with("ccdlab-") &&
                entry.path().extension() == ".png")
                found.insert(entry.path());
        return found;
    }

    static std::string pixel(double coordinate) { return std::to_string(std::lround(coordinate)); }

    static void expect_ok(const CommandResult& result) {
        EXPECT_EQ(result.exit_code, 0) << result.output;
    }

    std::filesystem::path dir_, report_;
    std::unique_ptr<BackgroundProcess> process_;
    std::string window_;
};

} // namespace ccdlab_test
