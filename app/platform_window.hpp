#pragma once
// PlatformWindow: the GLFW window with its OpenGL 3.3 core context (loaded by glad) and the
// Dear ImGui context and backends. One per process; everything is torn down in the destructor.

#include "ccd/vec2.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

struct GLFWwindow;

namespace ccdlab {

// No window could be made: typically no display. what() is one line.
class WindowError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A key pressed (GLFW key and modifier codes), as it arrived: ImGui 1.86 has no input queue and
// misses a press and release within one frame, so commands are taken from these.
struct KeyPress {
    int key = 0;
    int mods = 0;
};

class PlatformWindow {
public:
    // `visible` false makes an offscreen-only window (screenshots).
    PlatformWindow(const char* title, int width, int height, bool visible);
    ~PlatformWindow();
    PlatformWindow(const PlatformWindow&) = delete;
    PlatformWindow& operator=(const PlatformWindow&) = delete;

    bool should_close() const;
    // The window's close button and Ctrl+Q do not close it: they ask, once (the app may have
    // unsaved changes). close() closes it.
    bool take_close_request();
    void request_close() { close_requested_ = true; }
    void close();
    // Blocks until there is input, unless a redraw is still wanted (input or animation in the
    // last few frames): an idle window costs no CPU. With `timeout_seconds` > 0, waits at most
    // that long (an autosave that comes due).
    void wait_for_events(double timeout_seconds = 0.0);
    // The keys pressed since the last call, in order.
    std::vector<KeyPress> take_key_presses();
    void add_key_press(KeyPress press) { key_presses_.push_back(press); }
    void keep_drawing(int frames) {
        redraw_frames_ = frames > redraw_frames_ ? frames : redraw_frames_;
    }

    void begin_frame(); // ImGui new frame
    void render_ui();   // draws ImGui's draw data into the bound framebuffer
    void swap_buffers();

    ccd::Vec2 window_size() const;    // in window (screen) pixels
    double framebuffer_scale() const; // framebuffer pixels per window pixel
    void set_title(const char* title);
    // Keeps ImGui's window layout in `ini_file` between runs (off by default).
    void persist_layout(const std::filesystem::path& ini_file);
    // True once after F12 was pressed (taken from the key event itself, like Ctrl+Q).
    bool take_screenshot_request();
    void request_screenshot() { screenshot_requested_ = true; }
    // The framebuffer's size in pixels.
    int framebuffer_width() const;
    int framebuffer_height() const;

private:
    GLFWwindow* window_ = nullptr;
    int redraw_frames_ = 3;
    std::string ini_file_; // ImGui keeps a pointer to it
    bool screenshot_requested_ = false;
    bool close_requested_ = false;
    std::vector<KeyPress> key_presses_;
};

} // namespace ccdlab
