#pragma once
// WorldView: a whole scene stepped by the sub-frame scheduler and recorded as it runs
// (timeline.hpp). It draws what the scheduler logged for the frame shown (each body's piecewise
// path, the events, the bodies at the scrubbed time), lists the frame's events, and draws the
// run's timeline under the canvas (world_timeline.cpp) and, when asked, a second run under other
// settings as ghosts (world_compare.cpp); it never re-derives a collision. A turning polygon
// is drawn turned as the core's pose has it at t, and at each vertex of its path. Its
// SceneEditor edits the scene (add, delete, drag, undo); each edit records the edited scene
// anew from its first frame.

#include "camera.hpp"
#include "canvas_view.hpp"
#include "compared_run.hpp"
#ifdef CCDLAB_HAS_ENGINE_WORLDS
#include "engine_compared_run.hpp"
#endif
#include "discrete_comparison.hpp"
#include "scene_editor.hpp"
#include "show_layers.hpp"
#include "timeline.hpp"

#include "ccd/path_position.hpp"
#include "ccd/recording.hpp"
#include "ccd/scene.hpp"
#include "ccd/scene_world.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
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
    // `recording_cap`: the bytes the run's recording may hold (the settings' cap).
    explicit WorldView(const ccd::Scene& scene, std::size_t recording_cap = kDefaultRecordingCap);

    // The canvas and, under it, the timeline strip (a line higher when its buttons and the
    // frame's line do not fit on one).
    void layout(Vec2 window_size, const PanelLayout& layout);
    // The window's layout as the user left it this frame (the panel's edge dragged).
    const PanelLayout& panel_layout() const { return canvas_.panel_layout(); }
    const CanvasView& canvas() const { return canvas_; }
    bool handle_input();
    void draw_world(ShapeRenderer& renderer) const;
    void draw_labels() const;
    void draw_panel();

    const Camera& camera() const { return canvas_.camera(); }
    // The frame shown: its log, as the recording recomputed it.
    const ccd::EventLog& log() const { return timeline_.log(); }
    // The run's World at its head: the names and shapes of its bodies and walls.
    const ccd::SceneWorld& world() const { return timeline_.run().head(); }
    const Timeline& timeline() const { return timeline_; }
    // Why the World refuses the scene (a polygon that is not convex beside a turning body:
    // ccd::turning_refusal; a chain edited into one the loader refuses: chain_refusal), or
    // nothing.
    const std::optional<std::string>& refusal() const { return refusal_; }
    double scrub_t() const { return timeline_.t(); }
    void set_scrub_t(double t);
    // Selects the next (+1) or previous (-1) event in processing order and moves t to it; with
    // none selected, the first after (or last before) the scrubbed t; past the frame's first or
    // last event, in the frames before or after (Timeline::step_event).
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
    // The event table's columns shown last frame, by header, and how far its columns reach past
    // its width (pixels; 0: no horizontal scroll needed).
    const std::vector<std::string>& table_columns() const { return table_columns_; }
    double table_overflow_px() const { return table_overflow_px_; }
    Vec2 column_button_px() const { return column_button_px_; }
    // The Columns popup's checkboxes on screen while it is open, by header.
    const std::map<std::string, Vec2>& column_checkboxes_px() const {
        return column_checkboxes_px_;
    }
    const std::map<std::string, Vec2>& show_checkboxes() const { return show_checkboxes_; }
    // "Hunt from this event", over the event table while an event is selected: the app works out
    // whether the query lab can take the event's pair (at its frame's start) and says so here
    // (offer_hunt; the button is disabled, its tooltip saying why, until an offer for the frame
    // and event shown has come), and takes the press (take_hunt_request).
    struct HuntOffer {
        int frame = -1;
        int event = -1;
        std::string why_not; // empty: the pair can be hunted
    };
    void offer_hunt(HuntOffer offer) { hunt_offer_ = std::move(offer); }
    const HuntOffer& hunt_offer() const { return hunt_offer_; }
    bool take_hunt_request() { return std::exchange(hunt_requested_, false); }
    // Where the button was drawn last frame (none: not drawn), for --report.
    const std::optional<Vec2>& hunt_button_px() const { return hunt_button_px_; }
    bool take_changed() { return canvas_.take_changed(); }
    // The frame after (stepped and recorded when it is new) or before the one shown, at the
    // same t; Restart: frame 0 at t = 0.
    void next_frame();
    void previous_frame();
    void restart();
    // Shows frame `frame` at `t` (the timeline's playhead dragged there).
    void go_to(int frame, double t);
    // Shows frame `frame` at `t`, every frame up to it stepped and recorded (`ccdlab --frame`);
    // returns the frame shown.
    int open_at(int frame, double t);
    // Playing: time runs at the timeline's speed (frames per second of wall-clock time), through
    // the frame's events and on into the next frames, or backward. `advance(seconds)` moves it
    // on; the app calls it once per drawn frame and keeps drawing while playing.
    bool playing() const { return timeline_.playing() != 0; }
    // A new frame asked for (Right, the next-frame button) that the next drawn frame steps; the
    // timeline says "stepping frame N" meanwhile.
    bool stepping() const { return stepping_; }
    void play(int direction);
    void advance(double seconds);
    // The recording's memory cap in bytes; a new cap records the run anew, back to the frame
    // and t shown.
    std::size_t recording_cap() const { return recording_cap_; }
    void set_recording_cap(std::size_t bytes);
    // Compare: the scene run again under `other` for `frames` frames beside the run shown
    // (recorded that far too), its bodies drawn as ghosts, the first divergence marked on the
    // timeline and the differences listed (world_compare.cpp). An edit of the scene stops it.
    // False, and compare_error() says why, when the other run cannot be made.
    bool compare(const ccd::RunSettings& other, int frames);
    // The tolerance the next compare() uses (relative, ccd::run_tolerance; 0: exact).
    void set_compare_tolerance(double relative) { compare_tolerance_ = relative; }
    void stop_comparing();
    const ComparedRun* compared() const { return compared_ ? &*compared_ : nullptr; }
    const std::string& compare_error() const { return compare_error_; }
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    // Compare with an engine: the scene stepped by Box2D's, Bullet's or Chipmunk's own world
    // for `frames` frames beside the run shown, in the background (EngineComparedRun): its
    // bodies drawn as ghosts at each frame's start, its tunnels listed, the first marked on the
    // timeline, a tunnel of the frame shown drawn (world_engine_compare.cpp). An edit of the
    // scene stops it; so does compare().
    bool compare_engine(ccd::EngineKind engine, int frames);
    const EngineComparedRun* engine_compared() const {
        return engine_compared_.get();
    }
    // What the engine run had ready when the view last looked (each drawn frame).
    const EngineComparedRun::Progress& engine_progress() const {
        return engine_progress_;
    }
    const std::vector<ccd::Tunnel>& engine_tunnels() const {
        return engine_tunnels_;
    }
    // The engine's bodies at the start of the frame shown, as drawn (none: not ready yet).
    const std::optional<std::vector<ccd::BodyState>>& engine_ghosts() const {
        return engine_states_;
    }
    // Shows the frame of tunnel `index` (of engine_tunnels()) at the exact World's event
    // between the same two there, selected (at t = 0 when it has none).
    void go_to_tunnel(std::size_t index);
    // The tunnel list's buttons on screen this frame (for --report), by tunnel index.
    const std::map<std::size_t, Vec2>& tunnel_buttons_px() const {
        return tunnel_buttons_px_;
    }
