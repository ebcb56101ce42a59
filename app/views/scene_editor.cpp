#include "scene_editor.hpp"
#include "chain_edits.hpp"
#include "number_fields.hpp"

#include "canvas_controls.hpp"
#include "color.hpp"
#include "shape_renderer.hpp"

#include "ccd/shapes.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace ccdlab {
namespace {

constexpr double kPickRadiusPx = 12.0;

// A body's or a polygon's response, and its restitution when it bounces; true when edited.
bool edit_response(ccd::ResponseKind& response, double& restitution) {
    bool edited = false;
    int choice = static_cast<int>(response); // in ResponseKind's order (no callback in a scene)
    if (ImGui::Combo("response", &choice, "bounce\0slide\0stop\0destroy\0sensor\0")) {
        response = static_cast<ccd::ResponseKind>(choice);
        edited = true;
    }
    if (response == ccd::ResponseKind::Bounce) {
        const double none = 0.0, full = 1.0;
        edited |= ImGui::SliderScalar("restitution", ImGuiDataType_Double, &restitution, &none,
                                      &full, "%.3f");
    }
    return edited;
}

// A turning polygon's spin arc (scene_edits.hpp): a faint circle through the arc's start, the
// arc itself from a tick at its start to an arrowhead at its end (the handle), one piece per
// 1/32 turn; a sweep of more than a turn winds on, drawn once round.
void draw_spin_arc(ShapeRenderer& r, const SpinArc& arc) {
    r.circle_outline(arc.center, arc.radius, 1.0f, palette::handle.with_alpha(0.25f), 3.0f);
    const Vec2 start{std::cos(arc.start), std::sin(arc.start)};
    r.line(arc.center + start * (arc.radius * 0.9), arc.center + start * (arc.radius * 1.1), 1.5f,
           palette::handle);
    const double shown = std::clamp(arc.sweep, -2.0 * std::numbers::pi, 2.0 * std::numbers::pi);
    const int pieces =
        std::max(1, static_cast<int>(std::ceil(std::abs(shown) * 16.0 / std::numbers::pi)));
    const auto at = [&](int k) {
        const double angle = arc.start + shown * k / pieces;
        return arc.center + Vec2{std::cos(angle), std::sin(angle)} * arc.radius;
    };
    for (int k = 1; k < pieces; ++k)
        r.line(at(k - 1), at(k), 1.5f, palette::handle);
    if (shown != 0.0) r.arrow(at(pieces - 1), at(pieces), 1.5f, palette::handle);
}

// What the spin handle under the mouse does, and the angular velocity it sets.
void spin_tooltip(const ccd::PolygonBody& polygon) {
    const double spin = polygon.angular_velocity.value_or(0.0);
    ImGui::SetTooltip("angular velocity %.4f rad a frame (%.1f degrees)\n"
                      "Drag round the body: the arc from the tick to this handle is how far it "
                      "turns over one frame,\ncounter-clockwise one way, clockwise the other "
                      "(round again: another whole turn). Ctrl+Z undoes.",
                      spin + 0.0, spin * 180.0 / std::numbers::pi + 0.0);
}

// What a turning segment's spin handle does, and its turn over a frame.
void wall_spin_tooltip(const ccd::Wall& wall) {
    ImGui::SetTooltip("%s: %s\nDrag round the pivot: the arc from the tick to this handle is how "
                      "far it turns over one frame,\ncounter-clockwise one way, clockwise the "
                      "other (round again: another whole turn). Ctrl+Z undoes.",
                      wall.name.c_str(), turning_text(wall).c_str());
}

// A turning segment's lever from its pivot (whose handle marks it) from it to each end, faint.
void draw_pivot(ShapeRenderer& r, const ccd::Wall& wall) {
    const Vec2 pivot = wall.pivot.value_or(wall.segment.a);
    r.line(pivot, wall.segment.a, 1.0f, palette::handle.with_alpha(0.35f), 4.0f);
    r.line(pivot, wall.segment.b, 1.0f, palette::handle.with_alpha(0.35f), 4.0f);
}

// Every chain's points, chain by chain.
std::vector<SceneHandle> chain_point_handles(const ccd::Scene& scene) {
    std::vector<SceneHandle> handles;
    for (int i = 0; i < static_cast<int>(scene.chains.size()); ++i)
        for (int k = 0;
             k < static_cast<int>(scene.chains[static_cast<std::size_t>(i)].points.size()); ++k)
            handles.push_back({{SceneItem::Kind::Chain, i}, SceneHandle::Part::Vertex, k});
    return handles;
}

// Where an item added now goes: under the mouse on the canvas, else the middle of the canvas.
Vec2 insertion_point(const Camera& camera) {
    const ImGuiIO& io = ImGui::GetIO();
    if (pointer_on_canvas(camera)) return camera.to_world({io.MousePos.x, io.MousePos.y});
    return camera.center;
}

} // namespace

