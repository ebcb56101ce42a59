#include "file_dialogs.hpp"

#include "platform_window.hpp"

#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <iostream>
#include <utility>

namespace ccdlab {
namespace {

constexpr const char* kSaveAsTitle = "Save as";
constexpr const char* kOpenTitle = "Open a scene";
constexpr const char* kUnsavedTitle = "Unsaved changes";
constexpr const char* kRecoverTitle = "Recover the autosave?";
constexpr const char* kLinkTitle = "The scene's link";
constexpr const char* kOpenLinkTitle = "Open a link";
constexpr const char* kImportTitle = "Import a Box2D world";

const ImVec4 kErrorColor(1.0f, 0.4f, 0.4f, 1.0f);

// `text` in `color` in what is left of the bar's line, its middle cut out ("...") when it is
// longer; the whole of it and `more` on hover.
void text_in_bar(const std::string& text, ImVec4 color, const std::string& more = "") {
    const float room = ImGui::GetContentRegionAvail().x;
    std::string shown = text;
    for (std::size_t cut = 1; cut < text.size() && ImGui::CalcTextSize(shown.c_str()).x > room;
         ++cut) {
        const std::size_t kept = text.size() - cut, head = kept / 3;
        shown = text.substr(0, head) + "..." + text.substr(text.size() - (kept - head));
    }
    ImGui::TextColored(color, "%s", shown.c_str());
    if (ImGui::IsItemHovered() && (shown != text || !more.empty()))
        ImGui::SetTooltip("%s%s%s", text.c_str(), more.empty() ? "" : "\n", more.c_str());
}

// A key pressed this frame while a dialog is up (no text field takes plain letters there).
bool pressed(int key) {
    const ImGuiIO& io = ImGui::GetIO();
    return !io.KeyCtrl && !io.KeyAlt && ImGui::IsKeyPressed(key, false);
}

} // namespace

FileDialogs::FileDialogs(const std::filesystem::path& scenes_folder)
    : scenes_(scenes_folder / "default.json") {}

std::optional<FileCommand> file_command_for_key(int key, int mods) {
    if (!(mods & GLFW_MOD_CONTROL) || (mods & GLFW_MOD_ALT)) return std::nullopt;
    const bool shift = (mods & GLFW_MOD_SHIFT) != 0;
    switch (key) {
    case GLFW_KEY_N:
        return FileCommand::New;
    case GLFW_KEY_O:
        return FileCommand::Open;
    case GLFW_KEY_S:
        return shift ? FileCommand::SaveAs : FileCommand::Save;
    case GLFW_KEY_E:
        return shift ? FileCommand::ExportTest : FileCommand::ExportFixture;
    case GLFW_KEY_Q:
        return FileCommand::Quit;
    case GLFW_KEY_L:
        return shift ? FileCommand::OpenLink : FileCommand::CopyLink;
    default:
        return std::nullopt;
    }
}

std::optional<FileCommand> file_command_pressed() {
    const ImGuiIO& io = ImGui::GetIO();
    const int mods = (io.KeyCtrl ? GLFW_MOD_CONTROL : 0) | (io.KeyShift ? GLFW_MOD_SHIFT : 0) |
                     (io.KeyAlt ? GLFW_MOD_ALT : 0);
    for (const int key : {GLFW_KEY_N, GLFW_KEY_O, GLFW_KEY_S, GLFW_KEY_E, GLFW_KEY_Q, GLFW_KEY_L})
        if (ImGui::IsKeyPressed(key, false))
            if (const auto command = file_command_for_key(key, mods)) return command;
    // Tab switches views unless a text field has the keyboard (there it moves between fields).
    if (mods == 0 && !io.WantCaptureKeyboard && ImGui::IsKeyPressed(GLFW_KEY_TAB, false))
        return FileCommand::SwitchView;
    return std::nullopt;
}

void FileDialogs::request(FileCommand command) {
    if (dialog_ == Dialog::None) requested_ = command;
    // Quitting while the recovery question is up keeps the autosave for the next start.
    if (dialog_ == Dialog::Recover && command == FileCommand::Quit) quit_ = true;
}

void FileDialogs::request_open(const std::filesystem::path& path) {
    if (dialog_ == Dialog::None) requested_open_ = path;
}

void FileDialogs::offer_recovery(Autosave autosave) {
    recovery_ = std::move(autosave);
    show(Dialog::Recover);
}

std::string FileDialogs::dialog_name() const {
    switch (dialog_) {
    case Dialog::None:
        return "";
    case Dialog::SaveAs:
        return "save-as";
    case Dialog::Open:
        return "open";
    case Dialog::Unsaved:
        return "unsaved-changes";
    case Dialog::Recover:
        return "recover";
    case Dialog::Export:
        return "export";
    case Dialog::ExportTest:
        return "export-test";
    case Dialog::Link:
        return "link";
    case Dialog::OpenLink:
        return "open-link";
    case Dialog::Import:
        return "import";
    }
    return "";
}

void FileDialogs::show(Dialog dialog) {
    dialog_ = dialog;
    popup_pending_ = true;
    dialog_error_.clear();
}

void FileDialogs::close_dialog() {
    ImGui::CloseCurrentPopup();
    dialog_ = Dialog::None;
    dialog_error_.clear();
}

void FileDialogs::set_status(std::string text, bool error) {
    status_ = std::move(text);
    status_error_ = error;
}

void FileDialogs::set_path_field(const std::string& text) {
    path_field_.fill('\0');
    std::strncpy(path_field_.data(), text.c_str(), path_field_.size() - 1);
}

void FileDialogs::copy_link(const Session& session) {
    try {
        last_link_ = session.link();
    } catch (const std::exception& e) {
        set_status(std::string("No link: ") + e.what(), true);
        return;
    }
    ImGui::SetClipboardText(last_link_.c_str()); // the platform's clipboard (platform_window)
    set_status("Copied the link (" + std::to_string(last_link_.size()) + " characters)", false);
    show(Dialog::Link);
}

void FileDialogs::ask_save_as(const Session& session) {
    const Document& document = session.document();
    const std::filesystem::path folder = session.library().current_path().parent_path();
    set_path_field(document.untitled() ? (folder / "untitled.json").string()
                                       : document.path().string());
    show(Dialog::SaveAs);
}

void FileDialogs::handle(Session& session, const AnyView& view, FileCommand command) {
    switch (command) {
    case FileCommand::New:
        guard(session, {Pending::Kind::New, {}, {}});
        break;
    case FileCommand::Quit:
        guard(session, {Pending::Kind::Quit, {}, {}});
        break;
    case FileCommand::Open:
        set_path_field("");
        show(Dialog::Open);
        break;
    case FileCommand::Save:
        save(session);
        break;
    case FileCommand::SaveAs:
        ask_save_as(session);
        break;
    case FileCommand::CopyLink:
        copy_link(session);
        break;
    case FileCommand::OpenLink:
        std::fill(link_field_.begin(), link_field_.end(), '\0');
        show(Dialog::OpenLink);
        break;
    case FileCommand::Import:
        show(Dialog::Import);
        break;
    case FileCommand::SwitchView:
        try {
            session.switch_view();
        } catch (const std::exception& e) {
            set_status(e.what(), true);
        }
        break;
    case FileCommand::ExportFixture:
        ask_export(session, view);
        break;
    case FileCommand::ExportTest:
        ask_export_test(session, view);
        break;
    }
}

void FileDialogs::open_link(Session& session, std::string link) {
    if (dialog_ != Dialog::None) return;
    guard(session, {Pending::Kind::OpenLink, {}, std::move(link)});
}

void FileDialogs::guard(Session& session, Pending pending) {
    if (pending.kind == Pending::Kind::Open) {
        try { // a file that will not open is said at once: nothing to ask about
            ccd::load_scene_file(pending.path);
        } catch (const std::exception& e) {
            set_status(e.what(), true);
            return;
        }
    }
    if (session.document().dirty()) {
        pending_ = std::move(pending);
        show(Dialog::Unsaved);
    } else {
        perform(session, pending);
    }
}

void FileDialogs::perform(Session& session, const Pending& pending) {
    try {
        switch (pending.kind) {
        case Pending::Kind::None:
            break;
        case Pending::Kind::Quit:
            quit_ = true;
            break;
        case Pending::Kind::New:
            session.new_scene();
            set_status("New scene", false);
            break;
        case Pending::Kind::Open:
            session.open(pending.path);
            set_status("Opened " + pending.path.string(), false);
            break;
        case Pending::Kind::Import: {
            const std::size_t left_out = session.import_box2d(pending.path, pending.link);
            set_status("Imported " + pending.path.string() + ": " + std::to_string(left_out) +
                           " things Box2D has and the scene does not (listed in its "
                           "description)",
                       false);
            break;
        }
        case Pending::Kind::OpenLink: {
            const std::string note = session.open_link(pending.link);
            set_status("Opened the link (" + std::to_string(pending.link.size()) + " characters)" +
                           (note.empty() ? "" : "; note: " + note),
                       false);
            break;
        }
        }
    } catch (const std::exception& e) { // a scene that does not load leaves the open one
        set_status(e.what(), true);
    }
}

void FileDialogs::save(Session& session) {
    if (session.document().untitled()) {
        ask_save_as(session);
        return;
    }
    save_as(session, session.document().path());
}

bool FileDialogs::save_as(Session& session, const std::filesystem::path& path) {
    try {
        session.save_as(path);
        set_status("Saved " + path.string(), false);
        file_written(path); // in a browser: downloaded
        return true;
    } catch (const std::exception& e) {
        set_status(std::string("Not saved: ") + e.what(), true);
        dialog_error_ = e.what();
        return false;
    }
}

double file_bar_height() {
    const ImGuiIO& io = ImGui::GetIO();
    const ImGuiStyle& style = ImGui::GetStyle();
    // The font's size as loaded (its ImFont knows it only once the atlas is built).
    const float font = io.Fonts->ConfigData.empty() ? 13.0f : io.Fonts->ConfigData[0].SizePixels;
    return std::ceil(font + 2.0f * style.FramePadding.y + 2.0f * style.WindowPadding.y);
}

void FileDialogs::draw(Session& session, const AnyView& view, PanelLayout& layout) {
    draw_bar(session, layout);
    if (dialog_ == Dialog::None) {
        if (requested_open_)
            guard(session, {Pending::Kind::Open, *requested_open_, {}});
        else if (requested_)
            handle(session, view, *requested_);
    }
    requested_.reset();
    requested_open_.reset();

    if (popup_pending_) {
        popup_pending_ = false;
        switch (dialog_) {
        case Dialog::SaveAs:
            ImGui::OpenPopup(kSaveAsTitle);
            break;
        case Dialog::Open:
            ImGui::OpenPopup(kOpenTitle);
            break;
        case Dialog::Unsaved:
            ImGui::OpenPopup(kUnsavedTitle);
            break;
        case Dialog::Recover:
            ImGui::OpenPopup(kRecoverTitle);
            break;
        case Dialog::Export:
            ImGui::OpenPopup(kExportTitle);
            break;
        case Dialog::ExportTest:
            ImGui::OpenPopup(kExportTestTitle);
            break;
        case Dialog::Link:
            ImGui::OpenPopup(kLinkTitle);
            break;
        case Dialog::OpenLink:
            ImGui::OpenPopup(kOpenLinkTitle);
            break;
        case Dialog::Import:
            ImGui::OpenPopup(kImportTitle);
            break;
        case Dialog::None:
            break;
        }
    }
    switch (dialog_) {
    case Dialog::SaveAs:
        draw_save_as(session);
        break;
    case Dialog::Open:
        draw_open(session);
        break;
    case Dialog::Unsaved:
        draw_unsaved(session);
        break;
    case Dialog::Recover:
        draw_recover(session);
        break;
    case Dialog::Export:
        draw_export(session);
        break;
    case Dialog::ExportTest:
        draw_export_test(session);
        break;
    case Dialog::Link:
        draw_link();
        break;
    case Dialog::OpenLink:
        draw_open_link(session);
        break;
    case Dialog::Import:
        draw_import(session);
        break;
    case Dialog::None:
        break;
    }
}

// The bar is a strip of its own along the window's top (the canvas and the panel start below).
void FileDialogs::draw_bar(Session& session, PanelLayout& layout) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, static_cast<float>(layout.top)),
                             ImGuiCond_Always);
    ImGui::Begin("File", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                     ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoFocusOnAppearing);
    bar_buttons_px_.clear();
    const auto button = [&](const char* label, const char* tip, FileCommand command) {
        if (ImGui::Button(label)) request(command);
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        bar_buttons_px_.emplace_back(label, Vec2{(lo.x + hi.x) * 0.5, (lo.y + hi.y) * 0.5});
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
        ImGui::SameLine();
    };
    button("New", "a blank scene (Ctrl+N)", FileCommand::New);
    button("Open", "open a scene file (Ctrl+O)", FileCommand::Open);
    button("Save", "save the scene (Ctrl+S)", FileCommand::Save);
    button("Save as", "save the scene to another file (Ctrl+Shift+S)", FileCommand::SaveAs);
    button("Export fixture",
           "write the case on screen, with the events it produces now, as a regression "
           "fixture (Ctrl+E)",
           FileCommand::ExportFixture);
    button("Export test",
           "write the query lab's pair, or the world's selected event's pair, as a C++ test "
           "for your own suite: GoogleTest, Catch2 or doctest (Ctrl+Shift+E)",
           FileCommand::ExportTest);
    button("Copy link",
           "the scene as a link, on the clipboard: whoever opens it sees this case (Ctrl+L)",
           FileCommand::CopyLink);
    button("Open link", "open the case a pasted scene link holds (Ctrl+Shift+L)",
           FileCommand::OpenLink);
    button("Import", "a Box2D 2.4.1 world, as b2World::Dump writes it (box2d_dump.inl)",
           FileCommand::Import);
    if (session.view_kind() == ViewKind::QueryLab)
        button("World view",
               "edit the whole scene in the world view: add and delete bodies and "
               "segments (Tab)",
               FileCommand::SwitchView);
    else
        button("Query lab", "take the scene's pair apart in the query lab (Tab)",
               FileCommand::SwitchView);
    if (ImGui::Button(layout.collapsed ? "Show panel" : "Hide panel"))
        layout.collapsed = !layout.collapsed;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("the side panel (F2); drag its left edge to resize it");
    ImGui::SameLine();
    const Document& document = session.document();
    // The file's name, and after it what was just done: each cut to the window's width.
    text_in_bar(document.name() + (document.dirty() ? " *" : ""),
                document.dirty() ? ImVec4(1.0f, 0.8f, 0.35f, 1.0f)
                                 : ImGui::GetStyleColorVec4(ImGuiCol_Text),
                std::string(document.untitled() ? "not saved yet" : document.path().c_str()) +
                    (document.dirty() ? "\nunsaved changes (kept in an autosave)" : ""));
    if (!status_.empty()) {
        ImGui::SameLine();
        text_in_bar(status_,
                    status_error_ ? kErrorColor : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    }
    if (!session.autosave_error().empty()) {
        ImGui::SameLine();
        ImGui::TextColored(kErrorColor, "%s", session.autosave_error().c_str());
    }
    ImGui::End();
}

