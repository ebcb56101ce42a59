#include "world_view.hpp"

#include "hatching.hpp"

#include "canvas_controls.hpp"
#include "chain_edits.hpp"
#include "color.hpp"
#include "drawn_extent.hpp"
#include "hatching.hpp"
#include "label_placer.hpp"
#include "number_fields.hpp"
#include "number_text.hpp"
#include "shape_renderer.hpp"
#include "show_checkboxes.hpp"
#include "turning_outline.hpp"

#include "ccd/path_position.hpp"
#include "ccd/rounded_outline.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>
#include <string>

namespace ccdlab {
namespace {

ImU32 to_imgui(Color c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

// A colour per body, so paths and events can be told apart (none of them the handles' yellow).
Color body_color(int index) {
    constexpr Color colors[] = {{0.25f, 0.60f, 1.00f, 1.0f}, {0.95f, 0.55f, 0.25f, 1.0f},
                                {0.45f, 0.85f, 0.45f, 1.0f}, {0.85f, 0.45f, 0.85f, 1.0f},
                                {0.95f, 0.50f, 0.60f, 1.0f}, {0.40f, 0.85f, 0.90f, 1.0f}};
    return colors[static_cast<std::size_t>(index) % std::size(colors)];
}

// Why the World does not step the scene: a polygon that is not convex beside a turning body
// (ccd::turning_refusal), or a chain edited into one that neither it nor the loader takes
// (chain_refusal: too few points, a point equal to the next).
std::optional<std::string> world_refusal(const ccd::Scene& scene) {
    if (auto refusal = ccd::turning_refusal(scene)) return refusal;
    return chain_refusal(scene);
}

// The scene the World steps: `scene`, or an empty one when the World refuses it
// (world_refusal): the view then shows the refusal, never a run without those bodies.
ccd::Scene stepped_scene(const ccd::Scene& scene) {
    return world_refusal(scene) ? ccd::Scene{} : scene;
}

// The scene the discrete ghosts run: none while a chain is refused (its edges have no front).
ccd::Scene ghost_scene(const ccd::Scene& scene) {
    return chain_refusal(scene) ? ccd::Scene{} : scene;
}

// Walls at `t`, where the frame's log puts them; a moving wall's frame start and end faint and
// dashed. A party of the selected event (`lit`) glows under its line.
// A chain's edge (`front`: its front normal, from the core) has short ticks on its front side,
// every 24 pixels or so, 7 pixels long (`pixels`: per world unit).
void draw_front_ticks(ShapeRenderer& r, const ccd::Segment& at, Vec2 front, double pixels) {
    const double along = ccd::length(at.b - at.a) * pixels;
    const int ticks = std::max(1, static_cast<int>(along / 24.0));
    const Vec2 tick = front * (7.0 / pixels);
    for (int k = 0; k < ticks; ++k) {
        const double s = (k + 0.5) / ticks;
        const Vec2 p = at.a * (1.0 - s) + at.b * s;
        r.line(p, p + tick, 1.5f, palette::wall);
    }
}

void draw_walls(ShapeRenderer& r, const ccd::EventLog& log, double t, const WorldHighlight& lit,
                std::span<const std::optional<Vec2>> fronts, double pixels) {
    for (std::size_t w = 0; w < log.wall_paths.size(); ++w) {
        const ccd::WallPath& path = log.wall_paths[w];
        if (path.points.empty()) continue;
        if (path.points.size() > 1) {
            const Color faint = palette::wall.with_alpha(0.35f);
            const ccd::Segment start = path.points.front().segment;
            const ccd::Segment end = path.points.back().segment;
            r.line(start.a, start.b, 1.5f, faint, 6.0f);
            r.line(end.a, end.b, 1.5f, faint, 6.0f);
        }
        const ccd::Segment at = ccd::segment_at(path, t);
        if (lit.has_wall(static_cast<int>(w)))
            r.line(at.a, at.b, 11.0f, palette::highlight.with_alpha(0.45f));
        r.line(at.a, at.b, 3.0f, palette::wall);
        if (at.radius > 0.0) // a capsule: its outline about the segment
            r.capsule_outline(at.a, at.b, at.radius, 2.0f, palette::wall);
        if (w < fronts.size() && fronts[w]) draw_front_ticks(r, at, *fronts[w], pixels);
    }
}

} // namespace

WorldView::WorldView(const ccd::Scene& scene, std::size_t recording_cap)
    : editor_(scene), canvas_(scene, kPanelWidth), recording_cap_(recording_cap),
      timeline_(stepped_scene(scene),
                {.keyframe_interval = kKeyframeInterval, .memory_cap = recording_cap}),
      refusal_(world_refusal(scene)), layers_(is_dense(scene) ? dense_layers() : ShowLayers{}),
      dense_(is_dense(scene)) {
    timeline_.set_speed(dense_ ? kDensePlaySpeed : kPlaySpeed);
    read_shapes();
    discrete_.reset(ghost_scene(scene));
    shown_frame_changed(-1);
}

void WorldView::layout(Vec2 window_size, const PanelLayout& layout) {
    const double canvas_width = window_size.x - panel_width_in(layout, kPanelWidth, window_size.x);
    canvas_.set_bottom_strip(canvas_width < kOneLineStripWidth ? kStripHeight + 22.0
                                                               : kStripHeight);
    canvas_.layout(window_size, layout);
}

void WorldView::rebuild() {
    const double t = timeline_.t();
    const int playing = timeline_.playing();
    const double speed = timeline_.speed();
    timeline_ = Timeline(stepped_scene(editor_.scene()),
                         {.keyframe_interval = kKeyframeInterval, .memory_cap = recording_cap_});
    refusal_ = world_refusal(editor_.scene());
    timeline_.set_t(t);
    timeline_.set_speed(speed);
    timeline_.play(playing);
    compared_.reset(); // compared with the scene before the edit
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    engine_compared_.reset();
#endif
    read_shapes();
    discrete_.reset(ghost_scene(editor_.scene()));
    shown_frame_changed(-1);
}

void WorldView::set_recording_cap(std::size_t bytes) {
    if (bytes == recording_cap_) return;
    recording_cap_ = bytes;
    const int frame = timeline_.frame();
    const double t = timeline_.t();
    rebuild();
    go_to(frame, t);
}

void WorldView::read_shapes() {
    radii_.clear();
    statics_.clear();
    outlines_.clear();
    turns_.clear();
    const ccd::World& world = this->world().world;
    const ccd::Scene& scene = editor_.scene();
    for (int i = 0; i < world.body_count(); ++i) {
        const std::span<const Vec2> outline = world.outline(i);
        radii_.push_back(outline.empty() ? world.body(i).shape.radius : 0.0);
        statics_.push_back(world.body(i).is_static);
        outlines_.emplace_back(outline.begin(), outline.end());
        // The World's bodies are the scene's circles, then its polygons (ccd::make_world).
        const auto polygon = static_cast<std::size_t>(i) - scene.bodies.size();
        if (static_cast<std::size_t>(i) >= scene.bodies.size() && polygon < scene.polygons.size() &&
            scene.polygons[polygon].polygon.radius >
                0.0) // rounded: its boundary, as the core has it
            outlines_.back() = ccd::rounded_outline(
                ccd::Polygon{outlines_.back(), scene.polygons[polygon].polygon.radius});
        turns_.push_back(static_cast<std::size_t>(i) >= scene.bodies.size() &&
                         polygon < scene.polygons.size() &&
                         scene.polygons[polygon].free_rotation());
    }
    wall_turns_.clear();
    for (const ccd::Wall& wall : scene.walls) // the World's walls are the scene's, in order
        wall_turns_.push_back(wall.turns());
    // Then the chains' edges (ccd::make_world), each with its front as the World has it.
    wall_fronts_.clear();
    wall_labels_.clear();
    for (int w = 0; w < world.wall_count(); ++w) {
        const std::optional<ccd::ChainEdge> edge = world.chain_edge(w);
        wall_fronts_.push_back(edge ? std::optional<Vec2>(ccd::front_normal(*edge)) : std::nullopt);
        wall_labels_.push_back(static_cast<std::size_t>(w) < this->world().wall_names.size()
                                   ? this->world().wall_names[static_cast<std::size_t>(w)]
                                   : std::string());
    }
    std::size_t first_edge = scene.walls.size();
    for (const ccd::Chain& chain : scene.chains) {
        const std::size_t edges = chain.loop ? chain.points.size() : chain.points.size() - 1;
        for (std::size_t k = 0; k < edges && first_edge + k < wall_labels_.size(); ++k)
            wall_labels_[first_edge + k] = k == 0 ? chain.name : std::string();
        first_edge += edges;
    }
    any_turning_ = std::find(turns_.begin(), turns_.end(), true) != turns_.end() ||
                   std::find(wall_turns_.begin(), wall_turns_.end(), true) != wall_turns_.end();
}

bool WorldView::wall_turns(int wall) const {
    return wall >= 0 && static_cast<std::size_t>(wall) < wall_turns_.size() &&
           wall_turns_[static_cast<std::size_t>(wall)];
}

bool WorldView::turns(int body) const {
    return body >= 0 && static_cast<std::size_t>(body) < turns_.size() &&
           turns_[static_cast<std::size_t>(body)];
}

bool WorldView::any_turning() const {
    return any_turning_;
}

ccd::BodyPose WorldView::pose_at(int index, double t) const {
    return ccd::pose_at(timeline_.log().paths.at(static_cast<std::size_t>(index)), t);
}

std::vector<Vec2> WorldView::drawn_outline(int index, double t) const {
    const auto i = static_cast<std::size_t>(index);
    return turning_outline_at(timeline_.log().paths.at(i), outlines_.at(i), t);
}

void WorldView::shown_frame_changed(int before) {
    canvas_.mark_changed();
    if (timeline_.frame() == before) return;
    if (compared_) compared_log_ = compared_->log_of(timeline_.frame());
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    poll_engine_comparison();
#endif
    canvas_.set_drawn(drawn_extent(log(), radii_, outlines_)); // what Home frames
    // The ghosts are at the end of the frame shown: one frame on, or run again from the start.
    if (discrete_method_ != DiscreteMethod::None) {
        if (discrete_.frames() == timeline_.frame()) {
            discrete_.step(discrete_method_, deepest_first_);
        } else if (discrete_.frames() != timeline_.frame() + 1) {
            discrete_.reset(ghost_scene(editor_.scene()));
            for (int frame = 0; frame <= timeline_.frame(); ++frame)
                discrete_.step(discrete_method_, deepest_first_);
        }
    }
    selected_event_ = -1;
    selected_cancelled_ = -1;
    rows_need_sort_ = true;
}

void WorldView::next_frame() {
    // A frame not run yet is stepped at the start of the next drawn frame (handle_input), after
    // this one has said so: a dense scene's step can take a second or more.
    if (timeline_.frame() + 1 >= timeline_.run().end_frame() && !stepping_) {
        stepping_ = true;
        canvas_.mark_changed();
        return;
    }
    stepping_ = false;
    const int before = timeline_.frame();
    timeline_.next_frame();
    shown_frame_changed(before);
}

void WorldView::previous_frame() {
    const int before = timeline_.frame();
    timeline_.previous_frame();
    shown_frame_changed(before);
}

void WorldView::restart() {
    const int before = timeline_.frame();
    timeline_.restart();
    shown_frame_changed(before);
}

void WorldView::go_to(int frame, double t) {
    const int before = timeline_.frame();
    timeline_.go_to(frame, t);
    shown_frame_changed(before);
}

int WorldView::open_at(int frame, double t) {
    const int before = timeline_.frame();
    const int shown = timeline_.open_at(frame, t);
    shown_frame_changed(before);
    return shown;
}

void WorldView::play(int direction) {
    timeline_.play(direction);
    canvas_.mark_changed();
}

void WorldView::set_discrete(DiscreteMethod method, bool deepest_first) {
    discrete_method_ = method;
    deepest_first_ = deepest_first;
    discrete_.reset(ghost_scene(editor_.scene()));
    for (int frame = 0; frame <= timeline_.log().frame; ++frame)
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
    for (const DiscretePolygonGhost& ghost : discrete_.polygon_ghosts()) {
        for (std::size_t k = 1; k < ghost.trail.size(); ++k)
            r.line(ghost.trail[k - 1], ghost.trail[k], 1.5f, palette::discrete.with_alpha(0.7f));
        r.polygon_outline(ghost.polygon.vertices, 2.5f,
                          ghost.unresolved ? palette::disagreement : palette::discrete, 8.0f);
        r.point(ghost.trail.back(), 3.0f, palette::discrete);
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
    for (const DiscretePolygonGhost& ghost : discrete_.polygon_ghosts())
        unresolved += ghost.unresolved ? 1 : 0;
    ImGui::TextWrapped("Purple: where the method has each circle and box after %d frame%s (it "
                       "moves the whole step, then pushes out of the walls and static polygons; "
                       "no other bodies, no moving walls). %d still inside (red).",
                       discrete_.frames(), discrete_.frames() == 1 ? "" : "s", unresolved);
}

void WorldView::step_event(int direction) {
    const int before = timeline_.frame();
    const int next = timeline_.step_event(direction, selected_event_);
    shown_frame_changed(before);
    if (next >= 0) select_event(next);
}

void WorldView::set_scrub_t(double t) {
    timeline_.set_t(t);
    canvas_.mark_changed();
}

void WorldView::advance(double seconds) {
    const int before = timeline_.frame();
    const double t = timeline_.t();
    timeline_.advance(seconds);
    if (timeline_.frame() != before || timeline_.t() != t) shown_frame_changed(before);
}

bool WorldView::handle_input() {
    if (stepping_) next_frame(); // asked for in the frame before, which said so
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    poll_engine_comparison();
#endif
    const auto selected = editor_.selected();
    const int picked = editor_.picked_point();
    const bool edited = editor_.handle_input(canvas_.camera());
    // The left button drags a handle, or pans the empty canvas.
    canvas_.navigate(!editor_.pointer_on_handle());
    if (!edited) select_clicked_event();
    if (edited) rebuild();
    if (editor_.selected() != selected || editor_.picked_point() != picked)
        canvas_.mark_changed(); // shown, and reported
    return edited;
}

// A click, not a drag: the left button released where it was pressed, off every handle, on an
// event's dot (shown with the event numbers).
void WorldView::select_clicked_event() {
    const ImGuiIO& io = ImGui::GetIO();
    const Camera& camera = canvas_.camera();
    if (!layers_.event_numbers || !ImGui::IsMouseReleased(ImGuiMouseButton_Left) ||
        io.MouseDragMaxDistanceSqr[0] > 9.0f || editor_.pointer_on_handle() ||
        !pointer_on_canvas(camera))
        return;
    const Vec2 mouse{io.MousePos.x, io.MousePos.y};
    int nearest = -1;
    double best = 8.0; // pixels
    for (const ccd::ContactEvent& e : timeline_.log().events) {
        const double distance = ccd::length(camera.to_screen(e.point) - mouse);
        if (distance < best) {
            best = distance;
            nearest = e.sequence;
        }
    }
    if (nearest >= 0) select_event(nearest);
}

Vec2 WorldView::position_at(int index, double t) const {
    return ccd::position_at(timeline_.log().paths[static_cast<std::size_t>(index)], t);
}

bool WorldHighlight::has_body(int body) const {
    return std::find(bodies.begin(), bodies.end(), body) != bodies.end();
}

bool WorldHighlight::has_wall(int wall) const {
    return std::find(walls.begin(), walls.end(), wall) != walls.end();
}

void WorldView::select_event(int sequence) {
    if (sequence < 0 || sequence >= static_cast<int>(timeline_.log().events.size())) return;
    selected_event_ = sequence;
    selected_cancelled_ = -1;
    scroll_to_selection_ = true;
    set_scrub_t(timeline_.log().events[static_cast<std::size_t>(sequence)].time);
}

// A cancelled prediction is shown at the time it was cancelled: the event that cancelled it
// has just happened, the contact it predicted is drawn where it would have been.
void WorldView::select_cancelled(int index) {
    if (index < 0 || index >= static_cast<int>(timeline_.log().cancelled.size())) return;
    selected_cancelled_ = index;
    selected_event_ = -1;
    scroll_to_selection_ = true;
    const ccd::CancelledPrediction& c = timeline_.log().cancelled[static_cast<std::size_t>(index)];
    set_scrub_t(c.cancelled_by >= 0 &&
                        c.cancelled_by < static_cast<int>(timeline_.log().events.size())
                    ? timeline_.log().events[static_cast<std::size_t>(c.cancelled_by)].time
                    : (timeline_.log().budget_cut ? timeline_.log().budget_cut->time : c.time));
}

WorldHighlight WorldView::highlight() const {
    WorldHighlight lit;
    const auto parties = [&](int body, ccd::OtherKind kind, int other, Vec2 point, Vec2 normal) {
        lit.bodies.push_back(body);
        (kind == ccd::OtherKind::Body ? lit.bodies : lit.walls).push_back(other);
        lit.has_contact = true;
        lit.point = point;
        lit.normal = normal;
    };
    if (selected_event_ >= 0 && selected_event_ < static_cast<int>(timeline_.log().events.size())) {
        const ccd::ContactEvent& e =
            timeline_.log().events[static_cast<std::size_t>(selected_event_)];
        parties(e.body, e.other_kind, e.other, e.point, e.normal);
    } else if (selected_cancelled_ >= 0 &&
               selected_cancelled_ < static_cast<int>(timeline_.log().cancelled.size())) {
        const ccd::CancelledPrediction& c =
            timeline_.log().cancelled[static_cast<std::size_t>(selected_cancelled_)];
        parties(c.body, c.other_kind, c.other, c.point, c.normal);
    }
    return lit;
}

void WorldView::set_layers(const ShowLayers& layers) {
    if (layers == layers_) return;
    layers_ = layers;
    canvas_.mark_changed();
}

void WorldView::draw_world(ShapeRenderer& r) const {
    const WorldHighlight lit = highlight();
    const double pixels = canvas_.camera().pixels_per_unit;
    draw_walls(r, timeline_.log(), timeline_.t(), lit, wall_fronts_, pixels);
    if (layers_.paths)
        for (std::size_t i = 0; i < timeline_.log().paths.size(); ++i) {
            const auto& points = timeline_.log().paths[i].points;
            const Color color = body_color(static_cast<int>(i));
            // A turning polygon: its outline at every vertex of its path, as the World turned it
            // there (the frame's start, each bounce, the frame's end), faint under the path.
            if (turns(static_cast<int>(i)))
                for (const std::vector<Vec2>& outline :
                     turning_outlines_at_vertices(timeline_.log().paths[i], outlines_[i]))
                    r.polygon_outline(outline, 1.0f, color.with_alpha(0.35f), 3.0f);
            // Through the core's points: a falling body's parabolas sampled (ccd::path_polyline).
            const std::vector<Vec2> line = ccd::path_polyline(timeline_.log().paths[i]);
            for (std::size_t k = 1; k < line.size(); ++k)
                r.line(line[k - 1], line[k], 1.5f, color.with_alpha(0.7f), 5.0f);
            for (std::size_t k = 1; k + 1 < points.size(); ++k) // the bounce points
                r.point(points[k].position, 3.0f, color);
        }
    if (layers_.event_numbers && timeline_.log().events.size() <= kMostPredictionsDrawn)
        for (const ccd::ContactEvent& e : timeline_.log().events)
            r.point(e.point, 4.0f, palette::impact);
    draw_predictions(r);
    // The bodies at the scrubbed time, where their logged paths put them; the two of the
    // selected event stand out in a white ring.
    for (std::size_t i = 0; i < timeline_.log().paths.size(); ++i) {
        const auto& points = timeline_.log().paths[i].points;
        if (points.empty() || timeline_.t() > points.back().time + 1e-12) continue; // removed
        const int body = static_cast<int>(i);
        const Vec2 at = position_at(body, timeline_.t());
        const Color color = statics_[i] ? palette::static_body : body_color(body);
        const bool in_selected = lit.has_body(body);
        if (statics_[i]) draw_static_hatching(r, body, at, pixels);
        if (turns(body)) { // turned as the core has it at t; a spoke to its first vertex
            const std::vector<Vec2> outline = drawn_outline(body, timeline_.t());
            if (in_selected) r.polygon_outline(outline, 9.0f, palette::highlight.with_alpha(0.45f));
            r.polygon_outline(outline, in_selected ? 4.0f : 2.5f, color);
            r.line(at, outline.front(), 1.5f, color.with_alpha(0.6f));
            r.point(at, 2.5f, color.with_alpha(0.6f));
        } else if (!outlines_[i].empty()) { // a polygon: its edges about where its center is at t
            if (in_selected)
                r.polygon_outline(outlines_[i], 9.0f, palette::highlight.with_alpha(0.45f), 0.0f,
                                  at);
            r.polygon_outline(outlines_[i], in_selected ? 4.0f : 2.5f, color, 0.0f, at);
            r.point(at, 2.5f, color.with_alpha(0.6f));
        } else if (radii_[i] > 0.0) {
            // One shape a body (the stress scene's 2,000 are one each); the white ring lies
            // outside it.
            r.outlined_disc(at, radii_[i], in_selected ? 0.6f : 0.35f, in_selected ? 4.0f : 2.0f,
                            color);
            if (in_selected)
                r.circle_outline(at, radii_[i] + 4.0 / pixels, 3.0f, palette::highlight);
        } else {
            if (in_selected) r.point(at, 10.0f, palette::highlight.with_alpha(0.6f));
            r.point(at, in_selected ? 7.0f : 4.0f, color);
        }
    }
    // The selected contact: its point and normal as the log holds them (a cancelled one's as
    // predicted).
    if (lit.has_contact) {
        r.point(lit.point, 6.0f, selected_cancelled_ >= 0 ? palette::highlight : palette::impact);
        r.arrow(lit.point, lit.point + lit.normal * (60.0 / pixels), 2.5f, palette::normal);
    }
    if (layers_.discrete) draw_discrete(r);
    draw_compared_ghosts(r);
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    draw_engine_ghosts(r);
#endif
    editor_.draw(r, layers_.handles, pixels); // the scene as edited: bodies at t = 0, handles
}

// A static body's hatching, under its outline: 45-degree lines 8 px apart.
void WorldView::draw_static_hatching(ShapeRenderer& r, int body, Vec2 at, double pixels) const {
    const auto i = static_cast<std::size_t>(body);
    std::vector<Vec2> placed;
    for (const Vec2 v : outlines_[i])
        placed.push_back(at + v);
    const std::vector<ccd::Segment> lines =
        placed.empty() ? hatch_lines(ccd::Circle{at, radii_[i]}, 8.0 / pixels)
                       : hatch_lines(placed, 8.0 / pixels);
    for (const ccd::Segment& line : lines)
        r.line(line.a, line.b, 1.0f, palette::static_body.with_alpha(0.6f));
}

// Predictions, dashed, as the log recorded them: where each body would touch, drawn at its
// contact point and normal (the body's center is the radius out along the normal). Pending at
// the scrubbed t (layer "pending predictions"): contacts still ahead that the scheduler expects
// then (processed later, or cancelled later, which it does not know yet), in the body's colour.
// Cancelled by t, grey: those the selected event cancelled, the selected one (white), or all
// of them (layer "cancelled predictions"). A frame with hundreds of predictions would hide the
// world; then only the selected event's bodies show theirs.
void WorldView::draw_predictions(ShapeRenderer& r) const {
    const bool all =
        timeline_.log().events.size() + timeline_.log().cancelled.size() <= kMostPredictionsDrawn;
    const WorldHighlight lit = highlight();
    const auto shown = [&](int body) { return all || lit.has_body(body); };
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
    if (layers_.pending_predictions)
        for (const ccd::ContactEvent& e : timeline_.log().events)
            if (e.time > timeline_.t() && shown(e.body))
                ghost(e.body, e.point, e.normal, body_color(e.body).with_alpha(0.8f));
    for (std::size_t i = 0; i < timeline_.log().cancelled.size(); ++i) {
        const ccd::CancelledPrediction& c = timeline_.log().cancelled[i];
        const bool selected = static_cast<int>(i) == selected_cancelled_;
        if (selected) {
            ghost(c.body, c.point, c.normal, palette::highlight);
            continue;
        }
        if (c.predicted_at > timeline_.t() || !shown(c.body)) continue;
        const double cancelled_at =
            c.cancelled_by >= 0 && c.cancelled_by < static_cast<int>(timeline_.log().events.size())
                ? timeline_.log().events[static_cast<std::size_t>(c.cancelled_by)].time
                : (timeline_.log().budget_cut ? timeline_.log().budget_cut->time : 1.0);
        if (timeline_.t() < cancelled_at) {
            if (layers_.pending_predictions)
                ghost(c.body, c.point, c.normal, body_color(c.body).with_alpha(0.8f));
        } else if (layers_.cancelled_predictions ||
                   (selected_event_ >= 0 && c.cancelled_by == selected_event_ &&
                    c.reason == ccd::CancelReason::TrajectoryChanged)) {
            ghost(c.body, c.point, c.normal, palette::cancelled);
        }
    }
}

// The events other than the selected one, grouped by where they are on screen: those within
// 3 px of a group's first event share its label ("0, 2 ... 32 (17)" at a chattering corner).
std::vector<WorldView::EventGroup> WorldView::events_at_one_point(const Camera& camera) const {
    std::vector<EventGroup> groups;
    std::vector<Vec2> anchors; // each group's first event on screen
    for (const ccd::ContactEvent& e : timeline_.log().events) {
        if (e.sequence == selected_event_) continue;
        const Vec2 at = camera.to_screen(e.point);
        std::size_t g = 0;
        while (g < groups.size() && !(ccd::length(anchors[g] - at) < 3.0))
            ++g;
        if (g == groups.size()) {
            groups.push_back({e.point, {}});
            anchors.push_back(at);
        }
        groups[g].sequences.push_back(e.sequence);
    }
    return groups;
}

// Names (bodies at t, walls at t) and event numbers, through the label placer: none covers
// another; the selected event's number and its parties' names go first.
void WorldView::draw_labels() const {
    const Camera& camera = canvas_.camera();
    const WorldHighlight lit = highlight();
    std::vector<LabelRequest> requests;
    std::vector<std::string> texts;
    std::vector<Color> colors;
    const auto add = [&](Vec2 world, double clearance, int priority, std::string text,
                         Color color) {
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        requests.push_back({camera.to_screen(world), {size.x, size.y}, clearance, priority});
        texts.push_back(std::move(text));
        colors.push_back(color);
    };
    if (lit.has_contact) {
        const int number = selected_event_ >= 0 ? selected_event_ : -1;
        add(lit.point, 4.0, 100,
            number >= 0 ? std::to_string(number)
                        : "c" + std::to_string(selected_cancelled_) + " (cancelled)",
            number >= 0 ? palette::impact : palette::highlight);
    }
    for (std::size_t i = 0; i < timeline_.log().paths.size(); ++i) {
        const int body = static_cast<int>(i);
        const bool selected = lit.has_body(body);
        if (!layers_.labels && !selected) continue;
        const auto& points = timeline_.log().paths[i].points;
        if (points.empty() || timeline_.t() > points.back().time + 1e-12) continue; // removed
        double clearance = std::min(radii_[i] * camera.pixels_per_unit, 60.0);
        for (const Vec2 v : outlines_[i])
            clearance =
                std::max(clearance, std::min(ccd::length(v) * camera.pixels_per_unit * 0.5, 60.0));
        add(position_at(body, timeline_.t()), clearance, selected ? 90 : 50, world().body_names[i],
            selected ? palette::highlight : body_color(body));
    }
    for (std::size_t w = 0; w < timeline_.log().wall_paths.size(); ++w) {
        const bool selected = lit.has_wall(static_cast<int>(w));
        if ((!layers_.labels && !selected) || timeline_.log().wall_paths[w].points.empty())
            continue;
        // A chain's edge is named when selected ("floor edge 3"); else the chain on its first.
        if (!selected && w < wall_labels_.size() && wall_labels_[w].empty()) continue;
        const ccd::Segment at = ccd::segment_at(timeline_.log().wall_paths[w], timeline_.t());
        add((at.a + at.b) * 0.5, 2.0, selected ? 90 : 40,
            selected || w >= wall_labels_.size() ? world().wall_names[w] : wall_labels_[w],
            selected ? palette::highlight : palette::wall.with_alpha(0.8f));
        // Crowded at its middle, the name may go to a quarter of the way from either end.
        requests.back().other_anchors = {camera.to_screen(at.a * 0.75 + at.b * 0.25),
                                         camera.to_screen(at.a * 0.25 + at.b * 0.75)};
    }
    if (layers_.event_numbers && timeline_.log().events.size() <= kMostPredictionsDrawn)
        for (const EventGroup& group : events_at_one_point(camera)) {
            std::string text;
            const auto& numbers = group.sequences;
            if (numbers.size() <= 3) {
                for (const int n : numbers)
                    text += (text.empty() ? "" : ", ") + std::to_string(n);
            } else {
                text = std::to_string(numbers[0]) + ", " + std::to_string(numbers[1]) + " ... " +
                       std::to_string(numbers.back()) + " (" + std::to_string(numbers.size()) + ")";
            }
            add(group.point, 4.0, 30, text, palette::impact);
        }

    const std::vector<PlacedLabel> placed = place_labels(requests, label_area(camera));
    ImDrawList* list = canvas_.begin_labels();
    shown_labels_.clear();
    for (std::size_t i = 0; i < placed.size(); ++i) {
        if (!placed[i].shown) continue;
        const Vec2 at = placed[i].top_left;
        list->AddText(ImVec2(static_cast<float>(at.x), static_cast<float>(at.y)),
                      to_imgui(colors[i]), texts[i].c_str());
        shown_labels_.push_back({texts[i], at, requests[i].size});
    }
    canvas_.end_labels();
}

void WorldView::draw_panel() {
    canvas_.begin_panel("World", editor_.scene());
    if (refusal_) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
        ImGui::TextWrapped("Not run: %s", refusal_->c_str());
        ImGui::PopStyleColor();
        ImGui::Separator();
    }
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    tunnel_tooltip_on_canvas();
#endif
    draw_frame_controls();
    draw_cuts();
    draw_recording_section();
    draw_compare_section();
    draw_show_section();
    draw_event_table();
    draw_discrete_panel();
    draw_selected_body();
    const auto selected = editor_.selected();
    const int picked = editor_.picked_point();
    if (editor_.draw_panel(canvas_.camera())) rebuild();
    if (editor_.selected() != selected || editor_.picked_point() != picked) canvas_.mark_changed();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "Dashed lines are each body's path through the frame, dots its bounce "
        "points (a turning polygon's outline faint at each), numbers the events in processing "
        "order. Pick an event (a row of the table, "
        "its number on the canvas, or , and .) to jump there: its two bodies are ringed in "
        "white, its contact point and normal drawn. Dashed circles are predictions: where a "
        "body expects to touch next (its colour), the contacts the selected event cancelled "
        "(grey), or the cancelled prediction picked in the table (white). Show switches "
        "layers off and on. Compared with an engine's world (Compare two runs), its bodies are "
        "orange dashed ghosts at the frame's start and its tunnels red. The timeline under the "
        "canvas is the run, recorded as it goes: "
        "drag its playhead to any frame and t, wheel to zoom it; Space plays and pauses, "
        "Shift+Space plays backward, Left and Right step a frame, R restarts, , and . step "
        "events across frames. The yellow handles are "
        "the scene at t = 0: drag them (Shift snaps; a corner moves as one, Alt "
        "pulls it apart; a turning polygon's arc ends in its spin: drag it round the body to "
        "set its turn over a frame; a turning wall's round its pivot, itself a handle; a click "
        "on a wall's line selects it; a chain's points are handles too, and a click on its line "
        "selects it: the panel edits its points, inserts one after the picked point, deletes "
        "it, closes or opens it and flips the side it collides on); C, P, S, B add a circle, a "
        "point, a segment, a box at the cursor; Delete removes the selected one; Ctrl+Z "
        "undoes. Drag the empty canvas or right-drag to pan, wheel to zoom.");
    ImGui::PopStyleColor();
    ImGui::End();
    draw_timeline_strip();
}

std::optional<WorldView::BodyAtT> WorldView::selected_body_at_t() const {
    const auto selected = editor_.selected();
    if (!selected || refusal_) return std::nullopt;
    const std::optional<int> index = world_body_index(editor_.scene(), *selected);
    if (!index || *index < 0 || static_cast<std::size_t>(*index) >= timeline_.log().paths.size())
        return std::nullopt;
    const ccd::BodyPath& path = timeline_.log().paths[static_cast<std::size_t>(*index)];
    if (path.points.empty()) return std::nullopt; // removed in an earlier frame
    return BodyAtT{*index, ccd::pose_at(path, timeline_.t()), ccd::rates_at(path, timeline_.t()),
                   turns(*index)};
}

// The selected body at the scrubbed t: where it is and how it moves there (at an event, after
// it), and a turning polygon's angle and angular velocity, from the frame's logged path.
void WorldView::draw_selected_body() {
    const std::optional<BodyAtT> body = selected_body_at_t();
    if (!body) return;
    if (!ImGui::CollapsingHeader("Selected body at t", ImGuiTreeNodeFlags_DefaultOpen)) return;
    // Wrapped between words: a narrow panel shows every line whole.
    text_flow(world().body_names[static_cast<std::size_t>(body->index)] + ", frame " +
              std::to_string(log().frame) + ", t = " + fixed_text(timeline_.t(), 6));
    text_vec2("position", body->pose.position);
    text_vec2("velocity", body->rates.velocity);
    draw_rates_per_second(body->rates.velocity);
    if (!body->turns) return;
    const auto number = [](const char* label, double value, const char* unit) {
        ImGui::BeginGroup();
        text_flow(std::string(label) + " " + number_text(value, 9) + " " + unit);
        ImGui::EndGroup();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s %s", number_text(value, 17).c_str(), unit);
    };
    number("turned", body->pose.angle, "rad since frame 0 began");
    number("spin", body->rates.angular_velocity, "rad/frame");
}

// With the scene's units (docs/scene-format.md, "Units"): the lengths' unit, and with a time
// step the velocity per second beside the per-frame one above.
void WorldView::draw_rates_per_second(Vec2 velocity_per_frame) const {
    const ccd::Scene& scene = editor_.scene();
    if (!scene.units) return;
    const std::string unit(ccd::symbol(scene.units->length));
    const auto dt = scene.dt();
    if (!dt) {
        ImGui::TextDisabled("velocity above in %s a frame", unit.c_str());
        return;
    }
    const Vec2 per_second = velocity_per_frame * (1.0 / *dt);
    text_vec2("velocity/s", per_second);
    ImGui::TextDisabled("%s a second (dt = %s s); above: %s a frame", unit.c_str(),
                        number_text(*dt, 9).c_str(), unit.c_str());
    if (scene.units->pixels_per_metre)
        ImGui::TextDisabled(
            "%s m/s at %s px/m",
            number_text(length(per_second) / *scene.units->pixels_per_metre, 6).c_str(),
            number_text(*scene.units->pixels_per_metre, 6).c_str());
}

// The layers, a checkbox each (show_checkboxes.hpp).
void WorldView::draw_show_section() {
    // Where the checkboxes are is reported: moved (the panel's scrollbar came or went, a
    // section above grew), the report is written again.
    const std::map<std::string, Vec2> before = std::move(show_checkboxes_);
    show_checkboxes_.clear();
    const bool open = ImGui::CollapsingHeader("Show", ImGuiTreeNodeFlags_DefaultOpen);
    ShowLayers layers = layers_;
    if (open)
        draw_show_checkboxes(
            layers, [](const LayerField& field) { return field.world; }, show_checkboxes_);
    if (show_checkboxes_ != before) canvas_.mark_changed();
    if (!open) return;
    if (dense_) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("(more than %zu bodies: a dense scene's layers are saved apart)",
                            kDenseBodies);
        ImGui::PopTextWrapPos();
    }
    set_layers(layers);
}

