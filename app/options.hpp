#pragma once
// Command-line options of the ccdlab executable.

#include <filesystem>
#include <optional>
#include <string>

namespace ccdlab {

struct Options {
    std::filesystem::path scene;                     // empty: the default scene
    std::optional<std::filesystem::path> screenshot; // render one frame to this PNG and exit
    std::optional<std::filesystem::path> report;     // write the lab's state as JSON here
    int width = 1280;
    int height = 800;
    std::optional<double> t; // initial scrub time
    bool help = false;
};

// Throws std::invalid_argument with a one-line message on bad arguments.
Options parse_options(int argc, const char* const* argv);

std::string usage_text();

} // namespace ccdlab
