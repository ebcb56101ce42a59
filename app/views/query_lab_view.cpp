#include "query_lab_view.hpp"
#include "number_fields.hpp"

#include "lab_side_view.hpp"

#include "candidate_note.hpp"
#include "canvas_controls.hpp"
#include "color.hpp"
#include "label_placer.hpp"
#include "number_text.hpp"
#include "shape_renderer.hpp"
#include "show_checkboxes.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>
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
    case ccd::RootVerdict::Rounding:
        return {0.45f, 0.47f, 0.50f, 1.0f};
    }
    return palette::wall;
}

namespace {

constexpr double kPickRadiusPx = 12.0;

ImU32 to_imgui(Color c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

// Box2D's search (its outer iterations, ccd::SeparatingAxisIteration): on the canvas and as
// ticks on the separation plot.
constexpr Color kBox2DSearch{0.45f, 0.90f, 0.95f, 1.0f};

void draw_grid(ShapeRenderer& r, const Camera& camera) {
    const double spacing = camera.grid_spacing();
    const WorldBox visible = camera.visible();
    const Vec2 lo = visible.lo, hi = visible.hi;
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

// A plot's range of values widened by 8% each way (a flat curve's to a range of 1).
void pad_range(double& lo, double& hi) {
    if (!(hi > lo)) hi = lo + 1.0;
    const double pad = 0.08 * (hi - lo);
    lo -= pad;
    hi += pad;
}

constexpr ImU32 kGuide = IM_COL32(120, 125, 135, 120);

// A plot's box, its zero line at `zero_y` and the frame's ends (t = 0 and t = 1) at `ends_x`.
void plot_frame(ImDrawList* list, ImVec2 origin, ImVec2 size, float zero_y,
                std::array<float, 2> ends_x) {
    list->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y),
                        IM_COL32(20, 22, 27, 255));
    list->AddLine(ImVec2(origin.x, zero_y), ImVec2(origin.x + size.x, zero_y), kGuide);
    for (const float x : ends_x)
        list->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + size.y), kGuide);
}

// "t = 0" and "t = 1" inside the frame's ends, above `bottom`.
void frame_ends_named(ImDrawList* list, std::array<float, 2> ends_x, float bottom) {
    list->AddText(ImVec2(ends_x[0] + 3, bottom - 16), kGuide, "t = 0");
    list->AddText(ImVec2(ends_x[1] - 38, bottom - 16), kGuide, "t = 1");
}

// The equation view: f(t) = a t^2 + b t + c of one candidate (or the polynomial of its
// `coefficients`, for the quartic band of a moving segment), over the frame and a little
// beyond, with the zero line, the frame's ends and the roots in their verdict's colour. The
// curve is the trace's own coefficients evaluated; the roots are the trace's, not re-solved.
void draw_equation_plot(const ccd::TraceCandidate& candidate) {
    const ImVec2 size(ImGui::GetContentRegionAvail().x, 150.0f);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##plot", size);
    ImDrawList* list = ImGui::GetWindowDrawList();
    constexpr double t_lo = -0.1, t_hi = 1.1;
    constexpr int samples = 120;
    const auto f = [&](double t) {
        if (candidate.coefficients.empty())
            return (candidate.a * t + candidate.b) * t + candidate.c;
        double value = 0.0; // Horner, highest power first
        for (auto it = candidate.coefficients.rbegin(); it != candidate.coefficients.rend(); ++it)
            value = value * t + *it;
        return value;
    };
    double lo = 0.0, hi = 0.0;
    for (int i = 0; i <= samples; ++i) {
        const double v = f(t_lo + (t_hi - t_lo) * i / samples);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    pad_range(lo, hi);
    const auto x_of = [&](double t) {
        return origin.x + static_cast<float>((t - t_lo) / (t_hi - t_lo)) * size.x;
    };
    const auto y_of = [&](double v) {
        return origin.y + static_cast<float>((hi - v) / (hi - lo)) * size.y;
    };
    plot_frame(list, origin, size, y_of(0.0), {x_of(0.0), x_of(1.0)});
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
    frame_ends_named(list, {x_of(0.0), x_of(1.0)}, origin.y + size.y);
    if (ImGui::IsItemHovered()) {
        const double t = t_lo + (ImGui::GetIO().MousePos.x - origin.x) / size.x * (t_hi - t_lo);
        ImGui::SetTooltip("t = %s\nf(t) = %s", fixed_text(t, 6).c_str(), number_text(f(t)).c_str());
    }
}

Color bracket_color(ccd::BracketVerdict verdict) {
    switch (verdict) {
    case ccd::BracketVerdict::NoContact:
        return {0.45f, 0.55f, 0.70f, 1.0f};
    case ccd::BracketVerdict::Refined:
        return {1.00f, 0.85f, 0.30f, 1.0f};
    case ccd::BracketVerdict::ContactFound:
        return {0.35f, 0.95f, 0.45f, 1.0f};
    case ccd::BracketVerdict::StepLimit:
        return {1.00f, 0.35f, 0.50f, 1.0f};
    }
    return palette::wall;
}

// How deep a bracket is in the halving: 0 for [0, 1], 1 for a half, ...
int bracket_depth(const ccd::SearchBracket& bracket) {
    const double width = bracket.t1 - bracket.t0;
    if (!(width > 0.0)) return 60;
    return std::clamp(static_cast<int>(std::lround(-std::log2(width))), 0, 60);
}

// What the search says at `t`: the sample nearest to it, and the deepest bracket holding it.
std::string search_tooltip(const ccd::CertifiedSearch& search, double t) {
    const ccd::SeparationSample* nearest = nullptr;
    for (const ccd::SeparationSample& s : search.samples)
        if (!nearest || std::fabs(s.t - t) < std::fabs(nearest->t - t)) nearest = &s;
    std::string text = "t = " + fixed_text(t, 6);
    if (nearest)
        text += "\nf(" + fixed_text(nearest->t, 4) + ") = " + number_text(nearest->separation);
    const ccd::SearchBracket* finest = nullptr;
    for (const ccd::SearchBracket& b : search.brackets)
        if (b.t0 <= t && t <= b.t1 && (!finest || b.t1 - b.t0 < finest->t1 - finest->t0))
            finest = &b;
    if (finest) {
        text += "\nbracket [" + number_text(finest->t0, 9) + ", " + number_text(finest->t1, 9) +
                "]: " + std::string(ccd::to_string(finest->verdict));
        if (!std::isnan(finest->lower_bound))
            text += "\nf >= " + number_text(finest->lower_bound) + " on it";
    }
    return text;
}

// Where the search plot draws: the curve's box (t = 0 and t = 1 a little inside it), the
// bracket rows under it, the separation's range.
struct SearchPlotBox {
    ImVec2 origin, size;
    float curve_height = 130.0f;
    float row = 4.0f;      // a bracket row's height
    float rows_top = 0.0f; // the first row's top
    float inset = 6.0f;    // t = 0 and t = 1 a little inside the box
    double lo = 0.0, hi = 1.0;

    float x_of(double t) const {
        return origin.x + inset + static_cast<float>(t) * (size.x - 2.0f * inset);
    }
    float y_of(double v) const {
        return origin.y + static_cast<float>((hi - v) / (hi - lo)) * curve_height;
    }
    float bottom() const { return origin.y + size.y; }
};

// The separation's scale on the left: its top, zero and bottom values, each on a patch of the
// plot's background so that the curve passing behind it does not hide it.
void draw_value_scale(ImDrawList* list, const SearchPlotBox& box) {
    const float x = box.origin.x + box.inset + 2.0f;
    const float line = ImGui::GetTextLineHeight();
    const float top = box.origin.y + 1.0f, bottom = box.origin.y + box.curve_height - line;
    const auto value = [&](float y, const std::string& text) {
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        list->AddRectFilled(ImVec2(x - 1.0f, y), ImVec2(x + size.x + 1.0f, y + size.y),
                            IM_COL32(20, 22, 27, 210));
        list->AddText(ImVec2(x, y), IM_COL32(150, 155, 165, 230), text.c_str());
    };
    value(top, number_text(box.hi, 3));
    if (const float zero = box.y_of(0.0) - line; zero > top + line && zero < bottom - line)
        value(zero, "0"); // where it does not cover the others
    value(bottom, number_text(box.lo, 3));
}

// Every bracket the search looked at, a row per halving depth ([0, 1] on top), in its
// verdict's colour, under a caption.
void draw_bracket_rows(ImDrawList* list, const SearchPlotBox& box,
                       const ccd::CertifiedSearch& search) {
    list->AddText(ImVec2(box.origin.x + box.inset, box.rows_top - ImGui::GetTextLineHeight()),
                  kGuide, "brackets: [0, 1] on top, a row lower per halving");
    for (const ccd::SearchBracket& b : search.brackets) {
        const float y = box.rows_top + box.row * static_cast<float>(bracket_depth(b));
        const float x0 = box.x_of(b.t0), x1 = std::max(box.x_of(b.t1), box.x_of(b.t0) + 2.0f);
        list->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + std::max(2.0f, box.row - 1.0f)),
                            to_imgui(bracket_color(b.verdict).with_alpha(0.85f)));
    }
}

