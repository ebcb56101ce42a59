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

// A double-double: hi + lo with |lo| <= ulp(hi) / 2, about 106 bits. Enough, on products and
// sums of a few products of doubles, to solve a quadratic whose roots nearly coincide: a double
// root's position is as sensitive as the square root of the coefficients' error, so coefficients
// rounded to double (2^-53) place it to about 1e-8 only, and double-double ones to about 1e-16.
struct DoubleDouble {
    double hi = 0.0, lo = 0.0;
    double value() const { return hi + lo; }
};

inline DoubleDouble two_sum(double a, double b) {
    const double s = a + b;
    const double bb = s - a;
    return {s, (a - (s - bb)) + (b - bb)};
}
inline DoubleDouble quick_two_sum(double a, double b) { // |a| >= |b|
    const double s = a + b;
    return {s, b - (s - a)};
}
inline DoubleDouble product(double a, double b) { // exact (barring underflow)
    const double p = a * b;
    return {p, std::fma(a, b, -p)};
}
inline DoubleDouble operator+(DoubleDouble a, DoubleDouble b) {
    const DoubleDouble s = two_sum(a.hi, b.hi);
    const DoubleDouble t = two_sum(a.lo, b.lo);
    const DoubleDouble u = quick_two_sum(s.hi, s.lo + t.hi);
    return quick_two_sum(u.hi, u.lo + t.lo);
}
inline DoubleDouble operator-(DoubleDouble a) {
    return {-a.hi, -a.lo};
}
inline DoubleDouble operator-(DoubleDouble a, DoubleDouble b) {
    return a + -b;
}
inline DoubleDouble operator*(DoubleDouble a, DoubleDouble b) {
    const DoubleDouble p = product(a.hi, b.hi);
    return quick_two_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}
inline DoubleDouble operator*(DoubleDouble a, double b) {
    return a * DoubleDouble{b, 0.0};
}
inline DoubleDouble operator/(DoubleDouble a, DoubleDouble b) {
    const double q1 = a.hi / b.hi;
    if (!std::isfinite(q1)) return {q1, 0.0};
    const DoubleDouble r = a - b * q1;
    const double q2 = r.hi / b.hi;
    return quick_two_sum(q1, q2);
}
// The square root of a >= 0: one Newton step on the double square root.
inline DoubleDouble square_root(DoubleDouble a) {
    if (!(a.hi > 0.0)) return {};
    const double s = std::sqrt(a.hi);
    const DoubleDouble e = a - product(s, s);
    return quick_two_sum(s, e.hi / (2.0 * s));
}
// cross(a, b) in double-double: exact up to one rounding at 2^-106.
inline DoubleDouble cross_dd(Vec2 a, Vec2 b) {
    return product(a.x, b.y) - product(a.y, b.x);
}

} // namespace ccd::detail
