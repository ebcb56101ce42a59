#pragma once
// Loads engine plugins (ccd/engine_plugin.h, docs/engines.md): each shared library's query is
// registered as the algorithm of its name, one PairMethod row for each pair of kinds it
// declares (ccd::register_algorithm), so that the CLI, the lab and the World ask it like any
// other algorithm. Every answer it gives is checked: an output that is not finite, a t outside
// [0, 1] or a normal that is not of unit length is refused with a message naming the plugin
// and the input (the row's refusal: inexpressible() says it, the query answers nothing).
//
// Like register_algorithm, loading is for the start of a program, from one thread, before any
// query. A loaded library stays loaded until the program ends.

#include <stdexcept>
#include <string>
#include <string_view>

namespace ccd {

// A plugin that cannot be loaded: what() is one line naming the file and what is wrong (no
// such file, no entry point, another ABI version, a name taken, a pair the registry lacks).
class PluginError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Loads the engine plugin at `path` and registers its algorithm; its name. Nothing is
// registered when it throws PluginError.
std::string load_engine_plugin(const std::string& path);

// Called before each call into a plugin with the plugin's name and the input, as one line
// (ccdlab-cli writes it to standard error, so that a plugin that crashes leaves its input
// behind). Null: none (the default).
using PluginCallWatcher = void (*)(std::string_view plugin, std::string_view input);
void watch_plugin_calls(PluginCallWatcher watcher);

} // namespace ccd
