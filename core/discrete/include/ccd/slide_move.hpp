#pragma once
// Seed 001's slideMove: move first, then push the disk out of the walls it ended up in, one
// contact per iteration. Discrete: a fast disk can pass through a thin wall (see
// collide_and_slide.hpp for the continuous version). See docs/discrete.md.

#include "ccd/chain_edge.hpp"
#include "ccd/contact.hpp"
#include "ccd/shapes.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace ccd {

struct SlideMoveOptions {
    int max_iterations = 5;           // pushes per move (seed 001's arbitrary limit)
    bool deepest_first = true;        // off: push out of the first penetrating wall in list order,
                                      // which reproduces seed 001's "stuck on a joint" failure
    double touching_tolerance = 1e-9; // a depth at or below this is touching, not penetrating
    // Walls that are a chain's edges: chains[i], when given, is wall i's edge with its ghost
    // vertices, and a contact with it is pushed out of only when ccd::chain_admits takes it
    // (the disk's center or the polygon's vertex centroid not behind it, the normal in the
    // touched feature's cone; docs/discrete.md, "Chains"): what comes from behind passes.
    std::span<const std::optional<ChainEdge>> chains = {};
};

// One iteration: the contact chosen and where the push left the disk.
struct SlidePush {
    std::size_t wall = 0; // index in `walls` of the wall pushed out of
    Contact contact;      // that wall's contact before the push
    Vec2 position;        // the center after pushing by contact.depth along contact.normal
};

struct SlideMoveResult {
    Vec2 moved;                     // start + delta: the center before any push
    std::vector<SlidePush> pushes;  // in order; empty when the move ended clear of every wall
    Vec2 position;                  // where the center ends
    bool out_of_iterations = false; // the budget ran out with the disk still penetrating
};

// The disk's center moves by `delta` in one jump, then up to max_iterations times: find the
// contact to resolve (the deepest, or the first in list order), stop if it is no deeper than
// the tolerance, else push the center out by its depth along its normal.
SlideMoveResult slide_move(const Circle& disk, Vec2 delta, std::span<const Segment> walls,
                           const SlideMoveOptions& options = {});

// slide_move for a convex polygon (it never turns) against walls and convex polygons: moved by
// `delta` in one jump, then up to max_iterations pushes out of the contact to resolve (the
// deepest, or the first, walls before polygons), each by the separating axis's least move
// (find_contact). `obstacle` counts the walls first, then the polygons.
struct PolygonSlidePush {
    std::size_t obstacle = 0;
    PolygonContact contact; // before the push
    Vec2 offset;            // the polygon's translation from its start after the push
};

struct PolygonSlideMoveResult {
    Vec2 moved; // delta: the translation before any push
    std::vector<PolygonSlidePush> pushes;
    Vec2 offset;     // the translation from the start at the end
    Polygon polygon; // the polygon there
    bool out_of_iterations = false;
};

PolygonSlideMoveResult slide_move(const Polygon& polygon, Vec2 delta,
                                  std::span<const Segment> walls,
                                  std::span<const Polygon> obstacles,
                                  const SlideMoveOptions& options = {});

} // namespace ccd
