// WorldView's comparison with a real engine's world: the scene stepped by Box2D's b2World,
// Bullet's btDiscreteDynamicsWorld or Chipmunk's cpSpace (ccd::run_engine) beside the exact
// World's run shown, in the background (EngineComparedRun). The engine's bodies are drawn as
// ghosts where the engine has them at the start of the frame shown (an engine has a pose a
// frame, none between); its tunnels (ccd::find_tunnels_in_frame, each with the engine's reason)
// are listed, the first marked on the timeline, and a tunnel of the frame shown drawn: the
// body where the engine had it at the frame's start and end, and the wall or body it crossed.
// The view only shows what the core computed.
#include "world_view.hpp"

#ifdef CCDLAB_HAS_ENGINE_WORLDS

#include "canvas_controls.hpp"
#include "chain_edits.hpp"
#include "color.hpp"
#include "shape_renderer.hpp"

#include "ccd/path_position.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

namespace ccdlab {
namespace {

// The engine's ghosts and its tunnels: orange, apart from run b's pink and the discrete purple.
constexpr Color kEngineGhost{1.00f, 0.62f, 0.15f, 1.0f};
constexpr Color kTunnel{1.00f, 0.20f, 0.20f, 1.0f};

const char* engine_title(ccd::EngineKind engine) {
    switch (engine) {
    case ccd::EngineKind::Box2d:
        return "Box2D 2.4.1 (b2World)";
    case ccd::EngineKind::Bullet:
        return "Bullet 3.24 (btDiscreteDynamicsWorld)";
    case ccd::EngineKind::Chipmunk:
        return "Chipmunk 7 (cpSpace)";
    case ccd::EngineKind::Exact:
        break;
    }
    return "the exact World";
}

std::string pair_text(const ccd::Tunnel& tunnel, const std::vector<std::string>& bodies,
                      const std::vector<std::string>& walls) {
    const auto name = [](const std::vector<std::string>& names, int index) {
        return index >= 0 && index < static_cast<int>(names.size())
                   ? names[static_cast<std::size_t>(index)]
                   : std::string("?");
    };
    return name(bodies, tunnel.body) + " / " +
           name(tunnel.other_kind == ccd::OtherKind::Wall ? walls : bodies, tunnel.other);
}

} // namespace

bool WorldView::compare_engine(ccd::EngineKind engine, int frames) {
    compare_frames_ = std::clamp(frames, 1, Timeline::kMostFramesStepped);
    compared_.reset();
    engine_compared_.reset();
    engine_progress_ = {};
    engine_tunnels_.clear();
    engine_notes_.clear();
    engine_states_.reset();
    engine_states_next_.reset();
    engine_states_frame_ = -1;
    try {
        // An engine is given no chain the loader refuses: Box2D 2.4.1 asserts each edge longer
        // than b2_linearSlop (b2_chain_shape.cpp, b2ChainShape::CreateLoop and CreateChain).
        if (const auto refusal = chain_refusal(editor_.scene()))
            throw std::invalid_argument(*refusal);
        engine_compared_ =
            std::make_unique<EngineComparedRun>(editor_.scene(), engine, compare_frames_);
    } catch (const std::exception& e) {
        compare_error_ = e.what();
        canvas_.mark_changed();
        return false;
    }
    compare_error_.clear();
    compare_engine_choice_ = static_cast<int>(engine);
    // The axis spans the compared frames (their tunnels flagged where they are), unless the
    // scene is dense: its frames are stepped as they are shown, the window never waiting.
    if (!dense_) timeline_.record_until(compare_frames_);
    poll_engine_comparison();
    canvas_.mark_changed();
    return true;
}

// Each drawn frame: the frame shown is asked for first; what the worker has ready since is read
// (the ghosts' states, the tunnels, the notes), and the canvas redrawn when it changed.
void WorldView::poll_engine_comparison() {
    if (!engine_compared_) return;
    const int frame = timeline_.frame();
    engine_compared_->want(frame);
    const EngineComparedRun::Progress progress = engine_compared_->progress();
    const bool states_missing = engine_states_frame_ != frame || !engine_states_ ||
                                (!engine_states_next_ && frame + 1 < progress.states);
    if (progress == engine_progress_ && !states_missing) return;
    if (progress.tunnels != engine_tunnels_.size()) engine_tunnels_ = engine_compared_->tunnels();
    if (engine_notes_.empty()) engine_notes_ = engine_compared_->notes();
    engine_states_ = engine_compared_->states_at(frame);
    engine_states_next_ = engine_compared_->states_at(frame + 1);
    engine_states_frame_ = frame;
    engine_progress_ = progress;
    canvas_.mark_changed();
}

bool WorldView::working_in_background() const {
    return engine_compared_ && !engine_progress_.done;
}

void WorldView::go_to_tunnel(std::size_t index) {
    if (index >= engine_tunnels_.size()) return;
    const ccd::Tunnel tunnel = engine_tunnels_[index];
    go_to(tunnel.frame, 0.0);
    poll_engine_comparison();
    // What the collision should have been: the World's event between the same two there.
    for (const ccd::ContactEvent& e : timeline_.log().events) {
        const bool same = (e.body == tunnel.body && e.other_kind == tunnel.other_kind &&
                           e.other == tunnel.other) ||
                          (tunnel.other_kind == ccd::OtherKind::Body && e.body == tunnel.other &&
                           e.other_kind == ccd::OtherKind::Body && e.other == tunnel.body);
        if (same) {
            select_event(e.sequence); // at its t; the engine's poses stay the frame's start
            break;
        }
    }
}

// The engine's bodies at the start of the frame shown: dashed outlines, turned as the engine
// has them.
void WorldView::draw_engine_ghosts(ShapeRenderer& r) const {
    if (!engine_compared_ || !engine_states_) return;
    const std::vector<ccd::BodyState>& states = *engine_states_;
    for (std::size_t i = 0; i < states.size() && i < radii_.size(); ++i) {
        const ccd::BodyState& s = states[i];
        if (!outlines_[i].empty())
            r.polygon_outline(ccd::placed_outline(outlines_[i], {s.position, s.angle}), 2.0f,
                              kEngineGhost, 6.0f);
        else if (radii_[i] > 0.0)
            r.circle_outline(s.position, radii_[i], 2.0f, kEngineGhost, 6.0f);
        r.point(s.position, 3.0f, kEngineGhost);
    }
    draw_frame_tunnels(r);
}

// A tunnel of the frame shown: the body where the engine had it at the frame's start and end,
// joined, and the wall (as the World has it at the frame's start) or the body it crossed.
void WorldView::draw_frame_tunnels(ShapeRenderer& r) const {
    if (!engine_states_ || !engine_states_next_) return;
    const auto& start = *engine_states_;
    const auto& end = *engine_states_next_;
    const auto body_at = [&](int body, const ccd::BodyState& s, float width) {
        const auto i = static_cast<std::size_t>(body);
        if (!outlines_[i].empty())
            r.polygon_outline(ccd::placed_outline(outlines_[i], {s.position, s.angle}), width,
                              kTunnel);
        else
            r.circle_outline(s.position, std::max(radii_[i], 3.0 / camera().pixels_per_unit), width,
                             kTunnel);
    };
    for (const ccd::Tunnel& tunnel : engine_tunnels_) {
        if (tunnel.frame != timeline_.frame()) continue;
        const auto b = static_cast<std::size_t>(tunnel.body);
        if (b >= start.size() || b >= end.size() || b >= radii_.size()) continue;
        body_at(tunnel.body, start[b], 2.0f);
        body_at(tunnel.body, end[b], 3.0f);
        r.arrow(start[b].position, end[b].position, 2.0f, kTunnel);
        if (tunnel.other_kind == ccd::OtherKind::Wall) {
            const auto w = static_cast<std::size_t>(tunnel.other);
            if (w < timeline_.log().wall_paths.size() &&
                !timeline_.log().wall_paths[w].points.empty()) {
                const ccd::Segment s = ccd::segment_at(timeline_.log().wall_paths[w], 0.0);
                r.line(s.a, s.b, 9.0f, kTunnel.with_alpha(0.45f));
            }
        } else if (const auto o = static_cast<std::size_t>(tunnel.other);
                   o < start.size() && o < end.size() && o < radii_.size()) {
            body_at(tunnel.other, start[o], 2.0f);
            body_at(tunnel.other, end[o], 3.0f);
        }
        r.point(tunnel.place, 8.0f, kTunnel);
    }
}

// Over a tunnel's place on the canvas: the tunnel in one line, the engine's reason with it.
void WorldView::tunnel_tooltip_on_canvas() const {
    if (!engine_compared_ || !pointer_on_canvas(camera())) return;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (const ccd::Tunnel& tunnel : engine_tunnels_) {
        if (tunnel.frame != timeline_.frame()) continue;
        if (ccd::length(camera().to_screen(tunnel.place) - Vec2{mouse.x, mouse.y}) > 10.0) continue;
        ImGui::SetTooltip("%s tunnel, %s", ccd::engine_name(engine_compared_->engine()).data(),
                          engine_compared_->describe(tunnel).c_str());
        return;
    }
}

// The engine run's progress, its notes, its first tunnel and the list of them.
void WorldView::draw_engine_result() {
    const EngineComparedRun& run = *engine_compared_;
    const EngineComparedRun::Progress& p = engine_progress_;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("b: %s, %d frames; its bodies drawn as orange ghosts at each frame's start",
                engine_title(run.engine()), run.frames());
    if (!p.error.empty()) { // the engine did not run: no state and no tunnel to speak of
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", p.error.c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    if (!p.done)
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.4f, 1.0f),
                           "Working in the background: %d of %d frames stepped, %d searched for "
                           "tunnels (the frame shown first)",
                           std::max(0, p.states - 1), run.frames(), p.frames_checked);
    if (!engine_states_)
        ImGui::TextDisabled("Frame %d's engine state is not ready yet.", timeline_.frame());
    if (dense_)
        ImGui::TextDisabled("(%zu bodies: the engine run and its tunnel search take a while; "
                            "the window stays live meanwhile)",
                            radii_.size());
    for (const std::string& note : engine_notes_) { // wrapped at the panel's edge
        ImGui::Bullet();
        ImGui::TextWrapped("not carried: %s", note.c_str());
    }
    if (engine_tunnels_.empty()) {
        const std::string none = p.done
                                     ? "No tunnel in " + std::to_string(run.frames()) + " frames."
                                     : "No tunnel in the " + std::to_string(p.frames_checked) +
                                           " frames searched so far.";
        ImGui::TextColored(p.done ? ImVec4(0.5f, 0.9f, 0.5f, 1.0f) : ImVec4(0.7f, 0.7f, 0.7f, 1.0f),
                           "%s", none.c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "First tunnel: %s",
                       run.describe(engine_tunnels_.front()).c_str());
    ImGui::Text("%zu tunnel%s in %d frames%s", engine_tunnels_.size(),
                engine_tunnels_.size() == 1 ? "" : "s", p.frames_checked,
                p.done ? "" : " searched so far");
    ImGui::PopTextWrapPos();
    draw_tunnel_table();
}

// Every tunnel: its frame, pair and reason; a row's button goes to its frame.
void WorldView::draw_tunnel_table() {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("tunnels", 3, flags, ImVec2(0, 160))) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("frame");
    ImGui::TableSetupColumn("pair");
    ImGui::TableSetupColumn("reason");
    ImGui::TableHeadersRow();
    const std::vector<std::string> bodies = engine_compared_->body_names();
    std::vector<std::string> walls;
    for (const ccd::Wall& wall : engine_compared_->scene().walls)
        walls.push_back(wall.name);
    std::size_t go = 0; // the tunnel whose button was pressed, + 1
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(engine_tunnels_.size()));
    while (clipper.Step())
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const ccd::Tunnel& tunnel = engine_tunnels_[static_cast<std::size_t>(row)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(row);
            char label[32];
            std::snprintf(label, sizeof label, "%d", tunnel.frame);
            const bool pressed = ImGui::SmallButton(label);
            const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
            tunnel_buttons_px_[static_cast<std::size_t>(row)] = {(lo.x + hi.x) * 0.5,
                                                                 (lo.y + hi.y) * 0.5};
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Go to frame %d: %s", tunnel.frame,
                                  engine_compared_->describe(tunnel).c_str());
            ImGui::PopID();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(pair_text(tunnel, bodies, walls).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(tunnel.reason.c_str());
            if (pressed) go = static_cast<std::size_t>(row) + 1;
        }
    ImGui::EndTable();
    if (go > 0) go_to_tunnel(go - 1); // after the table: the list may change with the frame
}

} // namespace ccdlab

#else

namespace ccdlab {

bool WorldView::working_in_background() const {
    return false;
}

} // namespace ccdlab

#endif
