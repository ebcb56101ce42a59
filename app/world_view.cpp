#include "world_view.hpp"

#include "color.hpp"
#include "shape_renderer.hpp"

#include "ccd/path_position.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

namespace ccdlab {
namespace {

ImU32 to_imgui(Color c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

// A colour per body, so paths and events can be told apart.
Color body_color(int index) {
    constexpr Color colors[] = {{0.25f, 0.60f, 1.00f, 1.0f}, {0.95f, 0.55f, 0.25f, 1.0f},
                                {0.45f, 0.85f, 0.45f, 1.0f}, {0.85f, 0.45f, 0.85f, 1.0f},
                                {0.95f, 0.85f, 0.35f, 1.0f}, {0.40f, 0.85f, 0.90f, 1.0f}};
    return colors[static_cast<std::size_t>(index) % std::size(colors)];
}

// The feature column, short enough for it: a polygon's edge or vertex by number, with the
// other polygon's part when the contact names one ("edge 0 (v1)": vertex 1 on edge 0).
std::string feature_label(ccd::Feature feature, int vertex, int edge) {
    const auto part = [](const char* what, int index) {
        return index >= 0 ? std::string(what) + std::to_string(index) : std::string();
    };
    if (feature == ccd::Feature::PolygonEdge)
        return "edge " + std::to_string(edge) + (vertex >= 0 ? " (" + part("v", vertex) + ")" : "");
    if (feature == ccd::Feature::PolygonVertex)
        return "vertex " + std::to_string(vertex) + (edge >= 0 ? " (" + part("e", edge) + ")" : "");
    std::string label(ccd::to_string(feature));
    if (vertex >= 0) label += " " + part("v", vertex);
    if (edge >= 0) label += " " + part("e", edge);
    return label;
}

} // namespace

WorldView::WorldView(const ccd::Scene& scene)
    : editor_(scene), canvas_(scene, kPanelWidth), world_(ccd::make_world(scene)) {
    read_shapes();
    discrete_.reset(scene);
    step_frame();
}

void WorldView::rebuild() {
    world_ = ccd::make_world(editor_.scene());
    read_shapes();
    discrete_.reset(editor_.scene());
    step_frame();
}

void WorldView::read_shapes() {
    radii_.clear();
    outlines_.clear();
    for (int i = 0; i < world_.world.body_count(); ++i) {
        const std::span<const Vec2> outline = world_.world.outline(i);
        radii_.push_back(outline.empty() ? world_.world.body(i).shape.radius : 0.0);
        outlines_.emplace_back(outline.begin(), outline.end());
    }
}

void WorldView::step_frame() {
    log_ = world_.world.step();
    discrete_.step(discrete_method_, deepest_first_);
    selected_event_ = -1;
    canvas_.mark_changed();
}

void WorldView::set_discrete(DiscreteMethod method, bool deepest_first) {
    discrete_method_ = method;
    deepest_first_ = deepest_first;
    discrete_.reset(editor_.scene());
    for (int frame = 0; frame <= log_.frame; ++frame)
        discrete_.step(method, deepest_first);
    canvas_.mark_changed();
}

// The discrete ghosts: each body's center frame by frame under the chosen method (a thin
// line), and where the method has it at the end of the frame shown (dashed; red while it is
// still inside a wall).
void WorldView::draw_discrete(ShapeRenderer& r) const {
    if (discrete_method_ == DiscreteMethod::None) return;
    for (const DiscreteGhost& ghost : discrete_.ghosts()) {
        for (std::size_t k = 1; k < ghost.trail.size(); ++k)
            r.line(ghost.trail[k - 1], ghost.trail[k], 1.5f, palette::discrete.with_alpha(0.7f));
        r.circle_outline(ghost.disk.center, ghost.disk.radius, 2.5f,
                         ghost.unresolved ? palette::disagreement : palette::discrete, 8.0f);
        r.point(ghost.disk.center, 3.0f, palette::discrete);
    }
}

void WorldView::draw_discrete_panel() {
    if (discrete_method_ != DiscreteMethod::None) ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (!ImGui::CollapsingHeader("Discrete methods (seeds 001, 003)")) return;
    int method = static_cast<int>(discrete_method_);
    bool deepest_first = deepest_first_;
    bool changed = ImGui::Combo("method", &method,
                                "off\0seed 001: slide_move\0seed 003: push out and bounce\0");
    if (static_cast<DiscreteMethod>(method) == DiscreteMethod::SlideMove)
        changed |= ImGui::Checkbox("deepest first", &deepest_first);
    if (changed) set_discrete(static_cast<DiscreteMethod>(method), deepest_first);
    if (discrete_method_ == DiscreteMethod::None) return;
    int unresolved = 0;
    for (const DiscreteGhost& ghost : discrete_.ghosts())
        unresolved += ghost.unresolved ? 1 : 0;
    ImGui::TextWrapped("Purple: where the method has each circle after %d frame%s (it moves "
                       "the whole step, then pushes out of the walls; no other bodies, no moving "
                       "walls). %d still inside a wall (red).",
                       discrete_.frames(), discrete_.frames() == 1 ? "" : "s", unresolved);
}

void WorldView::step_event(int direction) {
    const int count = static_cast<int>(log_.events.size());
    int next = -1;
    if (selected_event_ >= 0 && selected_event_ < count) {
        // In processing order, so events at one instant are visited one by one.
        next = selected_event_ + direction;
    } else if (direction > 0) {
        for (const ccd::ContactEvent& e : log_.events)
            if (e.time > scrub_t_ || scrub_t_ >= 1.0) {
                next = e.sequence;
                break;
            }
    } else {
        for (auto it = log_.events.rbegin(); it != log_.events.rend(); ++it)
            if (it->time < scrub_t_) {
                next = it->sequence;
                break;
            }
    }
    if (next < 0 || next >= count) return;
    selected_event_ = next;
    set_scrub_t(log_.events[static_cast<std::size_t>(next)].time);
}

void WorldView::set_scrub_t(double t) {
    scrub_t_ = std::clamp(t, 0.0, 1.0);
    canvas_.mark_changed();
}

void WorldView::advance(double seconds) {
    if (!playing_ || !(seconds > 0.0)) return;
    const double t = scrub_t_ + seconds * speed_;
    if (t <= 1.0) {
        set_scrub_t(t);
    } else if (scrub_t_ < 1.0) {
        set_scrub_t(1.0); // the end of this frame is shown once
    } else {
        step_frame(); // then the next frame, from where the clock is
        set_scrub_t(std::min(t - 1.0, 1.0));
    }
}

bool WorldView::handle_input() {
    const auto selected = editor_.selected();
    const bool edited = editor_.handle_input(canvas_.camera());
    // The left button drags a handle, or pans the empty canvas.
    canvas_.navigate(!editor_.pointer_on_handle());
    if (edited) rebuild();
    if (editor_.selected() != selected) canvas_.mark_changed(); // shown, and reported
    return edited;
}

Vec2 WorldView::position_at(int index, double t) const {
    return ccd::position_at(log_.paths[static_cast<std::size_t>(index)], t);
}

void WorldView::draw_world(ShapeRenderer& r) const {
    // Walls at the scrubbed t, where the frame's log puts them; a moving wall's frame start and
    // end faint and dashed.
    for (const ccd::WallPath& path : log_.wall_paths) {
        if (path.points.empty()) continue;
        if (path.points.size() > 1) {
            const Color faint = palette::wall.with_alpha(0.35f);
            const ccd::Segment start = path.points.front().segment;
            const ccd::Segment end = path.points.back().segment;
            r.line(start.a, start.b, 1.5f, faint, 6.0f);
            r.line(end.a, end.b, 1.5f, faint, 6.0f);
        }
        const ccd::Segment at = ccd::segment_at(path, scrub_t_);
        r.line(at.a, at.b, 3.0f, palette::wall);
    }
    for (std::size_t i = 0; i < log_.paths.size(); ++i) {
        const auto& points = log_.paths[i].points;
        const Color color = body_color(static_cast<int>(i));
        for (std::size_t k = 1; k < points.size(); ++k)
            r.line(points[k - 1].position, points[k].position, 1.5f, color.with_alpha(0.7f), 5.0f);
        for (std::size_t k = 1; k + 1 < points.size(); ++k) // the bounce points
            r.point(points[k].position, 3.0f, color);
    }
    for (const ccd::ContactEvent& e : log_.events) {
        const bool selected = e.sequence == selected_event_;
        r.point(e.point, selected ? 6.0f : 4.0f, palette::impact);
        if (selected)
            r.arrow(e.point, e.point + e.normal * (60.0 / canvas_.camera().pixels_per_unit), 2.5f,
                    palette::normal);
    }
    draw_predictions(r);
    // The bodies at the scrubbed time, where their logged paths put them; the two of the
    // selected event stand out.
    const ccd::ContactEvent* selected =
        selected_event_ >= 0 && selected_event_ < static_cast<int>(log_.events.size())
            ? &log_.events[static_cast<std::size_t>(selected_event_)]
            : nullptr;
    for (std::size_t i = 0; i < log_.paths.size(); ++i) {
        const auto& points = log_.paths[i].points;
        if (points.empty() || scrub_t_ > points.back().time + 1e-12) continue; // removed
        const int body = static_cast<int>(i);
        const Vec2 at = position_at(body, scrub_t_);
        const Color color = body_color(body);
        const bool in_selected =
            selected && (selected->body == body ||
                         (selected->other_kind == ccd::OtherKind::Body && selected->other == body));
        if (!outlines_[i].empty()) { // a polygon: its edges about where its center is at t
            r.polygon_outline(outlines_[i], in_selected ? 4.0f : 2.5f, color, 0.0f, at);
            r.point(at, 2.5f, color.with_alpha(0.6f));
        } else if (radii_[i] > 0.0) {
            r.disc(at, radii_[i], color.with_alpha(in_selected ? 0.6f : 0.35f));
            r.circle_outline(at, radii_[i], in_selected ? 4.0f : 2.0f, color);
        } else {
            r.point(at, in_selected ? 7.0f : 4.0f, color);
        }
    }
    draw_discrete(r);
    editor_.draw(r); // the scene as edited: bodies at t = 0 and the handles
}

// Predictions, dashed, as the log recorded them: where each body would touch, drawn at its
// contact point and normal (the body's center is the radius out along the normal). Pending at
// the scrubbed t: contacts still ahead that the scheduler expects then (processed later, or
// cancelled later, which it does not know yet), in the body's colour. Cancelled by t: grey.
// A frame with hundreds of predictions would hide the world; then only the selected event's
// bodies show theirs.
void WorldView::draw_predictions(ShapeRenderer& r) const {
    const bool all = log_.events.size() + log_.cancelled.size() <= kMostPredictionsDrawn;
    const ccd::ContactEvent* selected =
        selected_event_ >= 0 && selected_event_ < static_cast<int>(log_.events.size())
            ? &log_.events[static_cast<std::size_t>(selected_event_)]
            : nullptr;
    const auto shown = [&](int body) {
        return all || (selected &&
                       (selected->body == body ||
                        (selected->other_kind == ccd::OtherKind::Body && selected->other == body)));
    };
    // A polygon's ghost is its contact point and normal: where its center would be is not in
    // the prediction.
    const auto ghost = [&](int body, Vec2 point, Vec2 normal, Color color) {
        const double radius = radii_[static_cast<std::size_t>(body)];
        if (radius > 0.0) r.circle_outline(point + normal * radius, radius, 1.5f, color, 6.0f);
        if (!outlines_[static_cast<std::size_t>(body)].empty())
            r.line(point, point + normal * (24.0 / canvas_.camera().pixels_per_unit), 1.5f, color,
                   4.0f);
        r.point(point, 2.5f, color);
    };
    for (const ccd::ContactEvent& e : log_.events)
        if (e.time > scrub_t_ && shown(e.body))
            ghost(e.body, e.point, e.normal, body_color(e.body).with_alpha(0.8f));
    for (const ccd::CancelledPrediction& c : log_.cancelled) {
        if (c.predicted_at > scrub_t_ || !shown(c.body)) continue;
        const double cancelled_at =
            c.cancelled_by >= 0 && c.cancelled_by < static_cast<int>(log_.events.size())
                ? log_.events[static_cast<std::size_t>(c.cancelled_by)].time
                : (log_.budget_cut ? log_.budget_cut->time : 1.0);
        const bool pending = scrub_t_ < cancelled_at;
        ghost(c.body, c.point, c.normal,
              pending ? body_color(c.body).with_alpha(0.8f) : Color{0.6f, 0.6f, 0.65f, 0.55f});
    }
}

void WorldView::draw_labels() const {
    ImDrawList* list = canvas_.begin_labels();
    // Every event's number, unless there are so many that they would hide the world: then the
    // selected one's alone.
    const bool all = log_.events.size() <= kMostPredictionsDrawn;
    for (const ccd::ContactEvent& e : log_.events) {
        if (!all && e.sequence != selected_event_) continue;
        const Vec2 s = canvas_.camera().to_screen(e.point);
        list->AddText(ImVec2(static_cast<float>(s.x) + 6, static_cast<float>(s.y) - 18),
                      to_imgui(palette::impact), std::to_string(e.sequence).c_str());
    }
    canvas_.end_labels();
}

void WorldView::draw_panel() {
    canvas_.begin_panel("World", editor_.scene());
    draw_frame_controls();
    draw_cuts();
    draw_timeline();
    draw_event_table();
    draw_discrete_panel();
    const auto selected = editor_.selected();
    if (editor_.draw_panel(canvas_.camera())) rebuild();
    if (editor_.selected() != selected) canvas_.mark_changed();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "Dashed lines are each body's path through the frame, dots its bounce "
        "points, numbers the events in processing order. Pick an event to jump "
        "there and see its normal. Dashed circles are predictions: where a body "
        "expects to touch next (its colour) or a contact that an earlier event "
        "cancelled (grey). Space plays and pauses. The yellow handles are "
        "the scene at t = 0: drag them (Shift snaps; a corner moves as one, Alt "
        "pulls it apart); C, P, S, B add a circle, a "
        "point, a segment, a box at the cursor; Delete removes the selected one; Ctrl+Z "
        "undoes. Drag the empty canvas or right-drag to pan, wheel to zoom.");
    ImGui::PopStyleColor();
    ImGui::End();
    canvas_.draw_help();
}

// The frame shown and its counts; step, play or pause (Space) and the speed of play.
void WorldView::draw_frame_controls() {
    ImGui::Text("Frame %d: %zu event%s, %zu cancelled prediction%s", log_.frame, log_.events.size(),
                log_.events.size() == 1 ? "" : "s", log_.cancelled.size(),
                log_.cancelled.size() == 1 ? "" : "s");
    if (ImGui::Button("Step frame")) {
        step_frame();
        set_scrub_t(1.0);
    }
    ImGui::SameLine();
    if (ImGui::Button(playing_ ? "Pause" : "Play")) playing_ = !playing_;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(150);
    float speed = static_cast<float>(speed_);
    if (ImGui::SliderFloat("frames/s", &speed, 0.05f, 10.0f, "%.2f", ImGuiSliderFlags_Logarithmic))
        speed_ = speed;
    if (!ImGui::GetIO().WantCaptureKeyboard && ImGui::IsKeyPressed(GLFW_KEY_SPACE))
        playing_ = !playing_;
}

// What cut in this frame, wrapped at the panel's edge.
void WorldView::draw_cuts() const {
    ImGui::PushTextWrapPos(0.0f);
    if (log_.budget_cut)
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s budget ran out at t = %.6g",
                           log_.budget_cut->kind == ccd::BudgetKind::Predictions ? "prediction"
                                                                                 : "event",
                           log_.budget_cut->time);
    for (const ccd::ChatterCut& cut : log_.chatter_cuts)
        ImGui::TextColored(
            ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "body %s frozen (chattering) at t = %.6g, event %d",
            world_.body_names[static_cast<std::size_t>(cut.body)].c_str(), cut.time, cut.sequence);
    for (const ccd::Crush& crush : log_.crushes)
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "body %s crushed at t = %.6g, event %d",
                           world_.body_names[static_cast<std::size_t>(crush.body)].c_str(),
                           crush.time, crush.sequence);
    ImGui::PopTextWrapPos();
}

