#pragma once
// Where a body or a wall is at frame time t, on the path an EventLog recorded for it: what a
// viewer draws at a scrubbed time (docs/scheduler.md, "The log"; a turning polygon's
// orientation: docs/turning-bodies.md).

#include "ccd/event_log.hpp"
#include "ccd/shapes.hpp"
#include "ccd/vec2.hpp"

#include <span>
#include <vector>

namespace ccd {

// On the straight line between the path's vertices around t, or on the parabola through them
// with the first one's acceleration (PathPoint::acceleration: a body under gravity; a turning wall:
// turned about its pivot from the vertex before t, by its turn per frame times the time since that
// vertex); before the first vertex the first, after the last the last (where a removed body left
// the world; a frame being walked has its paths up to its last change only: World::body and
// World::wall give the present). An empty path (a body removed in an earlier frame) gives the
// origin.
Vec2 position_at(const BodyPath& path, double t);
Segment segment_at(const WallPath& path, double t);

// A body's place and orientation: its center, and the angle its World::outline is turned by
// about the center (radians, counter-clockwise; 0 for a body that does not turn).
struct BodyPose {
    Vec2 position;
    double angle = 0.0;
};

// The pose at t on the path: the position as position_at has it, the angle interpolated
// between the same two vertices (a body turns at a constant rate between two vertices of its
// path, PathPoint::angle). An empty path gives the origin and the angle 0.
BodyPose pose_at(const BodyPath& path, double t);

// The points a viewer draws the path through, in order: every vertex, and on a piece with an
// acceleration (a parabola) `samples` more between its two vertices, each where position_at puts
// it. A path without acceleration gives its vertices' positions alone.
std::vector<Vec2> path_polyline(const BodyPath& path, int samples = 16);

// The outline's vertices (about the center, as World::outline gives them) turned by the pose's
// angle about the center and moved to its position: where the polygon is. An angle of 0 moves
// them only, bit for bit as `vertex + pose.position`.
std::vector<Vec2> placed_outline(std::span<const Vec2> outline, const BodyPose& pose);

// How the body moves at t: its center's velocity and its angular velocity (per frame) on the
// piece of its path that holds t, from the piece's two vertices (on a parabola, its slope at t); at
// a vertex, the piece that starts there (the motion after an event); at or after the last vertex,
// the last piece of positive length. Zero for a path with no such piece (one vertex, or none).
struct BodyRates {
    Vec2 velocity;
    double angular_velocity = 0.0;
};
BodyRates rates_at(const BodyPath& path, double t);

} // namespace ccd
