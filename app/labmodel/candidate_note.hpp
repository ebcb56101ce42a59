#pragma once
// The line the equation view writes under a candidate: its note, and when it has no root, that
// it has none, said once ("No root: ..." unless the note already says so).

#include "ccd/trace.hpp"

#include <string>

namespace ccdlab {

std::string candidate_note(const ccd::TraceCandidate& candidate);

} // namespace ccdlab
