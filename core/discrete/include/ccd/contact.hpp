#pragma once
// Discrete contact: how deep a disk or a convex polygon overlaps an obstacle right now, and which
// way is out (seeds 001 and 003). See docs/discrete.md.

#include "ccd/hit.hpp"
#include "ccd/overlap_depth.hpp"
#include "ccd/shapes.hpp"

#include <optional>
#include <vector>

namespace ccd {

// The overlap manifold of a disk and an obstacle.
struct Contact {
    double depth = 0.0; // radius (sum of radii for two disks) minus distance; 0 when touching
    Vec2 normal;        // unit, from the obstacle toward the disk: pushing along it separates
    Vec2 point;         // the obstacle's point nearest the disk's center
    Feature feature = Feature::SegmentInterior; // a point or a disk is reported as EndpointA
};

// Each returns a contact when the distance from the disk's center to the obstacle is <= the
// radius (touching counts, depth 0), as in the time-of-impact contract; nothing otherwise.
// The distance test is the one time_of_impact uses for `overlap`, so the two always agree.
//
// When the center lies exactly on the obstacle the direction out is undefined (seed 001
// divides by zero there). Then the normal is the segment's left normal, perp(b - a) / |b - a|,
// which is what time_of_impact answers for a still disk; a point, a zero-length segment or a
// concentric disk gives +y.
std::optional<Contact> find_contact(const Circle& disk, const Segment& wall);
std::optional<Contact> find_contact(const Circle& disk, Vec2 point);
std::optional<Contact> find_contact(const Circle& disk, const Circle& obstacle);

// The overlap of a convex polygon and a segment or another convex polygon: the separating
// axis theorem's least move (ccd::overlap_depth: `depth`, `normal` from the obstacle toward the
// polygon) and its contact manifold, the corners of the region the two share: every vertex of
// either shape inside or on the other (a segment's ends on the polygon), then every point
// where their edges cross, each once (the polygon's deepest point if rounding leaves none).
// Nothing when they do not touch or a polygon is not convex.
struct PolygonContact {
    double depth = 0.0;
    Vec2 normal;
    std::vector<Vec2> manifold; // at least one point
};
std::optional<PolygonContact> find_contact(const Polygon& polygon, const Segment& wall);
std::optional<PolygonContact> find_contact(const Polygon& polygon, const Polygon& obstacle);

} // namespace ccd
