#pragma once
// The discrete methods of seeds 001 and 003 run beside the scheduler, frame by frame, on the
// same scene: each circle body, and each convex polygon that moves without turning, gets a ghost
// that moves the way that method moves it (no OpenGL: tests/app). The world view draws the
// ghosts; the numbers come from the core's slide_move, resolve_against_walls and
// resolve_against_obstacles (docs/discrete.md).

#include "ccd/chain_edge.hpp"
#include "ccd/scene.hpp"
#include "ccd/shapes.hpp"

#include <optional>
#include <vector>

namespace ccdlab {

enum class DiscreteMethod {
    None,
    SlideMove, // seed 001: move the whole step, then push out of walls, one contact at a time
    PushOut,   // seed 003: move, then one pass over the walls: push out, reflect the velocity
};

struct DiscreteGhost {
    ccd::Circle disk;             // where the method has the body now
    ccd::Vec2 velocity;           // its move per frame (seed 003 changes it on contact)
    std::vector<ccd::Vec2> trail; // its center at every frame so far, the start included
    bool unresolved = false;      // the last frame ended still inside a wall
};

// A polygon's ghost: a box against the segments and the static convex polygons (the tiles).
struct DiscretePolygonGhost {
    ccd::Polygon polygon;         // where the method has it now
    ccd::Vec2 velocity;           // its move per frame
    std::vector<ccd::Vec2> trail; // its vertex centroid at every frame so far, the start included
    bool unresolved = false;      // the last frame ended still inside an obstacle
};

class DiscreteComparison {
public:
    // Ghosts for the scene's circle bodies (radius > 0) at its start, against its segments
    // where they are at t = 0 (the discrete methods know no moving walls or other bodies), and
    // for its convex polygons that move without turning, against those segments and its static
    // convex polygons.
    void reset(const ccd::Scene& scene);
    // One frame of `method` for every ghost; `deepest_first` is seed 001's switch.
    void step(DiscreteMethod method, bool deepest_first);

    const std::vector<DiscreteGhost>& ghosts() const { return ghosts_; }
    const std::vector<DiscretePolygonGhost>& polygon_ghosts() const { return polygon_ghosts_; }
    int frames() const { return frames_; }

private:
    std::vector<ccd::Segment> walls_;
    // By wall: a chain's edge (slide_move takes it one-sided, ccd::chain_admits); none for a
    // segment. The chains' edges follow the segments in walls_.
    std::vector<std::optional<ccd::ChainEdge>> chains_;
    std::vector<double> restitution_; // per ghost: its body's, when it bounces, else 0
    std::vector<DiscreteGhost> ghosts_;
    std::vector<ccd::Polygon> obstacles_;     // the static convex polygons
    std::vector<double> polygon_restitution_; // per polygon ghost, as restitution_
    std::vector<DiscretePolygonGhost> polygon_ghosts_;
    int frames_ = 0;

    void step_polygons(DiscreteMethod method, bool deepest_first);
};

} // namespace ccdlab
