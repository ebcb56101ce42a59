// ccdlab-cli: the headless tool. Links only the core (and JSON); see docs/cli.md.

#include "query_json.hpp"
#include "toi_line.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/answer_json.hpp"
#include "ccd/box2d_toi.hpp"
#include "ccd/fixture.hpp"
#include "ccd/frame_range_export.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/run_comparison.hpp"
#include "ccd/scene_limits.hpp"
#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/scene_writer.hpp"
#include "ccd/strict_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr int kExitUsage = 2;

// The whole of `text` as an int, or nothing.
std::optional<int> whole_number(const std::string& text) {
    std::size_t used = 0;
    int value = 0;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (used == 0 || used != text.size()) return std::nullopt;
    return value;
}

// The whole of `text` as a finite double, or nothing.
std::optional<double> finite_number(const std::string& text) {
    std::size_t used = 0;
    double value = 0.0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (used == 0 || used != text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::string main_help() {
    return "usage: ccdlab-cli COMMAND [OPTIONS]\n"
           "\n"
           "Headless ccdlab: time-of-impact queries from the command line.\n"
           "\n"
           "commands:\n"
           "  toi     answer time-of-impact queries given as JSON Lines on standard input\n"
           "  replay  step a scene's frames with the event scheduler; print every event\n"
           "  check   replay fixtures and compare their events with their expect section\n"
           "  record  replay a scene and write it with its events as the expect section\n"
           "  diff    run a scene twice under two settings (or against its fixture's events)\n"
           "          and print where the runs first differ\n"
           "  link    print a scene's link, or the scene a link holds (--open)\n"
           "\n"
           "Run 'ccdlab-cli COMMAND --help' for a command's options.\n";
}

std::string toi_help() {
    std::string text =
        "usage: ccdlab-cli toi [--algorithm NAME] [--trace] < queries.jsonl\n"
        "\n"
        "Reads one JSON query per line on standard input and writes one JSON answer per line,\n"
        "in order. Points and vectors are [x, y]; c, p are start positions, d, da, db\n"
        "displacements over the frame (t from 0 to 1), r radii, a, b segment endpoints:\n" +
        ccdlab::cli::query_kinds_help() +
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
                ccdlab::cli::pairs_answered_by(a) + ")";
    text +=
        "\n  --trace            add the trace: every candidate equation (its coefficients), its\n"
        "                     roots (each with where it happens), the verdicts\n"
        "  -h, --help         show this help\n";
    return text;
}

int run_toi(const std::vector<std::string_view>& args) {
    const ccd::Algorithm* algorithm = &ccd::algorithms().front();
    bool with_trace = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-h" || args[i] == "--help") {
            std::cout << toi_help();
            return 0;
        } else if (args[i] == "--trace") {
            with_trace = true;
        } else if (args[i] == "--algorithm") {
            if (i + 1 >= args.size()) {
                std::cerr << "ccdlab-cli toi: --algorithm needs a name (see --help)\n";
                return kExitUsage;
            }
            algorithm = ccd::find_algorithm(args[++i]);
            if (!algorithm) {
                std::cerr << "ccdlab-cli toi: unknown algorithm \"" << args[i]
                          << "\" (see --help)\n";
                return kExitUsage;
            }
        } else {
            std::cerr << "ccdlab-cli toi: unknown option \"" << args[i] << "\" (see --help)\n";
            return kExitUsage;
        }
    }

    bool any_error = false;
    std::string line;
    for (long number = 1; std::getline(std::cin, line); ++number) {
        const ccdlab::cli::LineAnswer answer =
            ccdlab::cli::answer_line(line, number, *algorithm, with_trace);
        if (answer.text.empty()) continue;
        any_error = any_error || answer.error;
        std::cout << answer.text << '\n';
    }
    return any_error ? 1 : 0;
}

// Runs `work`; a SceneError it throws without naming `path` (the replay's own errors) is
// thrown again with the path in front, as the loader's are.
template <class Work>
auto with_file_name(const std::string& path, Work work) {
    try {
        return work();
    } catch (const ccd::SceneError& e) {
        if (std::string_view(e.what()).starts_with(path)) throw;
        throw ccd::SceneError(path + ": " + e.what());
    }
}

