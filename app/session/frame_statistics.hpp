#pragma once
// Frame-time percentiles for --bench-frames (docs/performance-app.md).

#include <span>

namespace ccdlab {

struct FramePercentiles {
    double p50 = 0.0, p90 = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0;
};

// Nearest-rank percentiles of `samples` (any order; empty gives zeros): the p-th percentile is
// the smallest sample with at least p% of the samples at or below it.
FramePercentiles percentiles(std::span<const double> samples);

} // namespace ccdlab
