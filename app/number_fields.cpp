#include "number_fields.hpp"

#include <imgui.h>

#include <algorithm>

namespace ccdlab {

bool edit_vec2(const char* label, ccd::Vec2& v) {
    double xy[2] = {v.x, v.y};
    const bool changed =
        ImGui::DragScalarN(label, ImGuiDataType_Double, xy, 2, 0.01f, nullptr, nullptr, "%.4f");
    if (changed) v = {xy[0], xy[1]};
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("(%.17g, %.17g)", v.x, v.y);
    return changed;
}

bool edit_length(const char* label, double& value) {
    const bool changed =
        ImGui::DragScalar(label, ImGuiDataType_Double, &value, 0.005f, nullptr, nullptr, "%.4f");
    if (changed) value = std::max(0.0, value);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.17g", value);
    return changed;
}

void text_vec2(const char* label, ccd::Vec2 v) {
    ImGui::Text("%-9s (%.9g, %.9g)", label, v.x, v.y);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("(%.17g, %.17g)", v.x, v.y);
}

} // namespace ccdlab
