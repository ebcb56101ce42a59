#pragma once
// Time of impact of a circle (or point) that accelerates: its centre follows the parabola
// center + displacement t + acceleration t^2 / 2 over the frame (t in [0, 1]), against a static
// segment (a capsule with its radius) or a translating circle (or point). The acceleration is the
// mover's relative to the obstacle: two sides under the same gravity move relative to each other
// as without it, and the pair registry puts every accelerated pair to these queries in the
// obstacle's frame (docs/accuracy.md, "Parabolic paths").
//
// The equations: a cap (an end of the segment, the obstacle circle) is touched where
// |p(t)|^2 - R^2 = 0, p the centre's offset from the cap's centre (a polynomial of degree 2 in t,
// so the equation is of degree 4); the segment's band where its signed distance from the line,
// n . (c(t) - a) (degree 2), is +-R with the projection inside the segment. Each quartic's roots
// in [0, 1] are isolated by roots_in_interval (polynomial.hpp: monotone pieces between the roots
// of its derivative, each bisected to adjacent doubles), and each root is then re-bisected on the
// distance itself, |p(t)| - R, evaluated to a few ulps of the query's scale, in a window about it
// where that distance changes sign (docs/accuracy.md, "How the parabolic roots are certified").
// The first contact is the earliest valid root of all; on an exact tie the interior wins, then
// end A. A circle already touching at t = 0 returns t = 0 with overlap set. The Hit is as the
// straight-line queries give it: the point on the obstacle's surface at t, the unit normal from
// the obstacle toward the mover, approaching when the velocity at t (displacement +
// acceleration t, relative) closes along it.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>

namespace ccd {

// Against a static segment (with its radius, a capsule). Features: SegmentInterior, EndpointA,
// EndpointB.
std::optional<Hit> time_of_impact_parabolic(const Circle& mover, Vec2 displacement,
                                            Vec2 acceleration, const Segment& obstacle,
                                            Trace* trace = nullptr);

// Against a circle (radius 0: a point) whose centre moves by `obstacle_displacement` over the
// frame. Feature: Circle (the registry names a point obstacle's Point).
std::optional<Hit> time_of_impact_parabolic(const Circle& mover, Vec2 displacement,
                                            Vec2 acceleration, const Circle& obstacle,
                                            Vec2 obstacle_displacement, Trace* trace = nullptr);

} // namespace ccd
