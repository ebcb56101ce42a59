#pragma once
// What a `ccdlab-cli toi` answer must satisfy, checked from the outside: the fuzz target of the
// toi front end and the hostile campaign both judge every answer here.
//
// For every algorithm: the answer is one JSON object, either {"error": "..."} (no longer than
// kLongestErrorLine bytes) or a hit/miss; no number in it (trace included) is NaN or infinite
// (the JSON writer prints those as null); a hit has t in [0, 1], a finite point and a unit
// normal. For the exact algorithm the time-of-impact contract of docs/accuracy.md as well, with
// the distances recomputed in long double: a hit that is not an overlap is at distance r within
// 1e-12 x scale at its t, with no deeper contact at an earlier sample; an overlap is at t = 0
// and touching there; a miss has no sample of the frame in deeper contact than that tolerance.
// The frame is sampled at 65 evenly spaced times; a point against a static segment is in
// "deeper contact" once its path has crossed the segment. Polygons of more than 64 vertices are
// not held to the contract (n^2 work per sample), only to the rest.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ccdfuzz {

// An error line quotes a bounded prefix of its input: anything longer is reported.
inline constexpr std::size_t kLongestErrorLine = 4096;

struct Violation {
    std::string kind;   // "nan", "t_range", "normal", "contract", "long_error", "not_json", ...
    std::string detail; // one line
};

// `line` is the query as given, `answer` the text the command printed for it; `exact` says
// whether the exact algorithm answered (the others promise no accuracy).
std::optional<Violation> check_toi_answer(std::string_view line, std::string_view answer,
                                          bool exact);

// The same contract with the tolerance relative to the query's own scale, however small (1e-12
// x the largest magnitude, with no floor at 1): stricter than docs/accuracy.md promises below
// magnitude 1, and what the exact power-of-two rescaling of extreme inputs should give. Only for
// an answer check_toi_answer passed. Kind "contract_relative".
std::optional<Violation> check_toi_answer_relative(std::string_view line, std::string_view answer);

} // namespace ccdfuzz
