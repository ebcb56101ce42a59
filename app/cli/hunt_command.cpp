// ccdlab-cli hunt: the inputs near a case where a method goes wrong, found and shrunk
// (docs/hunt.md); the work is core/hunt's, this file reads the case and the command line, prints
// and writes the findings.

#include "commands.hpp"
#include "query_json.hpp"

#include "ccd/atomic_write.hpp"
#include "ccd/finding_json.hpp"
#include "ccd/hunt.hpp"
#include "ccd/hunt_case_json.hpp"
#include "ccd/hunt_shrink.hpp"
#include "ccd/isolated_calls.hpp"
#include "ccd/plugin_loader.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/strict_json.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace ccdlab::cli {
namespace {

std::string hunt_help() {
    return "usage: ccdlab-cli hunt CASE --algorithm NAME [--engine PATH]\n"
           "                       [--budget N | --seconds S] [--seed K] [--shrink N]\n"
           "                       [--tolerance X] [--in-process] -o DIR\n"
           "\n"
           "Hunts for the inputs near a case where a method goes wrong (docs/hunt.md): it makes\n"
           "variations of the case (ulp nudges, small displacements, the whole case scaled,\n"
           "moved, turned, mirrored, its sides swapped, whole turns added, grazes, faster\n"
           "motions, random draws), judges the method's answer to each against the certified\n"
           "one (docs/accuracy.md, \"The judge\") and checks that moving, turning, mirroring the\n"
           "case or swapping its sides leaves the verdict as it was (a `metamorphic` finding\n"
           "when not). A call that crashes is a `crash` finding, its input kept: the calls run\n"
           "in a child process. Findings are grouped by class (the verdict, metamorphic, crash)\n"
           "and the feature of the certified contact; the first of each group are shrunk to\n"
           "their simplest form that still goes wrong the same way.\n"
           "\n"
           "CASE is a file of query lines (one `toi` query a line, docs/cli.md), or a scene or\n"
           "fixture (docs/scene-format.md): each pair of its items of which one moves, as at its\n"
           "first frame. Each case is hunted with the whole budget.\n"
           "\n"
           "It prints the shrunk cases first, each with its class, feature, query line, the\n"
           "method's answer and the certified one, then the counts; it writes every finding to\n"
           "DIR/findings.jsonl and the shrunk ones to DIR/shrunk.jsonl (JSON Lines: `query` is\n"
           "a line `ccdlab-cli toi` reads back).\n"
           "\n"
           "Exit status: 0 when nothing was found, 1 when something was, 2 for a bad command\n"
           "line or a case that cannot be read (FILE:LINE and what is wrong).\n"
           "\n"
           "  --algorithm NAME  the method hunted (any registered one, a plugin's too)\n"
           "  --engine PATH     load an engine plugin first (docs/engines.md)\n"
           "  --budget N        variants judged per case, 1 to 10000000 (default 1000): the\n"
           "                    same seed and budget find the same\n"
           "  --seconds S       a time budget per case instead (0.01 to 86400; not repeatable\n"
           "                    run to run)\n"
           "  --seed K          the variations' seed, 0 to 2147483647 (default 1)\n"
           "  --shrink N        findings shrunk per group, 0 to 1000 (default 3)\n"
           "  --tolerance X     the judge's tolerance, a fraction (>= 0) of the query's scale\n"
           "                    (default 1e-10)\n"
           "  --in-process      call the method in this process (faster; a crash ends the hunt)\n"
           "  -o DIR            the folder the findings are written to (made if missing)\n"
           "  -h, --help        show this help\n";
}

struct HuntCommandOptions {
    bool help = false;
    std::string case_path;
    const ccd::Algorithm* algorithm = nullptr;
    std::string out_dir;
    int shrink_per_group = 3;
    ccd::HuntOptions hunt;
};

double seconds_option(std::string_view option, const std::string& value) {
    const auto parsed = finite_number(value);
    if (!parsed || *parsed < 0.01 || *parsed > 86400.0)
        throw UsageError(std::string(option) + " needs a number of seconds from 0.01 to 86400, " +
                         "got \"" + ccd::printable_excerpt(value) + "\"");
    return *parsed;
}

void take_option(const Arguments& args, std::size_t& i, HuntCommandOptions& o) {
    const std::string_view option = args[i];
    const auto value = [&] { return std::string(option_value(args, i)); };
    if (option == "--algorithm")
        o.algorithm = algorithm_option(option_value(args, i));
    else if (option == "--budget")
        o.hunt.budget = whole_number_option(option, value(), 1, 10'000'000);
    else if (option == "--seconds")
        o.hunt.seconds = seconds_option(option, value());
    else if (option == "--seed")
        o.hunt.seed =
            static_cast<std::uint64_t>(whole_number_option(option, value(), 0, 2'147'483'647));
    else if (option == "--shrink")
        o.shrink_per_group = whole_number_option(option, value(), 0, 1000);
    else if (option == "--tolerance")
        o.hunt.judge.tolerance = tolerance_option(option, value());
    else if (option == "--in-process")
        o.hunt.isolate = false;
    else if (option == "-o" || option == "--output")
        o.out_dir = option_value(args, i);
    else if (!option.starts_with("-") && o.case_path.empty())
        o.case_path = option;
    else if (!option.starts_with("-"))
        throw UsageError("one CASE only, got \"" + ccd::printable_excerpt(option) +
                         "\" as well (see --help)");
    else
        throw UsageError("unknown option \"" + ccd::printable_excerpt(option) + "\" (see --help)");
}

HuntCommandOptions parse_hunt(const Arguments& args) {
    HuntCommandOptions o;
    bool budget = false;
    o.help = read_arguments(args, [&](std::size_t& i) {
        budget = budget || args[i] == "--budget";
        take_option(args, i, o);
    });
    if (o.help) return o;
    if (o.case_path.empty()) throw UsageError("which case? (see --help)");
    if (!o.algorithm) throw UsageError("which method? --algorithm NAME (see --help)");
    if (o.out_dir.empty()) throw UsageError("where to? -o DIR (see --help)");
    if (budget && o.hunt.seconds) throw UsageError("--budget or --seconds, not both");
    return o;
}

// A case that cannot be read: what() is "FILE[:LINE]: what is wrong".
class CaseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct NamedCase {
    std::string name;
    ccd::HuntCase query;
};

std::string pairs_of(const ccd::Algorithm& algorithm) {
    return "it answers " + ccdlab::cli::pairs_answered_by(algorithm);
}

// Every query line of `text` (blank lines skipped), read as `toi` reads it, fitted to a pair of
// `algorithm`'s. The sides are read with the exact algorithm, which takes every input: asking a
// plugin whether it takes them would call it here, outside the hunt's child processes.
std::vector<NamedCase> query_line_cases(const std::string& path, const std::string& text,
                                        const ccd::Algorithm& algorithm) {
    std::vector<NamedCase> cases;
    std::istringstream lines(text);
    std::string line;
    for (long number = 1; std::getline(lines, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        const std::string place =
            ccd::printable_excerpt(path, kMaxQuotedPathBytes) + ":" + std::to_string(number) + ": ";
        try {
            const Query q = read_query(ccd::parse_strict_json(line), *ccd::find_algorithm("exact"));
            const auto fitted = ccd::fit_case(q.mover, q.obstacle, algorithm);
            if (!fitted)
                throw QueryError("algorithm \"" + std::string(algorithm.name) +
                                 "\" has no query for this pair (" + pairs_of(algorithm) + ")");
            cases.push_back({"line " + std::to_string(number), *fitted});
        } catch (const ccd::JsonTextError& e) {
            throw CaseError(place + "column " + std::to_string(e.offset() + 1) + ": " + e.what());
        } catch (const QueryError& e) {
            throw CaseError(place + e.what());
        }
    }
    if (cases.empty()) throw CaseError(path + ": no query line in it");
    return cases;
}

struct SceneItem {
    std::string name;
    ccd::Swept side;
    bool moves = false;
};

ccd::Polygon counter_clockwise(ccd::Polygon polygon) {
    double area2 = 0.0;
    const std::size_t n = polygon.vertices.size();
    for (std::size_t k = 0; k < n; ++k)
        area2 += ccd::cross(polygon.vertices[k], polygon.vertices[(k + 1) % n]);
    if (area2 < 0.0 && n > 1) std::reverse(polygon.vertices.begin() + 1, polygon.vertices.end());
    return polygon;
}

// The scene's bodies, walls and polygons as sides over its first frame.
std::vector<SceneItem> scene_items(const ccd::Scene& scene) {
    std::vector<SceneItem> items;
    for (const ccd::Body& b : scene.bodies) {
        const bool still = b.is_static || b.velocity == ccd::Vec2{};
        SceneItem item{b.name, {b.circle, ccd::Still{}}, !still};
        if (b.shape == ccd::BodyShape::Point) item.side.shape = ccd::Point{b.circle.center};
        if (!still) item.side.motion = ccd::Translation{b.velocity};
        items.push_back(std::move(item));
    }
    for (const ccd::Wall& w : scene.walls) {
        ccd::Motion motion = ccd::Still{};
        if (w.turns())
            motion = w.turning();
        else if (!w.is_static())
            motion = ccd::EndMotion{w.displacement_a, w.displacement_b};
        items.push_back({w.name, {w.segment, motion}, !w.is_static()});
    }
    for (const ccd::PolygonBody& p : scene.polygons) {
        ccd::Motion motion = ccd::Still{};
        if (p.turns())
            motion = p.turning();
        else if (!p.is_static && p.velocity != ccd::Vec2{})
            motion = ccd::Translation{p.velocity};
        const bool moves = !std::holds_alternative<ccd::Still>(motion);
        items.push_back({p.name, {counter_clockwise(p.at_start()), motion}, moves});
    }
    return items;
}

// Each pair of the scene's items of which one moves, the one that moves as the mover, fitted to
// a pair of `algorithm`'s (a pair it has no query for is said on standard error and left out).
std::vector<NamedCase> scene_cases(const std::string& path, const ccd::Algorithm& algorithm) {
    const ccd::Scene scene = ccd::load_scene_file(path);
    const std::vector<SceneItem> items = scene_items(scene);
    std::vector<NamedCase> cases;
    for (std::size_t i = 0; i < items.size(); ++i)
        for (std::size_t j = i + 1; j < items.size(); ++j) {
            if (!items[i].moves && !items[j].moves) continue;
            const SceneItem& mover = items[i].moves ? items[i] : items[j];
            const SceneItem& obstacle = items[i].moves ? items[j] : items[i];
            std::string name = mover.name + " / " + obstacle.name;
            auto fitted = ccd::fit_case(mover.side, obstacle.side, algorithm);
            if (!fitted) {
                fitted = ccd::fit_case(obstacle.side, mover.side, algorithm);
                name = obstacle.name + " / " + mover.name; // the case's mover first
            }
            if (!fitted || ccd::invalid_case(*fitted)) {
                std::cerr << "ccdlab-cli hunt: " << name << ": left out (algorithm \""
                          << algorithm.name << "\" has no query for it; " << pairs_of(algorithm)
                          << ")\n";
                continue;
            }
            cases.push_back({name, *fitted});
        }
    if (cases.empty()) throw CaseError(path + ": no pair of items of which one moves");
    return cases;
}

// The cases of the file at `path`: a scene or fixture (a JSON object with "format"), else query
// lines.
std::vector<NamedCase> read_cases(const std::string& path, const ccd::Algorithm& algorithm) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        throw CaseError(ccd::printable_excerpt(path, kMaxQuotedPathBytes) +
                        ": no such file (or not a regular one)");
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const std::string content = text.str();
    // A scene is one JSON object with "format"; query lines are several objects (or one
    // without it), which do not parse as one.
    const nlohmann::json whole = nlohmann::json::parse(content, nullptr, false);
    const bool scene = whole.is_object() && whole.contains("format");
    if (scene) return scene_cases(path, algorithm);
    return query_line_cases(path, content, algorithm);
}

// `line` (a finding's JSON) with the case it came from in front.
std::string with_case(const std::string& line, const std::string& name) {
    // The case's name spliced in front of the finding's members: `line` is an object.
    return "{\"case\":" + nlohmann::json(name).dump() + "," + line.substr(1) + "\n";
}

std::string answer_text(const ccd::Finding& f) {
    if (f.kind == ccd::FindingKind::Crash) return "crash: " + f.judgement;
    if (f.answer.failure) return "failed: " + *f.answer.failure;
    return ccd::hit_json(f.answer.hit);
}

// One shrunk finding as the command prints it.
std::string shrunk_text(const ccd::Finding& f, const ccd::Shrunk& shrunk, const NamedCase& c,
                        std::size_t group_size, const ccd::Algorithm& algorithm) {
    const ccd::Finding& s = shrunk.finding;
    const std::string now = s.feature == f.feature ? "" : ", shrunk onto " + s.feature;
    std::string text = ccd::finding_class(f) + " on " + f.feature + now + " (" + c.name + ": " +
                       std::to_string(group_size) + " in its group; shrunk in " +
                       std::to_string(shrunk.steps) + " steps from \"" + f.transformation + "\")\n";
    const std::string method(algorithm.name);
    text += "  query:     " + ccd::query_line(s.query) + "\n";
    if (s.kind == ccd::FindingKind::Metamorphic)
        text += "  made from: " + ccd::query_line(*s.base) + " (" +
                std::string(ccd::to_string(s.base_verdict)) + " there) by " + s.invariance->text +
                "\n";
    text += "  " + method + ":" + std::string(method.size() < 10 ? 10 - method.size() : 1, ' ') +
            answer_text(s) + "\n";
    text += "  certified: " + ccd::hit_json(s.certified) + "\n";
    if (s.kind != ccd::FindingKind::Crash) text += "  judge:     " + s.judgement + "\n";
    return text;
}

std::string counts_text(const NamedCase& c, const ccd::HuntReport& report) {
    std::string text = c.name + ": " + std::to_string(report.variants) + " variants:";
    const char* order[] = {"agrees", "miss",  "false_hit", "early",      "normal_off",
                           "failed", "crash", "refused",   "metamorphic"};
    for (const char* name : order) {
        const auto it = report.counts.find(name);
        text += std::string(" ") + name + " " +
                std::to_string(it == report.counts.end() ? 0 : it->second);
    }
    return text + "; " + std::to_string(report.findings.size()) + " findings in " +
           std::to_string(ccd::group_findings(report.findings).size()) + " groups\n";
}

struct HuntOutput {
    std::string printed_shrunk, printed_counts, findings, shrunk;
    long found = 0;
};

void hunt_case(const NamedCase& c, const HuntCommandOptions& o, HuntOutput& out) {
    const ccd::Algorithm& algorithm = *o.algorithm;
    const ccd::HuntReport report = ccd::hunt(c.query, algorithm, o.hunt);
    out.found += static_cast<long>(report.findings.size());
    for (const ccd::Finding& f : report.findings)
        out.findings += with_case(ccd::finding_json(f, algorithm), c.name);
    std::set<std::string> seen;
    for (const auto& [group, members] : ccd::group_findings(report.findings))
        for (std::size_t k = 0; k < members.size() && k < std::size_t(o.shrink_per_group); ++k) {
            const ccd::Finding& f = report.findings[members[k]];
            const ccd::Shrunk shrunk = ccd::shrink(f, algorithm, o.hunt);
            const std::string line = ccd::finding_json(shrunk.finding, algorithm, shrunk.steps);
            if (!seen.insert(group.first + ccd::query_line(shrunk.finding.query)).second) continue;
            out.shrunk += with_case(line, c.name);
            out.printed_shrunk += shrunk_text(f, shrunk, c, members.size(), algorithm);
        }
    out.printed_counts += counts_text(c, report);
}

} // namespace

int run_hunt(const Arguments& args) {
    HuntCommandOptions o;
    if (const auto exit = read_command_line("hunt", args, parse_hunt, hunt_help, o)) return *exit;
    ccd::watch_plugin_calls(nullptr); // thousands of calls: no line for each (a crash is kept)
    std::vector<NamedCase> cases;
    try {
        cases = read_cases(o.case_path, *o.algorithm);
    } catch (const std::exception& e) { // CaseError, ccd::SceneError: located
        std::cerr << "ccdlab-cli hunt: " << ccd::printable_excerpt(e.what(), 600) << '\n';
        return kExitUsage;
    }
    const std::filesystem::path dir(o.out_dir);
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (!std::filesystem::is_directory(dir, error)) {
        std::cerr << "ccdlab-cli hunt: -o "
                  << ccd::printable_excerpt(o.out_dir, kMaxQuotedPathBytes)
                  << ": cannot make the folder\n";
        return kExitUsage;
    }
    HuntOutput out;
    for (const NamedCase& c : cases)
        hunt_case(c, o, out);
    std::cout << (out.printed_shrunk.empty() ? "nothing found\n" : out.printed_shrunk) << '\n'
              << out.printed_counts;
    try {
        ccd::write_file_atomically(dir / "findings.jsonl", out.findings);
        ccd::write_file_atomically(dir / "shrunk.jsonl", out.shrunk);
    } catch (const ccd::FileWriteError& e) {
        std::cerr << "ccdlab-cli hunt: " << e.what() << '\n';
        return 1;
    }
    std::cout << "written: " << (dir / "findings.jsonl").string() << ", "
              << (dir / "shrunk.jsonl").string() << '\n';
    return out.found > 0 ? 1 : 0;
}

} // namespace ccdlab::cli
