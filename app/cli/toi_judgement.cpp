#include "toi_judgement.hpp"

#include "query_json.hpp"

#include "ccd/answer_json.hpp"

#include <string>

namespace ccdlab::cli {

nlohmann::json judged_answer(const nlohmann::json& query, const ccd::Algorithm& algorithm,
                             bool with_trace, const ccd::JudgeOptions& options) {
    const Query sides = read_query(query, algorithm);
    ccd::Trace trace;
    const ccd::MethodAnswer answer = ccd::answer_of(algorithm, sides.mover, sides.obstacle, &trace);
    const ccd::Judge judge(sides.mover, sides.obstacle, options);
    const ccd::Judgement judgement = judge.judge(algorithm, answer);
    nlohmann::json out = ccd::hit_to_json(answer.hit);
    if (with_trace) out["trace"] = ccd::trace_to_json(trace);
    out["judge"] = {{"verdict", std::string(ccd::to_string(judgement.verdict))},
                    {"by_design", judgement.by_design},
                    {"text", judgement.text},
                    {"tolerance", judge.tolerance()}};
    return out;
}

} // namespace ccdlab::cli
