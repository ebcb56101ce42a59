#pragma once
// What Box2D 2.4.1's b2TimeOfImpact looked at: its search replayed step for step, to record each
// outer iteration's t1, separating axis and checked times (ccd/trace.hpp,
// SeparatingAxisIteration). Box2D keeps these to itself (its b2SeparationFunction is a struct
// inside b2_time_of_impact.cpp, and b2TimeOfImpact returns only a state and a t), so the replay
// follows b2TimeOfImpact in b2_time_of_impact.cpp operation for operation in float, calling
// Box2D's own b2Distance (the library's), b2Sweep::GetTransform and Normalize,
// b2DistanceProxy::GetSupport and GetVertex, b2Mul, b2MulT, b2Cross and b2Dot (Box2D's
// headers). What is ours: the record (which values are kept, the axis turned into the world and
// pointed from the obstacle toward the mover). The answer stays the library's own run:
// box2d_toi.cpp compares the replay's state, t and counts with it and keeps the record only
// when they are the same, bit for bit.

#include "ccd/trace.hpp"

#include <box2d/b2_time_of_impact.h>

#include <vector>

namespace ccd::box2d {

struct ReplayedSearch {
    b2TOIOutput::State state = b2TOIOutput::e_unknown;
    float t = 0.0f;
    int iterations = 0;      // outer iterations, counted as Box2D's b2_toiIters counts them
    int root_iterations = 0; // the root finder's steps, as b2_toiRootIters
    // Every outer iteration, the last one possibly without an axis (kind empty: it stopped on
    // the distance at its t1, before making one).
    std::vector<SeparatingAxisIteration> iterations_seen;
    // Where b2TimeOfImpact would stop the program: b2Distance left a simplex of `simplex` vertices
    // (3: the cores overlap in float; 0) while the distance it gave passed b2TimeOfImpact's two
    // checks (`distance <= 0`, `distance < target + tolerance`: a NaN passes both), and
    // b2SeparationFunction::Initialize asserts `0 < count && count < 3` (b2_time_of_impact.cpp;
    // Debian's libbox2d keeps its assertions). The state is then e_unknown, at the t1 it reached.
    bool asserts = false;
    int simplex = 0;
};

// b2TimeOfImpact on `input`, replayed (A is the obstacle, B the mover, as box2d_toi.cpp builds
// them).
ReplayedSearch replay_time_of_impact(const b2TOIInput& input);

} // namespace ccd::box2d
