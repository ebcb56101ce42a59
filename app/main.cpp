// ccdlab: the visual debugger. Opens a scene in the query lab (one body against a segment) or
// the world view (a scene stepped by the event scheduler), interactively or to a PNG
// (--screenshot). The scene picker switches scenes without leaving.

#include "options.hpp"
#include "platform_window.hpp"
#include "query_lab.hpp"
#include "query_lab_view.hpp"
#include "report.hpp"
#include "scene_library.hpp"
#include "screenshot.hpp"
#include "settings.hpp"
#include "shape_renderer.hpp"
#include "world_view.hpp"

#include "ccd/scene_loader.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

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

using AnyView = std::variant<QueryLabView, WorldView>;

// The view a scene opens in. Throws ccd::SceneError or std::runtime_error with a message.
AnyView open_view(const std::filesystem::path& path, Mode mode, std::optional<double> t) {
    const ccd::Scene scene = ccd::load_scene_file(path);
    // One body against a segment is a query to take apart; anything else is a world to step.
    const bool query_lab =
        mode == Mode::Query ||
        (mode == Mode::Automatic && scene.bodies.size() == 1 && !scene.walls.empty());
    if (query_lab) {
        try {
            QueryLabView view(QueryLab::from_scene(scene), scene);
            if (t) view.set_scrub_t(*t);
            return view;
        } catch (const ccd::SceneError&) {
            throw;
        } catch (const std::runtime_error& e) {
            throw std::runtime_error(path.string() + ": " + e.what());
        }
    }
    WorldView view(scene);
    if (t) view.set_scrub_t(*t);
    return view;
}

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
        for (const auto& path : library.scenes())
            if (ImGui::Selectable(path.filename().string().c_str(),
                                  path.filename().string() == current))
                chosen = path;
        ImGui::EndCombo();
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

int run_interactive(const Options& options, AnyView view) {
    const auto title_of = [](const std::filesystem::path& p) {
        return "ccdlab - " + p.filename().string();
    };
    PlatformWindow window(title_of(options.scene).c_str(), options.width, options.height, true);
    const std::filesystem::path settings_dir = settings_folder();
    if (!settings_dir.empty()) {
        std::error_code ignored;
        std::filesystem::create_directories(settings_dir, ignored);
        window.persist_layout(settings_dir / "imgui.ini");
    }
    ShapeRenderer renderer;
    SceneLibrary library(options.scene);
    std::string error;
    const auto report = [&] {
        if (options.report)
            std::visit([&](auto& v) { write_report(*options.report, v, library.current_path()); },
                       view);
    };
    while (!window.should_close()) {
        window.wait_for_events();
        std::optional<std::filesystem::path> chosen;
        std::visit(
            [&](auto& v) {
                draw_frame(window, v, renderer,
                           [&] { chosen = draw_scene_picker(library, error); });
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
        if (chosen) {
            try { // a scene that does not load leaves the open one as it is
                view = open_view(*chosen, Mode::Automatic, std::nullopt);
                library.set_current(*chosen);
                window.set_title(title_of(*chosen).c_str());
                error.clear();
            } catch (const std::exception& e) {
                error = e.what();
            }
            window.keep_drawing(3);
            report();
        }
        // A playing world keeps the frames coming; its time runs with the wall clock.
        if (auto* world = std::get_if<WorldView>(&view); world && world->playing()) {
            world->advance(ImGui::GetIO().DeltaTime);
            window.keep_drawing(2);
        }
        if (std::visit([](auto& v) { return v.take_changed(); }, view)) {
            window.keep_drawing(2);
            report();
        }
    }
    report();
    const Vec2 size = window.window_size();
    save_settings(settings_dir, Settings{std::filesystem::absolute(library.current_path()),
                                         static_cast<int>(size.x), static_cast<int>(size.y)});
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
    if (!options.screenshot) { // an interactive run picks up where the last one left off
        const Settings settings = load_settings(settings_folder());
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
    try {
        view.emplace(open_view(options.scene, options.mode, options.t));
    } catch (const std::exception& e) {
        std::cerr << "ccdlab: " << e.what() << '\n';
        return kExitBadInput;
    }
    try {
        return options.screenshot ? run_screenshot(options, *view)
                                  : run_interactive(options, std::move(*view));
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
