// WorldView's timeline strip, under the canvas: the run recorded so far on one axis (zoomed with
// the wheel, panned with the right button), each frame's ticks from its marks (the frame shown:
// from its log), a plot per frame (events, cancelled predictions, time spent) above it, the
// playhead dragged across frames and within one, the buttons and keys that travel; and the
// panel's Recording section (the frames kept, the memory in use, the cap).
#include "world_view.hpp"

#include "color.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace ccdlab {
namespace {

ImU32 u32(Color c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

constexpr Color kCancelledTick{0.70f, 0.70f, 0.75f, 0.9f};
constexpr Color kChatterTick{1.00f, 0.70f, 0.30f, 1.0f};
constexpr Color kBudgetTick{1.00f, 0.30f, 0.30f, 1.0f};
constexpr Color kTimeSpent{0.40f, 0.85f, 0.90f, 0.9f};
constexpr Color kTunnelMark{1.00f, 0.20f, 0.20f, 1.0f}; // an engine's tunnel (as on the canvas)
constexpr float kAxisHeight = 34.0f;

// The axis's mapping: places [start, start + width) over pixels [x0, x1).
struct AxisScale {
    double start, width;
    float x0, x1;
    float x_of(double place) const {
        return x0 + static_cast<float>((place - start) / width) * (x1 - x0);
    }
    double place_at(float x) const { return start + (x - x0) / (x1 - x0) * width; }
    double pixels_per_frame() const { return (x1 - x0) / width; }
};

AxisScale scale_of(const Timeline& timeline, Vec2 lo, Vec2 hi) {
    return {timeline.view_start(), timeline.view_width(), static_cast<float>(lo.x),
            static_cast<float>(hi.x)};
}

// The visible recorded frames.
std::pair<int, int> visible_frames(const Timeline& timeline) {
    const RunRecorder& run = timeline.run();
    const int first =
        std::max(run.first_frame(), static_cast<int>(std::floor(timeline.view_start())));
    const int last =
        std::min(run.end_frame() - 1,
                 static_cast<int>(std::floor(timeline.view_start() + timeline.view_width())));
    return {first, last};
}

// A frame's ticks on the axis: processed events along the top, cancelled predictions (hollow)
// under them, chatter cuts (a triangle) and a budget cut (red, across the axis).
void draw_tick(ImDrawList* list, TickKind kind, float x, float y, float height) {
    switch (kind) {
    case TickKind::Processed:
        list->AddLine({x, y + 2}, {x, y + 12}, u32(palette::impact), 1.5f);
        break;
    case TickKind::Cancelled:
        list->AddCircle({x, y + 17}, 2.5f, u32(kCancelledTick), 8);
        break;
    case TickKind::ChatterCut:
        list->AddTriangleFilled({x, y + 21}, {x - 4, y + 28}, {x + 4, y + 28}, u32(kChatterTick));
        break;
    case TickKind::BudgetCut:
        list->AddLine({x, y}, {x, y + height}, u32(kBudgetTick), 2.5f);
        break;
    }
}

// The frame shown's processed ticks at `xs`: ticks at most half a pixel apart share one line as
// wide as them all, the same pixels as one line each (a line's solid middle is half a pixel
// wide) in fewer triangles (the stress scene's frame has 646 ticks, 334 such runs).
void draw_processed_ticks(ImDrawList* list, std::vector<float> xs, float y) {
    std::sort(xs.begin(), xs.end());
    for (std::size_t first = 0; first < xs.size();) {
        std::size_t last = first;
        while (last + 1 < xs.size() && xs[last + 1] - xs[last] <= 0.5f)
            ++last;
        const float x = 0.5f * (xs[first] + xs[last]);
        list->AddLine({x, y + 2}, {x, y + 12}, u32(palette::impact), 1.5f + (xs[last] - xs[first]));
        first = last + 1;
    }
}

// A strip of the timeline: its draw list and its corners, filled with `background` and clipped
// to it (end_strip pops the clip).
struct Strip {
    ImDrawList* list;
    float x0, y0, x1, y1;
};

Strip begin_strip(Vec2 lo, Vec2 hi, ImU32 background) {
    const Strip strip{ImGui::GetWindowDrawList(), static_cast<float>(lo.x),
                      static_cast<float>(lo.y), static_cast<float>(hi.x), static_cast<float>(hi.y)};
    strip.list->AddRectFilled({strip.x0, strip.y0}, {strip.x1, strip.y1}, background);
    strip.list->PushClipRect({strip.x0, strip.y0}, {strip.x1, strip.y1}, true);
    return strip;
}

void end_strip(const Strip& strip) {
    strip.list->PopClipRect();
}

// The plot's values at one x: a frame's (wide frames) or the largest of a column's frames; -1:
// no frame there.
struct PlotSample {
    float x, events = -1, cancelled = -1, spent = -1;
};

// The plot's samples and the largest of each value in view.
struct PlotSamples {
    std::vector<PlotSample> samples;
    float most_events = 0, most_cancelled = 0, most_spent = 0;
};

PlotSamples plot_samples(const Timeline& timeline, const AxisScale& scale, bool wide) {
    PlotSamples plot;
    const auto columns = static_cast<int>(std::max(1.0f, scale.x1 - scale.x0));
    if (!wide)
        for (int c = 0; c < columns; ++c)
            plot.samples.push_back({scale.x0 + static_cast<float>(c) + 0.5f});
    const auto [first, last] = visible_frames(timeline);
    for (int f = first; f <= last; ++f) {
        const FrameMarks& marks = timeline.run().marks(f);
        const auto events = static_cast<float>(marks.events);
        const auto cancelled = static_cast<float>(marks.cancelled);
        const auto spent = static_cast<float>(marks.step_seconds);
        plot.most_events = std::max(plot.most_events, events);
        plot.most_cancelled = std::max(plot.most_cancelled, cancelled);
        plot.most_spent = std::max(plot.most_spent, spent);
        if (wide) {
            plot.samples.push_back({scale.x_of(f + 0.5), events, cancelled, spent});
            continue;
        }
        const int c = std::clamp(static_cast<int>(scale.x_of(f + 0.5) - scale.x0), 0, columns - 1);
        PlotSample& column = plot.samples[static_cast<std::size_t>(c)];
        column.events = std::max(column.events, events);
        column.cancelled = std::max(column.cancelled, cancelled);
        column.spent = std::max(column.spent, spent);
    }
    return plot;
}

// The events as bars, the cancelled predictions and the time spent as lines, each scaled to its
// largest in view, under the legend's line.
void draw_plot_values(const Strip& strip, const PlotSamples& plot, const AxisScale& scale,
                      bool wide) {
    const float bottom = strip.y1 - 1.0f;
    const float room = strip.y1 - strip.y0 - 16.0f; // the legend's line above
    const auto y_of = [&](float value, float most) {
        return bottom - (most > 0.0f ? std::max(0.0f, value) / most : 0.0f) * room;
    };
    const float half_bar =
        wide ? std::max(0.5f, static_cast<float>(scale.pixels_per_frame()) * 0.3f) : 0.5f;
    for (const PlotSample& sample : plot.samples)
        if (sample.events > 0.0f)
            strip.list->AddRectFilled({sample.x - half_bar, y_of(sample.events, plot.most_events)},
                                      {sample.x + half_bar, bottom},
                                      u32(palette::impact.with_alpha(0.55f)));
    const auto polyline = [&](float PlotSample::*value, float most, Color color) {
        const PlotSample* before = nullptr;
        for (const PlotSample& sample : plot.samples) {
            if (sample.*value < 0.0f) continue;
            if (before)
                strip.list->AddLine({before->x, y_of(before->*value, most)},
                                    {sample.x, y_of(sample.*value, most)}, u32(color), 1.2f);
            else if (wide)
                strip.list->AddCircleFilled({sample.x, y_of(sample.*value, most)}, 2.0f,
                                            u32(color));
            before = &sample;
        }
    };
    polyline(&PlotSample::cancelled, plot.most_cancelled, kCancelledTick);
    polyline(&PlotSample::spent, plot.most_spent, kTimeSpent);
}

// Every frame's start when there is room, numbered every n frames; the frame shown lighter, the
// selected frames tinted.
void draw_frame_grid(const Strip& strip, const AxisScale& scale, const Timeline& timeline) {
    ImDrawList* list = strip.list;
    const double per_frame = scale.pixels_per_frame();
    list->AddRectFilled({scale.x_of(timeline.frame()), strip.y0},
                        {scale.x_of(timeline.frame() + 1), strip.y1}, IM_COL32(55, 60, 75, 255));
    if (const auto& range = timeline.selection())
        list->AddRectFilled({scale.x_of(range->first), strip.y0},
                            {scale.x_of(range->second + 1), strip.y1}, IM_COL32(90, 140, 230, 110));
    int every = 1;
    for (const int n : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 100000})
        if (n * per_frame >= 48.0) {
            every = n;
            break;
        }
    const auto [first, last] = visible_frames(timeline);
    for (int f = first; f <= last + 1; ++f) {
        const float x = scale.x_of(f);
        if (per_frame >= 4.0)
            list->AddLine({x, strip.y0}, {x, strip.y1}, IM_COL32(90, 95, 110, 255));
        if (f % every == 0) {
            list->AddLine({x, strip.y1 - 8}, {x, strip.y1}, IM_COL32(160, 165, 180, 255));
            list->AddText({x + 2, strip.y1 - 15}, IM_COL32(160, 165, 180, 255),
                          std::to_string(f).c_str());
        }
    }
}

// Each visible frame's ticks: where they are in it when frames are wide enough (the frame shown
// from its log), else one tick of each kind a frame has, at its middle.
void draw_frame_ticks(const Strip& strip, const AxisScale& scale, const Timeline& timeline) {
    ImDrawList* list = strip.list;
    const float y0 = strip.y0, height = strip.y1 - strip.y0;
    const auto [first, last] = visible_frames(timeline);
    if (scale.pixels_per_frame() < 8.0) {
        for (int f = first; f <= last; ++f) {
            const FrameMarks& marks = timeline.run().marks(f);
            const float x = scale.x_of(f + 0.5);
            if (marks.events > 0) draw_tick(list, TickKind::Processed, x, y0, height);
            if (marks.cancelled > 0) draw_tick(list, TickKind::Cancelled, x, y0, height);
            if (marks.chatter_cuts > 0) draw_tick(list, TickKind::ChatterCut, x, y0, height);
            if (marks.budget_cut) draw_tick(list, TickKind::BudgetCut, x, y0, height);
        }
        return;
    }
    const int shown = timeline.frame();
    for (int f = first; f <= last; ++f) {
        if (f == shown) continue;
        for (const Tick& tick : timeline.run().marks(f).tick_list())
            draw_tick(list, tick.kind, scale.x_of(f + tick.t()), y0, height);
    }
    const ccd::EventLog& log = timeline.log();
    std::vector<float> processed;
    for (const ccd::ContactEvent& e : log.events)
        processed.push_back(scale.x_of(shown + e.time));
    draw_processed_ticks(list, std::move(processed), y0);
    for (const ccd::CancelledPrediction& c : log.cancelled)
        if (c.time <= 1.0)
            draw_tick(list, TickKind::Cancelled, scale.x_of(shown + c.time), y0, height);
    for (const ccd::ChatterCut& cut : log.chatter_cuts)
        draw_tick(list, TickKind::ChatterCut, scale.x_of(shown + cut.time), y0, height);
    if (log.budget_cut)
        draw_tick(list, TickKind::BudgetCut, scale.x_of(shown + log.budget_cut->time), y0, height);
}

// A comparison's differences (faint) and its first divergence (across the axis, flagged).
void draw_divergences(const Strip& strip, const AxisScale& scale, const ComparedRun& compared) {
    if (!compared.divergence().diverged()) return;
    const std::size_t count = compared.divergence().differences.size();
    for (std::size_t i = count; i-- > 0;) {
        const ComparedRun::Place place = compared.place_of(i);
        const float at = scale.x_of(Timeline::place(place.frame, place.t));
        if (i > 0) {
            strip.list->AddLine({at, strip.y1 - 10}, {at, strip.y1},
                                u32(palette::disagreement.with_alpha(0.6f)), 1.0f);
            continue;
        }
        strip.list->AddLine({at, strip.y0}, {at, strip.y1}, u32(palette::disagreement), 2.0f);
        strip.list->AddTriangleFilled({at, strip.y1 - 9}, {at - 5, strip.y1}, {at + 5, strip.y1},
                                      u32(palette::disagreement));
    }
}

} // namespace