SceneEditor::SceneEditor(ccd::Scene scene) : scene_(std::move(scene)), settled_(scene_) {}

void SceneEditor::settle() {
    if (dragged_ || ImGui::IsAnyItemActive()) return; // still editing
    if (!field_edit_) return;
    field_edit_ = false;
    history_.record(settled_);
    settled_ = scene_;
}

void SceneEditor::commit() {
    history_.record(settled_);
    settled_ = scene_;
    field_edit_ = false;
}

bool SceneEditor::undo() {
    return restore(history_.undo(scene_));
}

bool SceneEditor::redo() {
    return restore(history_.redo(scene_));
}

bool SceneEditor::restore(const std::optional<ccd::Scene>& state) {
    if (!state) return false;
    scene_ = *state;
    settled_ = scene_;
    if (selected_ && !contains(scene_, *selected_)) selected_.reset();
    if (!selected_ || selected_->kind != SceneItem::Kind::Chain ||
        picked_point_ >=
            static_cast<int>(
                scene_.chains[static_cast<std::size_t>(selected_->index)].points.size()))
        picked_point_ = -1;
    dragged_.reset();
    hovered_.reset();
    note_.clear();
    return true;
}

void SceneEditor::add_circle_at(Vec2 at, const Camera& camera) {
    const double step = camera.grid_spacing();
    selected_ = add_circle(scene_, at, 0.5 * step, {0.0, -2.0 * step});
    note_.clear();
    commit();
}

void SceneEditor::add_point_at(Vec2 at, const Camera& camera) {
    const double step = camera.grid_spacing();
    selected_ = add_point(scene_, at, {0.0, -2.0 * step});
    note_.clear();
    commit();
}

void SceneEditor::add_segment_at(Vec2 at, const Camera& camera) {
    const double half = 2.0 * camera.grid_spacing();
    selected_ = add_segment(scene_, at - Vec2{half, 0.0}, at + Vec2{half, 0.0});
    note_.clear();
    commit();
}

void SceneEditor::add_box_at(Vec2 at, const Camera& camera) {
    const double step = camera.grid_spacing();
    selected_ = add_box(scene_, at, 0.5 * step, {0.0, -2.0 * step});
    note_.clear();
    commit();
}

bool SceneEditor::delete_selected() {
    if (!selected_ || !contains(scene_, *selected_) || dragged_) return false;
    const std::string name = name_of(scene_, *selected_);
    const bool dropped_expect = remove_item(scene_, *selected_);
    note_ = dropped_expect ? "The expect section named " + name +
                                 " and was dropped with it (Ctrl+Z brings both back)."
                           : "";
    selected_.reset();
    hovered_.reset();
    commit();
    return true;
}

