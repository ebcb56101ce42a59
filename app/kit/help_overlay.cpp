#include "help_overlay.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace ccdlab {
namespace {

using HelpRow = std::array<const char*, 2>; // the key or mouse action, what it does

// Every key and mouse action of both views; `export_line`: the folder Ctrl+E exports into.
std::vector<HelpRow> help_rows(const char* export_line) {
    return {
        {"drag a yellow handle", "move it: center (carries the motion), radius, arrow tip, A, B"},
        {"", "a moving segment: A, B at t = 0 and A, B at t = 1; a second circle: its"},
        {"", "center, radius and tip; polygons: each one's centroid (moves it) and tip"},
        {"", "a turning side: its pivot, and its angle (drag round the pivot; whole turns)"},
        {"", "an end on the pivot is hinged there: it moves with it (Alt: the pivot alone)"},
        {"Space (query lab)", "animate t from 0 to 1 over and over; drag while it runs"},
        {"Shift while dragging", "snap to the grid"},
        {"arrow keys", "nudge the last grabbed handle by a pixel (Shift: a grid step)"},
        {"Ctrl+Z / Ctrl+Y", "undo / redo (Ctrl+Shift+Z redoes too); a whole drag is one step"},
        {"right or middle drag", "pan"},
        {"wheel", "zoom around the cursor"},
        {"Home", "frame everything drawn: the scene, bodies at t = 0 and t = 1, paths"},
        {"PageUp / PageDown", "previous / next scene of the tour (then the folder)"},
        {"Space / Shift+Space (world)", "play forward / backward through the frames, or pause"},
        {". and , (world view)", "next / previous event, in processing order, across frames"},
        {"Left / Right, R (world view)", "previous / next frame (stepped if new); Restart"},
        {"the timeline (world view)", "drag the playhead to a frame and t; wheel zooms, right"},
        {"", "button pans; the run is recorded as it goes (the panel's Recording)"},
        {"Shift+drag the timeline", "select a range of frames: Ctrl+E exports it"},
        {"click an event (world view)", "its contact point, or its row: select it (its parties"},
        {"", "ringed in white, contact and normal drawn); cancelled rows too"},
        {"drag a yellow handle (world view)",
         "the scene at t = 0: a body's center or arrow tip, a"},
        {"", "segment's end, a polygon's centroid or arrow tip; a click selects, a"},
        {"", "click on the empty canvas pans"},
        {"", "segment ends meeting at a corner move together (Alt: just this one)"},
        {"", "a turning polygon's spin: drag the arc's end round it (its turn a frame)"},
        {"", "a chain's points; a click on its line selects it: the panel edits its"},
        {"", "points, inserts after the picked one, deletes it, closes it, flips its side"},
        {"C / P / S / B (world view)", "add a circle / point / segment / box at the cursor"},
        {"Delete (world view)", "remove the selected body, segment, polygon or chain"},
        {"Tab, or World view / Query lab", "(the File bar) the same scene in the other view: add"},
        {"", "and delete bodies, segments and boxes there, or take its pair apart"},
        {"Ctrl+N", "new blank scene (asks first if there are unsaved changes)"},
        {"Ctrl+O", "open a scene: a path, the folder's scenes, the recent files"},
        {"Ctrl+S / Ctrl+Shift+S", "save / save as"},
        {"Ctrl+E", "export the case on screen as a regression fixture, named as asked, into"},
        {"", export_line},
        {"Ctrl+Shift+E", "export the lab's pair, or the selected event's pair, as a C++ test"},
        {"Ctrl+L / Ctrl+Shift+L", "copy the scene as a link / open a pasted link"},
        {"F12", "screenshot of the window to ccdlab-<date>-<time>.png"},
        {"F1", "this help"},
        {"F2", "hide / show the side panel (drag its left edge to resize it)"},
        {"Ctrl+Q", "quit (asks first if there are unsaved changes)"},
    };
}

// The widths of the table's two columns: its longest key's and its longest action's.
std::array<float, 2> column_widths(const std::vector<HelpRow>& rows) {
    std::array<float, 2> widths{0.0f, 0.0f};
    for (const HelpRow& row : rows)
        for (std::size_t column = 0; column < 2; ++column)
            widths[column] = std::max(widths[column], ImGui::CalcTextSize(row[column]).x);
    return widths;
}

// The next window's size from the table's (at most the window's less a margin: then it
// scrolls), centered on the canvas and kept within the window.
void place_help_window(const Camera& canvas, std::size_t rows, float table_width) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImVec2 size(std::min(table_width + 2.0f * style.WindowPadding.x + style.ScrollbarSize,
                               std::max(100.0f, display.x - 20.0f)),
                      std::min(static_cast<float>(rows) *
                                       (ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y) +
                                   ImGui::GetFrameHeight() + 2.0f * style.WindowPadding.y,
                               std::max(100.0f, display.y - 20.0f)));
    const auto centered = [](double center, float room, float extent) {
        return std::clamp(static_cast<float>(center) - extent * 0.5f, 10.0f,
                          std::max(10.0f, room - extent - 10.0f));
    };
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    ImGui::SetNextWindowPos(
        ImVec2(centered(canvas.origin.x + canvas.width * 0.5, display.x, size.x),
               centered(canvas.origin.y + canvas.height * 0.5, display.y, size.y)),
        ImGuiCond_Always);
}

} // namespace

void draw_help_overlay(const Camera& canvas, const std::filesystem::path& export_folder) {
    const std::string export_line = export_folder.string();
    const std::vector<HelpRow> rows = help_rows(export_line.c_str());
    const std::array<float, 2> widths = column_widths(rows);
    const float table_width = widths[0] + widths[1] + 4.0f * ImGui::GetStyle().CellPadding.x;
    place_help_window(canvas, rows.size(), table_width);
    ImGui::SetNextWindowBgAlpha(1.0f); // opaque: the canvas under it would blur its text
    ImGui::Begin("Keys and mouse (F1 closes)", nullptr,
                 ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_HorizontalScrollbar);
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit,
                          ImVec2(table_width, 0.0f))) {
        for (const HelpRow& row : rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[0]);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[1]);
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

} // namespace ccdlab
