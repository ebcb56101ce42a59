#include "frame_bench.hpp"

#include "color.hpp"
#include "frame_statistics.hpp"
#include "platform_window.hpp"
#include "screenshot.hpp"
#include "shape_renderer.hpp"

#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <ostream>
#include <string>
#include <vector>

namespace ccdlab {
namespace {

constexpr int kWarmUpFrames = 5; // ImGui settles its layout; caches fill

// Returns when everything drawn so far is in the framebuffer: a pixel read back waits for it.
// (glFinish would do natively; a browser's WebGL returns from it before the GPU process has
// drawn, and the frames pile up until a later call blocks for all of them.)
void wait_for_drawing() {
    unsigned char pixel[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
}

double thread_cpu_ms() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) * 1e-6;
}

double wall_ms() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// The model's share of frame `frame` of `frames`: t sweeps the frame; the lab's mover is
// dragged back and forth by a pixel, so every frame asks the core again.
void update_model(QueryLabView& view, int frame, int frames) {
    view.set_scrub_t(static_cast<double>(frame % 60) / 59.0);
    const Camera& camera = view.camera();
    const Vec2 center = view.lab().handle_position(Handle::Center);
    const double step = (frame % 2 == 0 ? 1.0 : -1.0) / camera.pixels_per_unit;
    view.drag_handle(Handle::Center, center + Vec2{step, 0.0});
    (void)frames;
}

void update_model(WorldView& view, int frame, int frames) {
    view.set_scrub_t(static_cast<double>(frame % 60) / 59.0);
    (void)frames;
}

struct FrameTimes {
    std::vector<double> frame_wall, app_cpu, app_wall, submit_wall, shapes_wall, imgui_wall;
    // The app's work by phase (this thread's CPU time).
    std::vector<double> update, interface, shapes, draw_lists;
};

template <class View>
void bench_frame(PlatformWindow& window, View& view, ShapeRenderer& renderer,
                 const OffscreenTarget& target, int frame, int frames, FrameTimes* times) {
    target.bind();
    const Vec2 size = window.window_size();
    const double scale = window.framebuffer_scale();
    const double cpu0 = thread_cpu_ms(), wall0 = wall_ms();

    update_model(view, frame, frames);
    const double cpu_updated = thread_cpu_ms();
    window.begin_frame();
    view.layout(size, PanelLayout{});
    view.handle_input();
    view.draw_panel();
    view.draw_labels();
    const double cpu_interface = thread_cpu_ms();
    const Camera& camera = view.camera();
    renderer.begin(camera, scale);
    view.draw_world(renderer);
    const double cpu_shapes = thread_cpu_ms();
    ImGui::Render();

    const double cpu1 = thread_cpu_ms(), wall1 = wall_ms();
    const Color bg = palette::background;
    glViewport(0, 0, static_cast<int>(size.x * scale), static_cast<int>(size.y * scale));
    glClearColor(bg.r, bg.g, bg.b, bg.a);
    glClear(GL_COLOR_BUFFER_BIT);
    glViewport(0, static_cast<int>((size.y - camera.height) * scale),
               static_cast<int>(camera.width * scale), static_cast<int>(camera.height * scale));
    renderer.end();
    wait_for_drawing();
    const double wall_shapes = wall_ms();
    glViewport(0, 0, static_cast<int>(size.x * scale), static_cast<int>(size.y * scale));
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    wait_for_drawing();
    const double wall2 = wall_ms();
    if (times) {
        times->frame_wall.push_back(wall2 - wall0);
        times->app_cpu.push_back(cpu1 - cpu0);
        times->app_wall.push_back(wall1 - wall0);
        times->submit_wall.push_back(wall2 - wall1);
        times->shapes_wall.push_back(wall_shapes - wall1);
        times->imgui_wall.push_back(wall2 - wall_shapes);
        times->update.push_back(cpu_updated - cpu0);
        times->interface.push_back(cpu_interface - cpu_updated);
        times->shapes.push_back(cpu_shapes - cpu_interface);
        times->draw_lists.push_back(cpu1 - cpu_shapes);
    }
}

void print_row(std::ostream& out, const char* name, const std::vector<double>& samples) {
    const FramePercentiles p = percentiles(samples);
    char line[160];
    std::snprintf(line, sizeof line, "  %-30s %8.3f %8.3f %8.3f %8.3f %8.3f\n", name, p.p50, p.p90,
                  p.p95, p.p99, p.max);
    out << line;
}

} // namespace

