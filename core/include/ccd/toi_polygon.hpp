#pragma once
// Time of impact of two translating polygons (seed 002): every vertex of each against every
// edge of the other.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>
#include <vector>

namespace ccd {

// A simple polygon; edge i runs from vertex i to vertex (i + 1) % n. Either winding.
struct Polygon {
    std::vector<Vec2> vertices;
    friend bool operator==(const Polygon&, const Polygon&) = default;
};

// Both polygons translate linearly over the frame (no rotation, as in the article). Each
// vertex-edge pair is a point against a static segment in relative motion, so each candidate
// is exact. The earliest contact wins; ties go to the mover's vertices first, then by index.
// Feature PolygonEdge: mover vertex `Hit::vertex` touched obstacle edge `Hit::edge`;
// PolygonVertex: obstacle vertex `Hit::vertex` touched mover edge `Hit::edge`. The contact
// point is where the touching vertex is at time t.
//
// Polygons that already overlap at t = 0 (an edge crossing, or one inside the other) return
// t = 0 with overlap set; their normal is only a hint (from the obstacle's vertex centroid
// toward the mover's): depth and direction of penetration belong to the discrete side.
std::optional<Hit> time_of_impact(const Polygon& mover, Vec2 displacement, const Polygon& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace = nullptr);

} // namespace ccd
