// ccdlab-cli toi: time-of-impact queries as JSON Lines in, one answer a line out.

#include "commands.hpp"
#include "query_json.hpp"
#include "toi_line.hpp"

#include "ccd/algorithms.hpp"

#include <iostream>
#include <string>

namespace ccdlab::cli {
namespace {

std::string toi_help() {
    std::string text =
        "usage: ccdlab-cli toi [--algorithm NAME] [--trace] < queries.jsonl\n"
        "\n"
        "Reads one JSON query per line on standard input and writes one JSON answer per line,\n"
        "in order. Points and vectors are [x, y]; c, p are start positions, d, da, db\n"
        "displacements over the frame (t from 0 to 1), r radii, a, b segment endpoints:\n" +
        query_kinds_help() +
        "A polygon (p1, p2, polygon) is [[x, y], ...], at least 3 vertices, translating by its\n"
        "displacement (d1, d2, dp, d) without rotating.\n"
        "A polygon has at most 255 vertices. Unknown extra keys are ignored; a key twice in one\n"
        "object is an error, as is a NUL byte. Blank lines are skipped. An answer is\n"
        "{\"hit\":false} or\n"
        "{\"hit\":true,\"t\":..,\"point\":[..],\"normal\":[..],\"feature\":..,\"overlap\":..,\n"
        "\"approaching\":..}, with \"mover_vertex\", \"mover_edge\", \"obstacle_vertex\" and\n"
        "\"obstacle_edge\" for the parts a polygon query names;\n"
        "every number printed so that it reads back as the same double.\n"
        "Trace numbers that are not finite are the strings \"inf\", \"-inf\" and \"nan\".\n"
        "A line that is not a valid query is answered {\"error\":\"line N: ...\"}; the others\n"
        "still run, and the exit status is then 1.\n"
        "\n"
        "  --algorithm NAME   one of:";
    for (const ccd::Algorithm& a : ccd::algorithms())
        text += "\n                       " + std::string(a.name) + ": " +
                std::string(a.description) + "\n                         (answers " +
                pairs_answered_by(a) + ")";
    text +=
        "\n  --trace            add the trace: every candidate equation (its coefficients), its\n"
        "                     roots (each with where it happens), the verdicts\n"
        "  -h, --help         show this help\n";
    return text;
}

struct ToiOptions {
    bool help = false;
    const ccd::Algorithm* algorithm = &ccd::algorithms().front();
    bool with_trace = false;
};

ToiOptions parse_toi(const Arguments& args) {
    ToiOptions options;
    options.help = read_arguments(args, [&](std::size_t& i) {
        if (args[i] == "--trace") {
            options.with_trace = true;
        } else if (args[i] == "--algorithm") {
            if (i + 1 >= args.size()) throw UsageError("--algorithm needs a name (see --help)");
            options.algorithm = ccd::find_algorithm(args[++i]);
            if (!options.algorithm)
                throw UsageError("unknown algorithm \"" + std::string(args[i]) + "\" (see --help)");
        } else {
            throw UsageError("unknown option \"" + std::string(args[i]) + "\" (see --help)");
        }
    });
    return options;
}

} // namespace

int run_toi(const Arguments& args) {
    ToiOptions options;
    if (const auto done = read_command_line("toi", args, parse_toi, toi_help, options))
        return *done;
    bool any_error = false;
    std::string line;
    for (long number = 1; std::getline(std::cin, line); ++number) {
        const LineAnswer answer = answer_line(line, number, *options.algorithm, options.with_trace);
        if (answer.text.empty()) continue;
        any_error = any_error || answer.error;
        std::cout << answer.text << '\n';
    }
    return any_error ? 1 : 0;
}

} // namespace ccdlab::cli
