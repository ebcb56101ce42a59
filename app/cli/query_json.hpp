#pragma once
// One time-of-impact query as JSON in, one answer as JSON out (the `ccdlab-cli toi` format,
// docs/cli.md).

#include "ccd/algorithms.hpp"
#include "ccd/shapes.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace ccdlab::cli {

// A query that cannot be run: what() says which field and why, in one line.
class QueryError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One line per kind of query, from the pair registry: {"kind":"NAME","field":..,...}.
std::string query_kinds_help();
// The kinds `algorithm` answers, "a, b and c" (from the pair registry).
std::string pairs_answered_by(const ccd::Algorithm& algorithm);

// The two sides of `query` (an object with "kind" and its fields), checked as `algorithm` takes
// them: it has a query for their pair and can take them. Throws QueryError.
struct Query {
    ccd::Swept mover;
    ccd::Swept obstacle;
};
Query read_query(const nlohmann::json& query, const ccd::Algorithm& algorithm);

// Runs `query` (an object with "kind" and its fields) with `algorithm`; with `with_trace`, the
// answer carries the trace too. Throws QueryError.
nlohmann::json answer_query(const nlohmann::json& query, const ccd::Algorithm& algorithm,
                            bool with_trace);

} // namespace ccdlab::cli
