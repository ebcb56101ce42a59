#include "query_lab_view.hpp"

#include "canvas_controls.hpp"
#include "color.hpp"
#include "shape_renderer.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace ccdlab {

Color verdict_color(ccd::RootVerdict verdict) {
    switch (verdict) {
    case ccd::RootVerdict::Taken:
        return {0.35f, 0.95f, 0.45f, 1.0f};
    case ccd::RootVerdict::LaterThanBest:
        return {1.00f, 0.85f, 0.30f, 1.0f};
    case ccd::RootVerdict::OffFeature:
        return {0.75f, 0.50f, 1.00f, 1.0f};
    case ccd::RootVerdict::Leaving:
        return {0.60f, 0.62f, 0.66f, 1.0f};
    case ccd::RootVerdict::NotApproaching:
        return {0.40f, 0.75f, 1.00f, 1.0f};
    case ccd::RootVerdict::BeforeFrame:
    case ccd::RootVerdict::AfterFrame:
        return {0.45f, 0.47f, 0.50f, 1.0f};
    }
    return palette::wall;
}

namespace {

constexpr double kPickRadiusPx = 12.0;

ImU32 to_imgui(Color c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

void draw_grid(ShapeRenderer& r, const Camera& camera) {
    const double spacing = camera.grid_spacing();
    const Vec2 lo = camera.to_world({0.0, camera.height});
    const Vec2 hi = camera.to_world({camera.width, 0.0});
    const double x0 = std::floor(lo.x / spacing), x1 = std::ceil(hi.x / spacing);
    const double y0 = std::floor(lo.y / spacing), y1 = std::ceil(hi.y / spacing);
    if (x1 - x0 > 400 || y1 - y0 > 400) return;
    for (double i = x0; i <= x1; ++i) {
        const double x = i * spacing;
        r.line({x, lo.y}, {x, hi.y}, 1.0f, i == 0 ? palette::axis : palette::grid);
    }
    for (double j = y0; j <= y1; ++j) {
        const double y = j * spacing;
        r.line({lo.x, y}, {hi.x, y}, 1.0f, j == 0 ? palette::axis : palette::grid);
    }
}

bool edit_vec2(const char* label, Vec2& v) {
    double xy[2] = {v.x, v.y};
    if (!ImGui::DragScalarN(label, ImGuiDataType_Double, xy, 2, 0.01f, nullptr, nullptr, "%.4f"))
        return false;
    v = {xy[0], xy[1]};
    return true;
}

// Short figures in the panel, every digit on hover.
void text_vec2(const char* label, Vec2 v) {
    ImGui::Text("%-9s (%.9g, %.9g)", label, v.x, v.y);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("(%.17g, %.17g)", v.x, v.y);
}

// The equation view: f(t) = a t^2 + b t + c of one candidate, over the frame and a little
// beyond, with the zero line, the frame's ends and the roots in their verdict's colour. The
// curve is the trace's own coefficients evaluated; the roots are the trace's, not re-solved.
void draw_equation_plot(const ccd::TraceCandidate& candidate) {
    const ImVec2 size(ImGui::GetContentRegionAvail().x, 150.0f);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##plot", size);
    ImDrawList* list = ImGui::GetWindowDrawList();
    constexpr double t_lo = -0.1, t_hi = 1.1;
    constexpr int samples = 120;
    const auto f = [&](double t) { return (candidate.a * t + candidate.b) * t + candidate.c; };
    double lo = 0.0, hi = 0.0;
    for (int i = 0; i <= samples; ++i) {
        const double v = f(t_lo + (t_hi - t_lo) * i / samples);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (!(hi > lo)) hi = lo + 1.0;
    const double pad = 0.08 * (hi - lo);
    lo -= pad;
    hi += pad;
    const auto x_of = [&](double t) {
        return origin.x + static_cast<float>((t - t_lo) / (t_hi - t_lo)) * size.x;
    };
    const auto y_of = [&](double v) {
        return origin.y + static_cast<float>((hi - v) / (hi - lo)) * size.y;
    };
    list->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y),
                        IM_COL32(20, 22, 27, 255));
    const ImU32 guide = IM_COL32(120, 125, 135, 120);
    list->AddLine(ImVec2(origin.x, y_of(0.0)), ImVec2(origin.x + size.x, y_of(0.0)), guide);
    for (double t : {0.0, 1.0})
        list->AddLine(ImVec2(x_of(t), origin.y), ImVec2(x_of(t), origin.y + size.y), guide);
    ImVec2 points[samples + 1];
    for (int i = 0; i <= samples; ++i) {
        const double t = t_lo + (t_hi - t_lo) * i / samples;
        points[i] = ImVec2(x_of(t), y_of(f(t)));
    }
    list->AddPolyline(points, samples + 1, to_imgui(palette::mover), 0, 2.0f);
    for (const ccd::TraceRoot& root : candidate.roots)
        if (root.t >= t_lo && root.t <= t_hi)
            list->AddCircleFilled(ImVec2(x_of(root.t), y_of(0.0)), 4.5f,
                                  to_imgui(verdict_color(root.verdict)));
    list->AddText(ImVec2(x_of(0.0) + 3, origin.y + size.y - 16), guide, "t = 0");
    list->AddText(ImVec2(x_of(1.0) - 38, origin.y + size.y - 16), guide, "t = 1");
    if (ImGui::IsItemHovered()) {
        const double t = t_lo + (ImGui::GetIO().MousePos.x - origin.x) / size.x * (t_hi - t_lo);
        ImGui::SetTooltip("t = %.6f\nf(t) = %.6g", t, f(t));
    }
}

} // namespace

