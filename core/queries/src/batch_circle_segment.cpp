#include "ccd/batch_circle_segment.hpp"

#include "ccd/detail/cpu_clones.hpp"
#include "ccd/hit.hpp"
#include "ccd/toi_circle_segment.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

// Exactness first: the batch must give the scalar query's bits, so
// - no a * b + c may be contracted into an fma where the scalar code rounds the product: GCC
//   contracts in C++ even in ISO mode once the target has FMA, as the AVX2 clone below does
//   (the scalar query, built for baseline x86-64, never contracts). core/CMakeLists.txt passes
//   -ffp-contract=off for this file; the pragma keeps it so if the file is built elsewhere.
// - -fno-math-errno and -fno-trapping-math (also from core/CMakeLists.txt) change no result:
//   sqrt and division stay the correctly rounded IEEE operations. They only let GCC evaluate
//   both sides of a select (no errno call on sqrt's slow path, no "division could trap" that
//   keeps a quotient inside a branch), which is what if-conversion and the vectoriser need.
//   This is not -ffast-math: no reassociation, no reciprocal, NaN and infinity kept.
// On x86-64 Linux the kernel is cloned (cpu_clones.hpp): a baseline version (fma is a libm call
// there, so it stays scalar), an x86-64-v3 version (AVX2 + FMA: fma is one instruction, 4 doubles
// per vector) and an x86-64-v4 version (AVX-512: 8 doubles per vector, mask registers for the
// comparisons, 32 registers), picked once at load time. The benchmark's floor kernel has the
// same clones (tests/bench/floor_kernel.cpp). GCC does not inline a function built with other
// optimize options, so the kernel uses only the local helpers below and plain doubles (no Vec2).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

