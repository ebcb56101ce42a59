#pragma once
// QueryLabView: the query canvas and its panel. Reads mouse input through ImGui, edits the
// QueryLab, draws the lab's geometry and the core's answer (never re-deriving it), for every
// pair the lab takes apart (a pair of the pair registry, query_lab.hpp): circle or point against a
// static or moving segment, circle against circle, circle against polygon, polygon against polygon,
// polygon against a static or moving segment.

#include "camera.hpp"
#include "canvas_view.hpp"
#include "color.hpp"
#include "drawn_extent.hpp"
#include "hunt_panel.hpp"
#include "label_placer.hpp"
#include "query_lab.hpp"
#include "show_layers.hpp"
#include "undo_history.hpp"

#include "ccd/scene.hpp"

#include <map>
#include <string>
#include <vector>

namespace ccdlab {

class ShapeRenderer;

// An upright mark across the separation plot of a turning pair: the hit's t ("impact"), a
// flagged algorithm's t (its name), the scrubbed t ("scrub"); at `x_px` in window pixels.
struct SearchPlotMark {
    std::string name;
    double t = 0.0;
    double x_px = 0.0;
};

// The separation plot as last drawn (nothing when the lab has no certified search).
struct SearchPlotOnScreen {
    Vec2 origin_px, size_px;
    std::vector<SearchPlotMark> marks;
};

class QueryLabView {
public:
    QueryLabView(QueryLab lab, const ccd::Scene& scene);

    // Lays the canvas out in a window of `window_size` (the panel takes the right side).
    void layout(Vec2 window_size, const PanelLayout& layout) {
        canvas_.set_drawn(drawn_extent(lab_)); // Home frames both shapes at t = 0 and t = 1
        canvas_.layout(window_size, layout);
    }
    // The window's layout as the user left it this frame (the panel's edge dragged).
    const PanelLayout& panel_layout() const { return canvas_.panel_layout(); }
    const CanvasView& canvas() const { return canvas_; }
    // Mouse and keys of this frame; returns true when the lab changed.
    bool handle_input();
    void draw_world(ShapeRenderer& renderer) const;
    void draw_labels() const; // text on the canvas (ImGui background draw list)
    // The requested labels placed (none covering a handle or another's anchor) and drawn, each
    // text in its colour, then the banner.
    void place_and_draw_labels(const std::vector<LabelRequest>& requests,
                               const std::vector<std::string>& texts,
                               const std::vector<Color>& colors) const;
    void draw_panel(); // edits made in the panel show up in take_changed()

    const QueryLab& lab() const { return lab_; }
    void set_scrub_t(double t) {
        lab_.scrub_t = t;
        canvas_.mark_changed();
    }
    const Camera& camera() const { return canvas_.camera(); }
    Handle hovered() const { return hovered_; }
    // True once per change of the lab (input or panel edits) since the last call.
    bool take_changed() { return canvas_.take_changed(); }
    bool can_undo() const { return history_.can_undo(); }
    void undo();
    void redo();
    bool help_shown() const { return canvas_.help_shown(); }
    // The line across the canvas's top when the judge flags an algorithm (else empty).
    std::string banner() const;
    const SearchPlotOnScreen& search_plot() const { return search_plot_; }
    // The name of the candidate the equation view shows ("" when the trace has none).
    std::string shown_candidate() const;
    // The scene as it was opened (the lab edits a copy of its first body and segment):
    // app/labmodel/lab_scene.hpp turns the two back into a whole scene.
    const ccd::Scene& source_scene() const { return scene_info_; }
    // Animating: t runs from 0 to 1 and starts over (seed 002's demo), at `speed` frames per
    // second of wall-clock time, while the handles can still be dragged. The app calls
    // advance(seconds) once per drawn frame and keeps drawing while it plays.
    bool playing() const { return playing_; }
    void set_playing(bool playing) {
        playing_ = playing;
        canvas_.mark_changed();
    }
    void advance(double seconds);
    // Moves a handle as a mouse drag does (the frame benchmark drives the lab with it).
    void drag_handle(Handle handle, Vec2 world) {
        lab_.drag(handle, world);
        canvas_.mark_changed();
    }

    // The layers drawn (the panel's "Show" section): names, handles, capsule regions, roots,
    // other algorithms. A query lab scene is never dense.
    const ShowLayers& layers() const { return layers_; }
    void set_layers(const ShowLayers& layers);
    bool dense() const { return false; }
    // Box2D's search (its iterations, from its answer's trace) when it is drawn: its row
    // hovered or the "Box2D's search" box ticked; else null.
    const ccd::IterativeSearch* box2d_search() const;
    void set_box2d_search_pinned(bool pinned) {
        box2d_search_pinned_ = pinned;
        canvas_.mark_changed();
    }
    // The Show section's checkboxes, where the last frame drew them (for --report; with
    // "box2d_search" when an answer has Box2D's search).
    const std::map<std::string, Vec2>& show_checkboxes() const { return show_checkboxes_; }

    // The panel's Hunt section: a hunt from the lab's pair, run in the background.
    const HuntPanel& hunt() const { return hunt_; }
    bool hunting() const { return hunt_.running(); }
    // True once per change of the hunt's progress since the last call (the app reports it).
    bool take_hunt_changed() { return hunt_.take_changed(); }
    // "Hunt from this event": the Hunt section hunts from the lab's pair on the next draw.
    void start_hunt() { hunt_.start_when_drawn(); }
    // The export a finding row of the Hunt section asked for (its finding now in the lab).
    std::optional<FindingExport> take_finding_export() { return hunt_.take_export(); }

    static constexpr double kPanelWidth = 360.0;

private:
    QueryLab lab_;
    ccd::Scene scene_info_; // the scene as opened; the edited geometry lives in lab_
    CanvasView canvas_;     // the camera, Home, F1's help and whether anything shown changed
    Handle hovered_ = Handle::None;
    Handle dragged_ = Handle::None;
    Vec2 grab_offset_;
    int selected_candidate_ = 0;     // the equation shown in the equation view
    int last_taken_ = -1;            // the winning candidate when the view last looked
    bool candidate_picked_ = false;  // the user chose another than the winner: it stays
    Handle selected_ = Handle::None; // the handle the arrow keys nudge (the last one grabbed)
    UndoHistory<LabState> history_;
    LabState settled_; // the lab as it was when no edit was under way
    bool playing_ = false;
    double speed_ = 0.25; // frames per second while animating
    ShowLayers layers_;
    std::map<std::string, Vec2> show_checkboxes_;
    SearchPlotOnScreen search_plot_;
    bool box2d_search_pinned_ = false; // "Box2D's search" ticked
    bool box2d_row_hovered_ = false;   // a row with Box2D's search hovered last frame
    HuntPanel hunt_;
    void draw_show_section();
    void draw_box2d_search_checkbox();
    void settle_edits(); // turns a finished edit (a drag, a field) into one undo step
    // The panel's sections, top to bottom.
    void draw_time_controls();
    void draw_equations();
    void choose_candidate();
    void draw_algorithms();
};

} // namespace ccdlab
