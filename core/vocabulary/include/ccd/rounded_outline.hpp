#pragma once
// The boundary of a rounded shape as a closed polyline, for drawing: a rounded polygon's sides
// moved out by its radius joined by arcs about its vertices, a capsule's two sides joined by
// half circles about its ends. The queries never use it (they answer the exact shape).

#include "ccd/shapes.hpp"

#include <vector>

namespace ccd {

// A polygon's boundary grown by its radius (the points within `polygon.radius` of it): for each
// vertex, `arc_points` + 1 points on the arc about it from the previous side's outward normal to
// the next's (a reflex vertex's two sides moved out meet at one point instead); the vertices
// themselves when the radius is 0. Either winding; closed (the last point joins the first).
std::vector<Vec2> rounded_outline(const Polygon& polygon, int arc_points = 8);

// A capsule's boundary (the points within `segment.radius` of it): the side on the left of a->b,
// the half circle about b, the side on the right, the half circle about a, each half circle
// `arc_points` * 2 + 1 points. A radius of 0: the segment's two ends.
std::vector<Vec2> rounded_outline(const Segment& segment, int arc_points = 8);

} // namespace ccd
