#include "platform_window.hpp"

#include "settings.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <cfloat>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>

namespace ccdlab {
namespace {

#ifdef __EMSCRIPTEN__
// WebGL 2 is OpenGL ES 3.0; its shaders are GLSL ES 3.00.
constexpr const char* kGlslVersion = "#version 300 es";

// The EM_JS bodies are JavaScript, which clang-format would break (it splits "=>").
// clang-format off
// The page's clipboard: what the app copied (also handed to the browser's clipboard, which a
// page may write but not read), or what the user pasted into the page (web/shell.html keeps
// it in Module.ccdlabClipboard).
EM_JS(void, set_page_clipboard, (const char* text), {
    Module.ccdlabClipboard = UTF8ToString(text);
    if (navigator.clipboard)
        navigator.clipboard.writeText(Module.ccdlabClipboard).catch(function() {});
});
EM_JS(char*, page_clipboard, (), {
    const text = Module.ccdlabClipboard || "";
    const size = lengthBytesUTF8(text) + 1;
    const copy = _malloc(size);
    stringToUTF8(text, copy, size);
    return copy;
});
// clang-format on
std::string clipboard_text;
void set_clipboard(void*, const char* text) {
    set_page_clipboard(text);
}
const char* get_clipboard(void*) {
    char* text = page_clipboard();
    clipboard_text = text;
    std::free(text);
    return clipboard_text.c_str();
}

// A file of the page's memory file system, downloaded by the browser under its own name.
// clang-format off
EM_JS(void, download_file, (const char* path), {
    const name = UTF8ToString(path);
    const blob = new Blob([FS.readFile(name)]);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name.split("/").pop();
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function() { URL.revokeObjectURL(link.href); }, 10000);
});
EM_JS(void, say_quit, (), {
    if (Module.ccdlabQuit) Module.ccdlabQuit();
});
// After each frame, while the canvas still holds it (web/shell.html: the first frame hides the
// loading message, a test can ask for a picture).
EM_JS(void, say_frame_drawn, (int frame), {
    if (Module.ccdlabFrameDrawn) Module.ccdlabFrameDrawn(frame);
});

// When the app idles (no input queued, no redraw wanted): the page knows its report is current.
EM_JS(void, say_idle, (), {
    if (Module.ccdlabIdle) Module.ccdlabIdle();
});

// clang-format on

// The page's main loop runs while the app wants frames and is paused while it idles, as the
// native app blocks in glfwWaitEvents: input (the window's callbacks), a timer that comes due
// (an autosave) or the page asking for frames (ccdlab_draw_frames) resumes it.
std::function<void()> browser_frame, browser_finish;
PlatformWindow* browser_window = nullptr;
bool browser_loop_paused = false;

void resume_browser_loop() {
    if (!browser_loop_paused) return;
    browser_loop_paused = false;
    emscripten_resume_main_loop();
}

void draw_after_timeout(void*) {
    browser_window->keep_drawing(1);
    resume_browser_loop();
}

void run_browser_frame() {
    if (browser_window->should_close()) {
        emscripten_cancel_main_loop();
        browser_finish();
        say_quit();
        return;
    }
    if (!browser_window->wants_frame()) {
        browser_loop_paused = true;
        emscripten_pause_main_loop();
        const double timeout = browser_window->idle_timeout();
        if (timeout > 0.0) // a few milliseconds late rather than early: the frame then acts
            emscripten_async_call(draw_after_timeout, nullptr, static_cast<int>(timeout * 1e3) + 5);
        say_idle();
        return;
    }
    browser_frame();
    static int frames = 0;
    say_frame_drawn(++frames);
}
#else
constexpr const char* kGlslVersion = "#version 330 core";

void resume_browser_loop() {} // natively the loop waits in wait_for_events
#endif

std::string last_glfw_error = "unknown GLFW error";

void remember_glfw_error(int /*code*/, const char* description) {
    last_glfw_error = description;
}

PlatformWindow* self_of(GLFWwindow* window) {
    return static_cast<PlatformWindow*>(glfwGetWindowUserPointer(window));
}
// Any input means the next frames must be drawn.
void wake(GLFWwindow* window) {
    if (auto* self = self_of(window)) self->keep_drawing(4);
    resume_browser_loop();
}
void queue(GLFWwindow* window, const InputEvent& event) {
    if (auto* self = self_of(window)) self->queue_input(event);
    resume_browser_loop();
}
// Keys, text, buttons, pointer and wheel go to the input queue; ImGui sees them a frame's share
// at a time (begin_frame).
void on_cursor(GLFWwindow* w, double x, double y) {
    queue(w, {InputEvent::Kind::MouseMove, 0, false, x, y});
}
void on_button(GLFWwindow* w, int button, int action, int) {
    queue(w, {InputEvent::Kind::MouseButton, button, action == GLFW_PRESS, 0, 0});
}
void on_scroll(GLFWwindow* w, double x, double y) {
    queue(w, {InputEvent::Kind::Wheel, 0, false, x, y});
}
void on_key(GLFWwindow* w, int key, int, int action, int) {
    if (action == GLFW_REPEAT) return wake(w); // ImGui repeats held keys itself
    queue(w, {InputEvent::Kind::Key, key, action == GLFW_PRESS, 0, 0});
}
void on_char(GLFWwindow* w, unsigned int c) {
    queue(w, {InputEvent::Kind::Text, static_cast<int>(c), false, 0, 0});
}
// The close button does not close the window: the app decides (unsaved changes).
void on_close(GLFWwindow* w) {
    glfwSetWindowShouldClose(w, GLFW_FALSE);
    if (auto* self = self_of(w)) self->request_close();
    wake(w);
}
void on_focus(GLFWwindow* w, int focused) {
    ImGui_ImplGlfw_WindowFocusCallback(w, focused);
    wake(w);
}
void on_enter(GLFWwindow* w, int entered) {
    ImGui_ImplGlfw_CursorEnterCallback(w, entered);
    wake(w);
}
void on_size(GLFWwindow* w, int, int) {
    wake(w);
}
void on_refresh(GLFWwindow* w) {
    wake(w);
}
// Of several files dropped at once, the first is opened.
void on_drop(GLFWwindow* w, int count, const char** paths) {
    if (auto* self = self_of(w); self && count > 0) self->drop_file(paths[0]);
    wake(w);
}

// ImGui 1.86's modifiers follow the keys that are down (as its GLFW backend does).
void update_modifiers(ImGuiIO& io) {
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
}

void load_font(ImGuiIO& io) {
    // A readable UI font when Debian's fonts-dejavu-core is there; ImGui's own otherwise.
    const char* path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    if (std::filesystem::exists(path) && io.Fonts->AddFontFromFileTTF(path, 15.0f)) return;
    io.Fonts->AddFontDefault();
}

#ifndef __EMSCRIPTEN__ // a page's canvas has no screen to fit
// The primary screen's work area (its size less the desktop's panels): its top-left corner and
// size; a size of 0 x 0 when GLFW cannot tell.
std::pair<ccd::Vec2, PixelSize> screen_work_area() {
    int x = 0, y = 0, w = 0, h = 0;
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor())
        glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h);
    return {{static_cast<double>(x), static_cast<double>(y)}, {w, h}};
}