// The transport: Restart, previous frame, play backward, play or pause, next frame, the events
// before and after, the speed, Fit; the frame and t.
void WorldView::draw_transport() {
    const auto button = [](const char* label, const char* tip) {
        const bool pressed = ImGui::SmallButton(label);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
        ImGui::SameLine();
        return pressed;
    };
    if (button("Restart", "back to frame 0, t = 0 (R)")) restart();
    if (button("|<", "previous frame (Left)")) previous_frame();
    const int playing = timeline_.playing();
    if (button(playing < 0 ? "||##back" : "<<", "play backward / pause (Shift+Space)"))
        play(playing < 0 ? 0 : -1);
    if (button(playing > 0 ? "||##forward" : ">", "play / pause (Space)"))
        play(playing > 0 ? 0 : 1);
    if (button(">|", "next frame, stepped if it is new (Right)")) next_frame();
    if (button(",", "previous event, across frames")) step_event(-1);
    if (button(".", "next event, across frames")) step_event(1);
    ImGui::SetNextItemWidth(96);
    float speed = static_cast<float>(timeline_.speed());
    if (ImGui::SliderFloat("##speed", &speed, 0.05f, 30.0f, "%.2f f/s",
                           ImGuiSliderFlags_Logarithmic))
        timeline_.set_speed(speed);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("frames a second while playing");
    ImGui::SameLine();
    if (playing != 0) { // the rate play keeps up, lower when frames take long to step
        ImGui::TextDisabled("%.2f f/s", timeline_.achieved_speed());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("the frames a second played, as fast as they are stepped");
        ImGui::SameLine();
    }
    if (button("Fit", "the whole recorded run (the wheel over the timeline zooms, the right "
                      "button pans)"))
        timeline_.fit();
    if (const auto& range = timeline_.selection()) {
        ImGui::TextColored(ImVec4(0.55f, 0.7f, 1.0f, 1.0f), "frames %d-%d selected (Ctrl+E)",
                           range->first, range->second);
        ImGui::SameLine();
        if (button("x", "clear the selection (Shift+drag on the timeline selects frames)")) {
            timeline_.clear_selection();
            canvas_.mark_changed();
        }
    }
    // The frame and t, then the recording (the panel's Recording section has it all): each on
    // this line while it fits.
    const RunRecorder& run = timeline_.run();
    char text[128];
    if (stepping_)
        std::snprintf(text, sizeof text, "stepping frame %d ...", timeline_.frame() + 1);
    else
        std::snprintf(text, sizeof text, "frame %d  t = %.4f", timeline_.frame(), timeline_.t());
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(text).x) ImGui::NewLine();
    ImGui::TextColored(stepping_ ? ImVec4(1.0f, 0.8f, 0.35f, 1.0f)
                                 : ImGui::GetStyleColorVec4(ImGuiCol_Text),
                       "%s", text);
    std::snprintf(text, sizeof text, "recorded %d to %d, %.2f of %.0f MB", run.first_frame(),
                  run.end_frame() - 1, static_cast<double>(run.memory_bytes()) / (1 << 20),
                  static_cast<double>(recording_cap_) / (1 << 20));
    ImGui::SameLine(0.0f, 16.0f);
    if (ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(text).x)
        ImGui::TextDisabled("%s", text);
    else
        ImGui::NewLine();
}

