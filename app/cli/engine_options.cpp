#include "engine_options.hpp"

#include "ccd/plugin_loader.hpp"

#include <iostream>
#include <string>

namespace ccdlab::cli {
namespace {

void say_input(std::string_view plugin, std::string_view input) {
    std::cerr << "ccdlab-cli: engine \"" << plugin << "\" is given " << input << std::endl;
}

} // namespace

Arguments load_engines(const Arguments& args) {
    Arguments rest;
    bool loaded = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != "--engine") {
            rest.push_back(args[i]);
            continue;
        }
        ccd::load_engine_plugin(std::string(option_value(args, i)));
        loaded = true;
    }
    if (loaded) ccd::watch_plugin_calls(say_input);
    return rest;
}

} // namespace ccdlab::cli
