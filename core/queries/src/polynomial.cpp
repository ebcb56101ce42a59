#include "ccd/polynomial.hpp"

#include <algorithm>
#include <cmath>

namespace ccd {

double discriminant(double a, double b, double c) {
    const double p = b * b;
    const double q = 4.0 * a * c;
    const double d = p - q;
    if (std::fabs(d) * 3.0 >= std::fabs(p) + std::fabs(q)) return d; // no severe cancellation
    const double dp = std::fma(b, b, -p);
    const double dq = std::fma(4.0 * a, c, -q);
    return d + (dp - dq);
}

QuadraticRoots solve_quadratic(double a, double b, double c) {
    QuadraticRoots out;
    if (a == 0.0) {
        if (b == 0.0) {
            out.every_t = c == 0.0;
            return out;
        }
        out.count = 1;
        out.t[0] = -c / b;
        return out;
    }
    out.discriminant = discriminant(a, b, c);
    if (out.discriminant < 0.0) return out;
    const double q = -0.5 * (b + std::copysign(std::sqrt(out.discriminant), b));
    if (q == 0.0) { // b == 0 and disc == 0, so c == 0: a double root at 0
        out.count = 2;
        return out;
    }
    const double r1 = q / a, r2 = c / q;
    out.count = 2;
    out.t = {std::fmin(r1, r2), std::fmax(r1, r2)};
    return out;
}

namespace {

double evaluate(const std::array<double, 5>& p, int degree, double t) {
    double v = p[degree];
    for (int i = degree - 1; i >= 0; --i)
        v = std::fma(v, t, p[i]);
    return v;
}

int degree_of(const std::array<double, 5>& p) {
    int d = 4;
    while (d > 0 && p[d] == 0.0)
        --d;
    return d;
}

// p is monotone on [lo, hi] with a sign change or a zero at an end: bisect to adjacent doubles.
double bisect(const std::array<double, 5>& p, int degree, double lo, double hi) {
    double flo = evaluate(p, degree, lo);
    if (flo == 0.0) return lo;
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        const double fmid = evaluate(p, degree, mid);
        if (fmid == 0.0) return mid;
        if ((fmid > 0.0) == (flo > 0.0)) {
            lo = mid;
            flo = fmid;
        } else {
            hi = mid;
        }
    }
    return std::fabs(evaluate(p, degree, lo)) <= std::fabs(evaluate(p, degree, hi)) ? lo : hi;
}

} // namespace

int roots_in_interval(const std::array<double, 5>& p, double lo, double hi,
                      std::array<double, 4>& roots) {
    const int degree = degree_of(p);
    int count = 0;
    if (degree == 0) return 0; // constant (a zero polynomial has no isolated roots)
    if (degree <= 2) {
        const QuadraticRoots q = solve_quadratic(p[2], p[1], p[0]);
        for (int i = 0; i < q.count; ++i)
            if (q.t[i] >= lo && q.t[i] <= hi && (count == 0 || q.t[i] != roots[count - 1]))
                roots[count++] = q.t[i];
        return count;
    }
    // Split [lo, hi] at the derivative's roots: p is monotone on each piece.
    std::array<double, 5> derivative{};
    for (int i = 1; i <= degree; ++i)
        derivative[i - 1] = p[i] * i;
    std::array<double, 4> critical{};
    const int critical_count = roots_in_interval(derivative, lo, hi, critical);
    std::array<double, 6> knots{};
    int knot_count = 0;
    knots[knot_count++] = lo;
    for (int i = 0; i < critical_count; ++i)
        if (critical[i] > lo && critical[i] < hi) knots[knot_count++] = critical[i];
    knots[knot_count++] = hi;
    for (int k = 0; k + 1 < knot_count; ++k) {
        const double a = knots[k], b = knots[k + 1];
        const double fa = evaluate(p, degree, a), fb = evaluate(p, degree, b);
        double root;
        if (fa == 0.0)
            root = a;
        else if ((fa > 0.0) != (fb > 0.0) || fb == 0.0)
            root = fb == 0.0 ? b : bisect(p, degree, a, b);
        else
            continue;
        if (count == 0 || root != roots[count - 1]) roots[count++] = root;
        if (count == 4) break;
    }
    return count;
}

} // namespace ccd
