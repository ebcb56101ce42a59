#pragma once
// EarliestOfQueries: the earliest answer among several queries a compound query asks (a
// polygon's every vertex-edge pair, a circle against each edge), for any query that is made of
// others.

#include "ccd/hit.hpp"
#include "ccd/trace.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace ccd::detail {

// A sweep's candidate queries and their earliest answer, their traces gathered under the
// sweep's: each query's candidates renamed after its pair and tagged with it, and at the end
// every root a query took but the answer's own marked later than the best.
class EarliestOfQueries {
public:
    explicit EarliestOfQueries(Trace* trace) : trace_(trace) {}

    // Where the next query writes its trace (nothing when the sweep has none).
    Trace* part() {
        if (!trace_) return nullptr;
        part_ = Trace{};
        return &part_;
    }
    // Moves the last query's candidates into the sweep's trace: named `name`, or `name: ` and
    // their own name when `keep_names`; `tag` sets their feature and the parts they pair.
    template <class Tag>
    void record(const std::string& name, bool keep_names, Tag tag) {
        last_first_ = trace_ ? trace_->candidates.size() : 0;
        if (!trace_) return;
        if (part_.overlap_at_start) trace_->overlap_at_start = true;
        for (TraceCandidate& c : part_.candidates) {
            c.name = keep_names ? name + ": " + c.name : name;
            tag(c);
            trace_->candidates.push_back(std::move(c));
        }
    }
    // Takes `hit` (already in the world's terms) when it is earlier than the best so far.
    void offer(const Hit& hit) {
        if (best_ && best_->t <= hit.t) return;
        best_ = hit;
        best_first_ = last_first_;
        best_last_ = trace_ ? trace_->candidates.size() : 0;
    }
    // The answer, with the trace settled.
    std::optional<Hit> answer() {
        if (trace_) {
            for (std::size_t c = 0; c < trace_->candidates.size(); ++c)
                for (TraceRoot& root : trace_->candidates[c].roots)
                    if (root.verdict == RootVerdict::Taken &&
                        (c < best_first_ || c >= best_last_ || !best_))
                        root.verdict = RootVerdict::LaterThanBest;
        }
        return best_;
    }

private:
    Trace* trace_;
    Trace part_;
    std::optional<Hit> best_;
    std::size_t last_first_ = 0, best_first_ = 0, best_last_ = 0;
};

} // namespace ccd::detail
