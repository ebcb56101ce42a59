#pragma once
// Two runs of one scene, compared event by event (ccd/run_divergence.hpp): under two settings
// (the World's algorithm, every body's restitution or response, the log level, the budget, the
// broadphase), or a run against a fixture's expected events. ccdlab-cli's `diff` and the app's
// comparison of two runs go through here. docs/recording.md, "Comparing two runs".

#include "ccd/response_kind.hpp"
#include "ccd/run_divergence.hpp"
#include "ccd/scene.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/world.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {

// How a run differs from the scene as written. Left as they are, a run is the scene's own
// (what `replay` and `check` step).
struct RunSettings {
    std::string algorithm = "exact";      // WorldOptions::algorithm: one of ccd::algorithms()
    std::optional<double> restitution;    // every body's and polygon's, in [0, 1]
    std::optional<ResponseKind> response; // every body's and polygon's (not Callback)
    LogLevel log_level = LogLevel::Full;  // the same events at every level
    int event_budget = 0;                 // WorldOptions::event_budget (0: the default)
    Broadphase broadphase = Broadphase::Grid;
};

// One setting given as KEY=VALUE, applied to `settings`: algorithm=NAME, restitution=X,
// response=bounce|slide|stop|destroy|sensor, log_level=full|events|none, event_budget=N,
// broadphase=grid|all-pairs. std::invalid_argument says what is wrong (an unknown key, a bad
// value) in one line.
void apply_setting(RunSettings& settings, std::string_view key_value);
// The settings that differ from the defaults as KEY=VALUE words, "algorithm=seed004
// restitution=0.5" ("defaults" when none does).
std::string describe(const RunSettings& settings);

// The scene with the settings' restitution and response written into it.
Scene scene_with(const Scene& scene, const RunSettings& settings);
// The World of the run, ready to step: make_world(scene_with(scene, settings), its options).
// The app steps it beside its own run (drawn as ghosts). Throws SceneError as make_world does,
// std::invalid_argument for an unknown algorithm.
SceneWorld make_run_world(const Scene& scene, const RunSettings& settings);

// A run's processed events and its participants' names (indexed like the World's bodies, the
// polygons after the circles, and walls).
struct RecordedRun {
    std::string label; // "a: algorithm=seed004", "fixture", ...
    std::vector<RunEvent> events;
    std::vector<std::string> body_names;
    std::vector<std::string> wall_names;
};

// The events of `frames` frames of the run (taken one at a time with World::next_event, so
// every log level lists them all).
RecordedRun record_run(const Scene& scene, const RunSettings& settings, int frames);
// The fixture's expect.events as a run: no velocities (RunEvent::has_velocities false), the
// participants by their index in the scene. SceneError for a scene without expect or naming a
// participant it does not have.
RecordedRun expected_run(const Scene& fixture);

// The default tolerance of two runs compared (run_tolerance): a millionth, of a frame for times
// and of the scene's scale for lengths. Well above what double rounding leaves after thousands
// of events (about 1e-16 of the scale each), well below anything drawn or asked of a run.
inline constexpr double kDefaultRunTolerance = 1e-6;

// The scene's scale: the largest of 1 and the magnitude of every coordinate, radius and
// per-frame displacement of its bodies, polygons and walls at t = 0 (the lengths a query sees).
double scene_scale(const Scene& scene);
// The largest slack (Algorithm::slack, short of touching or past it) that the algorithm called
// `algorithm` states for any of the scene's bodies against another or a wall, as they stand at
// t = 0; 0 for an algorithm that states none.
double scene_slack(const Scene& scene, std::string_view algorithm);

// How far two runs' events may be apart and be the same, from `tolerance`, a relative one:
// times within it (a frame is 1), points and velocities within it x scene_scale, normals (unit)
// within it. When run a's or run b's algorithm states a slack (scene_slack: the larger of the
// two), that slack S is added: to the tolerance as the scene's scale measures it (S / scale
// more on every field, so S more on points and velocities), and to each event's time as S over
// its closing speed (DivergenceTolerance::slack). A contact short of touching by design is so
// not a divergence. 0: exact, every field equal bit for bit, no slack. std::invalid_argument for
// a tolerance that is negative or not finite, or an algorithm ccd::algorithms() does not have.
DivergenceTolerance run_tolerance(const Scene& scene, const RunSettings& a, const RunSettings& b,
                                  double tolerance);

struct RunComparison {
    RecordedRun a; // compare_runs: no events (RecordedRun::events empty; counted in divergence)
    RecordedRun b;
    RunDivergence divergence;
    DivergenceTolerance within; // what the events were compared within
    std::string slack_of;       // the algorithm whose slack `within` holds ("": none)
    // compare_runs: the most events it held at once (a frame's of each run and the listed
    // differences'), whatever the number of frames.
    std::size_t held_at_most = 0;
};

// Runs a and b of the scene for `frames` frames (0 to kMaxSceneFrames, std::invalid_argument
// otherwise), compared within run_tolerance(scene, a, b, tolerance) as they are stepped, frame
// by frame (ccd/divergence_stream.hpp): its memory is a frame's events and the listed
// differences, whatever the number of frames; the runs' events are not kept.
RunComparison compare_runs(const Scene& scene, const RunSettings& a, const RunSettings& b,
                           int frames, double tolerance = kDefaultRunTolerance);
// A run of the fixture under `a` for its expect.frames against its expected events (run b,
// labelled "fixture"); velocities are not compared. SceneError as expected_run.
RunComparison compare_with_expectation(const Scene& fixture, const RunSettings& a,
                                       const DivergenceTolerance& tolerance = {});
// What the comparison's events were compared within, one line: "times within 1e-06, points
// and velocities within 8e-06, normals within 1e-06", and when a slack was added "; box2d's
// slack 0.00625 added: events within box2d's documented slack are the same (by design, not a
// divergence)"; "exact: every field equal bit for bit" when each is 0.
std::string describe_tolerance(const RunComparison& comparison);

// An event as one line with names: "frame 3, t 0.25: ball / floor at interior, point (1, 0),
// normal (0, 1), velocity (1, -2) -> (1, 2)" (the velocities when it has them; the other's
// too when it is a body), every number the shortest text that reads back as the same double.
std::string describe(const RunEvent& event, const RecordedRun& run);
// The difference at one index: which fields, both events (or "none"), by how much.
std::string describe(const EventDifference& difference, const RecordedRun& a, const RecordedRun& b);

} // namespace ccd
