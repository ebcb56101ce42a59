#pragma once
// A random star-shaped polygon about the origin for the polygon sweeps' property tests: 3 to 8
// vertices at jittered, increasing angles (simple, often not convex), 0.5 to 2 from the origin.

#include "ccd/toi_polygon.hpp"

#include <cmath>
#include <random>

namespace ccd_test {

inline ccd::Polygon random_polygon(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> count(3, 8);
    std::uniform_real_distribution<double> radius(0.5, 2.0), jitter(-0.2, 0.2);
    const int n = count(rng);
    ccd::Polygon p;
    for (int i = 0; i < n; ++i) {
        const double angle = 2.0 * M_PI * (i + jitter(rng)) / n;
        const double r = radius(rng);
        p.vertices.push_back({r * std::cos(angle), r * std::sin(angle)});
    }
    return p;
}

} // namespace ccd_test
