// ccdlab-cli replay: a scene's frames stepped with the event scheduler, every event printed.

#include "commands.hpp"

#include "ccd/answer_json.hpp"
#include "ccd/engine_run.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_limits.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/tunnel_detector.hpp"

#include <nlohmann/json.hpp>

#include <iostream>
#include <optional>
#include <string>

namespace ccdlab::cli {
namespace {

std::string replay_help() {
    return "usage: ccdlab-cli replay SCENE [--frames N] [--from F] [--log-level "
           "full|events|none]\n"
           "       ccdlab-cli replay SCENE --engine-world box2d|bullet|chipmunk|exact\n"
           "                         [--frames N] [--from F]\n"
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
           "Numbers read back as the same double. A scene with units (docs/scene-format.md)\n"
           "starts with a line of status units: its length unit, pixels_per_metre, dt and each\n"
           "moving body's velocity per frame and, with a dt, per second; its event lines then\n"
           "add velocity_before_per_second and velocity_after_per_second. A scene with gravity\n"
           "has that line too, with gravity_per_frame_squared and, with a dt, per second squared.\n"
           "\n"
           "With --engine-world the scene is stepped by that engine's own world instead (docs/\n"
           "engines.md, \"Engine worlds\": Box2D 2.4.1's b2World, Bullet 3.24's\n"
           "btDiscreteDynamicsWorld in the plane, Chipmunk 7's cpSpace; exact: the World), one\n"
           "step of the scene's engines.dt a frame, its settings from the scene's engines. It\n"
           "prints one line per note (what the engine was not given as the scene has it), then\n"
           "for each frame one line per body with frame, body, position, angle, velocity and\n"
           "angular_velocity at the frame's end (velocities per frame, as a scene's), then the\n"
           "frame's tunnels, each a line of status tunnel: frame, a, b, point, crossed (its path\n"
           "crossed b) or depth (it ended that deep in b), and the reason the engine's rules\n"
           "give, with their source. A tunnel: the exact World, started from the engine's state\n"
           "at the frame's start, has a touch b in the frame, and a's path crossed b in the\n"
           "engine's run, not in the World's; or a ends the frame overlapping b deeper than half\n"
           "the thinner one's half width, where the World's does not.\n"
           "\n"
           "  --frames N   frames to step, 1 to 100000 (default 1)\n"
           "  --from F     print frames F to N - 1 only (frames are numbered from 0; the\n"
           "               earlier ones are stepped and not printed; default 0)\n"
           "  --log-level full|events|none\n"
           "               what the World records (docs/scheduler.md, \"Log levels\"; the same\n"
           "               events at every level): full (default) prints the events and the\n"
           "               cancelled predictions, events the events only, none one line a frame\n"
           "               with its frame and its count of events\n"
           "  --engine-world box2d|bullet|chipmunk|exact\n"
           "               step the scene in that engine's world (above)\n"
           "  -h, --help   show this help\n";
}

struct ReplayOptions {
    bool help = false;
    std::string scene_path;
    int frames = 1;
    int from = 0;
    ccd::WorldOptions world;
    std::optional<ccd::EngineKind> engine;
    bool log_level_given = false;
};

ccd::EngineKind engine_option(const std::string& value) {
    if (const auto engine = ccd::find_engine(value)) return *engine;
    throw UsageError("--engine-world is box2d, bullet, chipmunk or exact, got \"" +
                     ccd::printable_excerpt(value) + "\"");
}

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
        const bool takes_value =
            arg == "--log-level" || arg == "--frames" || arg == "--from" || arg == "--engine-world";
        const std::string value = takes_value && i + 1 < args.size() ? std::string(args[++i]) : "";
        if (arg == "--log-level") {
            options.world.log_level = log_level_option(value);
            options.log_level_given = true;
        } else if (arg == "--engine-world")
            options.engine = engine_option(value);
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
    if (options.engine && options.log_level_given)
        throw UsageError("--log-level is the World's event log; --engine-world prints states");
    if (options.from >= options.frames)
        throw UsageError("--from " + std::to_string(options.from) +
                         " is past the last frame stepped, " + std::to_string(options.frames - 1) +
                         " (--frames " + std::to_string(options.frames) + ")");
    return options;
}

nlohmann::json xy(ccd::Vec2 v) {
    return {v.x, v.y};
}

// A scene with units: one line first, {"status":"units","length":..,"pixels_per_metre":..,
// "dt":..,"bodies":[{"name":..,"velocity_per_frame":[..],"velocity_per_second":[..]},...]} (the
// per-second rates only with a time step; the static bodies left out), the moving bodies and
// polygons in the World's order. A scene with gravity has the line too (without units: no
// length), with "gravity_per_frame_squared" and, with a time step, "gravity_per_second_squared".
void print_units_header(const ccd::Scene& scene) {
    const bool gravity = scene.gravity != ccd::Vec2{};
    if (!scene.units && !gravity) return;
    const std::optional<double> dt = scene.dt();
    nlohmann::json header{{"status", "units"}};
    if (scene.units) header["length"] = ccd::to_string(scene.units->length);
    if (scene.units && scene.units->pixels_per_metre)
        header["pixels_per_metre"] = *scene.units->pixels_per_metre;
    if (dt) header["dt"] = *dt;
    if (gravity) {
        header["gravity_per_frame_squared"] = xy(scene.gravity);
        if (dt)
            header["gravity_per_second_squared"] = xy(ccd::per_second_squared(scene.gravity, *dt));
    }
    nlohmann::json bodies = nlohmann::json::array();
    const auto add = [&](const std::string& name, ccd::Vec2 velocity) {
        nlohmann::json body{{"name", name}, {"velocity_per_frame", xy(velocity)}};
        if (dt) body["velocity_per_second"] = xy(ccd::per_second(velocity, *dt));
        bodies.push_back(std::move(body));
    };
    for (const ccd::Body& body : scene.bodies)
        if (!body.is_static) add(body.name, body.velocity);
    for (const ccd::PolygonBody& polygon : scene.polygons)
        if (!polygon.is_static) add(polygon.name, polygon.velocity);
    header["bodies"] = std::move(bodies);
    std::cout << header.dump() << '\n';
}

// An event line of a scene with a time step: its velocities per second too.
void add_per_second(nlohmann::json& line, std::optional<double> dt) {
    if (!dt) return;
    for (const char* key : {"velocity_before", "velocity_after"}) {
        const auto it = line.find(key);
        if (it == line.end()) continue;
        const ccd::Vec2 v{(*it)[0].get<double>(), (*it)[1].get<double>()};
        line[std::string(key) + "_per_second"] = xy(ccd::per_second(v, *dt));
    }
}

// Steps the world `options.frames` times, printing frames `options.from` on.
void print_frames(ccd::SceneWorld& scene_world, const ReplayOptions& options,
                  std::optional<double> dt) {
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
        ccd::for_each_event_log_line(log, scene_world, [&](const nlohmann::json& line) {
            if (!dt) {
                std::cout << line.dump() << '\n';
                return;
            }
            nlohmann::json with_rates = line;
            add_per_second(with_rates, dt);
            std::cout << with_rates.dump() << '\n';
        });
    }
}