void WorldView::draw_timeline_strip() {
    const Camera& camera = canvas_.camera();
    const ImGuiIO& io = ImGui::GetIO();
    const float top = static_cast<float>(camera.origin.y + camera.height);
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(camera.origin.x), top));
    ImGui::SetNextWindowSize(
        ImVec2(static_cast<float>(camera.width), std::max(1.0f, io.DisplaySize.y - top)));
    ImGui::Begin("Timeline", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                     ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoCollapse);
    draw_transport();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 room = ImGui::GetContentRegionAvail();
    const float width = std::max(20.0f, room.x), height = std::max(kAxisHeight + 10.0f, room.y);
    ImGui::InvisibleButton("##timeline", ImVec2(width, height),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    const Vec2 plot_lo{at.x, at.y}, plot_hi{at.x + width, at.y + height - kAxisHeight};
    const Vec2 axis_lo{at.x, plot_hi.y}, axis_hi{at.x + width, at.y + height};
    strip_ = {axis_lo, axis_hi, plot_lo, plot_hi};

    // The playhead follows the left button anywhere on the strip; the wheel zooms about the
    // place under the pointer; the right button pans.
    const AxisScale scale = scale_of(timeline_, axis_lo, axis_hi);
    const double pointed = scale.place_at(io.MousePos.x);
    // Shift+drag selects whole frames (Ctrl+E exports them), from the frame pressed on.
    if (ImGui::IsItemActivated() && io.KeyShift && ImGui::IsMouseDown(ImGuiMouseButton_Left))
        selecting_from_ = timeline_.at_place(pointed).frame;
    if (!ImGui::IsItemActive() || !ImGui::IsMouseDown(ImGuiMouseButton_Left)) selecting_from_ = -1;
    if (selecting_from_ >= 0) {
        const auto before = timeline_.selection();
        timeline_.select_frames(selecting_from_, timeline_.at_place(pointed).frame);
        if (timeline_.selection() != before) canvas_.mark_changed();
    } else if (ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left) &&
               (ImGui::IsItemActivated() || io.MouseDelta.x != 0.0f)) {
        const Playhead to = timeline_.at_place(pointed);
        go_to(to.frame, to.t);
        selected_event_ = -1; // stepping goes on from the playhead
        selected_cancelled_ = -1;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Right)) {
        timeline_.pan(-io.MouseDelta.x / scale.pixels_per_frame());
        canvas_.mark_changed();
    }
    if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) {
        timeline_.zoom(std::pow(1.25, io.MouseWheel), pointed);
        canvas_.mark_changed();
    }
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
        const Playhead under = timeline_.at_place(pointed);
        const FrameMarks& marks = timeline_.run().marks(under.frame);
        ImGui::SetTooltip("frame %d: %d events, %d cancelled, %.2f ms%s", under.frame, marks.events,
                          marks.cancelled, marks.step_seconds * 1e3,
                          marks.budget_cut ? ", budget cut" : "");
    }
    draw_frame_plot(plot_lo, plot_hi);
    draw_axis(axis_lo, axis_hi);
    ImGui::End();
    travel_keys();
}

