#pragma once
// HuntPanel: the query lab's Hunt section (docs/hunt.md, "In the app"). A method (a combo of
// those that answer the lab's pair), a budget in variants and Hunt: the hunt runs on a thread of
// its own (HuntRun, app/labmodel/hunt_run.hpp) while the lab stays interactive, with a progress
// bar, the variants judged and the findings, and Stop. Once it is over, its findings are listed
// by group (class and feature) with their size; clicking one opens its shrunk case in the lab (an
// edit, undone like the others), and "Back to the original" opens the case hunted from. A case
// the lab cannot show says why in its row; each row's Test, Fixture and Link buttons open its
// finding and export it with the File bar's own code. The browser build has no threads and shows no
// button.

#include "canvas_view.hpp"
#include "hunt_run.hpp"
#include "query_lab.hpp"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ccdlab {

// Where the section's buttons and rows were last drawn, in window pixels (for --report).
struct HuntPanelOnScreen {
    std::optional<Vec2> hunt_px, stop_px, original_px;
    std::vector<Vec2> rows_px; // a finding group's row each, in the status's order
    // A row's export buttons each (C++ test, fixture, link), in the status's order; none for a
    // row the lab cannot open.
    std::vector<std::optional<std::array<Vec2, 3>>> exports_px;
    friend bool operator==(const HuntPanelOnScreen&, const HuntPanelOnScreen&) = default;
};

// What a finding row's export buttons ask of the app, once the finding is open in the lab: its
// case written by the File bar's own Export test, Export fixture or Copy link.
enum class FindingExport { Test, Fixture, Link };

class HuntPanel {
public:
    HuntPanel() : run_(std::make_unique<HuntRun>()) {}

    // Draws the section in the lab's panel; a finding or the original opened goes to `lab` as
    // an edit (`canvas` marked changed). `scene_algorithm` is the method chosen at first.
    void draw(QueryLab& lab, CanvasView& canvas, const std::string& scene_algorithm);

    // Starts a hunt on the next draw as the Hunt button does, with the method first chosen
    // (the scene's): "Hunt from this event" in the world view.
    void start_when_drawn() { start_requested_ = true; }
    // The export a finding row asked for this frame (its finding now open in the lab), once.
    std::optional<FindingExport> take_export() { return std::exchange(export_, std::nullopt); }

    bool running() const { return run_->running(); }
    HuntStatus status() const { return run_->status(); }
    // True once per change of the hunt's state (or of where the section's buttons are) since
    // the last call.
    bool take_changed();
    const HuntPanelOnScreen& on_screen() const { return on_screen_; }
    int opened() const { return opened_; } // the group whose finding the lab shows, or -1

private:
    void draw_controls(const QueryLab& lab, const std::string& scene_algorithm);
    void draw_progress(const HuntStatus& status);
    void draw_groups(const HuntStatus& status, QueryLab& lab, CanvasView& canvas);
    void draw_exports(int group, const LabState& state, QueryLab& lab, CanvasView& canvas);
    void start(const QueryLab& lab);

    std::unique_ptr<HuntRun> run_; // not movable (its thread and mutex): the view is
    std::uint64_t seen_revision_ = 0;
    int algorithm_ = -1;  // into ccd::algorithms(); -1 until the first frame picks one
    int budget_ = 100000; // about ten seconds of Box2D (docs/performance.md, "The hunt")
    std::optional<LabState> original_; // the lab's case when the hunt started
    int opened_ = -1;
    bool start_requested_ = false;
    std::optional<FindingExport> export_;
    HuntPanelOnScreen on_screen_;
    HuntPanelOnScreen seen_on_screen_; // as take_changed last saw it
};

} // namespace ccdlab