// The timeline: t over the frame, a tick per event (hollow: cancelled); the previous and next
// event (, and .).
void WorldView::draw_timeline() {
    ImGui::SetNextItemWidth(-1);
    float t = static_cast<float>(scrub_t_);
    if (ImGui::SliderFloat("##t", &t, 0.0f, 1.0f, "t = %.4f")) {
        set_scrub_t(t);
        selected_event_ = -1; // stepping goes on from the scrubbed t
    }
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    ImDrawList* list = ImGui::GetWindowDrawList();
    const auto x_of = [&](double time) { return lo.x + static_cast<float>(time) * (hi.x - lo.x); };
    for (const ccd::ContactEvent& e : log_.events)
        list->AddLine(ImVec2(x_of(e.time), hi.y + 1), ImVec2(x_of(e.time), hi.y + 9),
                      to_imgui(palette::impact), 2.0f);
    for (const ccd::CancelledPrediction& c : log_.cancelled)
        if (c.time <= 1.0)
            list->AddCircle(ImVec2(x_of(c.time), hi.y + 13), 3.0f, to_imgui(palette::wall));
    ImGui::Dummy(ImVec2(0, 18));
    const bool keys = !ImGui::GetIO().WantCaptureKeyboard;
    if (ImGui::Button("< previous event (,)") ||
        (keys && ImGui::IsKeyPressed(GLFW_KEY_COMMA, false)))
        step_event(-1);
    ImGui::SameLine();
    if (ImGui::Button("next event (.) >") || (keys && ImGui::IsKeyPressed(GLFW_KEY_PERIOD, false)))
        step_event(1);
}

