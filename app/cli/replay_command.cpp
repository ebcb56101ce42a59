// ccdlab-cli replay: a scene's frames stepped with the event scheduler, every event printed.

#include "commands.hpp"

#include "ccd/answer_json.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_limits.hpp"
#include "ccd/scene_world.hpp"

#include <nlohmann/json.hpp>

#include <iostream>
#include <string>

namespace ccdlab::cli {
namespace {

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

struct ReplayOptions {
    bool help = false;
    std::string scene_path;
    int frames = 1;
    int from = 0;
    ccd::WorldOptions world;
};

ccd::LogLevel log_level_option(const std::string& value) {
    if (value == "full") return ccd::LogLevel::Full;
    if (value == "events") return ccd::LogLevel::Events;
    if (value == "none") return ccd::LogLevel::None;
    throw UsageError("--log-level is full, events or none, got \"" + ccd::printable_excerpt(value) +
                     "\"");
}

// The command line read; an option's value missing reads as "" (and is then refused).
ReplayOptions parse_replay(const Arguments& args) {
    ReplayOptions options;
    options.help = read_arguments(args, [&](std::size_t& i) {
        const std::string_view arg = args[i];
        const bool takes_value = arg == "--log-level" || arg == "--frames" || arg == "--from";
        const std::string value = takes_value && i + 1 < args.size() ? std::string(args[++i]) : "";
        if (arg == "--log-level")
            options.world.log_level = log_level_option(value);
        else if (arg == "--frames")
            options.frames = whole_number_option(arg, value, 1, ccd::kMaxSceneFrames);
        else if (arg == "--from")
            options.from =
                whole_number_option(arg, value, 0, ccd::kMaxSceneFrames - 1, "frame number");
        else
            take_scene_path(options.scene_path, arg, ccd::printable_excerpt(arg));
    });
    if (options.help) return options;
    require_scene_path(options.scene_path);
    if (options.from >= options.frames)
        throw UsageError("--from " + std::to_string(options.from) +
                         " is past the last frame stepped, " + std::to_string(options.frames - 1) +
                         " (--frames " + std::to_string(options.frames) + ")");
    return options;
}

// Steps the world `options.frames` times, printing frames `options.from` on.
void print_frames(ccd::SceneWorld& scene_world, const ReplayOptions& options) {
    for (int frame = 0; frame < options.frames && std::cout; ++frame) { // (a closed output:
        const ccd::EventLog& log = scene_world.world.step();            //  main says so)
        if (frame < options.from) continue;
        if (options.world.log_level == ccd::LogLevel::None) {
            std::cout << nlohmann::json({{"frame", log.frame},
                                         {"events", scene_world.world.frame_event_count()}})
                             .dump()
                      << '\n';
            continue;
        }
        ccd::for_each_event_log_line(
            log, scene_world, [](const nlohmann::json& line) { std::cout << line.dump() << '\n'; });
    }
}

} // namespace

int run_replay(const Arguments& args) {
    ReplayOptions options;
    if (const auto done = read_command_line("replay", args, parse_replay, replay_help, options))
        return *done;
    ccd::SceneWorld scene_world;
    try {
        scene_world = with_file_name(options.scene_path, [&] {
            return ccd::make_world(ccd::load_scene_file(options.scene_path), options.world);
        });
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli replay: " << e.what() << '\n';
        return 1;
    }
    print_frames(scene_world, options);
    return 0;
}

} // namespace ccdlab::cli
