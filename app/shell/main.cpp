// ccdlab: the visual debugger. Opens a scene in the query lab (one body against a segment) or
// the world view (a scene stepped by the event scheduler), interactively or to a PNG
// (--screenshot). The scene picker switches scenes without leaving; the File bar and keys open,
// save, export fixtures and guard unsaved changes (session.hpp, file_dialogs.hpp).

#include "any_view.hpp"
#include "autosave.hpp"
#include "file_dialogs.hpp"
#include "frame_bench.hpp"
#include "help_overlay.hpp"
#include "hunt_run.hpp"
#include "hunt_worker.hpp"
#include "options.hpp"
#include "panel_layout.hpp"
#include "platform_window.hpp"
#include "query_lab.hpp"
#include "query_lab_view.hpp"
#include "report.hpp"
#include "scene_library.hpp"
#include "screenshot.hpp"
#include "session.hpp"
#include "settings.hpp"
#include "shape_renderer.hpp"
#include "world_view.hpp"

#include "ccd/box2d_toi.hpp"
#include "ccd/isolated_calls.hpp"
#include "ccd/plugin_loader.hpp"
#ifdef CCDLAB_HAS_BULLET
#include "ccd/bullet_toi.hpp"
#endif
#include "ccd/run_comparison.hpp"
#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

namespace ccdlab {
namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitNoWindow = 3;

// The scene picker, over the bottom-left corner of the `canvas` (above the world view's
// timeline): the bundled tour by section (each scene by its title), the open scene's folder, the
// recent files; previous / next (PageUp / PageDown) and where the tour is. Returns the scene
// asked for, if any.
std::optional<std::filesystem::path>
draw_scene_picker(const Camera& canvas, const SceneLibrary& library,
                  const std::vector<std::filesystem::path>& recent, const std::string& error) {
    std::optional<std::filesystem::path> chosen;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvas.origin.x) + 10.0f,
                                   static_cast<float>(canvas.origin.y + canvas.height) - 10.0f),
                            ImGuiCond_Always, ImVec2(0.0f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.75f);
    ImGui::Begin("Scenes", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    if (ImGui::ArrowButton("##previous", ImGuiDir_Left)) chosen = library.next(-1);
    ImGui::SameLine();
    if (ImGui::ArrowButton("##next", ImGuiDir_Right)) chosen = library.next(1);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::min(260.0f, std::max(120.0f, io.DisplaySize.x * 0.3f)));
    const auto title_of = [&](std::size_t i) {
        const std::string& title = library.titles()[i];
        return title.empty() ? library.scenes()[i].filename().string() : title;
    };
    const std::string current =
        library.current() >= 0 ? title_of(static_cast<std::size_t>(library.current()))
        : library.current_path().has_filename() ? library.current_path().filename().string()
                                                : std::string("untitled");
    // The list opaque over the canvas (the style's popups let it show through).
    ImVec4 list_background = ImGui::GetStyleColorVec4(ImGuiCol_PopupBg);
    list_background.w = 1.0f;
    ImGui::PushStyleColor(ImGuiCol_PopupBg, list_background);
    const bool listed = ImGui::BeginCombo("##scene", current.c_str(), ImGuiComboFlags_HeightLarge);
    ImGui::PopStyleColor();
    if (listed) {
        // The guided tour's stops first, numbered, under their sections (scenes/tour.txt);
        // then the rest of the open scene's folder; then the recent files.
        std::string section;
        for (std::size_t i = 0; i < library.scenes().size(); ++i) {
            const bool stop = static_cast<int>(i) < library.tour_length();
            const std::string& heading = stop ? library.sections()[i] : std::string("This folder");
            if (heading != section) {
                section = heading;
                ImGui::TextDisabled("%s", section.c_str());
            }
            const std::string file = library.scenes()[i].filename().string();
            const std::string label = (stop ? std::to_string(i + 1) + ". " : std::string()) +
                                      title_of(i) + "##" + library.scenes()[i].string();
            if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == library.current()))
                chosen = library.scenes()[i];
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", library.scenes()[i].c_str());
        }
        if (!recent.empty()) ImGui::TextDisabled("Recent files");
        for (const std::filesystem::path& file : recent) {
            const std::string label = file.filename().string() + "##recent" + file.string();
            if (ImGui::Selectable(label.c_str())) chosen = file;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", file.c_str());
        }
        ImGui::EndCombo();
    }
    if (library.tour_place() >= 0) {
        ImGui::SameLine();
        ImGui::TextDisabled("tour %d / %d", library.tour_place() + 1, library.tour_length());
    }
    if (!error.empty()) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", error.c_str());
    ImGui::End();
    if (!io.WantCaptureKeyboard && ImGui::IsKeyPressed(GLFW_KEY_PAGE_DOWN))
        chosen = library.next(1);
    if (!io.WantCaptureKeyboard && ImGui::IsKeyPressed(GLFW_KEY_PAGE_UP)) chosen = library.next(-1);
    return chosen;
}

