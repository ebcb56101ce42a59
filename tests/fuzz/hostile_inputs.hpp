#pragma once
// Inputs as a hostile user would type them, for the hostile campaign (hostile_campaign.cpp):
// `toi` lines and scene files. Input number i of seed s is always the same input, so a finding
// is reproduced from its number alone (`hostile_campaign --first I --inputs 1 --print`).

#include <cstddef>
#include <cstdint>
#include <string>

namespace ccdfuzz {

// The algorithms a toi line or a scene is given, every one ccdlab-cli offers: the core's five and
// "box2d" (ccd_box2d, registered after them), in ccd::algorithms()'s order.
inline constexpr int kAlgorithmCount = 6;

struct HostileInput {
    // ToiLine: a `toi` line. Scene: a scene file, stepped. Link: a scene made into a link, then
    // one character of it changed (`changed_at`, a character of the link's data, to
    // `changed_to`). Diff: a scene whose two runs are compared frame by frame and whole (run b
    // under `setting`). SpecialFile: a file that is not a regular one (`text` names which),
    // loaded as a scene.
    enum class Kind { ToiLine, Scene, Link, Diff, SpecialFile } kind = Kind::ToiLine;
    std::string family; // which generator made it (for the summary)
    std::string text;   // the toi line (no newline) or the scene file
    // ToiLine: the algorithm's index in ccd::algorithms() (below kAlgorithmCount) and whether
    // --trace is on.
    int algorithm = 0;
    bool trace = false;
    // Scene: frames to step.
    int frames = 3;
    // Link: which character of the data to change (an index into it, from 0) and to what.
    std::size_t changed_at = 0;
    char changed_to = 'A';
    // Diff: run b's setting (KEY=VALUE).
    std::string setting;
    // What the input must get: refused (a toi error line, a SceneError) whatever else it holds,
    // because it carries a NUL byte or a duplicate key.
    bool must_be_refused = false;
    std::string refused_because; // "nul", "duplicate_key"
};

// Four of five inputs are toi lines, one a scene (a few of those a link, a diff or a special
// file).
HostileInput hostile_input(std::uint64_t seed, std::uint64_t index);

} // namespace ccdfuzz
