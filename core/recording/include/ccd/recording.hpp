#pragma once
// Recording: a run of a World kept as keyframes (World::keyframe every K frames: what changes
// from frame to frame, packed, beside one snapshot of the run's start for what does not), from
// which any recorded frame is recomputed exactly, bit for bit: the World is deterministic, so
// the frames between two keyframes are stepped again. Memory is capped: when the keyframes
// pass the cap, the oldest one is dropped with the frames up to the next (the recording keeps
// the latest frames). docs/recording.md.

#include "ccd/event_log.hpp"
#include "ccd/world.hpp"

#include "ccd/world_keyframe.hpp"

#include <cstddef>
#include <deque>

namespace ccd {

struct RecordingOptions {
    // A keyframe every this many frames (>= 1): a jump steps at most this many - 1 frames
    // before the one it returns, and the frame itself. 12: 10,000 frames of the 2,000-ball
    // stress scene in about 62 MB, a jump in at most 12 frames' stepping (docs/recording.md).
    int keyframe_interval = 12;
    // Bytes the recording may hold (memory_bytes). Past it the oldest keyframe and its frames
    // are dropped; the latest keyframe is always kept, whatever its size.
    std::size_t memory_cap = std::size_t{100} << 20;
};

// A recorded frame: the World at the frame's start (its log() empty) and the frame's log.
struct RecordedFrame {
    World world;
    EventLog log;
};

class Recording {
public:
    // `start` between frames (std::logic_error otherwise): its next frame is the first
    // recorded. Callback responses: as World::snapshot (a stateful callback is not replayed
    // as it ran).
    explicit Recording(const World& start, RecordingOptions options = {});

    // After the recorded World completed a frame: `world` between frames, one frame past the
    // last recorded, with the bodies and walls it started with (std::logic_error otherwise: a
    // World edited since is a new recording). Takes a keyframe every keyframe_interval frames,
    // then drops the oldest keyframes past the cap.
    void record(const World& world);

    // The recorded frames are first_frame() .. first_frame() + frame_count() - 1 (frame numbers
    // as World::frames_completed counts them: frame F starts with F frames completed).
    int first_frame() const;
    int frame_count() const;
    // Frame `frame` recomputed from the keyframe at or before it (std::out_of_range when it is
    // not recorded).
    RecordedFrame frame(int frame) const;
    // Bytes the recording holds: the snapshot of the start (World::snapshot_bytes), the
    // keyframes (WorldKeyframe::bytes) and their index.
    std::size_t memory_bytes() const;
    int keyframe_count() const;
    // Frames dropped from the front to stay under the cap, since the recording started.
    int frames_dropped() const;
    const RecordingOptions& options() const { return options_; }

private:
    struct Keyframe {
        WorldKeyframe state; // between frames: frame state.frames_completed is next
        std::size_t bytes = 0;
    };
    void drop_past_cap();

    RecordingOptions options_;
    World start_; // the run's first frame: what the keyframes do not hold (World::restored)
    std::size_t start_bytes_ = 0;
    std::deque<Keyframe> keyframes_;
    std::size_t keyframe_bytes_ = 0;
    int first_frame_ = 0;
    int end_frame_ = 0; // one past the last recorded frame
    int frames_dropped_ = 0;
};

} // namespace ccd
