#pragma once
// The pair with the part at a touch cut away: how a turning pair that stays touching is seen to
// meet with another part (docs/turning-bodies.md, "A touch that opens").
//
// Two convex shapes that touch at one point P and meet again at another point Q while still
// touching at P share the segment PQ (each holds it, being convex, and neither holds the other's
// inside): an edge of one has come to lie along an edge of the other, both from P. A certified
// query from a later start answers the touch at P, not approaching, for as long as it stays
// closed, so it cannot see Q. The same query on the pair with the corner at P cut off (the side
// whose vertex is at P loses the triangle of that vertex and the points at `reach` along its two
// edges; a segment's end at P, the piece of that length) sees Q wherever it lies beyond `reach`
// from P, and it starts clear of the other side. `reach` is half the shortest of the cut side's
// edges from P and of the other side's vertices' distances from P, so the shared segment PQ,
// which ends at one of those vertices or beyond, is longer than twice `reach` where the touch
// started. What it cannot see: a Q within `reach` of P, which needs a touch that slid that far
// along the other side toward one of its vertices first.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <optional>

namespace ccd {

struct TouchCut {
    Swept mover;
    Swept obstacle;
    bool mover_cut = false; // which side lost its corner
    int vertex = -1;        // a cut polygon's vertex, in its own numbering; -1 for a segment
    int vertex_count = 0;   // that polygon's vertices before the cut; 0 for a segment
    bool end_a = false;     // a cut segment's end: a (true) or b
};

// The pair cut at `touch` (a hit at the query's start), or nothing where no side has a vertex at
// the touch, a side is a point or a circle (a round side touches a convex one at one point only:
// nothing to cut), or `reach` would not exceed 16 `delta`.
std::optional<TouchCut> cut_at_touch(const Swept& mover, const Swept& obstacle, const Hit& touch,
                                     double delta);

// A hit of the cut pair named in the uncut one's parts: a vertex of the cut is the polygon's
// vertex, or none where it is a point of the cut (then the edge it lies on, where no edge is
// named), an edge the polygon's edge it lies on, or none for the cut's own edge; a cut segment's
// end cap is its inside.
void name_in_uncut(Hit& hit, const TouchCut& cut);

} // namespace ccd
