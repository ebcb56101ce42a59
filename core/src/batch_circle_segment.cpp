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

constexpr std::uint8_t feature_code(Feature f) {
    return static_cast<std::uint8_t>(f);
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

// The entry of first_touch_of_disk (first_touch.hpp) for offset m = center - endpoint, with
// c = |m|^2 - r^2 already computed; `ok` says whether there is one.
struct CapEntry {
    double t;
    bool ok;
};
inline CapEntry cap_entry(double mx, double my, double c, double dx, double dy, double dd,
                          double reach) {
    const double b = dx * mx + dy * my;
    const double miss = std::fabs(cross_fma(dx, dy, mx, my));
    const double disc = (reach - miss) * (reach + miss);
    const double root = c / (std::sqrt(disc) - b);
    const bool touching = c <= 0.0;
    const bool ok = (dd > 0.0) & !(b >= 0.0) & !(disc < 0.0) & (touching | !(root > 1.0));
    return {touching ? 0.0 : root, ok};
}

// The scalar query (toi_circle_segment.cpp, segment_overlap.hpp, first_touch.hpp) with every
// `if (...) return` turned into a mask and every choice into a select. Each formula is written
// as there, operand for operand, so each lane rounds exactly as the scalar code does.
CCD_BATCH_CLONES void kernel(std::size_t n, const double* __restrict cx,
                             const double* __restrict cy, const double* __restrict r,
                             const double* __restrict dx, const double* __restrict dy,
                             const double* __restrict ax, const double* __restrict ay,
                             const double* __restrict bx, const double* __restrict by,
                             double* __restrict t_out, std::uint8_t* __restrict hit_out,
                             std::uint8_t* __restrict feature_out) {
    constexpr double inf = std::numeric_limits<double>::infinity();
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
            (at_a & (c_a <= 0.0)) | (at_b & (c_b <= 0.0)) | (!at_a & !at_b & inside);
        const std::uint8_t overlap_feature = at_a ? feature_code(Feature::EndpointA)
                                                  : (at_b ? feature_code(Feature::EndpointB)
                                                          : feature_code(Feature::SegmentInterior));

        // band_entry: which contact can be first (see toi_circle_segment.cpp)
        const double rate = cross_fma(ux, uy, dx[i], dy[i]);
        const double t_plus = (reach - start) / rate, t_minus = (-reach - start) / rate;
        const double t_band = (t_plus < t_minus) ? t_plus : t_minus;
        const double along = (wx + dx[i] * t_band) * ux + (wy + dy[i] * t_band) * uy;
        const bool has_band = length2 > 0.0;
        const bool entered = has_band & !inside & (rate != 0.0) & !(t_band < 0.0) & !(t_band > 1.0);
        const bool band = entered & !(along < 0.0) & !(along > length2);
        const bool first_a =
            (!has_band) | (has_band & inside & (along0 <= 0.0)) | (entered & (along < 0.0));
        const bool first_b = (has_band & inside & !(along0 <= 0.0)) | (entered & (along > length2));

        // cap_entry at the end that can be first (both are computed; a select keeps one)
        const double dd = dx[i] * dx[i] + dy[i] * dy[i];
        const double reach_cap = radius * std::sqrt(dd);
        const CapEntry cap_a = cap_entry(wx, wy, c_a, dx[i], dy[i], dd, reach_cap);
        const CapEntry cap_b = cap_entry(mbx, mby, c_b, dx[i], dy[i], dd, reach_cap);
        const bool take_a = !band & first_a & cap_a.ok;
        const bool take_b = !band & !first_a & first_b & cap_b.ok;
        const bool found = band | take_a | take_b;
        const double best_t = band ? t_band : (take_a ? cap_a.t : cap_b.t);
        const std::uint8_t best_feature = take_b
                                              ? feature_code(Feature::EndpointB)
                                              : (take_a ? feature_code(Feature::EndpointA)
                                                        : feature_code(Feature::SegmentInterior));

        // An overlap at t = 0 overrides everything.
        t_out[i] = overlap ? 0.0 : (found ? best_t : inf);
        hit_out[i] = static_cast<std::uint8_t>(overlap | found);
        feature_out[i] = overlap ? overlap_feature : (found ? best_feature : std::uint8_t{0});
    }
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

    // The kernel always writes features; without a caller's array they go to a small scratch
    // buffer, chunk by chunk, so no allocation is needed.
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