// One frame of the whole app into the currently bound framebuffer.
template <class View>
void draw_frame(PlatformWindow& window, View& view, ShapeRenderer& renderer,
                const PanelLayout& layout, const std::function<void()>& overlay) {
    const Vec2 size = window.window_size();
    const double scale = window.framebuffer_scale();
    window.begin_frame();
    view.layout(size, layout);
    view.handle_input();
    view.draw_panel();
    view.draw_labels();
    overlay();

    const Color bg = palette::background;
    glViewport(0, 0, static_cast<int>(size.x * scale), static_cast<int>(size.y * scale));
    glClearColor(bg.r, bg.g, bg.b, bg.a);
    glClear(GL_COLOR_BUFFER_BIT);
    // The canvas is the left part of the window below the File bar; the panel covers the rest.
    const Camera& camera = view.camera();
    glViewport(static_cast<int>(camera.origin.x * scale),
               static_cast<int>((size.y - camera.origin.y - camera.height) * scale),
               static_cast<int>(camera.width * scale), static_cast<int>(camera.height * scale));
    renderer.begin(camera, scale);
    view.draw_world(renderer);
    renderer.end();
    glViewport(0, 0, static_cast<int>(size.x * scale), static_cast<int>(size.y * scale));
    window.render_ui();
}

