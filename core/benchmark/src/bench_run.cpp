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

// The median time of `repetitions` calls of `algorithm`'s query alone, in nanoseconds.
double time_call(const Algorithm& algorithm, const Swept& mover, const Swept& obstacle,
                 int repetitions) {
    std::vector<double> ns;
    ns.reserve(static_cast<std::size_t>(repetitions));
    volatile double sink = 0.0;
    for (int k = 0; k < repetitions; ++k) {
        const auto start = std::chrono::steady_clock::now();
        const std::optional<Hit> hit = time_of_impact(algorithm, mover, obstacle);
        const auto stop = std::chrono::steady_clock::now();
        sink = sink + (hit ? hit->t : 2.0);
        ns.push_back(std::chrono::duration<double, std::nano>(stop - start).count());
    }
    return quantile(std::move(ns), 0.5);
}

bool has_query(const Algorithm& algorithm, const Swept& mover, const Swept& obstacle) {
    const PairChoice choice = choose_pair(kind_of(mover), kind_of(obstacle));
    return choice.pair && find_query(*choice.pair, algorithm);
}

using GroupKey = std::tuple<std::size_t, std::size_t, std::size_t>; // method, stratum, kind

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
    for (const BenchQuery& query : queries) {
        const Judge judge(query.mover, query.obstacle, options.judge);
        if (auto why = reference_disagreement(query.label, judge.certified()))
            report.reference.push_back({query.id, query.line, std::move(*why)});
        const std::size_t stratum = index_in(query.stratum, kBenchStrata);
        const std::size_t kind = options.merge_kinds ? 0 : 1 + index_in(query.kind, kBenchKinds);
        for (std::size_t m = 0; m < methods.size(); ++m) {
            const Algorithm& method = *methods[m];
            BenchGroup& group = groups[{m, stratum, kind}];
            if (!has_query(method, query.mover, query.obstacle)) {
                ++group.counts.no_query;
                continue;
            }
            const MethodAnswer answer = answer_of(method, query.mover, query.obstacle);
            group.counts.add(judge.judge(method, answer), answer.hit.has_value());
            if (options.repetitions > 0)
                group.query_ns.push_back(
                    time_call(method, query.mover, query.obstacle, options.repetitions));
        }
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
