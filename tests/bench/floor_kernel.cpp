#include "floor_kernel.hpp"

#include <cmath>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define CCD_BENCH_CLONES                                                                           \
    __attribute__((target_clones("default", "arch=x86-64-v3", "arch=x86-64-v4")))
#else
#define CCD_BENCH_CLONES
#endif

namespace bench {

CCD_BENCH_CLONES void floor_kernel(std::size_t n, const double* __restrict cx,
                                   const double* __restrict cy, const double* __restrict r,
                                   const double* __restrict dx, const double* __restrict dy,
                                   const double* __restrict ax, const double* __restrict ay,
                                   const double* __restrict bx, const double* __restrict by,
                                   double* __restrict t, std::uint8_t* __restrict hit) {
    for (std::size_t i = 0; i < n; ++i) {
        // A signed distance to the segment's line over the speed: one sqrt, one division.
        const double ux = bx[i] - ax[i], uy = by[i] - ay[i];
        const double num = (cx[i] - ax[i]) * uy - (cy[i] - ay[i]) * ux - r[i];
        const double den = std::sqrt(dx[i] * dx[i] + dy[i] * dy[i] + ux * ux + uy * uy);
        const double v = num / den;
        t[i] = v;
        hit[i] = static_cast<std::uint8_t>(v <= 1.0);
    }
}

} // namespace bench
