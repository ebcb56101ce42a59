#include "toi_line.hpp"

#include "query_json.hpp"
#include "toi_judgement.hpp"
#include "toi_units.hpp"

#include "ccd/printable_excerpt.hpp"
#include "ccd/strict_json.hpp"

#include <nlohmann/json.hpp>

namespace ccdlab::cli {

LineAnswer answer_line(std::string_view line, long number, const ccd::Algorithm& algorithm,
                       bool with_trace, const std::optional<ccd::JudgeOptions>& judge,
                       std::optional<double> dt) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return {};
    const std::string place = "line " + std::to_string(number) + ": ";
    nlohmann::json answer;
    try {
        const nlohmann::json read = ccd::parse_strict_json(line);
        const nlohmann::json query = dt ? per_frame_query(read, *dt) : read;
        answer = judge ? judged_answer(query, algorithm, with_trace, *judge)
                       : answer_query(query, algorithm, with_trace);
    } catch (const ccd::JsonTextError& e) {
        const std::string column = "column " + std::to_string(e.offset() + 1);
        std::string what = e.what();
        if (e.kind() == ccd::JsonTextError::Kind::Syntax) {
            constexpr std::string_view malformed = "malformed JSON: ";
            if (what.starts_with(malformed)) what.erase(0, malformed.size());
            answer = {{"error", place + "not JSON: " + what + " (" + column + ")"}};
        } else {
            answer = {{"error", place + column + ": " + what}};
        }
    } catch (const QueryError& e) {
        answer = {{"error", place + e.what()}};
    } catch (const std::exception& e) { // out of memory, or a bug: said, and the rest run
        answer = {{"error", place + "cannot answer: " + ccd::printable_excerpt(e.what(), 200)}};
    }
    // Every text above is ASCII or came out of the JSON parser as UTF-8; should one not be, it
    // is printed with U+FFFD rather than aborting the run.
    return {answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
            answer.contains("error")};
}

} // namespace ccdlab::cli