// Upright marks across the plot: the hit's t (the root), every flagged algorithm's t (dashed,
// named above the curve) and the scrubbed t.
void draw_time_marks(ImDrawList* list, const SearchPlotBox& box, const QueryLab& lab,
                     std::vector<SearchPlotMark>& marks) {
    const float top = box.origin.y, bottom = box.bottom();
    float name_y = top + 16.0f; // each name a line below the last: marks close in t stay legible
    for (const AlgorithmAnswer& answer : lab.algorithm_answers()) {
        if (!answer.disagrees() || !answer.hit) continue;
        const float x = box.x_of(answer.hit->t);
        marks.push_back({std::string(answer.algorithm->name), answer.hit->t, x});
        const ImU32 color = to_imgui(palette::disagreement);
        for (float y = top; y < bottom; y += 8.0f)
            list->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + 4.0f, bottom)), color, 1.5f);
        const std::string name(answer.algorithm->name);
        const float width = ImGui::CalcTextSize(name.c_str()).x;
        list->AddText(ImVec2(std::max(box.origin.x, x - width - 3.0f), name_y), color,
                      name.c_str());
        name_y += ImGui::GetTextLineHeight();
    }
    if (const auto& hit = lab.hit()) {
        const ImU32 impact = to_imgui(palette::impact);
        list->AddLine(ImVec2(box.x_of(hit->t), top), ImVec2(box.x_of(hit->t), bottom), impact,
                      1.5f);
        list->AddCircleFilled(ImVec2(box.x_of(hit->t), box.y_of(0.0)), 4.5f, impact);
        marks.push_back({"impact", hit->t, box.x_of(hit->t)});
    }
    const float scrub = box.x_of(std::clamp(lab.scrub_t, 0.0, 1.0));
    marks.push_back({"scrub", lab.scrub_t, scrub});
    list->AddLine(ImVec2(scrub, top), ImVec2(scrub, bottom), to_imgui(palette::wall), 1.0f);
    list->AddTriangleFilled(ImVec2(scrub - 4.0f, top), ImVec2(scrub + 4.0f, top),
                            ImVec2(scrub, top + 6.0f), to_imgui(palette::wall));
}

// The band under the curve box that Box2D's checks hang in, when they are shown.
constexpr float kBox2DBand = 24.0f;

