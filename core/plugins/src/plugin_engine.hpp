#pragma once
// A loaded plugin's query as the pair registry calls it. The registry's rows hold plain
// function pointers, so each loaded plugin takes one of kMaxEngines slots, each with a query
// and a refusal of its own that call that slot's plugin.
//
// The refusal runs the plugin and refuses an answer answer_fault finds wrong (plugin_answer.hpp),
// with the plugin's name and the input; the query then reads the same answer (the last answer
// is kept for the same input), so a plugin is called once per input however often the registry
// asks.

#include "ccd/engine_plugin.h"
#include "ccd/pair_registry.hpp"
#include "ccd/plugin_loader.hpp"

#include <optional>
#include <string>

namespace ccd::plugins {

inline constexpr int kMaxEngines = 16;

struct Engine {
    std::string name;
    std::string version;
    std::string description;
    ccd_time_of_impact_fn query = nullptr;
};

// The functions of a slot, for its plugin's PairMethod rows.
struct EngineFunctions {
    PairQuery query = nullptr;
    PairRefusal refusal = nullptr;
};

// Takes the next free slot for `engine`: its functions, and the engine as the slot keeps it
// (its strings are what the rows' names point to); nothing when every slot is taken.
std::optional<EngineFunctions> take_slot(Engine engine, const Engine** kept);
// Frees the slot taken last (its plugin was not registered after all).
void release_last_slot();

void set_call_watcher(PluginCallWatcher watcher);

} // namespace ccd::plugins
