// ccdlab-cli diff: a scene run twice under two settings (or against its fixture's events), and
// where the runs first differ.

#include "commands.hpp"

#include "ccd/engine_run_comparison.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/run_comparison.hpp"
#include "ccd/scene_limits.hpp"

#include <algorithm>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

namespace ccdlab::cli {
namespace {

std::string diff_help() {
    return "usage: ccdlab-cli diff SCENE --a KEY=VALUE... --b KEY=VALUE... [--frames N]\n"
           "                       [--tolerance X] [--list N]\n"
           "       ccdlab-cli diff FIXTURE [--a KEY=VALUE...] [--b fixture] [--tolerance X]\n"
           "\n"
           "Runs the scene twice, as run a and run b, and compares their processed events in\n"
           "order, field by field: frame, parties, feature, time, point, normal, the velocities\n"
           "before and after, removals (docs/recording.md, \"Comparing two runs\"). Prints the\n"
           "first event at which they differ, both records and by how much, then the events\n"
           "that differ after it. A FIXTURE (a scene with an expect section) without --b, or\n"
           "with --b fixture, is run under --a's settings for its expect.frames and compared\n"
           "with its expected events (no velocities there; tolerances: its own unless\n"
           "--tolerance).\n"
           "\n"
           "Settings (each --a or --b takes one; repeat them; the rest as the scene says):\n"
           "  algorithm=NAME      the World's queries (one of ccdlab-cli toi --help's; another\n"
           "                      than exact answers the pairs it has, exact the others)\n"
           "  restitution=X       every body's and polygon's, 0 to 1\n"
           "  response=bounce|slide|stop|destroy|sensor   every body's and polygon's\n"
           "  log_level=full|events|none   what the World logs (the events never differ)\n"
           "  event_budget=N      events a frame before every body stops (0: the default)\n"
           "  broadphase=grid|all-pairs\n"
           "  world=exact|box2d|bullet|chipmunk   the world that steps the run: exact, the\n"
           "                      World; another, that engine's own (docs/engines.md, \"Engine\n"
           "                      worlds\"; its settings from the scene's engines). With world=\n"
           "                      on either side the runs are compared state by state: every\n"
           "                      body's position, angle and velocities at each frame's end, and\n"
           "                      each run's tunnels (ccdlab-cli replay --help); the first tunnel\n"
           "                      and the first state beyond the tolerance are printed. Only\n"
           "                      restitution= and response= go with it\n"
           "\n"
           "Exit status: 0 when the runs agree, 1 when they differ, 2 for a bad command line or\n"
           "a scene that does not load.\n"
           "\n"
           "  --a KEY=VALUE   a setting of run a\n"
           "  --b KEY=VALUE   a setting of run b, or fixture: the scene's expected events\n"
           "  --frames N      frames to run, 1 to 100000 (default: the scene's expect.frames,\n"
           "                  else 100); the runs are compared as they are stepped, so the\n"
           "                  memory is a frame's events whatever N\n"
           "  --tolerance X   how far two events may be apart and be the same: times within\n"
           "                  X, points and velocities within X x the scene's scale (its\n"
           "                  largest coordinate, radius or displacement, at least 1), normals\n"
           "                  within X; an algorithm's documented slack (box2d's target\n"
           "                  separation) is added; 0: exact (default 1e-6)\n"
           "  --list N        differing events printed after the first, 0 to 99 (default 10)\n"
           "  -h, --help      show this help\n";
}

struct DiffOptions {
    bool help = false;
    std::string scene_path;
    ccd::RunSettings a, b;
    bool any_b = false;
    bool against_fixture = false;
    std::optional<int> frames;
    std::optional<double> tolerance;
    int listed = 10;
    std::optional<ccd::EngineKind> world_a, world_b; // world=...
};

// world=NAME of --a or --b.
bool take_world_setting(DiffOptions& options, std::string_view option, std::string_view value) {
    if (!value.starts_with("world=")) return false;
    const std::string name(value.substr(6));
    const auto engine = ccd::find_engine(name);
    if (!engine)
        throw UsageError(std::string(option) +
                         ": world is exact, box2d, bullet or chipmunk, got \"" +
                         ccd::printable_excerpt(name) + "\"");
    (option == "--a" ? options.world_a : options.world_b) = engine;
    return true;
}

// With world=, the settings of the World's own runs have no meaning.
void require_world_settings(const ccd::RunSettings& settings, std::string_view side) {
    const ccd::RunSettings defaults;
    if (settings.algorithm != defaults.algorithm || settings.log_level != defaults.log_level ||
        settings.event_budget != defaults.event_budget ||
        settings.broadphase != defaults.broadphase)
        throw UsageError(std::string(side) +
                         ": with world=, only restitution= and response= apply (see --help)");
}

// `value` of --a or --b (`option`) applied to its run's settings; "--b fixture" sets
// against_fixture.
void apply_run_setting(DiffOptions& options, std::string_view option, std::string_view value) {
    if (option == "--b" && value == "fixture") {
        options.against_fixture = true;
        return;
    }
    options.any_b = options.any_b || option == "--b";
    if (take_world_setting(options, option, value)) return;
    try {
        ccd::apply_setting(option == "--a" ? options.a : options.b, value);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string(option) + ": " + e.what());
    }
}

DiffOptions parse_diff(const Arguments& args) {
    DiffOptions options;
    options.help = read_arguments(args, [&](std::size_t& i) {
        const std::string_view arg = args[i];
        if (arg == "--a" || arg == "--b")
            apply_run_setting(options, arg, option_value(args, i));
        else if (arg == "--frames")
            options.frames = whole_number_option(arg, std::string(option_value(args, i)), 1,
                                                 ccd::kMaxSceneFrames);
        else if (arg == "--list")
            options.listed = whole_number_option(arg, std::string(option_value(args, i)), 0, 99);
        else if (arg == "--tolerance")
            options.tolerance = tolerance_option(arg, std::string(option_value(args, i)));
        else
            take_scene_path(options.scene_path, arg, ccd::printable_excerpt(arg));
    });
    if (options.help) return options;
    require_scene_path(options.scene_path);
    if (options.against_fixture && options.any_b)
        throw UsageError("--b fixture takes no other --b setting (see --help)");
    if (options.world_a || options.world_b) {
        if (options.against_fixture) throw UsageError("--b fixture takes no world= (see --help)");
        require_world_settings(options.a, "--a");
        require_world_settings(options.b, "--b");
    }
    return options;
}

// The runs compared as `options` say: run b under its settings, or the scene's expected events.
// UsageError for a scene without an expect section and no --b; SceneError and
// std::invalid_argument (an algorithm the World does not know) as the comparison.
ccd::RunComparison compared_runs(const DiffOptions& options) {
    const ccd::Scene scene = with_file_name(
        options.scene_path, [&] { return ccd::load_scene_file(options.scene_path); });
    if (!options.any_b && !options.against_fixture && !scene.expect)
        throw UsageError(options.scene_path +
                         " has no expect section: give run b's settings with --b KEY=VALUE (see "
                         "--help)");
    return with_file_name(options.scene_path, [&] {
        if (options.any_b)
            return ccd::compare_runs(
                scene, options.a, options.b,
                options.frames.value_or(scene.expect ? scene.expect->frames : 100),
                options.tolerance.value_or(ccd::kDefaultRunTolerance));
        if (options.frames && *options.frames != scene.expect->frames)
            throw ccd::SceneError("--frames " + std::to_string(*options.frames) +
                                  ": a fixture runs for its expect.frames, " +
                                  std::to_string(scene.expect->frames));
        const ccd::ExpectTolerance& own = scene.expect->tolerance;
        // The expected events are the scene's own run's (its algorithm, as written).
        const ccd::DivergenceTolerance within =
            options.tolerance
                ? ccd::run_tolerance(scene, options.a, options.a, *options.tolerance)
                : ccd::DivergenceTolerance{own.time, own.distance, 0.0, own.distance, 0.0};
        return ccd::compare_with_expectation(scene, options.a, within);
    });
}

// Prints both runs' event counts, what their events were compared within when
// `with_tolerance`, then the first divergence and up to `listed` differences after it; 0 when
// the runs agree, else 1.
int print_divergence(const ccd::RunComparison& comparison, int listed, bool with_tolerance) {
    const ccd::RunDivergence& d = comparison.divergence;
    std::cout << comparison.a.label << ", " << d.events_a << " events\n"
              << comparison.b.label << ", " << d.events_b << " events\n";
    if (with_tolerance) std::cout << "within: " << ccd::describe_tolerance(comparison) << '\n';
    if (!d.diverged()) {
        std::cout << "no divergence: the runs agree on every event\n";
        return 0;
    }
    std::cout << "first divergence at " << ccd::describe(*d.first(), comparison.a, comparison.b)
              << '\n';
    const std::size_t shown = std::min<std::size_t>(d.differences.size(), 1 + listed);
    for (std::size_t k = 1; k < shown; ++k)
        std::cout << ccd::describe(d.differences[k], comparison.a, comparison.b) << '\n';
    std::cout << d.differing << " differing event(s) in all";
    if (d.differing > shown) std::cout << ", " << shown << " shown";
    std::cout << '\n';
    return 1;
}

// The two worlds' runs compared state by state: each side's label and notes, the tolerance, the
// first tunnel of each run and the first divergence; 1 when the runs part, else 0.
int print_world_comparison(const DiffOptions& options) {
    const ccd::Scene scene = ccd::load_scene_file(options.scene_path);
    const auto side = [&](const ccd::RunSettings& settings) {
        return ccd::scene_with(scene, settings);
    };
    if (side(options.a) != side(options.b))
        throw UsageError("with world=, both runs take the same restitution= and response=");
    const int frames = options.frames.value_or(scene.expect ? scene.expect->frames : 100);
    const ccd::EngineRunComparison c = with_file_name(options.scene_path, [&] {
        return ccd::compare_engine_runs(side(options.a),
                                        options.world_a.value_or(ccd::EngineKind::Exact),
                                        options.world_b.value_or(ccd::EngineKind::Exact), frames,
                                        options.tolerance.value_or(ccd::kDefaultRunTolerance));
    });
    for (const auto* run : {&c.a, &c.b}) {
        const std::string label = std::string(run == &c.a ? "a" : "b") +
                                  ": world=" + std::string(ccd::engine_name(run->engine));
        std::cout << label << ", " << run->frames() << " frames\n";
        for (const std::string& note : run->notes)
            std::cout << "  note: " << note << '\n';
    }
    std::cout << "within: positions and velocities within " << c.length_tolerance
              << ", angles within " << c.angle_tolerance << '\n';
    for (const auto* tunnels : {&c.tunnels_a, &c.tunnels_b})
        if (!tunnels->empty())
            std::cout << "first tunnel in " << (tunnels == &c.tunnels_a ? "a" : "b") << ", "
                      << ccd::describe(tunnels->front(), side(options.a),
                                       tunnels == &c.tunnels_a ? c.a : c.b)
                      << " (" << tunnels->size() << " in all)\n";
    if (c.divergence)
        std::cout << "first divergence at " << ccd::describe(*c.divergence, c) << '\n';
    if (!c.parted()) std::cout << "no divergence: the runs agree on every state, no tunnel\n";
    return c.parted() ? 1 : 0;
}

} // namespace

int run_diff(const Arguments& args) {
    DiffOptions options;
    if (const auto done = read_command_line("diff", args, parse_diff, diff_help, options))
        return *done;
    ccd::RunComparison comparison;
    try {
        if (options.world_a || options.world_b) return print_world_comparison(options);
        comparison = compared_runs(options);
    } catch (const UsageError& e) {
        return report_usage_error("diff", e);
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli diff: " << e.what() << '\n';
        return kExitUsage;
    } catch (const std::invalid_argument& e) { // an algorithm the World does not know
        std::cerr << "ccdlab-cli diff: " << e.what() << '\n';
        return kExitUsage;
    }
    return print_divergence(comparison, options.listed,
                            options.any_b || options.tolerance.has_value());
}

} // namespace ccdlab::cli
