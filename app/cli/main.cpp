// ccdlab-cli: the headless tool. Links only the core (and JSON); see docs/cli.md. Each command
// is a file of its own (commands.hpp).

#include "commands.hpp"
#include "engine_options.hpp"

#include "ccd/box2d_toi.hpp"
#include "ccd/bullet_toi.hpp"
#include "ccd/plugin_loader.hpp"
#include "ccd/printable_excerpt.hpp"

#include <csignal>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

namespace {

std::string main_help() {
    return "usage: ccdlab-cli [--engine PATH]... COMMAND [OPTIONS] [--engine PATH]...\n"
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
           "  bench   run every method on the benchmark's dataset: the judge's verdicts and\n"
           "          the time of a query, per method, stratum and pair kind\n"
           "  import  make a scene of an engine's world (box2d: what b2World::Dump writes)\n"
           "  hunt    find the inputs near a case where a method goes wrong, and shrink each\n"
           "  export-test  write a case as a C++ test for your own suite (GoogleTest,\n"
           "          Catch2, doctest), or as a scene, a fixture or a link\n"
           "\n"
           "  --engine PATH  load an engine plugin (a shared library, docs/engines.md): its\n"
           "                 algorithm is then one more --algorithm of every command\n"
           "                 (repeatable, before or after the command; each call's input is\n"
           "                 written to standard error, but in bench)\n"
           "\n"
           "Run 'ccdlab-cli COMMAND --help' for a command's options.\n";
}

using Command = int (*)(const ccdlab::cli::Arguments&);

// The command named `name`, or nullptr.
Command find_command(std::string_view name) {
    using namespace ccdlab::cli;
    return name == "toi"           ? run_toi
           : name == "replay"      ? run_replay
           : name == "check"       ? run_check
           : name == "record"      ? run_record
           : name == "diff"        ? run_diff
           : name == "link"        ? run_link
           : name == "bench"       ? run_bench
           : name == "import"      ? run_import
           : name == "hunt"        ? run_hunt
           : name == "export-test" ? run_export_test
                                   : nullptr;
}

} // namespace

int main(int argc, char** argv) {
    // A closed output pipe (`replay ... | head`) makes a write fail, which each command checks
    // and main reports, instead of a silent death by SIGPIPE (exit 141; docs/cli.md).
    std::signal(SIGPIPE, SIG_IGN);
    ccd::box2d::register_algorithm();   // "box2d" beside the core's algorithms
    ccd::bullet::register_algorithms(); // "bullet", "bullet-gjk", "bullet-subsimplex"
    ccdlab::cli::Arguments args;
    try {
        args = ccdlab::cli::load_engines({argv + 1, argv + argc});
    } catch (const ccdlab::cli::UsageError& e) {
        std::cerr << "ccdlab-cli: " << e.what() << '\n';
        return ccdlab::cli::kExitUsage;
    } catch (const ccd::PluginError& e) {
        std::cerr << "ccdlab-cli: " << ccd::printable_excerpt(e.what(), 400) << '\n';
        return ccdlab::cli::kExitUsage;
    }
    if (args.empty() || args[0] == "-h" || args[0] == "--help") {
        (args.empty() ? std::cerr : std::cout) << main_help();
        return args.empty() ? ccdlab::cli::kExitUsage : 0;
    }
    const std::string_view command = args[0];
    const Command run = find_command(command);
    if (!run) {
        std::cerr << "ccdlab-cli: unknown command \"" << ccd::printable_excerpt(command)
                  << "\" (see ccdlab-cli --help)\n";
        return ccdlab::cli::kExitUsage;
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