std::string replay_help() {
    return "usage: ccdlab-cli replay SCENE [--frames N] [--from F] [--log-level "
           "full|events|none]\n"
           "\n"
           "Steps the scene with the sub-frame event scheduler (docs/scheduler.md) and prints "
           "every\n"
           "event of each frame as one JSON line: first the processed events in the order they\n"
           "were processed, then the predictions that were cancelled. Each line has frame, t,\n"
           "status (processed or cancelled), a and b (the participants by name), feature, point\n"
           "and normal (of a cancelled prediction: the contact it predicted); processed events "
           "add\n"
           "sequence and the velocities before and after, cancelled ones predicted_at, "
           "cancelled_by\n"
           "and reason. A frame cut short by a budget ends with a line of status budget_cut:\n"
           "its t, budget (events or predictions), events and predictions.\n"
           "Numbers read back as the same double.\n"
           "\n"
           "  --frames N   frames to step, 1 to 100000 (default 1)\n"
           "  --from F     print frames F to N - 1 only (frames are numbered from 0; the\n"
           "               earlier ones are stepped and not printed; default 0)\n"
           "  --log-level full|events|none\n"
           "               what the World records (docs/scheduler.md, \"Log levels\"; the same\n"
           "               events at every level): full (default) prints the events and the\n"
           "               cancelled predictions, events the events only, none one line a frame\n"
           "               with its frame and its count of events\n"
           "  -h, --help   show this help\n";
}

int run_replay(const std::vector<std::string_view>& args) {
    std::string scene_path;
    int frames = 1;
    int from = 0;
    ccd::WorldOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-h" || args[i] == "--help") {
            std::cout << replay_help();
            return 0;
        } else if (args[i] == "--log-level") {
            const std::string value = i + 1 < args.size() ? std::string(args[++i]) : "";
            if (value == "full") {
                options.log_level = ccd::LogLevel::Full;
            } else if (value == "events") {
                options.log_level = ccd::LogLevel::Events;
            } else if (value == "none") {
                options.log_level = ccd::LogLevel::None;
            } else {
                std::cerr << "ccdlab-cli replay: --log-level is full, events or none, got \""
                          << ccd::printable_excerpt(value) << "\"\n";
                return kExitUsage;
            }
        } else if (args[i] == "--frames") {
            const std::string value = i + 1 < args.size() ? std::string(args[++i]) : "";
            const std::optional<int> parsed = whole_number(value);
            if (!parsed || *parsed < 1 || *parsed > ccd::kMaxSceneFrames) {
                std::cerr << "ccdlab-cli replay: --frames needs a whole number from 1 to "
                          << ccd::kMaxSceneFrames << ", got \"" << ccd::printable_excerpt(value)
                          << "\"\n";
                return kExitUsage;
            }
            frames = *parsed;
        } else if (args[i] == "--from") {
            const std::string value = i + 1 < args.size() ? std::string(args[++i]) : "";
            const std::optional<int> parsed = whole_number(value);
            if (!parsed || *parsed < 0 || *parsed >= ccd::kMaxSceneFrames) {
                std::cerr << "ccdlab-cli replay: --from needs a frame number from 0 to "
                          << ccd::kMaxSceneFrames - 1 << ", got \"" << ccd::printable_excerpt(value)
                          << "\"\n";
                return kExitUsage;
            }
            from = *parsed;
        } else if (!args[i].empty() && args[i][0] == '-') {
            std::cerr << "ccdlab-cli replay: unknown option \"" << args[i] << "\" (see --help)\n";
            return kExitUsage;
        } else if (scene_path.empty()) {
            scene_path = args[i];
        } else {
            std::cerr << "ccdlab-cli replay: one scene at a time (see --help)\n";
            return kExitUsage;
        }
    }
    if (scene_path.empty()) {
        std::cerr << "ccdlab-cli replay: which scene? (see --help)\n";
        return kExitUsage;
    }
    if (from >= frames) {
        std::cerr << "ccdlab-cli replay: --from " << from << " is past the last frame stepped, "
                  << frames - 1 << " (--frames " << frames << ")\n";
        return kExitUsage;
    }
    ccd::SceneWorld scene_world;
    try {
        scene_world = with_file_name(
            scene_path, [&] { return ccd::make_world(ccd::load_scene_file(scene_path), options); });
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli replay: " << e.what() << '\n';
        return 1;
    }
    for (int frame = 0; frame < frames; ++frame) {
        const ccd::EventLog& log = scene_world.world.step();
        if (frame < from) continue;
        if (options.log_level == ccd::LogLevel::None) {
            std::cout << nlohmann::json({{"frame", log.frame},
                                         {"events", scene_world.world.frame_event_count()}})
                             .dump()
                      << '\n';
            continue;
        }
        ccd::for_each_event_log_line(
            log, scene_world, [](const nlohmann::json& line) { std::cout << line.dump() << '\n'; });
    }
    return 0;
}

