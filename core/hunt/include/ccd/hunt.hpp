#pragma once
// The hunt (docs/hunt.md): a case's variations (hunt_variations.hpp), each answered by a method
// (where a crash cannot end the hunt: isolated_calls.hpp) and judged by the one judge
// (ccd/judge.hpp) against the certified answer; every variant on which the method goes wrong a
// finding, grouped by its class (the verdict, `metamorphic` or `crash`) and the feature the
// certified contact touched. Deterministic for a given seed and budget in variants.

#include "ccd/algorithms.hpp"
#include "ccd/hunt_case.hpp"
#include "ccd/hunt_transform.hpp"
#include "ccd/isolated_calls.hpp"
#include "ccd/judge.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ccd {

// What made a finding.
enum class FindingKind {
    Verdict,     // the judge's verdict on the variant is not `agrees`
    Metamorphic, // the verdict changed under an invariance of the certified t
    Crash,       // the method's call ended the process it ran in
};

struct Finding {
    FindingKind kind = FindingKind::Verdict;
    Verdict verdict = Verdict::Agrees; // the judge's on `query` (not for a crash)
    // The certified contact's feature ("polygon_edge", ...; "no_contact" for none): which part
    // of the obstacle the first contact touches, as the certified answer names it.
    std::string feature;
    HuntCase query;             // the input that goes wrong (for a metamorphic one, its image)
    std::string transformation; // how it was made from the start case
    MethodAnswer answer;        // the method's (none for a crash)
    std::optional<Hit> certified;
    std::string judgement; // the judge's line, or how the crash ended
    // A metamorphic finding: the case it was made from, the invariance, and the verdict there.
    std::optional<HuntCase> base;
    std::optional<Invariance> invariance;
    Verdict base_verdict = Verdict::Agrees;
};

// "miss", "false_hit", "early", "normal_off", "failed" (the verdict), "metamorphic" or "crash".
std::string finding_class(const Finding& finding);

struct HuntProgress {
    long variants = 0; // judged so far
    long findings = 0;
};

struct HuntOptions {
    long budget = 1000;            // variants to judge
    std::optional<double> seconds; // when set, a time budget instead (not deterministic)
    std::uint64_t seed = 1;
    bool isolate = true; // a child process per batch (can_isolate_calls())
    CallWorker worker;   // that child's program; empty: a fork() (ccd/isolated_calls.hpp)
    int batch = 128;     // variants per child process
    JudgeOptions judge;
    // Called after each batch; false stops the hunt (the app's Stop). Null: none.
    std::function<bool(const HuntProgress&)> progress;
};

struct HuntReport {
    long variants = 0; // judged
    // Variants per class ("agrees", the verdicts, "crash"; "refused": the method cannot take
    // them, not judged) and the metamorphic checks that failed ("metamorphic").
    std::map<std::string, long> counts;
    std::vector<Finding> findings; // in the order found
    bool stopped = false;          // by the progress callback
};

// Hunts around `start` with `algorithm`.
HuntReport hunt(const HuntCase& start, const Algorithm& algorithm, const HuntOptions& options);

// The finding judged again on `query` (a simpler form of its input): the same finding with the
// new input, answers and judgement when it still goes wrong the same way (same class; a
// metamorphic one re-made by its invariance), else nothing.
std::optional<Finding> rejudged(const Finding& finding, const HuntCase& query,
                                const Algorithm& algorithm, const HuntOptions& options);

// Findings grouped: (class, feature) to the indices of `findings` in it, in order.
std::map<std::pair<std::string, std::string>, std::vector<std::size_t>>
group_findings(const std::vector<Finding>& findings);

} // namespace ccd