// Box2D's checks as ticks hanging from the curve box's bottom edge (its t axis) into a band of
// their own: each iteration's t1 tall and numbered beside it (a number only where it does not
// run into the last one), the deepest points it looked at (first t = 1) half as tall, the root
// finder's steps short. Each is a mark for --report.
void draw_box2d_checks(ImDrawList* list, const SearchPlotBox& box,
                       const ccd::IterativeSearch& search, std::vector<SearchPlotMark>& marks) {
    const ImU32 color = to_imgui(kBox2DSearch);
    const float axis_y = box.origin.y + box.curve_height;
    const float line = ImGui::GetTextLineHeight();
    list->AddText(ImVec2(box.x_of(0.5) - ImGui::CalcTextSize("Box2D's checks").x * 0.5f,
                         axis_y + kBox2DBand - line),
                  IM_COL32(120, 200, 210, 150), "Box2D's checks");
    float last_label_end = -1e9f;
    for (std::size_t i = 0; i < search.axes.size(); ++i) {
        const ccd::SeparatingAxisIteration& seen = search.axes[i];
        const float x = box.x_of(seen.t1);
        list->AddLine(ImVec2(x, axis_y), ImVec2(x, axis_y + kBox2DBand - 2.0f), color, 2.0f);
        const std::string number = std::to_string(i + 1);
        const float width = ImGui::CalcTextSize(number.c_str()).x;
        const float label_x = std::min(x + 3.0f, box.x_of(1.0) - width - 3.0f);
        if (label_x > last_label_end + 2.0f) {
            list->AddText(ImVec2(label_x, axis_y + 1.0f), color, number.c_str());
            last_label_end = label_x + width;
        }
        marks.push_back({"box2d iteration " + number, seen.t1, x});
        for (const ccd::AxisCheck& check : seen.checks) {
            const float cx = box.x_of(check.t);
            list->AddLine(ImVec2(cx, axis_y), ImVec2(cx, axis_y + (check.deepest ? 12.0f : 6.0f)),
                          color, 1.5f);
            marks.push_back({check.deepest ? "box2d deepest" : "box2d root step", check.t, cx});
        }
    }
}

// The certified search of a turning query, as the trace holds it (ccd::CertifiedSearch): the
// separation f(t) the core sampled over the frame with its scale, the zero line, the root (the
// hit's t), the final bracket, the flagged algorithms' t and the scrubbed t; below it, every
// bracket the search looked at, then the frame's ends named. Nothing is recomputed: the curve
// is the trace's samples joined.
SearchPlotOnScreen draw_search_plot(const ccd::CertifiedSearch& search, const QueryLab& lab,
                                    const ccd::IterativeSearch* box2d) {
    int deepest = 0;
    for (const ccd::SearchBracket& b : search.brackets)
        deepest = std::max(deepest, bracket_depth(b));
    SearchPlotBox box;
    const float line = ImGui::GetTextLineHeight();
    box.row = std::clamp(80.0f / static_cast<float>(deepest + 1), 3.0f, 8.0f);
    box.rows_top = box.curve_height + 4.0f + line + (box2d ? kBox2DBand : 0.0f);
    box.origin = ImGui::GetCursorScreenPos();
    box.rows_top += box.origin.y;
    box.size = ImVec2(ImGui::GetContentRegionAvail().x,
                      box.rows_top - box.origin.y + box.row * static_cast<float>(deepest + 1));
    ImGui::InvisibleButton("##search", ImVec2(box.size.x, box.size.y + line + 2.0f));
    ImDrawList* list = ImGui::GetWindowDrawList();
    for (const ccd::SeparationSample& s : search.samples) {
        box.lo = std::min(box.lo, s.separation);
        box.hi = std::max(box.hi, s.separation);
    }
    pad_range(box.lo, box.hi);
    plot_frame(list, box.origin, box.size, box.y_of(0.0), {box.x_of(0.0), box.x_of(1.0)});
    // The final bracket: certified clear up to its start, the contact at its end.
    if (search.final_t1 > search.final_t0)
        list->AddRectFilled(ImVec2(box.x_of(search.final_t0), box.origin.y),
                            ImVec2(box.x_of(search.final_t1), box.origin.y + box.curve_height),
                            IM_COL32(255, 107, 56, 40));
    std::vector<ImVec2> points;
    for (const ccd::SeparationSample& s : search.samples)
        points.push_back(ImVec2(box.x_of(s.t), box.y_of(s.separation)));
    if (points.size() > 1)
        list->AddPolyline(points.data(), static_cast<int>(points.size()), to_imgui(palette::mover),
                          0, 2.0f);
    for (const ImVec2& p : points)
        list->AddCircleFilled(p, 1.8f, to_imgui(palette::mover));
    draw_value_scale(list, box);
    draw_bracket_rows(list, box, search);
    SearchPlotOnScreen shown{{box.origin.x, box.origin.y}, {box.size.x, box.size.y}, {}};
    draw_time_marks(list, box, lab, shown.marks);
    if (box2d) draw_box2d_checks(list, box, *box2d, shown.marks);
    frame_ends_named(list, {box.x_of(0.0), box.x_of(1.0)}, box.bottom() + line + 2.0f);
    if (ImGui::IsItemHovered()) {
        const double t = std::clamp((ImGui::GetIO().MousePos.x - box.origin.x - box.inset) /
                                        (box.size.x - 2.0f * box.inset),
                                    0.0f, 1.0f);
        ImGui::SetTooltip("%s", search_tooltip(search, t).c_str());
    }
    return shown;
}

// The search's figures beside its plot, and its legend.
void draw_search_summary(const ccd::CertifiedSearch& search) {
    int counts[4] = {0, 0, 0, 0};
    for (const ccd::SearchBracket& b : search.brackets)
        ++counts[static_cast<int>(b.verdict)];
    text_flow("f(t) = distance - r over the frame (" + std::to_string(search.samples.size()) +
              " samples); " + std::to_string(search.steps) +
              " steps; delta = " + number_text(search.tolerance, 3));
    const auto legend = [&](ccd::BracketVerdict verdict, const char* what) {
        const Color c = bracket_color(verdict);
        ImGui::TextColored(ImVec4(c.r, c.g, c.b, 1.0f), "%-5d %s",
                           counts[static_cast<int>(verdict)], what);
    };
    legend(ccd::BracketVerdict::NoContact, "discarded: the bound says no contact");
    legend(ccd::BracketVerdict::Refined, "halved: the bound allows a contact");
    legend(ccd::BracketVerdict::ContactFound, "kept: contact found at its start");
    if (search.step_limit_reached)
        legend(ccd::BracketVerdict::StepLimit, "step budget ran out: answered at its start");
    if (search.brackets_truncated)
        ImGui::TextDisabled("(the first %zu brackets kept)", ccd::CertifiedSearch::kMaxBrackets);
    text_flow("final bracket [" + number_text(search.final_t0, 12) + ", " +
              number_text(search.final_t1, 12) + "]");
}

} // namespace

QueryLabView::QueryLabView(QueryLab lab, const ccd::Scene& scene)
    : lab_(std::move(lab)), scene_info_(scene), canvas_(scene, kPanelWidth),
      settled_(lab_.state()) {
    selected_candidate_ = std::max(0, lab_.taken_candidate()); // a polygon pair has dozens
    last_taken_ = lab_.taken_candidate();
}

