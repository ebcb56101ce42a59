// FileDialogs' Export fixture dialog (Ctrl+E): the case on screen, the frames its expectation
// covers (a frame range selected on the world view's timeline starts the fixture from the
// scene at the range's first frame), and the name to write it under, the scene's slug offered.
#include "file_dialogs.hpp"
#include "platform_window.hpp"

#include <imgui.h>

#include <algorithm>
#include <exception>
#include <iostream>
#include <string>

namespace ccdlab {

void FileDialogs::ask_export(const Session& session, const AnyView& view) {
    export_case_ = fixture_case(view);
    set_path_field(session.fixture_name(export_case_));
    show(Dialog::Export);
}

void FileDialogs::draw_export(Session& session) {
    if (!begin_modal(kExportTitle)) return;
    const FixtureCase& shown = export_case_;
    const int last = shown.first_frame + shown.frames - 1;
    if (shown.first_frame > 0)
        ImGui::Text("Frames %d to %d, from the scene as it stands at frame %d, with their events:",
                    shown.first_frame, last, shown.first_frame);
    else
        ImGui::Text("The scene with the events of frame%s 0%s:", last > 0 ? "s" : "",
                    last > 0 ? (" to " + std::to_string(last)).c_str() : "");
    ImGui::TextDisabled("into %s", session.fixtures_folder().c_str());
    ImGui::TextUnformatted("Name (.json is added):");
    const auto [go, cancel] = path_field_and_buttons("##name", 420.0f, "Export (Enter)");
    if (go) {
        try {
            std::optional<std::string> replay_difference;
            last_export_ = session.export_fixture_as(shown, path_field_.data(), &replay_difference);
            set_status("Exported the case to " + last_export_.string() +
                           (replay_difference ? " (its replay differs: " + *replay_difference + ")"
                                              : std::string()),
                       replay_difference.has_value());
            std::cout << "ccdlab: wrote " << last_export_.string() << std::endl;
            file_written(last_export_); // in a browser: downloaded
            close_dialog();
        } catch (const std::exception& e) {
            dialog_error_ = e.what();
        }
    } else if (cancel) {
        close_dialog();
    }
    ImGui::EndPopup();
}

} // namespace ccdlab