// The frame shown and its counts (the timeline strip under the canvas travels).
void WorldView::draw_frame_controls() {
    ImGui::TextWrapped("Frame %d: %zu event%s, %zu cancelled prediction%s", log().frame,
                       log().events.size(), log().events.size() == 1 ? "" : "s",
                       log().cancelled.size(), log().cancelled.size() == 1 ? "" : "s");
}

// What cut in this frame, wrapped at the panel's edge.
void WorldView::draw_cuts() const {
    ImGui::PushTextWrapPos(0.0f);
    if (const auto& cut = timeline_.log().budget_cut;
        cut && cut->kind == ccd::BudgetKind::Undecided)
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f),
                           "a query stopped undecided at its step limit: frame cut at t = %.6g",
                           cut->time);
    else if (cut)
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s budget ran out at t = %.6g",
                           ccd::to_string(cut->kind), cut->time);
    for (const ccd::ChatterCut& cut : timeline_.log().chatter_cuts)
        ImGui::TextColored(
            ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "body %s frozen (chattering) at t = %.6g, event %d",
            world().body_names[static_cast<std::size_t>(cut.body)].c_str(), cut.time, cut.sequence);
    for (const ccd::Crush& crush : timeline_.log().crushes)
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "body %s crushed at t = %.6g, event %d",
                           world().body_names[static_cast<std::size_t>(crush.body)].c_str(),
                           crush.time, crush.sequence);
    for (const ccd::OutOfRange& out : timeline_.log().out_of_range)
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f),
                           "body %s taken out at the frame's end: at (%.3g, %.3g), moving (%.3g, "
                           "%.3g), beyond the World's range (1e60)",
                           world().body_names[static_cast<std::size_t>(out.body)].c_str(),
                           out.center.x, out.center.y, out.velocity.x, out.velocity.y);
    ImGui::PopTextWrapPos();
}

} // namespace ccdlab
