#pragma once
// The discrete methods of seeds 001 and 003 run beside the scheduler, frame by frame, on the
// same scene: each circle body gets a ghost that moves the way that method moves it (no OpenGL:
// tests/app). The world view draws the ghosts; the numbers come from the core's slide_move and
// resolve_against_walls (docs/discrete.md).

#include "ccd/scene.hpp"
#include "ccd/shapes.hpp"

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

class DiscreteComparison {
public:
    // Ghosts for the scene's circle bodies (radius > 0) at its start, against its segments
    // where they are at t = 0 (the discrete methods know no moving walls or other bodies).
    void reset(const ccd::Scene& scene);
    // One frame of `method` for every ghost; `deepest_first` is seed 001's switch.
    void step(DiscreteMethod method, bool deepest_first);

    const std::vector<DiscreteGhost>& ghosts() const { return ghosts_; }
    int frames() const { return frames_; }

private:
    std::vector<ccd::Segment> walls_;
    std::vector<double> restitution_; // per ghost: its body's, when it bounces, else 0
    std::vector<DiscreteGhost> ghosts_;
    int frames_ = 0;
};

} // namespace ccdlab