bool SceneEditor::handle_input(const Camera& camera) {
    const ImGuiIO& io = ImGui::GetIO();
    const Vec2 mouse{io.MousePos.x, io.MousePos.y};
    bool changed = false;

    if (dragged_) {
        if (io.MouseDown[ImGuiMouseButton_Left]) {
            Vec2 target = camera.to_world(mouse) + grab_offset_;
            if (io.KeyShift) target = camera.snap_to_grid(target); // Shift: snap to the grid
            if (target != handle_position(scene_, *dragged_)) {
                move_handle(scene_, *dragged_, target);
                for (const SceneHandle& end : joined_) // a corner moves as one
                    move_handle(scene_, end, target);
                field_edit_ = true;
                changed = true;
            }
        } else {
            dragged_.reset();
        }
    } else {
        hovered_ = pointer_on_canvas(camera) ? pick_handle(scene_, mouse, camera, kPickRadiusPx)
                                             : std::nullopt;
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && pointer_on_canvas(camera)) {
            if (hovered_) {
                dragged_ = hovered_;
                selected_ = hovered_->item;
                picked_point_ = hovered_->part == SceneHandle::Part::Vertex ? hovered_->point : -1;
                // Segment ends meeting here move along, unless Alt pulls this one apart.
                joined_ = io.KeyAlt ? std::vector<SceneHandle>{} : joined_ends(scene_, *hovered_);
                grab_offset_ = handle_position(scene_, *dragged_) - camera.to_world(mouse);
            } else { // a click on a segment's or chain's line selects it, on the empty canvas none
                selected_ = pick_segment(scene_, mouse, camera, 0.5 * kPickRadiusPx);
                if (!selected_) selected_ = pick_chain(scene_, mouse, camera, 0.5 * kPickRadiusPx);
                picked_point_ = -1;
            }
        }
    }
    if (hovered_ || dragged_) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    if (const auto held = dragged_ ? dragged_ : hovered_;
        held && held->part == SceneHandle::Part::Spin && contains(scene_, held->item)) {
        const auto i = static_cast<std::size_t>(held->item.index);
        if (held->item.kind == SceneItem::Kind::Segment)
            wall_spin_tooltip(scene_.walls[i]);
        else
            spin_tooltip(scene_.polygons[i]);
    }

    if (!io.WantCaptureKeyboard && !dragged_) {
        if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Z)) changed |= io.KeyShift ? redo() : undo();
        if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Y)) changed |= redo();
        if (!io.KeyCtrl && !io.KeyAlt) {
            const auto add = [&](int key, void (SceneEditor::*adder)(Vec2, const Camera&)) {
                if (!ImGui::IsKeyPressed(key, false)) return;
                (this->*adder)(insertion_point(camera), camera);
                changed = true;
            };
            add(GLFW_KEY_C, &SceneEditor::add_circle_at);
            add(GLFW_KEY_P, &SceneEditor::add_point_at);
            add(GLFW_KEY_S, &SceneEditor::add_segment_at);
            add(GLFW_KEY_B, &SceneEditor::add_box_at);
            if (ImGui::IsKeyPressed(GLFW_KEY_DELETE, false) ||
                ImGui::IsKeyPressed(GLFW_KEY_BACKSPACE, false))
                changed |= delete_selected();
        }
    }
    settle();
    return changed;
}

// The selected segment under a wide faint line; a turning one's pivot, levers and spin arc when
// it is selected, hovered or dragged.
void SceneEditor::draw_segments(ShapeRenderer& r) const {
    for (int i = 0; i < static_cast<int>(scene_.walls.size()); ++i) {
        const ccd::Wall& wall = scene_.walls[static_cast<std::size_t>(i)];
        const SceneItem item{SceneItem::Kind::Segment, i};
        const bool selected = selected_ && *selected_ == item;
        if (selected)
            r.line(wall.segment.a, wall.segment.b, 7.0f, palette::handle.with_alpha(0.35f));
        const bool active = selected || (hovered_ && hovered_->item == item) ||
                            (dragged_ && dragged_->item == item);
        if (wall.pivot && active) { // at t = 0, as a turning polygon's
            draw_pivot(r, wall);
            draw_spin_arc(r, spin_arc(wall));
        }
    }
}

// The selected chain under a wide faint line, edge by edge (a loop's closing edge too), its
// picked point ringed.
void SceneEditor::draw_chains(ShapeRenderer& r, double pixels_per_unit) const {
    if (!selected_ || selected_->kind != SceneItem::Kind::Chain || !contains(scene_, *selected_))
        return;
    const std::vector<Vec2>& points =
        scene_.chains[static_cast<std::size_t>(selected_->index)].points;
    const std::size_t n = points.size();
    const bool loop = scene_.chains[static_cast<std::size_t>(selected_->index)].loop;
    for (std::size_t k = 0; k + 1 < n || (loop && k < n); ++k)
        r.line(points[k], points[(k + 1) % n], 7.0f, palette::handle.with_alpha(0.35f));
    if (picked_point_ >= 0 && static_cast<std::size_t>(picked_point_) < n)
        r.circle_outline(points[static_cast<std::size_t>(picked_point_)], 13.0 / pixels_per_unit,
                         1.5f, palette::handle);
}

bool SceneEditor::is_picked(SceneHandle handle) const {
    return handle.part == SceneHandle::Part::Vertex && selected_ && handle.item == *selected_ &&
           handle.point == picked_point_;
}