void QueryLabView::settle_edits() {
    if (dragged_ != Handle::None || ImGui::IsAnyItemActive()) return; // still editing
    const LabState now = lab_.state();
    if (now == settled_) return;
    history_.record(settled_);
    settled_ = now;
    canvas_.mark_changed(); // something new can be undone
}

void QueryLabView::undo() {
    if (const auto state = history_.undo(lab_.state())) {
        lab_.restore(*state);
        settled_ = *state;
        canvas_.mark_changed();
    }
}

void QueryLabView::redo() {
    if (const auto state = history_.redo(lab_.state())) {
        lab_.restore(*state);
        settled_ = *state;
        canvas_.mark_changed();
    }
}

bool QueryLabView::handle_input() {
    const ImGuiIO& io = ImGui::GetIO();
    const Vec2 mouse{io.MousePos.x, io.MousePos.y};
    const Camera& camera = canvas_.camera();
    const bool on_canvas = pointer_on_canvas(camera);
    bool edited = false;

    if (dragged_ != Handle::None) {
        if (io.MouseDown[0]) {
            Vec2 target = camera.to_world(mouse) + grab_offset_;
            if (io.KeyShift) target = camera.snap_to_grid(target); // Shift: snap to the grid
            if (target != lab_.handle_position(dragged_)) {
                lab_.drag(dragged_, target, io.KeyAlt); // Alt: a hinged pivot alone
                edited = true;
            }
        } else {
            dragged_ = Handle::None;
        }
    } else {
        hovered_ = on_canvas ? lab_.pick(mouse, camera, kPickRadiusPx) : Handle::None;
        if (hovered_ != Handle::None && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
            dragged_ = hovered_;
            selected_ = hovered_;
            grab_offset_ = lab_.handle_position(dragged_) - camera.to_world(mouse);
        }
    }
    if (hovered_ != Handle::None || dragged_ != Handle::None)
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);

    canvas_.navigate(false); // the left button drags handles
    if (!io.WantCaptureKeyboard) {
        if (ImGui::IsKeyPressed(GLFW_KEY_SPACE)) set_playing(!playing_);
        if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Z)) io.KeyShift ? redo() : undo();
        if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Y)) redo();
        // Arrow keys nudge the last grabbed handle by a pixel, or a grid step with Shift.
        if (selected_ != Handle::None && dragged_ == Handle::None) {
            const double step = io.KeyShift ? camera.grid_spacing() : 1.0 / camera.pixels_per_unit;
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

    if (edited) canvas_.mark_changed();
    return edited;
}

namespace {

// The numbered parts a hit names, each with whose it is: "mover vertex 0, obstacle edge 1".
std::string parts_named(const ccd::Hit& hit) {
    std::string out;
    const auto add = [&out](const char* name, int index) {
        if (index < 0) return;
        if (!out.empty()) out += ", ";
        out += name + std::string(" ") + std::to_string(index);
    };
    add("mover vertex", hit.mover_vertex);
    add("mover edge", hit.mover_edge);
    add("obstacle vertex", hit.obstacle_vertex);
    add("obstacle edge", hit.obstacle_edge);
    return out;
}

} // namespace

void QueryLabView::advance(double seconds) {
    if (!playing_ || !(seconds > 0.0)) return;
    lab_.scrub_t = std::fmod(lab_.scrub_t + seconds * speed_, 1.0);
    canvas_.mark_changed();
}

namespace {

// Both at the time of impact, the feature hit and the contact point.
void draw_at_impact(ShapeRenderer& r, const QueryLab& lab, const ccd::Hit& hit) {
    for (const Side side : {Side::Mover, Side::Obstacle})
        side_view(lab.side(side)).at_impact(r, lab.side(side), side, hit.t);
    if (const auto edge = touched_edge(lab, hit)) // on its polygon at the time of impact
        r.line(edge->a, edge->b, 6.0f, palette::impact.with_alpha(0.45f));
    r.point(hit.point, 5.0f, palette::impact);
}

// Every candidate's roots, where the moving part of its equation would be at that t (a little
// outside the frame too, so a root just missed is seen). Against a moving segment, the segment
// at each root in the frame is drawn thinly: there the point is on its line.
void draw_roots(ShapeRenderer& r, const QueryLab& lab) {
    for (const ccd::TraceCandidate& candidate : lab.trace().candidates)
        for (const ccd::TraceRoot& root : candidate.roots) {
            if (root.t < -0.25 || root.t > 1.25) continue;
            const Color color = verdict_color(root.verdict);
            if (side_view(lab.obstacle()).at_roots && root.t >= 0.0 && root.t <= 1.0 &&
                candidate.feature == ccd::Feature::SegmentInterior &&
                root.verdict != ccd::RootVerdict::Taken) { // (the taken one is drawn in orange)
                const ccd::Segment wall = segment_at(lab.obstacle(), root.t);
                r.line(wall.a, wall.b, 1.0f, color.with_alpha(0.6f), 3.0f);
            }
            if (root.position) // where the core says the root happens
                r.point(*root.position, root.verdict == ccd::RootVerdict::Taken ? 5.0f : 3.5f,
                        color);
        }
}

// The algorithms the judge does not agree with: the mover at their own time of impact.
void draw_disagreements(ShapeRenderer& r, const QueryLab& lab) {
    if (!side_view(lab.mover()).disc) return;
    for (const AlgorithmAnswer& answer : lab.algorithm_answers())
        if (answer.disagrees() && answer.hit)
            r.circle_outline(center_at(lab.mover(), answer.hit->t), radius_of(lab.mover()), 2.0f,
                             palette::disagreement, 4.0f);
}

// Box2D's search: at each outer iteration's t1, the cores' closest points joined, and (where it
// made one) its separating axis as an arrow from the obstacle's point.
void draw_box2d_search(ShapeRenderer& r, const ccd::IterativeSearch& search, const Camera& camera) {
    const double length = 70.0 / camera.pixels_per_unit;
    for (const ccd::SeparatingAxisIteration& seen : search.axes) {
        r.line(seen.obstacle_point, seen.mover_point, 1.5f, kBox2DSearch.with_alpha(0.8f), 4.0f);
        r.point(seen.obstacle_point, 3.5f, kBox2DSearch);
        r.point(seen.mover_point, 3.5f, kBox2DSearch);
        if (!seen.kind.empty())
            r.arrow(seen.obstacle_point, seen.obstacle_point + seen.axis * length, 2.0f,
                    kBox2DSearch);
    }
}

} // namespace

