// WorldView's comparison of two runs: the panel's Compare section (the other run's settings,
// the first divergence, the table of the differences from there, each row a place to go to)
// and run b's bodies on the canvas as ghosts. The comparison is the core's
// (ccd::compare_runs through ComparedRun); the view only shows it.
#include "world_view.hpp"

#include "color.hpp"
#include "shape_renderer.hpp"
#include "turning_outline.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/path_position.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>

namespace ccdlab {
namespace {

constexpr const char* kResponses[] = {"as the scene says", "bounce", "slide", "stop",
                                      "destroy",           "sensor"};

std::string pair_of(const ccd::RunEvent& e, const ccd::RecordedRun& run) {
    const auto name = [](const std::vector<std::string>& names, int index) {
        return index >= 0 && index < static_cast<int>(names.size())
                   ? names[static_cast<std::size_t>(index)]
                   : std::string("?");
    };
    return name(run.body_names, e.event.body) + " / " +
           name(e.event.other_kind == ccd::OtherKind::Wall ? run.wall_names : run.body_names,
                e.event.other);
}

} // namespace

bool WorldView::compare(const ccd::RunSettings& other, int frames) {
    compare_settings_ = other;
    compare_frames_ = std::clamp(frames, 1, Timeline::kMostFramesStepped);
    try {
        compared_.emplace(editor_.scene(), other, compare_frames_,
                          ccd::RecordingOptions{.keyframe_interval = kKeyframeInterval,
                                                .memory_cap = recording_cap_},
                          compare_tolerance_);
    } catch (const std::exception& e) {
        compared_.reset();
        compare_error_ = e.what();
        canvas_.mark_changed();
        return false;
    }
    compare_error_.clear();
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    engine_compared_.reset();
    compare_engine_choice_ = 0;
#endif
    timeline_.record_until(compare_frames_); // the axis spans the compared frames
    compared_log_ = compared_->log_of(timeline_.frame());
    canvas_.mark_changed();
    return true;
}

void WorldView::stop_comparing() {
    compared_.reset();
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    engine_compared_.reset();
#endif
    canvas_.mark_changed();
}

void WorldView::go_to_difference(std::size_t index) {
    if (!compared_ || index >= compared_->divergence().differences.size()) return;
    const ComparedRun::Place place = compared_->place_of(index);
    go_to(place.frame, place.t);
    if (place.sequence >= 0) select_event(place.sequence);
}

// Run b's bodies where its log puts them at the scrubbed t: outlines in the disagreement
// colour, dashed, over a faint trace of its paths.
void WorldView::draw_compared_ghosts(ShapeRenderer& r) const {
    if (!compared_) return;
    const double t = timeline_.t();
    const Color ghost = palette::disagreement;
    for (std::size_t i = 0; i < compared_log_.paths.size() && i < radii_.size(); ++i) {
        const auto& points = compared_log_.paths[i].points;
        if (points.empty()) continue;
        const std::vector<Vec2> line = ccd::path_polyline(compared_log_.paths[i]);
        for (std::size_t k = 1; k < line.size(); ++k)
            r.line(line[k - 1], line[k], 1.0f, ghost.with_alpha(0.35f));
        if (t > points.back().time + 1e-12) continue; // removed in run b
        const Vec2 at = ccd::position_at(compared_log_.paths[i], t);
        if (turns(static_cast<int>(i))) // turned as run b has it at t
            r.polygon_outline(turning_outline_at(compared_log_.paths[i], outlines_[i], t), 2.0f,
                              ghost, 6.0f);
        else if (!outlines_[i].empty())
            r.polygon_outline(outlines_[i], 2.0f, ghost, 6.0f, at);
        else if (radii_[i] > 0.0)
            r.circle_outline(at, radii_[i], 2.0f, ghost, 6.0f);
        r.point(at, 3.0f, ghost);
    }
}

// The comparison's tolerance, relative (ccd::run_tolerance): times within it, lengths within it
// x the scene's scale, an algorithm's slack added; 0 compares exactly.
void WorldView::draw_tolerance_field() {
    ImGui::SetNextItemWidth(120);
    ImGui::InputDouble("tolerance", &compare_tolerance_, 0.0, 0.0, "%g");
    if (!std::isfinite(compare_tolerance_) || compare_tolerance_ < 0.0) compare_tolerance_ = 0.0;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("How far two events may be apart and be the same: times within it, "
                          "points and velocities within it x the scene's scale, normals within "
                          "it; an algorithm's documented slack (box2d's target separation) is "
                          "added. 0: exact.");
}

// The other run's settings and Compare; then where the runs part and the differences.
void WorldView::draw_compare_section() {
    compare_button_px_ = divergence_button_px_ = {};
    bool engine_running = false;
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    tunnel_buttons_px_.clear();
    engine_running = engine_compared_ != nullptr;
#endif
    if (compared_ || engine_running) ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (!ImGui::CollapsingHeader("Compare two runs")) return;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Run a is the scene as written (the run shown); run b the same scene "
                        "in:");
    ImGui::PopTextWrapPos();
    draw_compare_settings();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (ImGui::Button("Compare")) {
#ifdef CCDLAB_HAS_ENGINE_WORLDS
        if (compare_engine_choice_ > 0)
            compare_engine(static_cast<ccd::EngineKind>(compare_engine_choice_), compare_frames_);
        else
#endif
            compare(compare_settings_, compare_frames_);
    }
    compare_button_px_ = {at.x + ImGui::GetItemRectSize().x * 0.5,
                          at.y + ImGui::GetItemRectSize().y * 0.5};
    if (compared_ || engine_running) {
        ImGui::SameLine();
        if (ImGui::Button("Stop comparing")) stop_comparing();
    }
    if (!compare_error_.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", compare_error_.c_str());
        ImGui::PopTextWrapPos();
    }
    if (compared_) draw_compare_result();
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    if (engine_compared_) draw_engine_result();
#endif
}

