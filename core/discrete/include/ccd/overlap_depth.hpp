#pragma once
// How deep two shapes overlap where they are (at t = 0), and which way is out: the minimum
// translation distance, the shortest move of the mover that leaves the two only touching
// (docs/discrete.md, "Overlap depth"). What a query that starts overlapping reports beside its
// t = 0 (the lab's arrow, `ccdlab-cli toi`'s "depth"), and the contact the discrete methods
// push polygons out by (polygon_discrete.hpp).

#include "ccd/shapes.hpp"

#include <optional>

namespace ccd {

struct OverlapDepth {
    double depth = 0.0; // >= 0 (0: touching): how far the mover must move along `normal`
    Vec2 normal;        // unit, from the obstacle toward the mover: the way out
    // The mover's deepest point: moved by depth along normal it lies on the obstacle's surface
    // (a circle's point nearest the obstacle's, a polygon's vertex deepest along -normal, or,
    // for a segment or point in a polygon's inside, that obstacle's deepest point moved back).
    Vec2 point;
};

// The minimum translation of `mover` out of `obstacle`, or nothing when they do not overlap or
// touch. Circles and points against circles, points and segments: along the line of the
// nearest points (radius minus distance; a center on the obstacle goes along the segment's
// left normal, or +y, as find_contact). A circle or point against a polygon (any simple
// polygon): out through the nearest edge (a center inside goes out by its distance to that
// edge plus the radius). A polygon against a polygon or a segment: the separating axis theorem
// over every edge normal of both (a segment's one), the axis that needs the least move; both
// must be convex (a polygon that is not convex has no such depth: nothing). Any pair the other
// way round (a segment or polygon moving against a circle) is answered as its swap, the normal
// turned round. A segment against a segment: nothing (a segment is no mover).
std::optional<OverlapDepth> overlap_depth(const Shape& mover, const Shape& obstacle);

} // namespace ccd