QueryLabView::QueryLabView(QueryLab lab, const ccd::Scene& scene)
    : lab_(std::move(lab)), scene_info_{scene.title, scene.description, {}, {}, scene.view},
      home_view_(scene.view ? *scene.view : ccd::framing_view(scene)), settled_(lab_.state()) {}

void QueryLabView::settle_edits() {
    if (dragged_ != Handle::None || ImGui::IsAnyItemActive()) return; // still editing
    const LabState now = lab_.state();
    if (now == settled_) return;
    history_.record(settled_);
    settled_ = now;
    changed_ = true; // something new can be undone
}

void QueryLabView::undo() {
    if (const auto state = history_.undo(lab_.state())) {
        lab_.restore(*state);
        settled_ = *state;
        changed_ = true;
    }
}

void QueryLabView::redo() {
    if (const auto state = history_.redo(lab_.state())) {
        lab_.restore(*state);
        settled_ = *state;
        changed_ = true;
    }
}

void QueryLabView::layout(Vec2 window_size) {
    camera_.width = std::max(1.0, window_size.x - kPanelWidth);
    camera_.height = std::max(1.0, window_size.y);
    if (!camera_placed_) {
        camera_.look_at(home_view_);
        camera_placed_ = true;
    }
}

bool QueryLabView::take_changed() {
    const bool was = changed_;
    changed_ = false;
    return was;
}

bool QueryLabView::handle_input() {
    const ImGuiIO& io = ImGui::GetIO();
    const Vec2 mouse{io.MousePos.x, io.MousePos.y};
    const bool on_canvas = pointer_on_canvas(camera_);
    bool edited = false;

    if (dragged_ != Handle::None) {
        if (io.MouseDown[0]) {
            Vec2 target = camera_.to_world(mouse) + grab_offset_;
            if (io.KeyShift) target = camera_.snap_to_grid(target); // Shift: snap to the grid
            if (target != lab_.handle_position(dragged_)) {
                lab_.drag(dragged_, target);
                edited = true;
            }
        } else {
            dragged_ = Handle::None;
        }
    } else {
        hovered_ = on_canvas ? lab_.pick(mouse, camera_, kPickRadiusPx) : Handle::None;
        if (hovered_ != Handle::None && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
            dragged_ = hovered_;
            selected_ = hovered_;
            grab_offset_ = lab_.handle_position(dragged_) - camera_.to_world(mouse);
        }
    }
    if (hovered_ != Handle::None || dragged_ != Handle::None)
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);

    navigate(camera_, home_view_, false); // the left button drags handles
    if (!io.WantCaptureKeyboard) {
        if (ImGui::IsKeyPressed(GLFW_KEY_F1)) {
            show_help_ = !show_help_;
            changed_ = true;
        }
        if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Z)) io.KeyShift ? redo() : undo();
        if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Y)) redo();
        // Arrow keys nudge the last grabbed handle by a pixel, or a grid step with Shift.
        if (selected_ != Handle::None && dragged_ == Handle::None) {
            const double step =
                io.KeyShift ? camera_.grid_spacing() : 1.0 / camera_.pixels_per_unit;
            Vec2 nudge;
            if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) nudge.x -= step;
            if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) nudge.x += step;
            if (ImGui::IsKeyPressed(GLFW_KEY_UP)) nudge.y += step;
            if (ImGui::IsKeyPressed(GLFW_KEY_DOWN)) nudge.y -= step;
            if (nudge != Vec2{}) {
                lab_.drag(selected_, lab_.handle_position(selected_) + nudge);
                edited = true;
            }
        }
    }
    settle_edits();

    changed_ = changed_ || edited;
    return edited;
}

