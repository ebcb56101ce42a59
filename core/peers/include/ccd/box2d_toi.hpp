#pragma once
// Box2D 2.4.1's own time of impact, b2TimeOfImpact (Debian's libbox2d-dev), as the named
// algorithm "box2d": the sides built as Box2D's b2CircleShape (a point is one of radius 0),
// b2EdgeShape and b2PolygonShape, each on a body at its centre moving by a b2Sweep, in float.
// It answers with Box2D's method, flaws included: it stops at a target separation between the
// shapes' cores (b2_linearSlop = 0.005 deep for a circle against an edge or a polygon, 0.005
// short of touching for two polygons, ...), within a quarter of b2_linearSlop, after at most
// 20 iterations, in float. docs/algorithms.md says what that guarantees and what it does not.
//
// Inputs Box2D cannot take are refused with the reason (inexpressible): a polygon of more than
// b2_maxPolygonVertices = 8 vertices, one not strictly convex, one with vertices closer than
// b2PolygonShape::Set would keep apart, a segment whose ends move differently, numbers beyond
// what float arithmetic can square, and an input on which b2TimeOfImpact would stop the program
// on its own assertion (b2Distance leaving an overlapping simplex at a NaN distance, which float
// overflow gives at coordinates of 1e10: found by replaying its search first).
//
// Box2D counts its iterations in global variables: like b2TimeOfImpact itself, this is for one
// thread at a time.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>
#include <string>

namespace ccd::box2d {

// Adds the algorithm "box2d" and its rows to the pair registry (ccd::register_algorithm): every
// pair of the registry whose sides Box2D has shapes and motions for. Call once at the start,
// before any query; true the first time, false after.
bool register_algorithm();

// Why Box2D cannot be given `mover` against `obstacle`, in one line; nothing when it can.
std::optional<std::string> inexpressible(const Swept& mover, const Swept& obstacle);

// b2TimeOfImpact of `mover` against `obstacle` (the obstacle is Box2D's shape A, the mover its
// shape B), as a Hit: t is Box2D's (a float); the point, normal and feature come from b2Distance
// between the cores at that t (the point on the obstacle as given, without Box2D's skin of
// b2_polygonRadius; the normal from the obstacle toward the mover). e_touching and e_failed
// answer Box2D's t, e_overlapped t = 0 with overlap, e_separated nothing. The trace holds one
// candidate (Box2D's t as its root) and the search: Box2D's state, target, tolerance and
// iterations, and why. Nothing, with the reason in the trace, for inputs it cannot take.
std::optional<Hit> time_of_impact(const Swept& mover, const Swept& obstacle,
                                  Trace* trace = nullptr);

} // namespace ccd::box2d