std::string check_help() {
    return "usage: ccdlab-cli check FIXTURE_OR_DIRECTORY...\n"
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
           "  -h, --help   show this help\n";
}

int run_check(const std::vector<std::string_view>& args) {
    std::vector<std::string> fixtures;
    for (const std::string_view arg : args) {
        if (arg == "-h" || arg == "--help") {
            std::cout << check_help();
            return 0;
        }
        if (!arg.empty() && arg[0] == '-') {
            std::cerr << "ccdlab-cli check: unknown option \"" << arg << "\" (see --help)\n";
            return kExitUsage;
        }
        fixtures.emplace_back(arg);
    }
    if (fixtures.empty()) {
        std::cerr << "ccdlab-cli check: which fixtures? (see --help)\n";
        return kExitUsage;
    }
    bool all_match = true;
    // A directory: every .json file in it, in name order.
    std::vector<std::string> expanded;
    for (const std::string& path : fixtures) {
        std::error_code error;
        if (!std::filesystem::is_directory(path, error)) {
            expanded.push_back(path);
            continue;
        }
        std::vector<std::string> inside;
        for (std::filesystem::directory_iterator it(path, error), end; !error && it != end;
             it.increment(error))
            if (it->path().extension() == ".json" && !it->is_directory(error))
                inside.push_back(it->path().string());
        if (error) {
            std::cerr << "ccdlab-cli check: " << path << ": " << error.message() << '\n';
            all_match = false;
            continue;
        }
        if (inside.empty()) {
            std::cerr << "ccdlab-cli check: " << path << ": no .json file in this directory\n";
            all_match = false;
            continue;
        }
        std::sort(inside.begin(), inside.end());
        expanded.insert(expanded.end(), inside.begin(), inside.end());
    }
    fixtures = std::move(expanded);
    for (const std::string& path : fixtures) {
        std::optional<std::string> difference;
        try {
            difference = with_file_name(
                path, [&] { return ccd::first_difference(ccd::load_scene_file(path)); });
        } catch (const ccd::SceneError& e) {
            std::cerr << "ccdlab-cli check: " << e.what() << '\n';
            all_match = false;
            continue;
        }
        if (difference) {
            std::cout << "FAIL " << path << "\n  " << *difference << '\n';
            all_match = false;
        } else {
            std::cout << "ok " << path << '\n';
        }
    }
    return all_match ? 0 : 1;
}

std::string record_help() {
    return "usage: ccdlab-cli record SCENE -o FIXTURE [--frames N] [--from F]\n"
           "                         [--time-tolerance T] [--distance-tolerance D]\n"
           "\n"
           "Replays the scene with the event scheduler and writes it to FIXTURE with the events\n"
           "it produced as its expect section (docs/scene-format.md), replacing any expect it\n"
           "had: from then on `ccdlab-cli check FIXTURE` guards that behaviour. Everything else\n"
           "in the scene is written back unchanged. The file is written whole or not at all\n"
           "(a temporary file renamed over it); FIXTURE may be SCENE itself, to re-record. With\n"
           "-o - the fixture goes to standard output.\n"
           "\n"
           "With --from F the fixture is frames F to F + N - 1 of the run: the scene as it stands\n"
           "at frame F's start (each body where it is then, with its velocity then; a body\n"
           "removed by then left out; each kinematic wall where it is then), titled \"..., from\n"
           "frame F\", expecting the events of those frames renumbered from frame 0. Should the\n"
           "fixture not replay its own events (a side memory a scene cannot hold, docs/\n"
           "recording.md), it is written all the same, the difference is printed and the exit\n"
           "status is 1.\n"
           "\n"
           "  -o FIXTURE                where to write (required)\n"
           "  --frames N                frames to replay, 1 to 100000 (default: the scene's\n"
           "                            expect.frames, else 1)\n"
           "  --from F                  the range's first frame, 0 to 99999 (default 0: the\n"
           "                            scene as it is)\n"
           "  --time-tolerance T        expect.tolerance.time (default: the scene's, else 1e-9)\n"
           "  --distance-tolerance D    expect.tolerance.distance (default: the scene's, else "
           "1e-9)\n"
           "  -h, --help                show this help\n";
}

