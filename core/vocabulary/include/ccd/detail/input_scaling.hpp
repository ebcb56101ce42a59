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
// 1 when it is comfortably inside the range already (or not finite: nothing to bring). The
// exponent stops at 2^1023, the largest power of two a double holds: a subnormal largest
// (down to 2^-1074) comes up to at least 2^-51, inside the range, and exactly (a power of two
// times a subnormal is exact while the product is normal). Scaling down, inputs far below the
// largest (by more than 2^1074) may round to zero or to fewer bits: a change of at most 2^-1074
// of the scaled largest, far inside the contract (docs/accuracy.md).
inline double scale_for_largest(double largest) {
    if (largest == 0.0 || (largest < 0x1p100 && largest > 0x1p-100) || !std::isfinite(largest))
        return 1.0;
    const int exponent = std::ilogb(largest);
    return std::ldexp(1.0, exponent < -1023 ? 1023 : -exponent);
}

// How a query brings its inputs into range: every input times `scale` (a power of two), and
// those whose magnitude is then below `floor` taken as zero. Mixed magnitudes need the second
// step: an input below 2^-200 of the largest changes no distance by more than 2^-200 of the
// scale (6e-61, far inside the contract), but its products with others underflow, and a
// decision between two underflowed quantities is noise (a point 1e-20 from a subnormal-sized
// segment was "on" it: both sides of the test were zero). Once they are zero and the largest is
// near 1, every nonzero difference of inputs is at least 2^-252 and every product of four at
// least 2^-1008: nothing a query forms underflows.
struct InputRescale {
    double scale = 1.0;
    double floor = 0.0;
    bool needed() const { return scale != 1.0 || floor != 0.0; }
    double operator()(double v) const {
        const double scaled = v * scale;
        return std::fabs(scaled) < floor ? 0.0 : scaled;
    }
    Vec2 operator()(Vec2 v) const { return {(*this)(v.x), (*this)(v.y)}; }
};

// The rescaling for a query whose inputs have `largest` and `smallest` (nonzero) magnitudes:
// none for ordinary inputs (one comparison more).
inline InputRescale input_rescale_for(double largest, double smallest) {
    InputRescale out;
    out.scale = scale_for_largest(largest);
    if (smallest * 0x1p200 < largest) { // (never true for a NaN)
        const int exponent = std::ilogb(largest);
        out.scale = std::ldexp(1.0, exponent < -1023 ? 1023 : -exponent);
        out.floor = largest * out.scale * 0x1p-200;
    }
    return out;
}

inline InputRescale input_rescale(std::initializer_list<double> values) {
    double largest = 0.0, smallest = INFINITY;
    for (double v : values) { // plain comparisons: std::fmax is a library call
        const double magnitude = std::fabs(v);
        if (magnitude > largest) largest = magnitude;
        if (magnitude < smallest && magnitude > 0.0) smallest = magnitude;
    }
    return input_rescale_for(largest, smallest);
}

} // namespace ccd::detail
