#include "command_line.hpp"

#include "ccd/algorithms.hpp"

#include "ccd/printable_excerpt.hpp"

#include <cmath>
#include <exception>
#include <iostream>

namespace ccdlab::cli {

int report_usage_error(std::string_view command, const UsageError& error) {
    std::cerr << "ccdlab-cli " << command << ": " << error.what() << '\n';
    return kExitUsage;
}

namespace {

// The whole of `text` converted by `convert` (std::stoi, std::stod), or nothing.
template <class Number, class Convert>
std::optional<Number> whole_text_as(const std::string& text, Convert convert) {
    std::size_t used = 0;
    Number value{};
    try {
        value = convert(text, &used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (used == 0 || used != text.size()) return std::nullopt;
    return value;
}

} // namespace

std::optional<int> whole_number(const std::string& text) {
    return whole_text_as<int>(
        text, [](const std::string& t, std::size_t* used) { return std::stoi(t, used); });
}

std::optional<double> finite_number(const std::string& text) {
    const std::optional<double> value = whole_text_as<double>(
        text, [](const std::string& t, std::size_t* used) { return std::stod(t, used); });
    if (!value || !std::isfinite(*value)) return std::nullopt;
    return value;
}

std::string_view option_value(const Arguments& args, std::size_t& i) {
    if (i + 1 >= args.size())
        throw UsageError(std::string(args[i]) + " needs a value (see --help)");
    return args[++i];
}

int whole_number_option(std::string_view option, const std::string& value, int low, int high,
                        std::string_view kind) {
    const std::optional<int> parsed = whole_number(value);
    if (!parsed || *parsed < low || *parsed > high)
        throw UsageError(std::string(option) + " needs a " + std::string(kind) + " from " +
                         std::to_string(low) + " to " + std::to_string(high) + ", got \"" +
                         ccd::printable_excerpt(value) + "\"");
    return *parsed;
}

double tolerance_option(std::string_view option, const std::string& value) {
    const std::optional<double> parsed = finite_number(value);
    if (!parsed || *parsed < 0.0)
        throw UsageError(std::string(option) + " needs a finite number >= 0, got \"" +
                         ccd::printable_excerpt(value) + "\"");
    return *parsed;
}

void take_scene_path(std::string& scene_path, std::string_view arg, const std::string& quoted) {
    if (!arg.empty() && arg[0] == '-')
        throw UsageError("unknown option \"" + quoted + "\" (see --help)");
    if (!scene_path.empty()) throw UsageError("one scene at a time (see --help)");
    scene_path = arg;
}

void require_scene_path(const std::string& scene_path) {
    if (scene_path.empty()) throw UsageError("which scene? (see --help)");
}

const ccd::Algorithm* algorithm_option(std::string_view name) {
    if (const ccd::Algorithm* found = ccd::find_algorithm(name)) return found;
    std::string known;
    for (const ccd::Algorithm& algorithm : ccd::algorithms())
        known += (known.empty() ? "" : ", ") + std::string(algorithm.name);
    throw UsageError("--algorithm: unknown \"" + ccd::printable_excerpt(name) + "\" (one of " +
                     known + ")");
}

} // namespace ccdlab::cli
