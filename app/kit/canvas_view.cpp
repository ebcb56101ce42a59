#include "canvas_view.hpp"

#include "canvas_controls.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace ccdlab {
namespace {

constexpr double kHomeMarginPx = 16.0;
// The scene picker's strip along the canvas's bottom (main.cpp) and a line of banners along its
// top (the lab's "algorithms disagree"): Home keeps the scene between them.
constexpr double kPickerStripPx = 48.0;
constexpr double kBannerStripPx = 26.0;

} // namespace

CanvasView::CanvasView(const ccd::Scene& scene, double panel_width)
    : home_(scene.view ? *scene.view : ccd::framing_view(scene)),
      default_panel_width_(panel_width) {}

void CanvasView::layout(Vec2 window_size, const PanelLayout& layout) {
    layout_ = layout;
    panel_width_ = panel_width_in(layout, default_panel_width_, window_size.x);
    const Camera before = camera_;
    place_canvas(camera_, window_size, layout.top, panel_width_);
    // The strip keeps at most half the canvas (a window too small for both shows some canvas).
    camera_.height -= std::min(bottom_strip_, std::floor(camera_.height * 0.5));
    if (camera_.width != before.width || camera_.height != before.height ||
        camera_.origin != before.origin)
        changed_ = true; // the canvas moved or resized: shown, and reported

    if (!placed_) {
        go_home();
        placed_ = true;
    }
}

void CanvasView::go_home() {
    // Framed in the canvas between the two strips, then the camera's center moved by half
    // their difference (the canvas's middle is that much lower).
    Camera between = camera_;
    between.height = std::max(1.0, camera_.height - kPickerStripPx - kBannerStripPx);
    between.look_at(home_, drawn_, kHomeMarginPx);
    camera_.pixels_per_unit = between.pixels_per_unit;
    camera_.center = between.center -
                     Vec2{0.0, 0.5 * (kPickerStripPx - kBannerStripPx) / between.pixels_per_unit};
}

void CanvasView::navigate(bool left_pans) {
    ccdlab::navigate(camera_, pan_drag_, left_pans);
    const bool keys = !ImGui::GetIO().WantCaptureKeyboard;
    if (keys && ImGui::IsKeyPressed(GLFW_KEY_HOME)) {
        go_home();
        changed_ = true;
    }
    if (keys && ImGui::IsKeyPressed(GLFW_KEY_F1, false)) {
        show_help_ = !show_help_;
        changed_ = true;
    }
}

void CanvasView::begin_panel(const char* name, const ccd::Scene& scene) {
    const double width = begin_side_panel(name, layout_.top, panel_width_, scene);
    // ImGui keeps a window's scroll by its name, from one view (and scene) to the next.
    if (!panel_opened_) ImGui::SetScrollY(0.0f);
    panel_opened_ = true;
    panel_scroll_ = ImGui::GetScrollY();
    // The edge dragged: the width from now on (whole pixels, as ImGui sizes windows).
    if (!layout_.collapsed && std::abs(width - panel_width_) >= 1.0) {
        layout_.width = std::round(width);
        changed_ = true;
    }
}

ImDrawList* CanvasView::begin_labels() const {
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    const auto x = static_cast<float>(camera_.origin.x), y = static_cast<float>(camera_.origin.y);
    list->PushClipRect(ImVec2(x, y), ImVec2(x + static_cast<float>(camera_.width),
                                            y + static_cast<float>(camera_.height)));
    return list;
}

void CanvasView::end_labels() const {
    ImGui::GetBackgroundDrawList()->PopClipRect();
}

bool CanvasView::take_changed() {
    const bool was = changed_;
    changed_ = false;
    return was;
}

} // namespace ccdlab
