#pragma once
// `ccdlab-cli toi --judge`: a query's answer with the judge's verdict on it (ccd/judge.hpp).

#include "ccd/algorithms.hpp"
#include "ccd/judge.hpp"

#include <nlohmann/json.hpp>

namespace ccdlab::cli {

// `query` answered by `algorithm` as answer_query answers it, with "judge": {"verdict":..,
// "by_design":..,"text":..,"tolerance":..} (the tolerance in the query's units). Throws
// QueryError as answer_query does.
nlohmann::json judged_answer(const nlohmann::json& query, const ccd::Algorithm& algorithm,
                             bool with_trace, const ccd::JudgeOptions& options);

} // namespace ccdlab::cli
