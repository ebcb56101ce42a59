#pragma once
// Seed 003's resolution and response against static walls: push the disk out by the depth
// along the normal, then change its velocity along the normal (restitution) and, optionally,
// along the wall (friction). See docs/discrete.md.

#include "ccd/chain_edge.hpp"
#include "ccd/contact.hpp"
#include "ccd/shapes.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace ccd {

struct ResponseOptions {
    double restitution = 0.0; // 0: the velocity into the wall is removed; 1: it is reversed
    double friction = 0.0;    // Coulomb: the speed along the wall drops by friction times the
                              // change of speed along the normal, never past zero
    // resolve_against_walls and resolve_against_obstacles only: walls that are a chain's edges.
    // chains[i], when given, is wall i's edge with its ghost vertices, and a contact with it is
    // resolved (and counted in remaining_depth) only when ccd::chain_admits takes it, as in
    // slide_move and collide_and_slide (the disk's center or the polygon's vertex centroid not
    // behind it, the normal in the touched feature's cone; docs/discrete.md, "Chains"): what is
    // behind a chain is not pushed, and a joint's neighbouring edge hides the other's end.
    std::span<const std::optional<ChainEdge>> chains = {};
};

struct BodyState {
    Vec2 position;
    Vec2 velocity;
};

// Push out by contact.depth along contact.normal; if the velocity approaches the wall
// (dot(v, n) < 0), its normal part becomes -restitution times itself and friction acts on the
// tangential part. A velocity already leaving the wall is kept as is.
BodyState resolve_contact(BodyState body, const Contact& contact,
                          const ResponseOptions& options = {});

// One contact resolved in resolve_against_walls.
struct ResolveStep {
    std::size_t wall = 0; // index in `walls`
    Contact contact;      // that wall's contact at the position reached so far
    BodyState after;      // position and velocity after resolving it
};

struct ResolveResult {
    std::vector<ResolveStep> steps; // one per wall touched, in list order
    BodyState body;                 // the final state
    double remaining_depth = 0.0;   // deepest penetration left after the pass (0: none)
};

// Seed 003's loop over the walls: one pass in list order, each wall's contact taken at the
// position the previous walls left the disk in, then resolve_contact (a chain's edge only when
// its rule takes the contact: ResponseOptions::chains). One pass does not always
// separate the disk from two walls at once (an acute corner): remaining_depth says so.
ResolveResult resolve_against_walls(const Circle& disk, Vec2 velocity,
                                    std::span<const Segment> walls,
                                    const ResponseOptions& options = {});

// Seed 003's loop for a convex polygon (a box, a tile's neighbour): one pass over the walls,
// then the convex polygons, each contact (find_contact: the separating axis's least move) taken
// where the earlier ones left the polygon, then resolve_contact on its translation (the
// polygon's vertex centroid stands for it; it never turns). `obstacle` in each step counts the
// walls first, then the polygons.
struct PolygonResolveStep {
    std::size_t obstacle = 0;
    PolygonContact contact;
    BodyState after; // the vertex centroid and the velocity after resolving it
};

struct PolygonResolveResult {
    std::vector<PolygonResolveStep> steps;
    BodyState body;               // the vertex centroid and velocity at the end
    Polygon polygon;              // the polygon where the pass left it
    double remaining_depth = 0.0; // deepest overlap left after the pass (0: none)
};

PolygonResolveResult resolve_against_obstacles(const Polygon& polygon, Vec2 velocity,
                                               std::span<const Segment> walls,
                                               std::span<const Polygon> obstacles,
                                               const ResponseOptions& options = {});

} // namespace ccd
