#pragma once
// The "arithmetic floor" for the batch benchmark: per query, the same nine input loads and the
// same two outputs as ccd::time_of_impact_batch, but only one square root and one division.
// Built with the batch's flags and clones (tests/bench/CMakeLists.txt), so the ratio measures
// the work of the real kernel, not a difference in vector width or memory traffic.

#include <cstddef>
#include <cstdint>

namespace bench {

void floor_kernel(std::size_t n, const double* cx, const double* cy, const double* r,
                  const double* dx, const double* dy, const double* ax, const double* ay,
                  const double* bx, const double* by, double* t, std::uint8_t* hit);

} // namespace bench