const ccd::IterativeSearch* QueryLabView::box2d_search() const {
    const bool wanted = box2d_search_pinned_ || box2d_row_hovered_;
    for (const AlgorithmAnswer& answer : lab_.algorithm_answers())
        if (wanted && answer.iterative && !answer.iterative->axes.empty())
            return &*answer.iterative;
    return nullptr;
}

void QueryLabView::draw_world(ShapeRenderer& r) const {
    const Camera& camera = canvas_.camera();
    draw_grid(r, camera);
    if (layers_.capsule_regions && side_view(lab_.mover()).disc)
        side_view(lab_.obstacle()).reach(r, lab_);
    for (const Side side : {Side::Obstacle, Side::Mover}) // each over the frame
        side_view(lab_.side(side)).draw(r, lab_, side);
    const auto& hit = lab_.hit();
    if (hit) draw_at_impact(r, lab_, *hit);
    if (layers_.roots) draw_roots(r, lab_);
    if (layers_.other_algorithms) draw_disagreements(r, lab_);
    if (const ccd::IterativeSearch* search = box2d_search()) draw_box2d_search(r, *search, camera);
    if (hit) {
        const double length =
            std::max(1.5 * radius_of(lab_.mover()), 60.0 / camera.pixels_per_unit);
        r.arrow(hit->point, hit->point + hit->normal * length, 3.0f, palette::normal);
    }
    // Overlapping at t = 0: the way out the core found, from the mover's deepest point, as long
    // as the depth (a touch, depth 0, a dot).
    if (const auto& depth = lab_.overlap_depth()) {
        r.arrow(depth->point, depth->point + depth->normal * depth->depth, 3.0f,
                palette::disagreement);
        r.point(depth->point, 4.0f, palette::disagreement);
    }
    for (Handle h : lab_.handles()) {
        const bool active = h == hovered_ || h == dragged_;
        if (!layers_.handles && !active) continue; // hidden until hovered
        r.point(lab_.handle_position(h), active ? 8.0f : 5.0f,
                active ? palette::handle : palette::handle.with_alpha(0.85f));
    }
}

// The names and times on the canvas, through the label placer (none covers another); the
// impact's time goes first, the names only with the "names" layer.
// The pixels about a handle and about a labelled point that no label covers.
constexpr double kHandleClearPx = 8.0;
constexpr double kAnchorClearPx = 4.0;

void QueryLabView::draw_labels() const {
    const Camera& camera = canvas_.camera();
    std::vector<LabelRequest> requests;
    std::vector<std::string> texts;
    std::vector<Color> colors;
    const auto label = [&](Vec2 world, double clearance, int priority, Color color,
                           const std::string& text) {
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        requests.push_back({camera.to_screen(world), {size.x, size.y}, clearance, priority});
        texts.push_back(text);
        colors.push_back(color);
    };
    if (const auto& hit = lab_.hit()) {
        char text[64];
        std::snprintf(text, sizeof text,
                      hit->undecided ? "undecided at t = %.4f" : "impact t = %.4f", hit->t);
        label(center_at(lab_.mover(), hit->t), radius_of(lab_.mover()) * camera.pixels_per_unit,
              100, palette::impact, text);
    }
    // On a parabolic path, each root in the frame the trace placed on it, with its time.
    if (lab_.accelerates())
        for (const PathMark& mark : lab_.path_marks())
            if (mark.verdict != ccd::RootVerdict::Taken)
                label(mark.position, 5.0, 50, verdict_color(mark.verdict),
                      "t = " + fixed_text(mark.t, 4));
    // A turning side's turn beside its angle handle, in radians and in turns.
    for (const Side side : {Side::Mover, Side::Obstacle})
        if (const LabSide& s = lab_.side(side); s.turns()) {
            char text[96];
            std::snprintf(text, sizeof text, "turns %s rad (%s turns)",
                          fixed_text(s.angle(), 3).c_str(),
                          fixed_text(s.angle() / (2.0 * std::numbers::pi), 2).c_str());
            label(lab_.handle_position(handle_of(side, Part::Angle)), 8.0, 80, palette::handle,
                  text);
        }
    // Beside each dashed circle, whose answer it is and the judge's verdict.
    if (layers_.other_algorithms && side_view(lab_.mover()).disc)
        for (const AlgorithmAnswer& answer : lab_.algorithm_answers())
            if (answer.disagrees() && answer.hit)
                label(center_at(lab_.mover(), answer.hit->t),
                      radius_of(lab_.mover()) * camera.pixels_per_unit, 60, palette::disagreement,
                      std::string(answer.algorithm->name) + ": " +
                          std::string(ccd::to_string(answer.judgement->verdict)));
    if (layers_.labels)
        for (const Side side : {Side::Obstacle, Side::Mover})
            side_view(lab_.side(side)).labels(lab_.side(side), side, label);
    // Box2D's iterations, numbered as on the separation plot, at their axes' tips.
    if (const ccd::IterativeSearch* search = box2d_search())
        for (std::size_t i = 0; i < search->axes.size(); ++i) {
            const ccd::SeparatingAxisIteration& seen = search->axes[i];
            const Vec2 tip = seen.kind.empty() ? seen.mover_point
                                               : seen.obstacle_point +
                                                     seen.axis * (70.0 / camera.pixels_per_unit);
            label(tip, 6.0, 70, kBox2DSearch,
                  "Box2D " + std::to_string(i + 1) + ": t = " + number_text(seen.t1, 4) +
                      (seen.kind.empty() ? ", stopped on the distance" : ", " + seen.kind));
        }
    place_and_draw_labels(requests, texts, colors);
}

