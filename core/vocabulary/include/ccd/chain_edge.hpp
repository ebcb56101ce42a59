#pragma once
// A chain: a polyline of one-sided edges with ghost vertices at its joints, as Box2D 2.4.1's
// b2ChainShape (src/collision/b2_chain_shape.cpp, b2ChainShape::GetChildEdge: each child edge
// m_vertex1 -> m_vertex2 with its neighbours m_vertex0 and m_vertex3, m_oneSided = true), and
// the rule by which a contact with one of its edges counts (docs/algorithms.md, "Chains: one
// side, ghost vertices"; docs/scheduler.md, "Chains").

#include "ccd/hit.hpp"
#include "ccd/vec2.hpp"

#include <span>
#include <vector>

namespace ccd {

// One edge of a chain, from `a` to `b`, with the vertex before `a` and the vertex after `b`
// (Box2D's m_vertex0, m_vertex1, m_vertex2, m_vertex3). Its front is on the right of the
// direction a -> b (Box2D: "the edge normal points to the right looking from v1 to v2"): a
// counter-clockwise loop faces out.
struct ChainEdge {
    Vec2 before; // the ghost vertex before a: the previous edge runs from it to a
    Vec2 a, b;
    Vec2 after; // the ghost vertex after b: the next edge runs from b to it
    friend bool operator==(const ChainEdge&, const ChainEdge&) = default;
};

// The edges of a chain through `points` (at least 2; a loop at least 3 and closed from the last
// point back to the first). A loop's ghost vertices are its neighbours (Box2D's CreateLoop). An
// open chain's two ends are free: the ghost before its first point is that point moved back
// along the first edge's front normal by the edge's length, and likewise after the last point,
// so an end admits the front quarter of its cap (a convex right angle; docs/algorithms.md).
std::vector<ChainEdge> chain_edges(std::span<const Vec2> points, bool loop);

// The unit normal of the edge's front side: the direction b - a turned clockwise.
Vec2 front_normal(const ChainEdge& edge);

// How far out of a vertex's cone a contact normal may be and still count: the sine of the angle
// (the queries' normals are rounded; a face resting on a straight joint has a normal a few ulps
// off the front normal).
inline constexpr double kChainConeTolerance = 1e-9;

// Whether a contact with the edge counts: (a) the body's `center` at the contact is not behind
// the edge's line (b2CollideEdgeAndCircle's and b2CollideEdgeAndPolygon's offset test), and (b)
// the contact `normal` (unit, from the edge toward the body) lies in the cone of the feature
// touched: the front normal for the interior; at an end, the vertex's cone given by its two
// edges. At a convex or straight joint (the chain turns left or not at all, Box2D's
// b2Cross(edge0, edge1) >= 0) the cone runs from the incoming edge's front normal to the
// outgoing one's: a normal along a straight chain is no contact (the ghost collision). At a
// concave joint a normal counts when it is in front of both edges.
bool chain_admits(const ChainEdge& edge, Feature feature, Vec2 normal, Vec2 center);

} // namespace ccd
