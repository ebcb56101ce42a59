#pragma once
// Where a pair that touches at a query's start closes: the touch the certified query names is one
// point of it, and a pair that touches along a face (a square lying on a floor) touches at every
// vertex on it. A touch that opens at the point named may close at another: a square flat on a
// floor, turning about its left corner, presses its right corner in. The World looks past a touch
// that opens (docs/turning-bodies.md, "A touch that opens"), so it must be told of the other.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <optional>

namespace ccd {

// The velocity over the query of `side`'s material at `point` at the query's start: a turning
// side's pivot's plus its turn about the pivot; a wall whose ends move, the ends' interpolated
// where the point lies along it (an end's beyond them).
Vec2 velocity_at_start(const Swept& side, Vec2 point);

// The fastest any point of `side` moves over the query (|displacement| + |angle| x the
// farthest vertex from the pivot; a segment's faster end), its acceleration's |a| added (the
// most it adds to a speed by t = 1).
double fastest(const Swept& side);

// How fast `mover` closes on `obstacle` at `point` along `normal` (from the obstacle toward the
// mover) at the query's start, beyond `resting` times the pair's speed (the fastest of each
// side's points, added): positive when it closes faster than that. The rounding residue a
// response leaves at a contact point is a fraction of the speeds it computed with, not of the
// point's own speed: a corner pinned in a box's corner while its square turns about it moves at
// the rounding's speed, and its residue closes at about that speed.
double closing_beyond_rest(const Swept& mover, const Swept& obstacle, Vec2 point, Vec2 normal,
                           double resting);

// Of the vertices of either side within `delta` of touching the other at the query's start, or
// past its face along the touch's normal (`touch`, a hit at t = 0, gives the normal), the one
// that closes fastest beyond `resting`, as a hit there: the touch's time and normal,
// approaching, the vertex named. Nothing when none closes.
std::optional<Hit> closing_touch(const Hit& touch, const Swept& mover, const Swept& obstacle,
                                 double resting, double delta);

} // namespace ccd
