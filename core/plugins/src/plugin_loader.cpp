#include "ccd/plugin_loader.hpp"

#include "ccd/engine_plugin.h"
#include "ccd/pair_registry.hpp"

#include "plugin_engine.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <vector>

namespace ccd {
namespace {

// The library at `path`, opened, and closed again unless kept.
class Library {
public:
    explicit Library(const std::string& path) {
        // A name without a slash would be looked for in the system's library folders.
        const std::string where = path.find('/') == std::string::npos ? "./" + path : path;
        handle_ = dlopen(where.c_str(), RTLD_NOW | RTLD_LOCAL);
    }
    Library(const Library&) = delete;
    Library& operator=(const Library&) = delete;
    ~Library() {
        if (handle_ && !kept_) dlclose(handle_);
    }
    void* handle() const { return handle_; }
    void keep() { kept_ = true; }

private:
    void* handle_ = nullptr;
    bool kept_ = false;
};

std::string side_kind_text(const ccd_side_kind& kind) {
    return std::string(to_string(static_cast<ShapeKind>(kind.shape))) + " (" +
           std::string(to_string(static_cast<MotionKind>(kind.motion))) + ")";
}

bool known(const ccd_side_kind& kind) {
    return kind.shape >= 0 && kind.shape < kShapeKinds && kind.motion >= 0 &&
           kind.motion < kMotionKinds;
}

SweptKind swept_kind(const ccd_side_kind& kind) {
    return {static_cast<ShapeKind>(kind.shape), static_cast<MotionKind>(kind.motion)};
}

// The registered pair of the declared kinds; PluginError when the registry has none.
const PairType& registered_pair(const ccd_pair_kind& declared, const std::string& where) {
    if (!known(declared.mover) || !known(declared.obstacle))
        throw PluginError(where +
                          "declares a pair with a shape or motion that does not exist "
                          "(shape " +
                          std::to_string(declared.mover.shape) + "/" +
                          std::to_string(declared.obstacle.shape) + ", motion " +
                          std::to_string(declared.mover.motion) + "/" +
                          std::to_string(declared.obstacle.motion) + ")");
    for (const PairType& pair : pair_types())
        if (pair.mover == swept_kind(declared.mover) &&
            pair.obstacle == swept_kind(declared.obstacle))
            return pair;
    throw PluginError(where + "declares " + side_kind_text(declared.mover) + " against " +
                      side_kind_text(declared.obstacle) +
                      ", which is no registered pair (the pairs: " + pair_type_names() + ")");
}

// The plugin's description, checked: PluginError for what the loader cannot take.
const ccd_engine_plugin& described(void* handle, const std::string& where) {
    const auto entry =
        reinterpret_cast<ccd_engine_plugin_entry>(dlsym(handle, CCD_ENGINE_PLUGIN_SYMBOL));
    if (!entry)
        throw PluginError(where + "no function " CCD_ENGINE_PLUGIN_SYMBOL
                                  ": not an engine plugin (docs/engines.md)");
    const ccd_engine_plugin* plugin = entry();
    if (!plugin) throw PluginError(where + CCD_ENGINE_PLUGIN_SYMBOL " returned no plugin");
    if (plugin->abi_version != CCD_ENGINE_ABI_VERSION)
        throw PluginError(where + "built for engine ABI version " +
                          std::to_string(plugin->abi_version) + ", this program takes version " +
                          std::to_string(CCD_ENGINE_ABI_VERSION));
    if (!plugin->name || !*plugin->name) throw PluginError(where + "the plugin has no name");
    if (!plugin->time_of_impact) throw PluginError(where + "the plugin has no time_of_impact");
    if (plugin->pair_count < 1 || !plugin->pairs)
        throw PluginError(where + "the plugin declares no pair it answers");
    if (find_algorithm(plugin->name))
        throw PluginError(where + "the name \"" + plugin->name +
                          "\" is taken by another algorithm");
    return *plugin;
}

std::vector<const PairType*> declared_pairs(const ccd_engine_plugin& plugin,
                                            const std::string& where) {
    std::vector<const PairType*> pairs;
    for (int k = 0; k < plugin.pair_count; ++k)
        pairs.push_back(&registered_pair(plugin.pairs[k], where));
    return pairs;
}

std::string text_or(const char* text, const char* otherwise) {
    return text ? text : otherwise;
}

} // namespace

std::string load_engine_plugin(const std::string& path) {
    const std::string where = "engine plugin " + path + ": ";
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) throw PluginError(where + "no such file");
    Library library(path);
    if (!library.handle()) throw PluginError(where + "cannot load it: " + dlerror());
    const ccd_engine_plugin& plugin = described(library.handle(), where);
    const std::vector<const PairType*> pairs = declared_pairs(plugin, where);

    const plugins::Engine* engine = nullptr;
    const auto functions =
        plugins::take_slot({plugin.name, text_or(plugin.version, "(no version)"),
                            text_or(plugin.description, "an engine plugin"), plugin.time_of_impact},
                           &engine);
    if (!functions)
        throw PluginError(where + "no room: " + std::to_string(plugins::kMaxEngines) +
                          " engine plugins are loaded already");
    std::vector<PairMethod> rows;
    for (const PairType* pair : pairs)
        rows.push_back({pair->name, engine->name, functions->query, functions->refusal});
    if (!register_algorithm({engine->name, engine->description}, rows)) {
        plugins::release_last_slot();
        throw PluginError(where + "the name \"" + plugin.name + "\" is taken by another algorithm");
    }
    library.keep();
    return engine->name;
}

void watch_plugin_calls(PluginCallWatcher watcher) {
    plugins::set_call_watcher(watcher);
}

} // namespace ccd
