#pragma once
// --bench-frames N: times N frames of the app's own work on the open scene, offscreen (like
// --screenshot), and prints frame-time percentiles (docs/performance-app.md, "The app's frame").

#include "any_view.hpp"
#include "options.hpp"

#include <iosfwd>

namespace ccdlab {

// Each frame: the model update (the query lab: t moves on and the mover's center is dragged a
// pixel, so the core answers again; the world: t moves on, bodies placed from the log), then
// the ImGui frame (input, panel, labels) and the canvas's shapes collected, up to ImGui's draw
// lists: that is the app's work, timed as this thread's CPU time and as wall time. Then the
// submission: the shapes uploaded and drawn, then ImGui drawn, each waited for (a pixel read
// back): the driver's and GPU's work, timed as wall time, each part apart; and the whole frame,
// from the model update to the frame drawn, as wall time. The last frame's
// counts are printed too: the shapes and the pixels their quads cover, ImGui's
// vertices, indices and draw calls. `load_seconds`: how long opening the scene took (printed).
// Returns the exit code.
int run_frame_bench(const Options& options, AnyView& view, double load_seconds, std::ostream& out);

} // namespace ccdlab
