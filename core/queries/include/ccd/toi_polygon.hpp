#pragma once
// Time of impact with a translating polygon (seed 002): two polygons (every vertex of each
// against every edge of the other), a circle against a polygon (the circle against every edge),
// and a polygon against a wall whose ends move independently (every vertex against the wall,
// each end of the wall against every edge).

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>

namespace ccd {

// Both polygons translate linearly over the frame (no rotation, as in the article). Each
// vertex-edge pair is a point against a static segment in relative motion, so each candidate
// is exact. The earliest contact wins; ties go to the mover's vertices first, then by index.
// Feature PolygonEdge: `Hit::mover_vertex` touched `Hit::obstacle_edge`; PolygonVertex:
// `Hit::obstacle_vertex` touched `Hit::mover_edge`. The contact
// point is where the touching vertex is at time t.
//
// Polygons whose insides already overlap at t = 0 (edges crossing, or one inside the other)
// return t = 0 with overlap set; their normal is only a hint (from the obstacle's vertex
// centroid toward the mover's): depth and direction of penetration belong to the discrete side.
// Touching alone (a vertex on an edge, corners meeting, edges along each other) is a contact at
// t = 0 with overlap set and the normal of the edge line that separates the two (the one along
// which they are farthest apart, 0 when touching; for non-convex shapes no edge may separate
// them, and the vertex-edge pair's own normal is taken, on the side out of the obstacle), so a
// contact just resolved is not taken for a new one, and approaching tells the two ways apart.
std::optional<Hit> time_of_impact(const Polygon& mover, Vec2 displacement, const Polygon& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace = nullptr);

// A circle (radius 0: a point) against a translating polygon. In relative motion each edge is a
// static segment, so each candidate is the exact circle-segment query (its band and its two
// caps); the earliest contact wins, ties to the lower edge. Feature PolygonEdge: the circle
// touched the interior of `Hit::obstacle_edge`; PolygonVertex: it touched
// `Hit::obstacle_vertex` (the other is -1). The contact point is on the polygon where it is
// at time t.
//
// Touching at t = 0 is an overlap reported from the edge touched (the lowest one). A centre
// inside the polygon touching no edge is an overlap too: its point is the closest point of the
// boundary, its normal the way out (from the centre toward that point), obstacle_edge the edge it
// lies on.
// Inside or outside is decided by the even-odd rule on the polygon's vertices (any winding; a
// self-intersecting polygon's inside is what that rule says).
std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, const Polygon& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace = nullptr);

// A translating polygon against a wall whose ends move linearly and independently (a static
// wall has zero displacements). In the polygon's frame the polygon stands still and each end of
// the wall keeps a linear motion, so the candidates are exact queries: each vertex against the
// moving wall (seed 002's quadratic, `time_of_impact(Vec2, Vec2, const MovingSegment&)`) and each
// end of the wall against each edge (a ray cast). The earliest wins; ties go to the vertices
// first, then to end A, then end B, each by index. Feature names the wall's part, as for every
// query against a segment: SegmentInterior, EndpointA or EndpointB; `Hit::mover_vertex` is the
// vertex that touched the wall, or `Hit::mover_edge` the edge that an end of the wall touched
// (the other is -1). The contact point is where the touching vertex or end is at time t; the
// normal points from the wall toward the polygon.
//
// A wall through the polygon's inside at t = 0 (crossing an edge, or an end or its middle
// strictly inside) is an overlap with a hint of a normal: the wall's normal on the side of the
// polygon's vertex centroid, the point the wall's closest to that centroid. Touching alone is
// a contact at t = 0 (overlap set) with the separating line's normal, the wall's or an edge's,
// as for two polygons.
std::optional<Hit> time_of_impact(const Polygon& mover, Vec2 displacement,
                                  const MovingSegment& obstacle, Trace* trace = nullptr);

} // namespace ccd
