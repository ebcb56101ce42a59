#pragma once
// Time of impact of shapes that turn: one certified engine for every pair of convex shapes (a
// point or a circle, a segment, a convex polygon: each its vertices and a radius) whatever their
// rigid motions (Still, Translation, Turning) or, for a segment, its ends moving linearly
// (EndMotion). The pair registry answers point_rotating_segment, circle_rotating_segment,
// circle_rotating_polygon, rotating_polygon_segment, rotating_polygon_polygon and
// rotating_polygon_rotating_segment with it.
//
// The guarantee. Let delta = tolerance x scale, where scale is the largest of 1, every
// coordinate (vertices, centres, pivots), displacement and radius, and |angle| times the largest
// distance of a vertex from its pivot (certified_scale). With r the sum of the radii (a circle's,
// a capsule's, a rounded polygon's; 0 for sharp polygons and points) and the distance of the
// shapes' cores (their vertices' convex hulls; 0 while those overlap):
//   - a miss means the cores never come within r - delta of each other during the frame;
//   - a reported t has the cores within r + delta of each other at t, and they were never
//     closer than r - delta before t (for sharp polygons, r = 0: never overlapping by more than
//     delta). A radius only moves the level the search's lower bounds of the cores' distance
//     must clear (docs/accuracy.md, "Why rounded shapes keep the certificate").
// kCertifiedTolerance = 1e-12 holds for every pair in double precision (docs/accuracy.md); a
// caller may loosen it for speed (fewer halvings), never tighten it below what rounding allows.
//
// Method: root isolation on f(t) = distance - r over [0, 1], from t = 0 forward. An interval
// [t0, t1] is discarded when a lower bound of f on it stays above delta / 4 (above 0, not just
// above -delta: a point's distance to a segment never goes below 0, and a point passing through
// a segment must not pass unseen), halved when it does not, and its start is the answer once
// f(t0) <= delta / 2. The lower bound is the best of six, each certain: the distance at t0 less
// the fastest points' speeds (|velocity| + |angle| x lever arm) times the interval; the
// separation along the direction of the closest points at t0 (an edge's normal when a vertex is
// closest to its inside), held fixed in the world; along the normal of the closest edge turning
// with its shape (the obstacle's or the mover's); each of these two per vertex pair as a Taylor
// bound of first order (|relative velocity| + |angle| x lever arm) and of second order (the
// vertices' accelerations, angle^2 x lever arm); the distance from the line of a segment whose
// ends move on their own (each vertex's signed area against it, to second order, over the
// segment's length); and the distance of the circles about the two pivots (which a spin does
// not change), computed cheapest first, the rest skipped once one clears the interval (and,
// without a trace, a per-vertex bound stops at its first term below that level: the verdict is
// the same). When none does, every other such step first advances instead of halving: it clears
// [t0, t0 + w] for the longest w over which the world-fixed axis's per-pair bounds stay above
// delta / 4, or, once the same vertex and edge have been closest at two placements in a row with
// the vertex closest to the edge's inside, the turning normal's per-vertex bounds, whichever
// reaches farther (the positive root of the second-order bound: on the turning normal a Newton
// step on the distance itself, so the search comes within delta of a contact in a few steps; a
// graze, which the advances creep toward, is still halved on the steps between). The closest
// points of two polygons are searched first near the last placement's and kept when a line
// through them separates every other vertex (else every pair). Without a trace, a frame whose
// pivot circles never come within delta / 2 of touching is a miss at once. The first bound clears
// every interval shorter than delta / (4 x the largest speed) after a start with f > delta / 2, so
// the halving depth is bounded (about 45 levels); the search is bounded by kMaxSearchSteps
// intervals and reports how many it used in the trace (CertifiedSearch). Reaching the budget (never
// seen in the tests' families, whose most is a few thousand steps; possible for extreme spins, such
// as 10^5 turns passing within a hair of contact at every turn) answers at the start of the
// undecided interval and sets CertifiedSearch::step_limit_reached: conservative, never a missed
// contact, but then the answer may be earlier than r + delta.
//
// Preconditions: polygons convex and counter-clockwise (the CLI checks), finite inputs.
// The Hit: t; the contact point on the obstacle's surface at t (the closest point of its core
// moved out by its radius: a circle's, a capsule's, a rounded polygon's); the unit normal from the
// obstacle toward the mover (of the closest points; when the cores touch, the axis along which they
// are farthest apart); the feature of the obstacle touched (SegmentInterior / EndpointA / EndpointB
// for a segment, PolygonEdge / PolygonVertex for a polygon) with Hit::mover_vertex / mover_edge /
// obstacle_vertex / obstacle_edge as the polygon queries name them; overlap when t = 0;
// approaching when the contact points' relative velocity closes along the normal.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>

namespace ccd {

inline constexpr double kCertifiedTolerance = 1e-12;
// The search's budget: at most kMaxSearchSteps intervals, and fewer for large polygons (each
// step costs the product of the vertex counts): kMaxSearchWork / (n_mover x n_obstacle), but
// never fewer than kMinSearchSteps.
inline constexpr long kMaxSearchSteps = 1'000'000;
inline constexpr long kMaxSearchWork = 100'000'000;
inline constexpr long kMinSearchSteps = 1'000;

// The scale of the guarantee for this pair (see above).
double certified_scale(const Swept& mover, const Swept& obstacle);

// The first time in [0, 1] at which `mover` (a Point, Circle or convex Polygon) comes within
// touching distance of `obstacle` (a Point, Circle, Segment or convex Polygon), with the
// guarantee above for delta = tolerance x certified_scale. Any motion of either side; EndMotion
// only for a segment. Fills trace->search when given a trace.
std::optional<Hit> certified_time_of_impact(const Swept& mover, const Swept& obstacle,
                                            Trace* trace = nullptr,
                                            double tolerance = kCertifiedTolerance);

} // namespace ccd
