#pragma once
// Time of impact of a moving circle against a static point, and of two moving circles.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>

namespace ccd {

// The circle's center moves by `displacement` over t in [0, 1]; the first t at which it is
// within `mover.radius` of `point` (seed 000, case 2). The candidate equation is
// |center(t) - point|^2 - r^2 = 0; a circle moving away or passing by misses, one that already
// touches returns t = 0 with overlap set. Feature: Point.
std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, Vec2 point,
                                  Trace* trace = nullptr);

// Two circles both moving linearly. Solved in the obstacle's frame as a point against a disk of
// the summed radii (seeds 000 and 004). The contact point is on the obstacle's surface at time t;
// the normal points from the obstacle's center toward the mover's. Feature: Circle.
std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, const Circle& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace = nullptr);

} // namespace ccd
