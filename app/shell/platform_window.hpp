#pragma once
// PlatformWindow: the GLFW window with its OpenGL 3.3 core context (loaded by glad) and the
// Dear ImGui context and backends. One per process; everything is torn down in the destructor.
// In a browser (the web build, __EMSCRIPTEN__) the same class is emscripten's GLFW on a WebGL 2
// canvas: the frames run from the browser's main loop, the clipboard is the page's, and a file
// the app writes for the user is offered as a download. Every difference between the two is in
// platform_window.cpp.

#include "input_queue.hpp"

#include "ccd/vec2.hpp"

#include <imgui.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

struct GLFWwindow;

namespace ccdlab {

// No window could be made: typically no display. what() is one line.
class WindowError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class PlatformWindow {
public:
    // `visible` false makes an offscreen-only window (screenshots). `fit_screen`: a size
    // from the settings or the default, shrunk to fit the primary screen's work area with the
    // window's frame (a size the user gave is kept).
    PlatformWindow(const char* title, int width, int height, bool visible, bool fit_screen = false);
    ~PlatformWindow();
    PlatformWindow(const PlatformWindow&) = delete;
    PlatformWindow& operator=(const PlatformWindow&) = delete;

    bool should_close() const;
    // The window's close button does not close it: it asks, once (the app may have unsaved
    // changes). close() closes it.
    bool take_close_request();
    void request_close() { close_requested_ = true; }
    void close();
    // Blocks until there is input, unless a redraw is still wanted (input or animation in the
    // last few frames): an idle window costs no CPU. With `timeout_seconds` > 0, waits at most
    // that long (an autosave that comes due).
    void wait_for_events(double timeout_seconds = 0.0);
    // An input event from the window's callbacks: ImGui sees it in a later frame (begin_frame),
    // never merged with a later change of the same key or button (input_queue.hpp).
    void queue_input(const InputEvent& event);
    void keep_drawing(int frames) {
        redraw_frames_ = frames > redraw_frames_ ? frames : redraw_frames_;
    }
    // Whether the next frame is wanted (input queued, or redraws left); when not, the next
    // wait_for_events blocks (in a browser the page's loop pauses) until input, or until the
    // last `timeout_seconds` given to wait_for_events (idle_timeout) has passed.
    bool wants_frame() const;
    double idle_timeout() const { return idle_timeout_; }

    // Calls `frame` until the window closes, then `finish`. In a browser the page's main loop
    // calls `frame` (at most 60 times a second, paused while the app idles: no frame wanted, as
    // natively wait_for_events blocks) and this never returns: `finish` runs once the window
    // closes (Ctrl+Q), and the page then says the app has quit.
    void run_frames(const std::function<void()>& frame, const std::function<void()>& finish);
    // A scene file dropped on the window (in a browser: a file dropped on the page, copied into
    // its memory), once.
    std::optional<std::filesystem::path> take_dropped_file();

    void begin_frame(); // ImGui new frame, with this frame's share of the queued input
    void render_ui();   // draws ImGui's draw data into the bound framebuffer
    void swap_buffers();

    ccd::Vec2 window_size() const;    // in window (screen) pixels
    double framebuffer_scale() const; // framebuffer pixels per window pixel
    void set_title(const char* title);
    // Keeps ImGui's window layout in `ini_file` between runs (off by default).
    void persist_layout(const std::filesystem::path& ini_file);
    // The framebuffer's size in pixels.
    int framebuffer_width() const;
    int framebuffer_height() const;

private:
    GLFWwindow* window_ = nullptr;
    int redraw_frames_ = 3;
    double idle_timeout_ = 0.0;
    std::string ini_file_; // ImGui keeps a pointer to it
    bool close_requested_ = false;
    InputQueue input_;
    std::optional<std::filesystem::path> dropped_;
    bool buttons_down_[5] = {};
    ImVec2 pointer_;
    bool pointer_known_ = false;

    void replay_input();

public:
    void drop_file(const std::filesystem::path& path) { dropped_ = path; }
};

// The app wrote `path` for the user (a saved scene, an exported fixture, a screenshot): nothing
// more to do natively; in a browser, whose files live in the page's memory, the file is offered
// as a download.
void file_written(const std::filesystem::path& path);

} // namespace ccdlab
