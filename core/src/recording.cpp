// Recording (ccd/recording.hpp): keyframes of a run and frames recomputed from them.
#include "ccd/recording.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace ccd {

Recording::Recording(const World& start, RecordingOptions options) : options_(options) {
    if (options_.keyframe_interval < 1)
        throw std::invalid_argument("Recording: keyframe_interval must be at least 1");
    if (start.in_frame()) throw std::logic_error("Recording: the World is within a frame");
    World world = start.snapshot();
    const std::size_t bytes = world.snapshot_bytes();
    first_frame_ = end_frame_ = world.frames_completed();
    keyframes_.push_back(Keyframe{std::move(world), bytes});
    keyframe_bytes_ = bytes;
}

void Recording::record(const World& world) {
    if (world.in_frame()) throw std::logic_error("Recording::record: the World is within a frame");
    if (world.frames_completed() != end_frame_ + 1)
        throw std::logic_error("Recording::record: expected the World after frame " +
                               std::to_string(end_frame_) + ", got it after frame " +
                               std::to_string(world.frames_completed() - 1));
    ++end_frame_;
    if ((end_frame_ - keyframes_.back().world.frames_completed()) < options_.keyframe_interval)
        return;
    World snapshot = world.snapshot();
    const std::size_t bytes = snapshot.snapshot_bytes();
    keyframes_.push_back(Keyframe{std::move(snapshot), bytes});
    keyframe_bytes_ += bytes;
    drop_past_cap();
}

void Recording::drop_past_cap() {
    while (keyframes_.size() > 1 && memory_bytes() > options_.memory_cap) {
        keyframe_bytes_ -= keyframes_.front().bytes;
        keyframes_.pop_front();
        const int first = keyframes_.front().world.frames_completed();
        frames_dropped_ += first - first_frame_;
        first_frame_ = first;
    }
}

int Recording::first_frame() const {
    return first_frame_;
}
int Recording::frame_count() const {
    return end_frame_ - first_frame_;
}
int Recording::keyframe_count() const {
    return static_cast<int>(keyframes_.size());
}
int Recording::frames_dropped() const {
    return frames_dropped_;
}

std::size_t Recording::memory_bytes() const {
    return sizeof(*this) + keyframe_bytes_ + keyframes_.size() * sizeof(Keyframe);
}

RecordedFrame Recording::frame(int frame) const {
    if (frame < first_frame_ || frame >= end_frame_)
        throw std::out_of_range("Recording::frame: frame " + std::to_string(frame) +
                                " is not recorded (frames " + std::to_string(first_frame_) +
                                " to " + std::to_string(end_frame_ - 1) + ")");
    // The last keyframe at or before `frame` (they are in frame order, a keyframe_interval
    // apart but for the first).
    auto at = keyframes_.begin();
    for (auto k = keyframes_.begin(); k != keyframes_.end(); ++k) {
        if (k->world.frames_completed() > frame) break;
        at = k;
    }
    World world = at->world.snapshot();
    while (world.frames_completed() < frame)
        world.step();
    World start = world.snapshot();
    EventLog log = world.step();
    return RecordedFrame{std::move(start), std::move(log)};
}

} // namespace ccd
