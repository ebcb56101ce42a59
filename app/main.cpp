// ccdlab: the visual debugger. Loads a scene, then either runs the interactive window or
// renders one frame to a PNG (--screenshot).

#include "options.hpp"
#include "platform_window.hpp"
#include "query_lab.hpp"
#include "query_lab_view.hpp"
#include "report.hpp"
#include "screenshot.hpp"
#include "shape_renderer.hpp"
#include "world_view.hpp"

#include "ccd/scene_loader.hpp"

#include <glad/gl.h>

#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

namespace ccdlab {
namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitNoWindow = 3;

// One frame of the whole app into the currently bound framebuffer.
template <class View>
void draw_frame(PlatformWindow& window, View& view, ShapeRenderer& renderer) {
    const Vec2 size = window.window_size();
    const double scale = window.framebuffer_scale();
    window.begin_frame();
    view.layout(size);
    view.handle_input();
    view.draw_panel();
    view.draw_labels();

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

template <class View>
int run_screenshot(const Options& options, View& view) {
    PlatformWindow window("ccdlab", options.width, options.height, false);
    ShapeRenderer renderer;
    const double scale = window.framebuffer_scale();
    OffscreenTarget target(static_cast<int>(options.width * scale),
                           static_cast<int>(options.height * scale));
    // ImGui sizes its windows over the first frames; the third frame is the settled one.
    for (int frame = 0; frame < 3; ++frame) {
        target.bind();
        draw_frame(window, view, renderer);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    target.write_png(*options.screenshot);
    if (options.report) write_report(*options.report, view);
    return 0;
}

template <class View>
int run_interactive(const Options& options, View& view, const std::string& title) {
    PlatformWindow window(title.c_str(), options.width, options.height, true);
    ShapeRenderer renderer;
    while (!window.should_close()) {
        window.wait_for_events();
        draw_frame(window, view, renderer);
        window.swap_buffers();
        if (view.take_changed()) {
            window.keep_drawing(2);
            if (options.report) write_report(*options.report, view);
        }
    }
    if (options.report) write_report(*options.report, view);
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
    if (options.scene.empty()) options.scene = CCDLAB_DEFAULT_SCENE;

    ccd::Scene scene;
    try {
        scene = ccd::load_scene_file(options.scene);
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab: " << e.what() << '\n';
        return kExitBadInput;
    }
    // One body against a segment is a query to take apart; anything else is a world to step.
    const bool query_lab =
        options.mode == Mode::Query ||
        (options.mode == Mode::Automatic && scene.bodies.size() == 1 && !scene.walls.empty());
    const std::string title = "ccdlab - " + options.scene.filename().string();
    try {
        if (query_lab) {
            std::optional<QueryLabView> view;
            try {
                view.emplace(QueryLab::from_scene(scene), scene);
            } catch (const std::runtime_error& e) {
                std::cerr << "ccdlab: " << options.scene.string() << ": " << e.what() << '\n';
                return kExitBadInput;
            }
            if (options.t) view->set_scrub_t(*options.t);
            return options.screenshot ? run_screenshot(options, *view)
                                      : run_interactive(options, *view, title);
        }
        WorldView view(scene);
        if (options.t) view.set_scrub_t(*options.t);
        return options.screenshot ? run_screenshot(options, view)
                                  : run_interactive(options, view, title);
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