// Opens the dialog's modal, centred; false when ImGui closed it (then no dialog is up).
bool FileDialogs::begin_modal(const char* title) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.4f),
                            ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return true;
    dialog_ = Dialog::None;
    return false;
}

FileDialogs::FieldAnswer FileDialogs::path_field_and_buttons(const char* id, float width,
                                                             const char* go_label) {
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(width);
    FieldAnswer answer;
    answer.go =
        ImGui::InputText(id, path_field_.data(), path_field_.size(),
                         ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    if (!dialog_error_.empty()) ImGui::TextColored(kErrorColor, "%s", dialog_error_.c_str());
    answer.go |= ImGui::Button(go_label);
    ImGui::SameLine();
    answer.cancel = ImGui::Button("Cancel (Esc)") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE);
    return answer;
}

void FileDialogs::draw_save_as(Session& session) {
    if (!begin_modal(kSaveAsTitle)) return;
    ImGui::TextUnformatted("Save the scene to:");
    const auto [go, cancel] = path_field_and_buttons("##path", 560.0f, "Save (Enter)");
    if (go && save_as(session, path_field_.data())) {
        close_dialog();
        const Pending pending = std::exchange(pending_, {});
        perform(session, pending); // what waited for this save (quit, open, new)
    } else if (cancel) {
        close_dialog();
        pending_ = {};
    }
    ImGui::EndPopup();
}

