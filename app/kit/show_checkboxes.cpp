#include "show_checkboxes.hpp"

#include <imgui.h>

#include <algorithm>
#include <vector>

namespace ccdlab {

void draw_show_checkboxes(ShowLayers& layers, bool (*shown)(const LayerField&),
                          std::map<std::string, Vec2>& positions) {
    std::vector<const LayerField*> fields;
    float widest = 0.0f;
    for (const LayerField& field : layer_fields())
        if (shown(field)) {
            fields.push_back(&field);
            widest = std::max(widest, ImGui::CalcTextSize(field.label).x);
        }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float box = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
    const float half = ImGui::GetWindowContentRegionWidth() * 0.5f;
    const bool two_to_a_row = box + widest + style.ItemSpacing.x <= half;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (two_to_a_row && i % 2 == 1) ImGui::SameLine(half);
        ImGui::Checkbox(fields[i]->label, &(layers.*(fields[i]->member)));
        const ImVec2 lo = ImGui::GetItemRectMin();
        const float h = ImGui::GetItemRectSize().y;
        positions[fields[i]->key] = {lo.x + h * 0.5, lo.y + h * 0.5}; // the box itself
    }
}

} // namespace ccdlab
