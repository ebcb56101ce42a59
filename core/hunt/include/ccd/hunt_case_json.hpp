#pragma once
// A hunt's case as one line of `ccdlab-cli toi` (docs/cli.md): {"kind":PAIR, FIELD:VALUE, ...}
// under the names the pair registry gives the pair's parameters, every number printed so that it
// reads back as the same double. A Hit as the `toi` command prints one.

#include "ccd/hit.hpp"
#include "ccd/hunt_case.hpp"

#include <optional>
#include <string>

namespace ccd {

// The query line of `query` (no newline).
std::string query_line(const HuntCase& query);

// `hit` as the `toi` command writes an answer: {"hit":false} or {"hit":true,"t":..,"point":..,
// "normal":..,"feature":..,"overlap":..,"approaching":..} (no newline).
std::string hit_json(const std::optional<Hit>& hit);

} // namespace ccd