void FileDialogs::draw_open(Session& session) {
    if (!begin_modal(kOpenTitle)) return;
    ImGui::TextUnformatted("Scene file:");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(560.0f);
    bool go =
        ImGui::InputTextWithHint("##path", "a path, or pick a scene below", path_field_.data(),
                                 path_field_.size(), ImGuiInputTextFlags_EnterReturnsTrue);
    const auto list = [&](const char* id, const std::vector<std::filesystem::path>& paths,
                          bool full_path) {
        if (!ImGui::BeginListBox(id, ImVec2(560.0f, 140.0f))) return;
        for (const std::filesystem::path& path : paths) {
            const std::string label = full_path ? path.string() : path.filename().string();
            if (ImGui::Selectable(label.c_str(), path.string() == path_field_.data(),
                                  ImGuiSelectableFlags_AllowDoubleClick)) {
                set_path_field(path.string());
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) go = true;
            }
        }
        ImGui::EndListBox();
    };
    const std::filesystem::path folder = session.library().current_path().parent_path();
    ImGui::TextDisabled("Scenes of %s", folder.string().c_str());
    list("##folder", session.library().scenes(), false);
    std::error_code error;
    if (!scenes_.scenes().empty() &&
        !std::filesystem::equivalent(folder, scenes_.current_path().parent_path(), error)) {
        ImGui::TextDisabled("Scenes of %s", scenes_.current_path().parent_path().string().c_str());
        list("##scenes", scenes_.scenes(), false);
    }
    if (!session.settings().recent_files.empty()) {
        ImGui::TextDisabled("Recent files");
        list("##recent", session.settings().recent_files, true);
    }
    go |= ImGui::Button("Open (Enter)");
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel (Esc)") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE);
    if (go) {
        const std::filesystem::path path = path_field_.data();
        close_dialog();
        guard(session, {Pending::Kind::Open, path, {}});
    } else if (cancel) {
        close_dialog();
    }
    ImGui::EndPopup();
}

