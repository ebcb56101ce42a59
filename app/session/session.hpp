#pragma once
// Session: the scene being edited in an interactive run and which view shows it, its document
// (file, unsaved changes), the scene folder the picker lists, the recent files, and what the
// File commands do to them: new, open, save, save as, export a fixture, switch the view, autosave
// and recovery. No view and no drawing: the app makes the view the session names (any_view.hpp)
// and tells the session what the view edited; the dialogs (file_dialogs.hpp) ask, the session
// does.

#include "autosave.hpp"
#include "autosave_slot.hpp"
#include "document.hpp"
#include "fixture_export.hpp"
#include "scene_library.hpp"
#include "settings.hpp"
#include "view_kind.hpp"

#include "ccd/box2d_dump.hpp"
#include "ccd/scene.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace ccdlab {

class Session {
public:
    // `scene` shown in `view` (from view_kind_for), `document` the file it came from.
    // `settings_folder` empty: no settings, recent files or autosave are kept (as in tests).
    // `bundled_scenes`: the folder of the bundled scenes, whose tour the picker always lists.
    Session(ccd::Scene scene, ViewKind view, Document document,
            std::filesystem::path settings_folder, Settings settings,
            std::filesystem::path fixtures_folder, std::filesystem::path bundled_scenes = {});

    // The scene as edited now (as the view last reported it) and which view shows it.
    const ccd::Scene& scene() const { return scene_; }
    ViewKind view_kind() const { return view_kind_; }
    const Document& document() const { return document_; }
    const SceneLibrary& library() const { return library_; }
    const Settings& settings() const { return settings_; }
    const std::filesystem::path& fixtures_folder() const { return fixtures_folder_; }
    // The scene as edited now as a link, against the settings' link_base (a "Copy link" puts
    // it on the clipboard). Throws ccd::SceneError for a scene that would not save.
    std::string link() const;
    // "ccdlab - default.json", with " *" while there are unsaved changes.
    std::string window_title() const;

    // The view's scene after it changed (an edit, or only the scrubbed time: cheap then). Is the
    // document dirty now? Keeps the autosave in step: due while dirty, removed once clean.
    void edited(ccd::Scene scene);

    // Each throws (ccd::SceneError, std::runtime_error) with a one-line message and leaves the
    // session as it was when it fails. open, new_scene, recover and switch_view replace the scene
    // or its view: they take effect at apply(), between two frames, so the view being drawn
    // stays alive.
    void open(const std::filesystem::path& path);
    // The scene a link holds (docs/links.md), as an untitled document with no unsaved changes;
    // a link that does not decode throws the located ccd::SceneError of ccd::scene_from_link.
    // Returns the link's note (ccd::decode_scene_link: an old link without a checksum), or "".
    std::string open_link(std::string_view link);
    // A Box2D world (what b2World::Dump writes, at `dt`: seconds, a number or a fraction "1/60")
    // as an untitled scene (ccd::import_box2d, docs/scene-format.md); returns how many things
    // the scene could not carry (listed in its description). box2d_scene reads it without
    // opening it; both throw ccd::Box2dDumpError or std::invalid_argument (a bad time step).
    std::size_t import_box2d(const std::filesystem::path& path, std::string_view dt);
    static ccd::Box2dImport box2d_scene(const std::filesystem::path& path, std::string_view dt);
    void new_scene();
    void save(); // to the document's file; the document must have one
    void save_as(const std::filesystem::path& path);
    // Writes `shown` (the case on screen) as a fixture into the fixtures folder; returns the file.
    std::filesystem::path export_fixture(const FixtureCase& shown);
    // The name Export fixture offers for `shown` (its title's first free slug in the fixtures
    // folder), and `shown` written under the name given (never over a file: ccd::SceneError).
    std::string fixture_name(const FixtureCase& shown) const;
    std::filesystem::path export_fixture_as(const FixtureCase& shown, const std::string& name,
                                            std::optional<std::string>* replay_difference);
    // The autosave found at start, opened in place of the scene: its file's name, its edits
    // unsaved.
    void recover(const Autosave& autosave);
    // The same edited scene in the other view: the world view (to add and delete bodies and
    // segments) or the query lab (its pair). Throws when the scene has no pair for the lab.
    // The document and its unsaved changes stay as they are (the view's undo history starts
    // anew).
    void switch_view();
    // Puts the scene, view kind and document that open, new_scene, recover or switch_view made
    // in place; true if any: the app then makes the view of scene() and view_kind() anew.
    bool apply();

    // Writes the autosave when one is due and `now` (seconds, any monotonic clock) is at least
    // kAutosaveInterval after the last. Returns the seconds until the next one is due, or a
    // negative number when none is. A failure is kept in autosave_error().
    double autosave_tick(double now);
    // The unsaved edit is dropped on purpose: its autosave goes too.
    void discard_autosave();
    const std::string& autosave_error() const { return autosave_error_; }
    const std::filesystem::path& autosave_file() const { return autosave_slot_.file(); }

    static constexpr double kAutosaveInterval = 3.0;

private:
    // The title a fixture of `shown` is named after: its scene's, else the file's stem.
    std::string fixture_title(const FixtureCase& shown) const;
    struct Replacement {
        ccd::Scene scene;
        ViewKind view_kind;
        Document document;
        bool from_file = false;     // document.path() was just opened: list its folder, remember it
        std::string autosaved_text; // what the autosave file holds afterwards (recovery)
        bool same_edit = false;     // the same unsaved edit (recovery, switch): keep its autosave
    };
    void compare_with_file(); // scene_ against the document's file; the autosave follows
    void remember(const std::filesystem::path& path); // recent files and last scene, saved

    ccd::Scene scene_;
    ViewKind view_kind_;
    Document document_;
    std::filesystem::path bundled_scenes_;
    SceneLibrary library_;
    std::filesystem::path settings_folder_;
    Settings settings_;
    std::filesystem::path fixtures_folder_;
    AutosaveSlot autosave_slot_; // this instance's autosave file, held while it runs
    std::string autosaved_text_; // what the autosave file holds; empty: none written by us
    bool autosave_due_ = false;
    double last_autosave_ = -1e300;
    std::string autosave_error_;
    std::optional<Replacement> replacement_;
};

} // namespace ccdlab
