#pragma once
// A hunt's finding as one line of JSON (DIR/findings.jsonl, DIR/shrunk.jsonl; docs/hunt.md,
// "Output"): its class, verdict and feature, the query as the line `ccdlab-cli toi` reads
// ("query": {"kind":..}), the method's answer and the certified one as `toi` prints answers, the
// judge's line and the transformation that made it; a metamorphic finding adds the case it was
// made from and the invariance.

#include "ccd/algorithms.hpp"
#include "ccd/hunt.hpp"

#include <optional>
#include <string>

namespace ccd {

// With `shrink_steps`, the line of a shrunk finding says how many simplifications it took.
std::string finding_json(const Finding& finding, const Algorithm& algorithm,
                         std::optional<int> shrink_steps = std::nullopt);

} // namespace ccd
