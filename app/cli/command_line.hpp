#pragma once
// What every ccdlab-cli command reads its command line with: the exit status of a bad command
// line, the error that makes it, an option's value checked as a number in a range, a scene
// path, and a scene's own errors named by its file.

#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_loader.hpp"

#include <cstddef>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {
struct Algorithm;
}

namespace ccdlab::cli {

using Arguments = std::vector<std::string_view>;

inline constexpr int kExitUsage = 2;

// A bad command line: what() is the message after "ccdlab-cli COMMAND: ".
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Prints `error` as "ccdlab-cli COMMAND: MESSAGE" on standard error; returns kExitUsage.
int report_usage_error(std::string_view command, const UsageError& error);

// Reads `args` in order, each with `take(i)` (which moves i past an option's value), until -h
// or --help; whether one came. An error before it is the command line's, not the help.
// A file name in a message: printable (control bytes as \xNN) and at most this long (PATH_MAX:
// no longer name opens); an option or an algorithm name is cut at ccd::kMaxQuotedBytes.
inline constexpr std::size_t kMaxQuotedPathBytes = 4096;

template <class Take>
bool read_arguments(const Arguments& args, Take take) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-h" || args[i] == "--help") return true;
        take(i);
    }
    return false;
}

// Reads the command line into `options` with `parse` (which sets options.help for -h or --help
// and throws UsageError); the exit status when that is all the command does: its help printed
// (0), or a usage error reported (kExitUsage).
template <class Options>
std::optional<int> read_command_line(std::string_view command, const Arguments& args,
                                     Options (*parse)(const Arguments&), std::string (*help)(),
                                     Options& options) {
    try {
        options = parse(args);
    } catch (const UsageError& e) {
        return report_usage_error(command, e);
    }
    if (!options.help) return std::nullopt;
    std::cout << help();
    return 0;
}

// The whole of `text` as an int, or nothing.
std::optional<int> whole_number(const std::string& text);
// The whole of `text` as a finite double, or nothing.
std::optional<double> finite_number(const std::string& text);

// The argument after the option args[i], i moved onto it; UsageError "OPTION needs a value"
// when there is none.
std::string_view option_value(const Arguments& args, std::size_t& i);

// `value` as a whole number from `low` to `high`, or UsageError "OPTION needs a `kind` from LOW
// to HIGH, got "VALUE"".
int whole_number_option(std::string_view option, const std::string& value, int low, int high,
                        std::string_view kind = "whole number");
// `value` as a finite number >= 0, or UsageError "OPTION needs a finite number >= 0, ...".
double tolerance_option(std::string_view option, const std::string& value);

// `arg`, an argument that is not an option: the scene, when `scene_path` has none yet;
// UsageError otherwise. `arg` starting with '-' is an unknown option, quoted in the error
// as `quoted`.
void take_scene_path(std::string& scene_path, std::string_view arg, const std::string& quoted);
// UsageError "which scene? (see --help)" when `scene_path` is empty.
void require_scene_path(const std::string& scene_path);

// Runs `work`; a SceneError it throws without naming `path` (the replay's own errors) is
// thrown again with the path in front, as the loader's are.
template <class Work>
auto with_file_name(const std::string& path, Work work) {
    try {
        return work();
    } catch (const ccd::SceneError& e) {
        // The name printable, and bounded as a path is (PATH_MAX).
        const std::string_view what = e.what();
        const std::string name = ccd::printable_excerpt(path, kMaxQuotedPathBytes);
        if (what.starts_with(path))
            throw ccd::SceneError(name + std::string(what.substr(path.size())));
        throw ccd::SceneError(name + ": " + std::string(what));
    }
}

// The registered algorithm (a plugin's too) named `name`, or UsageError "--algorithm: unknown
// NAME (one of ...)" listing every registered name.
const ccd::Algorithm* algorithm_option(std::string_view name);

} // namespace ccdlab::cli
