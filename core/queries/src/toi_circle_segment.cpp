#include "ccd/toi_circle_segment.hpp"

#include "ccd/detail/cpu_clones.hpp"
#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/detail/input_scaling.hpp"
#include "first_touch.hpp"
#include "rounded.hpp"
#include "segment_overlap.hpp"

#include <bit>
#include <cmath>
#include <cstdint>

// The hot query is cloned for the CPU (cpu_clones.hpp): the x86-64-v4 clone's 32 vector
// registers hold the query's many live values without spilling them to the stack (half the
// stack accesses; 35 -> 30 ns per query on a Zen 4, docs/performance.md).

// GCC's (and Clang's) vector extensions and an empty asm on x86 (the box test, `opaque`), with
// portable code beside them for other compilers and targets. CCD_PORTABLE builds the portable
// code here too, so that tests/clones runs it (CpuVersion.portable); the answers are the same.
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(CCD_PORTABLE)
#define CCD_X86_VECTOR_EXTENSIONS 1
#endif

namespace ccd {
namespace {

bool closing_in(Vec2 displacement, Vec2 normal) {
    return dot(displacement, normal) < 0.0;
}

Hit overlapping_hit(const detail::SegmentOverlap& o, Vec2 displacement) {
    return Hit{0.0, o.point, o.normal, o.feature, true, closing_in(displacement, o.normal)};
}

// The arithmetic of this query: plain products, one fma each, no compensation. Why that is
// enough for the contract (docs/accuracy.md: every answer exact for the radius moved by at most
// 1e-12 x scale), with u = 2^-53 and scale the largest input magnitude:
// - Each quantity below is a dot or cross product of differences, or |m|^2 - r^2, rounded with
//   an error of at most about 2u times the sum of the magnitudes of its terms. For the signed
//   area cross(u, w) that is 2u |u| |w|: divided by |u| it moves the distance to the line by
//   2u |w| <= 4u scale, which is moving the obstacle by that much; the same for the projections
//   (dot) and for cross(d, m), the miss distance of a cap times |d|. Moving the obstacle by e
//   moves every distance by at most e, so the answer is exact for a radius moved by about 2e.
// - The cap's entry root is t = C / q, q = sqrt(disc) - B, with C = |m|^2 - r^2 and
//   disc = r^2 |d|^2 - cross(d, m)^2 (Lagrange: the textbook B^2 - A C, which loses every digit
//   for a small disk far away, is never formed). disc's rounding, about 2u r^2 |d|^2 plus the
//   cross product's (above), is a relative change of r^2 by about 2u, or a move of the obstacle.
//   q adds two non-negative terms (B < 0): a relative error of a few u, so t has one too,
//   which moves the contact point along the path by a few u |d| t <= a few u scale.
// - C's rounding dC (about 2u (|m|^2 + r^2)) enters only the numerator. With t1 = C/q and
//   t2 = q/A the two roots, |m + d t|^2 - r^2 = A (t - t1)(t - t2), so at t1 + dC/q it is
//   dC (1 - t1/t2). 1 - t1/t2 <= 1 gives a distance off by dC / 2r, small when |m| is near r;
//   1 - t1/t2 <= 2 sqrt(disc) / |B| <= 2 r |d| / |B| and |B| >= |d| sqrt(C) give dC / sqrt(C),
//   small when |m| is well above r. Either way a few u max(|m|, r).
// So each answer is exact for a radius moved by a small multiple of u scale (about 1e-15
// scale), three orders of magnitude inside the contract: compensated forms
// (accurate_distance_squared_minus, (r|d| - k)(r|d| + k), detail::accurate_cross) are not needed
// for it; tests/core/queries/accuracy_test.cpp measures the worst errors (docs/accuracy.md). Only
// the signed area `start` is compensated (detail::accurate_cross, two more operations). Whether a
// circle a hair inside the band at t = 0 is an overlap or an entry at t ~ 1e-20 is within the
// contract either way; the compensated area resolves it as the overlap that
// CircleSegment.StartingAnUlpInsideTheBandIsAnOverlapNotATunnel pins.
//
// One decision, one quantity, still: overlap at t = 0, the band entry and the caps are decided
// from the same start, reach and C values, so no circle is "clear" to one test and "already
// inside" to the next (docs/accuracy.md, "What it took"). The batch kernel
// (batch_circle_segment.cpp) computes the same formulas operand for operand.
inline double dot_fma(Vec2 p, Vec2 q) {
    return std::fma(p.x, q.x, p.y * q.y);
}
inline double cross_fma(Vec2 p, Vec2 q) {
    return std::fma(p.x, q.y, -(p.y * q.x));
}
inline double distance_squared_minus(Vec2 m, double r2) { // |m|^2 - r^2, r2 = r * r
    return std::fma(m.x, m.x, std::fma(m.y, m.y, -r2));
}

// What decides the answer. The capsule lies inside the strip |s| <= r around the segment's
// line (s: signed distance to the line), so nothing can touch before the strip is entered:
// - entered with the center projecting onto the segment: the band is the answer (a cap could
//   only tie, and the interior wins ties);
// - entered (or already inside at t = 0) beside end A: only cap A can be first, since within
//   the strip the center touches A's disk at the latest when its projection reaches A; the same
//   for B;
// - the strip never entered within the frame: no contact at all.
// So at most one cap can be the answer. At the border between the band and a cap (projection
// at the entry exactly at an end) both give the same time, so a rounding either way changes the
// answer by a rounding only.

// The band as a trace candidate: s(t) = (start + rate t) / |u|, the candidate s(t)^2 - r^2.
void band_candidate(const Circle& mover, Vec2 displacement, const Segment& obstacle, Trace& trace) {
    TraceCandidate& candidate = trace.add_candidate("band", Feature::SegmentInterior);
    const Vec2 u = obstacle.b - obstacle.a;
    const double length2 = dot_fma(u, u);
    if (!(length2 > 0.0)) {
        candidate.note = "zero-length segment: no band, only the point";
        return;
    }
    const double length = std::sqrt(length2);
    const Vec2 w = mover.center - obstacle.a;
    const double start = detail::accurate_cross(u, w);
    const double rate = cross_fma(u, displacement);
    const double reach = mover.radius * length;
    const double s0 = start / length, s1 = rate / length;
    candidate.a = s1 * s1;
    candidate.b = 2.0 * s0 * s1;
    candidate.c = s0 * s0 - mover.radius * mover.radius;
    candidate.discriminant = 4.0 * s1 * s1 * mover.radius * mover.radius;
    if (rate == 0.0) {
        candidate.note = "moving parallel to the segment: s(t) is constant";
        return;
    }
    // The roots where start + rate t = +-reach, as the query divides them; the entry is the one
    // where |s| comes down to r.
    const double speed = std::fabs(rate);
    const double t_entry = -(reach + start * std::copysign(1.0, rate)) / speed;
    const double t_exit = (reach - start * std::copysign(1.0, rate)) / speed;
    RootVerdict verdict = detail::frame_verdict(t_entry);
    if (verdict == RootVerdict::Taken && std::fabs(start) <= reach)
        verdict = RootVerdict::BeforeFrame;
    if (verdict == RootVerdict::Taken) {
        const double along = std::fma(dot_fma(displacement, u), t_entry, dot_fma(w, u));
        if (along < 0.0 || along > length2) verdict = RootVerdict::OffFeature;
    }
    candidate.roots.push_back({t_entry, verdict});
    candidate.roots.push_back({t_exit, detail::exit_verdict(t_exit)});
}

// A cap as a trace candidate: |m + d t|^2 - r^2 with both of its roots, the entry computed as
// the query computes it.
void cap_candidate(const Circle& mover, Vec2 d, Vec2 endpoint, Feature feature, Trace& trace) {
    TraceCandidate& candidate =
        trace.add_candidate(feature == Feature::EndpointA ? "cap A" : "cap B", feature);
    const Vec2 m = mover.center - endpoint;
    const double r2 = mover.radius * mover.radius;
    const double a = dot_fma(d, d), b = dot_fma(d, m), c = distance_squared_minus(m, r2);
    const double k = cross_fma(d, m);
    const double disc = std::fma(-k, k, r2 * a);
    detail::record_disk_quadratic(candidate, a, b, c, disc);
}

// The smaller and the larger of two doubles, written so that GCC emits minsd / maxsd rather
// than a compare and a branch (std::fmin / std::fmax are library calls).
inline double min_of(double p, double q) {
    return p < q ? p : q;
}
inline double max_of(double p, double q) {
    return p > q ? p : q;
}

// `opaque` hides a value from the optimiser: GCC otherwise splits sqrt(max(x, 0)) into a branch
// around the square root (sqrt(0) being a constant), and a random query mispredicts it.
inline double opaque(double v) {
#if defined(CCD_X86_VECTOR_EXTENSIONS)
    asm("" : "+x"(v));
#endif
    return v;
}

// The largest magnitude among the query's nine inputs (what detail::input_scale looks at),
// as a tree of maxsd (four steps of latency, not nine) instead of its loop's compares and
// branches: `x > m ? x : m` keeps m for a NaN x, as the loop does, and the combining steps only
// see values that are not NaN.
inline double grow_to_magnitude(double m, double v) {
    return max_of(std::fabs(v), m);
}
double largest_input(const Circle& mover, Vec2 displacement, const Segment& obstacle) {
    const auto up = grow_to_magnitude;
    const double zero = opaque(0.0); // (a constant 0 makes GCC compare and blend, not maxsd)
    const double m1 = up(up(zero, mover.center.x), mover.center.y);
    const double m2 = up(up(zero, mover.radius), displacement.x);
    const double m3 = up(up(zero, displacement.y), obstacle.a.x);
    const double m4 = up(up(zero, obstacle.a.y), obstacle.b.x);
    return max_of(max_of(m1, m2), max_of(m3, up(m4, obstacle.b.y)));
}
// The same value with the segment's four magnitudes taken at once (PreparedSegment): the
// largest of values that are not NaN does not depend on the order they are compared in.
double largest_input(const Circle& mover, Vec2 displacement, double largest_coordinate) {
    const auto up = grow_to_magnitude;
    const double zero = opaque(0.0);
    const double m1 = up(up(zero, mover.center.x), mover.center.y);
    const double m2 = up(up(zero, mover.radius), displacement.x);
    return max_of(max_of(m1, m2), up(largest_coordinate, displacement.y));
}

// What the query reads of its segment: worked out on the spot from a Segment, or read from a
// PreparedSegment, which holds the same values, so both give the same answers bit for bit.
struct SegmentOnTheSpot {
    const Segment& segment;
    Vec2 u; // b - a
    double length2, length;
    explicit SegmentOnTheSpot(const Segment& s)
        : segment(s), u(s.b - s.a), length2(dot_fma(u, u)), length(std::sqrt(length2)) {}
    double signed_inverse_length(bool positive) const { return (positive ? 1.0 : -1.0) / length; }
    Vec2 box_min() const {
        return {min_of(segment.a.x, segment.b.x), min_of(segment.a.y, segment.b.y)};
    }
    Vec2 box_max() const {
        return {max_of(segment.a.x, segment.b.x), max_of(segment.a.y, segment.b.y)};
    }
};
struct SegmentPrepared {
    const PreparedSegment& prepared;
    const Segment& segment;
    Vec2 u;
    double length2, length;
    explicit SegmentPrepared(const PreparedSegment& p)
        : prepared(p), segment(p.segment()), u(p.direction()), length2(p.length_squared()),
          length(p.length()) {}
    // -(1 / length) is -1 / length exactly.
    double signed_inverse_length(bool positive) const {
        const double inverse = prepared.inverse_length();
        return positive ? inverse : -inverse;
    }
    Vec2 box_min() const { return prepared.box_min(); }
    Vec2 box_max() const { return prepared.box_max(); }
};

// True when the circle's swept box and the segment's box are apart on some axis, so no contact
// is possible. `largest` is the largest magnitude of the inputs; the boxes are padded by
// 2^-46 of it, more than the rounding of the few operations here and of the query's own
// decisions (a few u scale), so the box never rejects a touch that the query would report.
// The branch on this test is one that a random stream mispredicts, so its inputs are arranged
// for the shortest chain to the comparison: the wall's box grown by the radius (wall_lo - r,
// wall_hi + r) is formed while the swept box is (c + d, then min and max), leaving one
// subtraction after it, and the margin, largest x 2^-46 (exact for in-range inputs), is formed
// while the gaps are: the largest input comes last (a tree over all nine), and only the
// comparison waits for it (1 ns per query in ccd_bench's mix against the earlier form, the gap
// less the radius x 2^46 compared with `largest`: two more steps of latency before the branch;
// a test that did not wait for `largest` at all, not valid in general, measured 1.1-1.4 ns more
// before that). The two subtractions round by about u scale, far inside the 2^-46 scale margin
// (only whether a query is rejected depends on them, and only queries the full query misses
// are), and a comparison a NaN reaches is false (that axis is not taken as apart).
// Without branches (a random query's comparisons mispredict about half of the time), and with
// GCC on x86 both axes at once in one vector register: scalar comparisons (comisd) issue one
// per cycle, and the query makes about thirty.
#if defined(CCD_X86_VECTOR_EXTENSIONS)
using Pair = double __attribute__((vector_size(16)));
using PairMask = std::int64_t __attribute__((vector_size(16)));
// Two scalars into one register; `opaque` keeps them scalar loads (one 16-byte load of two
// doubles that the caller has just stored one by one would wait for both stores).
inline Pair pair(double x, double y) {
    return Pair{opaque(x), opaque(y)};
}
struct PairBox {
    Pair lo, hi;
};
PairBox wall_box(const SegmentOnTheSpot& s) {
    const Pair a = pair(s.segment.a.x, s.segment.a.y), b = pair(s.segment.b.x, s.segment.b.y);
    return {a < b ? a : b, a > b ? a : b};
}
PairBox wall_box(const SegmentPrepared& s) {
    const Vec2 lo = s.box_min(), hi = s.box_max();
    return {pair(lo.x, lo.y), pair(hi.x, hi.y)};
}
template <class SegmentView>
bool boxes_apart(const Circle& mover, Vec2 displacement, const SegmentView& s, double largest) {
    const Pair c = pair(mover.center.x, mover.center.y);
    const Pair end = c + pair(displacement.x, displacement.y);
    const Pair sweep_lo = c < end ? c : end, sweep_hi = c > end ? c : end;
    const auto [wall_lo, wall_hi] = wall_box(s);
    const double radius = mover.radius;
    const Pair below = (wall_lo - radius) - sweep_hi; // the gaps less the radius
    const Pair above = sweep_lo - (wall_hi + radius);
    const double margin = largest * 0x1p-46;
    const Pair limit = {margin, margin};
    const PairMask apart = (below > limit) | (above > limit);
    return __builtin_ia32_movmskpd(reinterpret_cast<Pair>(apart)) != 0;
}
#else
template <class SegmentView>
bool boxes_apart(const Circle& mover, Vec2 displacement, const SegmentView& s, double largest) {
    const Vec2 box_min = s.box_min(), box_max = s.box_max();
    const double radius = mover.radius;
    const double margin = largest * 0x1p-46;
    const auto apart = [radius, margin](double c, double d, double wall_lo, double wall_hi) {
        const double end = c + d;
        const double sweep_lo = min_of(c, end), sweep_hi = max_of(c, end);
        const double below = (wall_lo - radius) - sweep_hi;
        const double above = sweep_lo - (wall_hi + radius);
        return (below > margin) | (above > margin);
    };
    const bool apart_x = apart(mover.center.x, displacement.x, box_min.x, box_max.x);
    const bool apart_y = apart(mover.center.y, displacement.y, box_min.y, box_max.y);
    return apart_x | apart_y;
}
#endif

// The contact of a circle that touches the segment at t = 0: the closest point, the normal
// toward the center (for a center exactly on the segment, the side opposite to the motion).
// detail::overlap_at_start's contact, from the query's own start and projection.
template <class SegmentView>
Hit overlap_contact(const Circle& mover, Vec2 d, const SegmentView& s, bool at_a, bool at_b,
                    double start, double along0) {
    const Segment& obstacle = s.segment;
    if (at_a | at_b) {
        const Vec2 end = at_a ? obstacle.a : obstacle.b;
        const Vec2 offset = mover.center - end;
        const double size2 = dot_fma(offset, offset);
        Vec2 normal = offset * (1.0 / std::sqrt(size2));
        if (!(size2 >= 0x1p-900)) [[unlikely]] { // tiny or zero: hypot's care
            normal = normalized_or(offset, Vec2{});
            if (normal == Vec2{}) normal = normalized_or(-d, Vec2{0.0, 1.0});
        }
        return Hit{0.0,    end,
                   normal, at_a ? Feature::EndpointA : Feature::EndpointB,
                   true,   closing_in(d, normal)};
    }
    const Vec2 u = s.u;
    Vec2 normal = perp(u) * s.signed_inverse_length(true);
    if (!(s.length2 >= 0x1p-900)) [[unlikely]] // |u|^2 subnormal, its root inexact: hypot's care
        normal = normalized_or(perp(u), Vec2{0.0, 1.0});
    if (start < 0.0 || (start == 0.0 && dot(normal, d) > 0.0)) normal = -normal;
    return Hit{0.0,    obstacle.a + u * (along0 / s.length2),
               normal, Feature::SegmentInterior,
               true,   closing_in(d, normal)};
}

// Inputs of mixed magnitudes: some below 2^-200 of the largest, whose products underflow and
// leave a decision between two zeros (a cap "reached" at t = 1 by a path passing it at a
// billion radii). Only the branches that such inputs reach ask (a cap of size r |d|^2 below
// 2^-400, a band whose |u|^2 or |u|^2 x speed is below 2^-900): those inputs below 2^-200 of
// the largest are taken as zero and the query is asked again (detail::input_rescale, as every
// other query does on entry). Nothing, when no input is that small: the branch goes on.
template <class SegmentView>
std::optional<Hit> untraced_time_of_impact(const Circle& mover, Vec2 d, const SegmentView& s,
                                           double largest);

[[gnu::noinline, gnu::cold]] std::optional<std::optional<Hit>>
with_tiny_inputs_zeroed(const Circle& mover, Vec2 d, const Segment& obstacle) {
    const auto k = detail::input_rescale({mover.center.x, mover.center.y, mover.radius, d.x, d.y,
                                          obstacle.a.x, obstacle.a.y, obstacle.b.x, obstacle.b.y});
    if (k.floor == 0.0) return std::nullopt;
    // Now in range and without tiny inputs: the untraced query directly (what the public one
    // would run), not the public one, which would make the hot clones recursive.
    const Circle scaled_mover{k(mover.center), k(mover.radius)};
    const Vec2 scaled_d = k(d);
    const Segment scaled{k(obstacle.a), k(obstacle.b)};
    auto hit = untraced_time_of_impact(scaled_mover, scaled_d, SegmentOnTheSpot(scaled),
                                       largest_input(scaled_mover, scaled_d, scaled));
    if (hit) hit->point *= 1.0 / k.scale;
    return hit;
}

// The band's answer when |u|^2 or |u|^2 x speed is below 2^-900 (out of line, so that the common
// path stays as it was): the query asked again with tiny inputs zeroed, or, when none is, the
// foot from the projection at t and the normal with hypot's care.
[[gnu::noinline, gnu::cold]] std::optional<Hit>
band_hit_of_tiny_terms(const Circle& mover, Vec2 d, const Segment& obstacle, double t, Vec2 normal,
                       double along, double end, double along0) {
    if (auto again = with_tiny_inputs_zeroed(mover, d, obstacle)) return *again;
    const Vec2 u = obstacle.b - obstacle.a;
    const double length2 = dot_fma(u, u);
    const double foot =
        end >= 0x1p-900 ? along / end : std::fma(dot_fma(d, u), t, along0) / length2;
    if (!(length2 >= 0x1p-900)) // |u|^2 subnormal, its root inexact
        normal = normalized_or(perp(u), Vec2{0.0, 1.0}) * (dot(normal, perp(u)) > 0.0 ? 1.0 : -1.0);
    return Hit{t,     obstacle.a + u * foot, normal, Feature::SegmentInterior,
               false, closing_in(d, normal)};
}

// The cap's answer when its size r |d|^2 is below 2^-400: asked again with tiny inputs zeroed,
// or, when none is, the normal with hypot's care (zero radius: against the motion).
[[gnu::noinline, gnu::cold]] std::optional<Hit> cap_hit_of_tiny_size(const Circle& mover, Vec2 d,
                                                                     const Segment& obstacle,
                                                                     double t, Vec2 toward,
                                                                     bool use_a) {
    if (auto again = with_tiny_inputs_zeroed(mover, d, obstacle)) return *again;
    const Vec2 normal = normalized_or(toward, normalized_or(-d, Vec2{0.0, 1.0}));
    return Hit{t,      use_a ? obstacle.a : obstacle.b,
               normal, use_a ? Feature::EndpointA : Feature::EndpointB,
               false,  closing_in(d, normal)};
}

// The band's answer: the foot of the perpendicular; the line's normal on the side the circle
// came from. Three divisions side by side, none waiting for another: t, the normal's 1 / |u|,
// and the foot's parameter, the projection at the entry over |u|^2 (along / end). (When |u|^2 x
// speed underflows, from subnormal-sized inputs, the projection at t.)
template <class SegmentView>
[[gnu::always_inline]] inline std::optional<Hit>
band_hit(const Circle& mover, Vec2 d, const SegmentView& s, double start, double along0,
         double entry, double speed, double along, double end) {
    const Segment& obstacle = s.segment;
    const Vec2 u = s.u;
    const double t = entry / speed;
    const Vec2 normal = perp(u) * s.signed_inverse_length(start > 0.0);
    if (!(min_of(end, s.length2) >= 0x1p-900)) [[unlikely]]
        return band_hit_of_tiny_terms(mover, d, obstacle, t, normal, along, end, along0);
    return Hit{t,     obstacle.a + u * (along / end), normal, Feature::SegmentInterior,
               false, closing_in(d, normal)};
}

// A cap's quadratic |m + d t|^2 - r^2 as the query has it: C = |m|^2 - r^2, B = dot(d, m),
// k = cross(d, m), disc = r^2 A - k^2, A = |d|^2.
struct CapRoot {
    double c, b, k, disc, a;
};

// The cap's answer (the cap the band names, at `endpoint`, entered within the frame).
[[gnu::always_inline]] inline std::optional<Hit> cap_hit(const Circle& mover, Vec2 d,
                                                         const Segment& obstacle, bool use_a,
                                                         const Vec2& endpoint, const CapRoot& cap) {
    const auto [c, b, k, disc, a] = cap;
    const double radius = mover.radius;
    // The cap: t = C / q (C <= 0, touching from rounding, gives 0). The normal points from the
    // endpoint to the center at the root, m + d t; with t = -(B + sqrt(disc)) / A that is
    // (perp(d) k - d sqrt(disc)) / A, k = cross(d, m): the offset of closest approach plus the
    // way back along the path, two orthogonal terms, so no cancellation, no wait for the
    // division, and for a path that only grazes the cap (disc = 0: tangent, as when sliding
    // along a chain of segments) a normal exactly across the motion where d is along an axis.
    // Its length is sqrt(A (k^2 + disc)) = r A up to a few roundings (disc = r^2 A - k^2), so
    // it is divided by r A, a division that waits for nothing: a unit normal to a few ulps.
    // Zero radius: disc = 0 = k, no direction; the normal is against the motion.
    const double root = std::sqrt(opaque(max_of(disc, 0.0)));
    const double t = min_of(max_of(c / (root - b), 0.0), 1.0);
    const Vec2 toward{std::fma(-d.y, k, -(d.x * root)), std::fma(d.x, k, -(d.y * root))};
    const double size = radius * a;
    if (!(size >= 0x1p-400)) [[unlikely]] // zero or tiny
        return cap_hit_of_tiny_size(mover, d, obstacle, t, toward, use_a);
    const Vec2 normal = toward * (1.0 / size);
    return Hit{t,      endpoint,
               normal, use_a ? Feature::EndpointA : Feature::EndpointB,
               false,  closing_in(d, normal)};
}

// The untraced query. Every decision is computed as a mask from quantities ready early, and
// hit or miss is known before any division or any square root but the segment's length: the
// band's entry and its projection are compared multiplied through by the rate, a cap's
// C <= q = sqrt(disc) - B as C + B <= 0 or (C + B)^2 <= disc. The branches left are the
// ones a random stream of queries mispredicts anyway (box test, overlap, hit or miss, band or
// cap, which cap), each resolved as early as its data allows, since a mispredicted branch
// costs the work since the query began. Only then the one division for t, and for a cap the
// one square root of its discriminant.
template <class SegmentView>
std::optional<Hit> untraced_time_of_impact(const Circle& mover, Vec2 d, const SegmentView& s,
                                           double largest) {
    if (boxes_apart(mover, d, s, largest)) return std::nullopt;
    const Segment& obstacle = s.segment;
    const double radius = mover.radius;
    const Vec2 u = s.u;
    const Vec2 w = mover.center - obstacle.a;  // offset from A
    const Vec2 mb = mover.center - obstacle.b; // offset from B
    const double length2 = s.length2;
    const double length = s.length;
    const double r2 = radius * radius;
    const double start = detail::accurate_cross(u, w); // signed distance to the line x |u|
    const double reach = radius * length;
    const double along0 = dot_fma(w, u); // projection x |u|
    const double c_a = distance_squared_minus(w, r2);
    const double c_b = distance_squared_minus(mb, r2);

    // Overlap at t = 0 (detail::overlap_at_start's decision, from these quantities).
    const double along0_b = dot_fma(mb, u); // projection from B x |u| (exact near B)
    const bool has_band = length2 > 0.0;
    const bool at_a = (along0 <= 0.0) | !has_band;
    const bool at_b = !at_a & (along0_b >= 0.0);
    const bool inside = std::fabs(start) <= reach;
    const bool overlap = (at_a & !(c_a > 0.0)) | (at_b & !(c_b > 0.0)) | (!at_a & !at_b & inside);
    if (overlap) return overlap_contact(mover, d, s, at_a, at_b, start, along0);

    // The band. start + rate t = -+reach at the entry t = entry / speed: the root with -reach
    // when rate > 0 (the strip is entered where |s| comes down to r), written with the signs
    // taken out so that the comparisons need no division.
    const double rate = cross_fma(u, d);
    const double speed = std::fabs(rate);
    const double entry = -(reach + start * std::copysign(1.0, rate)); // t_entry x speed
    // (rate = 0 needs no test: then speed = 0, and entry = 0 only when |start| = reach, inside.)
    const bool entered = has_band & !inside & (entry >= 0.0) & (entry <= speed);
    // The projection at the entry, x speed: (along0 + dot(d, u) t_entry) x speed. Past B is
    // decided from it, rounded at the scale of |u|^2, not from the offset to B as at t = 0: a
    // point left an ulp beyond the adjacent wall's line by a slide's rounding, entering the
    // band at a box's corner, is then caught by the band (measured from B it passed the
    // zero-size cap and left the box).
    const double along = std::fma(dot_fma(d, u), entry, along0 * speed);
    const double end = length2 * speed;
    const bool before = (along < 0.0), past = (along > end); // (finite: no NaN)
    const bool band = entered & !before & !past;
    const bool first_a = (!has_band) | (inside & at_a) | (entered & before);
    const bool first_b = (inside & !at_a) | (entered & past); // (no band: at_a)

    // The cap: |m + d t|^2 = r^2 enters at t = C / q, q = sqrt(disc) - B > 0, when the path
    // approaches (B < 0) and meets the disk (disc >= 0), within the frame: C <= q, that is
    // C + B <= sqrt(disc), that is C + B <= 0 or (C + B)^2 <= disc. No square root for the
    // decision. Its rounding and that of C / q can disagree only for a root within a few
    // roundings of t = 1 (a contact at the very end of the frame either way); t is clamped to 1.
    const double a = dot_fma(d, d);
    const double r2a = r2 * a;
    // Only the cap the band names is solved (the other cannot be first). GCC compiles the
    // choice of endpoint as a branch; address arithmetic without one measured slower.
    const bool use_a = first_a;
    const Vec2* const endpoint = use_a ? &obstacle.a : &obstacle.b;
    const Vec2 m = mover.center - *endpoint;
    const double c = distance_squared_minus(m, r2); // c_a or c_b, the same bits
    const double b = dot_fma(d, m), k = cross_fma(d, m);
    const double disc = std::fma(-k, k, r2a);
    const double sum = c + b;
    const bool cap = (first_a | first_b) & (a > 0.0) & (b < 0.0) & !(disc < 0.0) &
                     ((sum <= 0.0) | (sum * sum <= disc));
    if (!(band | cap)) return std::nullopt;

    if (band) return band_hit(mover, d, s, start, along0, entry, speed, along, end);
    return cap_hit(mover, d, obstacle, use_a, *endpoint, CapRoot{c, b, k, disc, a});
}

// The query with a trace: the answer is the untraced query's; every candidate is solved and
// recorded beside it, each root computed as the query computes it.
std::optional<Hit> traced_time_of_impact(const Circle& mover, Vec2 displacement,
                                         const Segment& obstacle, Trace* trace, double largest) {
    trace->begin("circle_segment");
    const std::optional<Hit> best =
        untraced_time_of_impact(mover, displacement, SegmentOnTheSpot(obstacle), largest);
    if (best && best->overlap) {
        trace->overlap_at_start = true;
        return best;
    }
    band_candidate(mover, displacement, obstacle, *trace);
    cap_candidate(mover, displacement, obstacle.a, Feature::EndpointA, *trace);
    cap_candidate(mover, displacement, obstacle.b, Feature::EndpointB, *trace);
    trace->settle(best ? &*best : nullptr);
    return best;
}

// In range: largest in (2^-100, 2^100), as one unsigned comparison of the bit patterns
// (non-negative doubles order as their bits do); zero, which needs no scaling either, goes the
// slow way, which finds that.
inline bool in_comfortable_range(double largest) {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(largest);
    constexpr std::uint64_t low = std::bit_cast<std::uint64_t>(0x1p-100);
    constexpr std::uint64_t high = std::bit_cast<std::uint64_t>(0x1p100);
    return bits - low - 1 < high - low - 1;
}

// A capsule (a segment with a radius, below), inputs out of the comfortable range (rescaled by a
// power of two, then asked again) and queries with a trace: out of line, so that the hot path
// stays small.
std::optional<Hit> against_capsule(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                                   Trace* trace);
[[gnu::noinline]] std::optional<Hit> slow_time_of_impact(const Circle& mover, Vec2 displacement,
                                                         const Segment& obstacle, Trace* trace,
                                                         double largest) {
    if (obstacle.radius != 0.0) return against_capsule(mover, displacement, obstacle, trace);
    if (const double k = detail::scale_for_largest(largest); k != 1.0) {
        auto hit = time_of_impact(Circle{mover.center * k, mover.radius * k}, displacement * k,
                                  Segment{obstacle.a * k, obstacle.b * k}, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    if (!trace) // all inputs zero (or NaN): nothing to rescale
        return untraced_time_of_impact(mover, displacement, SegmentOnTheSpot(obstacle), largest);
    return traced_time_of_impact(mover, displacement, obstacle, trace, largest);
}

// Whether the query takes the slow path: a capsule (a radius other than +-0, NaN included, as
// `radius != 0.0` has it), a trace, or inputs out of the comfortable range. One integer test, so
// one branch where the three tests separately compiled to four (a floating-point != is a parity
// and an equality branch).
inline bool rare_path(double segment_radius, const Trace* trace, double largest) {
    const std::uint64_t radius_bits = std::bit_cast<std::uint64_t>(segment_radius) << 1;
    const std::uint64_t out_of_range = !in_comfortable_range(largest);
    return (radius_bits | reinterpret_cast<std::uintptr_t>(trace) | out_of_range) != 0;
}

// A capsule (a segment with a radius): the circle grown by the radius against the core.
[[gnu::noinline]] std::optional<Hit> against_capsule(const Circle& mover, Vec2 displacement,
                                                     const Segment& obstacle, Trace* trace) {
    if (detail::sum_overflows(mover.radius, obstacle.radius))
        return detail::doubled(time_of_impact(
            Circle{mover.center * 0.5, mover.radius * 0.5}, displacement * 0.5,
            Segment{obstacle.a * 0.5, obstacle.b * 0.5, obstacle.radius * 0.5}, trace));
    return detail::on_rounded_surface(
        time_of_impact(Circle{mover.center, mover.radius + obstacle.radius}, displacement,
                       Segment{obstacle.a, obstacle.b}, trace),
        obstacle.radius);
}

} // namespace

CCD_CLONES CCD_FLATTEN std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement,
                                                         const Segment& obstacle, Trace* trace) {
    const double largest = largest_input(mover, displacement, obstacle);
    if (rare_path(obstacle.radius, trace, largest)) [[unlikely]]
        return slow_time_of_impact(mover, displacement, obstacle, trace, largest);
    return untraced_time_of_impact(mover, displacement, SegmentOnTheSpot(obstacle), largest);
}

// The values the Segment overload computes on the spot, taken from the same view of the segment.
PreparedSegment::PreparedSegment(const Segment& segment) : segment_(segment) {
    const SegmentOnTheSpot view(segment);
    direction_ = view.u;
    length_squared_ = view.length2;
    length_ = view.length;
    inverse_length_ = 1.0 / length_;
    box_min_ = view.box_min();
    box_max_ = view.box_max();
    for (const double v : {segment.a.x, segment.a.y, segment.b.x, segment.b.y})
        largest_coordinate_ = grow_to_magnitude(largest_coordinate_, v);
}

// The Segment overload's steps with the segment's part read, not computed: the range check on
// the same largest input, the slow path (rescaling, trace) on the plain segment.
CCD_CLONES CCD_FLATTEN std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement,
                                                         const PreparedSegment& obstacle,
                                                         Trace* trace) {
    const double largest = largest_input(mover, displacement, obstacle.largest_coordinate());
    if (rare_path(obstacle.segment().radius, trace, largest)) [[unlikely]]
        return slow_time_of_impact(mover, displacement, obstacle.segment(), trace, largest);
    return untraced_time_of_impact(mover, displacement, SegmentPrepared(obstacle), largest);
}

std::optional<Hit> time_of_impact_translating(const Circle& mover, Vec2 displacement,
                                              const Segment& obstacle, Vec2 obstacle_displacement,
                                              Trace* trace) {
    if (const auto k = detail::input_rescale(
            {mover.center.x, mover.center.y, mover.radius, displacement.x, displacement.y,
             obstacle.a.x, obstacle.a.y, obstacle.b.x, obstacle.b.y, obstacle.radius,
             obstacle_displacement.x, obstacle_displacement.y});
        k.needed()) {
        auto hit =
            time_of_impact_translating(Circle{k(mover.center), k(mover.radius)}, k(displacement),
                                       Segment{k(obstacle.a), k(obstacle.b), k(obstacle.radius)},
                                       k(obstacle_displacement), trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    auto hit = time_of_impact(mover, displacement - obstacle_displacement, obstacle, trace);
    if (trace) trace->query = "circle_translating_segment";
    if (hit) hit->point += obstacle_displacement * hit->t;
    return hit;
}

namespace {

// The point's crossing of the segment's line: f(t) = cross(u, w(t)) = start + rate t, linear.
void trace_line_crossing(Trace& trace, double start, double rate, const std::optional<Hit>& best) {
    TraceCandidate& line = trace.add_candidate("line crossing", Feature::SegmentInterior);
    line.b = rate;
    line.c = start;
    if (rate == 0.0) {
        line.note = start == 0.0 ? "moving along the segment's line: see the endpoints"
                                 : "moving parallel to the segment";
        return;
    }
    const double t = -start / rate;
    RootVerdict verdict = detail::frame_verdict(t);
    const bool taken = best && best->feature == Feature::SegmentInterior;
    if (verdict == RootVerdict::Taken && !taken) verdict = RootVerdict::OffFeature;
    line.roots.push_back({t, verdict});
}

// An endpoint, for a point that starts on the segment's line beside the segment:
// f(t) = |m + d t|^2 (the squared distance to the end; radius 0). Its discriminant,
// 4 ((d.m)^2 - |d|^2 |m|^2) = -4 cross(d, m)^2, is zero exactly when the point moves along the
// line: then the one (double) root is |m|^2 / -(d.m), the time the query computes.
void trace_endpoint_along_the_line(Trace& trace, Feature feature, Vec2 m, Vec2 d, double miss,
                                   double t) {
    TraceCandidate& end = trace.add_candidate(
        feature == Feature::EndpointA ? "end A along the line" : "end B along the line", feature);
    end.a = dot(d, d);
    end.b = 2.0 * dot(d, m);
    end.c = dot(m, m);
    end.discriminant = miss == 0.0 ? 0.0 : -4.0 * miss * miss; // (not -0.0)
    if (!(end.a > 0.0)) {
        end.note = "no motion";
    } else if (miss != 0.0) {
        end.note = "leaving the line: no real root, the end is passed by";
    } else if (!(end.b < 0.0)) {
        end.note = "moving away from this end";
    } else {
        end.roots.push_back({t, detail::frame_verdict(t)});
    }
}

} // namespace

std::optional<Hit> time_of_impact(Vec2 mover, Vec2 displacement, const Segment& obstacle,
                                  Trace* trace) {
    if (obstacle.radius !=
        0.0) // a point against a capsule: a circle of its radius against the core
        return detail::on_rounded_surface(time_of_impact(Circle{mover, obstacle.radius},
                                                         displacement,
                                                         Segment{obstacle.a, obstacle.b}, trace),
                                          obstacle.radius);
    if (const auto k =
            detail::input_rescale({mover.x, mover.y, displacement.x, displacement.y, obstacle.a.x,
                                   obstacle.a.y, obstacle.b.x, obstacle.b.y});
        k.needed()) {
        auto hit =
            time_of_impact(k(mover), k(displacement), Segment{k(obstacle.a), k(obstacle.b)}, trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    // A ray cast. The time of impact takes no square root: crossing the line is the linear
    // equation cross(u, w) + cross(u, d) t = 0; reaching an endpoint along the segment's own
    // line is |m|^2 / -(d.m). Only the unit normal needs one.
    if (trace) trace->begin("point_segment");
    // The signed area from the nearer end, at t = 0 and for the crossing alike (one quantity):
    // from a alone, a point a hair beside b, off the line, was "on the line" (its offset lost
    // in mover - a) and crossed it unseen.
    if (const auto overlap = detail::overlap_at_start(Circle{mover, 0.0}, obstacle, displacement,
                                                      detail::AreaFrom::NearerEnd)) {
        if (trace) trace->overlap_at_start = true;
        return overlapping_hit(*overlap, displacement);
    }
    const Vec2 u = obstacle.b - obstacle.a;
    const Vec2 w = mover - obstacle.a;
    const double start = detail::accurate_cross(u, detail::offset_from_nearer_end(mover, obstacle));
    const double rate = detail::accurate_cross(u, displacement);
    std::optional<Hit> best;
    if (start != 0.0 && rate != 0.0 && (start > 0.0) != (rate > 0.0) &&
        std::fabs(start) <= std::fabs(rate)) {
        // Within the segment where the line is crossed: the projection measured from a decides
        // the side of a, and the one measured from b (negative before b) the side of b, each
        // exact where it decides (near its own end). Measured from a alone, a crossing an ulp
        // before b at the scale of |u| rounded past it and was missed.
        const double t = -start / rate;
        const Vec2 moved = displacement * t;
        const double along = dot(w + moved, u);
        const double along_from_b = dot((mover - obstacle.b) + moved, u);
        const double length2 = dot(u, u);
        if (length2 > 0.0 && along >= 0.0 && along_from_b <= 0.0) {
            const Vec2 normal = normalized_or(perp(u) * (start > 0.0 ? 1.0 : -1.0), Vec2{0.0, 1.0});
            // The foot from the nearer end: on the segment, however the two projections round.
            const Vec2 foot = along <= -along_from_b ? obstacle.a + u * (along / length2)
                                                     : obstacle.b + u * (along_from_b / length2);
            best = Hit{
                t, foot, normal, Feature::SegmentInterior, false, closing_in(displacement, normal)};
        }
    }
    if (trace) trace_line_crossing(*trace, start, rate, best);
    if (start == 0.0) {
        // On the segment's line, beside the segment: it can only run into an endpoint, moving
        // along the line toward it.
        for (const auto& [end, feature] : {std::pair{obstacle.a, Feature::EndpointA},
                                           std::pair{obstacle.b, Feature::EndpointB}}) {
            const Vec2 m = mover - end;
            const double closing = -dot(displacement, m);
            const double miss = detail::accurate_cross(displacement, m);
            const bool along_the_line = miss == 0.0 && closing > 0.0;
            const double t = along_the_line ? dot(m, m) / closing : 0.0;
            if (trace) trace_endpoint_along_the_line(*trace, feature, m, displacement, miss, t);
            if (along_the_line && t <= 1.0 && (!best || t < best->t)) {
                const Vec2 normal = normalized_or(-displacement, Vec2{0.0, 1.0});
                best = Hit{t, end, normal, feature, false, true};
            }
        }
    }
    if (trace) trace->settle(best ? &*best : nullptr);
    return best;
}

} // namespace ccd
