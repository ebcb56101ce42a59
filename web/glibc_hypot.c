/* hypot for the web build, rounding as Debian 12's glibc (2.36) does on x86-64, bit for bit.
 * The core's lengths (ccd/vec2.hpp) use std::hypot; emscripten's libc (musl) rounds about one
 * result in seven differently, so an event's time could differ from the native build's in the
 * last bit. Linked into the page (app/CMakeLists.txt), this definition replaces musl's.
 * The algorithm is C. F. Borges, "An Improved Algorithm for hypot(a, b)" (2019), as glibc
 * uses it without a fused multiply-add: the square root of the rounded sum of squares, then one
 * correction step; inputs scaled by 2^-600 or 2^600 away from overflow and underflow. Checked
 * against glibc's hypot on 3,000,000 inputs (random bit patterns and values in [-30, 30]): no
 * difference. */
#include <math.h>

static double corrected_root(double ax, double ay) {
    double h = sqrt(ax * ax + ay * ay);
    double t1, t2;
    if (h <= 2.0 * ay) {
        double delta = h - ay;
        t1 = ax * (2.0 * delta - ax);
        t2 = (delta - 2.0 * (ax - ay)) * delta;
    } else {
        double delta = h - ax;
        t1 = 2.0 * delta * (ax - 2.0 * ay);
        t2 = (4.0 * delta - ay) * ay + delta * delta;
    }
    return h - (t1 + t2) / (2.0 * h);
}

double hypot(double x, double y) {
    const double scale = 0x1p-600, large = 0x1p+511, tiny = 0x1p-511, eps = 0x1p-54;
    if (!isfinite(x) || !isfinite(y)) {
        if (isinf(x) || isinf(y)) return INFINITY;
        return x + y;
    }
    x = fabs(x);
    y = fabs(y);
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
