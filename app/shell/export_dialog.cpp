// FileDialogs' Export fixture dialog (Ctrl+E): the case on screen, the frames its expectation
// covers (a frame range selected on the world view's timeline starts the fixture from the
// scene at the range's first frame), and the name to write it under, the scene's slug offered.
// Its Export test dialog (Ctrl+Shift+E): the query lab's pair, or the world's selected event's
// pair at its frame's start, as a C++ test for a user's suite (ccd/test_export.hpp), the
// framework and the target chosen, written where the path field says.
#include "file_dialogs.hpp"
#include "platform_window.hpp"

#include "ccd/atomic_write.hpp"

#include <imgui.h>

#include <array>
#include <filesystem>

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

void FileDialogs::ask_export_test(const Session& session, const AnyView& view) {
    export_test_case_ = test_case_on_screen(view);
    const std::filesystem::path folder = session.fixtures_folder().parent_path() / "exported-tests";
    set_path_field((folder / (export_test_case_.stem + "_test.cpp")).string());
    show(Dialog::ExportTest);
}

void FileDialogs::write_export_test() {
    ccd::TestExportOptions options;
    options.framework = static_cast<ccd::TestFramework>(test_framework_);
    options.target = static_cast<ccd::TestTarget>(test_target_);
    options.suite = ccd::test_suite_name(export_test_case_.stem);
    options.command = "ccdlab's Export test";
    const std::string text = ccd::exported_test(export_test_case_.cases, options);
    const std::filesystem::path path(path_field_.data());
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
    ccd::write_file_atomically(path, text);
    last_export_ = path;
    set_status("Exported the test to " + path.string(), false);
    std::cout << "ccdlab: wrote " << path.string() << std::endl;
    file_written(path); // in a browser: downloaded
}

void FileDialogs::draw_export_test(Session&) {
    if (!begin_modal(kExportTestTitle)) return;
    const TestCaseOnScreen& shown = export_test_case_;
    ImGui::TextUnformatted(shown.cases.empty() ? shown.missing.c_str() : shown.what.c_str());
    static constexpr std::array<const char*, 3> kFrameworks = {"GoogleTest", "Catch2", "doctest"};
    for (int i = 0; i < 3; ++i) {
        if (i > 0) ImGui::SameLine();
        ImGui::RadioButton(kFrameworks[static_cast<std::size_t>(i)], &test_framework_, i);
    }
    ImGui::RadioButton("Certified core (ccd::time_of_impact)", &test_target_, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Engine plugin (CCD_ENGINE_PLUGIN)", &test_target_, 1);
    ImGui::TextUnformatted("File:");
    const auto [go, cancel] = path_field_and_buttons("##test-path", 560.0f, "Export (Enter)");
    if (go && !shown.cases.empty()) {
        try {
            write_export_test();
            close_dialog();
        } catch (const std::exception& e) {
            dialog_error_ = e.what();
        }
    } else if (go) {
        dialog_error_ = shown.missing;
    } else if (cancel) {
        close_dialog();
    }
    ImGui::EndPopup();
}

} // namespace ccdlab