nlohmann::json vector_json(ccd::Vec2 v) {
    return nlohmann::json::array({v.x, v.y});
}

// The engine's run: its notes, then each frame's bodies and tunnels from `options.from` on.
void print_engine_run(const ccd::Scene& scene, const ReplayOptions& options) {
    const ccd::EngineRun run = ccd::run_engine(scene, *options.engine, options.frames);
    const std::vector<ccd::Tunnel> tunnels = ccd::find_tunnels(scene, run);
    const std::string engine(ccd::engine_name(run.engine));
    for (const std::string& note : run.notes)
        std::cout << nlohmann::json({{"engine", engine}, {"note", note}}).dump() << '\n';
    for (int frame = options.from; frame < options.frames; ++frame) {
        const auto& states = run.states[static_cast<std::size_t>(frame + 1)];
        for (std::size_t i = 0; i < states.size(); ++i)
            std::cout << nlohmann::json({{"frame", frame},
                                         {"body", run.body_names[i]},
                                         {"position", vector_json(states[i].position)},
                                         {"angle", states[i].angle},
                                         {"velocity", vector_json(states[i].velocity)},
                                         {"angular_velocity", states[i].angular_velocity}})
                             .dump()
                      << '\n';
        for (const ccd::Tunnel& tunnel : tunnels) {
            if (tunnel.frame != frame) continue;
            nlohmann::json line{{"frame", frame},
                                {"status", "tunnel"},
                                {"a", run.body_names[static_cast<std::size_t>(tunnel.body)]},
                                {"b", ccd::other_name(tunnel, scene, run)},
                                {"point", vector_json(tunnel.place)}};
            if (tunnel.crossed)
                line["crossed"] = true;
            else
                line["depth"] = tunnel.depth;
            line["reason"] = tunnel.reason;
            std::cout << line.dump() << '\n';
        }
    }
}

int replay_engine(const ReplayOptions& options) {
    try {
        const ccd::Scene scene = ccd::load_scene_file(options.scene_path);
        with_file_name(options.scene_path, [&] {
            print_engine_run(scene, options);
            return 0;
        });
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli replay: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

} // namespace

int run_replay(const Arguments& args) {
    ReplayOptions options;
    if (const auto done = read_command_line("replay", args, parse_replay, replay_help, options))
        return *done;
    if (options.engine) return replay_engine(options);
    ccd::Scene scene;
    ccd::SceneWorld scene_world;
    try {
        scene_world = with_file_name(options.scene_path, [&] {
            scene = ccd::load_scene_file(options.scene_path);
            return ccd::make_world(scene, options.world);
        });
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli replay: " << e.what() << '\n';
        return 1;
    }
    print_units_header(scene);
    print_frames(scene_world, options, scene.dt());
    return 0;
}

} // namespace ccdlab::cli
