// The hunt: variants answered, judged and kept when the method goes wrong (ccd/hunt.hpp).
#include "ccd/hunt.hpp"

#include "ccd/hunt_variations.hpp"
#include "ccd/isolated_calls.hpp"

#include <chrono>
#include <utility>

namespace ccd {
namespace {

struct Judged {
    CallOutcome outcome;
    std::optional<Hit> certified;
    Judgement judgement;
};

Judged judged(const HuntCase& query, CallOutcome outcome, const Algorithm& algorithm,
              const JudgeOptions& options) {
    const Judge judge(query.mover, query.obstacle, options);
    Judged out{std::move(outcome), judge.certified(), {}};
    if (!out.outcome.crashed && !out.outcome.refused)
        out.judgement = judge.judge(algorithm, out.outcome.answer);
    return out;
}

// Judged: neither crashed nor refused.
bool judgeable(const Judged& j) {
    return !j.outcome.crashed && !j.outcome.refused;
}

std::string feature_of(const std::optional<Hit>& certified) {
    if (!certified || certified->undecided) return "no_contact";
    return std::string(to_string(certified->feature));
}

Finding finding_of(const Variant& variant, const Judged& j) {
    Finding f;
    f.kind = j.outcome.crashed ? FindingKind::Crash : FindingKind::Verdict;
    f.verdict = j.judgement.verdict;
    f.feature = feature_of(j.certified);
    f.query = variant.query;
    f.transformation = variant.transformation;
    f.answer = j.outcome.answer;
    f.certified = j.certified;
    f.judgement = j.outcome.crashed ? j.outcome.crash : j.judgement.text;
    return f;
}

// The variants of one batch: as many as the budget leaves room for, a metamorphic pair kept
// whole (its image dropped when only its base fits in the last batch).
std::vector<Variant> next_batch(VariantSource& source, std::vector<Variant>& pending,
                                std::size_t room) {
    std::vector<Variant> batch;
    while (batch.size() < room) {
        std::vector<Variant> next = pending.empty() ? source.next() : std::move(pending);
        pending.clear();
        if (batch.size() + next.size() > room) {
            if (batch.empty())
                next.resize(1);
            else {
                pending = std::move(next);
                break;
            }
        }
        for (Variant& v : next)
            batch.push_back(std::move(v));
    }
    return batch;
}

// Judges a batch into `report`.
void judge_batch(const std::vector<Variant>& batch, const Algorithm& algorithm,
                 const HuntOptions& options, HuntReport& report) {
    std::vector<HuntCase> cases;
    for (const Variant& v : batch)
        cases.push_back(v.query);
    std::vector<CallOutcome> outcomes =
        call_method(algorithm, cases, options.isolate && can_isolate_calls(), options.worker);
    std::vector<Judged> verdicts;
    for (std::size_t k = 0; k < batch.size(); ++k) {
        verdicts.push_back(
            judged(batch[k].query, std::move(outcomes[k]), algorithm, options.judge));
        const Judged& j = verdicts.back();
        ++report.variants;
        if (j.outcome.refused) {
            ++report.counts["refused"];
            continue;
        }
        const bool wrong = j.outcome.crashed || j.judgement.verdict != Verdict::Agrees;
        Finding f = finding_of(batch[k], j);
        ++report.counts[wrong ? finding_class(f) : "agrees"];
        if (wrong) report.findings.push_back(f);
        if (!batch[k].invariance || k == 0) continue;
        const Judged& before = verdicts[k - 1];
        if (!judgeable(j) || !judgeable(before) || j.judgement.verdict == before.judgement.verdict)
            continue;
        f.kind = FindingKind::Metamorphic;
        f.base = batch[k - 1].query;
        f.invariance = batch[k].invariance;
        f.base_verdict = before.judgement.verdict;
        f.judgement = "the verdict changed under \"" + batch[k].invariance->text +
                      "\": " + std::string(to_string(before.judgement.verdict)) + " before, " +
                      j.judgement.text;
        ++report.counts["metamorphic"];
        report.findings.push_back(std::move(f));
    }
}

} // namespace

std::string finding_class(const Finding& finding) {
    switch (finding.kind) {
    case FindingKind::Metamorphic:
        return "metamorphic";
    case FindingKind::Crash:
        return "crash";
    case FindingKind::Verdict:
        break;
    }
    return std::string(to_string(finding.verdict));
}

HuntReport hunt(const HuntCase& start, const Algorithm& algorithm, const HuntOptions& options) {
    HuntReport report;
    VariantSource source(start, algorithm, options.seed);
    std::vector<Variant> pending;
    const auto began = std::chrono::steady_clock::now();
    const auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    const std::size_t batch_size = static_cast<std::size_t>(std::max(1, options.batch));
    for (;;) {
        std::size_t room = batch_size;
        if (options.seconds) {
            if (elapsed() >= *options.seconds) break;
        } else {
            if (report.variants >= options.budget) break;
            room = std::min(room, static_cast<std::size_t>(options.budget - report.variants));
        }
        judge_batch(next_batch(source, pending, room), algorithm, options, report);
        if (options.progress &&
            !options.progress({report.variants, static_cast<long>(report.findings.size())})) {
            report.stopped = true;
            break;
        }
    }
    return report;
}

std::optional<Finding> rejudged(const Finding& finding, const HuntCase& query,
                                const Algorithm& algorithm, const HuntOptions& options) {
    const bool isolate = options.isolate && can_isolate_calls();
    if (finding.kind == FindingKind::Metamorphic) {
        const auto image = apply(*finding.invariance, query, algorithm);
        if (!image || invalid_case(*image)) return std::nullopt;
        const HuntCase both[] = {query, *image};
        auto outcomes = call_method(algorithm, both, isolate, options.worker);
        const Judged before = judged(query, std::move(outcomes[0]), algorithm, options.judge);
        const Judged after = judged(*image, std::move(outcomes[1]), algorithm, options.judge);
        if (!judgeable(before) || !judgeable(after) ||
            before.judgement.verdict == after.judgement.verdict)
            return std::nullopt;
        Finding out = finding_of({*image, finding.transformation, finding.invariance}, after);
        out.kind = FindingKind::Metamorphic;
        out.base = query;
        out.invariance = finding.invariance;
        out.base_verdict = before.judgement.verdict;
        out.judgement = "the verdict changed under \"" + finding.invariance->text +
                        "\": " + std::string(to_string(before.judgement.verdict)) + " before, " +
                        after.judgement.text;
        return out;
    }
    const HuntCase one[] = {query};
    auto outcomes = call_method(algorithm, one, isolate, options.worker);
    const Judged j = judged(query, std::move(outcomes[0]), algorithm, options.judge);
    if (j.outcome.refused) return std::nullopt;
    Finding out = finding_of({query, finding.transformation, std::nullopt}, j);
    if (finding_class(out) != finding_class(finding)) return std::nullopt;
    return out;
}

std::map<std::pair<std::string, std::string>, std::vector<std::size_t>>
group_findings(const std::vector<Finding>& findings) {
    std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> groups;
    for (std::size_t k = 0; k < findings.size(); ++k)
        groups[{finding_class(findings[k]), findings[k].feature}].push_back(k);
    return groups;
}

} // namespace ccd
