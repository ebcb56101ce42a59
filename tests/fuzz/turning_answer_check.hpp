#pragma once
// The exact answer to a turning `ccdlab-cli toi` line (the six certified kinds) judged against
// the long double reference of tests/support/first_contact_reference.hpp (each side recomputed
// from its motion's definition, the shapes' signed distance at a time), sampled: no sample
// before a reported contact (or in a frame reported missed) is in deeper contact than the
// tolerance, a reported contact is touching at its t, and an undecided answer (the step limit:
// Hit::undecided) has no deeper contact at any sample before its t. The tolerance is the
// judge's, 1e-10 x the query's certified scale (a hundred times the certified delta).
// Sampling can miss a contact between samples; it never condemns a right answer.

#include "toi_answer_check.hpp"

#include <optional>
#include <string_view>

namespace ccdfuzz {

// `line` as given, `answer` the exact algorithm's answer to it. Kinds "turning_contract" and
// "undecided_contract"; nothing for an error line or a kind that does not turn.
std::optional<Violation> check_turning_answer(std::string_view line, std::string_view answer,
                                              int samples = 257);

} // namespace ccdfuzz
