#pragma once
// The entry time of a point moving against a static disk: the building block of every cap,
// of circle-point and of circle-circle. Inline: it is the hot path of every query.

#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/trace.hpp"
#include "ccd/vec2.hpp"

#include <cmath>
#include <optional>

namespace ccd::detail {

// A point starts at `offset` from a disk's center, outside the disk of radius `radius`, and
// moves by `displacement` over t in [0, 1]. Returns the first t in [0, 1] with
// |offset + displacement * t| <= radius, or nothing. With `candidate`, also records the
// quadratic |offset + displacement t|^2 - radius^2 and both of its roots.
inline std::optional<double> first_touch_of_disk(Vec2 offset, Vec2 displacement, double radius,
                                                 TraceCandidate* candidate = nullptr);

// Verdict on a root that is otherwise valid, by where it falls in the frame.
inline RootVerdict frame_verdict(double t) {
    return t < 0.0   ? RootVerdict::BeforeFrame
           : t > 1.0 ? RootVerdict::AfterFrame
                     : RootVerdict::Taken;
}

// Verdict on an exit root (where the shapes separate again), by where it falls in the frame.
inline RootVerdict exit_verdict(double t) {
    return t < 0.0 || t > 1.0 ? frame_verdict(t) : RootVerdict::Leaving;
}

// Records A t^2 + 2 B t + C (the squared distance to a disk's center minus its squared radius)
// and its discriminant B^2 - A C as the query computed it; its two roots, entry and exit, in the
// stable form q / A and C / q, or why there are none.
inline void record_disk_quadratic(TraceCandidate& candidate, double a, double b, double c,
                                  double disc) {
    candidate.a = a;
    candidate.b = 2.0 * b;
    candidate.c = c;
    candidate.discriminant = 4.0 * disc;
    if (!(a > 0.0)) {
        candidate.note = "no relative motion";
    } else if (disc < 0.0) {
        candidate.note = "no real root: the path passes the disk by";
    } else {
        const double q = -(b + std::copysign(std::sqrt(disc), b));
        const double r1 = q / a, r2 = q != 0.0 ? c / q : 0.0;
        const double entry = std::fmin(r1, r2), exit = std::fmax(r1, r2);
        candidate.roots.push_back({entry, frame_verdict(entry)});
        candidate.roots.push_back({exit, exit_verdict(exit)});
    }
}

// |m + d t|^2 = r^2 is A t^2 + 2 B t + C = 0 with A = d.d, B = d.m, C = m.m - r^2 > 0.
// The textbook discriminant B^2 - A C cancels catastrophically for a small disk far away, so
// we use Lagrange's identity instead: B^2 - A C = A r^2 - cross(d, m)^2 = (r|d| - k)(r|d| + k)
// with k = |cross(d, m)|, the perpendicular miss distance times |d|. The entry root is then
// taken in the form C / (sqrt(disc) - B), which never subtracts nearly equal numbers (B < 0).
inline std::optional<double> first_touch_of_disk(Vec2 offset, Vec2 displacement, double radius,
                                                 TraceCandidate* candidate) {
    const double a = dot(displacement, displacement);
    const double b = dot(displacement, offset);
    const double c = accurate_distance_squared_minus(offset, radius);
    const double reach = radius * std::sqrt(a);
    const double miss = std::fabs(accurate_cross(displacement, offset));
    const double disc = (reach - miss) * (reach + miss); // B^2 - A C

    if (candidate) record_disk_quadratic(*candidate, a, b, c, disc);

    if (!(a > 0.0) || b >= 0.0 || disc < 0.0) return std::nullopt; // still, receding or passing
    if (c <= 0.0) return 0.0; // callers rule this out; answer it anyway
    const double t = c / (std::sqrt(disc) - b);
    if (t > 1.0) return std::nullopt;
    return t;
}

} // namespace ccd::detail
