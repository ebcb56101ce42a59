// ccdlab-cli toi: time-of-impact queries as JSON Lines in, one answer a line out.

#include "commands.hpp"
#include "query_json.hpp"
#include "toi_line.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/judge.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_loader.hpp"

#include <iostream>
#include <optional>
#include <string>

namespace ccdlab::cli {
namespace {

std::string toi_help() {
    std::string text =
        "usage: ccdlab-cli toi [--algorithm NAME] [--trace] [--judge [--tolerance X]]\n"
        "                      [--scene FILE] < queries.jsonl\n"
        "\n"
        "Reads one JSON query per line on standard input and writes one JSON answer per line,\n"
        "in order. Points and vectors are [x, y]; c, p are start positions, d, da, db\n"
        "displacements over the frame (t from 0 to 1), r radii, a, b segment endpoints:\n" +
        query_kinds_help() +
        "A polygon (p1, p2, polygon) is [[x, y], ...], at least 3 vertices, translating by its\n"
        "displacement (d1, d2, dp, d) without rotating.\n"
        "A turning side's angle (angle, angle1, angle2: radians over the frame) is at most 1e6\n"
        "in magnitude (docs/accuracy.md, \"The range of spin\").\n"
        "A polygon has at most 255 vertices. A key the kind does not name is an error, as is a\n"
        "key twice in one object or a NUL byte. Blank lines are skipped. An answer is\n"
        "{\"hit\":false}, {\"hit\":false,\"undecided\":true,\"t\":..} (a turning query stopped at\n"
        "its step limit: no contact before t, nothing known after; docs/accuracy.md) or\n"
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
        "  --judge            add \"judge\": the answer against the certified one (the default\n"
        "                     algorithm's; docs/accuracy.md, \"The judge\"): {\"verdict\":..,\n"
        "                     \"by_design\":..,\"text\":..,\"tolerance\":..}, the verdict one of\n"
        "                     agrees, miss, false_hit, early, normal_off, failed, undecided\n"
        "                     (the answer or the certified one stopped at its step limit:\n"
        "                     neither right nor wrong); by_design when\n"
        "                     it agrees only within the method's documented slack (Box2D's\n"
        "                     target separation, conservative advancement's margin); failed\n"
        "                     when it gave up (Box2D's failed state). An input the algorithm\n"
        "                     cannot take stays an error line\n"
        "  --tolerance X      the judge's tolerance, a fraction (>= 0) of the query's scale (its\n"
        "                     largest coordinate, displacement, radius or turn x lever arm, at\n"
        "                     least 1); default 1e-10. Only with --judge\n"
        "  --scene FILE       read the lines in FILE's units: with its units.dt (seconds a\n"
        "                     frame) every rate of a line (d, d1, d2, dp, da, db, v, v1, v2,\n"
        "                     angle, angle1, angle2) is per second, made per frame by dt as the\n"
        "                     scene loader does; t stays a fraction of the frame. A scene\n"
        "                     without units.dt is refused (its rates are per frame already)\n"
        "  -h, --help         show this help\n";
    return text;
}

struct ToiOptions {
    bool help = false;
    const ccd::Algorithm* algorithm = &ccd::algorithms().front();
    bool with_trace = false;
    bool judge = false;
    std::optional<double> tolerance;
    std::optional<double> dt; // --scene FILE's units.dt
};

// --scene FILE: its units.dt, or a usage error saying why there is none.
double scene_dt(const std::string& file) {
    ccd::Scene scene;
    try {
        scene = ccd::load_scene_file(file);
    } catch (const ccd::SceneError& e) {
        throw UsageError(std::string("--scene: ") + e.what());
    }
    if (!scene.dt())
        throw UsageError("--scene: " + ccd::printable_excerpt(file) +
                         " states no units.dt: its rates are per frame, as toi takes them "
                         "without --scene");
    return *scene.dt();
}

ToiOptions parse_toi(const Arguments& args) {
    ToiOptions options;
    options.help = read_arguments(args, [&](std::size_t& i) {
        if (args[i] == "--trace") {
            options.with_trace = true;
        } else if (args[i] == "--judge") {
            options.judge = true;
        } else if (args[i] == "--tolerance") {
            const std::string_view option = args[i];
            options.tolerance = tolerance_option(option, std::string(option_value(args, i)));
        } else if (args[i] == "--scene") {
            options.dt = scene_dt(std::string(option_value(args, i)));
        } else if (args[i] == "--algorithm") {
            if (i + 1 >= args.size()) throw UsageError("--algorithm needs a name (see --help)");
            options.algorithm = ccd::find_algorithm(args[++i]);
            if (!options.algorithm)
                throw UsageError("unknown algorithm \"" + ccd::printable_excerpt(args[i]) +
                                 "\" (see --help)");
        } else {
            throw UsageError("unknown option \"" + ccd::printable_excerpt(args[i]) +
                             "\" (see --help)");
        }
    });
    if (options.tolerance && !options.judge)
        throw UsageError("--tolerance is the judge's: add --judge (see --help)");
    return options;
}

// The judge's options from the command line: nothing without --judge.
std::optional<ccd::JudgeOptions> judge_options(const ToiOptions& options) {
    if (!options.judge) return std::nullopt;
    ccd::JudgeOptions judge;
    if (options.tolerance) judge.tolerance = *options.tolerance;
    return judge;
}

} // namespace

int run_toi(const Arguments& args) {
    ToiOptions options;
    if (const auto done = read_command_line("toi", args, parse_toi, toi_help, options))
        return *done;
    const std::optional<ccd::JudgeOptions> judge = judge_options(options);
    bool any_error = false;
    std::string line;
    for (long number = 1; std::getline(std::cin, line); ++number) {
        const LineAnswer answer =
            answer_line(line, number, *options.algorithm, options.with_trace, judge, options.dt);
        if (answer.text.empty()) continue;
        any_error = any_error || answer.error;
        std::cout << answer.text << '\n';
        if (!std::cout) break; // a closed output: main says so
    }
    return any_error ? 1 : 0;
}

} // namespace ccdlab::cli