// A window opened at a size from the settings or the default, shrunk to the work area with
// its frame and moved into it when it did not fit.
void fit_to_screen(GLFWwindow* window, PixelSize asked) {
    const auto [corner, area] = screen_work_area();
    int left = 0, top = 0, right = 0, bottom = 0;
    glfwGetWindowFrameSize(window, &left, &top, &right, &bottom);
    const PixelSize fitted = window_size_within(asked, area, {left + right, top + bottom});
    if (fitted == asked) return;
    glfwSetWindowSize(window, fitted.width, fitted.height);
    glfwSetWindowPos(window, static_cast<int>(corner.x) + left, static_cast<int>(corner.y) + top);
}
#endif

} // namespace

PlatformWindow::PlatformWindow(const char* title, int width, int height, bool visible,
                               bool fit_screen) {
    glfwSetErrorCallback(remember_glfw_error);
    if (!glfwInit()) throw WindowError(last_glfw_error);
#ifdef __EMSCRIPTEN__
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
#else
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#endif
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
#ifdef __EMSCRIPTEN__
    (void)fit_screen;
    window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
#else
    const PixelSize asked{width, height};
    const PixelSize first =
        fit_screen ? window_size_within(asked, screen_work_area().second, {}) : asked;
    window_ = glfwCreateWindow(first.width, first.height, title, nullptr, nullptr);
    if (window_ && fit_screen) fit_to_screen(window_, first); // now that its frame is known
#endif
    if (!window_) {
        glfwTerminate();
        throw WindowError("cannot create an OpenGL 3.3 core window: " + last_glfw_error);
    }
    glfwMakeContextCurrent(window_);
#ifndef __EMSCRIPTEN__ // WebGL's functions need no loader
    if (!gladLoadGL(glfwGetProcAddress)) {
        glfwDestroyWindow(window_);
        glfwTerminate();
        throw WindowError("cannot load the OpenGL 3.3 functions");
    }
#endif
    glfwSwapInterval(1);
    glfwSetWindowUserPointer(window_, this);
    glfwSetCursorPosCallback(window_, on_cursor);
    glfwSetMouseButtonCallback(window_, on_button);
    glfwSetScrollCallback(window_, on_scroll);
    glfwSetKeyCallback(window_, on_key);
    glfwSetCharCallback(window_, on_char);
    glfwSetWindowFocusCallback(window_, on_focus);
    glfwSetCursorEnterCallback(window_, on_enter);
    glfwSetWindowSizeCallback(window_, on_size);
    glfwSetWindowRefreshCallback(window_, on_refresh);
    glfwSetWindowCloseCallback(window_, on_close);
    glfwSetDropCallback(window_, on_drop);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // the layout is fixed for now; nothing to persist
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 0.0f;
    load_font(io);
    ImGui_ImplGlfw_InitForOpenGL(window_, false); // our callbacks queue the input
    ImGui_ImplOpenGL3_Init(kGlslVersion);
#ifdef __EMSCRIPTEN__
    io.SetClipboardTextFn = set_clipboard;
    io.GetClipboardTextFn = get_clipboard;
#endif
}

