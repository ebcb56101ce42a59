// ccdlab-cli export-test: a case as a C++ test for a user's own suite (ccd/test_export.hpp), or
// as a scene, a fixture or a link.

#include "commands.hpp"
#include "query_json.hpp"

#include "ccd/atomic_write.hpp"
#include "ccd/fixture.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_link.hpp"
#include "ccd/scene_writer.hpp"
#include "ccd/strict_json.hpp"
#include "ccd/test_export.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace ccdlab::cli {
namespace {

std::string export_test_help() {
    return "usage: ccdlab-cli export-test CASE [--framework gtest|catch2|doctest]\n"
           "                  [--target certified|engine] [--algorithm NAME] [-o FILE]\n"
           "       ccdlab-cli export-test CASE --as scene|fixture|link [-o FILE]\n"
           "\n"
           "Writes a case as one self-contained C++ test file for your own suite (docs/cli.md):\n"
           "the inputs as hex-float literals (their decimal values in comments), the call, and\n"
           "the verdict ccdlab's judge expects from the certified answer (hit or miss, t within\n"
           "the judge's tolerance, the normal within 1 degree), with the case's ccdlab link in a\n"
           "comment. The test fails until the answer agrees.\n"
           "\n"
           "CASE is a file (or - for standard input) holding `toi` query lines (JSON Lines, one\n"
           "test each), or a scene or fixture file (a test for each pair of its first frame in\n"
           "which something moves: each body against every later body, polygon and wall).\n"
           "\n"
           "  --framework F     gtest (default; link GTest::gtest_main), catch2 (2 or 3) or\n"
           "                    doctest (the file has doctest's and Catch2 2's main unless\n"
           "                    CCDLAB_TEST_NO_MAIN is defined)\n"
           "  --target T        certified (default): the installed core's ccd::time_of_impact\n"
           "                    (find_package(ccd), ccd::core); engine: your engine plugin's\n"
           "                    query through ccd/engine_plugin.h, the plugin's path in the\n"
           "                    environment variable CCD_ENGINE_PLUGIN when the test runs\n"
           "                    (docs/engines.md, \"Exported tests\")\n"
           "  --algorithm NAME  the algorithm whose documented slack the verdict allows (box2d:\n"
           "                    its target separation; default exact: none); for certified, the\n"
           "                    core's algorithm the test calls\n"
           "  --pair A,B        of a scene, the pair of the bodies, polygons or walls named A\n"
           "                    and B alone (a file holds at most 1000 cases)\n"
           "  --as KIND         instead of a test, the case (one query) as a scene file, as a\n"
           "                    fixture (its events recorded by the exact World: `check\n"
           "                    --algorithm NAME` fails until NAME answers it right) or as a\n"
           "                    link; for a scene, the scene itself, its fixture or its link\n"
           "  --suite NAME      the tests' suite (gtest) or their names' prefix; default: the\n"
           "                    name of CASE's file in CamelCase (Ccdlab for standard input)\n"
           "  --base URL        what the links are made against (default: index.html)\n"
           "  -o FILE           write FILE (atomically) instead of standard output\n"
           "  -h, --help        show this help\n"
           "\n"
           "Exit status: 0 on success, 1 when CASE does not load or cannot be exported (the\n"
           "located reason on standard error), 2 for a bad command line.\n";
}

struct ExportTestOptions {
    bool help = false;
    std::string case_path;
    ccd::TestExportOptions test;
    std::string as;
    std::string output;
    std::string pair_a, pair_b; // --pair A,B
};

void take_option(ExportTestOptions& options, const Arguments& args, std::size_t& i) {
    const std::string_view arg = args[i];
    const auto value = [&] { return std::string(option_value(args, i)); };
    if (arg == "--framework") {
        const std::string name = value();
        const auto framework = ccd::test_framework_named(name);
        if (!framework)
            throw UsageError("--framework needs gtest, catch2 or doctest, got \"" +
                             ccd::printable_excerpt(name) + "\"");
        options.test.framework = *framework;
    } else if (arg == "--target") {
        const std::string name = value();
        const auto target = ccd::test_target_named(name);
        if (!target)
            throw UsageError("--target needs certified or engine, got \"" +
                             ccd::printable_excerpt(name) + "\"");
        options.test.target = *target;
    } else if (arg == "--algorithm") {
        options.test.algorithm = value();
    } else if (arg == "--as") {
        options.as = value();
        if (options.as != "scene" && options.as != "fixture" && options.as != "link")
            throw UsageError("--as needs scene, fixture or link, got \"" +
                             ccd::printable_excerpt(options.as) + "\"");
    } else if (arg == "--pair") {
        const std::string pair = value();
        const std::size_t comma = pair.find(',');
        if (comma == std::string::npos || comma == 0 || comma + 1 == pair.size())
            throw UsageError("--pair needs two names, A,B, got \"" + ccd::printable_excerpt(pair) +
                             "\"");
        options.pair_a = pair.substr(0, comma);
        options.pair_b = pair.substr(comma + 1);
    } else if (arg == "--suite") {
        options.test.suite = value();
    } else if (arg == "--base") {
        options.test.link_base = value();
    } else if (arg == "-o") {
        options.output = value();
    } else if (arg == "-") {
        if (!options.case_path.empty()) throw UsageError("one CASE only (see --help)");
        options.case_path = "-";
    } else {
        take_scene_path(options.case_path, arg, ccd::printable_excerpt(arg));
    }
}

ExportTestOptions parse_export_test(const Arguments& args) {
    ExportTestOptions options;
    options.test.suite.clear(); // CASE's file name unless --suite
    options.help = read_arguments(args, [&](std::size_t& i) { take_option(options, args, i); });
    if (options.help) return options;
    if (options.case_path.empty())
        throw UsageError("which case? give a query file, a scene or a fixture (see --help)");
    if (options.test.suite.empty())
        options.test.suite = options.case_path == "-"
                                 ? "Ccdlab"
                                 : std::filesystem::path(options.case_path).stem().string();
    if (!ccd::find_algorithm(options.test.algorithm))
        throw UsageError("unknown algorithm \"" + ccd::printable_excerpt(options.test.algorithm) +
                         "\" (see ccdlab-cli toi --help)");
    return options;
}

// The most CASE's file may hold: a scene file's limit (ccd/scene_loader.hpp).
constexpr std::uintmax_t kMaxCaseBytes = std::uintmax_t{512} << 20;

std::string read_case_text(const std::string& path) {
    std::ostringstream text;
    if (path == "-") {
        text << std::cin.rdbuf();
        return text.str();
    }
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (error) throw ccd::SceneError(path + ": cannot be read (" + error.message() + ")");
    if (!std::filesystem::is_regular_file(status))
        throw ccd::SceneError(path + ": is not a regular file");
    if (std::filesystem::file_size(path, error) > kMaxCaseBytes)
        throw ccd::SceneError(path + ": larger than 512 MiB (a scene file's limit)");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw ccd::SceneError(path + ": cannot be read");
    text << file.rdbuf();
    return text.str();
}

// Whether the text is `toi` query lines: its first line that is not blank an object with "kind".
bool holds_queries(const std::string& text) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        try {
            const nlohmann::json first = ccd::parse_strict_json(line);
            return first.is_object() && first.contains("kind");
        } catch (const std::exception&) {
            return false;
        }
    }
    return false;
}

