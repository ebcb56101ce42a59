// Every method on the benchmark's queries: judged, tallied, timed (bench_run.hpp).
#include "ccd/bench_run.hpp"

#include "ccd/pair_registry.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <map>
#include <tuple>

namespace ccd {
namespace {

template <std::size_t N>
std::size_t index_in(const std::string& name, const std::string_view (&names)[N]) {
    return static_cast<std::size_t>(std::find(std::begin(names), std::end(names), name) -
                                    std::begin(names));
}

// The value at `fraction` of the sorted `values` (nearest rank); 0 for none.
double quantile(std::vector<double> values, double fraction) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    const double rank = std::ceil(fraction * static_cast<double>(values.size()));
    const std::size_t k = static_cast<std::size_t>(std::max(1.0, rank)) - 1;
    return values[std::min(k, values.size() - 1)];
}

// The time of one call of `algorithm`'s query alone, in nanoseconds.
double time_call(const Algorithm& algorithm, const Swept& mover, const Swept& obstacle) {
    static volatile double sink = 0.0;
    const auto start = std::chrono::steady_clock::now();
    const std::optional<Hit> hit = time_of_impact(algorithm, mover, obstacle);
    const auto stop = std::chrono::steady_clock::now();
    sink = sink + (hit ? hit->t : 2.0);
    return std::chrono::duration<double, std::nano>(stop - start).count();
}

// Each answered (query, method)'s median time over `repetitions` rounds; each round calls every
// method on every query in turn, so that no call follows one on the same input (an engine
// plugin keeps its last answer for the same input: docs/engines.md).
std::vector<std::vector<double>> median_times(std::span<const BenchQuery> queries,
                                              std::span<const Algorithm* const> methods,
                                              const std::vector<std::vector<bool>>& answered,
                                              int repetitions) {
    std::vector<std::vector<std::vector<double>>> times(
        queries.size(), std::vector<std::vector<double>>(methods.size()));
    for (int round = 0; round < repetitions; ++round)
        for (std::size_t q = 0; q < queries.size(); ++q)
            for (std::size_t m = 0; m < methods.size(); ++m)
                if (answered[q][m])
                    times[q][m].push_back(
                        time_call(*methods[m], queries[q].mover, queries[q].obstacle));
    std::vector<std::vector<double>> medians(queries.size(),
                                             std::vector<double>(methods.size(), 0.0));
    for (std::size_t q = 0; q < queries.size(); ++q)
        for (std::size_t m = 0; m < methods.size(); ++m)
            medians[q][m] = quantile(std::move(times[q][m]), 0.5);
    return medians;
}

bool has_query(const Algorithm& algorithm, const Swept& mover, const Swept& obstacle) {
    const PairChoice choice = choose_pair(kind_of(mover), kind_of(obstacle));
    return choice.pair && find_query(*choice.pair, algorithm);
}

using GroupKey = std::tuple<std::size_t, std::size_t, std::size_t>; // method, stratum, kind

GroupKey key_of(const BenchQuery& query, std::size_t method, const BenchOptions& options) {
    const std::size_t stratum = index_in(query.stratum, kBenchStrata);
    const std::size_t kind = options.merge_kinds ? 0 : 1 + index_in(query.kind, kBenchKinds);
    return {method, stratum, kind};
}

} // namespace

void VerdictCounts::add(const Judgement& judgement, bool reported) {
    switch (judgement.verdict) {
    case Verdict::Agrees:
        ++agrees;
        by_design += judgement.by_design ? 1 : 0;
        break;
    case Verdict::Miss:
        ++(reported ? late : miss);
        break;
    case Verdict::FalseHit:
        ++false_hit;
        break;
    case Verdict::Early:
        ++early;
        break;
    case Verdict::NormalOff:
        ++normal_off;
        break;
    case Verdict::Failed:
    case Verdict::Undecided: // stopped at its step limit: the method did not decide
        ++failed;
        break;
    }
}

VerdictCounts& VerdictCounts::operator+=(const VerdictCounts& other) {
    agrees += other.agrees;
    by_design += other.by_design;
    miss += other.miss;
    late += other.late;
    false_hit += other.false_hit;
    early += other.early;
    normal_off += other.normal_off;
    failed += other.failed;
    no_query += other.no_query;
    return *this;
}

double BenchGroup::median_ns() const {
    return quantile(query_ns, 0.5);
}

double BenchGroup::p99_ns() const {
    return quantile(query_ns, 0.99);
}

BenchReport run_bench(std::span<const BenchQuery> queries,
                      std::span<const Algorithm* const> methods, const BenchOptions& options) {
    BenchReport report;
    report.queries = static_cast<int>(queries.size());
    std::map<GroupKey, BenchGroup> groups;
    std::vector<std::vector<bool>> answered(queries.size(), std::vector<bool>(methods.size()));
    for (std::size_t q = 0; q < queries.size(); ++q) {
        const BenchQuery& query = queries[q];
        const Judge judge(query.mover, query.obstacle, options.judge);
        if (auto why = reference_disagreement(query.label, judge.certified()))
            report.reference.push_back({query.id, query.line, std::move(*why)});
        for (std::size_t m = 0; m < methods.size(); ++m) {
            BenchGroup& group = groups[key_of(query, m, options)];
            answered[q][m] = has_query(*methods[m], query.mover, query.obstacle);
            if (!answered[q][m]) {
                ++group.counts.no_query;
                continue;
            }
            const MethodAnswer answer = answer_of(*methods[m], query.mover, query.obstacle);
            group.counts.add(judge.judge(*methods[m], answer), answer.hit.has_value());
        }
    }
    if (options.repetitions > 0) {
        const auto medians = median_times(queries, methods, answered, options.repetitions);
        for (std::size_t q = 0; q < queries.size(); ++q)
            for (std::size_t m = 0; m < methods.size(); ++m)
                if (answered[q][m])
                    groups[key_of(queries[q], m, options)].query_ns.push_back(medians[q][m]);
    }
    for (auto& [key, group] : groups) {
        const auto [m, stratum, kind] = key;
        group.method = std::string(methods[m]->name);
        group.stratum = std::string(kBenchStrata[stratum]);
        group.kind = kind == 0 ? "all" : std::string(kBenchKinds[kind - 1]);
        report.groups.push_back(std::move(group));
    }
    return report;
}

} // namespace ccd
