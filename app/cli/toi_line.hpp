#pragma once
// One line of `ccdlab-cli toi` (docs/cli.md): the query read from the line, answered, and the
// answer (or the line's error) as the text the command prints for it.

#include "ccd/algorithms.hpp"
#include "ccd/judge.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace ccdlab::cli {

// The answer to `line` (line number `number`, counted from 1) without its newline, and whether
// it is an error line. A blank line (spaces, tabs, carriage returns only) has no answer: `text`
// is empty and the command prints nothing for it.
struct LineAnswer {
    std::string text;
    bool error = false;
};

// With `judge`, the answer carries the judge's verdict on it (toi_judgement.hpp). With `dt`,
// the line's rates are per second, made per frame by it first (toi_units.hpp).
LineAnswer answer_line(std::string_view line, long number, const ccd::Algorithm& algorithm,
                       bool with_trace,
                       const std::optional<ccd::JudgeOptions>& judge = std::nullopt,
                       std::optional<double> dt = std::nullopt);

} // namespace ccdlab::cli