std::vector<ccd::ExportCase> query_cases(const std::string& text, const std::string& name,
                                         const ccd::Algorithm& algorithm) {
    std::vector<ccd::ExportCase> cases;
    std::istringstream lines(text);
    long number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        const std::string place = name + ":" + std::to_string(number);
        try {
            const Query query = read_query(ccd::parse_strict_json(line), algorithm);
            cases.push_back(ccd::query_case(query.mover, query.obstacle,
                                            "line_" + std::to_string(number),
                                            place + ": " + ccd::printable_excerpt(line, 200)));
        } catch (const std::exception& e) {
            throw ccd::ExportError(place + ": " + ccd::printable_excerpt(e.what(), 400));
        }
    }
    return cases;
}

struct LoadedCase {
    std::vector<ccd::ExportCase> cases;
    std::optional<ccd::Scene> scene; // when CASE is a scene or fixture
};

LoadedCase load_case(const ExportTestOptions& options) {
    const std::string name = options.case_path == "-" ? "standard input" : options.case_path;
    const std::string text = read_case_text(options.case_path);
    const ccd::Algorithm& algorithm = *ccd::find_algorithm(options.test.algorithm);
    if (holds_queries(text)) {
        if (!options.pair_a.empty())
            throw ccd::ExportError(name + ": --pair picks a pair of a scene, not of query lines");
        return {query_cases(text, name, algorithm), std::nullopt};
    }
    ccd::Scene scene = ccd::parse_scene(text, name);
    const std::string kind = scene.expect ? "fixture " : "scene ";
    return {ccd::scene_cases(scene, kind + name, options.pair_a, options.pair_b), scene};
}

// The case as a scene, a fixture or a link (--as).
std::string case_as(const LoadedCase& loaded, const ExportTestOptions& options) {
    std::optional<ccd::Scene> scene = loaded.scene;
    if (!scene) {
        if (loaded.cases.size() != 1)
            throw ccd::ExportError("--as " + options.as + " takes one query, not " +
                                   std::to_string(loaded.cases.size()));
        if (loaded.cases.front().scene) scene = *loaded.cases.front().scene;
        if (!scene) throw ccd::ExportError("no scene holds this pair: " + loaded.cases[0].no_link);
    }
    if (options.as == "link") return ccd::scene_link(*scene, options.test.link_base) + "\n";
    if (options.as == "fixture") {
        scene->expect = ccd::record_expectation(*scene, scene->expect ? scene->expect->frames : 1);
    }
    return ccd::scene_to_json(*scene);
}

void write_out(const std::string& output, const std::string& text) {
    if (output.empty() || output == "-")
        std::cout << text;
    else
        try {
            ccd::write_file_atomically(output, text);
        } catch (const ccd::FileWriteError& e) {
            throw ccd::ExportError(ccd::printable_excerpt(output, kMaxQuotedPathBytes) + ": " +
                                   e.what());
        }
}

} // namespace

int run_export_test(const Arguments& args) {
    ExportTestOptions options;
    if (const auto done =
            read_command_line("export-test", args, parse_export_test, export_test_help, options))
        return *done;
    try {
        const LoadedCase loaded = load_case(options);
        if (!options.as.empty()) {
            write_out(options.output, case_as(loaded, options));
        } else {
            options.test.command = "ccdlab-cli export-test";
            write_out(options.output, ccd::exported_test(loaded.cases, options.test));
        }
    } catch (const std::exception& e) {
        std::cerr << "ccdlab-cli export-test: " << ccd::printable_excerpt(e.what(), 600) << '\n';
        return 1;
    }
    if (!options.output.empty() && options.output != "-")
        std::cerr << "ccdlab-cli export-test: wrote " << options.output << '\n';
    return 0;
}

} // namespace ccdlab::cli
