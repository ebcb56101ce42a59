#pragma once
// Every method run on the benchmark's queries (docs/benchmark.md): each answer judged by the
// one judge (ccd/judge.hpp) and tallied by its verdict, per method, stratum and pair kind; each
// method's call timed alone on a steady clock; and the certified answer checked against the
// query's label, which an independent reference gave it (a disagreement there is a reference
// disagreement, and there must be none).

#include "ccd/algorithms.hpp"
#include "ccd/bench_dataset.hpp"
#include "ccd/hit.hpp"
#include "ccd/judge.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ccd {

// How many answers of a group had each verdict of the judge. `miss` is the judge's Miss with
// no contact reported, `late` its Miss with a contact reported past the first one (the two
// together are the judge's Miss); `no_query`: the method has no query for the pair (not run).
struct VerdictCounts {
    int agrees = 0;
    int by_design = 0; // of `agrees`, those within the method's documented slack only
    int miss = 0;
    int late = 0;
    int false_hit = 0;
    int early = 0;
    int normal_off = 0;
    int failed = 0;
    int no_query = 0;

    int total() const {
        return agrees + miss + late + false_hit + early + normal_off + failed + no_query;
    }
    // Adds one judgement of an answer (`reported`: it reported a contact).
    void add(const Judgement& judgement, bool reported);
    VerdictCounts& operator+=(const VerdictCounts& other);
};

// One method on the queries of one stratum and pair kind (kind "all": every kind).
struct BenchGroup {
    std::string method;
    std::string stratum;
    std::string kind;
    VerdictCounts counts;
    // Each answered query's time (the median of its repetitions, the rounds of which call
    // every method on every query in turn), in nanoseconds.
    std::vector<double> query_ns;
    double median_ns() const;
    double p99_ns() const;
};

// A query whose certified answer contradicts its label.
struct ReferenceDisagreement {
    std::string id;
    int line = 0;
    std::string why;
};

struct BenchOptions {
    int repetitions = 5; // timed calls of each method on each query (0: not timed)
    JudgeOptions judge;
    bool merge_kinds = false; // one group per method and stratum, kind "all"
};

struct BenchReport {
    std::vector<BenchGroup> groups; // by method (in the order given), stratum, kind
    std::vector<ReferenceDisagreement> reference;
    int queries = 0;
};

// Runs every one of `methods` on every query: judged, tallied, timed; and checks the certified
// answer against each query's label.
BenchReport run_bench(std::span<const BenchQuery> queries,
                      std::span<const Algorithm* const> methods, const BenchOptions& options = {});

// Why the certified answer `certified` contradicts `label` (a hit outside [t_lo, t_hi], a miss
// where the label is a hit, a hit where it is a miss), or nothing when it keeps to it.
std::optional<std::string> reference_disagreement(const BenchLabel& label,
                                                  const std::optional<Hit>& certified);

} // namespace ccd