int run_record(const std::vector<std::string_view>& args) {
    std::string scene_path;
    std::string output;
    std::optional<int> frames;
    std::optional<int> from;
    std::optional<double> time_tolerance;
    std::optional<double> distance_tolerance;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        if (arg == "-h" || arg == "--help") {
            std::cout << record_help();
            return 0;
        }
        const bool takes_value = arg == "-o" || arg == "--frames" || arg == "--from" ||
                                 arg == "--time-tolerance" || arg == "--distance-tolerance";
        if (takes_value && i + 1 >= args.size()) {
            std::cerr << "ccdlab-cli record: " << arg << " needs a value (see --help)\n";
            return kExitUsage;
        }
        if (arg == "-o") {
            output = args[++i];
        } else if (arg == "--frames") {
            const std::string value(args[++i]);
            frames = whole_number(value);
            if (!frames || *frames < 1 || *frames > ccd::kMaxSceneFrames) {
                std::cerr << "ccdlab-cli record: --frames needs a whole number from 1 to "
                          << ccd::kMaxSceneFrames << ", got \"" << ccd::printable_excerpt(value)
                          << "\"\n";
                return kExitUsage;
            }
        } else if (arg == "--from") {
            const std::string value(args[++i]);
            from = whole_number(value);
            if (!from || *from < 0 || *from >= ccd::kMaxSceneFrames) {
                std::cerr << "ccdlab-cli record: --from needs a frame number from 0 to "
                          << ccd::kMaxSceneFrames - 1 << ", got \"" << ccd::printable_excerpt(value)
                          << "\"\n";
                return kExitUsage;
            }
        } else if (arg == "--time-tolerance" || arg == "--distance-tolerance") {
            const std::string value(args[++i]);
            const std::optional<double> tolerance = finite_number(value);
            if (!tolerance || *tolerance < 0.0) {
                std::cerr << "ccdlab-cli record: " << arg << " needs a finite number >= 0, got \""
                          << ccd::printable_excerpt(value) << "\"\n";
                return kExitUsage;
            }
            (arg == "--time-tolerance" ? time_tolerance : distance_tolerance) = tolerance;
        } else if (!arg.empty() && arg[0] == '-') {
            std::cerr << "ccdlab-cli record: unknown option \"" << arg << "\" (see --help)\n";
            return kExitUsage;
        } else if (scene_path.empty()) {
            scene_path = arg;
        } else {
            std::cerr << "ccdlab-cli record: one scene at a time (see --help)\n";
            return kExitUsage;
        }
    }
    if (scene_path.empty()) {
        std::cerr << "ccdlab-cli record: which scene? (see --help)\n";
        return kExitUsage;
    }
    if (output.empty()) {
        std::cerr << "ccdlab-cli record: where to? give -o FIXTURE (see --help)\n";
        return kExitUsage;
    }
    try {
        ccd::Scene scene = ccd::load_scene_file(scene_path);
        const ccd::Expectation previous = scene.expect.value_or(ccd::Expectation{});
        ccd::ExpectTolerance tolerance = previous.tolerance;
        if (time_tolerance) tolerance.time = *time_tolerance;
        if (distance_tolerance) tolerance.distance = *distance_tolerance;
        std::optional<std::string> replay_difference;
        if (from) {
            ccd::FrameRangeExport range = with_file_name(scene_path, [&] {
                return ccd::export_frame_range(scene, *from, frames.value_or(previous.frames),
                                               tolerance);
            });
            scene = std::move(range.fixture);
            replay_difference = std::move(range.replay_difference);
        } else {
            scene.expect = with_file_name(scene_path, [&] {
                return ccd::record_expectation(scene, frames.value_or(previous.frames), tolerance);
            });
        }
        if (output == "-") {
            std::cout << ccd::scene_to_json(scene);
        } else {
            ccd::save_scene_file(output, scene);
            std::cerr << "ccdlab-cli record: " << scene.expect->events.size() << " events in "
                      << scene.expect->frames << " frame(s) written to " << output << '\n';
        }
        if (replay_difference) {
            std::cerr << "ccdlab-cli record: the fixture does not replay the run's events from "
                         "frame "
                      << *from << ": " << *replay_difference << '\n';
            return 1;
        }
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli record: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

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
           "\n"
           "Exit status: 0 when the runs agree, 1 when they differ, 2 for a bad command line or\n"
           "a scene that does not load.\n"
           "\n"
           "  --a KEY=VALUE   a setting of run a\n"
           "  --b KEY=VALUE   a setting of run b, or fixture: the scene's expected events\n"
           "  --frames N      frames to run, 1 to 100000 (default: the scene's expect.frames,\n"
           "                  else 100)\n"
           "  --tolerance X   how far two times, points, normals and velocities may be apart\n"
           "                  and be the same (default 1e-9)\n"
           "  --list N        differing events printed after the first, 0 to 99 (default 10)\n"
           "  -h, --help      show this help\n";
}

