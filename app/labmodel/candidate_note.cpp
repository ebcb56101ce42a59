#include "candidate_note.hpp"

namespace ccdlab {

std::string candidate_note(const ccd::TraceCandidate& candidate) {
    if (!candidate.roots.empty()) return candidate.note;
    const std::string& note = candidate.note;
    if (note.rfind("no real root", 0) == 0 || note.rfind("no root", 0) == 0)
        return "N" + note.substr(1);
    return "No root: " + note;
}

} // namespace ccdlab
