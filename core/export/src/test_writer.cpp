// An exported test file: the prelude, then one test per case with its inputs, its link and
// the verdict the judge expects (ccd/test_export.hpp).
#include "cpp_literals.hpp"
#include "test_prelude.hpp"

#include "ccd/pair_registry.hpp"
#include "ccd/scene_link.hpp"
#include "ccd/test_export.hpp"

#include <cctype>
#include <set>
#include <variant>

namespace ccd {
namespace {

using test_export::decimal;
using test_export::decimal_vec;
using test_export::hex;
using test_export::test_assertion;
using test_export::test_opening;

// `name` as a C identifier (letters, digits, '_'), unique among `taken`.
std::string identifier(const std::string& name, std::set<std::string>& taken) {
    std::string out;
    for (const char c : name)
        out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out.front()))) out = "case_" + out;
    std::string unique = out;
    for (int k = 2; taken.count(unique); ++k)
        unique = out + "_" + std::to_string(k);
    taken.insert(unique);
    return unique;
}

std::string bool_text(bool value) {
    return value ? "true" : "false";
}

std::string verdict_words(const ExpectedVerdict& e) {
    if (!e.hit)
        return std::string("no contact in the frame") +
               (e.hit_window ? "; the shapes pass within the tolerance, so a hit with t in [" +
                                   decimal(e.t_low) + ", " + decimal(e.t_high) + "] agrees too"
                             : "");
    std::string out = std::string(e.overlap ? "touching at t = 0" : "first contact") +
                      " at t = " + decimal(e.t) + ", point " + decimal_vec(e.point) + ", normal " +
                      decimal_vec(e.normal) + "; an answer agrees with t in [" + decimal(e.t_low) +
                      ", " + decimal(e.t_high) + "]";
    if (!e.overlap) out += " and its normal within 1 degree of that one";
    return out + (e.miss_agrees ? "; a miss agrees too (a graze within the tolerance)" : "");
}

std::string expected_literal(const ExpectedVerdict& e) {
    return "    const Expected expected{" + bool_text(e.hit) + ", " + hex(e.t) + ", " +
           hex(e.t_low) + ", " + hex(e.t_high) + ", " + hex(e.normal.x) + ", " + hex(e.normal.y) +
           ", " + bool_text(e.overlap) + ", " + bool_text(e.miss_agrees) + ", " +
           bool_text(e.hit_window) + ", " + hex(e.normal_angle) + "};\n";
}

// The comment with the link of the case's scene; `last` keeps the last scene's, so that a
// scene shared by many cases is encoded once.
using LinkMemo = std::pair<const Scene*, std::string>;
std::string link_comment(const ExportCase& c, const TestExportOptions& options, LinkMemo& last) {
    if (!c.scene) return "// No link: " + c.no_link + ".\n";
    if (last.first != c.scene.get()) {
        try {
            last = {c.scene.get(), "// Open it in ccdlab: ccdlab --link '" +
                                       scene_link(*c.scene, options.link_base) + "'\n"};
        } catch (const std::exception& e) {
            last = {c.scene.get(), std::string("// No link: ") + e.what() + ".\n"};
        }
    }
    return last.second;
}

std::string slack_words(const ExpectedVerdict& e, const std::string& algorithm) {
    if (e.slack_short == 0.0 && e.slack_past == 0.0) return "";
    return "// The slack of \"" + algorithm + "\" is allowed (short of the contact " +
           decimal(e.slack_short) + ", past it " + decimal(e.slack_past) + ").\n";
}

std::string case_comment(const ExportCase& c, const ExpectedVerdict& e,
                         const TestExportOptions& options, LinkMemo& links) {
    return "// " + c.source + "\n// mover:    " + test_export::side_in_words(c.mover) +
           "\n// obstacle: " + test_export::side_in_words(c.obstacle) +
           "\n// certified: " + verdict_words(e) + " (the judge's tolerance " +
           decimal(e.tolerance) + ").\n" + slack_words(e, options.algorithm) +
           link_comment(c, options, links);
}

std::string certified_call(const ExportCase& c, const TestExportOptions& options) {
    return "    const ccd::Swept mover = " + test_export::swept_expression(c.mover) +
           ";\n    const ccd::Swept obstacle = " + test_export::swept_expression(c.obstacle) +
           ";\n    const Answer answer = certified_answer(\"" + options.algorithm +
           "\", mover, obstacle);\n";
}