#endif
    // Whether work the view waits for goes on in the background (an engine comparison): the
    // app keeps drawing meanwhile.
    bool working_in_background() const;
    // Shows the place of difference `index` of the comparison (0: the first divergence),
    // selecting run a's event there.
    void go_to_difference(std::size_t index);
    // The Compare section's buttons on screen (for --report; zero when not drawn).
    Vec2 compare_button_px() const {
        return compare_button_px_;
    }
    Vec2 divergence_button_px() const {
        return divergence_button_px_;
    }
    // The timeline strip under the canvas, for --report: its axis and plot (window pixels).
    struct StripOnScreen {
        Vec2 axis_lo, axis_hi, plot_lo, plot_hi;
    };
    const StripOnScreen& strip() const {
        return strip_;
    }
    // Where body `index` is at frame time t, on the path the scheduler logged (ccd::position_at).
    Vec2 position_at(int index, double t) const;
    // Its place and orientation there (ccd::pose_at), and a turning polygon's outline as drawn
    // at t (turning_outline.hpp).
    ccd::BodyPose pose_at(int index, double t) const;
    std::vector<Vec2> drawn_outline(int index, double t) const;
    // Whether body `index` is a polygon that turns freely (an angular velocity, even 0),
    // whether wall `index` turns, and whether any body or wall does: the event table then shows
    // spins and impulses.
    bool turns(int index) const;
    bool wall_turns(int index) const;
    bool any_turning() const;
    // The body selected in Edit (a circle, a point or a polygon) at the scrubbed t, as the
    // frame's log has it (the panel's "Selected body at t"): none when nothing such is selected
    // or the World does not run the scene.
    struct BodyAtT {
        int index = 0;
        ccd::BodyPose pose;
        ccd::BodyRates rates;
        bool turns = false;
    };
    std::optional<BodyAtT> selected_body_at_t() const;
    // The scene as edited now.
    const ccd::Scene& scene() const {
        return editor_.scene();
    }
    const SceneEditor& editor() const {
        return editor_;
    }
    bool help_shown() const {
        return canvas_.help_shown();
    } // F1
    // Seed 001's or seed 003's discrete method run beside the scheduler on the same scene,
    // drawn as ghosts (DiscreteMethod::None: off). Restarts the ghosts and catches them up to
    // the frame shown.
    void set_discrete(DiscreteMethod method, bool deepest_first);
    const DiscreteComparison& discrete() const {
        return discrete_;
    }

    static constexpr double kPanelWidth = 400.0;
    // Play's frames a second at first: a dense scene's as fast as the frames are stepped (the
    // timeline shows the rate achieved), any other's slow enough to follow each bounce.
    static constexpr double kPlaySpeed = 0.5;
    static constexpr double kDensePlaySpeed = 30.0;
    static constexpr std::size_t kDefaultRecordingCap = std::size_t{100} << 20;
    // A keyframe every this many frames: a jump steps at most this many frames. The core's
    // default, whose memory and jump time docs/recording.md measures.
    static constexpr int kKeyframeInterval = ccd::RecordingOptions{}.keyframe_interval;
    // The timeline strip's height under the canvas.
    static constexpr double kStripHeight = 128.0;
    static constexpr double kOneLineStripWidth = 600.0; // narrower: the frame's line wraps

