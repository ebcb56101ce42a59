#pragma once
// Edits of a scene's bodies, segments, polygons and chains as the world view makes them: add a
// circle, a point, a segment or a box, remove one, move the handles (a body's center and arrow
// tip at t = 0, a segment's ends, a polygon's vertex centroid and arrow tip, a turning polygon's
// spin, a chain's points; chain_edits.hpp inserts and deletes a chain's points).
// Plain functions on ccd::Scene, no window: the view keeps the scene, these change it.

#include "camera.hpp"

#include "ccd/scene.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ccdlab {

// A body, a segment, a polygon or a chain of the scene, by its index in `bodies`, `segments`,
// `polygons` or `chains`.
struct SceneItem {
    enum class Kind { Body, Segment, Polygon, Chain };
    Kind kind = Kind::Body;
    int index = 0;
    friend bool operator==(const SceneItem&, const SceneItem&) = default;
};

// A draggable point of an item: a body's center or arrow tip (center + velocity), a segment's
// end a or b, a polygon's vertex centroid or arrow tip (centroid + velocity), all at t = 0; a
// turning polygon's or turning segment's spin, at the end of its spin arc (spin_arc); a turning
// segment's pivot; a chain's point `point` (Vertex).
struct SceneHandle {
    enum class Part { Center, Tip, EndA, EndB, Spin, Pivot, Vertex };
    SceneItem item;
    Part part = Part::Center;
    int point = 0; // a chain's point, for Vertex
    friend bool operator==(const SceneHandle&, const SceneHandle&) = default;
};

// `stem` followed by the first number from 1 that no body, segment, polygon or chain is named:
// "circle 1", "circle 2", ...
std::string unique_name(const ccd::Scene& scene, std::string_view stem);

// Each adds one item with a fresh name and returns it.
SceneItem add_circle(ccd::Scene& scene, Vec2 center, double radius, Vec2 velocity);
SceneItem add_point(ccd::Scene& scene, Vec2 position, Vec2 velocity);
SceneItem add_segment(ccd::Scene& scene, Vec2 a, Vec2 b);
// A square of side 2 half_side about `center`, counter-clockwise from its lower left corner.
SceneItem add_box(ccd::Scene& scene, Vec2 center, double half_side, Vec2 velocity);

// Whether `item` exists in the scene.
bool contains(const ccd::Scene& scene, SceneItem item);
const std::string& name_of(const ccd::Scene& scene, SceneItem item);

// Removes the item. An `expect` section that names it (a chain: one of its edges) could no
// longer load, so it is dropped too: returns true when that happened.
bool remove_item(ccd::Scene& scene, SceneItem item);

// The index of a body or a polygon among the World's bodies (ccd::make_world adds the circles
// and points, then the polygons); none for a segment or a chain.
std::optional<int> world_body_index(const ccd::Scene& scene, SceneItem item);

// A turning polygon's spin as the editor shows it: an arc about its centroid (the point it turns
// about), outside its outline at t = 0 (1.25 times its farthest vertex), from the direction of
// its first vertex then (`start`, radians) on by its angular velocity (`sweep`: the turn over one
// frame, counter-clockwise when positive). The spin handle is at the arc's end.
struct SpinArc {
    Vec2 center;
    double radius = 0.0;
    double start = 0.0;
    double sweep = 0.0;
    Vec2 end() const;
};
SpinArc spin_arc(const ccd::PolygonBody& polygon);
// A turning segment's (a pivot: ccd::Wall::pivot, even with the angle 0) the same way: about
// its pivot, 1.25 times its farther end from it (at least 1), from the direction of end a (of
// end b when a is the pivot), sweeping its turn over one frame (ccd::Wall::angle).
SpinArc spin_arc(const ccd::Wall& wall);

Vec2 handle_position(const ccd::Scene& scene, SceneHandle handle);
// Moves a handle to `world`: the center carries the motion along (the tip keeps its offset; a
// polygon's centroid moves the whole polygon); the tip sets the velocity; a segment's end or a
// chain's point moves alone; the spin sets the angular velocity so that the arc ends in the
// direction of `world`, the nearest such turn to the one before (dragged round and round, it winds
// on: 2 pi a turn).
void move_handle(ccd::Scene& scene, SceneHandle handle, Vec2 world);

// The other segment ends exactly where a segment end `handle` is (the corner of a polyline or
// a box): a drag moves them together. Empty for a body's handles.
std::vector<SceneHandle> joined_ends(const ccd::Scene& scene, SceneHandle handle);

// The handle drawn nearest to `screen` within `radius_px` pixels; on an exact tie the earlier
// one in the scene (a body's center before its tip).
std::optional<SceneHandle> pick_handle(const ccd::Scene& scene, Vec2 screen, const Camera& camera,
                                       double radius_px);

// The segment whose line at t = 0 passes nearest to `screen` within `radius_px` pixels (a click
// on a wall selects it); none when no segment is that near.
std::optional<SceneItem> pick_segment(const ccd::Scene& scene, Vec2 screen, const Camera& camera,
                                      double radius_px);
// The same for the chains' edges (a loop's closing edge too): the chain with the nearest.
std::optional<SceneItem> pick_chain(const ccd::Scene& scene, Vec2 screen, const Camera& camera,
                                    double radius_px);

// A turning segment described as `ccdlab-cli replay` logs it in its events (b_angular_velocity:
// radians a frame, shortest round-trip digits): "turns about (0, 0) by 1.5707963267948966 rad a
// frame (90 degrees), counter-clockwise"; empty for a segment without a pivot.
std::string turning_text(const ccd::Wall& wall);

} // namespace ccdlab