std::string engine_call(const ExportCase& c) {
    if (radius_of(c.mover.shape) != 0.0 && c.mover.shape_kind() != ShapeKind::Circle)
        throw ExportError(c.name + ": an engine plugin takes no radius on a segment or polygon");
    if (radius_of(c.obstacle.shape) != 0.0 && c.obstacle.shape_kind() != ShapeKind::Circle)
        throw ExportError(c.name + ": an engine plugin takes no radius on a segment or polygon");
    const PairChoice choice = choose_pair(kind_of(c.mover), kind_of(c.obstacle));
    const PairType& pair = *choice.pair;
    std::string out = test_export::abi_side_statements(c.mover, "mover", "    ") +
                      test_export::abi_side_statements(c.obstacle, "obstacle", "    ");
    if (choice.swapped)
        out += "    // ccdlab registers this pair the other way round (" + std::string(pair.name) +
               "): the engine is asked obstacle first.\n";
    return out + "    const ccd_pair_kind pair{" +
           test_export::abi_kind(pair.mover.shape, pair.mover.motion) + ", " +
           test_export::abi_kind(pair.obstacle.shape, pair.obstacle.motion) +
           "};\n    const Answer answer = engine_answer(mover, obstacle, pair, " +
           bool_text(choice.swapped) + ");\n";
}

std::string case_test(const ExportCase& c, const std::string& name,
                      const TestExportOptions& options, const Algorithm& algorithm,
                      LinkMemo& links) {
    if (!choose_pair(kind_of(c.mover), kind_of(c.obstacle)).pair)
        throw ExportError(c.name + ": the registry has no query for this pair of shapes");
    const ExpectedVerdict e = expected_verdict(c.mover, c.obstacle, algorithm);
    std::string out =
        case_comment(c, e, options, links) + test_opening(options.framework, options.suite, name);
    out += options.target == TestTarget::Certified ? certified_call(c, options) : engine_call(c);
    return out + expected_literal(e) +
           "    const std::string why = disagreement(answer, expected);\n" +
           test_assertion(options.framework) + "}\n\n";
}

std::string file_comment(const TestExportOptions& options, std::size_t cases) {
    const bool certified = options.target == TestTarget::Certified;
    std::string out =
        "// A test exported from ccdlab" +
        (options.command.empty() ? std::string() : " (" + options.command + ")") + ": " +
        std::to_string(cases) + (cases == 1 ? " case" : " cases") + ", each failing until " +
        (certified ? "the core's \"" + options.algorithm + "\"" : std::string("the engine")) +
        " answers it as ccdlab's judge has the certified answer.\n"
        "// Every input is a hex-float literal (the double itself); its decimal value is in the\n"
        "// comment above its test.\n";
    if (certified)
        return out + "// Build: against the installed core, find_package(ccd) and\n"
                     "// target_link_libraries(T ccd::core), or pkg-config --cflags --libs ccd.\n";
    return out + "// Build: with the C header ccd/engine_plugin.h on the include path (and -ldl);\n"
                 "// run with CCD_ENGINE_PLUGIN=/path/to/your_plugin.so, or build with\n"
                 "// -DCCD_ENGINE_PLUGIN_PATH='\"/path/to/your_plugin.so\"', or with\n"
                 "// -DCCD_ENGINE_LINKED and your plugin's ccd_engine_plugin_v1 linked in.\n";
}

} // namespace

std::string test_suite_name(std::string_view stem) {
    std::string out;
    bool start = true;
    for (const char c : stem) {
        const bool word = std::isalnum(static_cast<unsigned char>(c)) != 0;
        if (word) out += start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        start = !word;
    }
    if (out.empty()) return "Ccdlab";
    if (std::isdigit(static_cast<unsigned char>(out.front()))) out = "Case" + out;
    return out;
}

std::string exported_test(std::span<const ExportCase> cases, const TestExportOptions& options) {
    if (cases.empty()) throw ExportError("no case to export (nothing moves)");
    const Algorithm* algorithm = find_algorithm(options.algorithm);
    if (!algorithm) throw ExportError("no algorithm \"" + options.algorithm + "\"");
    std::string out = file_comment(options, cases.size()) + "\n" +
                      test_export::includes(options.framework, options.target) +
                      test_export::helpers(options.target);
    std::set<std::string> taken;
    const std::string suite = test_suite_name(options.suite);
    TestExportOptions named = options;
    named.suite = suite;
    LinkMemo links{nullptr, {}}; // the cases hold their scenes while the file is written
    for (const ExportCase& c : cases)
        out += case_test(c, identifier(c.name, taken), named, *algorithm, links);
    return out;
}

} // namespace ccd
