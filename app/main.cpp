// ccdlab: the visual debugger. Opens a scene in the query lab (one body against a segment) or
// the world view (a scene stepped by the event scheduler), interactively or to a PNG
// (--screenshot). The scene picker switches scenes without leaving; the File bar and keys open,
// save, export fixtures and guard unsaved changes (session.hpp, file_dialogs.hpp).

#include "any_view.hpp"
#include "autosave.hpp"
#include "file_dialogs.hpp"
#include "frame_bench.hpp"
#include "options.hpp"
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

#include "ccd/scene_loader.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <chrono>
#include <exception>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <variant>

namespace ccdlab {
namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitNoWindow = 3;

// The scene picker, over the canvas's bottom-left corner: the scenes of the open scene's
// folder, previous / next (PageUp / PageDown). Returns the scene asked for, if any.
std::optional<std::filesystem::path> draw_scene_picker(const SceneLibrary& library,
                                                       const std::string& error) {
    std::optional<std::filesystem::path> chosen;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(10.0f, io.DisplaySize.y - 10.0f), ImGuiCond_Always,
                            ImVec2(0.0f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.75f);
    ImGui::Begin("Scenes", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    if (ImGui::ArrowButton("##previous", ImGuiDir_Left)) chosen = library.next(-1);
    ImGui::SameLine();
    if (ImGui::ArrowButton("##next", ImGuiDir_Right)) chosen = library.next(1);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(260.0f);
    const std::string current = library.current_path().filename().string();
    if (ImGui::BeginCombo("##scene", current.c_str())) {
        // The guided tour's stops first, numbered (scenes/tour.txt), then any other scene.
        for (std::size_t i = 0; i < library.scenes().size(); ++i) {
            const std::string name = library.scenes()[i].filename().string();
            const std::string label = static_cast<int>(i) < library.tour_length()
                                          ? std::to_string(i + 1) + ". " + name
                                          : name;
            if (ImGui::Selectable(label.c_str(), name == current)) chosen = library.scenes()[i];
        }
        ImGui::EndCombo();
    }
    if (library.current() >= 0 && library.current() < library.tour_length()) {
        ImGui::SameLine();
        ImGui::TextDisabled("tour %d / %d", library.current() + 1, library.tour_length());
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
                const std::function<void()>& overlay) {
    const Vec2 size = window.window_size();
    const double scale = window.framebuffer_scale();
    window.begin_frame();
    view.layout(size);
    view.handle_input();
    view.draw_panel();
    view.draw_labels();
    overlay();

    const Color bg = palette::background;
    glViewport(0, 0, static_cast<int>(size.x * scale), static_cast<int>(size.y * scale));
    glClearColor(bg.r, bg.g, bg.b, bg.a);
    glClear(GL_COLOR_BUFFER_BIT);
    // The canvas is the left part of the window; the panel covers the rest.
    const Camera& camera = view.camera();
    glViewport(0, static_cast<int>((size.y - camera.height) * scale),
               static_cast<int>(camera.width * scale), static_cast<int>(camera.height * scale));
    renderer.begin(camera, scale);
    view.draw_world(renderer);
    renderer.end();
    glViewport(0, 0, static_cast<int>(size.x * scale), static_cast<int>(size.y * scale));
    window.render_ui();
}

int run_screenshot(const Options& options, AnyView& view) {
    PlatformWindow window("ccdlab", options.width, options.height, false);
    ShapeRenderer renderer;
    const double scale = window.framebuffer_scale();
    OffscreenTarget target(static_cast<int>(options.width * scale),
                           static_cast<int>(options.height * scale));
    const SceneLibrary library(options.scene);
    // ImGui sizes its windows over the first frames; the third frame is the settled one.
    for (int frame = 0; frame < 3; ++frame) {
        target.bind();
        std::visit(
            [&](auto& v) {
                draw_frame(window, v, renderer, [&] { draw_scene_picker(library, ""); });
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
    return {session.document().path().string(), session.document().dirty(), dialogs.dialog_name(),
            dialogs.status(), dialogs.last_export().string()};
}

int run_interactive(const Options& options, AnyView initial_view, const ccd::Scene& loaded,
                    ViewKind kind, const Settings& settings) {
    PlatformWindow window(("ccdlab - " + options.scene.filename().string()).c_str(), options.width,
                          options.height, true);
    const std::filesystem::path settings_dir = settings_folder();
    if (!settings_dir.empty()) {
        std::error_code ignored;
        std::filesystem::create_directories(settings_dir, ignored);
        window.persist_layout(settings_dir / "imgui.ini");
    }
    ShapeRenderer renderer;
    Session session(loaded, kind, Document(options.scene, loaded), settings_dir, settings,
                    options.fixtures_dir.empty() ? std::filesystem::path(CCDLAB_FIXTURES_DIR)
                                                 : options.fixtures_dir);
    // The view of the session's scene: made anew whenever the session's scene or view kind is
    // replaced (Session::apply); its edits go back to the session.
    AnyView view = std::move(initial_view);
    FileDialogs dialogs(std::filesystem::path(CCDLAB_DEFAULT_SCENE).parent_path());
    // An autosave left behind: the last run did not end cleanly. Offered, or opened (--recover).
    if (const auto autosave = read_autosave(session.autosave_file())) {
        if (options.recover) {
            session.recover(*autosave);
            session.apply();
            view = view_for(session.scene(), session.view_kind(), std::nullopt);
        } else {
            dialogs.offer_recovery(*autosave);
        }
    } else if (options.recover) {
        std::cerr << "ccdlab: --recover: no autosave in " << settings_dir.string() << '\n';
    }
    std::string title = session.window_title();
    window.set_title(title.c_str());
    std::string error;
    SessionReport reported;
    const auto report = [&] {
        if (!options.report) return;
        reported = session_report(session, dialogs);
        std::visit(
            [&](auto& v) {
                write_report(*options.report, v, session.document().path(), &reported);
            },
            view);
    };
    // The view's changes since the last call go to the session (unsaved changes? the autosave
    // follows); true if there were any.
    const auto view_to_session = [&] {
        if (!std::visit([](auto& v) { return v.take_changed(); }, view)) return false;
        session.edited(edited_scene(view));
        return true;
    };
    while (!window.should_close()) {
        window.wait_for_events(session.autosave_tick(glfwGetTime()));
        for (const KeyPress& press : window.take_key_presses())
            if (const auto command = file_command_for_key(press.key, press.mods))
                dialogs.request(*command);
        if (window.take_close_request()) dialogs.request(FileCommand::Quit);
        std::optional<std::filesystem::path> chosen;
        bool view_changed = false;
        std::visit(
            [&](auto& v) {
                draw_frame(window, v, renderer, [&] {
                    chosen = draw_scene_picker(session.library(), error);
                    // This frame's edits reach the session before a File command reads it.
                    view_changed = view_to_session();
                    dialogs.draw(session, view); // the File bar and its dialogs
                });
            },
            view);
        if (window.take_screenshot_request()) { // F12: this very frame, before it is shown
            const std::filesystem::path name = next_screenshot_name();
            try {
                glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
                glReadBuffer(GL_BACK);
                write_framebuffer_png(name, window.framebuffer_width(),
                                      window.framebuffer_height());
                std::cout << "ccdlab: wrote " << name.string() << std::endl;
            } catch (const std::exception& e) {
                error = e.what();
            }
        }
        window.swap_buffers();
        if (dialogs.quit()) window.close();
        if (chosen) { // the picker: asked first when there are unsaved changes
            dialogs.request_open(*chosen);
            window.keep_drawing(3);
        }
        if (session.apply()) { // a scene opened, a new one, a recovered one, the other view
            view = view_for(session.scene(), session.view_kind(), std::nullopt);
            error.clear();
            window.keep_drawing(3);
            report();
        }
        // A playing world keeps the frames coming; its time runs with the wall clock.
        if (auto* world = std::get_if<WorldView>(&view); world && world->playing()) {
            world->advance(ImGui::GetIO().DeltaTime);
            window.keep_drawing(2);
        }
        if (auto* lab = std::get_if<QueryLabView>(&view); lab && lab->playing()) {
            lab->advance(ImGui::GetIO().DeltaTime); // the query lab animating t
            window.keep_drawing(2);
        }
        if (view_to_session() || view_changed) {
            window.keep_drawing(2);
            report();
        }
        if (session.window_title() != title) {
            title = session.window_title();
            window.set_title(title.c_str());
        }
        if (session_report(session, dialogs) != reported) {
            window.keep_drawing(2);
            report();
        }
    }
    report();
    const Vec2 size = window.window_size();
    Settings last = session.settings();
    if (!session.document().untitled())
        last.last_scene = std::filesystem::absolute(session.document().path());
    last.width = static_cast<int>(size.x);
    last.height = static_cast<int>(size.y);
    save_settings(settings_dir, last);
    return 0;
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
    Settings settings;
    // An interactive run picks up where the last one left off (not a screenshot or a bench).
    if (!options.screenshot && options.bench_frames == 0) {
        settings = load_settings(settings_folder());
        std::error_code error;
        if (options.scene.empty() && settings.last_scene &&
            std::filesystem::is_regular_file(*settings.last_scene, error))
            options.scene = *settings.last_scene;
        if (!options.size_given) {
            options.width = settings.width;
            options.height = settings.height;
        }
    }
    if (options.scene.empty()) options.scene = CCDLAB_DEFAULT_SCENE;

    std::optional<AnyView> view;
    ccd::Scene scene; // as the file holds it: what "unsaved changes" compare with
    ViewKind kind = ViewKind::World;
    const auto load_start = std::chrono::steady_clock::now();
    try {
        scene = ccd::load_scene_file(options.scene);
        kind = view_kind_for(scene, options.scene, options.mode);
        view.emplace(view_for(scene, kind, options.t));
        if (auto* world = std::get_if<WorldView>(&*view); world && options.discrete != "off")
            world->set_discrete(options.discrete == "push-out" ? DiscreteMethod::PushOut
                                                               : DiscreteMethod::SlideMove,
                                options.discrete != "slide-move-first-found");
    } catch (const std::exception& e) {
        std::cerr << "ccdlab: " << e.what() << '\n';
        return kExitBadInput;
    }
    const std::chrono::duration<double> load_time = std::chrono::steady_clock::now() - load_start;
    try {
        if (options.bench_frames > 0)
            return run_frame_bench(options, *view, load_time.count(), std::cout);
        return options.screenshot
                   ? run_screenshot(options, *view)
                   : run_interactive(options, std::move(*view), scene, kind, settings);
    } catch (const WindowError& e) {
        std::cerr
            << "ccdlab: no window (" << e.what()
            << "); without a display, render a screenshot instead: xvfb-run -a ccdlab --scene "
            << options.scene.string() << " --screenshot out.png\n";
        return kExitNoWindow;
    }
}

} // namespace
} // namespace ccdlab

int main(int argc, char** argv) {
    try {
        return ccdlab::run(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "ccdlab: " << e.what() << '\n';
        return 1;
    }
}