// One frame as an interactive run shows it (the File bar's strip, the picker), offscreen.
int run_screenshot(const Options& options, AnyView& view, const ccd::Scene& loaded, ViewKind kind) {
    PlatformWindow window("ccdlab", options.width, options.height, false);
    ShapeRenderer renderer;
    const double scale = window.framebuffer_scale();
    OffscreenTarget target(static_cast<int>(options.width * scale),
                           static_cast<int>(options.height * scale));
    const std::filesystem::path bundled = std::filesystem::path(CCDLAB_DEFAULT_SCENE).parent_path();
    // No settings folder: nothing is read or written, no autosave.
    Session session(loaded, kind, Document(options.scene, loaded), {}, Settings{},
                    options.fixtures_dir, bundled);
    FileDialogs dialogs(bundled);
    PanelLayout layout{file_bar_height(), 0.0, false};
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    // A screenshot shows an engine comparison complete: its ghosts and tunnels.
    if (const auto* world = std::get_if<WorldView>(&view); world && world->engine_compared())
        world->engine_compared()->wait_until_done();
#endif
    // ImGui sizes its windows over the first frames; the third frame is the settled one.
    for (int frame = 0; frame < 3; ++frame) {
        target.bind();
        std::visit(
            [&](auto& v) {
                draw_frame(window, v, renderer, layout, [&] {
                    draw_scene_picker(v.camera(), session.library(), {}, "");
                    dialogs.draw(session, view, layout);
                });
            },
            view);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    target.write_png(*options.screenshot);
    if (options.report)
        std::visit([&](auto& v) { write_report(*options.report, v, options.scene); }, view);
    return 0;
}

// The File side's state, for the report.
SessionReport session_report(const Session& session, const FileDialogs& dialogs) {
    const SceneLibrary& library = session.library();
    return {session.document().path().string(),
            session.document().dirty(),
            dialogs.dialog_name(),
            dialogs.status(),
            dialogs.last_export().string(),
            dialogs.last_link(),
            library.tour_place(),
            library.tour_length(),
            static_cast<int>(library.scenes().size()),
            ImGui::GetIO().WantTextInput,
            dialogs.bar_buttons_px()};
}

// The folder of the settings and the autosave, made if it is missing (none: nothing is kept).
std::filesystem::path made_settings_folder() {
    const std::filesystem::path folder = settings_folder();
    if (!folder.empty()) {
        std::error_code ignored;
        std::filesystem::create_directories(folder, ignored);
    }
    return folder;
}

// An interactive run: the window, the session and the view of its scene, the File side, frame
// by frame until the window closes.
class InteractiveRun {
public:
    InteractiveRun(const Options& options, AnyView view, const ccd::Scene& loaded, ViewKind kind,
                   const Settings& settings);
    // Runs until the window closes; then keeps the last scene and the window's size.
    int run();

private:
    void recover_or_offer();
    void frame(); // one frame: its input, drawn, shown, what it asked for
    void draw_frame();
    void take_screenshot();
    void after_frame();
    // The world's "Hunt from this event": whether the selected event's pair can be hunted (said
    // to the view once per event), and a press: the pair opened in the lab as an untitled scene
    // (unsaved changes asked about first), where the hunt starts once the lab is made.
    void hunt_from_event();
    // A finding row's export (hunt_panel.hpp): the File bar's own command on the lab's pair.
    void export_finding();
    void report();
    // The view's changes since the last call go to the session (unsaved changes? the autosave
    // follows); true if there were any.
    bool view_to_session();
    void save_last_settings();
    // The layers saved for the view's kind of scene (ordinary or dense) and the recording cap
    // go to a view just made; a view's toggles and cap come back to be saved.
    void show_saved_layers();
    void keep_layers();

    const Options options_;
    PlatformWindow window_;
    std::filesystem::path settings_dir_;
    ShapeRenderer renderer_;
    Session session_;
    // The view of the session's scene: made anew whenever the session's scene or view kind is
    // replaced (Session::apply); its edits go back to the session.
    AnyView view_;
    FileDialogs dialogs_;
    std::string title_;
    std::string error_;
    SessionReport reported_;
    PanelLayout layout_; // the File bar's strip, the panel's width (kept in the settings)
    std::optional<std::filesystem::path> chosen_; // the scene picked this frame
    bool view_changed_ = false;                   // the view changed this frame
    ShowLayers layers_, dense_scene_layers_;      // as the user last set them
    int recording_cap_mb_;                        // the world view's, as last set
    bool screenshot_requested_ = false;           // F12 this frame
    bool hunt_pending_ = false; // the scene opening is the event's pair, to be hunted
    std::optional<Vec2> reported_hunt_button_; // where the report last put it
};

InteractiveRun::InteractiveRun(const Options& options, AnyView view, const ccd::Scene& loaded,
                               ViewKind kind, const Settings& settings)
    : options_(options), window_(("ccdlab - " + options.scene.filename().string()).c_str(),
                                 options.width, options.height, true, !options.size_given),
      settings_dir_(made_settings_folder()), renderer_(),
      session_(loaded, kind, Document(options.scene, loaded), settings_dir_, settings,
               options.fixtures_dir.empty() ? std::filesystem::path(CCDLAB_FIXTURES_DIR)
                                            : options.fixtures_dir,
               std::filesystem::path(CCDLAB_DEFAULT_SCENE).parent_path()),
      view_(std::move(view)), dialogs_(std::filesystem::path(CCDLAB_DEFAULT_SCENE).parent_path()),
      layers_(settings.layers), dense_scene_layers_(settings.dense_scene_layers),
      recording_cap_mb_(settings.recording_cap_mb) {
    if (!settings_dir_.empty()) window_.persist_layout(settings_dir_ / "imgui.ini");
    layout_ = {file_bar_height(), settings.panel_width, settings.panel_collapsed};
    show_saved_layers();
    recover_or_offer();
    title_ = session_.window_title();
    window_.set_title(title_.c_str());
}

// An autosave left behind: the last run did not end cleanly. Offered, or opened (--recover).
void InteractiveRun::recover_or_offer() {
    if (const auto autosave = read_autosave(session_.autosave_file())) {
        if (options_.recover) {
            session_.recover(*autosave);
            session_.apply();
            view_ = view_for(session_.scene(), session_.view_kind(), std::nullopt);
            show_saved_layers();
        } else {
            dialogs_.offer_recovery(*autosave);
        }
    } else if (options_.recover) {
        std::cerr << "ccdlab: --recover: no autosave in " << settings_dir_.string() << '\n';
    }
}

void InteractiveRun::report() {
    if (!options_.report) return;
    reported_ = session_report(session_, dialogs_);
    std::visit(
        [&](auto& v) { write_report(*options_.report, v, session_.document().path(), &reported_); },
        view_);
}

bool InteractiveRun::view_to_session() {
    if (!std::visit([](auto& v) { return v.take_changed(); }, view_)) return false;
    session_.edited(edited_scene(view_));
    return true;
}

int InteractiveRun::run() {
    window_.run_frames([this] { frame(); },
                       [this] {
                           report();
                           save_last_settings();
                       });
    return 0;
}

void InteractiveRun::frame() {
    double wake_after = session_.autosave_tick(glfwGetTime());
    if (const auto* lab = std::get_if<QueryLabView>(&view_); lab && lab->hunting())
        wake_after = wake_after > 0.0 ? std::min(wake_after, 0.1) : 0.1; // the hunt's progress
    window_.wait_for_events(wake_after);
    if (window_.take_close_request()) dialogs_.request(FileCommand::Quit);
    draw_frame();
    if (screenshot_requested_) take_screenshot(); // before the frame is shown
    window_.swap_buffers();
    after_frame();
    if (options_.frame_delay_ms > 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(options_.frame_delay_ms));
}

void InteractiveRun::draw_frame() {
    chosen_.reset();
    view_changed_ = false;
    std::visit(
        [&](auto& v) {
            ccdlab::draw_frame(window_, v, renderer_, layout_, [&] {
                // Every key press reaches ImGui in a frame of its own (the window's input
                // queue): the File keys, Ctrl+Q and F12 are read here like any other key.
                if (const auto command = file_command_pressed()) dialogs_.request(*command);
                screenshot_requested_ = ImGui::IsKeyPressed(GLFW_KEY_F12, false);
                layout_ = v.panel_layout(); // the panel's edge dragged this frame
                if (!ImGui::GetIO().WantCaptureKeyboard && ImGui::IsKeyPressed(GLFW_KEY_F2, false))
                    layout_.collapsed = !layout_.collapsed;
                if (v.help_shown()) draw_help_overlay(v.camera(), session_.fixtures_folder());
                chosen_ = draw_scene_picker(v.camera(), session_.library(),
                                            session_.settings().recent_files, error_);
                // This frame's edits reach the session before a File command reads it.
                view_changed_ = view_to_session();
                dialogs_.draw(session_, view_, layout_); // the File bar and its dialogs
            });
        },
        view_);
}

// F12: this very frame, as drawn.
void InteractiveRun::take_screenshot() {
    const std::filesystem::path name = next_screenshot_name();
    try {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        glReadBuffer(GL_BACK);
        write_framebuffer_png(name, window_.framebuffer_width(), window_.framebuffer_height());
        std::cout << "ccdlab: wrote " << name.string() << std::endl;
        file_written(name);
        dialogs_.set_status("Screenshot saved to " + std::filesystem::absolute(name).string(),
                            false);
    } catch (const std::exception& e) {
        dialogs_.set_status(e.what(), true);
    }
}

// What the frame asked for: quit, another scene, the view's time running on, a report.
void InteractiveRun::after_frame() {
    if (dialogs_.quit()) window_.close();
    if (!chosen_) chosen_ = window_.take_dropped_file(); // a scene file dropped on the window
    if (chosen_) { // the picker: asked first when there are unsaved changes
        dialogs_.request_open(*chosen_);
        window_.keep_drawing(3);
    }
    hunt_from_event();
    export_finding();
    if (session_.apply()) { // a scene opened, a new one, a recovered one, the other view
        keep_layers();
        view_ = view_for(session_.scene(), session_.view_kind(), std::nullopt);
        show_saved_layers();
        error_.clear();
        if (auto* lab = std::get_if<QueryLabView>(&view_); lab && hunt_pending_) {
            lab->start_hunt();
            dialogs_.set_status("Hunting from " + session_.scene().title, false);
        }
        hunt_pending_ = false;
        window_.keep_drawing(3);
        report();
    }
    if (dialogs_.dialog_name().empty()) hunt_pending_ = false; // the open was cancelled
    // A playing world keeps the frames coming; its time runs with the wall clock.
    if (auto* world = std::get_if<WorldView>(&view_); world && world->playing()) {
        world->advance(ImGui::GetIO().DeltaTime);
        window_.keep_drawing(2);
    }
    if (auto* lab = std::get_if<QueryLabView>(&view_); lab && lab->playing()) {
        lab->advance(ImGui::GetIO().DeltaTime); // the query lab animating t
        window_.keep_drawing(2);
    }
    // Work in the background (an engine comparison): its results are shown as they come.
    if (auto* world = std::get_if<WorldView>(&view_); world && world->working_in_background()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(15)); // the worker runs meanwhile
        window_.keep_drawing(2);
    }
    if (auto* lab = std::get_if<QueryLabView>(&view_); lab && lab->take_hunt_changed()) {
        window_.keep_drawing(2); // the Hunt section shows it
        report();
    }
    if (const auto* world = std::get_if<WorldView>(&view_);
        world && world->hunt_button_px() != reported_hunt_button_) {
        reported_hunt_button_ = world->hunt_button_px(); // drawn, offered or gone
        report();
    }
    if (view_to_session() || view_changed_) {
        window_.keep_drawing(2);
        report();
    }
    if (session_.window_title() != title_) {
        title_ = session_.window_title();
        window_.set_title(title_.c_str());
    }
    if (session_report(session_, dialogs_) != reported_) {
        window_.keep_drawing(2);
        report();
    }
}

