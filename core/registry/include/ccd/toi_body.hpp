#pragma once
// The World's queries, for a body that is a circle (radius 0: a point) or a polygon: against
// another such body, and against a wall whose ends move linearly or that turns. Each only
// describes the two as swept shapes and asks the pair registry (ccd/pair_registry.hpp), which
// picks the exact query of the pair; the World and the tests' reference scheduler both ask
// through here, so they agree on what a contact between two shapes is.

#include "ccd/algorithms.hpp"
#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <optional>

namespace ccd {

// Body `a` moving by `da` against body `b` moving by `db`: the normal points from b toward a,
// the point is on b's surface at t, and the feature names b's part, as for any query with a as
// the mover: Circle for a circle; PolygonEdge or PolygonVertex for a polygon b. The numbered
// parts say whose they are (Hit::mover_vertex, mover_edge: a's; obstacle_vertex,
// obstacle_edge: b's).
std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, const SweptBody& b, Vec2 db);

// Body `a` moving by `da` against a wall (a static one has zero displacements): the feature is
// the wall's part (SegmentInterior, EndpointA, EndpointB); for a polygon Hit::mover_vertex or
// mover_edge names its own part (time_of_impact(const Polygon&, Vec2, const MovingSegment&)).
std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, const MovingSegment& wall);

// The same two for bodies that turn: `a` turns by `turn_a` radians (counter-clockwise, over the
// query) about its center while the center moves by `da`, `b` likewise. A turn of 0 is the
// translating query above, bit for bit. A turning side is a Turning motion about its center,
// and the pair registry answers with its certified turning query; these take convex
// counter-clockwise polygons, so a clockwise polygon of the pair is put to them reversed and
// the hit's numbered parts are given back in the body's own numbering.
std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, double turn_a, const SweptBody& b,
                                  Vec2 db, double turn_b);
std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, double turn_a,
                                  const MovingSegment& wall);

// Body `a` (turning by `turn_a` about its center, or not: 0) against a turning wall: `wall`
// where it is at the query's start, turning by `wall_turn.angle` about `wall_turn.pivot` over
// the query. The registry's certified turning queries answer (circle_rotating_segment,
// rotating_polygon_rotating_segment), as for the turning bodies above; the feature is the
// wall's part.
std::optional<Hit> time_of_impact(const SweptBody& a, Vec2 da, double turn_a, const Segment& wall,
                                  const Turning& wall_turn);

// The same two with `algorithm`'s query for the pair, where the registry has one and it takes
// the two sides (ccd::inexpressible); otherwise with the exact query, as above. A World whose
// WorldOptions::algorithm is not "exact" asks here.
std::optional<Hit> time_of_impact(const Algorithm& algorithm, const SweptBody& a, Vec2 da,
                                  const SweptBody& b, Vec2 db);
std::optional<Hit> time_of_impact(const Algorithm& algorithm, const SweptBody& a, Vec2 da,
                                  const MovingSegment& wall);
std::optional<Hit> time_of_impact(const Algorithm& algorithm, const SweptBody& a, Vec2 da,
                                  double turn_a, const SweptBody& b, Vec2 db, double turn_b);
std::optional<Hit> time_of_impact(const Algorithm& algorithm, const SweptBody& a, Vec2 da,
                                  double turn_a, const MovingSegment& wall);
std::optional<Hit> time_of_impact(const Algorithm& algorithm, const SweptBody& a, Vec2 da,
                                  double turn_a, const Segment& wall, const Turning& wall_turn);

} // namespace ccd