void FileDialogs::draw_unsaved(Session& session) {
    if (!begin_modal(kUnsavedTitle)) return;
    const char* what = pending_.kind == Pending::Kind::Quit  ? "quitting"
                       : pending_.kind == Pending::Kind::New ? "starting a new scene"
                                                             : "opening another scene";
    ImGui::Text("%s has unsaved changes. Save them before %s?", session.document().name().c_str(),
                what);
    const bool save_now = ImGui::Button("Save (S)") || pressed(GLFW_KEY_S);
    ImGui::SameLine();
    const bool discard = ImGui::Button("Discard (D)") || pressed(GLFW_KEY_D);
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel (Esc)") || pressed(GLFW_KEY_ESCAPE);
    if (save_now) {
        close_dialog();
        if (session.document().untitled()) {
            ask_save_as(session); // pending_ waits for that save
        } else if (save_as(session, session.document().path())) {
            perform(session, std::exchange(pending_, {}));
        } else {
            pending_ = {}; // not saved: stay, the message says why
        }
    } else if (discard) {
        close_dialog();
        session.discard_autosave();
        perform(session, std::exchange(pending_, {}));
    } else if (cancel) {
        close_dialog();
        pending_ = {};
    }
    ImGui::EndPopup();
}

// The link just copied, in a read-only field: the clipboard has it, and it can be selected here.
void FileDialogs::draw_link() {
    if (!begin_modal(kLinkTitle)) return;
    ImGui::Text("On the clipboard (%zu characters):", last_link_.size());
    ImGui::SetNextItemWidth(560.0f);
    // ImGui does not write to a read-only field's buffer.
    ImGui::InputText("##link", last_link_.data(), last_link_.size() + 1,
                     ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll);
    if (ImGui::Button("Close (Enter)") || pressed(GLFW_KEY_ENTER) || pressed(GLFW_KEY_ESCAPE))
        close_dialog();
    ImGui::EndPopup();
}