void InteractiveRun::hunt_from_event() {
    auto* world = std::get_if<WorldView>(&view_);
    if (!world || world->selected_event() < 0) return;
    const bool offered = world->hunt_offer().frame == world->log().frame &&
                         world->hunt_offer().event == world->selected_event();
    const bool pressed = world->take_hunt_request();
    if (offered && !pressed) return;
    const auto pair = event_pair_scene(*world);
    const auto* why = std::get_if<std::string>(&pair);
    world->offer_hunt({world->log().frame, world->selected_event(), why ? *why : std::string()});
    window_.keep_drawing(2);
    if (!pressed || why) return;
    hunt_pending_ = true;
    dialogs_.open_link(session_, ccd::scene_link(std::get<ccd::Scene>(pair)));
}

void InteractiveRun::export_finding() {
    auto* lab = std::get_if<QueryLabView>(&view_);
    const auto asked = lab ? lab->take_finding_export() : std::nullopt;
    if (!asked) return;
    dialogs_.request(*asked == FindingExport::Test      ? FileCommand::ExportTest
                     : *asked == FindingExport::Fixture ? FileCommand::ExportFixture
                                                        : FileCommand::CopyLink);
    window_.keep_drawing(3);
}

void InteractiveRun::show_saved_layers() {
    std::visit([&](auto& v) { v.set_layers(v.dense() ? dense_scene_layers_ : layers_); }, view_);
    if (auto* world = std::get_if<WorldView>(&view_))
        world->set_recording_cap(static_cast<std::size_t>(recording_cap_mb_) << 20);
}

