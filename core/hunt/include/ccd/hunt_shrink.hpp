#pragma once
// The shrinker (docs/hunt.md, "Shrinking"): a finding's input made simpler, one step at a time,
// each step kept only while the input still goes wrong the same way (the same class: the same
// verdict, a metamorphic change under the same invariance, a crash). Structure first (fewer
// polygon vertices, no turn where none is needed, fewer whole turns, shorter motions, no
// rounding radius), then each number toward zero (0, 1 of its sign, a tenth of it while it is 10
// or more) and toward a short decimal (the fewest significant digits, 1 to 6, that still fail),
// then the whole case moved so that the obstacle's first point sits on the origin. A step that
// would make a shape degenerate (a circle of radius 0, a segment of no length, a polygon of no
// area) is not taken. Deterministic: the steps are tried in a fixed order until none is taken or
// the budget of judged inputs runs out.

#include "ccd/algorithms.hpp"
#include "ccd/hunt.hpp"

namespace ccd {

struct ShrinkOptions {
    int max_evaluations = 1000; // inputs judged at most, per finding
};

struct Shrunk {
    Finding finding;     // the finding on its simplest input found (rejudged)
    int evaluations = 0; // inputs judged
    int steps = 0;       // simplifications taken
};

// The simplest input found on which `finding` still goes wrong the same way.
Shrunk shrink(const Finding& finding, const Algorithm& algorithm, const HuntOptions& options,
              const ShrinkOptions& shrink_options = {});

// The fewest significant digits (1 to 17) with which `value` prints as a decimal that reads
// back as `value`.
int significant_digits(double value);

} // namespace ccd