// Per frame: the events (bars), the cancelled predictions and the time the frame's first step
// took (lines), each scaled to its largest in view. Frames narrower than a few pixels share
// columns: each column shows the largest of its frames.
void WorldView::draw_frame_plot(Vec2 lo, Vec2 hi) const {
    const Strip strip = begin_strip(lo, hi, IM_COL32(20, 22, 28, 255));
    const AxisScale scale = scale_of(timeline_, lo, hi);
    const bool wide = scale.pixels_per_frame() >= 3.0;
    const PlotSamples plot = plot_samples(timeline_, scale, wide);
    draw_plot_values(strip, plot, scale, wide);
    // The legend, each in its colour; the playhead.
    char text[96];
    ImVec2 at{strip.x0 + 4.0f, strip.y0 + 1.0f};
    const auto legend = [&](Color color) {
        strip.list->AddText(at, u32(color), text);
        at.x += ImGui::CalcTextSize(text).x + 12.0f;
    };
    std::snprintf(text, sizeof text, "events (up to %.0f)", plot.most_events);
    legend(palette::impact);
    std::snprintf(text, sizeof text, "cancelled (%.0f)", plot.most_cancelled);
    legend(kCancelledTick);
    std::snprintf(text, sizeof text, "step time (%.2f ms)", plot.most_spent * 1e3f);
    legend(kTimeSpent);
    if (compared_)
        if (const auto parted = compared_->first_divergence()) {
            const float x_parted = scale.x_of(Timeline::place(parted->frame, parted->t));
            strip.list->AddLine({x_parted, strip.y0}, {x_parted, strip.y1},
                                u32(palette::disagreement), 2.0f);
            std::snprintf(text, sizeof text, "runs part: frame %d, t = %.4g", parted->frame,
                          parted->t);
            legend(palette::disagreement);
        }
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    if (engine_compared_ && !engine_tunnels_.empty()) {
        std::snprintf(text, sizeof text, "%s: %zu tunnel%s",
                      ccd::engine_name(engine_compared_->engine()).data(), engine_tunnels_.size(),
                      engine_tunnels_.size() == 1 ? "" : "s");
        legend(kTunnelMark);
    }
#endif
    const float x = scale.x_of(Timeline::place(timeline_.frame(), timeline_.t()));
    strip.list->AddLine({x, strip.y0}, {x, strip.y1}, u32(palette::highlight.with_alpha(0.5f)),
                        1.0f);
    end_strip(strip);
}