void InteractiveRun::keep_layers() {
    std::visit([&](const auto& v) { (v.dense() ? dense_scene_layers_ : layers_) = v.layers(); },
               view_);
    if (const auto* world = std::get_if<WorldView>(&view_))
        recording_cap_mb_ = static_cast<int>(world->recording_cap() >> 20);
}

void InteractiveRun::save_last_settings() {
    const Vec2 size = window_.window_size();
    keep_layers();
    Settings last = session_.settings();
    last.layers = layers_;
    last.dense_scene_layers = dense_scene_layers_;
    last.recording_cap_mb = recording_cap_mb_;
    if (!session_.document().untitled())
        last.last_scene = std::filesystem::absolute(session_.document().path());
    last.width = static_cast<int>(size.x);
    last.height = static_cast<int>(size.y);
    last.panel_width = layout_.width;
    last.panel_collapsed = layout_.collapsed;
    save_settings(settings_dir_, last);
}

// Loads the engine plugin at `path` (its algorithm joins the lab's table) and adds it to
// `loaded`; one that cannot be loaded is said on standard error, and the app starts without it.
void load_engine(const std::string& path, std::vector<std::string>& loaded) {
    try {
        ccd::load_engine_plugin(path);
        loaded.push_back(path);
    } catch (const ccd::PluginError& e) {
        std::cerr << "ccdlab: " << e.what() << " (starting without it)\n";
    }
}

// The scene the command line opens: a link's (an untitled document: options.scene stays empty;
// an old link's note on standard error) or a file's.
ccd::Scene opened_scene(const Options& options) {
    if (!options.link) return ccd::load_scene_file(options.scene);
    const ccd::DecodedSceneLink decoded = ccd::decode_scene_link(*options.link);
    if (!decoded.note.empty()) std::cerr << "ccdlab: note: link: " << decoded.note << '\n';
    return ccd::parse_scene(decoded.json, "link");
}

