#pragma once
// The mass properties of a polygon of uniform density: its area, its center of mass (the area
// centroid) and its moment of inertia about that centroid per unit density. What a turning
// body of the World (ccd/world.hpp) and a scene's polygon (docs/scene-format.md) weigh.
//
// The triangle-fan formula, as Box2D's b2PolygonShape::ComputeMass computes it: fan the polygon
// into triangles (s, v_i, v_i+1) from a reference point s; with e1 = v_i - s, e2 = v_i+1 - s and
// D = cross(e1, e2), the triangle has area D / 2, centroid s + (e1 + e2) / 3 and second moment
// about s of (D / 12) (e1.x^2 + e1.x e2.x + e2.x^2 + e1.y^2 + e1.y e2.y + e2.y^2) per unit
// density; the sums over the fan are the polygon's (signed: a clockwise polygon's are all
// negated). The moment about the centroid c is then the parallel-axis shift I_s - A |c - s|^2.
// s is the first vertex: the products stay small where the polygon lies far from the origin.

#include "ccd/shapes.hpp"

namespace ccd {

struct MassProperties {
    double area = 0.0;           // > 0 for a polygon that is not degenerate, either winding
    Vec2 centroid;               // of the area
    double inertia_per_mass = 0; // moment of inertia about the centroid divided by the mass
};

// A polygon's area, area centroid and moment of inertia about it per unit of mass (multiply by
// the mass, density x area, for the moment). A polygon of no area (fewer than 3 vertices, all
// on a line) has area 0, the vertex centroid and 0.
MassProperties mass_properties(const Polygon& polygon);

} // namespace ccd