private:
    // Pending and cancelled predictions, dashed (all of them up to this many in the frame).
    void draw_predictions(ShapeRenderer& renderer) const;
    void draw_static_hatching(ShapeRenderer& r, int body, Vec2 at, double pixels) const;
    void draw_rates_per_second(Vec2 velocity_per_frame) const;
    void draw_discrete(ShapeRenderer& renderer) const;
    // The panel's sections, top to bottom.
    void draw_frame_controls();
    void draw_cuts() const;
    void draw_recording_section();
    // The Compare section (world_compare.cpp): the other run's settings, the first divergence,
    // the table of differences; run b's bodies as ghosts on the canvas.
    void draw_compare_section();
    void draw_compare_settings();
    void draw_compare_result();
    void draw_tolerance_field(); // the Compare section's tolerance
    void draw_differences_table();
    void draw_compared_ghosts(ShapeRenderer& renderer) const;
    // The engine comparison (world_engine_compare.cpp): the panel's result, the canvas's ghosts
    // and the frame's tunnels, the timeline's mark; reading the worker's progress each frame.
    void draw_engine_result();
    void draw_tunnel_table();
    void draw_engine_ghosts(ShapeRenderer& renderer) const;
    void draw_frame_tunnels(ShapeRenderer& renderer) const;
    void tunnel_tooltip_on_canvas() const;
    void poll_engine_comparison();
    // The timeline strip (world_timeline.cpp): its buttons, the per-frame plot, the axis with
    // each frame's ticks and the playhead; the keys that travel.
    void draw_timeline_strip();
    void draw_transport();
    void draw_frame_plot(Vec2 lo, Vec2 hi) const;
    void draw_axis(Vec2 lo, Vec2 hi) const;
    void travel_keys();
    // After the timeline moved: a new frame shown drops the selection, resorts the table,
    // catches the discrete ghosts up, reframes Home.
    void shown_frame_changed(int before);
    void draw_show_section();
    void draw_event_table();
    // The table's columns (world_event_table.cpp): the Columns button's chooser, the default
    // set for the panel's width (the 800x600 window's: number, t, pair, status; the rest a
    // click away, every field in each row's tooltip), read back after the user's choice.
    void draw_column_chooser(int columns);
    void draw_hunt_button();                            // "Hunt from this event"
    bool apply_table_columns(int columns, float width); // true: it set columns this frame
    void read_table_columns(int columns, bool applied);
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
    void draw_selected_body();
    // A body's or a wall's name in the scene.
    const std::string& name_of(ccd::OtherKind kind, int index) const;
    static constexpr std::size_t kMostPredictionsDrawn = 300;
    SceneEditor editor_; // the scene as edited; the timeline records its run
    CanvasView canvas_;  // the camera, Home, F1's help and whether anything shown changed
    std::size_t recording_cap_;
    // The recorded run, the frame shown and t; of an empty scene when the World refuses the
    // scene (ccd::turning_refusal, chain_refusal).
    Timeline timeline_;
    // Why the World does not step the scene (ccd::turning_refusal, chain_refusal), shown in the
    // panel.
    std::optional<std::string> refusal_;
    std::optional<ComparedRun> compared_;
    ccd::EventLog compared_log_;        // run b's frame shown (the ghosts)
    ccd::RunSettings compare_settings_; // the Compare section's choice
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    int compare_engine_choice_ = 0; // 0: the exact World (compare_settings_), else an engine
    std::unique_ptr<EngineComparedRun> engine_compared_;
    EngineComparedRun::Progress engine_progress_;
    std::vector<ccd::Tunnel> engine_tunnels_;
    std::vector<std::string> engine_notes_;
    // The engine's bodies at the start of the frame shown and of the next (a tunnel's two
    // places); none while the worker has not reached them.
    std::optional<std::vector<ccd::BodyState>> engine_states_, engine_states_next_;
    int engine_states_frame_ = -1;
    std::map<std::size_t, Vec2> tunnel_buttons_px_;
