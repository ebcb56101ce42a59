#pragma once
// Time of impact of two translating segments, each with its radius: two capsules (a radius of 0
// is the segment itself), as Box2D's b2EdgeShape with its m_radius or a capsule of v3.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>

namespace ccd {

// The first t in [0, 1] at which the cores (the segments) come within the sum of the radii r of
// each other. Two segments apart are nearest at an end of one, so until they touch their
// distance is the least of the four distances of an end to the other segment: the answer is the
// earliest of four exact circle-segment queries (each end a circle of radius r against the
// other segment, in relative motion; docs/algorithms.md, "Rounded shapes"). Cores crossing at
// t = 0 are an overlap (normal: the obstacle's normal on the mover's midpoint's side).
//
// Feature names the obstacle's part: SegmentInterior (its side), EndpointA or EndpointB (the
// cap about that end). Hit::mover_vertex is the mover's end (0: a, 1: b) that touched, or
// Hit::mover_edge is 0 when an end of the obstacle touched the mover's side. The contact point
// is on the obstacle's surface (its core moved out by its radius along the normal) at t.
std::optional<Hit> time_of_impact(const Segment& mover, Vec2 displacement, const Segment& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace = nullptr);

} // namespace ccd
