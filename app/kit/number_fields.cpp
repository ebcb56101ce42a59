#include "number_fields.hpp"

#include "number_text.hpp"

#include <imgui.h>

#include <algorithm>

namespace ccdlab {

bool edit_vec2(const char* label, ccd::Vec2& v) {
    double xy[2] = {v.x + 0.0, v.y + 0.0}; // -0 shows as 0 (-0.0 + 0.0 is +0.0)
    const bool changed =
        ImGui::DragScalarN(label, ImGuiDataType_Double, xy, 2, 0.01f, nullptr, nullptr, "%.4f");
    if (changed) v = {xy[0], xy[1]};
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("(%s, %s)", number_text(v.x, 17).c_str(), number_text(v.y, 17).c_str());
    return changed;
}

bool edit_length(const char* label, double& value) {
    double shown = value + 0.0; // -0 shows as 0
    const bool changed =
        ImGui::DragScalar(label, ImGuiDataType_Double, &shown, 0.005f, nullptr, nullptr, "%.4f");
    if (changed) value = std::max(0.0, shown);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", number_text(value, 17).c_str());
    return changed;
}

bool edit_angle(const char* label, double& radians) {
    double shown = radians + 0.0; // -0 shows as 0
    const bool changed =
        ImGui::DragScalar(label, ImGuiDataType_Double, &shown, 0.01f, nullptr, nullptr, "%.4f rad");
    if (changed) radians = shown;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s rad", number_text(radians, 17).c_str());
    return changed;
}

bool edit_angular_velocity(const char* label, double& radians_per_frame) {
    double shown = radians_per_frame + 0.0; // -0 shows as 0
    const bool changed = ImGui::DragScalar(label, ImGuiDataType_Double, &shown, 0.005f, nullptr,
                                           nullptr, "%.4f rad/frame");
    if (changed) radians_per_frame = shown;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s rad/frame", number_text(radians_per_frame, 17).c_str());
    return changed;
}

void text_vec2(const char* label, ccd::Vec2 v) {
    ImGui::Text("%-9s (%s, %s)", label, number_text(v.x, 9).c_str(), number_text(v.y, 9).c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("(%s, %s)", number_text(v.x, 17).c_str(), number_text(v.y, 17).c_str());
}

void text_flow(const std::string& words, float width) {
    const float space = ImGui::CalcTextSize(" ").x;
    const float right =
        ImGui::GetCursorScreenPos().x + (width > 0.0f ? width : ImGui::GetContentRegionAvail().x);
    bool first = true;
    std::size_t start = 0;
    while (start < words.size()) {
        std::size_t end = words.find(' ', start);
        if (end == std::string::npos) end = words.size();
        if (end > start) {
            const std::string word = words.substr(start, end - start);
            const float word_width = ImGui::CalcTextSize(word.c_str()).x;
            if (!first) {
                ImGui::SameLine(0.0f, space);
                if (ImGui::GetCursorScreenPos().x + word_width > right) ImGui::NewLine();
            }
            ImGui::TextUnformatted(word.c_str());
            first = false;
        }
        start = end + 1;
    }
}

} // namespace ccdlab
