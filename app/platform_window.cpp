#include "platform_window.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <filesystem>
#include <string>

namespace ccdlab {
namespace {

std::string last_glfw_error = "unknown GLFW error";

void remember_glfw_error(int /*code*/, const char* description) {
    last_glfw_error = description;
}

// Any input means the next frames must be drawn; ImGui chains to these callbacks.
void wake(GLFWwindow* window) {
    if (auto* self = static_cast<PlatformWindow*>(glfwGetWindowUserPointer(window)))
        self->keep_drawing(4);
}
void on_cursor(GLFWwindow* w, double, double) {
    wake(w);
}
void on_button(GLFWwindow* w, int, int, int) {
    wake(w);
}
void on_scroll(GLFWwindow* w, double, double) {
    wake(w);
}
// Ctrl+Q, F12 and every press are taken here, on the event itself: ImGui 1.86 has no input
// queue and misses a press and release that arrive within one frame.
void on_key(GLFWwindow* w, int key, int, int action, int mods) {
    auto* self = static_cast<PlatformWindow*>(glfwGetWindowUserPointer(w));
    if (self && action == GLFW_PRESS) {
        if (key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL)) self->request_close();
        if (key == GLFW_KEY_F12) self->request_screenshot();
        self->add_key_press({key, mods});
    }
    wake(w);
}
// The close button asks, like Ctrl+Q: the app decides (unsaved changes).
void on_close(GLFWwindow* w) {
    glfwSetWindowShouldClose(w, GLFW_FALSE);
    if (auto* self = static_cast<PlatformWindow*>(glfwGetWindowUserPointer(w)))
        self->request_close();
    wake(w);
}
void on_char(GLFWwindow* w, unsigned int) {
    wake(w);
}
void on_size(GLFWwindow* w, int, int) {
    wake(w);
}
void on_refresh(GLFWwindow* w) {
    wake(w);
}

void load_font(ImGuiIO& io) {
    // A readable UI font when Debian's fonts-dejavu-core is there; ImGui's own otherwise.
    const char* path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    if (std::filesystem::exists(path) && io.Fonts->AddFontFromFileTTF(path, 15.0f)) return;
    io.Fonts->AddFontDefault();
}

} // namespace

PlatformWindow::PlatformWindow(const char* title, int width, int height, bool visible) {
    glfwSetErrorCallback(remember_glfw_error);
    if (!glfwInit()) throw WindowError(last_glfw_error);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
    window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (!window_) {
        glfwTerminate();
        throw WindowError("cannot create an OpenGL 3.3 core window: " + last_glfw_error);
    }
    glfwMakeContextCurrent(window_);
    if (!gladLoadGL(glfwGetProcAddress)) {
        glfwDestroyWindow(window_);
        glfwTerminate();
        throw WindowError("cannot load the OpenGL 3.3 functions");
    }
    glfwSwapInterval(1);
    glfwSetWindowUserPointer(window_, this);
    glfwSetCursorPosCallback(window_, on_cursor);
    glfwSetMouseButtonCallback(window_, on_button);
    glfwSetScrollCallback(window_, on_scroll);
    glfwSetKeyCallback(window_, on_key);
    glfwSetCharCallback(window_, on_char);
    glfwSetWindowSizeCallback(window_, on_size);
    glfwSetWindowRefreshCallback(window_, on_refresh);
    glfwSetWindowCloseCallback(window_, on_close);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // the layout is fixed for now; nothing to persist
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 0.0f;
    load_font(io);
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
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

std::vector<KeyPress> PlatformWindow::take_key_presses() {
    std::vector<KeyPress> presses;
    presses.swap(key_presses_);
    return presses;
}

void PlatformWindow::wait_for_events(double timeout_seconds) {
    if (redraw_frames_ > 0) {
        --redraw_frames_;
        glfwPollEvents();
    } else if (timeout_seconds > 0.0) {
        glfwWaitEventsTimeout(timeout_seconds);
    } else {
        glfwWaitEvents();
    }
}

void PlatformWindow::begin_frame() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
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

bool PlatformWindow::take_screenshot_request() {
    const bool requested = screenshot_requested_;
    screenshot_requested_ = false;
    return requested;
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
