// ccdlab-cli import: a world from an engine made into a scene (Box2D 2.4.1's b2World::Dump).

#include "commands.hpp"

#include "ccd/atomic_write.hpp"
#include "ccd/box2d_dump.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_writer.hpp"

#include <cmath>
#include <iostream>
#include <optional>
#include <string>

namespace ccdlab::cli {
namespace {

std::string import_help() {
    return "usage: ccdlab-cli import box2d FILE [-o SCENE] [--dt SECONDS]\n"
           "\n"
           "Reads what Box2D 2.4.1's b2World::Dump() writes (box2d_dump.inl: C++ statements\n"
           "making the gravity, each body and its fixtures, the joints) and writes a ccdlab\n"
           "scene in metres and seconds (docs/scene-format.md, \"A Box2D world\"): each fixture\n"
           "a body, polygon or segment, static on a static body, its velocity per second with\n"
           "\"units\": {\"length\": \"metres\", \"dt\": SECONDS}. What the scene cannot carry\n"
           "(gravity, joints, friction, filters, chains, Box2D's polygon skin, damping, ...) is\n"
           "listed on standard error, a line each (\"not carried: ...\"), with notes on what was\n"
           "carried another way (\"note: ...\").\n"
           "\n"
           "Exit status: 0 on success, 1 when FILE is not a dump b2World::Dump writes (the\n"
           "file and line on standard error) or SCENE cannot be written, 2 for a bad command\n"
           "line.\n"
           "\n"
           "  -o SCENE        the scene file to write (default: standard output)\n"
           "  --dt SECONDS    the time step of a frame, a number or a fraction (default 1/60)\n"
           "  -h, --help      show this help\n";
}

struct ImportOptions {
    bool help = false;
    std::string engine;
    std::string dump_path;
    std::optional<std::string> output;
    double dt = 1.0 / 60.0;
};

// "0.02", or a fraction "1/60": > 0 and finite.
double dt_option(const std::string& value) {
    const auto slash = value.find('/');
    const auto number = finite_number(value.substr(0, slash));
    const auto divisor = slash == std::string::npos ? std::optional<double>(1.0)
                                                    : finite_number(value.substr(slash + 1));
    if (!number || !divisor || !(*divisor > 0.0) || !(*number / *divisor > 0.0) ||
        !std::isfinite(*number / *divisor))
        throw UsageError("--dt needs a time step > 0 in seconds, a number or a fraction (1/60), "
                         "got \"" +
                         ccd::printable_excerpt(value) + "\"");
    return *number / *divisor;
}

ImportOptions parse_import(const Arguments& args) {
    ImportOptions options;
    options.help = read_arguments(args, [&](std::size_t& i) {
        const std::string_view arg = args[i];
        if (arg == "-o")
            options.output = std::string(option_value(args, i));
        else if (arg == "--dt")
            options.dt = dt_option(std::string(option_value(args, i)));
        else if (arg.starts_with("-"))
            throw UsageError("unknown option \"" + ccd::printable_excerpt(arg) + "\" (see --help)");
        else if (options.engine.empty())
            options.engine = arg;
        else if (options.dump_path.empty())
            options.dump_path = arg;
        else
            throw UsageError("one dump at a time, got \"" + ccd::printable_excerpt(arg) + "\" too");
    });
    if (options.help) return options;
    if (options.engine != "box2d")
        throw UsageError(options.engine.empty()
                             ? "which engine? (box2d; see --help)"
                             : "unknown engine \"" + ccd::printable_excerpt(options.engine) +
                                   "\" (expected box2d)");
    if (options.dump_path.empty()) throw UsageError("which dump? (see --help)");
    return options;
}

} // namespace

int run_import(const Arguments& args) {
    ImportOptions options;
    if (const auto done = read_command_line("import", args, parse_import, import_help, options))
        return *done;
    try {
        const ccd::Box2dImport imported = ccd::import_box2d_file(options.dump_path, options.dt);
        for (const std::string& line : imported.not_carried)
            std::cerr << "not carried: " << line << '\n';
        for (const std::string& line : imported.notes)
            std::cerr << "note: " << line << '\n';
        if (options.output)
            ccd::save_scene_file(*options.output, imported.scene);
        else
            std::cout << ccd::scene_to_json(imported.scene);
    } catch (const ccd::Box2dDumpError& e) {
        std::cerr << "ccdlab-cli import: " << e.what() << '\n';
        return 1;
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli import: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

} // namespace ccdlab::cli
