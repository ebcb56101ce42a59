#pragma once
// Real roots of small polynomials, solved without cancellation.

#include <array>

namespace ccd {

// Roots of a t^2 + b t + c = 0 in increasing order. Degenerates are defined: a == 0 is linear,
// a == b == 0 has no root unless c == 0, in which case `every_t` is set (f vanishes everywhere).
struct QuadraticRoots {
    int count = 0;
    std::array<double, 2> t{};
    double discriminant = 0.0; // b^2 - 4ac, with Kahan's fma correction when it cancels
    bool every_t = false;
};

// Uses q = -(b + sign(b) sqrt(disc)) / 2, roots q / a and c / q: neither subtracts nearly equal
// numbers.
QuadraticRoots solve_quadratic(double a, double b, double c);

// b^2 - 4ac accurate to a few ulps of the result (Kahan).
double discriminant(double a, double b, double c);

// The roots of the polynomial sum(coefficients[i] t^i) (degree <= 4) in [lo, hi], increasing,
// found by isolating monotone pieces between the roots of the derivative and bisecting each to
// adjacent doubles. A root where the polynomial only touches zero counts. Returns the count.
int roots_in_interval(const std::array<double, 5>& coefficients, double lo, double hi,
                      std::array<double, 4>& roots);

} // namespace ccd
