#pragma once
// Command-line options of the ccdlab executable.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ccdlab {

// Which view opens: the query lab (one body against a segment) or the world (a scene stepped by
// the event scheduler). Automatic picks the query lab for exactly one body and a segment.
enum class Mode { Automatic, Query, World };

struct Options {
    std::filesystem::path scene; // empty: the last scene of an interactive run, else the default
    std::optional<std::string> link; // --link: open the scene this link holds (docs/links.md)
    std::optional<std::filesystem::path> screenshot; // render one frame to this PNG and exit
    std::optional<std::filesystem::path> report;     // write the lab's state as JSON here
    int width = 1280;
    int height = 800;
    bool size_given = false; // --size was given (else an interactive run reuses the last size)
    std::optional<double> t; // initial scrub time
    int frame = 0;           // --frame: the world view's frame at the start
    // --compare KEY=VALUE (repeated): the world view compares its run with the scene's under
    // these settings (ccd::apply_setting's keys) from the start.
    std::vector<std::string> compare;
    // --compare-tolerance X: the comparison's relative tolerance (ccd::run_tolerance; 0: exact);
    // none: ccd::kDefaultRunTolerance.
    std::optional<double> compare_tolerance;
    // --compare-engine box2d|bullet|chipmunk: the world view compares its run with the scene
    // stepped by that engine's own world (docs/engines.md, "Engine worlds") from the start.
    std::optional<std::string> compare_engine;
    // --discrete: the world view's discrete ghosts (seed 001 / 003) from the start.
    std::string discrete = "off"; // off, slide-move, slide-move-first-found, push-out
    Mode mode = Mode::Automatic;
    bool help = false;
    int bench_frames = 0; // > 0: time this many frames of the app's work, print percentiles, exit
    bool recover = false; // open the autosave of a run that did not end cleanly, if there is one
    std::filesystem::path fixtures_dir; // where Ctrl+E exports; empty: the source tree's
    int frame_delay_ms = 0; // --frame-delay-ms: every interactive frame lasts this much longer
    // --engine PATH (repeated): engine plugins loaded as algorithms at the start (docs/engines.md)
    std::vector<std::string> engines;
};

// Throws std::invalid_argument with a one-line message on bad arguments.
Options parse_options(int argc, const char* const* argv);

std::string usage_text();

} // namespace ccdlab