// The axis: frame boundaries and numbers, each frame's ticks, a comparison's divergences, the
// playhead.
void WorldView::draw_axis(Vec2 lo, Vec2 hi) const {
    const Strip strip = begin_strip(lo, hi, IM_COL32(30, 33, 40, 255));
    const AxisScale scale = scale_of(timeline_, lo, hi);
    draw_frame_grid(strip, scale, timeline_);
    draw_frame_ticks(strip, scale, timeline_);
    if (compared_) draw_divergences(strip, scale, *compared_);
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    // An engine's tunnels: each frame with one shaded; the first flagged across the axis.
    for (std::size_t i = engine_tunnels_.size(); i-- > 0;) {
        const int frame = engine_tunnels_[i].frame;
        if (frame >= timeline_.run().end_frame()) continue; // not on the axis yet
        const float x0 = scale.x_of(Timeline::place(frame, 0.0));
        const float x1 = scale.x_of(Timeline::place(frame, 1.0));
        strip.list->AddRectFilled({x0, strip.y1 - 6}, {std::max(x1, x0 + 2.0f), strip.y1},
                                  u32(kTunnelMark.with_alpha(0.5f)));
        if (i > 0) continue;
        strip.list->AddLine({x0, strip.y0}, {x0, strip.y1}, u32(kTunnelMark), 2.0f);
        strip.list->AddTriangleFilled({x0, strip.y1 - 9}, {x0 - 5, strip.y1}, {x0 + 5, strip.y1},
                                      u32(kTunnelMark));
    }
#endif
    // The playhead: a line across the axis under a handle.
    const float x = scale.x_of(Timeline::place(timeline_.frame(), timeline_.t()));
    strip.list->AddLine({x, strip.y0}, {x, strip.y1}, u32(palette::highlight), 2.0f);
    strip.list->AddTriangleFilled({x - 6, strip.y0}, {x + 6, strip.y0}, {x, strip.y0 + 8},
                                  u32(palette::highlight));
    end_strip(strip);
}

