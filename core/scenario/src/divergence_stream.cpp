#include "ccd/divergence_stream.hpp"

#include <algorithm>
#include <utility>

namespace ccd {

DivergenceStream::DivergenceStream(const DivergenceTolerance& tolerance, std::size_t max_listed)
    : tolerance_(tolerance), max_listed_(max_listed) {}

void DivergenceStream::list(EventDifference difference) {
    ++result_.differing;
    if (result_.differences.size() >= max_listed_) return;
    result_.differences.push_back(std::move(difference));
    std::size_t held = 0;
    for (const EventDifference& d : result_.differences)
        held += (d.a ? 1 : 0) + (d.b ? 1 : 0);
    held_at_most_ = std::max(held_at_most_, held);
}

void DivergenceStream::declare(std::size_t index, const RunEvent* a, const RunEvent* b) {
    EventDifference d;
    d.index = index;
    if (a) d.a = *a;
    if (b) d.b = *b;
    d.fields.missing = true; // until the other run's event comes, if it does
    const bool listed = result_.differences.size() < max_listed_;
    list(std::move(d));
    if (listed) (a ? awaiting_b_ : awaiting_a_).push_back(result_.differences.size() - 1);
}

void DivergenceStream::complete(std::size_t index, const RunEvent& event, bool from_a) {
    std::deque<std::size_t>& awaiting = from_a ? awaiting_a_ : awaiting_b_;
    if (awaiting.empty() || result_.differences[awaiting.front()].index != index) return;
    EventDifference& listed = result_.differences[awaiting.front()];
    awaiting.pop_front();
    // The frames differ (the other event came in an earlier frame): still a difference.
    listed = from_a ? compare_events(event, *listed.b, tolerance_)
                    : compare_events(*listed.a, event, tolerance_);
    listed.index = index;
}

void DivergenceStream::add_frame(const std::vector<RunEvent>& a, const std::vector<RunEvent>& b) {
    const std::size_t first_a = result_.events_a, first_b = result_.events_b;
    result_.events_a += a.size();
    result_.events_b += b.size();
    // The events at indices declared in an earlier frame, where the other run was ahead.
    for (std::size_t k = first_a; k < std::min(resolved_, result_.events_a); ++k)
        complete(k, a[k - first_a], true);
    for (std::size_t k = first_b; k < std::min(resolved_, result_.events_b); ++k)
        complete(k, b[k - first_b], false);
    // Both runs' events of this frame, index by index.
    const std::size_t both = std::min(result_.events_a, result_.events_b);
    for (std::size_t k = resolved_; k < both; ++k) {
        EventDifference d = compare_events(a[k - first_a], b[k - first_b], tolerance_);
        d.index = k;
        if (d.fields.any()) list(std::move(d));
    }
    // One run's alone: differences whatever the other run does later.
    const std::size_t reached = std::max(result_.events_a, result_.events_b);
    for (std::size_t k = std::max(resolved_, both); k < reached; ++k)
        declare(k, k < result_.events_a ? &a[k - first_a] : nullptr,
                k < result_.events_b ? &b[k - first_b] : nullptr);
    resolved_ = std::max(resolved_, reached);
}

} // namespace ccd
