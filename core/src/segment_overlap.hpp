#pragma once
// Whether a circle already touches a segment at t = 0, decided from the very quantities the
// sweep uses afterwards (the projection dot(c - a, u), the signed area cross(u, c - a), the
// offsets to the endpoints). Deciding it from a rounded closest point instead can disagree with
// the band test by an ulp, and a circle a hair inside the band would then be neither
// overlapping nor entering: a miss that tunnels.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <optional>

namespace ccd::detail {

struct SegmentOverlap {
    Vec2 point;  // closest point on the segment
    Vec2 normal; // from the segment toward the center; see below when the center is on it
    Feature feature;
    double along; // parameter of `point` on the segment, 0 at a and 1 at b
};

// Nothing when the circle is clear of the segment. When the center lies exactly on the segment
// the normal is the segment's normal on the side opposite to `relative_motion` (or its left
// normal when there is no motion).
std::optional<SegmentOverlap> overlap_at_start(const Circle& mover, const Segment& segment,
                                               Vec2 relative_motion);

} // namespace ccd::detail
