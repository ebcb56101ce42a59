#pragma once
// An engine plugin loaded once per test program, whichever tests run: the algorithm it
// registered. The examples are in CCDLAB_EXAMPLE_PLUGINS_DIR, the tests' bad ones in
// CCDLAB_BAD_PLUGINS_DIR (tests/CMakeLists.txt).

#include "ccd/algorithms.hpp"
#include "ccd/plugin_loader.hpp"

#include <map>
#include <stdexcept>
#include <string>

namespace ccd_test {

inline const ccd::Algorithm& loaded_plugin(const std::string& path) {
    static std::map<std::string, std::string> names;
    auto found = names.find(path);
    if (found == names.end()) found = names.emplace(path, ccd::load_engine_plugin(path)).first;
    const ccd::Algorithm* algorithm = ccd::find_algorithm(found->second);
    if (!algorithm) throw std::logic_error("loaded, yet not registered: " + path);
    return *algorithm;
}

inline std::string example_plugin(const std::string& name) {
    return std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/" + name + ".so";
}

inline std::string bad_plugin(const std::string& name) {
    return std::string(CCDLAB_BAD_PLUGINS_DIR) + "/" + name + ".so";
}

} // namespace ccd_test