namespace ccd {
namespace {

constexpr std::int64_t feature_code(Feature f) {
    return static_cast<std::int64_t>(f);
}

// The scalar query's arithmetic (toi_circle_segment.cpp: dot_fma, cross_fma,
// distance_squared_minus; the error argument is there), term by term.
inline double dot_fma(double px, double py, double qx, double qy) {
    return std::fma(px, qx, py * qy);
}
inline double cross_fma(double px, double py, double qx, double qy) {
    return std::fma(px, qy, -(py * qx));
}
inline double distance_squared_minus(double mx, double my, double r2) {
    return std::fma(mx, mx, std::fma(my, my, -r2));
}
// detail::accurate_cross (exact_arithmetic.hpp), term by term.
inline double accurate_cross(double ux, double uy, double vx, double vy) {
    const double w = uy * vx;
    const double e = std::fma(-uy, vx, w);
    const double f = std::fma(ux, vy, -w);
    return f + e;
}

// The scalar query (untraced_time_of_impact in toi_circle_segment.cpp) with every
// `if (...) return` turned into a mask and every choice into a select. Each formula is written
// as there, operand for operand, so each lane rounds exactly as the scalar code does.
//
// A lane's work is one long dependency chain (the segment's length, the band's entry and which
// contact can be first, then the square root of the one cap that can be, then the division),
// and the processor overlaps only as many iterations as its reorder window holds; so the work
// is split into two loops over a block: `band_lanes` decides everything (overlap, band, the
// one cap that can be first, hit or miss: no square root but the segment's length, as in the
// scalar query) and prepares t as a quotient, `cap_lanes` takes the cap's square root and the
// one division. The scalar query decides both caps and solves the one it takes; the lanes
// select the cap's inputs first: the same operations on the same operands, so the same bits.
// Per lane: two square roots, one division.
//
// Every value in these loops is 64 bits wide: GCC picks the vectorisation factor from the
// narrowest type in the loop, and one byte-sized output made it 32 lanes (eight registers per
// double, spilled); so hit and feature are written as 64-bit integers and narrowed to bytes
// afterwards. With kFeatures false no feature is computed.
// Blocks of 32: a block's inputs and scratch stay in L1 (128 and 256 measured 0.3-0.5 ns slower
// per query at a million queries, 16 as slow as 128, 24 and 48 like 32, 64 about 0.2 ns slower).
constexpr std::size_t block = 32;

template <bool kFeatures>
struct Scratch {
    std::int64_t settled[block]; // 1: an overlap or a band entry (no cap to solve)
    std::int64_t hit[block];     // 1: a contact
    double numerator[block];     // t = numerator / (sqrt(disc) - b) (see band_lanes)
    double disc[block];          //
    double b[block];             //
    std::int64_t settled_feature[kFeatures ? block : 1];
    std::int64_t cap_feature[kFeatures ? block : 1];
    std::int64_t feature[kFeatures ? block : 1];
};

template <bool kFeatures>
[[gnu::always_inline]] inline void
band_lanes(std::size_t n, const double* __restrict cx, const double* __restrict cy,
           const double* __restrict r, const double* __restrict dx, const double* __restrict dy,
           const double* __restrict ax, const double* __restrict ay, const double* __restrict bx,
           const double* __restrict by, Scratch<kFeatures>& __restrict s) {
    for (std::size_t i = 0; i < n; ++i) {
        const double radius = r[i];
        const double ux = bx[i] - ax[i], uy = by[i] - ay[i];   // u = b - a
        const double wx = cx[i] - ax[i], wy = cy[i] - ay[i];   // w = c - a
        const double mbx = cx[i] - bx[i], mby = cy[i] - by[i]; // c - b
        const double length2 = dot_fma(ux, uy, ux, uy);
        const double length = std::sqrt(length2);
        const double r2 = radius * radius;
        const double start = accurate_cross(ux, uy, wx, wy); // signed distance to the line x |u|
        const double reach = radius * length;
        const double along0 = dot_fma(wx, wy, ux, uy);
        const double along0_b = dot_fma(mbx, mby, ux, uy); // from B (exact near B)
        const double c_a = distance_squared_minus(wx, wy, r2);
        const double c_b = distance_squared_minus(mbx, mby, r2);

        // overlap at t = 0
        const bool has_band = length2 > 0.0;
        const bool at_a = (along0 <= 0.0) | !has_band;
        const bool at_b = !at_a & (along0_b >= 0.0);
        const bool inside = std::fabs(start) <= reach;
        // (a bool-valued ?: here stops GCC 12's vectoriser; the masks below say the same)
        const bool overlap =
            (at_a & !(c_a > 0.0)) | (at_b & !(c_b > 0.0)) | (!at_a & !at_b & inside);

        // The band, compared multiplied through by the speed (see the scalar query).
        const double rate = cross_fma(ux, uy, dx[i], dy[i]);
        const double speed = std::fabs(rate);
        const double entry = -(reach + start * std::copysign(1.0, rate));
        const bool entered = has_band & !inside & (rate != 0.0) & (entry >= 0.0) & (entry <= speed);
        const double along = std::fma(dot_fma(dx[i], dy[i], ux, uy), entry, along0 * speed);
        const double end = length2 * speed;
        const bool before = (along < 0.0), past = (along > end);
        const bool band = entered & !before & !past;
        const bool first_a = (!has_band) | (inside & at_a) | (entered & before);
        const bool first_b = (inside & !at_a) | (entered & past);

        // The one cap that can be first: its inputs are selected, and it is decided here
        // without a square root, as in the scalar query (C + B <= 0 or (C + B)^2 <= disc).
        const double a = dot_fma(dx[i], dy[i], dx[i], dy[i]);
        const double mx = first_a ? wx : mbx, my = first_a ? wy : mby;
        const double c = first_a ? c_a : c_b;
        const double b = dot_fma(dx[i], dy[i], mx, my);
        const double k = cross_fma(dx[i], dy[i], mx, my);
        const double disc = std::fma(-k, k, r2 * a);
        const double sum = c + b;
        const bool cap = (!overlap) & (!band) & (first_a | first_b) & (a > 0.0) & (b < 0.0) &
                         !(disc < 0.0) & ((sum <= 0.0) | (sum * sum <= disc));
        s.settled[i] = static_cast<std::int64_t>(overlap | band);
        s.hit[i] = static_cast<std::int64_t>(overlap | band | cap);

        // t = numerator / (sqrt(disc) - b), the square root and the division in cap_lanes: for
        // a cap C / (sqrt(disc) - B); for the band entry / speed and for an overlap 0 / 1, with
        // disc = 0 and b = -speed or -1 (sqrt(0) - -x is x exactly). One quotient for every
        // lane: a select of the divisor made GCC divide twice.
        const bool settled = overlap | band;
        s.numerator[i] = overlap ? 0.0 : (band ? entry : c);
        s.disc[i] = settled ? 0.0 : disc;
        s.b[i] = overlap ? -1.0 : (band ? -speed : b);
        if constexpr (kFeatures) {
            const std::int64_t overlap_feature =
                at_a ? feature_code(Feature::EndpointA)
                     : (at_b ? feature_code(Feature::EndpointB)
                             : feature_code(Feature::SegmentInterior));
            s.settled_feature[i] =
                overlap ? overlap_feature : feature_code(Feature::SegmentInterior);
            s.cap_feature[i] =
                first_a ? feature_code(Feature::EndpointA) : feature_code(Feature::EndpointB);
        }
    }
}

// The cap's square root, the one division, the answers.
template <bool kFeatures>
[[gnu::always_inline]] inline void cap_lanes(std::size_t n, double* __restrict t_out,
                                             Scratch<kFeatures>& __restrict s) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
        const bool settled = s.settled[i] != 0, hit = s.hit[i] != 0;
        const double q = std::sqrt(s.disc[i] > 0.0 ? s.disc[i] : 0.0) - s.b[i];
        const double ratio = s.numerator[i] / q;
        const double t = settled ? ratio : (ratio > 1.0 ? 1.0 : (ratio > 0.0 ? ratio : 0.0));
        t_out[i] = hit ? t : inf;
        if constexpr (kFeatures)
            s.feature[i] = hit ? (settled ? s.settled_feature[i] : s.cap_feature[i]) : 0;
    }
}

