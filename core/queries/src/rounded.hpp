#pragma once
// Rounded shapes (a segment's or polygon's `radius`) in the straight-line queries: a shape's
// first contact with a rounded one is the first t at which the distance between their cores
// reaches the sum of the radii, so a query against a rounded obstacle is the same query against
// its core with the mover's radius grown by the obstacle's (docs/algorithms.md, "Rounded
// shapes"). What is left is to put the contact point back on the rounded surface.

#include "ccd/hit.hpp"

#include <cmath>
#include <optional>

namespace ccd::detail {

// A hit against a rounded obstacle's core, its contact point moved onto the obstacle's surface:
// `radius` out of the core along the normal (which points from the obstacle toward the mover).
inline std::optional<Hit> on_rounded_surface(std::optional<Hit> hit, double radius) {
    if (hit && radius != 0.0) hit->point += hit->normal * radius;
    return hit;
}

// Whether the sum of two radii overflows (both near the largest double): the query then runs on
// its inputs halved, exactly (a power of two; an input that halving rounds is below 2^-200 of
// the largest, negligible by the queries' own rule, docs/accuracy.md), and doubles the point.
inline bool sum_overflows(double r1, double r2) {
    return !std::isfinite(r1 + r2) && std::isfinite(r1) && std::isfinite(r2);
}

inline std::optional<Hit> doubled(std::optional<Hit> hit) {
    if (hit) hit->point *= 2.0;
    return hit;
}

} // namespace ccd::detail
