#pragma once
// Many circle-versus-static-segment time-of-impact queries at once, over structure-of-arrays
// input. Each query i gives bit for bit what the scalar query gives:
//   time_of_impact(Circle{{cx[i], cy[i]}, r[i]}, {dx[i], dy[i]}, Segment{{ax[i], ay[i]}, {bx[i],
//   by[i]}})
// (same formulas, same fma error terms, same order of operations, same ties), but the loop has
// no branches and no calls, so the compiler vectorises it (on x86-64 a clone built for AVX2 +
// FMA is picked at load time when the CPU has them; docs/performance.md has the figures).

#include <cstddef>
#include <cstdint>
#include <span>

namespace ccd {

// One array per coordinate; all nine have the same length (the number of queries).
struct CircleSegmentBatch {
    std::span<const double> cx, cy; // circle centers at t = 0
    std::span<const double> r;      // radii, >= 0
    std::span<const double> dx, dy; // displacements over the frame
    std::span<const double> ax, ay; // segment endpoint A
    std::span<const double> bx, by; // segment endpoint B
};

// Where the answers go. `t` and `hit` are required and as long as the input; the others are
// optional (leave them empty to skip them) and, when given, as long as the input too.
struct CircleSegmentBatchResult {
    std::span<double> t;             // Hit::t on a hit; +infinity on a miss
    std::span<std::uint8_t> hit;     // 1 on a hit, 0 on a miss
    std::span<double> normal_x = {}; // Hit::normal on a hit; 0 on a miss (optional)
    std::span<double> normal_y = {}; //   (both or neither)
    std::span<std::uint8_t> feature =
        {}; // static_cast<uint8_t>(Hit::feature); 0 on a miss (optional)
};

// Runs every query. Throws std::invalid_argument when the lengths do not match (or only one
// of normal_x / normal_y is given). Outputs may not alias inputs.
void time_of_impact_batch(const CircleSegmentBatch& queries, const CircleSegmentBatchResult& out);

} // namespace ccd
