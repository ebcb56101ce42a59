#pragma once
// Time of impact against a segment whose endpoints each move linearly (seed 002).

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>

namespace ccd {

// A moving point against a moving segment (seed 002). The point is on the segment's line when
// cross(b(t) - a(t), p(t) - a(t)) = 0, a quadratic in t; a root counts when the point then
// lies between the endpoints (0 <= t2 <= 1). Decisions where the article is silent:
// - a == 0: the equation is linear and solved as such; a == b == c == 0 (the point stays on
//   the moving line all frame) is solved as a 1D problem along the line: the first t at which
//   the point enters [a(t), b(t)], reported as the endpoint it enters at;
// - a segment of zero length at the time of a root is a point there: the root counts only if
//   the point coincides with it (the article calls every such case a miss);
// - a point already on the segment at t = 0 is an overlap at t = 0.
// The normal is the segment's normal on the side the point came from (for an endpoint reached
// along the line, opposite to the relative motion).
std::optional<Hit> time_of_impact(Vec2 mover, Vec2 displacement, const MovingSegment& obstacle,
                                  Trace* trace = nullptr);

// A moving circle against a moving segment: the general case. The end caps are circle-point
// quadratics in relative motion (exact, as for a static segment); the band is the quartic
// cross(u(t), w(t))^2 - r^2 |u(t)|^2 = 0, whose roots in [0, 1] are isolated between the roots
// of its derivatives and bisected to adjacent doubles, then polished on the distance
// function (docs/accuracy.md states the contract and how it is met). When both endpoints move alike
// the segment only translates and the exact static method runs in its frame.
std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement,
                                  const MovingSegment& obstacle, Trace* trace = nullptr);

} // namespace ccd
