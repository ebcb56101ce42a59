#pragma once
// RunRecorder: a scene's run as the world view travels through it. The scene's World is stepped
// at the head (the frames run so far) and every frame is recorded through ccd::Recording
// (keyframes, any recorded frame recomputed bit for bit, the oldest frames dropped past the
// memory cap: docs/recording.md). Beside the recording, each frame keeps its marks for the
// timeline: the counts its log holds, where in the frame its events, cancelled predictions and
// cuts fall, and the time its first step took. No OpenGL (tests/app/runmodel/timeline_test.cpp).

#include "ccd/event_log.hpp"
#include "ccd/recording.hpp"
#include "ccd/scene.hpp"
#include "ccd/scene_world.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

namespace ccdlab {

// What a tick on the timeline stands for.
enum class TickKind : std::uint8_t {
    Processed, // an event, at its time
    Cancelled, // a cancelled prediction, at the time it predicted (when in the frame)
    ChatterCut,
    BudgetCut,
};
inline constexpr int kTickKinds = 4;
// Ticks are kept at 1/kTickBins of a frame, each kind once a bin: a frame's marks are at most
// kTickKinds * kTickBins entries however busy it was (the frame shown draws its own log's).
inline constexpr int kTickBins = 256;

struct Tick {
    TickKind kind = TickKind::Processed;
    int bin = 0; // the tick is in [bin, bin + 1) / kTickBins of the frame
    double t() const { return (bin + 0.5) / kTickBins; }
};

// A recorded frame's marks, read off its log when it was first stepped.
struct FrameMarks {
    int events = 0;
    int cancelled = 0;
    int chatter_cuts = 0;
    bool budget_cut = false;
    double step_seconds = 0.0;        // the wall-clock time of the frame's first step
    std::vector<std::uint16_t> ticks; // kind << 8 | bin, sorted, each once
    std::vector<Tick> tick_list() const;
};

// The marks of `log` (each tick's bin from the time the log holds).
FrameMarks marks_of(const ccd::EventLog& log, double step_seconds);

class RunRecorder {
public:
    // The scene's World at its start; nothing is stepped yet (end_frame() == 0).
    RunRecorder(const ccd::Scene& scene, ccd::RecordingOptions options);
    // The run of `start` (between frames, as ccd::make_run_world makes it under other settings).
    RunRecorder(ccd::SceneWorld start, ccd::RecordingOptions options);

    // The World at the head, after the last frame run: its names and shapes are the run's.
    const ccd::SceneWorld& head() const { return head_; }
    // The recorded frames are first_frame() .. end_frame() - 1; end_frame() is the next frame
    // the head steps.
    int first_frame() const { return recording_.first_frame(); }
    int end_frame() const { return recording_.first_frame() + recording_.frame_count(); }
    bool recorded(int frame) const { return frame >= first_frame() && frame < end_frame(); }

    // Steps the head one frame and records it; returns its log.
    const ccd::EventLog& step_new_frame();
    // Frame `frame`'s log, recomputed from the recording (std::out_of_range when it is not
    // recorded). Going on to the next frame steps one frame more, not from a keyframe.
    ccd::EventLog log_of(int frame);
    // A recorded frame's marks.
    const FrameMarks& marks(int frame) const;

    // Bytes in use: the recording's (ccd::Recording::memory_bytes) and the marks'.
    std::size_t memory_bytes() const;
    std::size_t marks_bytes() const { return marks_bytes_; }
    const ccd::Recording& recording() const { return recording_; }

private:
    void drop_marks_before(int frame);

    ccd::SceneWorld head_;
    ccd::Recording recording_;
    std::deque<FrameMarks> marks_; // marks_[i]: frame first_frame() + i
    int marks_first_ = 0;
    std::size_t marks_bytes_ = 0;
    // A World between frames, where the last log_of left it: the next frame is stepped on from
    // here instead of from a keyframe.
    std::optional<ccd::World> cursor_;
};

} // namespace ccdlab
