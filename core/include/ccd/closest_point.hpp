#pragma once
// Closest point on a segment to a point (seed 001's branch on the two dot products).

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

namespace ccd {

struct ClosestPoint {
    Vec2 point;
    Feature feature; // EndpointA / EndpointB when the projection falls at or past an end
};

ClosestPoint closest_point_on_segment(Vec2 p, const Segment& segment);

} // namespace ccd
