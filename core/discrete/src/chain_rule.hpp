#pragma once
// The chain rule as the discrete methods read it: a wall given as a chain's edge (the methods'
// `chains` option) counts a contact only when ccd::chain_admits takes it (docs/discrete.md,
// "Chains"); any other wall counts every contact. One place for collide_and_slide, slide_move
// and the resolve passes. Private to the part.

#include "ccd/chain_edge.hpp"
#include "ccd/contact.hpp"

#include <cstddef>
#include <optional>
#include <span>

namespace ccd::detail {

using ChainEdges = std::span<const std::optional<ChainEdge>>;

// Wall `wall`'s chain edge: chains[wall] when the span reaches it and holds one, else none.
const ChainEdge* chain_edge_of(ChainEdges chains, std::size_t wall);

// Whether a contact of a disk (or a hit: the feature touched and the normal from the wall toward
// the mover) with wall `wall` counts, the mover's center (a polygon's vertex centroid) at
// `center`: chain_admits for a chain's edge, true for a plain wall.
bool chain_counts(ChainEdges chains, std::size_t wall, Feature feature, Vec2 normal, Vec2 center);
bool chain_counts(ChainEdges chains, std::size_t wall, const Contact& contact, Vec2 center);

// A polygon's contact with a chain's edge as the chain's rule reads it: the interior when the
// separating normal is the edge's own (up to rounding), else the end nearer its first manifold
// point.
Feature polygon_contact_feature(const ChainEdge& edge, const PolygonContact& contact);
// The same for a polygon's contact, its vertex centroid at `center`.
bool chain_counts(ChainEdges chains, std::size_t wall, const PolygonContact& contact, Vec2 center);

} // namespace ccd::detail