void SceneEditor::draw(ShapeRenderer& r, bool all_handles, double pixels_per_unit) const {
    const auto is_selected = [&](SceneItem item) { return selected_ && *selected_ == item; };
    const auto is_active = [&](SceneItem item) {
        return is_selected(item) || (hovered_ && hovered_->item == item) ||
               (dragged_ && dragged_->item == item);
    };
    // Shown: every item with all handles, else the one selected, hovered or dragged; the motion
    // arrow and its tip only on that one.
    const auto shown = [&](SceneItem item) { return all_handles || is_active(item); };
    // A handle no bigger than half its body on screen (down to 2 px), so that small bodies
    // close together stay visible under theirs.
    const auto handle_size = [&](double radius, float size) {
        if (radius <= 0.0) return size;
        return std::clamp(static_cast<float>(0.5 * radius * pixels_per_unit), 2.0f, size);
    };
    for (int i = 0; i < static_cast<int>(scene_.bodies.size()); ++i) {
        const ccd::Body& body = scene_.bodies[static_cast<std::size_t>(i)];
        const SceneItem item{SceneItem::Kind::Body, i};
        if (!shown(item)) continue;
        const bool selected = is_selected(item);
        const Color color = selected ? palette::handle : palette::handle.with_alpha(0.4f);
        if (body.circle.radius > 0.0)
            r.circle_outline(body.circle.center, body.circle.radius, selected ? 2.0f : 1.0f, color,
                             4.0f);
        if (is_active(item) && !body.is_static) // the motion arrow, whose tip is a handle
            r.arrow(body.circle.center, body.circle.center + body.velocity, 1.5f, palette::handle);
    }
    draw_segments(r);
    draw_chains(r, pixels_per_unit);
    for (int i = 0; i < static_cast<int>(scene_.polygons.size()); ++i) {
        const ccd::PolygonBody& polygon = scene_.polygons[static_cast<std::size_t>(i)];
        const SceneItem item{SceneItem::Kind::Polygon, i};
        if (!shown(item)) continue;
        const bool selected = is_selected(item);
        const Color color = selected ? palette::handle : palette::handle.with_alpha(0.4f);
        const ccd::Polygon at_start = polygon.at_start(); // turned by its angle
        r.polygon_outline(at_start.vertices, selected ? 2.0f : 1.0f, color, 4.0f);
        const Vec2 centroid = ccd::vertex_centroid(at_start);
        if (!is_active(item) || polygon.is_static) continue; // a static one has no motion
        r.arrow(centroid, centroid + polygon.velocity, 1.5f, palette::handle);
        if (polygon.free_rotation()) draw_spin_arc(r, spin_arc(polygon));
    }
    const auto draw_handle = [&](SceneHandle handle, double radius) {
        if (!shown(handle.item)) return;
        // An arrow's tip (or the spin arc's end) only with its arrow: on the item selected,
        // hovered or dragged.
        if ((handle.part == SceneHandle::Part::Tip || handle.part == SceneHandle::Part::Spin) &&
            !is_active(handle.item))
            return;
        const bool active = handle == hovered_ || handle == dragged_ || is_picked(handle);
        const bool selected = is_selected(handle.item);
        r.point(handle_position(scene_, handle),
                active ? 8.0f : handle_size(radius, selected ? 6.0f : 4.5f),
                selected || active ? palette::handle : palette::handle.with_alpha(0.8f));
    };
    for (int i = 0; i < static_cast<int>(scene_.bodies.size()); ++i) {
        const double radius = scene_.bodies[static_cast<std::size_t>(i)].circle.radius;
        draw_handle({{SceneItem::Kind::Body, i}, SceneHandle::Part::Center}, radius);
        if (!scene_.bodies[static_cast<std::size_t>(i)].is_static)
            draw_handle({{SceneItem::Kind::Body, i}, SceneHandle::Part::Tip}, radius);
    }
    for (int i = 0; i < static_cast<int>(scene_.walls.size()); ++i) {
        draw_handle({{SceneItem::Kind::Segment, i}, SceneHandle::Part::EndA}, 0.0);
        draw_handle({{SceneItem::Kind::Segment, i}, SceneHandle::Part::EndB}, 0.0);
        if (scene_.walls[static_cast<std::size_t>(i)].pivot) {
            draw_handle({{SceneItem::Kind::Segment, i}, SceneHandle::Part::Pivot}, 0.0);
            draw_handle({{SceneItem::Kind::Segment, i}, SceneHandle::Part::Spin}, 0.0);
        }
    }
    for (int i = 0; i < static_cast<int>(scene_.polygons.size()); ++i) {
        draw_handle({{SceneItem::Kind::Polygon, i}, SceneHandle::Part::Center}, 0.0);
        if (!scene_.polygons[static_cast<std::size_t>(i)].is_static)
            draw_handle({{SceneItem::Kind::Polygon, i}, SceneHandle::Part::Tip}, 0.0);
        if (scene_.polygons[static_cast<std::size_t>(i)].free_rotation())
            draw_handle({{SceneItem::Kind::Polygon, i}, SceneHandle::Part::Spin}, 0.0);
    }
    for (const SceneHandle& point : chain_point_handles(scene_))
        draw_handle(point, 0.0);
}

