#pragma once
// Where a body or a wall is at frame time t, on the path an EventLog recorded for it: what a
// viewer draws at a scrubbed time (docs/scheduler.md, "The log").

#include "ccd/event_log.hpp"
#include "ccd/shapes.hpp"
#include "ccd/vec2.hpp"

namespace ccd {

// On the straight line between the path's vertices around t (a turning wall: turned about its
// pivot from the vertex before t, by its turn per frame times the time since that vertex); before
// the first vertex the first, after the last the last (where a removed body left the world; a frame
// being walked has its paths up to its last change only: World::body and World::wall give the
// present). An empty path (a body removed in an earlier frame) gives the origin.
Vec2 position_at(const BodyPath& path, double t);
Segment segment_at(const WallPath& path, double t);

} // namespace ccd
