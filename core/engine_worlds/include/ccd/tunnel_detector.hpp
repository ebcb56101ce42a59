#pragma once
// Tunnels in a run: between two consecutive frames, a body whose path crossed a wall (a segment,
// or a chain's edge from its front) or another body that the exact World, started from the run's
// own state at the frame's start, has them touch in that frame (and whose path in the World's frame
// does not cross it); or a pair that ends the frame overlapping deeper than the tolerance where the
// World's frame does not. Each with the reason the engine's rules give (docs/engines.md, "Engine
// worlds").

#include "ccd/engine_run.hpp"
#include "ccd/event_log.hpp"
#include "ccd/scene.hpp"

#include <string>
#include <vector>

namespace ccd {

struct Tunnel {
    int frame = 0; // the frame stepped (from states[frame] to states[frame + 1])
    int body = 0;  // its index in EngineRun::body_names
    OtherKind other_kind = OtherKind::Wall;
    int other = 0;        // a body's index, or a wall's as the World numbers them: the scene's
                          // segments, then its chains' edges (make_world's wall_names)
    Vec2 place;           // where the path crossed, or the deepest overlap
    bool crossed = false; // its path crossed the other; else it ended the frame overlapping
    double depth = 0.0;   // the overlap at the frame's end (0 when apart)
    std::string reason;   // the engine's rule, with its source
};

struct TunnelOptions {
    // An overlap at a frame's end deeper than this fraction of the smaller participant's
    // thickness (a circle's radius, a polygon's half width; a wall's is the body's) is a
    // tunnel when the pair did not overlap that deep at the frame's start.
    double overlap_fraction = 0.5;
};

// Every tunnel of the run, in frame order. The scene is the run's own.
std::vector<Tunnel> find_tunnels(const Scene& scene, const EngineRun& run,
                                 const TunnelOptions& options = {});
// The tunnels of frame `frame` alone (from states[frame] to states[frame + 1]), as find_tunnels
// finds them: a run searched frame by frame as it grows (the world view's engine comparison).
std::vector<Tunnel> find_tunnels_in_frame(const Scene& scene, const EngineRun& run, int frame,
                                          const TunnelOptions& options = {});

// One line: "frame 3: ball through plate at (0.5, 1): ball and plate are both dynamic ...".
std::string describe(const Tunnel& tunnel, const Scene& scene, const EngineRun& run);
// The name of the tunnel's other participant.
std::string other_name(const Tunnel& tunnel, const Scene& scene, const EngineRun& run);

} // namespace ccd
