#pragma once
// Discrete contact: how deep a disk overlaps an obstacle right now, and which way is out
// (seeds 001 and 003). See docs/discrete.md.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <optional>

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

} // namespace ccd
