#include "canvas_controls.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cmath>

namespace ccdlab {

bool pointer_on_canvas(const Camera& camera) {
    const ImGuiIO& io = ImGui::GetIO();
    return !io.WantCaptureMouse && io.MousePos.x >= 0 && io.MousePos.x < camera.width &&
           io.MousePos.y >= 0 && io.MousePos.y < camera.height;
}

void navigate(Camera& camera, const ccd::View& home, bool left_pans) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool on_canvas = pointer_on_canvas(camera);
    if (on_canvas || ImGui::IsMouseDragging(ImGuiMouseButton_Right) ||
        ImGui::IsMouseDragging(ImGuiMouseButton_Middle)) {
        if (io.MouseDown[ImGuiMouseButton_Right] || io.MouseDown[ImGuiMouseButton_Middle] ||
            (left_pans && on_canvas && io.MouseDown[ImGuiMouseButton_Left]))
            camera.pan({io.MouseDelta.x, io.MouseDelta.y});
        if (on_canvas && io.MouseWheel != 0.0f)
            camera.zoom_about({io.MousePos.x, io.MousePos.y},
                              std::pow(1.15, static_cast<double>(io.MouseWheel)));
    }
    if (!io.WantCaptureKeyboard && ImGui::IsKeyPressed(GLFW_KEY_HOME)) camera.look_at(home);
}

void begin_side_panel(const char* name, double width, const ccd::Scene& scene) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - static_cast<float>(width), 0));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(width), io.DisplaySize.y));
    ImGui::Begin(name, nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
    if (!scene.title.empty()) ImGui::TextUnformatted(scene.title.c_str());
    if (!scene.description.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", scene.description.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::Separator();
}

} // namespace ccdlab
