// ccdlab-cli bench: every method on the benchmark's dataset, each answer judged by the one
// judge and timed (docs/benchmark.md); the work is core/benchmark's, this file reads the
// command line and prints.

#include "commands.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/bench_dataset.hpp"
#include "ccd/bench_run.hpp"
#include "ccd/plugin_loader.hpp"
#include "ccd/printable_excerpt.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace ccdlab::cli {
namespace {

std::string bench_help() {
    return "usage: ccdlab-cli bench [--engine PATH]... [--algorithm NAME]... [--dataset FILE]\n"
           "                        [--stratum NAME]... [--kind NAME]... [--repetitions N]\n"
           "                        [--tolerance X] [--by-stratum] [--json]\n"
           "\n"
           "Runs every registered method (or the named ones) on the benchmark's dataset\n"
           "(docs/benchmark.md) and prints, per method, stratum and pair kind, how many answers\n"
           "had each verdict of the judge (docs/accuracy.md, \"The judge\"): agrees (by_design:\n"
           "of those, agreeing only within the method's documented slack), miss (no contact\n"
           "reported where there is one), late (a contact reported past the first one: the\n"
           "judge's miss too), false_hit, early, normal_off, failed, no_query (the method has no\n"
           "query for the pair: not run), and the median and 99th percentile of the time of one\n"
           "query in nanoseconds (each query's time the median of its repetitions, the method's\n"
           "call alone, on a steady clock). Then it checks the certified answer of every query\n"
           "against the label the independent reference gave it; any disagreement is listed.\n"
           "\n"
           "Exit status: 0; 1 when the certified answer contradicts a label or the dataset\n"
           "cannot be read (file:line and what is wrong on standard error); 2 for a bad command\n"
           "line.\n"
           "\n"
           "  --engine PATH      load an engine plugin (docs/engines.md) and run it too (before\n"
           "                     or after the command); its calls are not echoed to standard\n"
           "                     error here, unlike the other commands\n"
           "  --algorithm NAME   run only this method (repeatable); default: every one\n"
           "  --dataset FILE     the queries, JSON Lines (default: the shipped\n"
           "                     tests/bench/dataset/ccd2d-bench.jsonl)\n"
           "  --stratum NAME     only this stratum (repeatable): straight, quarter, half,\n"
           "                     four_turns\n"
           "  --kind NAME        only this pair kind (repeatable): circle_segment,\n"
           "                     point_segment, circle_polygon, polygon_polygon\n"
           "  --repetitions N    timed calls per method and query, 0 to 1000 (default 5; 0: no\n"
           "                     times)\n"
           "  --tolerance X      the judge's tolerance, a fraction (>= 0) of the query's scale\n"
           "                     (default 1e-10)\n"
           "  --by-stratum       one row per method and stratum, every kind together\n"
           "  --json             JSON Lines: one object a row, then one with the totals\n"
           "  -h, --help         show this help\n";
}

struct BenchCommandOptions {
    bool help = false;
    bool json = false;
    std::string dataset = CCDLAB_BENCH_DATASET;
    std::vector<const ccd::Algorithm*> methods;
    std::vector<std::string> strata, kinds;
    ccd::BenchOptions run;
};

template <std::size_t N>
std::string one_of(std::string_view option, std::string_view value,
                   const std::string_view (&names)[N]) {
    if (std::find(std::begin(names), std::end(names), value) != std::end(names))
        return std::string(value);
    std::string known;
    for (const std::string_view name : names)
        known += (known.empty() ? "" : ", ") + std::string(name);
    throw UsageError(std::string(option) + ": unknown \"" + ccd::printable_excerpt(value) +
                     "\" (one of " + known + ")");
}

BenchCommandOptions parse_bench(const Arguments& args) {
    BenchCommandOptions o;
    std::vector<std::string_view> names;
    o.help = read_arguments(args, [&](std::size_t& i) {
        const std::string_view option = args[i];
        if (option == "--engine")
            ccd::load_engine_plugin(std::string(option_value(args, i)));
        else if (option == "--algorithm")
            names.push_back(option_value(args, i));
        else if (option == "--dataset")
            o.dataset = option_value(args, i);
        else if (option == "--stratum")
            o.strata.push_back(one_of(option, option_value(args, i), ccd::kBenchStrata));
        else if (option == "--kind")
            o.kinds.push_back(one_of(option, option_value(args, i), ccd::kBenchKinds));
        else if (option == "--repetitions")
            o.run.repetitions =
                whole_number_option(option, std::string(option_value(args, i)), 0, 1000);
        else if (option == "--tolerance")
            o.run.judge.tolerance = tolerance_option(option, std::string(option_value(args, i)));
        else if (option == "--by-stratum")
            o.run.merge_kinds = true;
        else if (option == "--json")
            o.json = true;
        else
            throw UsageError("unknown option \"" + ccd::printable_excerpt(option) +
                             "\" (see --help)");
    });
    for (const std::string_view name : names)
        o.methods.push_back(algorithm_option(name));
    if (o.methods.empty())
        for (const ccd::Algorithm& algorithm : ccd::algorithms())
            o.methods.push_back(&algorithm);
    return o;
}

// The queries of the strata and kinds asked for (all when none is named).
std::vector<ccd::BenchQuery> selected(std::vector<ccd::BenchQuery> queries,
                                      const BenchCommandOptions& o) {
    const auto wanted = [](const std::vector<std::string>& names, const std::string& name) {
        return names.empty() || std::find(names.begin(), names.end(), name) != names.end();
    };
    std::erase_if(queries, [&](const ccd::BenchQuery& q) {
        return !wanted(o.strata, q.stratum) || !wanted(o.kinds, q.kind);
    });
    return queries;
}

nlohmann::ordered_json group_json(const ccd::BenchGroup& g) {
    const ccd::VerdictCounts& c = g.counts;
    return {{"method", g.method},
            {"stratum", g.stratum},
            {"kind", g.kind},
            {"queries", c.total()},
            {"agrees", c.agrees},
            {"by_design", c.by_design},
            {"miss", c.miss},
            {"late", c.late},
            {"false_hit", c.false_hit},
            {"early", c.early},
            {"normal_off", c.normal_off},
            {"failed", c.failed},
            {"no_query", c.no_query},
            {"median_ns", g.median_ns()},
            {"p99_ns", g.p99_ns()}};
}

void print_json(const ccd::BenchReport& report, const std::string& dataset) {
    for (const ccd::BenchGroup& group : report.groups)
        std::cout << group_json(group).dump() << '\n';
    for (const ccd::ReferenceDisagreement& d : report.reference)
        std::cout << nlohmann::ordered_json{{"reference_disagreement",
                                             {{"id", d.id}, {"line", d.line}, {"why", d.why}}}}
                         .dump()
                  << '\n';
    std::cout << nlohmann::ordered_json{{"dataset", dataset},
                                        {"queries", report.queries},
                                        {"reference_disagreements", report.reference.size()}}
                     .dump()
              << '\n';
}

std::string row(const char* method, const char* stratum, const char* kind,
                const std::vector<std::string>& cells) {
    char head[96];
    std::snprintf(head, sizeof head, "%-26s %-10s %-15s", method, stratum, kind);
    std::string line = head;
    for (const std::string& cell : cells) {
        char text[24];
        std::snprintf(text, sizeof text, " %9s", cell.c_str());
        line += text;
    }
    return line + '\n';
}

std::string time_cell(double ns, bool timed) {
    if (!timed) return "-";
    char text[24];
    std::snprintf(text, sizeof text, "%.0f", ns);
    return text;
}

void print_table(const ccd::BenchReport& report, const std::string& dataset) {
    std::cout << row("method", "stratum", "kind",
                     {"queries", "agrees", "by_design", "miss", "late", "false_hit", "early",
                      "normal_off", "failed", "no_query", "median_ns", "p99_ns"});
    for (const ccd::BenchGroup& g : report.groups) {
        const ccd::VerdictCounts& c = g.counts;
        const bool timed = !g.query_ns.empty();
        std::vector<std::string> cells;
        for (const int n : {c.total(), c.agrees, c.by_design, c.miss, c.late, c.false_hit, c.early,
                            c.normal_off, c.failed, c.no_query})
            cells.push_back(std::to_string(n));
        cells.push_back(time_cell(g.median_ns(), timed));
        cells.push_back(time_cell(g.p99_ns(), timed));
        std::cout << row(g.method.c_str(), g.stratum.c_str(), g.kind.c_str(), cells);
    }
    for (const ccd::ReferenceDisagreement& d : report.reference)
        std::cout << "reference disagreement: " << dataset << ':' << d.line << " (" << d.id
                  << "): " << d.why << '\n';
    std::cout << report.queries << " queries from " << dataset << "; " << report.reference.size()
              << " reference disagreements\n";
}

} // namespace

int run_bench(const Arguments& args) {
    BenchCommandOptions options;
    try {
        options = parse_bench(args);
    } catch (const UsageError& e) {
        return report_usage_error("bench", e);
    }
    if (options.help) {
        std::cout << bench_help();
        return 0;
    }
    ccd::watch_plugin_calls(nullptr); // thousands of calls: no line for each
    std::vector<ccd::BenchQuery> queries;
    try {
        queries = selected(ccd::read_bench_dataset(options.dataset), options);
    } catch (const ccd::DatasetError& e) {
        std::cerr << "ccdlab-cli bench: " << ccd::printable_excerpt(e.what(), 400) << '\n';
        return 1;
    }
    const ccd::BenchReport report = ccd::run_bench(queries, options.methods, options.run);
    if (options.json)
        print_json(report, options.dataset);
    else
        print_table(report, options.dataset);
    return report.reference.empty() ? 0 : 1;
}

} // namespace ccdlab::cli