PlatformWindow::~PlatformWindow() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window_);
    glfwTerminate();
}

bool PlatformWindow::should_close() const {
    return glfwWindowShouldClose(window_) != 0;
}

bool PlatformWindow::take_close_request() {
    const bool requested = close_requested_;
    close_requested_ = false;
    return requested;
}

void PlatformWindow::close() {
    glfwSetWindowShouldClose(window_, GLFW_TRUE);
}

void PlatformWindow::queue_input(const InputEvent& event) {
    input_.push(event);
    keep_drawing(4);
}

bool PlatformWindow::wants_frame() const {
    return !input_.empty() || redraw_frames_ > 0;
}

void PlatformWindow::wait_for_events(double timeout_seconds) {
    idle_timeout_ = timeout_seconds;
    if (!input_.empty()) { // queued input is replayed one frame's share per frame
        glfwPollEvents();
    } else if (redraw_frames_ > 0) {
        --redraw_frames_;
        glfwPollEvents();
#ifndef __EMSCRIPTEN__ // in a browser the page's loop is paused instead (run_browser_frame)
    } else if (timeout_seconds > 0.0) {
        glfwWaitEventsTimeout(timeout_seconds);
    } else {
        glfwWaitEvents();
#endif
    }
}

void PlatformWindow::run_frames(const std::function<void()>& frame,
                                const std::function<void()>& finish) {
#ifdef __EMSCRIPTEN__
    browser_frame = frame;
    browser_finish = finish;
    browser_window = this;
    // A fixed rate rather than the display's (requestAnimationFrame), which a page in the
    // background or a headless browser barely runs; paused while the app idles
    // (run_browser_frame). Does not return (emscripten keeps this function's caller and its
    // locals alive for the loop).
    emscripten_set_main_loop(run_browser_frame, 60, 1);
#else
    while (!should_close())
        frame();
    finish();
#endif
}