void QueryLabView::draw_world(ShapeRenderer& r) const {
    draw_grid(r, camera_);
    const ccd::Circle& mover = lab_.mover();
    const ccd::Segment& wall = lab_.obstacle();
    const Vec2 end = mover.center + lab_.displacement();
    const auto& hit = lab_.hit();

    // The obstacle's capsule region: the set of centers at which the circle touches it; the
    // part that produced the hit (band, cap A or cap B) is tinted.
    r.capsule(wall.a, wall.b, mover.radius, palette::capsule);
    r.capsule_outline(wall.a, wall.b, mover.radius, 1.0f, palette::wall.with_alpha(0.25f));
    if (hit && !hit->overlap) {
        if (hit->feature == ccd::Feature::SegmentInterior)
            r.band(wall.a, wall.b, mover.radius, palette::produced_hit);
        else
            r.disc(hit->feature == ccd::Feature::EndpointA ? wall.a : wall.b, mover.radius,
                   palette::produced_hit);
    }

    // The swept path over the whole frame.
    r.capsule(mover.center, end, mover.radius, palette::mover.with_alpha(0.10f));
    r.line(mover.center, end, 1.5f, palette::mover.with_alpha(0.6f), 6.0f);
    r.circle_outline(end, mover.radius, 1.5f, palette::mover.with_alpha(0.55f), 6.0f);
    r.circle_outline(mover.center, mover.radius, 2.0f, palette::mover);

    r.line(wall.a, wall.b, 3.0f, palette::wall);

    if (hit) {
        const Vec2 at = lab_.mover_center_at(hit->t);
        r.circle_outline(at, mover.radius, 2.5f, palette::impact);
        r.point(at, 2.5f, palette::impact);
        r.point(hit->point, 5.0f, palette::impact);
    }

    // The circle at the scrubbed time.
    const Vec2 now = lab_.mover_center_at(lab_.scrub_t);
    r.disc(now, mover.radius, palette::mover.with_alpha(0.35f));
    r.circle_outline(now, mover.radius, 2.0f, palette::mover);

    r.arrow(mover.center, end, 2.0f, palette::mover.with_alpha(0.9f));

    // Every candidate's roots, where the center would be at that t (a little outside the frame
    // too, so a root just missed is seen).
    for (const ccd::TraceCandidate& candidate : lab_.trace().candidates)
        for (const ccd::TraceRoot& root : candidate.roots)
            if (root.t >= -0.25 && root.t <= 1.25)
                r.point(lab_.mover_center_at(root.t),
                        root.verdict == ccd::RootVerdict::Taken ? 5.0f : 3.5f,
                        verdict_color(root.verdict));

    // Other algorithms that disagree: their circle at their own time of impact.
    for (const AlgorithmAnswer& answer : lab_.algorithm_answers())
        if (answer.disagrees && answer.hit)
            r.circle_outline(lab_.mover_center_at(answer.hit->t), mover.radius, 2.0f,
                             palette::disagreement, 4.0f);
    if (hit) {
        const double length = std::max(1.5 * mover.radius, 60.0 / camera_.pixels_per_unit);
        r.arrow(hit->point, hit->point + hit->normal * length, 3.0f, palette::normal);
    }

    for (Handle h :
         {Handle::Center, Handle::Radius, Handle::Tip, Handle::EndpointA, Handle::EndpointB}) {
        const bool active = h == hovered_ || h == dragged_;
        r.point(lab_.handle_position(h), active ? 8.0f : 5.0f,
                active ? palette::handle : palette::handle.with_alpha(0.85f));
    }
}