bool SceneEditor::draw_panel(const Camera& camera) {
    fields_px_.clear();
    if (!ImGui::CollapsingHeader("Edit", ImGuiTreeNodeFlags_DefaultOpen)) return false;
    bool changed = draw_edit_buttons(camera);
    if (!note_.empty()) ImGui::TextWrapped("%s", note_.c_str());
    list_items();
    if (selected_ && contains(scene_, *selected_)) {
        if (selected_->kind == SceneItem::Kind::Chain) {
            changed |= edit_chain(scene_.chains[static_cast<std::size_t>(selected_->index)]);
        } else if (edit_selected()) {
            field_edit_ = true;
            changed = true;
        }
    }
    settle();
    return changed;
}

namespace {

// A button beside the last one when it fits in the panel's width, else on the next line.
bool flowing_button(const char* label) {
    const float width = ImGui::CalcTextSize(label, nullptr, true).x +
                        2.0f * ImGui::GetStyle().FramePadding.x + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
    return ImGui::Button(label);
}

} // namespace

// A row of adds (at the middle of the canvas), then delete, undo and redo, each row wrapped to
// the panel's width; true when the scene changed.
bool SceneEditor::draw_edit_buttons(const Camera& camera) {
    bool changed = false;
    if (ImGui::Button("+ circle (C)")) {
        add_circle_at(camera.center, camera);
        changed = true;
    }
    if (flowing_button("+ point (P)")) {
        add_point_at(camera.center, camera);
        changed = true;
    }
    if (flowing_button("+ segment (S)")) {
        add_segment_at(camera.center, camera);
        changed = true;
    }
    if (flowing_button("+ box (B)")) {
        add_box_at(camera.center, camera);
        changed = true;
    }
    ImGui::BeginDisabled(!selected_); // (a row of its own: the adds fill the first)
    if (ImGui::Button("delete (Del)")) changed |= delete_selected();
    ImGui::EndDisabled();
    ImGui::BeginDisabled(!can_undo());
    if (flowing_button("undo (Ctrl+Z)")) changed |= undo();
    ImGui::EndDisabled();
    ImGui::BeginDisabled(!can_redo());
    if (flowing_button("redo (Ctrl+Y)")) changed |= redo();
    ImGui::EndDisabled();
    return changed;
}

