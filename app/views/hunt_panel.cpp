#include "hunt_panel.hpp"

#include "hunt_lab_form.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>

namespace ccdlab {
namespace {

// The methods the hunt can take on the lab's pair: each that answers it, but the certified one
// (which the judge compares with).
std::vector<int> huntable(const QueryLab& lab) {
    std::vector<int> found;
    const auto& all = ccd::algorithms();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].name != "exact" && hunt_case_of(lab, all[i]))
            found.push_back(static_cast<int>(i));
    return found;
}

// The method chosen at first: the scene's, else the first the judge flags on the lab's pair,
// else the first that answers it.
int first_choice(const QueryLab& lab, const std::vector<int>& choices,
                 const std::string& scene_algorithm) {
    const auto& all = ccd::algorithms();
    for (int i : choices)
        if (all[std::size_t(i)].name == scene_algorithm) return i;
    for (const AlgorithmAnswer& answer : lab.algorithm_answers())
        for (int i : choices)
            if (answer.disagrees() && answer.algorithm == &all[std::size_t(i)]) return i;
    return choices.empty() ? -1 : choices.front();
}

Vec2 item_center() {
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    return {0.5 * (lo.x + hi.x), 0.5 * (lo.y + hi.y)};
}

// A group's row: its class, feature and size (each row one line, however narrow the panel).
std::string group_text(const HuntGroup& group) {
    return group.finding_class + " on " + group.feature + " (" + std::to_string(group.size) + ")";
}

// What the row opens, under it: how far its finding was shrunk, and why the lab cannot show the
// shrunk form where it cannot.
std::string group_note(const HuntGroup& group, bool opens) {
    std::string note = group.shrunk ? "shrunk in " + std::to_string(group.shrink_steps) + " steps"
                                    : "not shrunk (stopped)";
    if (const auto* why = std::get_if<std::string>(&group.lab_form))
        note += "; " + *why + (opens ? "; opens as found" : "");
    return note;
}

} // namespace

bool HuntPanel::take_changed() {
    const std::uint64_t revision = run_->status().revision;
    // The section scrolled or laid out anew moves its buttons: the report says where they are.
    const bool changed = revision != seen_revision_ || on_screen_ != seen_on_screen_;
    seen_revision_ = revision;
    seen_on_screen_ = on_screen_;
    return changed;
}

void HuntPanel::draw(QueryLab& lab, CanvasView& canvas, const std::string& scene_algorithm) {
    on_screen_ = {};
    if (!ImGui::CollapsingHeader("Hunt", ImGuiTreeNodeFlags_DefaultOpen)) return;
    if (!can_hunt_in_background()) {
        ImGui::TextWrapped("The hunt runs in the desktop app and in ccdlab-cli hunt: this build "
                           "has no threads to run it beside the page (docs/hunt.md).");
        return;
    }
    ImGui::PushID("hunt");
    draw_controls(lab, scene_algorithm);
    const HuntStatus status = run_->status();
    draw_progress(status);
    draw_groups(status, lab, canvas);
    ImGui::PopID();
}

void HuntPanel::draw_controls(const QueryLab& lab, const std::string& scene_algorithm) {
    const std::vector<int> choices = huntable(lab);
    if (choices.empty()) {
        start_requested_ = false;
        ImGui::TextDisabled("No method but the certified one answers this pair.");
        return;
    }
    if (std::find(choices.begin(), choices.end(), algorithm_) == choices.end())
        algorithm_ = first_choice(lab, choices, scene_algorithm);
    const auto& all = ccd::algorithms();
    const bool running = run_->running();
    ImGui::BeginDisabled(running);
    ImGui::SetNextItemWidth(110);
    if (ImGui::BeginCombo("##method", std::string(all[std::size_t(algorithm_)].name).c_str())) {
        for (int i : choices)
            if (ImGui::Selectable(std::string(all[std::size_t(i)].name).c_str(), i == algorithm_))
                algorithm_ = i;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN); // the rest of the line, however narrow the panel
    ImGui::InputInt("##variants", &budget_, 10000, 100000);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("variants judged: the hunt's budget");
    budget_ = std::clamp(budget_, 1, 10'000'000);
    ImGui::EndDisabled();
    if (!running) {
        const bool pressed = ImGui::Button("Hunt");
        if (pressed || std::exchange(start_requested_, false)) start(lab);
        on_screen_.hunt_px = item_center();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Judge the method on variations of this case (docs/hunt.md)");
    } else {
        if (ImGui::Button("Stop")) run_->stop();
        on_screen_.stop_px = item_center();
    }
}