// The two loops block by block, then hit and feature narrowed to bytes (a loop of its own,
// which vectorises too). Inlined into each clone below, which is where it is vectorised.
template <bool kFeatures>
[[gnu::always_inline]] inline void
kernel_loop(std::size_t n, const double* cx, const double* cy, const double* r, const double* dx,
            const double* dy, const double* ax, const double* ay, const double* bx,
            const double* by, double* t_out, std::uint8_t* hit_out, std::uint8_t* feature_out) {
    Scratch<kFeatures> s;
    // The first block ends where cx's cache line does. When the nine arrays are equally
    // misaligned (std::vector's large arrays from glibc's malloc all start 16 bytes past a page,
    // as in the benchmark), every vector load of the blocks after it then reads one whole line
    // instead of straddling two: 5.5 -> 5.1 ns per query at a million queries. (The feature
    // path's chunks of 1024 each start with such a short block.)
    const std::size_t misaligned = (reinterpret_cast<std::uintptr_t>(cx) & 63) / sizeof(double);
    std::size_t first = misaligned == 0 ? block : 8 - misaligned;
    for (std::size_t begin = 0; begin < n; begin += first, first = block) {
        const std::size_t count = n - begin < first ? n - begin : first;
        band_lanes<kFeatures>(count, cx + begin, cy + begin, r + begin, dx + begin, dy + begin,
                              ax + begin, ay + begin, bx + begin, by + begin, s);
        cap_lanes<kFeatures>(count, t_out + begin, s);
        for (std::size_t k = 0; k < count; ++k)
            hit_out[begin + k] = static_cast<std::uint8_t>(s.hit[k]);
        if constexpr (kFeatures) {
            for (std::size_t k = 0; k < count; ++k)
                feature_out[begin + k] = static_cast<std::uint8_t>(s.feature[k]);
        }
    }
}

