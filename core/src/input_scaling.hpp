#pragma once
// Every query must answer every finite input. Squares and fourth powers of coordinates near
// the limits of double overflow (or vanish), so each public query first brings its inputs into
// [2^-100, 2^100] by an exact power of two when they are not there already. Times of impact are
// invariant under scaling; points are scaled back. Ordinary inputs pay one comparison.

#include "ccd/vec2.hpp"

#include <cmath>
#include <initializer_list>

namespace ccd::detail {

// The power of two that brings `largest` (the largest magnitude among the inputs) near 1, or
// 1 when it is comfortably inside the range already.
inline double scale_for_largest(double largest) {
    if (largest == 0.0 || (largest < 0x1p100 && largest > 0x1p-100)) return 1.0;
    return std::ldexp(1.0, -std::ilogb(largest));
}

// The power of two to multiply every input by, or 1 when none is needed.
inline double input_scale(std::initializer_list<double> values) {
    double largest = 0.0;
    for (double v : values) { // plain comparisons: std::fmax is a library call
        const double magnitude = std::fabs(v);
        if (magnitude > largest) largest = magnitude;
    }
    return scale_for_largest(largest);
}

} // namespace ccd::detail
