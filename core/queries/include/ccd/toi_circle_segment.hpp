#pragma once
// Time of impact of a moving circle (or point) against a static or translating segment. A
// segment whose endpoints move on their own: toi_moving_segment.hpp.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

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
std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                                  Trace* trace = nullptr);

// The query above against a prepared segment (ccd/shapes.hpp): the same answer, bit for bit (and
// the same trace), with the segment's own arithmetic already done (docs/performance.md: about a
// tenth faster).
std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement,
                                  const PreparedSegment& obstacle, Trace* trace = nullptr);

// The same against a segment that translates by `obstacle_displacement` over the frame:
// solved exactly in the segment's frame (relative motion). The contact point is where the
// segment is at time t.
std::optional<Hit> time_of_impact_translating(const Circle& mover, Vec2 displacement,
                                              const Segment& obstacle, Vec2 obstacle_displacement,
                                              Trace* trace = nullptr);

// A point (a circle of radius 0) against a static segment: a ray cast whose time of impact
// needs no square root (the unit normal needs one). The trace holds the "line crossing"
// (cross(u, w(t)) = 0, linear) and, for a point that starts on the segment's line beside it,
// "end A along the line" and "end B along the line": |m + d t|^2, whose double root is the
// time the point reaches that end moving along the line.
std::optional<Hit> time_of_impact(Vec2 mover, Vec2 displacement, const Segment& obstacle,
                                  Trace* trace = nullptr);

} // namespace ccd