void QueryLabView::place_and_draw_labels(const std::vector<LabelRequest>& requests,
                                         const std::vector<std::string>& texts,
                                         const std::vector<Color>& colors) const {
    const Camera& camera = canvas_.camera();
    // No label covers a handle or the point another label names (the arrow's tip under "t = 1").
    std::vector<KeepClear> keep_clear;
    for (const Handle handle : lab_.handles())
        keep_clear.push_back({camera.to_screen(lab_.handle_position(handle)), kHandleClearPx});
    for (const LabelRequest& request : requests)
        keep_clear.push_back({request.anchor, kAnchorClearPx});
    const std::vector<PlacedLabel> placed = place_labels(requests, label_area(camera), keep_clear);
    ImDrawList* list = canvas_.begin_labels();
    for (std::size_t i = 0; i < placed.size(); ++i)
        if (placed[i].shown) { // on a dimmed patch: legible over a band of its own colour
            const ImVec2 at(static_cast<float>(placed[i].top_left.x),
                            static_cast<float>(placed[i].top_left.y));
            const ImVec2 size = ImGui::CalcTextSize(texts[i].c_str());
            list->AddRectFilled(ImVec2(at.x - 2.0f, at.y),
                                ImVec2(at.x + size.x + 2.0f, at.y + size.y),
                                to_imgui(palette::background.with_alpha(0.7f)), 2.0f);
            list->AddText(at, to_imgui(colors[i]), texts[i].c_str());
        }
    if (const std::string line = banner(); !line.empty())
        list->AddText(ImVec2(static_cast<float>(camera.origin.x) + 12,
                             static_cast<float>(camera.origin.y) + 10),
                      to_imgui(palette::disagreement), line.c_str());
    canvas_.end_labels();
}

std::string QueryLabView::banner() const {
    if (!lab_.any_disagreement()) return "";
    // Only a disc mover is drawn where the other answers put it.
    if (!side_view(lab_.mover()).disc)
        return "the judge flags answers: the panel's Algorithms lists them";
    return layers_.other_algorithms ? "the judge flags answers: dashed circles show their impacts"
                                    : "the judge flags answers (Show: other algorithms draws them)";
}

void QueryLabView::set_layers(const ShowLayers& layers) {
    if (layers == layers_) return;
    layers_ = layers;
    canvas_.mark_changed();
}

// The query lab's layers, a checkbox each (show_checkboxes.hpp).
void QueryLabView::draw_show_section() {
    show_checkboxes_.clear();
    if (!ImGui::CollapsingHeader("Show", ImGuiTreeNodeFlags_DefaultOpen)) return;
    ShowLayers layers = layers_;
    draw_show_checkboxes(
        layers, [](const LayerField& field) { return field.query_lab; }, show_checkboxes_);
    set_layers(layers);
    draw_box2d_search_checkbox();
}

namespace {

// The mover's motion per frame and, with the scene's time step, per second (its units named).
void draw_motion_per_second(const QueryLab& lab) {
    const auto& units = lab.units();
    if (!units) return;
    const std::string unit(ccd::symbol(units->length));
    const Vec2 frame = lab.mover().swept.displacement();
    ImGui::Text("mover     %s %s a frame", number_text(length(frame), 9).c_str(), unit.c_str());
    if (!units->dt) return;
    ImGui::Text("          %s %s a second (dt = %s s)",
                number_text(length(frame) / *units->dt, 9).c_str(), unit.c_str(),
                number_text(*units->dt, 9).c_str());
}

// The answer: the time of impact and what the hit names, or that there is none.
void draw_time_of_impact(const QueryLab& lab) {
    ImGui::TextDisabled("query %s", lab.trace().query.c_str());
    const auto& hit = lab.hit();
    if (!hit) {
        ImGui::TextUnformatted("no contact in this frame");
        return;
    }
    if (hit->undecided) { // Hit::undecided: no contact, greyed with the reason
        ImGui::TextDisabled("undecided at t = %.17g", hit->t);
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("the search stopped at its step limit: no contact before t, nothing "
                           "known after (the World cuts the frame there)");
        ImGui::PopStyleColor();
        return;
    }
    ImGui::TextColored(ImVec4(palette::impact.r, palette::impact.g, palette::impact.b, 1.0f),
                       "t = %.17g", hit->t);
    ImGui::Text("feature   %s", std::string(ccd::to_string(hit->feature)).c_str());
    if (const std::string parts = parts_named(*hit); !parts.empty())
        ImGui::TextUnformatted(parts.c_str());
    text_vec2("point", hit->point);
    text_vec2("normal", hit->normal);
    ImGui::Text("overlap   %s   approaching   %s", hit->overlap ? "yes" : "no",
                hit->approaching ? "yes" : "no");
    draw_motion_per_second(lab);
    if (const auto& depth = lab.overlap_depth()) { // drawn as the red arrow
        ImGui::TextColored(
            ImVec4(palette::disagreement.r, palette::disagreement.g, palette::disagreement.b, 1.0f),
            "depth     %s at t = 0", number_text(depth->depth, 9).c_str());
        text_vec2("way out", depth->normal);
    }
}

// One candidate of the trace: its equation, its plot, its note and its roots by verdict.
void draw_candidate(const ccd::TraceCandidate& c) {
    if (!c.coefficients.empty()) {
        // Laid out word by word: a line breaks between a number and its power of t, or between
        // terms, never inside a number.
        std::string text = "f(t) = " + number_text(c.coefficients[0], 4);
        for (std::size_t i = 1; i < c.coefficients.size(); ++i)
            text += " " + signed_number_text(c.coefficients[i], 4) + " t^" + std::to_string(i);
        text_flow(text);
    } else {
        text_flow("f(t) = " + number_text(c.a) + " t^2 " + signed_number_text(c.b) + " t " +
                  signed_number_text(c.c));
        ImGui::Text("discriminant %s", number_text(c.discriminant).c_str());
    }
    draw_equation_plot(c);
    if (!c.note.empty() && (c.roots.empty() || !c.coefficients.empty()))
        text_flow(candidate_note(c));
    for (const ccd::TraceRoot& root : c.roots) {
        const Color color = verdict_color(root.verdict);
        ImGui::TextColored(ImVec4(color.r, color.g, color.b, 1.0f), "t = %-16s %s",
                           number_text(root.t, 12).c_str(),
                           std::string(ccd::to_string(root.verdict)).c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("t = %s", number_text(root.t, 17).c_str());
    }
}

// The colour of a judged answer's row: the text's when it agrees, a calm blue when it agrees by
// design (within the method's documented slack), red when the judge says it is wrong.
// An undecided answer (a search stopped at its step limit) is neither: grey.
ImVec4 judgement_color(const ccd::Judgement& judgement) {
    if (judgement.verdict == ccd::Verdict::Undecided)
        return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
    if (judgement.verdict != ccd::Verdict::Agrees) return ImVec4(1.0f, 0.35f, 0.5f, 1.0f);
    if (judgement.by_design) return ImVec4(0.45f, 0.78f, 0.95f, 1.0f);
    return ImGui::GetStyleColorVec4(ImGuiCol_Text);
}

// The verdict's name as the row shows it ("by design" for an answer within its method's slack).
std::string verdict_shown(const ccd::Judgement& judgement) {
    if (judgement.verdict == ccd::Verdict::Agrees && judgement.by_design) return "by design";
    return std::string(ccd::to_string(judgement.verdict));
}

// A note under a row's answer, greyed and wrapped within its column between words (a number
// stays whole).
void row_note(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_flow(text);
    ImGui::PopStyleColor();
}

// Text of a tooltip in `color`, wrapped between words within `width` pixels.
void tooltip_flow(const std::string& text, ImVec4 color, float width) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    text_flow(text, width);
    ImGui::PopStyleColor();
}

// How an iterative method ended: its state, iterations and target separation.
std::string iterative_note(const ccd::IterativeSearch& search) {
    char text[160];
    std::snprintf(text, sizeof text, "%s after %d of %d iterations; stops at %.4g +- %.3g",
                  search.state.c_str(), search.iterations, search.iteration_cap, search.target,
                  search.tolerance);
    return text;
}

// The answer under the algorithm's name: its t and normal (or miss, no query, or why it cannot
// take the inputs), and how an iterative method ended.
void answer_cell(const AlgorithmAnswer& answer, ImVec4 color) {
    if (!answer.has_query)
        ImGui::TextColored(color, "no query for this pair");
    else if (answer.refusal)
        ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), "cannot take it:");
    else if (answer.hit && answer.hit->undecided) {
        ImGui::TextColored(color, "undecided at t = %.12g", answer.hit->t);
        row_note("stopped at its step limit: no contact before t, nothing known after (the "
                 "World cuts the frame there)");
    } else if (answer.hit) {
        ImGui::TextColored(color, "t = %.12g", answer.hit->t);
        ImGui::TextColored(color, "n = (%.4f, %.4f)", answer.hit->normal.x, answer.hit->normal.y);
    } else
        ImGui::TextColored(color, "miss");
    if (answer.refusal) row_note(*answer.refusal);
    if (answer.iterative) row_note(iterative_note(*answer.iterative));
}

