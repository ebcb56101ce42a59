#pragma once
// Continuous collide-and-slide: move to the time of impact, remove the part of the remaining
// motion that goes into the wall, and carry on along it, up to N legs per frame. The disk
// never passes through a wall, and does not catch on the joints of a chain of segments.
// See docs/discrete.md.

#include "ccd/chain_edge.hpp"
#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ccd {

struct CollideAndSlideOptions {
    int max_iterations = 5;    // legs per frame; each wall hit ends a leg
    bool smooth_joints = true; // ignore an end-cap hit at a joint whose neighbouring wall
                               // already covers the disk (off: Box2D's "ghost collisions")
    // Walls that are a chain's edges (World::add_chain's rule): chains[i], when given, is wall
    // i's edge with its ghost vertices, and a hit on it counts only by ccd::chain_admits (from
    // its front, its normal in the touched feature's cone; docs/algorithms.md, "Chains"), which
    // then stands in for smooth_joints. Shorter than `walls`, or empty: the rest are plain.
    std::span<const std::optional<ChainEdge>> chains = {};
};

// The wall that ended a leg.
struct SlideContact {
    std::size_t wall = 0; // index in `walls`
    Hit hit;              // time_of_impact's answer on this leg (t is a fraction of `motion`)
};

// One straight piece of the path.
struct SlideLeg {
    Vec2 start;
    Vec2 end;                            // start + motion * (contact ? contact->hit.t : 1)
    Vec2 motion;                         // what this leg set out to move
    std::optional<SlideContact> contact; // none: the leg ran its whole motion freely
    Vec2 motion_after;                   // what is left after removing the part into the walls
};

enum class SlideOutcome {
    Finished,        // the motion was travelled or absorbed by the walls head-on
    Wedged,          // the walls touching the disk leave it no direction to slide in
    OutOfIterations, // the leg budget ran out; the rest of the motion is dropped
};

std::string_view to_string(SlideOutcome outcome);

struct CollideAndSlideResult {
    std::vector<SlideLeg> legs; // the piecewise path, in order
    Vec2 position;              // where the center ends
    SlideOutcome outcome = SlideOutcome::Finished;
};

// The disk moves by `displacement` over the frame. Contacts that are not approaching (a
// graze, or a wall the disk is leaving or sliding along) never stop it. A disk that starts
// overlapping a wall is not pushed out (slide_move does that); it only cannot go deeper.
CollideAndSlideResult collide_and_slide(const Circle& disk, Vec2 displacement,
                                        std::span<const Segment> walls,
                                        const CollideAndSlideOptions& options = {});

// The same for a polygon that translates without turning (seed 001's box): each leg's time of
// impact is the polygon-wall query (toi_polygon.hpp), and the legs, the ghost rule at joints and
// the result's positions are those of its vertex centroid. A polygon that starts overlapping a
// wall only cannot go deeper.
CollideAndSlideResult collide_and_slide(const Polygon& polygon, Vec2 displacement,
                                        std::span<const Segment> walls,
                                        const CollideAndSlideOptions& options = {});

} // namespace ccd