// Run b's settings: its algorithm, restitution, response, frames, and the tolerance.
void WorldView::draw_compare_settings() {
    ccd::RunSettings& b = compare_settings_;
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    // In ccd::EngineKind's order: the exact World, then the engines' own worlds.
    constexpr const char* kRuns[] = {"the exact World, as below", "Box2D 2.4.1's b2World",
                                     "Bullet 3.24's world", "Chipmunk 7's cpSpace"};
    ImGui::SetNextItemWidth(200);
    ImGui::Combo("run b", &compare_engine_choice_, kRuns, static_cast<int>(std::size(kRuns)));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The exact World again under other settings, or the scene stepped by a "
                          "real engine's own world (docs/engines.md, \"Engine worlds\"): its "
                          "bodies as ghosts, its tunnels found and explained.");
    if (compare_engine_choice_ > 0) {
        ImGui::SetNextItemWidth(120);
        ImGui::InputInt("frames", &compare_frames_, 10, 100);
        compare_frames_ = std::clamp(compare_frames_, 1, Timeline::kMostFramesStepped);
        return;
    }
#endif
    ImGui::SetNextItemWidth(200);
    if (ImGui::BeginCombo("algorithm", b.algorithm.c_str())) {
        for (const ccd::Algorithm& algorithm : ccd::algorithms()) {
            const std::string name(algorithm.name);
            if (ImGui::Selectable(name.c_str(), name == b.algorithm)) b.algorithm = name;
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%.*s", static_cast<int>(algorithm.description.size()),
                                  algorithm.description.data());
        }
        ImGui::EndCombo();
    }
    bool restitution = b.restitution.has_value();
    if (ImGui::Checkbox("restitution", &restitution))
        b.restitution = restitution ? std::optional<double>(1.0) : std::nullopt;
    if (b.restitution) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(120);
        float value = static_cast<float>(*b.restitution);
        if (ImGui::SliderFloat("##restitution", &value, 0.0f, 1.0f, "%.3f")) b.restitution = value;
    }
    int response = b.response ? static_cast<int>(*b.response) + 1 : 0;
    ImGui::SetNextItemWidth(200);
    if (ImGui::Combo("response", &response, kResponses, static_cast<int>(std::size(kResponses)))) {
        b.response.reset();
        if (response > 0) ccd::apply_setting(b, std::string("response=") + kResponses[response]);
    }
    ImGui::SetNextItemWidth(120);
    ImGui::InputInt("frames", &compare_frames_, 10, 100);
    compare_frames_ = std::clamp(compare_frames_, 1, Timeline::kMostFramesStepped);
    draw_tolerance_field();
}

