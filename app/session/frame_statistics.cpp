#include "frame_statistics.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ccdlab {

FramePercentiles percentiles(std::span<const double> samples) {
    if (samples.empty()) return {};
    std::vector<double> sorted(samples.begin(), samples.end());
    std::sort(sorted.begin(), sorted.end());
    const auto rank = [&](double p) {
        const auto n = static_cast<double>(sorted.size());
        const auto k = static_cast<std::size_t>(std::max(1.0, std::ceil(p / 100.0 * n)));
        return sorted[k - 1];
    };
    return {rank(50.0), rank(90.0), rank(95.0), rank(99.0), sorted.back()};
}

} // namespace ccdlab