// Space plays or pauses (whichever way it plays), Shift+Space plays backward or pauses, Left and
// Right step a frame, R restarts,
// , and . step events across frames.
void WorldView::travel_keys() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureKeyboard) return;
    if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) {
        timeline_.play_or_pause(io.KeyShift ? -1 : 1);
        canvas_.mark_changed();
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) previous_frame();
    if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) next_frame();
    if (ImGui::IsKeyPressed(GLFW_KEY_R, false) && !io.KeyCtrl) restart();
    if (ImGui::IsKeyPressed(GLFW_KEY_COMMA, false)) step_event(-1);
    if (ImGui::IsKeyPressed(GLFW_KEY_PERIOD, false)) step_event(1);
}

// The panel's Recording section: the frames kept, the memory in use against the cap, the cap.
void WorldView::draw_recording_section() {
    if (!ImGui::CollapsingHeader("Recording", ImGuiTreeNodeFlags_DefaultOpen)) return;
    const RunRecorder& run = timeline_.run();
    const ccd::Recording& recording = run.recording();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("frames %d to %d recorded, %d keyframe%s (every %d frames)", run.first_frame(),
                run.end_frame() - 1, recording.keyframe_count(),
                recording.keyframe_count() == 1 ? "" : "s", kKeyframeInterval);
    if (recording.frames_dropped() > 0)
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f),
                           "%d frames dropped to stay under the cap (the oldest first)",
                           recording.frames_dropped());
    ImGui::PopTextWrapPos();
    const double used = static_cast<double>(run.memory_bytes()) / (1 << 20);
    const double cap = static_cast<double>(recording_cap_) / (1 << 20);
    char text[96];
    std::snprintf(text, sizeof text, "%.2f MB of %.0f MB", used, cap);
    if (compared_)
        ImGui::TextDisabled("and run b's recording (Compare): %.2f MB",
                            static_cast<double>(compared_->recorder().memory_bytes()) / (1 << 20));
    ImGui::ProgressBar(static_cast<float>(std::min(1.0, used / cap)), ImVec2(-1, 0), text);
    int cap_mb = static_cast<int>(recording_cap_ >> 20);
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputInt("memory cap, MB", &cap_mb, 10, 100, ImGuiInputTextFlags_EnterReturnsTrue))
        set_recording_cap(static_cast<std::size_t>(std::clamp(cap_mb, 1, 65536)) << 20);
}

} // namespace ccdlab
