#pragma once
// WorldView: a whole scene stepped by the sub-frame scheduler. It draws what the scheduler
// logged (each body's piecewise path, the events, the bodies at the scrubbed time) and lists the
// frame's events; it never re-derives a collision. Its SceneEditor edits the scene (add, delete,
// drag, undo); each edit steps the edited scene's first frame again.

#include "camera.hpp"
#include "canvas_view.hpp"
#include "discrete_comparison.hpp"
#include "scene_editor.hpp"
#include "show_layers.hpp"

#include "ccd/scene.hpp"
#include "ccd/scene_world.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ccdlab {

class ShapeRenderer;

// What the selected event (or cancelled prediction) involves, as the log holds it: its two
// parties and its contact point and normal. Empty when nothing is selected.
struct WorldHighlight {
    std::vector<int> bodies; // body indices
    std::vector<int> walls;  // wall indices
    bool has_contact = false;
    Vec2 point, normal;
    bool has_body(int body) const;
    bool has_wall(int wall) const;
};

// A text drawn on the canvas this frame, where the label placer put it (window pixels).
struct ShownLabel {
    std::string text;
    Vec2 top_left, size;
};

// A row of the event table on screen this frame: a processed event or a cancelled prediction.
struct TableRowOnScreen {
    bool cancelled = false;
    int index = 0; // an event's sequence, or the cancelled prediction's index in the log
    Vec2 center_px;
};

class WorldView {
public:
    explicit WorldView(const ccd::Scene& scene);

    void layout(Vec2 window_size, const PanelLayout& layout) {
        canvas_.layout(window_size, layout);
    }
    // The window's layout as the user left it this frame (the panel's edge dragged).
    const PanelLayout& panel_layout() const { return canvas_.panel_layout(); }
    bool handle_input();
    void draw_world(ShapeRenderer& renderer) const;
    void draw_labels() const;
    void draw_panel();

    const Camera& camera() const { return canvas_.camera(); }
    const ccd::EventLog& log() const { return log_; }
    const ccd::SceneWorld& world() const { return world_; }
    // Why the World refuses the scene (a turning body: ccd::turning_refusal), or nothing.
    const std::optional<std::string>& refusal() const { return refusal_; }
    double scrub_t() const { return scrub_t_; }
    void set_scrub_t(double t);
    // Selects the next (+1) or previous (-1) event in processing order and moves t to it; with
    // none selected, the first after (or last before) the scrubbed t.
    void step_event(int direction);
    int selected_event() const { return selected_event_; } // its sequence; -1: none
    // The cancelled prediction selected (its index in log().cancelled; -1: none). Selecting one
    // unselects the event, and the other way round.
    int selected_cancelled() const { return selected_cancelled_; }
    void select_event(int sequence);
    void select_cancelled(int index);
    WorldHighlight highlight() const;
    // The layers drawn (the panel's "Show" section); a dense scene (show_layers.hpp) opens with
    // dense_layers(), any other with ShowLayers{}, until the app sets its saved ones.
    const ShowLayers& layers() const { return layers_; }
    void set_layers(const ShowLayers& layers);
    bool dense() const { return dense_; }
    // The last drawn frame's labels, table rows and Show checkboxes (for --report).
    const std::vector<ShownLabel>& shown_labels() const { return shown_labels_; }
    const std::vector<TableRowOnScreen>& table_rows() const { return table_rows_; }
    const std::map<std::string, Vec2>& show_checkboxes() const { return show_checkboxes_; }
    bool take_changed() { return canvas_.take_changed(); }
    // Steps the next frame and shows its log.
    void step_frame();
    // Playing: time runs at `speed` frames per second of wall-clock time, through the frame's
    // events and on into the next frames. `advance(seconds)` moves it on; the app calls it once
    // per drawn frame and keeps drawing while playing.
    bool playing() const { return playing_; }
    void set_playing(bool playing) { playing_ = playing; }
    void advance(double seconds);
    // Where body `index` is at frame time t, on the path the scheduler logged (ccd::position_at).
    Vec2 position_at(int index, double t) const;
    // The scene as edited now.
    const ccd::Scene& scene() const { return editor_.scene(); }
    const SceneEditor& editor() const { return editor_; }
    bool help_shown() const { return canvas_.help_shown(); } // F1
    // Seed 001's or seed 003's discrete method run beside the scheduler on the same scene,
    // drawn as ghosts (DiscreteMethod::None: off). Restarts the ghosts and catches them up to
    // the frame shown.
    void set_discrete(DiscreteMethod method, bool deepest_first);
    const DiscreteComparison& discrete() const { return discrete_; }

    static constexpr double kPanelWidth = 400.0;

private:
    // Pending and cancelled predictions, dashed (all of them up to this many in the frame).
    void draw_predictions(ShapeRenderer& renderer) const;
    void draw_discrete(ShapeRenderer& renderer) const;
    // The panel's sections, top to bottom.
    void draw_frame_controls();
    void draw_cuts() const;
    void draw_timeline();
    void draw_show_section();
    void draw_event_table();
    void sort_table_rows();
    void event_row(const ccd::ContactEvent& event);
    void cancelled_row(int index);
    void event_tooltip(const ccd::ContactEvent& event) const;
    void cancelled_tooltip(const ccd::CancelledPrediction& cancelled) const;
    std::string status_of(const ccd::CancelledPrediction& cancelled) const;
    struct EventGroup {
        Vec2 point;
        std::vector<int> sequences;
    };
    std::vector<EventGroup> events_at_one_point(const Camera& camera) const;
    // A click on the canvas (not a drag, not on a handle) near an event's contact point.
    void select_clicked_event();
    void draw_discrete_panel();
    // A body's or a wall's name in the scene.
    const std::string& name_of(ccd::OtherKind kind, int index) const;
    static constexpr std::size_t kMostPredictionsDrawn = 300;
    SceneEditor editor_; // the scene as edited; world_ is stepped from it
    CanvasView canvas_;  // the camera, Home, F1's help and whether anything shown changed
    ccd::SceneWorld world_;
    // Why the World does not step the scene (a turning body), shown in the panel; world_ is then
    // empty.
    std::optional<std::string> refusal_;
    ccd::EventLog log_; // the frame shown
    // Per body, read from the World: a circle's radius (0: a point), or a polygon's vertices
    // about its center (then the radius is 0).
    std::vector<double> radii_;
    std::vector<std::vector<Vec2>> outlines_;
    void read_shapes();
    double scrub_t_ = 1.0;
    bool playing_ = false;
    double speed_ = 0.5; // frames per second while playing
    int selected_event_ = -1;
    int selected_cancelled_ = -1;
    ShowLayers layers_;
    bool dense_ = false;
    // The table's rows in the order shown (processed then cancelled, or as sorted): each an
    // event's sequence, or -1 - a cancelled prediction's index.
    std::vector<int> row_order_;
    bool rows_need_sort_ = true;
    bool scroll_to_selection_ = false; // the table shows the selected row next frame
    static constexpr int kNoRow = 1 << 30;
    mutable std::vector<ShownLabel> shown_labels_;
    std::vector<TableRowOnScreen> table_rows_;
    std::map<std::string, Vec2> show_checkboxes_;
    DiscreteComparison discrete_; // ghosts at the end of the frame shown
    DiscreteMethod discrete_method_ = DiscreteMethod::None;
    bool deepest_first_ = true;
    void rebuild(); // the world made again from the edited scene, its first frame stepped
};

} // namespace ccdlab