// The event queue of the frame: processed, then cancelled. Only the rows in view are built: a
// busy frame has thousands.
void WorldView::draw_event_table() {
    if (!ImGui::BeginTable("events", 5,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                               ImGuiTableFlags_BordersInnerV,
                           ImVec2(0, 320)))
        return;
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("t", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("pair");
    ImGui::TableSetupColumn("feature");
    ImGui::TableSetupColumn("status", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableHeadersRow();
    const int events = static_cast<int>(log_.events.size());
    ImGuiListClipper clipper;
    clipper.Begin(events + static_cast<int>(log_.cancelled.size()));
    while (clipper.Step())
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row)
            if (row < events)
                event_row(log_.events[static_cast<std::size_t>(row)]);
            else
                cancelled_row(log_.cancelled[static_cast<std::size_t>(row - events)]);
    ImGui::EndTable();
}

const std::string& WorldView::name_of(ccd::OtherKind kind, int index) const {
    const auto& names = kind == ccd::OtherKind::Wall ? world_.wall_names : world_.body_names;
    return names[static_cast<std::size_t>(index)];
}

// A processed event's row; a click selects it and moves t there.
void WorldView::event_row(const ccd::ContactEvent& e) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const std::string label = std::to_string(e.sequence);
    if (ImGui::Selectable(label.c_str(), e.sequence == selected_event_,
                          ImGuiSelectableFlags_SpanAllColumns)) {
        selected_event_ = e.sequence;
        set_scrub_t(e.time);
    }
    ImGui::TableNextColumn();
    ImGui::Text("%.6f", e.time);
    ImGui::TableNextColumn();
    ImGui::Text("%s / %s", name_of(ccd::OtherKind::Body, e.body).c_str(),
                name_of(e.other_kind, e.other).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(feature_label(e.feature, e.vertex, e.edge).c_str());
    ImGui::TableNextColumn();
    // At the scrubbed t, an event still to come (predicted by then or not).
    ImGui::TextUnformatted(e.time > scrub_t_ ? "ahead" : "processed");
}

// A cancelled prediction's row, greyed, with where it stands at the scrubbed t.
void WorldView::cancelled_row(const ccd::CancelledPrediction& c) const {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%.6f", c.time);
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s / %s", name_of(ccd::OtherKind::Body, c.body).c_str(),
                        name_of(c.other_kind, c.other).c_str());
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", feature_label(c.feature, c.vertex, c.edge).c_str());
    ImGui::TableNextColumn();
    const bool cancelled_yet =
        c.cancelled_by >= 0 && c.cancelled_by < static_cast<int>(log_.events.size())
            ? log_.events[static_cast<std::size_t>(c.cancelled_by)].time <= scrub_t_
            : scrub_t_ >= 1.0;
    if (c.predicted_at > scrub_t_)
        ImGui::TextDisabled("not yet predicted");
    else if (!cancelled_yet)
        ImGui::TextDisabled("pending (event %d cancels it)", c.cancelled_by);
    else if (c.reason == ccd::CancelReason::Budget)
        ImGui::TextDisabled("cancelled (budget)");
    else
        ImGui::TextDisabled("cancelled by %d", c.cancelled_by);
}

} // namespace ccdlab
