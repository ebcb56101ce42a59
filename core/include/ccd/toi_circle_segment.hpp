#pragma once
// Time of impact of a moving circle against a static segment.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <optional>

namespace ccd {

// The circle moves linearly: center(t) = mover.center + displacement * t, t in [0, 1].
// Returns the first t at which the distance from center(t) to the segment is <= radius
// (touching counts), or nothing when that never happens within the frame.
//
// The segment inflated by the radius is a capsule: a band along the interior and two end-cap
// disks. The band is entered when the signed distance to the segment's line, which is linear in
// t, reaches +-radius with the projection inside the segment; each cap is a circle-point
// quadratic. The first contact is the earliest of the three; on an exact tie the interior wins,
// then endpoint A. A zero-length segment is a point (reported as EndpointA). A circle that
// already touches at t = 0 returns t = 0 with overlap set.
std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, const Segment& obstacle);

} // namespace ccd
