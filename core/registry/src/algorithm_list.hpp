#pragma once
// The list behind ccd::algorithms(): the core's algorithms, then those a library outside the
// core registered (ccd::register_algorithm in pair_registry.hpp, the one caller).

#include "ccd/algorithms.hpp"

namespace ccd::detail {

// Appends `algorithm`; false (and nothing changes) when one of its name is listed already.
bool append_algorithm(const Algorithm& algorithm);

} // namespace ccd::detail