// The world view's options: a comparison (another run's settings, or an engine's world), the
// frame shown, the discrete ghosts. std::invalid_argument when a comparison cannot be made.
void apply_world_options(WorldView& world, const Options& options) {
    if (!options.compare.empty()) {
        ccd::RunSettings other;
        for (const std::string& key_value : options.compare)
            ccd::apply_setting(other, key_value);
        if (options.compare_tolerance) world.set_compare_tolerance(*options.compare_tolerance);
        if (!world.compare(other, 100)) throw std::invalid_argument(world.compare_error());
    }
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    if (options.compare_engine &&
        !world.compare_engine(*ccd::find_engine(*options.compare_engine), 100))
        throw std::invalid_argument(world.compare_error());
#else
    if (options.compare_engine)
        throw std::invalid_argument("--compare-engine: this build has no engine worlds");
#endif
    if (options.frame > 0) {
        const int shown = world.open_at(options.frame, options.t.value_or(world.scrub_t()));
        if (shown != options.frame)
            std::cerr << "ccdlab: note: --frame " << options.frame << ": opened at frame " << shown
                      << ", the nearest the recording holds\n";
    }
    if (options.discrete != "off")
        world.set_discrete(options.discrete == "push-out" ? DiscreteMethod::PushOut
                                                          : DiscreteMethod::SlideMove,
                           options.discrete != "slide-move-first-found");
}

int run(int argc, char** argv) {
    Options options;
    try {
        options = parse_options(argc, argv);
    } catch (const std::invalid_argument& e) {
        std::cerr << "ccdlab: " << e.what() << '\n';
        return kExitBadInput;
    }
    if (options.help) {
        std::cout << usage_text();
        return 0;
    }
    std::vector<std::string> plugins;
    for (const std::string& engine : options.engines) // beside "box2d" (main)
        load_engine(engine, plugins);
    Settings settings;
    // An interactive run picks up where the last one left off (not a screenshot or a bench).
    if (!options.screenshot && options.bench_frames == 0) {
        settings = load_settings(settings_folder());
        for (const std::string& engine : settings.engines) // the settings' plugins too
            if (std::find(options.engines.begin(), options.engines.end(), engine) ==
                options.engines.end())
                load_engine(engine, plugins);
        std::error_code error;
        if (options.scene.empty() && !options.link && settings.last_scene &&
            std::filesystem::is_regular_file(*settings.last_scene, error))
            options.scene = *settings.last_scene;
        if (!options.size_given) {
            options.width = settings.width;
            options.height = settings.height;
        }
    }
    if (options.scene.empty() && !options.link) options.scene = CCDLAB_DEFAULT_SCENE;
    if (ccd::can_isolate_calls()) set_hunt_worker(hunt_worker_command(plugins));

    std::optional<AnyView> view;
    ccd::Scene scene; // as the file holds it: what "unsaved changes" compare with
    ViewKind kind = ViewKind::World;
    const auto load_start = std::chrono::steady_clock::now();
    try {
        scene = opened_scene(options);
        kind = view_kind_for(scene, options.link ? "link" : options.scene, options.mode);
        view.emplace(view_for(scene, kind, options.t));
        if (auto* world = std::get_if<WorldView>(&*view)) apply_world_options(*world, options);
    } catch (const std::exception& e) {
        std::cerr << "ccdlab: " << e.what() << '\n';
        return kExitBadInput;
    }
    const std::chrono::duration<double> load_time = std::chrono::steady_clock::now() - load_start;
    try {
        if (options.bench_frames > 0)
            return run_frame_bench(options, *view, load_time.count(), std::cout);
        if (options.screenshot) return run_screenshot(options, *view, scene, kind);
        // On the heap, holding what it needs: in a browser run() never returns, and the stack
        // it was called from is given back to the page's main loop.
        return std::make_unique<InteractiveRun>(options, std::move(*view), scene, kind, settings)
            ->run();
    } catch (const WindowError& e) {
        std::cerr << "ccdlab: no window (" << e.what()
                  << "); without a display, render a screenshot instead: xvfb-run -a ccdlab "
                  << (options.link ? "--link '" + *options.link + "'"
                                   : "--scene " + options.scene.string())
                  << " --screenshot out.png\n";
        return kExitNoWindow;
    }
}

} // namespace
} // namespace ccdlab

int main(int argc, char** argv) {
    ccd::box2d::register_algorithm(); // "box2d" beside the core's algorithms, in the lab's table
#ifdef CCDLAB_HAS_BULLET
    ccd::bullet::register_algorithms(); // natively only: the web build has no Bullet
#endif
    try {
        if (argc > 1 && std::string_view(argv[1]) == ccdlab::kHuntWorkerFlag)
            return ccdlab::serve_hunt_worker(argc, argv);
        return ccdlab::run(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "ccdlab: " << e.what() << '\n';
        return 1;
    }
}
