// ccd::hypot (ccd/hypot.hpp): Borges's corrected square root, as glibc computes it.

#include "ccd/hypot.hpp"

#include <cmath>

namespace ccd {
namespace {

// sqrt(ax^2 + ay^2) for ax >= ay >= 0 with no overflow or underflow in the squares: the
// rounded root, corrected once by the rounding errors of the squares and of the sum.
double corrected_root(double ax, double ay) {
    const double h = std::sqrt(ax * ax + ay * ay);
    double t1, t2;
    if (h <= 2.0 * ay) {
        const double delta = h - ay;
        t1 = ax * (2.0 * delta - ax);
        t2 = (delta - 2.0 * (ax - ay)) * delta;
    } else {
        const double delta = h - ax;
        t1 = 2.0 * delta * (ax - 2.0 * ay);
        t2 = (4.0 * delta - ay) * ay + delta * delta;
    }
    return h - (t1 + t2) / (2.0 * h);
}

} // namespace

double hypot(double x, double y) {
    constexpr double scale = 0x1p-600, large = 0x1p+511, tiny = 0x1p-459, eps = 0x1p-54;
    if (!std::isfinite(x) || !std::isfinite(y)) {
        if (std::isinf(x) || std::isinf(y)) return INFINITY;
        return x + y;
    }
    x = std::fabs(x);
    y = std::fabs(y);
    const double ax = x < y ? y : x;
    const double ay = x < y ? x : y;
    if (ax > large) {
        if (ay <= ax * eps) return ax + ay;
        return corrected_root(ax * scale, ay * scale) / scale;
    }
    if (ay < tiny) {
        if (ax >= ay / eps) return ax + ay;
        return corrected_root(ax / scale, ay / scale) * scale;
    }
    if (ay <= ax * eps) return ax + ay;
    return corrected_root(ax, ay);
}

} // namespace ccd