// A pasted link: opened if it decodes to a valid scene, else its located error and nothing else.
void FileDialogs::draw_open_link(Session& session) {
    if (!begin_modal(kOpenLinkTitle)) return;
    ImGui::TextUnformatted("Scene link:");
    // The field has the keys when the dialog opens, and again after a link that did not open.
    if (ImGui::IsWindowAppearing() || std::exchange(focus_link_field_, false))
        ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(560.0f);
    bool go = ImGui::InputTextWithHint("##link", "paste a link (Ctrl+V): ...#scene=...",
                                       link_field_.data(), link_field_.size(),
                                       ImGuiInputTextFlags_EnterReturnsTrue);
    if (!dialog_error_.empty()) ImGui::TextColored(kErrorColor, "%s", dialog_error_.c_str());
    go |= ImGui::Button("Open (Enter)");
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel (Esc)") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE);
    if (go) {
        const std::string link = link_field_.data();
        try {
            ccd::scene_from_link(link);
            close_dialog();
            guard(session, {Pending::Kind::OpenLink, {}, link});
        } catch (const std::exception& e) { // stays open: the link can be mended
            dialog_error_ = e.what();
            set_status(e.what(), true);
            focus_link_field_ = true;
        }
    } else if (cancel) {
        close_dialog();
    }
    ImGui::EndPopup();
}

