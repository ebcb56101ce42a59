#include "run_recorder.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace ccdlab {
namespace {

int bin_of(double t) {
    if (!(t > 0.0)) return 0; // NaN too
    return std::min(kTickBins - 1, static_cast<int>(std::floor(t * kTickBins)));
}

std::uint16_t tick_code(TickKind kind, double t) {
    return static_cast<std::uint16_t>(static_cast<int>(kind) << 8 | bin_of(t));
}

std::size_t bytes_of(const FrameMarks& marks) {
    return sizeof(FrameMarks) + marks.ticks.capacity() * sizeof(std::uint16_t);
}

} // namespace

std::vector<Tick> FrameMarks::tick_list() const {
    std::vector<Tick> list;
    list.reserve(ticks.size());
    for (const std::uint16_t code : ticks)
        list.push_back({static_cast<TickKind>(code >> 8), code & 0xff});
    return list;
}

FrameMarks marks_of(const ccd::EventLog& log, double step_seconds) {
    FrameMarks marks;
    marks.events = static_cast<int>(log.events.size());
    marks.cancelled = static_cast<int>(log.cancelled.size());
    marks.chatter_cuts = static_cast<int>(log.chatter_cuts.size());
    marks.budget_cut = log.budget_cut.has_value();
    marks.step_seconds = step_seconds;
    for (const ccd::ContactEvent& e : log.events)
        marks.ticks.push_back(tick_code(TickKind::Processed, e.time));
    for (const ccd::CancelledPrediction& c : log.cancelled)
        if (c.time <= 1.0) marks.ticks.push_back(tick_code(TickKind::Cancelled, c.time));
    for (const ccd::ChatterCut& cut : log.chatter_cuts)
        marks.ticks.push_back(tick_code(TickKind::ChatterCut, cut.time));
    if (log.budget_cut) marks.ticks.push_back(tick_code(TickKind::BudgetCut, log.budget_cut->time));
    std::sort(marks.ticks.begin(), marks.ticks.end());
    marks.ticks.erase(std::unique(marks.ticks.begin(), marks.ticks.end()), marks.ticks.end());
    marks.ticks.shrink_to_fit();
    return marks;
}

RunRecorder::RunRecorder(const ccd::Scene& scene, ccd::RecordingOptions options)
    : RunRecorder(ccd::make_world(scene), options) {}

RunRecorder::RunRecorder(ccd::SceneWorld start, ccd::RecordingOptions options)
    : head_(std::move(start)), recording_(head_.world, options),
      marks_first_(recording_.first_frame()) {}

const ccd::EventLog& RunRecorder::step_new_frame() {
    const auto start = std::chrono::steady_clock::now();
    const ccd::EventLog& log = head_.world.step();
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
    recording_.record(head_.world);
    marks_.push_back(marks_of(log, spent.count()));
    marks_bytes_ += bytes_of(marks_.back());
    drop_marks_before(recording_.first_frame());
    return log;
}

void RunRecorder::drop_marks_before(int frame) {
    while (marks_first_ < frame && !marks_.empty()) {
        marks_bytes_ -= bytes_of(marks_.front());
        marks_.pop_front();
        ++marks_first_;
    }
    if (cursor_ && cursor_->frames_completed() < frame) cursor_.reset();
}

ccd::EventLog RunRecorder::log_of(int frame) {
    if (!recorded(frame))
        throw std::out_of_range("frame " + std::to_string(frame) + " is not recorded (frames " +
                                std::to_string(first_frame()) + " to " +
                                std::to_string(end_frame() - 1) + ")");
    if (frame == end_frame() - 1) return head_.world.log(); // the head's last frame
    // Within a keyframe interval ahead of the cursor: stepped on from there.
    if (cursor_ && cursor_->frames_completed() <= frame &&
        frame - cursor_->frames_completed() < recording_.options().keyframe_interval) {
        while (cursor_->frames_completed() < frame)
            cursor_->step();
        return cursor_->step();
    }
    ccd::RecordedFrame recorded = recording_.frame(frame);
    cursor_ = std::move(recorded.world); // at the frame's start: the next one steps it first
    return std::move(recorded.log);
}

const FrameMarks& RunRecorder::marks(int frame) const {
    if (!recorded(frame))
        throw std::out_of_range("frame " + std::to_string(frame) + " is not recorded");
    return marks_[static_cast<std::size_t>(frame - marks_first_)];
}

std::size_t RunRecorder::memory_bytes() const {
    return recording_.memory_bytes() + marks_bytes_;
}

} // namespace ccdlab