// The row's tooltip: the algorithm, the judge's text, the answer's point and normal to every
// digit, how an iterative method ended; wrapped to stay inside a small window.
void row_tooltip(const AlgorithmAnswer& answer) {
    ImGui::BeginTooltip();
    const float width =
        std::min(ImGui::GetFontSize() * 26.0f, ImGui::GetMainViewport()->Size.x * 0.45f);
    const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    tooltip_flow(std::string(answer.algorithm->description), text, width);
    if (answer.judgement) {
        ImGui::Separator();
        tooltip_flow(answer.judgement->text, judgement_color(*answer.judgement), width);
    }
    if (answer.hit) {
        ImGui::Separator();
        ImGui::Text("t = %.17g", answer.hit->t);
        ImGui::Text("point\n  (%.17g, %.17g)", answer.hit->point.x, answer.hit->point.y);
        ImGui::Text("normal\n  (%.17g, %.17g)", answer.hit->normal.x, answer.hit->normal.y);
    }
    if (answer.iterative) {
        ImGui::Separator();
        tooltip_flow(answer.iterative->method + ": " + answer.iterative->explanation, text, width);
        if (!answer.iterative->why_stopped.empty()) {
            ImGui::Separator();
            tooltip_flow("Why it stopped: " + answer.iterative->why_stopped, text, width);
        }
        // Box2D's word for the shapes it measures between.
        if (answer.iterative->explanation.find("cores") != std::string::npos)
            tooltip_flow("(the cores: the shapes without their radius, a circle's centre, a "
                         "polygon without Box2D's skin of b2_polygonRadius)",
                         ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), width);
    }
    ImGui::EndTooltip();
}

// An algorithm's row of the table: its name and answer, and the judge's verdict, in the
// verdict's colour (grey where it has no query for the pair); the judge's text on hover.
// Whether it is hovered.
bool algorithm_row(const AlgorithmAnswer& answer) {
    const ImVec4 color = answer.judgement   ? judgement_color(*answer.judgement)
                         : answer.has_query ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                            : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
    bool hovered = false;
    const auto cell = [&hovered](auto&& draw) {
        ImGui::TableNextColumn();
        ImGui::BeginGroup();
        draw();
        ImGui::EndGroup();
        hovered = hovered || ImGui::IsItemHovered();
    };
    ImGui::TableNextRow();
    cell([&] {
        ImGui::TextColored(color, "%s", std::string(answer.algorithm->name).c_str());
        ImGui::Indent();
        answer_cell(answer, color);
        ImGui::Unindent();
    });
    cell([&] {
        if (answer.judgement)
            ImGui::TextColored(color, "%s", verdict_shown(*answer.judgement).c_str());
    });
    if (hovered) row_tooltip(answer);
    return hovered;
}

} // namespace

void QueryLabView::draw_panel() {
    canvas_.begin_panel("Query lab", scene_info_);
    draw_time_controls();
    draw_show_section();
    if (ImGui::CollapsingHeader("Time of impact", ImGuiTreeNodeFlags_DefaultOpen))
        draw_time_of_impact(lab_);
    search_plot_ = {};
    if (const auto& search = lab_.trace().search) {
        if (ImGui::CollapsingHeader("Separation (the certified search)",
                                    ImGuiTreeNodeFlags_DefaultOpen)) {
            search_plot_ = draw_search_plot(*search, lab_, box2d_search());
            draw_search_summary(*search);
            if (const ccd::IterativeSearch* box2d = box2d_search())
                text_flow("Box2D's checks (ticks, numbered by iteration): " + box2d->why_stopped);
        }
    } else if (ImGui::CollapsingHeader("Equations (the query's trace)",
                                       ImGuiTreeNodeFlags_DefaultOpen)) {
        draw_equations();
    }
    if (ImGui::CollapsingHeader("Algorithms", ImGuiTreeNodeFlags_DefaultOpen)) draw_algorithms();
    hunt_.draw(lab_, canvas_, scene_info_.algorithm); // the Hunt section (hunt_panel.hpp)
    ImGui::Separator();
    bool edited = edit_side(lab_, Side::Mover);
    edited = edit_side(lab_, Side::Obstacle) || edited;
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", drag_hint(lab_).c_str());
    ImGui::PopStyleColor();
    ImGui::End();
    if (edited) canvas_.mark_changed();
    settle_edits();
}