void QueryLabView::draw_labels() const {
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    list->PushClipRect(ImVec2(0, 0), ImVec2(static_cast<float>(camera_.width),
                                            static_cast<float>(camera_.height)));
    const auto label = [&](Vec2 world, Vec2 offset_px, Color color, const std::string& text) {
        const Vec2 s = camera_.to_screen(world) + offset_px;
        list->AddText(ImVec2(static_cast<float>(s.x), static_cast<float>(s.y)), to_imgui(color),
                      text.c_str());
    };
    const ccd::Segment& wall = lab_.obstacle();
    label(wall.a, {10, 4}, palette::wall, "A");
    label(wall.b, {10, 4}, palette::wall, "B");
    label(lab_.mover().center, {10, 6}, palette::mover, lab_.mover_name() + " (t = 0)");
    label(lab_.mover().center + lab_.displacement(), {10, 6}, palette::mover, "t = 1");
    if (const auto& hit = lab_.hit()) {
        char text[64];
        std::snprintf(text, sizeof text, "impact t = %.4f", hit->t);
        label(lab_.mover_center_at(hit->t), {12, -24}, palette::impact, text);
    }
    if (lab_.any_disagreement())
        list->AddText(ImVec2(12, 10), to_imgui(palette::disagreement),
                      "algorithms disagree: dashed circles show the others' impacts");
    list->PopClipRect();
}

