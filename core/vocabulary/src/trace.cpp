#include "ccd/trace.hpp"

#include <utility>

namespace ccd {

std::string_view to_string(RootVerdict verdict) {
    switch (verdict) {
    case RootVerdict::Taken:
        return "taken";
    case RootVerdict::BeforeFrame:
        return "before the frame (t < 0)";
    case RootVerdict::AfterFrame:
        return "after the frame (t > 1)";
    case RootVerdict::OffFeature:
        return "contact off the segment";
    case RootVerdict::Leaving:
        return "exit root (separating)";
    case RootVerdict::NotApproaching:
        return "not approaching";
    case RootVerdict::LaterThanBest:
        return "later than the best";
    case RootVerdict::Rounding:
        return "no contact there (a root of the rounding)";
    }
    return "unknown";
}

std::string_view to_string(BracketVerdict verdict) {
    switch (verdict) {
    case BracketVerdict::NoContact:
        return "bound says no contact";
    case BracketVerdict::ContactFound:
        return "contact found";
    case BracketVerdict::Refined:
        return "refined";
    case BracketVerdict::StepLimit:
        return "step limit";
    }
    return "unknown";
}

void Trace::begin(std::string_view query_name) {
    query = query_name;
    overlap_at_start = false;
    candidates.clear();
    search.reset();
    iterative.reset();
    chords.clear();
}

TraceCandidate& Trace::add_candidate(std::string_view name, Feature feature) {
    TraceCandidate& candidate = candidates.emplace_back();
    candidate.name = name;
    candidate.feature = feature;
    return candidate;
}

void Trace::settle(const Hit* hit) {
    bool taken = false;
    for (TraceCandidate& candidate : candidates) {
        for (TraceRoot& root : candidate.roots) {
            if (root.verdict != RootVerdict::Taken) continue;
            const bool is_answer = !taken && hit && !hit->overlap &&
                                   candidate.feature == hit->feature && root.t == hit->t;
            if (is_answer)
                taken = true;
            else
                root.verdict = RootVerdict::LaterThanBest;
        }
    }
}

void Trace::add_iterative(std::string_view name, IterativeSearch summary,
                          const std::optional<Hit>& answer, std::span<const double> times) {
    TraceCandidate& candidate =
        add_candidate(name, answer ? answer->feature : Feature::SegmentInterior);
    candidate.note = summary.explanation;
    for (const double t : times)
        candidate.roots.push_back({t, RootVerdict::LaterThanBest});
    if (answer) {
        if (!candidate.roots.empty()) candidate.roots.back().verdict = RootVerdict::Taken;
        candidate.mover_vertex = answer->mover_vertex;
        candidate.mover_edge = answer->mover_edge;
        candidate.obstacle_vertex = answer->obstacle_vertex;
        candidate.obstacle_edge = answer->obstacle_edge;
    }
    overlap_at_start = answer && answer->overlap;
    iterative = std::move(summary);
}

} // namespace ccd