int run_frame_bench(const Options& options, AnyView& view, double load_seconds, std::ostream& out) {
    PlatformWindow window("ccdlab bench", options.width, options.height, false);
    ShapeRenderer renderer;
    const double scale = window.framebuffer_scale();
    OffscreenTarget target(static_cast<int>(options.width * scale),
                           static_cast<int>(options.height * scale));
    FrameTimes times;
    const int frames = options.bench_frames;
    std::visit(
        [&](auto& v) {
            for (int frame = 0; frame < kWarmUpFrames; ++frame)
                bench_frame(window, v, renderer, target, frame, frames, nullptr);
            for (int frame = 0; frame < frames; ++frame)
                bench_frame(window, v, renderer, target, frame, frames, &times);
        },
        view);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    const bool lab = std::holds_alternative<QueryLabView>(view);
    char header[320];
    std::snprintf(header, sizeof header,
                  "ccdlab bench: %s, %s, %d frames at %dx%d (after %d warm-up frames); scene "
                  "opened in %.1f ms\n",
                  options.scene.filename().string().c_str(), lab ? "query lab" : "world view",
                  frames, options.width, options.height, kWarmUpFrames, load_seconds * 1e3);
    out << header;
    out << "  frame time (ms)                     p50      p90      p95      p99      max\n";
    print_row(out, "whole frame, wall", times.frame_wall);
    print_row(out, "app work, CPU (this thread)", times.app_cpu);
    print_row(out, "app work, wall", times.app_wall);
    print_row(out, "GL submit + drawn, wall", times.submit_wall);
    print_row(out, "  canvas shapes drawn", times.shapes_wall);
    print_row(out, "  ImGui drawn", times.imgui_wall);
    out << "  the app's work by phase (CPU)\n";
    print_row(out, "  model update", times.update);
    print_row(out, "  ImGui: input, panel, labels", times.interface);
    print_row(out, "  canvas shapes collected", times.shapes);
    print_row(out, "  ImGui::Render (draw lists)", times.draw_lists);
    const ShapeRenderer::Drawn& drawn = renderer.last_drawn();
    const ImDrawData* imgui = ImGui::GetDrawData();
    int imgui_commands = 0;
    double imgui_pixels = 0.0; // the area of ImGui's triangles
    for (int i = 0; i < imgui->CmdListsCount; ++i) {
        const ImDrawList& list = *imgui->CmdLists[i];
        imgui_commands += list.CmdBuffer.Size;
        for (const ImDrawCmd& command : list.CmdBuffer) {
            const auto at = [&](unsigned k) {
                return list
                    .VtxBuffer[static_cast<int>(list.IdxBuffer[static_cast<int>(k)] +
                                                command.VtxOffset)]
                    .pos;
            };
            for (unsigned k = command.IdxOffset; k + 2 < command.IdxOffset + command.ElemCount;
                 k += 3) {
                const ImVec2 a = at(k), b = at(k + 1), c = at(k + 2);
                imgui_pixels +=
                    0.5 * std::abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y));
            }
        }
    }
    imgui_pixels *= scale * scale;
    char counts[320];
    std::snprintf(
        counts, sizeof counts,
        "  the last frame drew: %zu shapes (one draw call; their quads cover "
        "%.0f pixels), ImGui %d vertices, %d indices (their triangles cover %.0f pixels), %d "
        "draw calls\n",
        drawn.shapes, drawn.quad_pixels, imgui->TotalVtxCount, imgui->TotalIdxCount, imgui_pixels,
        imgui_commands);
    out << counts;
    out.flush();
    return 0;
}

} // namespace ccdlab
