#include "first_touch.hpp"

#include "exact_arithmetic.hpp"

#include <cmath>

namespace ccd::detail {

// |m + d t|^2 = r^2 is A t^2 + 2 B t + C = 0 with A = d.d, B = d.m, C = m.m - r^2 > 0.
// The textbook discriminant B^2 - A C cancels catastrophically for a small disk far away, so
// we use Lagrange's identity instead: B^2 - A C = A r^2 - cross(d, m)^2 = (r|d| - k)(r|d| + k)
// with k = |cross(d, m)|, the perpendicular miss distance times |d|. The entry root is then
// taken in the form C / (sqrt(disc) - B), which never subtracts nearly equal numbers (B < 0).
std::optional<double> first_touch_of_disk(Vec2 offset, Vec2 displacement, double radius) {
    const double a = dot(displacement, displacement);
    const double b = dot(displacement, offset);
    if (!(a > 0.0) || b >= 0.0) return std::nullopt; // still, or not closing in
    const double c = accurate_distance_squared_minus(offset, radius);
    if (c <= 0.0) return 0.0; // callers rule this out; answer it anyway
    const double reach = radius * std::sqrt(a);
    const double miss = std::fabs(accurate_cross(displacement, offset));
    const double disc = (reach - miss) * (reach + miss);
    if (disc < 0.0) return std::nullopt; // the path passes the disk by
    const double t = c / (std::sqrt(disc) - b);
    if (t > 1.0) return std::nullopt;
    return t;
}

} // namespace ccd::detail
