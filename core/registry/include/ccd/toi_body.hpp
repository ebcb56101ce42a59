#pragma once
// The World's one query: a body (a circle, radius 0 a point, or a polygon; translating or
// turning about its center) or a wall (static, its ends moving linearly, or turning about a
// pivot) against another, each a Swept side (ccd/shapes.hpp), answered through the pair
// registry (ccd/pair_registry.hpp), which picks the pair's query. The World and the tests'
// reference scheduler both ask through here, so they agree on what a contact between two shapes
// is; a new World-facing pair needs a row in the registry and nothing here.

#include "ccd/algorithms.hpp"
#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <optional>

namespace ccd {

// Body `body` as a side: a circle translating by `displacement`, or its polygon placed at its
// center (its outline turned by its angle) translating by `displacement` or, with a `turn`
// (radians, counter-clockwise over the query), turning about its center while the center moves
// by `displacement`. A turn of 0 is a translating side. `acceleration` (gravity, per frame
// squared) bends its path into a parabola (Swept::acceleration).
Swept swept_body(const SweptBody& body, Vec2 displacement, double turn = 0.0,
                 Vec2 acceleration = {});

// A wall as a side: still when its ends do not move (the static segment's own, cheaper
// queries), else its ends moving by their displacements.
Swept swept_wall(const MovingSegment& wall);

// The first contact of side `a` (the mover) against side `b`, by `algorithm`'s query for the
// pair where the registry has one and it takes the two sides (ccd::inexpressible), otherwise
// (or with no algorithm: null) by the exact query. The normal points from b toward a, the
// point is on b's surface at t and the feature names b's part (Circle for a circle;
// PolygonEdge or PolygonVertex for a polygon; SegmentInterior, EndpointA, EndpointB for a
// wall); the numbered parts say whose they are (Hit::mover_vertex, mover_edge: a's;
// obstacle_vertex, obstacle_edge: b's).
//
// A pair with a turning side is answered by the registry's certified turning queries, which
// take convex counter-clockwise polygons: a clockwise polygon is put to them reversed and the
// hit's numbered parts are given back in the side's own numbering. So is a pair whose sides
// accelerate differently (a falling body against a wall or a static body). A touch at the query's
// start that opens there (the contact just processed) is looked past for the next contact, that
// of the same part or of another while the touch stays (docs/turning-bodies.md); so is one that
// closes no faster than `resting_tolerance` times the contact points' relative speed, the rounding
// residue of a contact just processed that the World does not count as a contact
// (WorldOptions::resting_tolerance; 0: only a touch that does not close).
std::optional<Hit> time_of_impact(const Algorithm* algorithm, const Swept& a, const Swept& b,
                                  double resting_tolerance = 0.0);

} // namespace ccd