int run_diff(const std::vector<std::string_view>& args) {
    std::string scene_path;
    ccd::RunSettings a, b;
    bool any_b = false;
    bool against_fixture = false;
    std::optional<int> frames;
    std::optional<double> tolerance;
    int listed = 10;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        if (arg == "-h" || arg == "--help") {
            std::cout << diff_help();
            return 0;
        }
        const bool takes_value = arg == "--a" || arg == "--b" || arg == "--frames" ||
                                 arg == "--tolerance" || arg == "--list";
        if (takes_value && i + 1 >= args.size()) {
            std::cerr << "ccdlab-cli diff: " << arg << " needs a value (see --help)\n";
            return kExitUsage;
        }
        if (arg == "--a" || arg == "--b") {
            const std::string_view value = args[++i];
            if (arg == "--b" && value == "fixture") {
                against_fixture = true;
                continue;
            }
            try {
                ccd::apply_setting(arg == "--a" ? a : b, value);
            } catch (const std::invalid_argument& e) {
                std::cerr << "ccdlab-cli diff: " << arg << ": " << e.what() << '\n';
                return kExitUsage;
            }
            any_b = any_b || arg == "--b";
        } else if (arg == "--frames" || arg == "--list") {
            const std::string value(args[++i]);
            const std::optional<int> parsed = whole_number(value);
            const int low = arg == "--frames" ? 1 : 0;
            const int high = arg == "--frames" ? ccd::kMaxSceneFrames : 99;
            if (!parsed || *parsed < low || *parsed > high) {
                std::cerr << "ccdlab-cli diff: " << arg << " needs a whole number from " << low
                          << " to " << high << ", got \"" << ccd::printable_excerpt(value)
                          << "\"\n";
                return kExitUsage;
            }
            if (arg == "--frames")
                frames = parsed;
            else
                listed = *parsed;
        } else if (arg == "--tolerance") {
            const std::string value(args[++i]);
            tolerance = finite_number(value);
            if (!tolerance || *tolerance < 0.0) {
                std::cerr << "ccdlab-cli diff: --tolerance needs a finite number >= 0, got \""
                          << ccd::printable_excerpt(value) << "\"\n";
                return kExitUsage;
            }
        } else if (!arg.empty() && arg[0] == '-') {
            std::cerr << "ccdlab-cli diff: unknown option \"" << ccd::printable_excerpt(arg)
                      << "\" (see --help)\n";
            return kExitUsage;
        } else if (scene_path.empty()) {
            scene_path = arg;
        } else {
            std::cerr << "ccdlab-cli diff: one scene at a time (see --help)\n";
            return kExitUsage;
        }
    }
    if (scene_path.empty()) {
        std::cerr << "ccdlab-cli diff: which scene? (see --help)\n";
        return kExitUsage;
    }
    if (against_fixture && any_b) {
        std::cerr << "ccdlab-cli diff: --b fixture takes no other --b setting (see --help)\n";
        return kExitUsage;
    }
    ccd::RunComparison comparison;
    try {
        const ccd::Scene scene = ccd::load_scene_file(scene_path);
        if (!any_b && !against_fixture && !scene.expect) {
            std::cerr << "ccdlab-cli diff: " << scene_path
                      << " has no expect section: give run b's settings with --b KEY=VALUE (see "
                         "--help)\n";
            return kExitUsage;
        }
        comparison = with_file_name(scene_path, [&] {
            if (any_b)
                return ccd::compare_runs(
                    scene, a, b, frames.value_or(scene.expect ? scene.expect->frames : 100),
                    {tolerance.value_or(1e-9), tolerance.value_or(1e-9), tolerance.value_or(1e-9)});
            if (frames && *frames != scene.expect->frames)
                throw ccd::SceneError("--frames " + std::to_string(*frames) +
                                      ": a fixture runs for its expect.frames, " +
                                      std::to_string(scene.expect->frames));
            const ccd::ExpectTolerance& own = scene.expect->tolerance;
            return ccd::compare_with_expectation(scene, a,
                                                 {tolerance.value_or(own.time),
                                                  tolerance.value_or(own.distance),
                                                  tolerance.value_or(1e-9)});
        });
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli diff: " << e.what() << '\n';
        return kExitUsage;
    } catch (const std::invalid_argument& e) { // an algorithm the World does not know
        std::cerr << "ccdlab-cli diff: " << e.what() << '\n';
        return kExitUsage;
    }
    const ccd::RunDivergence& d = comparison.divergence;
    std::cout << comparison.a.label << ", " << d.events_a << " events\n"
              << comparison.b.label << ", " << d.events_b << " events\n";
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

