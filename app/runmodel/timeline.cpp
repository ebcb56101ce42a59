#include "timeline.hpp"

#include <algorithm>
#include <cmath>

namespace ccdlab {

Timeline::Timeline(const ccd::Scene& scene, ccd::RecordingOptions options)
    : scene_(scene), run_(scene, options), log_(run_.step_new_frame()) {
    follow();
}

void Timeline::show(int frame) {
    if (frame == log_.frame) return;
    if (frame < run_.end_frame()) {
        log_ = run_.log_of(frame);
        return;
    }
    while (run_.end_frame() < frame)
        run_.step_new_frame();
    log_ = run_.step_new_frame();
}

bool Timeline::go_to(int frame, double t) {
    frame = std::clamp(frame, run_.first_frame(), run_.end_frame() - 1 + kMostFramesStepped);
    const bool changed = frame != log_.frame;
    show(frame);
    t_ = std::clamp(t, 0.0, 1.0);
    follow();
    return changed;
}

int Timeline::open_at(int frame, double t) {
    while (go_to(frame, t) && log_.frame != frame) {
    }
    return log_.frame;
}

void Timeline::set_t(double t) {
    t_ = std::clamp(t, 0.0, 1.0);
    follow();
}

bool Timeline::previous_frame() {
    return frame() > run_.first_frame() && go_to(frame() - 1, t_);
}

bool Timeline::next_frame() {
    return go_to(frame() + 1, t_);
}

void Timeline::record_until(int end) {
    end = std::min(end, run_.end_frame() + kMostFramesStepped);
    while (run_.end_frame() < end)
        run_.step_new_frame();
    follow();
}

void Timeline::restart() {
    if (run_.first_frame() > 0) { // frame 0 was dropped: the run is recorded again from it
        run_ = RunRecorder(scene_, run_.recording().options());
        log_ = run_.step_new_frame();
    }
    go_to(0, 0.0);
}

int Timeline::step_event(int direction, int selected) {
    const int count = static_cast<int>(log_.events.size());
    int next = direction > 0 ? count : -1; // none in this frame
    if (selected >= 0 && selected < count) {
        next = selected + (direction > 0 ? 1 : -1);
    } else if (direction > 0) {
        for (const ccd::ContactEvent& e : log_.events)
            if (e.time > t_ || t_ <= 0.0) {
                next = e.sequence;
                break;
            }
    } else {
        for (auto e = log_.events.rbegin(); e != log_.events.rend(); ++e)
            if (e->time < t_ || t_ >= 1.0) {
                next = e->sequence;
                break;
            }
    }
    if (next >= 0 && next < count) {
        set_t(log_.events[static_cast<std::size_t>(next)].time);
        return next;
    }
    if (direction > 0) {
        // The next frame with events: the recorded ones by their marks, then new ones.
        for (int f = frame() + 1; f <= frame() + kMostFramesStepped; ++f) {
            if (f < run_.end_frame() && run_.marks(f).events == 0) continue;
            if (f >= run_.end_frame() && run_.step_new_frame().events.empty()) continue;
            show(f);
            set_t(log_.events.front().time);
            return 0;
        }
        follow(); // the run grew
        return -1;
    }
    for (int f = frame() - 1; f >= run_.first_frame(); --f) {
        if (run_.marks(f).events == 0) continue;
        show(f);
        set_t(log_.events.back().time);
        return log_.events.back().sequence;
    }
    return -1;
}

void Timeline::set_speed(double frames_per_second) {
    if (frames_per_second > 0.0) speed_ = std::clamp(frames_per_second, 0.01, 100.0);
}

void Timeline::advance(double seconds) {
    if (playing_ == 0 || !(seconds > 0.0)) return;
    const double from = place(frame(), t_);
    move_playhead(seconds * speed_);
    // Each call's rate, weighed by its share of the last second.
    const double rate = std::abs(place(frame(), t_) - from) / seconds;
    const double weight = std::min(1.0, seconds);
    achieved_speed_ =
        achieved_speed_ > 0.0 ? achieved_speed_ + (rate - achieved_speed_) * weight : rate;
}

// At most one frame boundary a call: the end (or, backward, the start) of a frame is shown
// once before the next frame.
void Timeline::move_playhead(double step) {
    if (playing_ > 0) {
        if (t_ + step <= 1.0) {
            set_t(t_ + step);
        } else if (t_ < 1.0) {
            set_t(1.0);
        } else {
            go_to(frame() + 1, std::min(step, 1.0));
        }
        return;
    }
    if (t_ - step >= 0.0) {
        set_t(t_ - step);
    } else if (t_ > 0.0) {
        set_t(0.0);
    } else if (frame() > run_.first_frame()) {
        go_to(frame() - 1, std::max(1.0 - step, 0.0));
    } else {
        playing_ = 0; // the start of the recording
    }
}

void Timeline::follow() {
    const double lo = run_.first_frame(), hi = run_.end_frame();
    if (fitted_) {
        view_start_ = lo;
        view_width_ = std::max(1.0, hi - lo);
        return;
    }
    const double at = place(frame(), t_);
    if (at < view_start_) view_start_ = at;
    if (at > view_start_ + view_width_) view_start_ = at - view_width_;
    view_width_ = std::clamp(view_width_, kNarrowestView, std::max(1.0, hi - lo));
    view_start_ = view_width_ >= hi - lo ? lo : std::clamp(view_start_, lo, hi - view_width_);
}

void Timeline::select_frames(int a, int b) {
    const int last = run_.end_frame() - 1;
    a = std::clamp(a, run_.first_frame(), last);
    b = std::clamp(b, run_.first_frame(), last);
    selection_ = std::pair(std::min(a, b), std::max(a, b));
}

void Timeline::fit() {
    fitted_ = true;
    follow();
}

void Timeline::zoom(double factor, double anchor) {
    if (!(factor > 0.0) || !std::isfinite(factor)) return;
    const double span = std::max(1.0, static_cast<double>(run_.end_frame() - run_.first_frame()));
    const double width = std::clamp(view_width_ / factor, kNarrowestView, span);
    view_start_ = anchor - (anchor - view_start_) * (width / view_width_);
    view_width_ = width;
    fitted_ = width >= span;
    if (fitted_) {
        follow();
        return;
    }
    const double lo = run_.first_frame(), hi = run_.end_frame();
    view_start_ = std::clamp(view_start_, lo, hi - view_width_);
}

void Timeline::pan(double places) {
    if (fitted_) return; // the whole run is shown
    const double lo = run_.first_frame(), hi = run_.end_frame();
    view_start_ = std::clamp(view_start_ + places, lo, hi - view_width_);
}

Playhead Timeline::at_place(double place) const {
    const double lo = run_.first_frame(), hi = run_.end_frame();
    const double at = std::clamp(std::isnan(place) ? lo : place, lo, hi);
    const int frame = std::min(static_cast<int>(std::floor(at)), run_.end_frame() - 1);
    return {frame, std::clamp(at - frame, 0.0, 1.0)};
}

} // namespace ccdlab
