// A hunt's finding as one line of JSON (ccd/finding_json.hpp).
#include "ccd/finding_json.hpp"

#include "ccd/hunt_case_json.hpp"

#include <nlohmann/json.hpp>

namespace ccd {
namespace {

using Json = nlohmann::ordered_json;

Json answer_json(const Finding& finding) {
    if (finding.kind == FindingKind::Crash) return Json{{"crash", finding.judgement}};
    if (finding.answer.failure) return Json{{"failure", *finding.answer.failure}};
    return Json::parse(hit_json(finding.answer.hit));
}

} // namespace

std::string finding_json(const Finding& finding, const Algorithm& algorithm,
                         std::optional<int> shrink_steps) {
    Json out = Json::object();
    out["class"] = finding_class(finding);
    if (finding.kind != FindingKind::Crash)
        out["verdict"] = std::string(to_string(finding.verdict));
    out["feature"] = finding.feature;
    out["algorithm"] = std::string(algorithm.name);
    out["query"] = Json::parse(query_line(finding.query));
    out["answer"] = answer_json(finding);
    out["certified"] = Json::parse(hit_json(finding.certified));
    out["judgement"] = finding.judgement;
    out["transformation"] = finding.transformation;
    if (finding.kind == FindingKind::Metamorphic) {
        out["base"] = Json::parse(query_line(*finding.base));
        out["base_verdict"] = std::string(to_string(finding.base_verdict));
        out["invariance"] = finding.invariance->text;
    }
    if (shrink_steps) out["shrink_steps"] = *shrink_steps;
    return out.dump();
}

} // namespace ccd
