#pragma once
// A hunt's case (ccd/hunt_case.hpp) and the query lab's pair, both ways: the lab's pair as the
// case a method is hunted from, and a case found by the hunt as the lab's two sides, when the
// lab can show it. The lab keeps the kinds of its two sides (query_lab.hpp): a case of other
// kinds (its sides swapped, a polygon that turns about a point other than its centroid) has no
// lab form, and says why.

#include "query_lab.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/hunt_case.hpp"

#include <optional>
#include <string>
#include <variant>

namespace ccdlab {

// The lab's pair as a case of a pair `algorithm` answers (ccd::fit_case), or nothing when it
// answers none that takes the two sides, or the case is no valid query (ccd::invalid_case).
std::optional<ccd::HuntCase> hunt_case_of(const QueryLab& lab, const ccd::Algorithm& algorithm);

// `found` as the lab's two sides, of the kinds `like`'s sides have (their names and the judge's
// tolerance kept; a polygon's outline at the orientation 0), or why the lab cannot show it.
std::variant<LabState, std::string> lab_form(const ccd::HuntCase& found, const LabState& like);

} // namespace ccdlab
