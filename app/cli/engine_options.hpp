#pragma once
// ccdlab-cli's --engine PATH options, given before the command (docs/engines.md): each engine
// plugin loaded as an algorithm that every command's --algorithm can name.

#include "command_line.hpp"

#include <cstddef>

namespace ccdlab::cli {

// Loads the plugin of each "--engine PATH" in `args`, before the command or after it, and has
// the input of every call into a plugin written to standard error first (one line), so that a
// plugin that crashes the process leaves behind what it was given. The arguments without those
// options. Throws UsageError for an --engine without a path, ccd::PluginError for a plugin that
// cannot be loaded.
Arguments load_engines(const Arguments& args);

} // namespace ccdlab::cli
