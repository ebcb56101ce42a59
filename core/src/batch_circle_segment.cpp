#include "ccd/batch_circle_segment.hpp"

#include "ccd/hit.hpp"
#include "exact_arithmetic.hpp"
#include "segment_overlap.hpp"

#include <cmath>
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
// On x86-64 Linux the kernel is cloned: a baseline version (fma is a libm call there, so it
// stays scalar) and an x86-64-v3 version (AVX2 + FMA: fma is one instruction, 4 doubles per
// vector), picked once at load time. GCC does not inline a function built with other optimize
// options, so the kernel uses only the local helpers below and plain doubles (no Vec2).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define CCD_BATCH_CLONES __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define CCD_BATCH_CLONES
#endif

namespace ccd {
namespace {

constexpr std::int64_t feature_code(Feature f) {
    return static_cast<std::int64_t>(f);
}

// detail::accurate_cross (exact_arithmetic.hpp), term by term.
inline double cross_fma(double ux, double uy, double vx, double vy) {
    const double w = uy * vx;
    const double e = std::fma(-uy, vx, w);
    const double f = std::fma(ux, vy, -w);
    return f + e;
}

// detail::accurate_distance_squared_minus (exact_arithmetic.hpp), term by term.
inline double distance_squared_minus(double vx, double vy, double r) {
    const double px = vx * vx, ex = std::fma(vx, vx, -px);
    const double py = vy * vy, ey = std::fma(vy, vy, -py);
    const double pr = r * r, er = std::fma(r, r, -pr);
    const double s = px + py;
    const double bp = s - px;
    const double es = (px - (s - bp)) + (py - bp);
    return (s - pr) + (es + ex + ey - er);
}

// The scalar query (toi_circle_segment.cpp, segment_overlap.hpp, first_touch.hpp) with every
// `if (...) return` turned into a mask and every choice into a select. Each formula is written
// as there, operand for operand, so each lane rounds exactly as the scalar code does.
//
// A lane's work is one long dependency chain (a square root and a division for the band, then
// a square root and a division for the cap it names), and the processor overlaps only as many
// iterations as its reorder window holds; so the work is split into two loops over a block,
// each with half the chain: `band_lanes` settles overlaps and band entries and prepares the
// one cap that can be first, `cap_lanes` solves that cap and writes the answers.
//
// Every value in these loops is 64 bits wide: GCC picks the vectorisation factor from the
// narrowest type in the loop, and one byte-sized output made it 32 lanes (eight registers per
// double, spilled); so hit and feature are written as 64-bit integers and narrowed to bytes
// afterwards. With kFeatures false no feature is computed.
constexpr std::size_t block = 128; // a block's inputs and scratch stay in L1

template <bool kFeatures>
struct Scratch {
    std::int64_t settled[block];  // 1: an overlap or a band entry (the answer is known)
    double settled_t[block];      //   its t (0 for an overlap)
    std::int64_t want_cap[block]; // 1: not settled, and the cap below can be first
    double cap_mx[block];         //   the offset of the center from that cap's endpoint,
    double cap_my[block];         //
    double cap_c[block];          //   |m|^2 - r^2,
    double reach_cap[block];      //   and r |d|
    std::int64_t hit[block];      // the answers, before narrowing
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
        const double length2 = ux * ux + uy * uy;
        const double length = std::sqrt(length2);
        const double start = cross_fma(ux, uy, wx, wy); // signed distance to the line x |u|
        const double reach = radius * length;
        const double c_a = distance_squared_minus(wx, wy, radius);
        const double c_b = distance_squared_minus(mbx, mby, radius);

        // overlap_at_start
        const double along0 = wx * ux + wy * uy;
        const bool at_a = (along0 <= 0.0) | !(length2 > 0.0);
        const bool at_b = !at_a & (along0 >= length2);
        const bool inside = !(std::fabs(start) > reach);
        // (a bool-valued ?: here stops GCC 12's vectoriser; the masks below say the same)
        const bool overlap =
            (at_a & !(c_a > 0.0)) | (at_b & !(c_b > 0.0)) | (!at_a & !at_b & inside);

        // band_entry: which contact can be first (see toi_circle_segment.cpp). Of the two roots
        // (reach - start) / rate and (-reach - start) / rate the entry is the smaller, the one
        // with -reach when rate > 0 (rounding is monotonic): one division.
        const double rate = cross_fma(ux, uy, dx[i], dy[i]);
        const double t_band = ((rate > 0.0 ? -reach : reach) - start) / rate;
        const double along = (wx + dx[i] * t_band) * ux + (wy + dy[i] * t_band) * uy;
        const bool has_band = length2 > 0.0;
        const bool entered = has_band & !inside & (rate != 0.0) & !(t_band < 0.0) & !(t_band > 1.0);
        const bool band = entered & !(along < 0.0) & !(along > length2);
        const bool first_a =
            (!has_band) | (has_band & inside & (along0 <= 0.0)) | (entered & (along < 0.0));
        const bool first_b = (has_band & inside & !(along0 <= 0.0)) | (entered & (along > length2));

