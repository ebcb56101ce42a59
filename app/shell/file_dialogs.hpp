#pragma once
// FileDialogs: the File side of the interactive app in ImGui: a bar in a strip of its own along
// the window's top (New, Open, Save, Save as, Export fixture, the other view, the side panel
// hidden or shown, the document's name with its unsaved mark, the last message) and the dialogs:
// save as (a path field), open (a path field, the scenes of the folder, the recent files), the
// scene's link (Copy link: on the clipboard and shown), open a link (a pasted link), unsaved
// changes (Save / Discard / Cancel, before anything that would drop them: quit, open, new),
// recovery of an autosave found at start and the fixture's name on export (export_dialog.cpp).
// It asks; the Session does.

#include "any_view.hpp"
#include "autosave.hpp"
#include "panel_layout.hpp"
#include "session.hpp"
#include "test_case_on_screen.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ccdlab {

enum class FileCommand {
    New,
    Open,
    Save,
    SaveAs,
    ExportFixture,
    ExportTest, // the case as a C++ test for a user's suite (the Export test dialog)
    SwitchView,
    Quit,
    CopyLink, // the scene as a link (docs/links.md) on the clipboard, and shown
    OpenLink, // the case a pasted link holds, as an untitled scene
    Import    // a Box2D world (what b2World::Dump writes) as an untitled scene
};

// The command a key press makes (GLFW key and modifier codes): Ctrl+N, Ctrl+O, Ctrl+S,
// Ctrl+Shift+S, Ctrl+E, Ctrl+Shift+E (export test), Ctrl+Q, Ctrl+L (copy link), Ctrl+Shift+L (open
// link); nothing for any other key. (The window's close button reaches the app as PlatformWindow's
// close request: FileCommand::Quit.)
std::optional<FileCommand> file_command_for_key(int key, int mods);
// The command of a key pressed this frame (ImGui's keys and modifiers), if any.
std::optional<FileCommand> file_command_pressed();
// The File bar's strip: one row of buttons (ImGui's style and font).
double file_bar_height();

class FileDialogs {
public:
    // The Open dialog lists the open scene's folder and `scenes_folder` (the source tree's
    // scenes/).
    explicit FileDialogs(const std::filesystem::path& scenes_folder);

    // Keys and buttons ask; draw() answers. Ignored while a dialog is open.
    void request(FileCommand command);
    void request_open(const std::filesystem::path& path); // the scene picker chose a scene
    // Opens `link`'s scene as an untitled one (as Open link does), asking first when there are
    // unsaved changes: "Hunt from this event" in the world view.
    void open_link(Session& session, std::string link);
    // Offered once the window is up: Recover or Discard.
    void offer_recovery(Autosave autosave);

    // The bar (in `layout`'s top strip; its panel button hides or shows the side panel) and
    // the open dialog, this frame; does what was asked to `session`. `view` shows the
    // session's scene (the case Export fixture writes).
    void draw(Session& session, const AnyView& view, PanelLayout& layout);

    // True once the user asked to quit and nothing unsaved is left (saved or discarded).
    bool quit() const { return quit_; }
    // The dialog open now, for the report: "", "save-as", "open", "unsaved-changes", "recover",
    // "export", "export-test", "link" (the link just copied), "open-link".
    std::string dialog_name() const;
    const std::string& status() const { return status_; }
    // The bar's line after the buttons: what was just done (a file written), or an error.
    void set_status(std::string text, bool error);
    const std::filesystem::path& last_export() const { return last_export_; }
    // The link Copy link last put on the clipboard ("" before the first).
    const std::string& last_link() const { return last_link_; }
    // Where each button of the File bar was drawn last (its label, the center in window pixels),
    // for the report: a test clicks "Import" where it is.
    const std::vector<std::pair<std::string, ccd::Vec2>>& bar_buttons_px() const {
        return bar_buttons_px_;
    }

private:
    enum class Dialog {
        None,
        SaveAs,
        Open,
        Unsaved,
        Recover,
        Export,
        ExportTest,
        Link,
        OpenLink,
        Import
    };
    static constexpr const char* kExportTitle = "Export fixture";
    static constexpr const char* kExportTestTitle = "Export test";
    // What waits for the unsaved-changes question to be answered.
    struct Pending {
        enum class Kind { None, Quit, New, Open, OpenLink, Import } kind = Kind::None;
        std::filesystem::path path; // Open, Import
        std::string link;           // OpenLink; Import: the time step as typed
    };

    void handle(Session& session, const AnyView& view, FileCommand command);
    void ask_save_as(const Session& session);      // the Save as dialog, its field filled in
    void guard(Session& session, Pending pending); // asks first when there are unsaved changes
    void perform(Session& session, const Pending& pending);
    void save(Session& session);
    bool save_as(Session& session, const std::filesystem::path& path); // true when saved
    void show(Dialog dialog);
    void close_dialog();
    void set_path_field(const std::string& text);
    void copy_link(const Session& session);

    void draw_bar(Session& session, PanelLayout& layout);
    bool begin_modal(const char* title);
    void draw_save_as(Session& session);
    void draw_open(Session& session);
    void draw_unsaved(Session& session);
    void draw_recover(Session& session);
    // Export fixture: the case on screen (its frames) and the name to write it under.
    void ask_export(const Session& session, const AnyView& view);
    void draw_export(Session& session);
    // Export test: the case on screen as a C++ test (framework and target chosen), written where
    // the path field says (export_dialog.cpp).
    void ask_export_test(const Session& session, const AnyView& view);
    void draw_export_test(Session& session);
    void write_export_test();
    void draw_link();
    void draw_open_link(Session& session);
    void draw_import(Session& session);
    // The path field (`id`, `width` pixels; focused as its dialog appears, its text selected),
    // the dialog's error under it, then the button `go_label` and Cancel: whether to go (Enter
    // or the button) and whether to cancel (the button or Esc).
    struct FieldAnswer {
        bool go = false;
        bool cancel = false;
    };
    FieldAnswer path_field_and_buttons(const char* id, float width, const char* go_label);

    SceneLibrary scenes_; // the scenes of scenes/
    std::optional<FileCommand> requested_;
    std::optional<std::filesystem::path> requested_open_;
    Dialog dialog_ = Dialog::None;
    bool popup_pending_ = false; // the dialog's popup opens on the next draw
    Pending pending_;
    std::optional<Autosave> recovery_;
    std::array<char, 1024> path_field_{};
    std::string dialog_error_;
    std::string status_;
    bool status_error_ = false;
    std::filesystem::path last_export_;
    FixtureCase export_case_; // what the Export dialog writes
    TestCaseOnScreen export_test_case_;
    int test_framework_ = 0; // ccd::TestFramework's order: GoogleTest, Catch2, doctest
    int test_target_ = 0;    // ccd::TestTarget's order: certified, engine
    std::string last_link_;
    std::vector<std::pair<std::string, ccd::Vec2>> bar_buttons_px_;
    // The Open link dialog's field: room for the largest bundled scene's link (34,212
    // characters) and more.
    std::vector<char> link_field_ = std::vector<char>(std::size_t{1} << 18, '\0');
    bool focus_link_field_ = false;
    // The Import dialog's fields: the dump's path and the time step.
    std::array<char, 4096> import_path_field_{};
    std::array<char, 64> import_dt_field_{'1', '/', '6', '0'};
    bool quit_ = false;
};

} // namespace ccdlab