// t over the frame: animate it, scrub it, or jump to the impact.
void QueryLabView::draw_time_controls() {
    ImGui::TextUnformatted("Time in the frame");
    if (ImGui::Button(playing_ ? "Pause" : "Animate")) set_playing(!playing_);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    float t = static_cast<float>(lab_.scrub_t);
    if (ImGui::SliderFloat("##t", &t, 0.0f, 1.0f, "t = %.4f")) set_scrub_t(t);
    const auto& hit = lab_.hit();
    ImGui::BeginDisabled(!hit);
    if (ImGui::Button("Jump to the impact") && hit) {
        set_playing(false);
        set_scrub_t(hit->t);
    }
    ImGui::EndDisabled();
    ImGui::Separator();
}

// The trace's candidates to choose from: a radio button each, or for a polygon pair (every
// vertex against every edge) a list and a button for the one taken.
std::string QueryLabView::shown_candidate() const {
    const auto& candidates = lab_.trace().candidates;
    if (candidates.empty()) return "";
    const int i = std::clamp(selected_candidate_, 0, static_cast<int>(candidates.size()) - 1);
    return candidates[static_cast<std::size_t>(i)].name;
}

void QueryLabView::choose_candidate() {
    const ccd::Trace& trace = lab_.trace();
    const int count = static_cast<int>(trace.candidates.size());
    const int taken = lab_.taken_candidate();
    // The answer changed: the equation view follows the winner, unless the user picked one.
    if (taken != last_taken_) {
        last_taken_ = taken;
        if (!candidate_picked_ && taken >= 0) selected_candidate_ = taken;
    }
    if (count > 0) selected_candidate_ = std::clamp(selected_candidate_, 0, count - 1);
    if (count <= 4) {
        for (int i = 0; i < count; ++i) {
            if (i > 0) ImGui::SameLine();
            if (ImGui::RadioButton(trace.candidates[static_cast<std::size_t>(i)].name.c_str(),
                                   &selected_candidate_, i))
                candidate_picked_ = i != taken; // picking the winner follows it again
        }
        return;
    }
    ImGui::SetNextItemWidth(-90);
    const auto name_of = [&](int i) {
        return trace.candidates[static_cast<std::size_t>(i)].name + (i == taken ? "  (taken)" : "");
    };
    if (ImGui::BeginCombo("##candidate", name_of(selected_candidate_).c_str())) {
        for (int i = 0; i < count; ++i)
            if (ImGui::Selectable(name_of(i).c_str(), i == selected_candidate_)) {
                selected_candidate_ = i;
                candidate_picked_ = i != taken;
            }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(taken < 0);
    if (ImGui::Button("the taken")) {
        selected_candidate_ = taken;
        candidate_picked_ = false;
    }
    ImGui::EndDisabled();
}

void QueryLabView::draw_equations() {
    const ccd::Trace& trace = lab_.trace();
    if (trace.overlap_at_start)
        ImGui::TextWrapped("Already touching at t = 0: no equation was needed.");
    if (trace.query.find("parabolic") != std::string::npos)
        text_flow("A parabolic path: the mover's center relative to the obstacle is p0 + d t + "
                  "a t^2 / 2 (a their relative acceleration), so a cap's f(t) = |p(t)|^2 - R^2 "
                  "is a quartic and the band's two f(t) = n . (c(t) - A) -+ R are quadratics; "
                  "their roots in the frame are marked on the path.");
    choose_candidate();
    if (!trace.candidates.empty())
        draw_candidate(trace.candidates[static_cast<std::size_t>(selected_candidate_)]);
}

void QueryLabView::draw_algorithms() {
    if (ImGui::BeginTable("algorithms", 2, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("answer", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("verdict", ImGuiTableColumnFlags_WidthFixed);
        bool searched_row_hovered = false; // a row with Box2D's search to show
        for (const AlgorithmAnswer& answer : lab_.algorithm_answers())
            if (algorithm_row(answer) && answer.iterative && !answer.iterative->axes.empty())
                searched_row_hovered = true;
        ImGui::EndTable();
        if (searched_row_hovered != box2d_row_hovered_) {
            box2d_row_hovered_ = searched_row_hovered;
            canvas_.mark_changed();
        }
    }
    // The judge's tolerance, in units of the query's scale (ccd/judge.hpp).
    double tolerance = lab_.tolerance();
    const double lo = 1e-15, hi = 1e-2;
    ImGui::SetNextItemWidth(150);
    if (ImGui::SliderScalar("tolerance", ImGuiDataType_Double, &tolerance, &lo, &hi, "%.0e",
                            ImGuiSliderFlags_Logarithmic)) {
        lab_.set_tolerance(tolerance);
        canvas_.mark_changed(); // the dashed circles follow the verdicts
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("the judge's tolerance x the query's scale: %s here",
                          number_text(lab_.tolerance_in_units(), 3).c_str());
}

// "Box2D's search", last in the Show section: its iterations drawn whether or not its row is
// hovered (only when an answer has them); where the box is goes into --report with the others.
void QueryLabView::draw_box2d_search_checkbox() {
    show_checkboxes_.erase("box2d_search");
    bool any = false;
    for (const AlgorithmAnswer& answer : lab_.algorithm_answers())
        any = any || (answer.iterative && !answer.iterative->axes.empty());
    if (!any) return;
    if (ImGui::Checkbox("Box2D's search", &box2d_search_pinned_)) canvas_.mark_changed();
    const ImVec2 lo = ImGui::GetItemRectMin();
    const double h = ImGui::GetFrameHeight();
    show_checkboxes_["box2d_search"] = {lo.x + h * 0.5, lo.y + h * 0.5};
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Box2D's separating axis at each of its iterations on the canvas, and "
                          "the times it checked as ticks on the separation plot (also while "
                          "its row is hovered)");
}

} // namespace ccdlab