// Every body, segment and polygon; a click selects it.
void SceneEditor::list_items() {
    if (!ImGui::BeginListBox("##items", ImVec2(-1, 90))) return;
    const auto row = [&](SceneItem item, const std::string& label) {
        if (ImGui::Selectable((label + "##" + std::to_string(static_cast<int>(item.kind)) + "-" +
                               std::to_string(item.index))
                                  .c_str(),
                              selected_ && *selected_ == item) &&
            selected_ != item)
            select(item);
    };
    // Only the rows in view are built (a stress scene has tens of thousands).
    const int bodies = static_cast<int>(scene_.bodies.size());
    const int segments = static_cast<int>(scene_.walls.size());
    const int polygons = static_cast<int>(scene_.polygons.size());
    ImGuiListClipper clipper;
    clipper.Begin(bodies + segments + polygons + static_cast<int>(scene_.chains.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            if (i < bodies) {
                const ccd::Body& body = scene_.bodies[static_cast<std::size_t>(i)];
                row({SceneItem::Kind::Body, i},
                    body.name + (body.shape == ccd::BodyShape::Point ? "  (point)" : "  (circle)"));
            } else if (i < bodies + segments) {
                const ccd::Wall& wall = scene_.walls[static_cast<std::size_t>(i - bodies)];
                row({SceneItem::Kind::Segment, i - bodies},
                    wall.name + (wall.turns() ? "  (segment, turns)" : "  (segment)"));
                if (wall.pivot && ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s %s", wall.name.c_str(), turning_text(wall).c_str());
            } else if (i < bodies + segments + polygons) {
                const int j = i - bodies - segments;
                row({SceneItem::Kind::Polygon, j},
                    scene_.polygons[static_cast<std::size_t>(j)].name + "  (polygon)");
            } else {
                const int j = i - bodies - segments - polygons;
                const ccd::Chain& chain = scene_.chains[static_cast<std::size_t>(j)];
                row({SceneItem::Kind::Chain, j},
                    chain.name + (chain.loop ? "  (chain, closed)" : "  (chain)"));
            }
        }
    }
    ImGui::EndListBox();
}

// Where a panel field is this frame, for --report: a point inside its box, left of the middle
// (a field's item also spans its label).
void SceneEditor::note_field(const std::string& key) {
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    fields_px_[key] = {lo.x + 12.0, (lo.y + hi.y) * 0.5};
}

// Whether a polygon turns when hit ("turns"), and a turning one's angular velocity and its
// orientation at t = 0; true when edited.
bool SceneEditor::edit_spin(ccd::PolygonBody& polygon) {
    bool edited = false;
    bool turns = polygon.free_rotation();
    if (ImGui::Checkbox("turns", &turns)) {
        polygon.angular_velocity = turns ? std::optional<double>(0.0) : std::nullopt;
        edited = true;
    }
    note_field("turns");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("On: a rigid body that turns about its centroid when hit off its "
                          "center (uniform density), starting with the angular velocity below "
                          "(0: still).\nOff: it never turns, however it is hit (a fixed "
                          "rotation).\nThe World turns convex polygons only.");
    if (!polygon.angular_velocity) return edited;
    edited |= edit_angular_velocity("angular velocity", *polygon.angular_velocity);
    note_field("angular velocity");
    edited |= edit_angle("angle at t = 0", polygon.angle); // about its centroid
    note_field("angle");
    return edited;
}

// Whether a segment turns about a pivot, the pivot and its turn over a frame; true when edited.
bool SceneEditor::edit_wall_turn(ccd::Wall& wall) {
    bool edited = false;
    bool turns = wall.pivot.has_value();
    if (ImGui::Checkbox("turns about a pivot", &turns)) {
        wall.pivot =
            turns ? std::optional<Vec2>((wall.segment.a + wall.segment.b) * 0.5) : std::nullopt;
        if (!turns) wall.angle = 0.0;
        edited = true;
    }
    note_field("wall turns");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("On: the segment turns about its pivot by the angle below every frame, "
                          "a wall of infinite mass (its ends keep no motion of their own).");
    if (!wall.pivot) return edited;
    edited |= edit_vec2("pivot", *wall.pivot);
    note_field("pivot");
    edited |= edit_angular_velocity("turn a frame", wall.angle);
    note_field("turn a frame");
    return edited;
}

// A chain's edit from a button, done at once: one undo step. One that renumbers its edges
// (`renumbered`: a point inserted or deleted, closed or opened, flipped) drops an `expect`
// section naming them, and says so.
void SceneEditor::chain_edit_done(const std::string& name, bool renumbered) {
    note_ = renumbered && forget_expect_of_chain(scene_, name)
                ? "The expect section named an edge of " + name +
                      ", whose edges are numbered anew: it was dropped (Ctrl+Z brings it back)."
                : "";
    commit();
}

bool SceneEditor::edit_chain(ccd::Chain& chain) {
    const std::size_t n = chain.points.size();
    text_flow("chain \"" + chain.name + "\": " + std::to_string(n) + " points, " +
              (chain.loop ? "closed (a loop)" : "open"));
    text_flow("collides on its front, the side of its ticks: " + chain_side_text(chain));
    bool changed = false;
    bool loop = chain.loop;
    ImGui::BeginDisabled(!chain.loop && n < 3); // a loop needs 3 points
    if (ImGui::Checkbox("closed (a loop)", &loop) && set_chain_loop(chain, loop)) {
        chain_edit_done(chain.name, true);
        changed = true;
    }
    ImGui::EndDisabled();
    note_field("chain closed");
    if (flowing_button("flip side")) {
        flip_chain_side(chain);
        if (picked_point_ >= 0) picked_point_ = static_cast<int>(n) - 1 - picked_point_;
        chain_edit_done(chain.name, true);
        changed = true;
    }
    note_field("chain flip");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Reverses the order of its points: it is met from the right of its "
                          "direction of travel,\nso its front turns to the other side.");
    return edit_chain_points(chain) || changed;
}