#endif
    int compare_frames_ = 100;
    double compare_tolerance_ = ccd::kDefaultRunTolerance; // relative (ccd::run_tolerance)
    std::string compare_error_;
    Vec2 compare_button_px_, divergence_button_px_;
    StripOnScreen strip_;
    int selecting_from_ = -1; // the frame a Shift+drag on the timeline started on
    // Per body, read from the World: a circle's radius (0: a point), or a polygon's vertices
    // about its center (then the radius is 0).
    std::vector<double> radii_;
    std::vector<bool> statics_; // by body: static (drawn grey and hatched, never moves)
    std::vector<std::vector<Vec2>> outlines_;
    std::vector<bool> turns_;      // per body: a polygon that turns freely
    std::vector<bool> wall_turns_; // per wall: one that turns about its pivot
    // Per wall: a chain's edge's front normal, as the World has it (ccd::World::chain_edge,
    // ccd::front_normal; drawn as ticks on that side), none for any other wall; and its label
    // when nothing selects it (a chain's name on its first edge only, nothing on the others).
    std::vector<std::optional<Vec2>> wall_fronts_;
    std::vector<std::string> wall_labels_;
    bool stepping_ = false; // the next frame is stepped when the next one is drawn
    bool any_turning_ = false;
    void read_shapes();
    int selected_event_ = -1;
    int selected_cancelled_ = -1;
    ShowLayers layers_;
    bool dense_ = false;
    // The table's rows in the order shown (processed then cancelled, or as sorted): each an
    // event's sequence, or -1 - a cancelled prediction's index.
    std::vector<int> row_order_;
    bool rows_need_sort_ = true;
    bool scroll_to_selection_ = false; // the table shows the selected row next frame
    // The table's columns: the default set applied (the table's id and the panel's width
    // class; -1: none yet), whether the user chose columns since (then no default replaces
    // them), a change asked for in the chooser (column, shown), and what was shown last frame.
    int table_columns_applied_ = -1;
    bool table_columns_chosen_ = false;
    std::optional<std::pair<int, bool>> column_request_;
    unsigned table_column_bits_ = 0;
    std::vector<std::string> table_columns_;
    double table_overflow_px_ = 0.0;
    Vec2 column_button_px_;
    HuntOffer hunt_offer_;
    bool hunt_requested_ = false;
    std::optional<Vec2> hunt_button_px_;
    std::map<std::string, Vec2> column_checkboxes_px_;
    static constexpr int kNoRow = 1 << 30;
    mutable std::vector<ShownLabel> shown_labels_;
    std::vector<TableRowOnScreen> table_rows_;
    std::map<std::string, Vec2> show_checkboxes_;
    DiscreteComparison discrete_; // ghosts at the end of the frame shown
    DiscreteMethod discrete_method_ = DiscreteMethod::None;
    bool deepest_first_ = true;
    // The run recorded again from the edited scene's first frame, at the same t.
    void rebuild();
};

} // namespace ccdlab
