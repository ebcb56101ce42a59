#pragma once
// Why an engine let a body through another, from the engine's settings and the bodies' state at
// the frame's start: the rule of the engine's source that did not sweep the pair (docs/engines.md,
// "Engine worlds", each rule with its file and function).

#include "ccd/engine_run.hpp"
#include "ccd/scene.hpp"
#include "ccd/tunnel_detector.hpp"

#include <string>

namespace ccd::engine {

std::string tunnel_reason(const Scene& scene, const EngineRun& run, const Tunnel& tunnel);

// "%.6g": what a reason says of a length.
std::string short_number(double x);

} // namespace ccd::engine
