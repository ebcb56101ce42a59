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

std::size_t load_engines(const Arguments& args) {
    std::size_t i = 0;
    for (; i < args.size() && args[i] == "--engine"; ++i)
        ccd::load_engine_plugin(std::string(option_value(args, i)));
    if (i > 0) ccd::watch_plugin_calls(say_input);
    return i;
}

} // namespace ccdlab::cli