std::string link_help() {
    return "usage: ccdlab-cli link SCENE [--base URL]\n"
           "       ccdlab-cli link --open URL\n"
           "\n"
           "A scene as a link (docs/links.md): its canonical JSON, compressed, after #scene=.\n"
           "The first form prints the link of SCENE (a scene file) on one line; the second\n"
           "prints the scene a link holds, as the canonical JSON a saved scene file holds (the\n"
           "URL may be a whole link or its fragment, #scene=...).\n"
           "\n"
           "Exit status: 0 on success, 1 when the scene does not load or the link does not\n"
           "decode to a valid scene (the located reason on standard error), 2 for a bad\n"
           "command line.\n"
           "\n"
           "  --base URL   what the link is made against (default: index.html, a relative\n"
           "               link to the web build's page)\n"
           "  --open URL   decode URL and print the scene it holds\n"
           "  -h, --help   show this help\n";
}

int run_link(const std::vector<std::string_view>& args) {
    std::string scene_path;
    std::optional<std::string> base;
    std::optional<std::string> open;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        if (arg == "-h" || arg == "--help") {
            std::cout << link_help();
            return 0;
        }
        if (arg == "--base" || arg == "--open") {
            if (i + 1 >= args.size()) {
                std::cerr << "ccdlab-cli link: " << arg << " needs a value (see --help)\n";
                return kExitUsage;
            }
            (arg == "--base" ? base : open) = std::string(args[++i]);
        } else if (!arg.empty() && arg[0] == '-') {
            std::cerr << "ccdlab-cli link: unknown option \"" << ccd::printable_excerpt(arg)
                      << "\" (see --help)\n";
            return kExitUsage;
        } else if (scene_path.empty()) {
            scene_path = arg;
        } else {
            std::cerr << "ccdlab-cli link: one scene at a time (see --help)\n";
            return kExitUsage;
        }
    }
    if (open && (!scene_path.empty() || base)) {
        std::cerr << "ccdlab-cli link: --open takes a link alone, without a scene or --base "
                     "(see --help)\n";
        return kExitUsage;
    }
    if (!open && scene_path.empty()) {
        std::cerr << "ccdlab-cli link: which scene? give SCENE or --open URL (see --help)\n";
        return kExitUsage;
    }
    try {
        if (open)
            std::cout << ccd::scene_to_json(ccd::scene_from_link(*open));
        else
            std::cout << ccd::scene_link(ccd::load_scene_file(scene_path),
                                         base.value_or(std::string(ccd::kDefaultLinkBase)))
                      << '\n';
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli link: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    ccd::box2d::register_algorithm(); // "box2d" beside the core's algorithms
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "-h" || args[0] == "--help") {
        (args.empty() ? std::cerr : std::cout) << main_help();
        return args.empty() ? kExitUsage : 0;
    }
    const std::string_view command = args[0];
    int (*run)(const std::vector<std::string_view>&) = command == "toi"      ? run_toi
                                                       : command == "replay" ? run_replay
                                                       : command == "check"  ? run_check
                                                       : command == "record" ? run_record
                                                       : command == "diff"   ? run_diff
                                                       : command == "link"   ? run_link
                                                                             : nullptr;
    if (!run) {
        std::cerr << "ccdlab-cli: unknown command \"" << ccd::printable_excerpt(command)
                  << "\" (see ccdlab-cli --help)\n";
        return kExitUsage;
    }
    // Each command says its own errors; whatever escapes it (out of memory, a bug) is still one
    // line and exit status 1, never an abort.
    int status = 1;
    try {
        status = run({args.begin() + 1, args.end()});
    } catch (const std::exception& e) {
        std::cerr << "ccdlab-cli " << command << ": " << ccd::printable_excerpt(e.what(), 200)
                  << '\n';
        return 1;
    } catch (...) {
        std::cerr << "ccdlab-cli " << command << ": unexpected error\n";
        return 1;
    }
    std::cout.flush();
    if (!std::cout) {
        std::cerr << "ccdlab-cli " << command << ": cannot write to standard output\n";
        return 1;
    }
    return status;
}