void HuntPanel::start(const QueryLab& lab) {
    const ccd::Algorithm& algorithm = ccd::algorithms()[std::size_t(algorithm_)];
    if (const auto start = hunt_case_of(lab, algorithm)) {
        original_ = lab.state();
        opened_ = -1;
        run_->start(*start, algorithm, budget_, lab.state());
    }
}

void HuntPanel::draw_progress(const HuntStatus& status) {
    if (status.phase == HuntPhase::Idle) return;
    const float done = status.budget > 0 ? float(status.variants) / float(status.budget) : 0.0f;
    const std::string label =
        status.phase == HuntPhase::Shrinking ? "shrinking"
        : status.phase == HuntPhase::Done
            ? (status.stopped ? "stopped" : "done")
            : std::to_string(status.variants) + " / " + std::to_string(status.budget);
    ImGui::ProgressBar(std::min(done, 1.0f), ImVec2(-1, 0), label.c_str());
    ImGui::TextWrapped("%s: %ld variants judged, %ld findings", status.algorithm.c_str(),
                       status.variants, status.findings);
    if (!status.error.empty()) ImGui::TextWrapped("The hunt failed: %s", status.error.c_str());
}

void HuntPanel::draw_groups(const HuntStatus& status, QueryLab& lab, CanvasView& canvas) {
    if (opened_ >= 0 && original_) {
        if (ImGui::Button("Back to the original")) {
            lab.restore(*original_);
            canvas.mark_changed();
            opened_ = -1;
        }
        on_screen_.original_px = item_center();
    }
    for (std::size_t i = 0; i < status.groups.size(); ++i) {
        const HuntGroup& group = status.groups[i];
        const LabState* state = group.opens();
        ImGui::PushID(static_cast<int>(i));
        ImGui::BeginDisabled(state == nullptr);
        if (ImGui::Selectable(group_text(group).c_str(), opened_ == static_cast<int>(i)) && state) {
            lab.restore(*state);
            canvas.mark_changed();
            opened_ = static_cast<int>(i);
        }
        ImGui::EndDisabled();
        on_screen_.rows_px.push_back(item_center());
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("%s", group.finding.judgement.c_str());
        ImGui::Indent();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", group_note(group, state != nullptr).c_str());
        ImGui::PopTextWrapPos();
        if (state)
            draw_exports(static_cast<int>(i), *state, lab, canvas);
        else
            on_screen_.exports_px.push_back(std::nullopt);
        ImGui::Unindent();
        ImGui::PopID();
    }
}

// The row's export buttons: each opens the finding in the lab (as its row does) and asks the
// app for the File bar's export of the lab's pair.
void HuntPanel::draw_exports(int group, const LabState& state, QueryLab& lab, CanvasView& canvas) {
    struct Choice {
        const char* label;
        FindingExport kind;
        const char* tip;
    };
    static constexpr Choice kChoices[] = {
        {"C++ test", FindingExport::Test, "Open this finding and export it as a C++ test"},
        {"Fixture", FindingExport::Fixture, "Open this finding and export it as a fixture"},
        {"Link", FindingExport::Link, "Open this finding and copy its link"}};
    std::array<Vec2, 3> at{};
    for (std::size_t k = 0; k < 3; ++k) {
        if (k > 0) ImGui::SameLine();
        if (ImGui::SmallButton(kChoices[k].label)) {
            lab.restore(state);
            canvas.mark_changed();
            opened_ = group;
            export_ = kChoices[k].kind;
        }
        at[k] = item_center();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kChoices[k].tip);
    }
    on_screen_.exports_px.push_back(at);
}

} // namespace ccdlab
