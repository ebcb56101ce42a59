#pragma once
// The lab's state as JSON, for tests and scripts that drive the app from outside: positions,
// the core's answer, and where each handle is on screen (window pixels, origin top-left).

#include "query_lab_view.hpp"
#include "world_view.hpp"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace ccdlab {

// The File side of an interactive run: the document, its unsaved changes, the dialog open and
// the last message (reported as "session" when given).
struct SessionReport {
    std::string document; // the file edited; empty: untitled
    bool dirty = false;
    std::string dialog; // FileDialogs::dialog_name()
    std::string status; // the last message of the File bar
    std::string last_export;
    std::string last_link; // the link Copy link last put on the clipboard
    int tour_place = -1;   // the scene picker's "tour n / N": n - 1 (-1: not shown)
    int tour_length = 0;   // N
    int picker_scenes = 0; // how many scenes the picker lists (recent files aside)
    // A text field has the keys (ImGui's WantTextInput, a frame after the field took them):
    // what is typed now goes into it, not to the shortcuts.
    bool typing = false;
    // The File bar's buttons: label and center (window pixels), as FileDialogs drew them.
    std::vector<std::pair<std::string, ccd::Vec2>> bar_buttons_px = {};
    friend bool operator==(const SessionReport&, const SessionReport&) = default;
};

// Writes atomically (temporary file, then rename): a reader never sees half a report.
void write_report(const std::filesystem::path& path, const QueryLabView& view,
                  const std::filesystem::path& scene, const SessionReport* session = nullptr);
// The world's frame: its events by name, and where each body is drawn at the scrubbed time;
// the selected event's highlight, the layers, the labels and table rows drawn, the Show
// section's checkboxes (window pixels);
// the scene as edited ("edit": bodies and segments, their handles in pixels, the selection);
// the recorded run and its timeline ("timeline"), a comparison of two runs ("compare").
void write_report(const std::filesystem::path& path, const WorldView& view,
                  const std::filesystem::path& scene, const SessionReport* session = nullptr);

} // namespace ccdlab
