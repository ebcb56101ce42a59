// ccdlab-cli check: fixtures replayed and their events compared with their expect section.

#include "commands.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/fixture.hpp"
#include "ccd/printable_excerpt.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace ccdlab::cli {
namespace {

std::string check_help() {
    return "usage: ccdlab-cli check FIXTURE_OR_DIRECTORY... [--algorithm NAME]\n"
           "\n"
           "Replays each fixture (a scene with an expect section, docs/scene-format.md; a\n"
           "directory stands for every .json file in it, in name order) for its\n"
           "expect.frames frames and compares the processed events with expect.events, in order:\n"
           "the same participants, feature and frame, the time within tolerance.time, the point\n"
           "and the normal within tolerance.distance. Prints \"ok FIXTURE\" for each match and, "
           "for\n"
           "a difference, \"FAIL FIXTURE\" with the first differing event: what was expected, "
           "what\n"
           "happened, and by how much they differ.\n"
           "\n"
           "Exit status: 0 when every fixture matches, 1 when one differs or does not load (the\n"
           "reason on standard error), 2 for a bad command line.\n"
           "\n"
           "  --algorithm NAME  step the World with this algorithm instead of the exact\n"
           "                    queries (an engine plugin's too: --engine PATH)\n"
           "  -h, --help        show this help\n";
}

// Appends the fixtures `path` stands for to `fixtures`: itself, or for a directory every .json
// file in it, in name order. False, with the reason on standard error, for a directory that
// cannot be read or holds no .json file.
bool add_fixtures(const std::string& path, std::vector<std::string>& fixtures) {
    std::error_code error;
    if (!std::filesystem::is_directory(path, error)) {
        fixtures.push_back(path);
        return true;
    }
    std::vector<std::string> inside;
    for (std::filesystem::directory_iterator it(path, error), end; !error && it != end;
         it.increment(error))
        if (it->path().extension() == ".json" && !it->is_directory(error))
            inside.push_back(it->path().string());
    if (error) {
        std::cerr << "ccdlab-cli check: " << ccd::printable_excerpt(path, kMaxQuotedPathBytes)
                  << ": " << error.message() << '\n';
        return false;
    }
    if (inside.empty()) {
        std::cerr << "ccdlab-cli check: " << ccd::printable_excerpt(path, kMaxQuotedPathBytes)
                  << ": no .json file in this directory\n";
        return false;
    }
    std::sort(inside.begin(), inside.end());
    fixtures.insert(fixtures.end(), inside.begin(), inside.end());
    return true;
}

// Replays the fixture at `path` and prints "ok PATH" or "FAIL PATH" and the first difference;
// whether it matches (a fixture that does not load does not, its reason on standard error).
bool check_fixture(const std::string& path, const std::string& algorithm) {
    std::optional<std::string> difference;
    try {
        difference = with_file_name(
            path, [&] { return ccd::first_difference(ccd::load_scene_file(path), algorithm); });
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli check: " << e.what() << '\n';
        return false;
    }
    if (difference) {
        std::cout << "FAIL " << ccd::printable_excerpt(path, kMaxQuotedPathBytes) << "\n  "
                  << *difference << '\n';
        return false;
    }
    std::cout << "ok " << ccd::printable_excerpt(path, kMaxQuotedPathBytes) << '\n';
    return true;
}

struct CheckOptions {
    bool help = false;
    std::vector<std::string> paths;  // fixtures and directories of them
    std::string algorithm = "exact"; // the World's (docs/scene-format.md, "Fixtures")
};

CheckOptions parse_check(const Arguments& args) {
    CheckOptions options;
    options.help = read_arguments(args, [&](std::size_t& i) {
        if (args[i] == "--algorithm") {
            options.algorithm = option_value(args, i);
            if (!ccd::find_algorithm(options.algorithm))
                throw UsageError("--algorithm: unknown \"" + options.algorithm + "\"");
            return;
        }
        if (!args[i].empty() && args[i][0] == '-')
            throw UsageError("unknown option \"" + ccd::printable_excerpt(args[i]) +
                             "\" (see --help)");
        options.paths.emplace_back(args[i]);
    });
    if (!options.help && options.paths.empty()) throw UsageError("which fixtures? (see --help)");
    return options;
}

} // namespace

int run_check(const Arguments& args) {
    CheckOptions options;
    if (const auto done = read_command_line("check", args, parse_check, check_help, options))
        return *done;
    bool all_match = true;
    std::vector<std::string> fixtures;
    for (const std::string& path : options.paths)
        all_match = add_fixtures(path, fixtures) && all_match;
    for (const std::string& path : fixtures)
        all_match = check_fixture(path, options.algorithm) && all_match;
    return all_match ? 0 : 1;
}

} // namespace ccdlab::cli
