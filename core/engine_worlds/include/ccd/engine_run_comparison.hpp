#pragma once
// Two runs of one scene (the exact World's, an engine's) compared state by state: the first
// frame at which a body's state differs beyond the tolerance, and each run's first tunnel
// (`ccdlab-cli diff SCENE --a world=exact --b world=box2d`; docs/engines.md, "Engine worlds").

#include "ccd/engine_run.hpp"
#include "ccd/scene.hpp"
#include "ccd/tunnel_detector.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ccd {

// A body whose state at the end of `frame` differs between the runs.
struct StateDifference {
    int frame = 0;
    int body = 0;
    BodyState a, b;
    double distance = 0.0; // |position a - position b|
};

struct EngineRunComparison {
    EngineRun a, b;
    std::vector<Tunnel> tunnels_a, tunnels_b;
    std::optional<StateDifference> divergence; // the first, frame by frame, body by body
    double length_tolerance = 0.0;             // positions and velocities (per frame)
    double angle_tolerance = 0.0;              // angles and angular velocities (per frame)
    // Whether the runs part: a tunnel in either, or a divergence.
    bool parted() const { return divergence || !tunnels_a.empty() || !tunnels_b.empty(); }
};

// Runs a and b of `scene` for `frames` frames, compared within `tolerance` (relative: lengths
// within it x ccd::scene_scale, angles within it; 0: equal bit for bit). std::invalid_argument
// for a tolerance that is negative or not finite.
EngineRunComparison compare_engine_runs(const Scene& scene, EngineKind a, EngineKind b, int frames,
                                        double tolerance);

// One line: "frame 1: ball at (0.93, 0) in a, (1.2, 0) in b, 0.27 apart; velocity (0, 0) in a,
// (0.5, 0) in b".
std::string describe(const StateDifference& difference, const EngineRunComparison& comparison);

} // namespace ccd
