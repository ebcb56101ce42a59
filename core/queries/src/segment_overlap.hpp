#pragma once
// Whether a circle already touches a segment at t = 0, decided from the very quantities the
// sweep uses afterwards (the projection dot(c - a, u), the signed area cross(u, c - a), the
// offsets to the endpoints). Deciding it from a rounded closest point instead can disagree with
// the band test by an ulp, and a circle a hair inside the band would then be neither
// overlapping nor entering: a miss that tunnels.

#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <cmath>
#include <optional>

namespace ccd::detail {

struct SegmentOverlap {
    Vec2 point;  // closest point on the segment
    Vec2 normal; // from the segment toward the center; see below when the center is on it
    Feature feature;
    double along; // parameter of `point` on the segment, 0 at a and 1 at b
};

// The offset of `p` from the segment's nearer end (by the larger coordinate of each offset).
// The signed area cross(b - a, p - a) is cross(b - a, p - b): measured from the nearer end, a
// point a hair from b keeps its offset, which p - a, rounded at the scale of |b - a|, loses.
inline Vec2 offset_from_nearer_end(Vec2 p, const Segment& segment) {
    const Vec2 from_a = p - segment.a, from_b = p - segment.b;
    const auto size = [](Vec2 v) { return std::fmax(std::fabs(v.x), std::fabs(v.y)); };
    return size(from_b) < size(from_a) ? from_b : from_a;
}

// Which offset the signed area is measured from: end a's (what the sweeps of a moving segment
// measure from), or the nearer end's (the point query's, exact near either end).
enum class AreaFrom { EndA, NearerEnd };

// Nothing when the circle is clear of the segment. When the center lies exactly on the segment
// the normal is the segment's normal on the side opposite to `relative_motion` (or its left
// normal when there is no motion).
inline std::optional<SegmentOverlap> overlap_at_start(const Circle& mover, const Segment& segment,
                                                      Vec2 relative_motion,
                                                      AreaFrom area_from = AreaFrom::EndA) {
    const Vec2 u = segment.b - segment.a;
    const Vec2 w = mover.center - segment.a;
    const double length2 = dot(u, u);
    const double along = dot(w, u);
    const auto cap = [&](Vec2 end, Feature feature, double at) -> std::optional<SegmentOverlap> {
        const Vec2 offset = mover.center - end;
        if (accurate_distance_squared_minus(offset, mover.radius) > 0.0) return std::nullopt;
        Vec2 normal = normalized_or(offset, Vec2{});
        if (normal == Vec2{}) normal = normalized_or(-relative_motion, Vec2{0.0, 1.0});
        return SegmentOverlap{end, normal, feature, at};
    };
    if (along <= 0.0 || !(length2 > 0.0)) return cap(segment.a, Feature::EndpointA, 0.0);
    // Beside b: decided from the projection measured from b, exact near b (measured from a, a
    // point an ulp of |u|^2 short of b rounded past it).
    if (dot(mover.center - segment.b, u) >= 0.0) return cap(segment.b, Feature::EndpointB, 1.0);

    const double length = std::sqrt(length2);
    const double area = accurate_cross( // signed distance times |u|
        u, area_from == AreaFrom::EndA ? w : offset_from_nearer_end(mover.center, segment));
    if (std::fabs(area) > mover.radius * length) return std::nullopt;
    // (|u|^2 subnormal or near it: its root is inexact, hypot's care.)
    Vec2 normal =
        length2 >= 0x1p-900 ? perp(u) * (1.0 / length) : normalized_or(perp(u), Vec2{0.0, 1.0});
    if (area < 0.0 || (area == 0.0 && dot(normal, relative_motion) > 0.0)) normal = -normal;
    return SegmentOverlap{segment.a + u * (along / length2), normal, Feature::SegmentInterior,
                          along / length2};
}

} // namespace ccd::detail
