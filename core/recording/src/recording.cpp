// Recording (ccd/recording.hpp): keyframes of a run and frames recomputed from them.
#include "ccd/recording.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace ccd {
namespace {

World checked_snapshot(const World& start, const RecordingOptions& options) {
    if (options.keyframe_interval < 1)
        throw std::invalid_argument("Recording: keyframe_interval must be at least 1");
    if (start.in_frame()) throw std::logic_error("Recording: the World is within a frame");
    return start.snapshot();
}

} // namespace

Recording::Recording(const World& start, RecordingOptions options)
    : options_(options), start_(checked_snapshot(start, options)) {
    start_bytes_ = start_.snapshot_bytes();
    WorldKeyframe state = start_.keyframe();
    const std::size_t bytes = state.bytes();
    first_frame_ = end_frame_ = state.frames_completed;
    keyframes_.push_back(Keyframe{std::move(state), bytes});
    keyframe_bytes_ = bytes;
}

void Recording::record(const World& world) {
    if (world.in_frame()) throw std::logic_error("Recording::record: the World is within a frame");
    if (world.frames_completed() != end_frame_ + 1)
        throw std::logic_error("Recording::record: expected the World after frame " +
                               std::to_string(end_frame_) + ", got it after frame " +
                               std::to_string(world.frames_completed() - 1));
    if (world.body_count() != start_.body_count() || world.wall_count() != start_.wall_count())
        throw std::logic_error(
            "Recording::record: the World has " + std::to_string(world.body_count()) +
            " bodies and " + std::to_string(world.wall_count()) +
            " walls, the recording started with " + std::to_string(start_.body_count()) + " and " +
            std::to_string(start_.wall_count()) + " (a new recording)");
    ++end_frame_;
    if ((end_frame_ - keyframes_.back().state.frames_completed) < options_.keyframe_interval)
        return;
    WorldKeyframe state = world.keyframe();
    const std::size_t bytes = state.bytes();
    keyframes_.push_back(Keyframe{std::move(state), bytes});
    keyframe_bytes_ += bytes;
    drop_past_cap();
}

void Recording::drop_past_cap() {
    while (keyframes_.size() > 1 && memory_bytes() > options_.memory_cap) {
        keyframe_bytes_ -= keyframes_.front().bytes;
        keyframes_.pop_front();
        const int first = keyframes_.front().state.frames_completed;
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
    return sizeof(*this) + start_bytes_ + keyframe_bytes_ + keyframes_.size() * sizeof(Keyframe);
}

RecordedFrame Recording::frame(int frame) const {
    if (frame < first_frame_ || frame >= end_frame_)
        throw std::out_of_range("Recording::frame: frame " + std::to_string(frame) +
                                " is not recorded (frames " + std::to_string(first_frame_) +
                                " to " + std::to_string(end_frame_ - 1) + ")");
    // The last keyframe at or before `frame` (they are in frame order).
    const auto after =
        std::upper_bound(keyframes_.begin(), keyframes_.end(), frame,
                         [](int f, const Keyframe& k) { return f < k.state.frames_completed; });
    World world = start_.restored(std::prev(after)->state);
    while (world.frames_completed() < frame)
        world.step();
    World start = world.snapshot();
    EventLog log = world.step();
    return RecordedFrame{std::move(start), std::move(log)};
}

} // namespace ccd
