#pragma once
// SceneEditor: editing a whole scene in the world view. Drags the handles (a body's center and
// arrow tip at t = 0, a segment's ends, a polygon's vertex centroid and arrow tip, a turning
// polygon's or turning segment's spin: the end of an arc whose sweep is its turn over one frame;
// a turning segment's pivot; a chain's points; a click on a segment's or a chain's line selects
// it), edits the selected chain in the panel (its points, insert after the picked point, delete
// it, closed or open, the side it collides on: chain_edits.hpp), adds a
// circle, a point, a segment or a box at the cursor (C, P, S, B or the panel's buttons), deletes
// the selected item (Delete), and undoes and redoes
// every edit (Ctrl+Z / Ctrl+Y; a whole drag is one step). Input through ImGui's IO; the view
// rebuilds its world from scene() when an edit reports a change.

#include "camera.hpp"
#include "scene_edits.hpp"
#include "undo_history.hpp"

#include "ccd/scene.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ccdlab {

class ShapeRenderer;

class SceneEditor {
public:
    explicit SceneEditor(ccd::Scene scene);

    const ccd::Scene& scene() const { return scene_; }
    // Mouse and keys of this frame over the canvas; true when the scene changed.
    bool handle_input(const Camera& camera);
    // True while a handle is held: the left button then does not pan.
    bool dragging() const { return dragged_.has_value(); }
    bool pointer_on_handle() const { return hovered_.has_value() || dragged_.has_value(); }
    // The bodies as they are at t = 0 (faint) and every handle; the selected, hovered or
    // dragged item's brighter, with its motion arrow and the arrow's tip (no tip without its
    // arrow). Without `all_handles`, that item's alone. A body's handles shrink to half its
    // radius on screen (`pixels_per_unit`).
    void draw(ShapeRenderer& renderer, bool all_handles, double pixels_per_unit) const;
    // The Edit section of the side panel: add, delete, the selected item's numbers; true when
    // the scene changed.
    bool draw_panel(const Camera& camera);

    bool can_undo() const { return history_.can_undo(); }
    bool can_redo() const { return history_.can_redo(); }
    // Both return true when the scene changed.
    bool undo();
    bool redo();
    std::optional<SceneItem> selected() const { return selected_; }
    void select(std::optional<SceneItem> item) {
        selected_ = item;
        picked_point_ = -1;
    }
    // The selected chain's picked point (a click on its handle or its row in the panel), which
    // the panel inserts after and deletes; -1: none.
    int picked_point() const { return picked_point_; }
    // Each adds at `at` (world), sized for what the camera shows, selects it and is one undo step.
    void add_circle_at(Vec2 at, const Camera& camera);
    void add_point_at(Vec2 at, const Camera& camera);
    void add_segment_at(Vec2 at, const Camera& camera);
    void add_box_at(Vec2 at, const Camera& camera);
    // Returns true when something was deleted.
    bool delete_selected();
    // The selected polygon's spin fields drawn last frame ("turns", "angular velocity",
    // "angle"): a point in each, window pixels (for --report).
    const std::map<std::string, Vec2>& fields_on_screen() const { return fields_px_; }

private:
    // Takes an undone or redone state (none: nothing to do) and forgets what pointed into the
    // one before.
    bool restore(const std::optional<ccd::Scene>& state);
    void settle(); // a finished edit (a drag, a field) becomes one undo step
    void commit(); // an edit made at once (add, delete) becomes one undo step
    // The Edit section's parts, top to bottom.
    bool draw_edit_buttons(const Camera& camera);
    void list_items();
    bool edit_selected();
    bool edit_spin(ccd::PolygonBody& polygon);
    bool edit_wall_turn(ccd::Wall& wall);
    // The selected chain's section (its closed box, flip, points, insert, delete); true when the
    // scene changed. A button's edit is one undo step at once (chain_edit_done).
    bool edit_chain(ccd::Chain& chain);
    bool edit_chain_points(ccd::Chain& chain);
    void chain_edit_done(const std::string& name, bool renumbered);
    void draw_segments(ShapeRenderer& renderer) const;
    void draw_chains(ShapeRenderer& renderer, double pixels_per_unit) const;
    bool is_picked(SceneHandle handle) const; // the selected chain's picked point
    void note_field(const std::string& key);

    ccd::Scene scene_;
    ccd::Scene settled_; // the scene when no edit was under way
    UndoHistory<ccd::Scene> history_;
    std::optional<SceneHandle> hovered_, dragged_;
    std::vector<SceneHandle> joined_; // segment ends dragged along with dragged_ (a corner)
    std::optional<SceneItem> selected_;
    int picked_point_ = -1; // of the selected chain
    Vec2 grab_offset_;
    bool field_edit_ = false; // a panel field is being edited
    std::string note_;        // shown in the panel: what the last edit did besides itself
    std::map<std::string, Vec2> fields_px_;
};

} // namespace ccdlab