std::optional<std::filesystem::path> PlatformWindow::take_dropped_file() {
    return std::exchange(dropped_, std::nullopt);
}

#ifdef __EMSCRIPTEN__
// The page asks for `frames` more frames (web/shell.html: a screenshot of frame N), idle or not.
extern "C" EMSCRIPTEN_KEEPALIVE void ccdlab_draw_frames(int frames) {
    if (!browser_window) return;
    browser_window->keep_drawing(frames);
    resume_browser_loop();
}
#endif

void file_written([[maybe_unused]] const std::filesystem::path& path) {
#ifdef __EMSCRIPTEN__
    download_file(path.c_str());
#endif
}

void PlatformWindow::begin_frame() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame(); // the display size, the time, the cursor's shape
    replay_input();
    ImGui::NewFrame();
}

void PlatformWindow::replay_input() {
    ImGuiIO& io = ImGui::GetIO();
    for (const InputEvent& e : input_.take_frame()) {
        switch (e.kind) {
        case InputEvent::Kind::Key:
            if (e.code >= 0 && e.code < IM_ARRAYSIZE(io.KeysDown)) io.KeysDown[e.code] = e.down;
            update_modifiers(io);
            break;
        case InputEvent::Kind::Text:
            io.AddInputCharacter(static_cast<unsigned int>(e.code));
            break;
        case InputEvent::Kind::MouseButton:
            if (e.code >= 0 && e.code < IM_ARRAYSIZE(io.MouseDown)) buttons_down_[e.code] = e.down;
            break;
        case InputEvent::Kind::MouseMove:
            pointer_ = ImVec2(static_cast<float>(e.x), static_cast<float>(e.y));
            pointer_known_ = true;
            break;
        case InputEvent::Kind::Wheel:
            io.MouseWheelH += static_cast<float>(e.x);
            io.MouseWheel += static_cast<float>(e.y);
            break;
        }
    }
    // The backend polled the buttons and the pointer as they are now; ImGui sees them as the
    // replayed events left them (the pointer only while the backend sees it in the window).
    for (int i = 0; i < IM_ARRAYSIZE(io.MouseDown); ++i)
        io.MouseDown[i] = buttons_down_[i];
    if (pointer_known_ && io.MousePos.x > -FLT_MAX) io.MousePos = pointer_;
}

void PlatformWindow::render_ui() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void PlatformWindow::swap_buffers() {
    glfwSwapBuffers(window_);
}

ccd::Vec2 PlatformWindow::window_size() const {
    int w = 0, h = 0;
    glfwGetWindowSize(window_, &w, &h);
    return {static_cast<double>(w), static_cast<double>(h)};
}

double PlatformWindow::framebuffer_scale() const {
    int w = 0, h = 0, fw = 0, fh = 0;
    glfwGetWindowSize(window_, &w, &h);
    glfwGetFramebufferSize(window_, &fw, &fh);
    return w > 0 ? static_cast<double>(fw) / w : 1.0;
}

void PlatformWindow::set_title(const char* title) {
    glfwSetWindowTitle(window_, title);
}

int PlatformWindow::framebuffer_width() const {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    return w;
}

int PlatformWindow::framebuffer_height() const {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    return h;
}

void PlatformWindow::persist_layout(const std::filesystem::path& ini_file) {
    ini_file_ = ini_file.string();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = ini_file_.c_str();
    ImGui::LoadIniSettingsFromDisk(io.IniFilename);
}

} // namespace ccdlab
