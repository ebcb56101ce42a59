#include "compared_run.hpp"

#include <algorithm>

namespace ccdlab {

ComparedRun::ComparedRun(const ccd::Scene& scene, const ccd::RunSettings& other, int frames,
                         ccd::RecordingOptions options, double tolerance)
    : settings_(other), frames_(std::max(1, frames)), tolerance_(tolerance),
      comparison_(ccd::compare_runs(scene, ccd::RunSettings{}, other, frames_, tolerance)),
      recorder_(ccd::make_run_world(scene, other), options) {
    log_ = recorder_.step_new_frame();
}

ComparedRun::Place ComparedRun::place_of(std::size_t index) const {
    const ccd::EventDifference& difference = comparison_.divergence.differences.at(index);
    if (difference.a)
        return {difference.a->frame, difference.a->event.time, difference.a->event.sequence};
    return {difference.b->frame, difference.b->event.time, -1};
}

std::optional<ComparedRun::Place> ComparedRun::first_divergence() const {
    if (!comparison_.divergence.diverged()) return std::nullopt;
    return place_of(0);
}

const ccd::EventLog& ComparedRun::log_of(int frame) {
    if (frame == log_.frame) return log_;
    if (frame >= recorder_.end_frame()) {
        while (recorder_.end_frame() < frame)
            recorder_.step_new_frame();
        log_ = recorder_.step_new_frame();
    } else {
        log_ = recorder_.log_of(std::max(frame, recorder_.first_frame()));
    }
    return log_;
}

} // namespace ccdlab
