#pragma once
// ComparedRun: the world view's scene run a second time under other settings (another
// algorithm, restitution, response: ccd::RunSettings) beside the run shown. Its events against
// the shown run's, compared by the core (ccd::compare_runs: the first divergence, the
// differences from there), and its own recording, whose frame the view draws as ghosts. No
// OpenGL (tests/app/runmodel/compared_run_test.cpp).

#include "run_recorder.hpp"

#include "ccd/event_log.hpp"
#include "ccd/recording.hpp"
#include "ccd/run_comparison.hpp"
#include "ccd/scene.hpp"

#include <optional>

namespace ccdlab {

class ComparedRun {
public:
    // Runs the scene as written (run a, the view's) and under `other` (run b) for `frames`
    // frames and compares them within `tolerance` (relative, ccd::run_tolerance: an algorithm's
    // slack added; 0: exact); run b is recorded with `options` for its ghosts. Throws what
    // ccd::compare_runs throws (an unknown algorithm, a negative tolerance:
    // std::invalid_argument).
    ComparedRun(const ccd::Scene& scene, const ccd::RunSettings& other, int frames,
                ccd::RecordingOptions options, double tolerance = ccd::kDefaultRunTolerance);

    const ccd::RunSettings& settings() const { return settings_; }
    int frames() const { return frames_; }
    double tolerance() const { return tolerance_; }
    const ccd::RunComparison& comparison() const { return comparison_; }
    const ccd::RunDivergence& divergence() const { return comparison_.divergence; }
    // Where the first divergence is: run a's event (run b's when run a has none there), its
    // frame and time. Nothing when the runs agree.
    struct Place {
        int frame = 0;
        double t = 0.0;
        int sequence = -1; // the event's sequence in run a's frame (-1: run a has none there)
    };
    std::optional<Place> first_divergence() const;
    // The place of the difference at `index` in divergence().differences, as above.
    Place place_of(std::size_t index) const;

    // Run b's frame `frame` (stepped and recorded as far as needed): the ghosts' paths.
    const ccd::EventLog& log_of(int frame);
    const RunRecorder& recorder() const { return recorder_; }

private:
    ccd::RunSettings settings_;
    int frames_ = 0;
    double tolerance_ = ccd::kDefaultRunTolerance;
    ccd::RunComparison comparison_;
    RunRecorder recorder_;
    ccd::EventLog log_; // the frame log_of last gave
};

} // namespace ccdlab
