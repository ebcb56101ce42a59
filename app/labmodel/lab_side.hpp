#pragma once
// One side of the query lab's pair: the vocabulary's Swept (a shape at t = 0 and its motion)
// with its name in the scene, and the model's table of side kinds: per kind, its handles; per
// handle, where it is and what dragging it does. The lab asks the table and tests no kind.

#include "ccd/shapes.hpp"

#include <span>
#include <string>
#include <vector>

namespace ccdlab {

// A side of the lab: what the scene's item is over the frame.
struct LabSide {
    std::string name;
    // A polygon's shape is its outline at the orientation 0 (the scene's outline); a turning
    // polygon's pivot is the outline's centroid (ccd::PolygonBody::turning).
    ccd::Swept swept;
    double orientation = 0.0; // a polygon's at t = 0 (the scene's `angle`; the lab keeps it)
    bool is_static = false;   // the scene's "static": it stays, and has no motion handle

    const ccd::Circle& circle() const { return std::get<ccd::Circle>(swept.shape); }
    const ccd::Segment& segment() const { return std::get<ccd::Segment>(swept.shape); }
    const ccd::Polygon& polygon() const { return std::get<ccd::Polygon>(swept.shape); }
    bool turns() const { return swept.motion_kind() == ccd::MotionKind::Turning; }
    // A turning side's turn over the frame (0 for the others).
    double angle() const;
    // A turning side's pivot at t = 0.
    ccd::Vec2 pivot() const { return std::get<ccd::Turning>(swept.motion).pivot; }
    friend bool operator==(const LabSide&, const LabSide&) = default;
};

// The kinds of side the lab takes apart: a circle (or point) that translates; a segment that
// stays, whose ends move, or that turns about a pivot; a polygon that translates or turns about
// its centroid.
enum class SideKind { Circle, Segment, MovingSegment, TurningSegment, Polygon, TurningPolygon };
SideKind side_kind(const LabSide& side);

// The draggable points of a side.
enum class Part {
    Center,   // a circle's center, a polygon's vertex centroid (its pivot when it turns): moves it
    Radius,   // on the circle, across its motion: sets the radius
    Tip,      // the center at t = 1: sets the motion
    A,        // the segment's end a at t = 0 (carries its motion along)
    B,        // the segment's end b at t = 0
    AEnd,     // where end a is at t = 1 (its ends move)
    BEnd,     // where end b is at t = 1
    Pivot,    // a turning segment's pivot (the segment stays)
    Angle,    // the point farthest from the pivot at t = 0, at t = 1: sets the turn
    Rounding, // on a segment's or polygon's rounded outline at t = 0, out from the middle of
              // its (first) side: sets its radius (a capsule, a rounded polygon)
    Acceleration, // the center at t = 0 moved by the acceleration alone over the frame (its
                  // a / 2): sets the acceleration
};

// A side kind's handles in the order they are drawn (later on top): those drawn under the
// other side's handles, then those drawn over them.
struct SideHandles {
    std::span<const Part> under;
    std::span<const Part> over;
};
SideHandles side_handles(SideKind kind);

// The side as the queries take it: a polygon's outline turned by its orientation.
ccd::Swept placed(const LabSide& side);

// Where the side's center (a circle's, a polygon's vertex centroid, a turning side's pivot) is
// at t, its acceleration's drift (a t^2 / 2) included: on a parabola when it accelerates.
ccd::Vec2 center_at(const LabSide& side, double t);
// The side's points at t, moved by its motion and its acceleration: a polygon's vertices or a
// segment's ends (none for a circle).
std::vector<ccd::Vec2> points_at(const LabSide& side, double t);
// A polygon side at t (empty for the others).
ccd::Polygon polygon_at(const LabSide& side, double t);
// A segment side at t.
ccd::Segment segment_at(const LabSide& side, double t);
// The radius a circle side sweeps (0 for the others).
double radius_of(const LabSide& side);
// How far the side reaches past its core: a circle's radius, a segment's or polygon's (0 for a
// point).
double rounding_of(const LabSide& side);

// Where `part` of `side` is, and `side` with `part` dragged to `world`. A turning segment's end
// on its pivot is hinged there: the pivot dragged carries it along, unless `alone` (Alt).
ccd::Vec2 part_position(const LabSide& side, Part part);
void drag_part(LabSide& side, Part part, ccd::Vec2 world, bool alone = false);

// The side's motion over the frame: a translation's or a turning pivot's displacement.
void set_displacement(LabSide& side, ccd::Vec2 displacement);
// Whether the side can carry an acceleration in a scene: a circle or polygon that is not static
// (the scene's gravity pulls bodies and polygons; walls never fall, a static body never moves).
bool can_accelerate(const LabSide& side);
// A turning side's turn over the frame.
void set_angle(LabSide& side, double angle);
// A turning polygon's pivot put back on its outline's centroid (after its outline moved).
void keep_pivot_on_centroid(LabSide& side);

} // namespace ccdlab
