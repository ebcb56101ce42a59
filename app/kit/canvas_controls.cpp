#include "canvas_controls.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "number_fields.hpp"
#include "panel_layout.hpp"

#include <algorithm>
#include <cmath>

namespace ccdlab {

bool pointer_on_canvas(const Camera& camera) {
    const ImGuiIO& io = ImGui::GetIO();
    return !io.WantCaptureMouse && camera.contains({io.MousePos.x, io.MousePos.y});
}

void navigate(Camera& camera, PanDrag& drag, bool left_pans) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool on_canvas = pointer_on_canvas(camera);
    const bool button = io.MouseDown[ImGuiMouseButton_Right] ||
                        io.MouseDown[ImGuiMouseButton_Middle] ||
                        (left_pans && io.MouseDown[ImGuiMouseButton_Left]);
    // A drag starts on the canvas and goes on wherever the pointer goes, from where it started.
    const Vec2 pointer{io.MousePos.x, io.MousePos.y};
    camera.pan(drag.follow(button && (on_canvas || drag.dragging()), pointer));
    if (on_canvas && io.MouseWheel != 0.0f)
        camera.zoom_about(pointer, std::pow(1.15, static_cast<double>(io.MouseWheel)));
}

double begin_side_panel(const char* name, double top, double width, const ccd::Scene& scene) {
    const ImGuiIO& io = ImGui::GetIO();
    const auto w = static_cast<float>(width), y = static_cast<float>(top);
    const float height = std::max(1.0f, io.DisplaySize.y - y);
    if (width <= 0.0) { // hidden: its widgets still run (their keys work), nothing shows
        ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x + 100.0f, y));
        ImGui::SetNextWindowCollapsed(true);
        ImGui::Begin(name, nullptr,
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                         ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoNav |
                         ImGuiWindowFlags_NoSavedSettings);
        return 0.0;
    }
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - w, y));
    ImGui::SetNextWindowSize(ImVec2(w, height));
    ImGui::SetNextWindowCollapsed(false);
    // Only the left edge moves: the panel keeps to the window's right side and full height.
    ImGui::SetNextWindowSizeConstraints(
        ImVec2(static_cast<float>(kMinPanelWidth), height),
        ImVec2(std::max(static_cast<float>(kMinPanelWidth),
                        io.DisplaySize.x - static_cast<float>(kMinCanvasWidth)),
               height));
    ImGui::Begin(name, nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings);
    const double new_width = ImGui::GetWindowSize().x;
    // Long titles wrap in the panel.
    if (!scene.title.empty()) text_flow(scene.title);
    if (!scene.description.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        text_flow(scene.description); // wrapped between words, never inside a number
        ImGui::PopStyleColor();
    }
    ImGui::Separator();
    return new_width;
}

} // namespace ccdlab
