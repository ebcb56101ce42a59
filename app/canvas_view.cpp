#include "canvas_view.hpp"

#include "canvas_controls.hpp"
#include "help_overlay.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

namespace ccdlab {

CanvasView::CanvasView(const ccd::Scene& scene, double panel_width)
    : home_(scene.view ? *scene.view : ccd::framing_view(scene)), panel_width_(panel_width) {}

void CanvasView::layout(Vec2 window_size) {
    camera_.width = std::max(1.0, window_size.x - panel_width_);
    camera_.height = std::max(1.0, window_size.y);
    if (!placed_) {
        camera_.look_at(home_);
        placed_ = true;
    }
}

void CanvasView::navigate(bool left_pans) {
    ccdlab::navigate(camera_, home_, left_pans);
    if (!ImGui::GetIO().WantCaptureKeyboard && ImGui::IsKeyPressed(GLFW_KEY_F1, false)) {
        show_help_ = !show_help_;
        changed_ = true;
    }
}

void CanvasView::begin_panel(const char* name, const ccd::Scene& scene) const {
    begin_side_panel(name, panel_width_, scene);
}

ImDrawList* CanvasView::begin_labels() const {
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    list->PushClipRect(ImVec2(0, 0), ImVec2(static_cast<float>(camera_.width),
                                            static_cast<float>(camera_.height)));
    return list;
}

void CanvasView::end_labels() const {
    ImGui::GetBackgroundDrawList()->PopClipRect();
}

void CanvasView::draw_help() const {
    if (show_help_) draw_help_overlay(camera_.width);
}

bool CanvasView::take_changed() {
    const bool was = changed_;
    changed_ = false;
    return was;
}

} // namespace ccdlab
