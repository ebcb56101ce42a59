#include "session.hpp"

#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>

namespace ccdlab {
namespace {

// What a new scene starts as: nothing in it, the origin in the middle.
ccd::Scene blank_scene() {
    ccd::Scene scene;
    scene.view = ccd::View{{0.0, 0.0}, 10.0};
    return scene;
}

} // namespace

Session::Session(ccd::Scene scene, ViewKind view, Document document,
                 std::filesystem::path settings_folder, Settings settings,
                 std::filesystem::path fixtures_folder, std::filesystem::path bundled_scenes)
    : scene_(std::move(scene)), view_kind_(view), document_(std::move(document)),
      bundled_scenes_(std::move(bundled_scenes)), library_(document_.path(), bundled_scenes_),
      settings_folder_(std::move(settings_folder)), settings_(std::move(settings)),
      fixtures_folder_(std::move(fixtures_folder)),
      autosave_slot_(AutosaveSlot::claim(settings_folder_)) {
    compare_with_file();
}

std::string Session::window_title() const {
    return "ccdlab - " + document_.name() + (document_.dirty() ? " *" : "");
}

void Session::edited(ccd::Scene scene) {
    // Scrubbing and playing change the view every frame but not the scene; writing a large
    // scene's text takes tens of milliseconds, so only an edit is compared with the file.
    if (scene == scene_) return;
    scene_ = std::move(scene);
    compare_with_file();
}

void Session::compare_with_file() {
    const std::string text = document_.update(scene_);
    if (document_.dirty()) {
        autosave_due_ = text != autosaved_text_;
    } else {
        autosave_due_ = false;
        if (!autosaved_text_.empty()) discard_autosave(); // undone back to the saved file
    }
}

void Session::open(const std::filesystem::path& path) {
    ccd::Scene scene = ccd::load_scene_file(path);
    const ViewKind kind = view_kind_for(scene, path, Mode::Automatic);
    Document document(path, scene);
    replacement_.emplace(Replacement{std::move(scene), kind, std::move(document), true, {}, false});
}

std::string Session::open_link(std::string_view link) {
    ccd::DecodedSceneLink decoded = ccd::decode_scene_link(link);
    ccd::Scene scene = ccd::parse_scene(decoded.json, "link");
    const ViewKind kind = view_kind_for(scene, "link", Mode::Automatic);
    Document document({}, scene);
    replacement_.emplace(
        Replacement{std::move(scene), kind, std::move(document), false, {}, false});
    return std::move(decoded.note);
}

ccd::Box2dImport Session::box2d_scene(const std::filesystem::path& path, std::string_view dt) {
    const std::string text(dt);
    const auto slash = text.find('/');
    char* end = nullptr;
    const double number = std::strtod(text.c_str(), &end);
    const bool number_ends =
        end == text.c_str() + (slash == std::string::npos ? text.size() : slash);
    double divisor = 1.0;
    bool divisor_ends = true;
    if (slash != std::string::npos) {
        const char* first = text.c_str() + slash + 1;
        divisor = std::strtod(first, &end);
        divisor_ends = end != first && end == text.c_str() + text.size();
    }
    const double step = number / divisor;
    if (text.empty() || !number_ends || !divisor_ends || !(step > 0.0) || !std::isfinite(step))
        throw std::invalid_argument("time step \"" + text +
                                    "\": a number of seconds > 0, or a fraction (1/60)");
    return ccd::import_box2d_file(path, step);
}

std::size_t Session::import_box2d(const std::filesystem::path& path, std::string_view dt) {
    ccd::Box2dImport imported = box2d_scene(path, dt);
    const ViewKind kind = view_kind_for(imported.scene, path.string(), Mode::World);
    Document document({}, imported.scene);
    replacement_.emplace(
        Replacement{std::move(imported.scene), kind, std::move(document), false, {}, false});
    return imported.not_carried.size();
}

std::string Session::link() const {
    return ccd::scene_link(scene_, settings_.link_base);
}

void Session::new_scene() {
    ccd::Scene scene = blank_scene();
    const ViewKind kind = view_kind_for(scene, "untitled", Mode::World);
    Document document({}, scene);
    replacement_.emplace(
        Replacement{std::move(scene), kind, std::move(document), false, {}, false});
}

void Session::recover(const Autosave& autosave) {
    ccd::Scene saved = blank_scene();
    bool origin_loads = false;
    if (!autosave.origin.empty()) {
        try {
            saved = ccd::load_scene_file(autosave.origin);
            origin_loads = true;
        } catch (const std::exception&) { // gone or broken: the edit is all there is
        }
    }
    const ViewKind kind = view_kind_for(
        autosave.scene, autosave.origin.empty() ? "untitled" : autosave.origin.string(),
        Mode::Automatic);
    replacement_.emplace(
        Replacement{autosave.scene, kind,
                    origin_loads ? Document(autosave.origin, saved) : Document(autosave.origin, {}),
                    origin_loads, canonical_text(autosave.scene), true});
}

void Session::switch_view() {
    const bool to_world = view_kind_ == ViewKind::QueryLab;
    const std::filesystem::path label = document_.untitled() ? "untitled" : document_.path();
    const ViewKind kind = view_kind_for(scene_, label, to_world ? Mode::World : Mode::Query);
    replacement_.emplace(Replacement{scene_, kind, document_, false, autosaved_text_, true});
}

bool Session::apply() {
    if (!replacement_) return false;
    Replacement replacement = std::move(*replacement_);
    replacement_.reset();
    // The edit being replaced was saved or discarded before (FileDialogs asks); a recovered
    // autosave stays until the recovered edit is saved or discarded.
    if (!replacement.same_edit) discard_autosave();
    scene_ = std::move(replacement.scene);
    view_kind_ = replacement.view_kind;
    document_ = std::move(replacement.document);
    if (replacement.from_file) {
        library_ = SceneLibrary(document_.path(), bundled_scenes_, library_.tour_place());
        remember(document_.path());
    } else if (document_.untitled()) { // a new scene or a link's: no file, no tour stop
        library_.set_current(library_.current_path().parent_path() / "");
    }
    autosaved_text_ = std::move(replacement.autosaved_text);
    compare_with_file();
    return true;
}

void Session::save() {
    save_as(document_.path());
}

void Session::save_as(const std::filesystem::path& path) {
    if (path.empty()) throw ccd::SceneError("no file name given");
    ccd::save_scene_file(path, scene_);
    document_.mark_saved(path, scene_);
    // The tour's place is kept: PageUp / PageDown go on from the stop it was saved from.
    library_ = SceneLibrary(path, bundled_scenes_, library_.tour_place());
    remember(path);
    discard_autosave();
}

std::filesystem::path Session::export_fixture(const FixtureCase& shown) {
    return ccdlab::export_fixture(fixtures_folder_, shown.scene, shown.frames,
                                  fixture_title(shown));
}

std::string Session::fixture_title(const FixtureCase& shown) const {
    return !shown.scene.title.empty() ? shown.scene.title
           : document_.untitled()     ? std::string("fixture")
                                      : document_.path().stem().string();
}

std::string Session::fixture_name(const FixtureCase& shown) const {
    return default_fixture_name(fixtures_folder_, fixture_title(shown));
}

std::filesystem::path Session::export_fixture_as(const FixtureCase& shown, const std::string& name,
                                                 std::optional<std::string>* replay_difference) {
    return ccdlab::export_fixture_as(fixtures_folder_, shown, name, replay_difference);
}

double Session::autosave_tick(double now) {
    if (!autosave_due_ || autosave_file().empty()) return -1.0;
    if (now < last_autosave_ + kAutosaveInterval) return last_autosave_ + kAutosaveInterval - now;
    last_autosave_ = now;
    autosave_due_ = false;
    try {
        write_autosave(autosave_file(), {scene_, document_.path()});
        autosaved_text_ = canonical_text(scene_);
        autosave_error_.clear();
    } catch (const std::exception& e) {
        autosave_error_ = std::string("autosave failed: ") + e.what();
    }
    return -1.0;
}

void Session::discard_autosave() {
    remove_autosave(autosave_file());
    autosaved_text_.clear();
    autosave_due_ = false;
}

void Session::remember(const std::filesystem::path& path) {
    if (settings_folder_.empty()) return;
    remember_recent_file(settings_.recent_files, path);
    settings_.last_scene = settings_.recent_files.front();
    save_settings(settings_folder_, settings_);
}

} // namespace ccdlab