// The chain's points, each a field with a button that picks it; insert after the picked one
// and delete it (a chain keeps 2 points, a loop 3).
bool SceneEditor::edit_chain_points(ccd::Chain& chain) {
    bool changed = false;
    for (std::size_t k = 0; k < chain.points.size(); ++k) {
        const int point = static_cast<int>(k);
        ImGui::PushID(point);
        if (ImGui::RadioButton("##pick", picked_point_ == point)) picked_point_ = point;
        note_field("chain pick " + std::to_string(k));
        ImGui::SameLine();
        if (edit_vec2(("point " + std::to_string(k)).c_str(), chain.points[k])) {
            field_edit_ = true;
            changed = true;
        }
        note_field("chain point " + std::to_string(k));
        ImGui::PopID();
    }
    const bool picked =
        picked_point_ >= 0 && static_cast<std::size_t>(picked_point_) < chain.points.size();
    ImGui::BeginDisabled(!picked);
    if (ImGui::Button("insert after")) {
        if (const auto inserted = insert_chain_point(chain, picked_point_)) {
            picked_point_ = *inserted;
            chain_edit_done(chain.name, true);
            changed = true;
        }
    }
    ImGui::EndDisabled();
    note_field("chain insert");
    ImGui::BeginDisabled(!picked || chain.points.size() <= fewest_points(chain));
    if (flowing_button("delete point")) {
        if (delete_chain_point(chain, picked_point_)) {
            picked_point_ = std::min(picked_point_, static_cast<int>(chain.points.size()) - 1);
            chain_edit_done(chain.name, true);
            changed = true;
        }
    }
    ImGui::EndDisabled();
    note_field("chain delete");
    if (!picked) ImGui::TextDisabled("pick a point (its handle, or the button by its row)");
    return changed;
}

// The selected item's numbers; true when one was edited.
bool SceneEditor::edit_selected() {
    bool edited = false;
    const auto i = static_cast<std::size_t>(selected_->index);
    switch (selected_->kind) {
    case SceneItem::Kind::Body: {
        ccd::Body& body = scene_.bodies[i];
        edited |= edit_vec2("position", body.circle.center);
        edited |= edit_vec2("velocity", body.velocity);
        if (body.shape == ccd::BodyShape::Circle)
            edited |= edit_length("radius", body.circle.radius);
        edited |= edit_response(body.response, body.restitution);
        break;
    }
    case SceneItem::Kind::Segment: {
        ccd::Wall& wall = scene_.walls[i];
        edited |= edit_vec2("a", wall.segment.a);
        edited |= edit_vec2("b", wall.segment.b);
        edited |= edit_vec2("a moves", wall.displacement_a); // per frame: a kinematic wall
        edited |= edit_vec2("b moves", wall.displacement_b);
        edited |= edit_wall_turn(wall);
        break;
    }
    case SceneItem::Kind::Polygon: {
        ccd::PolygonBody& polygon = scene_.polygons[i];
        edited |= edit_vec2("velocity", polygon.velocity);
        edited |= edit_spin(polygon);
        // A polygon written about its center (a tiny one far from the origin) shows where it is
        // and its vertices about it.
        if (polygon.position != ccd::Vec2{}) edited |= edit_vec2("position", polygon.position);
        if (ImGui::TreeNode("vertices")) {
            for (std::size_t k = 0; k < polygon.polygon.vertices.size(); ++k) {
                ImGui::PushID(static_cast<int>(k));
                edited |= edit_vec2(std::to_string(k).c_str(), polygon.polygon.vertices[k]);
                ImGui::PopID();
            }
            ImGui::TreePop();
        }
        edited |= edit_response(polygon.response, polygon.restitution);
        break;
    }
    case SceneItem::Kind::Chain: // its own section (edit_chain)
        break;
    }
    return edited;
}

} // namespace ccdlab
