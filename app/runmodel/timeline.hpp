#pragma once
// Timeline: the world view's travel through a recorded run (run_recorder.hpp). It holds the
// playhead (the frame shown and the time t within it), the frame's log, play forward or
// backward, event stepping that crosses frame boundaries, Restart, and the part of the run the
// timeline's axis shows (zoom, pan). A place on the axis is frame + t: frame F's t = 1 is frame
// F + 1's t = 0. Frames past the recorded ones are stepped (and recorded) as the playhead
// reaches them. No OpenGL (tests/app/runmodel/timeline_test.cpp).

#include "run_recorder.hpp"

#include "ccd/event_log.hpp"
#include "ccd/recording.hpp"
#include "ccd/scene.hpp"

#include <optional>
#include <utility>

namespace ccdlab {

// The playhead's place: frame `frame` at frame time `t`.
struct Playhead {
    int frame = 0;
    double t = 0.0;
    friend bool operator==(const Playhead&, const Playhead&) = default;
};

class Timeline {
public:
    // The scene's run, recorded with `options`; frame 0 is stepped and shown at t = 1.
    Timeline(const ccd::Scene& scene, ccd::RecordingOptions options);

    const RunRecorder& run() const { return run_; }
    int frame() const { return log_.frame; }
    double t() const { return t_; }
    // The log of the frame shown, as the recording recomputed it.
    const ccd::EventLog& log() const { return log_; }

    // Shows `frame` at `t` (clamped to [0, 1]); a frame before the recorded ones is the first
    // recorded, one past them is stepped (at most kMostFramesStepped at a time). False when the
    // frame shown did not change.
    bool go_to(int frame, double t);
    // Shows `frame` at `t` however far past the recorded frames it is (go_to's steps repeated:
    // every frame up to it is stepped and recorded), as `ccdlab --frame F` asks; returns the
    // frame shown, `frame` unless it is before the first recorded one.
    int open_at(int frame, double t);
    void set_t(double t);
    // The frame before or after the one shown, at the same t; false at either end.
    bool previous_frame();
    bool next_frame();
    // Steps new frames until frames 0 .. end - 1 are run (at most kMostFramesStepped more);
    // the playhead stays.
    void record_until(int end);
    // Back to the run's start: frame 0 at t = 0 (recorded anew when the cap dropped frame 0).
    void restart();

    // The next (+1) or previous (-1) event in processing order, from `selected` (a sequence of
    // the frame shown; -1: from t, the first event after it, or the last before it; at t = 0 the
    // frame's events are all after it, at t = 1 all before). Crosses into the frames around,
    // past frames without events (forward, stepping new frames, at most kMostFramesStepped).
    // Moves the playhead to the event and returns its sequence, or -1 when there is none (the
    // playhead stays).
    int step_event(int direction, int selected);

    // Playing: 0 paused, +1 forward, -1 backward, at speed() frames per second of wall-clock
    // time; advance() moves the playhead on (the app calls it once per drawn frame). Backward
    // play stops at the first recorded frame's start.
    int playing() const { return playing_; }
    void play(int direction) { playing_ = direction > 0 ? 1 : (direction < 0 ? -1 : 0); }
    // Space (+1) and Shift+Space (-1): pauses whatever plays, else plays toward `direction`.
    void play_or_pause(int direction) { play(playing_ != 0 ? 0 : direction); }
    double speed() const { return speed_; }
    void set_speed(double frames_per_second);
    void advance(double seconds);
    // The frames a second play actually went at, smoothed over about a second of wall-clock
    // time (less than speed() when stepping a frame takes longer); 0 before play moved.
    double achieved_speed() const { return achieved_speed_; }

    // A range of whole recorded frames selected on the axis (first, last), which Ctrl+E
    // exports as a fixture; select_frames orders and clamps its ends to the recorded frames.
    const std::optional<std::pair<int, int>>& selection() const { return selection_; }
    void select_frames(int a, int b);
    void clear_selection() { selection_.reset(); }

    // The axis shows places [view_start(), view_start() + view_width()). Fitted, it shows every
    // recorded frame and keeps doing so as the run grows; zoom and pan leave that.
    double view_start() const { return view_start_; }
    double view_width() const { return view_width_; }
    bool fitted() const { return fitted_; }
    void fit();
    // Zooms by `factor` (> 1: in) keeping the place `anchor` where it is on the axis; the
    // width is kept between kNarrowestView and the recorded run plus one frame.
    void zoom(double factor, double anchor);
    void pan(double places);
    // The place on the axis of (frame, t), and the playhead at a place (clamped to the
    // recorded frames: the end of the last one at most).
    static double place(int frame, double t) { return frame + t; }
    Playhead at_place(double place) const;

    static constexpr int kMostFramesStepped = 1000;
    static constexpr double kNarrowestView = 0.02; // a fiftieth of a frame

private:
    void show(int frame);
    // Play's move by `step` frames (at most one frame boundary).
    void move_playhead(double step);
    // After the playhead moved: a fitted view takes in the run; any other follows the playhead.
    void follow();

    ccd::Scene scene_;
    RunRecorder run_;
    ccd::EventLog log_;
    double t_ = 1.0;
    int playing_ = 0;
    double speed_ = 0.5;
    double achieved_speed_ = 0.0;
    double view_start_ = 0.0, view_width_ = 1.0;
    bool fitted_ = true;
    std::optional<std::pair<int, int>> selection_;
};

} // namespace ccdlab