// The runs compared: each run's settings and events, and where they part, if they do.
void WorldView::draw_compare_result() {
    const ccd::RunComparison& comparison = compared_->comparison();
    const ccd::RunDivergence& divergence = comparison.divergence;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("a: %s, %zu events; b: %s, %zu events (%d frames); b drawn as pink ghosts",
                ccd::describe(ccd::RunSettings{}).c_str(), divergence.events_a,
                ccd::describe(compared_->settings()).c_str(), divergence.events_b,
                compared_->frames());
    ImGui::TextDisabled("Compared within %g: %s", compared_->tolerance(),
                        ccd::describe_tolerance(comparison).c_str());
    if (!divergence.diverged()) {
        ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1.0f), "No divergence: the runs agree on "
                                                           "every event.");
        ImGui::PopTextWrapPos();
        return;
    }
    const ComparedRun::Place first = *compared_->first_divergence();
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.6f, 1.0f),
                       "First divergence at event %zu (frame %d, t = %.6g): %s differ; %zu "
                       "differing events in all",
                       divergence.first()->index, first.frame, first.t,
                       divergence.first()->fields.names().c_str(), divergence.differing);
    ImGui::PopTextWrapPos();
    const ImVec2 button = ImGui::GetCursorScreenPos();
    if (ImGui::Button("Go to the first divergence")) go_to_difference(0);
    divergence_button_px_ = {button.x + ImGui::GetItemRectSize().x * 0.5,
                             button.y + ImGui::GetItemRectSize().y * 0.5};
    draw_differences_table();
}

// Every difference listed from the first on: where, which fields, each run's event and how far
// apart; a row goes to its place.
void WorldView::draw_differences_table() {
    const ccd::RunComparison& comparison = compared_->comparison();
    const auto& differences = comparison.divergence.differences;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("differences", 7, flags, ImVec2(0, 180))) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    for (const char* column : {"event", "frame", "fields", "a", "b", "dt", "dv"})
        ImGui::TableSetupColumn(column);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(differences.size()));
    while (clipper.Step())
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const ccd::EventDifference& d = differences[static_cast<std::size_t>(row)];
            const ComparedRun::Place place = compared_->place_of(static_cast<std::size_t>(row));
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            char label[32];
            std::snprintf(label, sizeof label, "%zu##difference", d.index);
            if (ImGui::Selectable(label, false, ImGuiSelectableFlags_SpanAllColumns))
                go_to_difference(static_cast<std::size_t>(row));
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", ccd::describe(d, comparison.a, comparison.b).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%d", place.frame);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(d.fields.names().c_str());
            const auto side = [&](const std::optional<ccd::RunEvent>& e,
                                  const ccd::RecordedRun& run) {
                ImGui::TableNextColumn();
                if (e)
                    ImGui::Text("f%d t %.6f %s", e->frame, e->event.time, pair_of(*e, run).c_str());
                else
                    ImGui::TextDisabled("none");
            };
            side(d.a, comparison.a);
            side(d.b, comparison.b);
            ImGui::TableNextColumn();
            ImGui::Text("%.3g", d.time);
            ImGui::TableNextColumn();
            ImGui::Text("%.3g", d.velocity);
        }
    ImGui::EndTable();
}

} // namespace ccdlab
