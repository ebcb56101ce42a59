// The certified answer against a query's label (bench_run.hpp, reference_disagreement).
#include "ccd/bench_run.hpp"

#include <cstdio>

namespace ccd {
namespace {

std::string times(const char* pattern, double a, double b, double c) {
    char text[160];
    std::snprintf(text, sizeof text, pattern, a, b, c);
    return text;
}

} // namespace

std::optional<std::string> reference_disagreement(const BenchLabel& label,
                                                  const std::optional<Hit>& certified) {
    if (!certified) {
        if (label.contact != BenchContact::Hit) return std::nullopt;
        return times("the certified answer is no contact; the label is a hit in [%.17g, %.17g]",
                     label.t_lo, label.t_hi, 0.0);
    }
    if (label.contact == BenchContact::Miss)
        return times("the certified answer is a hit at t = %.17g; the label is a miss (least "
                     "distance %.17g)",
                     certified->t, label.least, 0.0);
    // A graze's t_hi is 1: its first contact within the tolerance is no earlier than t_lo.
    if (certified->t < label.t_lo || certified->t > label.t_hi)
        return times("the certified hit at t = %.17g is outside the label's [%.17g, %.17g]",
                     certified->t, label.t_lo, label.t_hi);
    return std::nullopt;
}

} // namespace ccd