void QueryLabView::draw_panel() {
    begin_side_panel("Query lab", kPanelWidth, scene_info_);

    ImGui::TextUnformatted("Time in the frame");
    ImGui::SetNextItemWidth(-1);
    float t = static_cast<float>(lab_.scrub_t);
    if (ImGui::SliderFloat("##t", &t, 0.0f, 1.0f, "t = %.4f")) set_scrub_t(t);
    const auto& hit = lab_.hit();
    ImGui::BeginDisabled(!hit);
    if (ImGui::Button("Jump to the impact") && hit) set_scrub_t(hit->t);
    ImGui::EndDisabled();
    ImGui::Separator();

    if (ImGui::CollapsingHeader("Time of impact", ImGuiTreeNodeFlags_DefaultOpen)) {
        if (hit) {
            ImGui::TextColored(
                ImVec4(palette::impact.r, palette::impact.g, palette::impact.b, 1.0f), "t = %.17g",
                hit->t);
            ImGui::Text("feature   %s", std::string(ccd::to_string(hit->feature)).c_str());
            text_vec2("point", hit->point);
            text_vec2("normal", hit->normal);
            ImGui::Text("overlap   %s   approaching   %s", hit->overlap ? "yes" : "no",
                        hit->approaching ? "yes" : "no");
        } else {
            ImGui::TextUnformatted("no contact in this frame");
        }
    }

    const ccd::Trace& trace = lab_.trace();
    if (ImGui::CollapsingHeader("Equations (the query's trace)", ImGuiTreeNodeFlags_DefaultOpen)) {
        if (trace.overlap_at_start)
            ImGui::TextWrapped("Already touching at t = 0: no equation was needed.");
        for (int i = 0; i < static_cast<int>(trace.candidates.size()); ++i) {
            if (i > 0) ImGui::SameLine();
            ImGui::RadioButton(trace.candidates[static_cast<std::size_t>(i)].name.c_str(),
                               &selected_candidate_, i);
        }
        if (!trace.candidates.empty()) {
            selected_candidate_ =
                std::clamp(selected_candidate_, 0, static_cast<int>(trace.candidates.size()) - 1);
            const ccd::TraceCandidate& c =
                trace.candidates[static_cast<std::size_t>(selected_candidate_)];
            ImGui::Text("f(t) = %.6g t^2 %+.6g t %+.6g", c.a, c.b, c.c);
            ImGui::Text("discriminant %.6g", c.discriminant);
            draw_equation_plot(c);
            if (c.roots.empty()) ImGui::TextWrapped("No root: %s", c.note.c_str());
            for (const ccd::TraceRoot& root : c.roots) {
                const Color color = verdict_color(root.verdict);
                ImGui::TextColored(ImVec4(color.r, color.g, color.b, 1.0f), "t = %-16.12g %s",
                                   root.t, std::string(ccd::to_string(root.verdict)).c_str());
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("t = %.17g", root.t);
            }
        }
    }

    if (ImGui::CollapsingHeader("Algorithms", ImGuiTreeNodeFlags_DefaultOpen)) {
        if (ImGui::BeginTable("algorithms", 2, ImGuiTableFlags_RowBg)) {
            ImGui::TableSetupColumn("algorithm", ImGuiTableColumnFlags_WidthFixed);
            ImGui::TableSetupColumn("answer", ImGuiTableColumnFlags_WidthStretch);
            for (const AlgorithmAnswer& answer : lab_.algorithm_answers()) {
                const ImVec4 color = answer.disagrees ? ImVec4(1.0f, 0.35f, 0.5f, 1.0f)
                                                      : ImGui::GetStyleColorVec4(ImGuiCol_Text);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(color, "%s", std::string(answer.algorithm->name).c_str());
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s", std::string(answer.algorithm->description).c_str());
                ImGui::TableNextColumn();
                if (answer.hit)
                    ImGui::TextColored(color, "t = %.12g", answer.hit->t);
                else
                    ImGui::TextColored(color, "miss");
            }
            ImGui::EndTable();
        }
        double tolerance = lab_.disagreement_tolerance();
        const double lo = 1e-15, hi = 1e-2;
        ImGui::SetNextItemWidth(150);
        if (ImGui::SliderScalar("tolerance in t", ImGuiDataType_Double, &tolerance, &lo, &hi,
                                "%.0e", ImGuiSliderFlags_Logarithmic))
            lab_.set_disagreement_tolerance(tolerance);
    }
    ImGui::Separator();

    bool edited = false;
    ImGui::Text("Circle \"%s\"", lab_.mover_name().c_str());
    ccd::Circle mover = lab_.mover();
    Vec2 displacement = lab_.displacement();
    if (edit_vec2("center", mover.center)) edited = true;
    if (ImGui::DragScalar("radius", ImGuiDataType_Double, &mover.radius, 0.005f, nullptr, nullptr,
                          "%.4f")) {
        mover.radius = std::max(0.0, mover.radius);
        edited = true;
    }
    if (edited) lab_.set_mover(mover);
    if (edit_vec2("motion", displacement)) {
        lab_.set_displacement(displacement);
        edited = true;
    }
    ImGui::Text("Segment \"%s\"", lab_.obstacle_name().c_str());
    ccd::Segment wall = lab_.obstacle();
    if (edit_vec2("a", wall.a) | edit_vec2("b", wall.b)) {
        lab_.set_obstacle(wall);
        edited = true;
    }
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Drag the yellow handles: the circle's center, its radius, its arrow tip "
                       "(where it is at t = 1) and the segment's ends; Shift snaps to the grid. "
                       "Ctrl+Z undoes. F1 lists every key.");
    ImGui::PopStyleColor();
    ImGui::End();
    changed_ = changed_ || edited;
    settle_edits();
    if (show_help_) draw_help();
}

void QueryLabView::draw_help() const {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(
        ImVec2(static_cast<float>(camera_.width) * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always,
        ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowBgAlpha(0.92f);
    ImGui::Begin("Keys and mouse (F1 closes)", nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
    const char* rows[][2] = {
        {"drag a yellow handle", "move it: center (carries the motion), radius, arrow tip, A, B"},
        {"Shift while dragging", "snap to the grid"},
        {"arrow keys", "nudge the last grabbed handle by a pixel (Shift: a grid step)"},
        {"Ctrl+Z / Ctrl+Y", "undo / redo (Ctrl+Shift+Z redoes too); a whole drag is one step"},
        {"right or middle drag", "pan"},
        {"wheel", "zoom around the cursor"},
        {"Home", "frame the scene"},
        {"PageUp / PageDown", "previous / next scene of the folder"},
        {"Space (world view)", "play / pause through the frames"},
        {"F1", "this help"},
        {"Ctrl+Q", "quit"},
    };
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
        for (const auto& row : rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[0]);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[1]);
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

} // namespace ccdlab