// The loop, cloned (see above) with and without the features.
CCD_CLONES void kernel(std::size_t n, const double* cx, const double* cy, const double* r,
                       const double* dx, const double* dy, const double* ax, const double* ay,
                       const double* bx, const double* by, double* t_out, std::uint8_t* hit_out,
                       std::uint8_t* feature_out) {
    kernel_loop<true>(n, cx, cy, r, dx, dy, ax, ay, bx, by, t_out, hit_out, feature_out);
}
CCD_CLONES void kernel_no_features(std::size_t n, const double* cx, const double* cy,
                                   const double* r, const double* dx, const double* dy,
                                   const double* ax, const double* ay, const double* bx,
                                   const double* by, double* t_out, std::uint8_t* hit_out) {
    kernel_loop<false>(n, cx, cy, r, dx, dy, ax, ay, bx, by, t_out, hit_out, nullptr);
}

} // namespace
} // namespace ccd

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

namespace ccd {
namespace {

// The normal of a hit: the scalar query's own (it is not vectorised, and runs only when
// asked for).
Vec2 hit_normal(const Circle& mover, Vec2 d, const Segment& segment) {
    const std::optional<Hit> hit = time_of_impact(mover, d, segment);
    return hit ? hit->normal : Vec2{};
}

} // namespace

void time_of_impact_batch(const CircleSegmentBatch& q, const CircleSegmentBatchResult& out) {
    const std::size_t n = q.cx.size();
    const bool inputs_match = q.cy.size() == n && q.r.size() == n && q.dx.size() == n &&
                              q.dy.size() == n && q.ax.size() == n && q.ay.size() == n &&
                              q.bx.size() == n && q.by.size() == n;
    if (!inputs_match) throw std::invalid_argument("time_of_impact_batch: input lengths differ");
    if (out.t.size() != n || out.hit.size() != n)
        throw std::invalid_argument("time_of_impact_batch: t and hit must match the input");
    const bool normals = !out.normal_x.empty() || !out.normal_y.empty();
    if (normals && (out.normal_x.size() != n || out.normal_y.size() != n))
        throw std::invalid_argument("time_of_impact_batch: normal_x/normal_y must match the input");
    if (!out.feature.empty() && out.feature.size() != n)
        throw std::invalid_argument("time_of_impact_batch: feature must match the input");

    // Features are needed for the caller's array or for the normals. Without either, the kernel
    // skips them (all of the input at once); for normals alone they go to a small scratch
    // buffer, chunk by chunk, so no allocation is needed.
    if (out.feature.empty() && !normals) {
        kernel_no_features(n, q.cx.data(), q.cy.data(), q.r.data(), q.dx.data(), q.dy.data(),
                           q.ax.data(), q.ay.data(), q.bx.data(), q.by.data(), out.t.data(),
                           out.hit.data());
        return;
    }
    constexpr std::size_t chunk = 1024;
    std::uint8_t scratch[chunk];
    for (std::size_t begin = 0; begin < n; begin += chunk) {
        const std::size_t count = n - begin < chunk ? n - begin : chunk;
        std::uint8_t* const feature = out.feature.empty() ? scratch : out.feature.data() + begin;
        kernel(count, q.cx.data() + begin, q.cy.data() + begin, q.r.data() + begin,
               q.dx.data() + begin, q.dy.data() + begin, q.ax.data() + begin, q.ay.data() + begin,
               q.bx.data() + begin, q.by.data() + begin, out.t.data() + begin,
               out.hit.data() + begin, feature);
        if (!normals) continue;
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t i = begin + k;
            Vec2 normal{};
            if (out.hit[i] != 0) {
                normal = hit_normal(Circle{{q.cx[i], q.cy[i]}, q.r[i]}, {q.dx[i], q.dy[i]},
                                    Segment{{q.ax[i], q.ay[i]}, {q.bx[i], q.by[i]}});
            }
            out.normal_x[i] = normal.x;
            out.normal_y[i] = normal.y;
        }
    }
}

} // namespace ccd
