#pragma once
// Two runs' events compared as the runs are stepped, frame by frame: find_divergence's answer
// (ccd/run_divergence.hpp) without keeping either run. It holds one frame's events of each run
// and the listed differences, whatever the number of frames (`ccdlab-cli diff --frames 100000`
// on a scene of thousands of events a frame held every event of both runs before: 0.75 MB a
// frame on the stress scene, std::bad_alloc at 100,000 frames).
//
// Why a frame is enough: the events are compared index by index over the whole runs. When a
// frame ends, every index that one run has reached and the other has not is a difference
// already: the other run's event there, if it ever comes, comes in a later frame (its frame
// field differs), or never (one run has none there). So those indices are counted at once, and
// only the listed ones keep their event, to be completed when the other run's comes.

#include "ccd/run_divergence.hpp"

#include <cstddef>
#include <deque>
#include <vector>

namespace ccd {

class DivergenceStream {
public:
    explicit DivergenceStream(const DivergenceTolerance& tolerance = {},
                              std::size_t max_listed = 100);

    // The events each run processed in one frame (every earlier frame given before, the same
    // frame for both).
    void add_frame(const std::vector<RunEvent>& a, const std::vector<RunEvent>& b);
    // What find_divergence gives for the two runs given so far, field by field.
    const RunDivergence& divergence() const { return result_; }
    // The most events the stream held at once beyond the frame given (in the listed
    // differences): at most 2 x max_listed, whatever the number of frames.
    std::size_t held_at_most() const { return held_at_most_; }

private:
    // Index `index` differs, with one run's event there and the other's not yet (or never).
    void declare(std::size_t index, const RunEvent* a, const RunEvent* b);
    // The other run's event at an index already declared, completing its listed difference.
    void complete(std::size_t index, const RunEvent& event, bool from_a);
    void list(EventDifference difference);

    DivergenceTolerance tolerance_;
    std::size_t max_listed_;
    RunDivergence result_;
    std::size_t resolved_ = 0; // every index below it is compared or declared
    // Listed differences (their place in result_.differences) waiting for run a's or run b's
    // event, in index order.
    std::deque<std::size_t> awaiting_a_, awaiting_b_;
    std::size_t held_at_most_ = 0;
};

} // namespace ccd
