#pragma once
// Error-free transformations (fma-based) used where a difference of nearly equal products
// would otherwise cancel. Internal to the core.

#include "ccd/vec2.hpp"

#include <cmath>

namespace ccd::detail {

// cross(a, b) = a.x*b.y - a.y*b.x with Kahan's fma trick: accurate to a few ulps of the
// result even when the two products nearly cancel.
inline double accurate_cross(Vec2 a, Vec2 b) {
    const double w = a.y * b.x;
    const double e = std::fma(-a.y, b.x, w); // exact rounding error of w, negated
    const double f = std::fma(a.x, b.y, -w);
    return f + e;
}

// |v|^2 - r^2, compensated: exact up to the final rounding when |v| is close to r, which is
// exactly when a circle starts a hair away from a point.
inline double accurate_distance_squared_minus(Vec2 v, double r) {
    const double px = v.x * v.x, ex = std::fma(v.x, v.x, -px);
    const double py = v.y * v.y, ey = std::fma(v.y, v.y, -py);
    const double pr = r * r, er = std::fma(r, r, -pr);
    const double s = px + py;
    const double bp = s - px;
    const double es = (px - (s - bp)) + (py - bp); // TwoSum error of px + py
    return (s - pr) + (es + ex + ey - er);
}

} // namespace ccd::detail
