#pragma once
// Closest point on a segment to a point: seed 001's branch on the two dot products, and seed
// 003's clamped projection (the two agree; docs/discrete.md says where they may differ).

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

namespace ccd {

struct ClosestPoint {
    Vec2 point;
    Feature feature; // EndpointA / EndpointB when the projection falls at or past an end
};

ClosestPoint closest_point_on_segment(Vec2 p, const Segment& segment);

// Seed 003: project p on the segment's line as a + u r, r = dot(p - a, u) / |u|^2, clamp r to
// [0, 1]. A clamped r returns the endpoint itself (not a + u * 1, which may round away from b);
// a zero-length segment returns a (seed 003 divides by zero there).
ClosestPoint closest_point_on_segment_clamped(Vec2 p, const Segment& segment);

} // namespace ccd