        // The one cap that can be first: its inputs are selected, so each lane takes one
        // square root and one division for its cap, not two of each. (first_touch_of_disk
        // answers nothing without relative motion: dd > 0 is checked here.)
        const double dd = dx[i] * dx[i] + dy[i] * dy[i];
        const bool settled = overlap | band;
        s.settled[i] = static_cast<std::int64_t>(settled);
        s.settled_t[i] = overlap ? 0.0 : t_band;
        s.want_cap[i] = static_cast<std::int64_t>((!settled) & (first_a | first_b) & (dd > 0.0));
        s.cap_mx[i] = first_a ? wx : mbx;
        s.cap_my[i] = first_a ? wy : mby;
        s.cap_c[i] = first_a ? c_a : c_b;
        s.reach_cap[i] = radius * std::sqrt(dd);
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

// The entry of first_touch_of_disk (first_touch.hpp) for the prepared cap, and the answers.
template <bool kFeatures>
[[gnu::always_inline]] inline void cap_lanes(std::size_t n, const double* __restrict dx,
                                             const double* __restrict dy, double* __restrict t_out,
                                             Scratch<kFeatures>& __restrict s) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
        const double mx = s.cap_mx[i], my = s.cap_my[i], c = s.cap_c[i], reach = s.reach_cap[i];
        const double b = dx[i] * mx + dy[i] * my;
        const double miss = std::fabs(cross_fma(dx[i], dy[i], mx, my));
        const double disc = (reach - miss) * (reach + miss);
        const double root = c / (std::sqrt(disc) - b);
        const bool touching = c <= 0.0;
        const bool cap =
            (s.want_cap[i] != 0) & !(b >= 0.0) & !(disc < 0.0) & (touching | !(root > 1.0));
        const bool settled = s.settled[i] != 0;
        t_out[i] = settled ? s.settled_t[i] : (cap ? (touching ? 0.0 : root) : inf);
        s.hit[i] = static_cast<std::int64_t>(settled | cap);
        if constexpr (kFeatures)
            s.feature[i] = settled ? s.settled_feature[i] : (cap ? s.cap_feature[i] : 0);
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
    for (std::size_t begin = 0; begin < n; begin += block) {
        const std::size_t count = n - begin < block ? n - begin : block;
        band_lanes<kFeatures>(count, cx + begin, cy + begin, r + begin, dx + begin, dy + begin,
                              ax + begin, ay + begin, bx + begin, by + begin, s);
        cap_lanes<kFeatures>(count, dx + begin, dy + begin, t_out + begin, s);
        for (std::size_t k = 0; k < count; ++k)
            hit_out[begin + k] = static_cast<std::uint8_t>(s.hit[k]);
        if constexpr (kFeatures) {
            for (std::size_t k = 0; k < count; ++k)
                feature_out[begin + k] = static_cast<std::uint8_t>(s.feature[k]);
        }
    }
}

// The loop, cloned (see above) with and without the features.
CCD_BATCH_CLONES void kernel(std::size_t n, const double* cx, const double* cy, const double* r,
                             const double* dx, const double* dy, const double* ax, const double* ay,
                             const double* bx, const double* by, double* t_out,
                             std::uint8_t* hit_out, std::uint8_t* feature_out) {
    kernel_loop<true>(n, cx, cy, r, dx, dy, ax, ay, bx, by, t_out, hit_out, feature_out);
}
CCD_BATCH_CLONES void kernel_no_features(std::size_t n, const double* cx, const double* cy,
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

// The normal of a hit, with the scalar query's formulas (overlap_at_start, band_hit, cap_hit).
// Not vectorised: normalized_or uses std::hypot, a libm call; it runs only when asked for.
Vec2 hit_normal(const Circle& mover, Vec2 d, const Segment& segment, double t, Feature f) {
    if (t == 0.0) {
        if (const auto overlap = detail::overlap_at_start(mover, segment, d))
            return overlap->normal;
    }
    if (f == Feature::SegmentInterior) {
        const Vec2 u = segment.b - segment.a;
        const double length = std::sqrt(dot(u, u));
        const double start = detail::accurate_cross(u, mover.center - segment.a);
        const double side = start > 0.0 ? 1.0 : -1.0;
        return perp(u) * (side / length);
    }
    const Vec2 endpoint = f == Feature::EndpointA ? segment.a : segment.b;
    const Vec2 center = mover.center + d * t;
    return normalized_or(center - endpoint, normalized_or(-d, Vec2{0.0, 1.0}));
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
                                    Segment{{q.ax[i], q.ay[i]}, {q.bx[i], q.by[i]}}, out.t[i],
                                    static_cast<Feature>(feature[k]));
            }
            out.normal_x[i] = normal.x;
            out.normal_y[i] = normal.y;
        }
    }
}

} // namespace ccd