void FileDialogs::draw_import(Session& session) {
    if (!begin_modal(kImportTitle)) return;
    ImGui::TextUnformatted("What Box2D 2.4.1's b2World::Dump() wrote (box2d_dump.inl):");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(560.0f);
    bool go =
        ImGui::InputTextWithHint("##dump", "path of the dump", import_path_field_.data(),
                                 import_path_field_.size(), ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SetNextItemWidth(160.0f);
    go |= ImGui::InputText("time step (s)", import_dt_field_.data(), import_dt_field_.size(),
                           ImGuiInputTextFlags_EnterReturnsTrue);
    if (!dialog_error_.empty()) ImGui::TextColored(kErrorColor, "%s", dialog_error_.c_str());
    go |= ImGui::Button("Import (Enter)");
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel (Esc)") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE);
    if (go) {
        const Pending pending{Pending::Kind::Import, import_path_field_.data(),
                              import_dt_field_.data()};
        try { // a dump that will not import is said here: the path can be mended
            Session::box2d_scene(pending.path, pending.link);
            close_dialog();
            guard(session, pending);
        } catch (const std::exception& e) {
            dialog_error_ = e.what();
            set_status(e.what(), true);
        }
    } else if (cancel) {
        close_dialog();
    }
    ImGui::EndPopup();
}

void FileDialogs::draw_recover(Session& session) {
    if (!begin_modal(kRecoverTitle)) return;
    const std::string origin =
        recovery_ && !recovery_->origin.empty() ? recovery_->origin.string() : "an untitled scene";
    ImGui::Text("The last run did not end cleanly. An autosave of the unsaved edit of\n%s\nwas "
                "found.",
                origin.c_str());
    const bool recover = ImGui::Button("Recover (R)") || pressed(GLFW_KEY_R);
    ImGui::SameLine();
    const bool discard = ImGui::Button("Discard (D)") || pressed(GLFW_KEY_D);
    if (recover && recovery_) {
        close_dialog();
        try {
            session.recover(*recovery_);
            set_status("Recovered the autosave: save it to keep it", false);
        } catch (const std::exception& e) {
            set_status(std::string("Cannot recover: ") + e.what(), true);
        }
        recovery_.reset();
    } else if (discard) {
        close_dialog();
        session.discard_autosave();
        recovery_.reset();
    }
    ImGui::EndPopup();
}

} // namespace ccdlab
