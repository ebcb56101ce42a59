#include "ccd/toi_circle_segment.hpp"

#include "exact_arithmetic.hpp"
#include "first_touch.hpp"
#include "input_scaling.hpp"
#include "segment_overlap.hpp"

#include <cmath>

// The hot query is cloned on x86-64 Linux: a baseline version and an x86-64-v3 one, where
// std::fma (used throughout for exactness) is one instruction instead of a libm call. Results
// are bit-identical (fma is exactly rounded either way; core/CMakeLists.txt turns contraction
// off), and the loader picks the clone once. `flatten` inlines the helpers into each clone:
// a helper left out of line would be built for the baseline and call libm's fma.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define CCD_HOT_CLONES __attribute__((target_clones("default", "arch=x86-64-v3"), flatten))
#else
#define CCD_HOT_CLONES
#endif

namespace ccd {
namespace {

bool closing_in(Vec2 displacement, Vec2 normal) {
    return dot(displacement, normal) < 0.0;
}

Hit overlapping_hit(const detail::SegmentOverlap& o, Vec2 displacement) {
    return Hit{0.0, o.point, o.normal, o.feature, true, closing_in(displacement, o.normal)};
}

// What decides the answer. The capsule lies inside the strip |s| <= r around the segment's
// line (s: signed distance to the line), so nothing can touch before the strip is entered:
// - entered with the center projecting onto the segment: the band is the answer (a cap could
//   only tie, and the interior wins ties);
// - entered (or already inside at t = 0) beside end A: only cap A can be first, since within
//   the strip the center touches A's disk at the latest when its projection reaches A; the same
//   for B;
// - the strip never entered within the frame: no contact at all.
// So at most one cap equation is solved.
enum class FirstContact { None, Band, CapA, CapB };

struct BandEntry {
    FirstContact first = FirstContact::None;
    double t = 0.0; // the band's entry time, when first == Band
};

// Entry into the band: the signed distance to the line, cross(u, center(t) - a) / |u|, is
// linear in t, so the strip is entered when it reaches +-radius.
BandEntry band_entry(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                     Trace* trace) {
    const Vec2 u = obstacle.b - obstacle.a;
    const double length2 = dot(u, u);
    TraceCandidate* candidate = nullptr;
    if (trace) candidate = &trace->add_candidate("band", Feature::SegmentInterior);
    if (!(length2 > 0.0)) {
        if (candidate) candidate->note = "zero-length segment: no band, only the point";
        return {FirstContact::CapA};
    }
    const double length = std::sqrt(length2);
    const Vec2 w = mover.center - obstacle.a;
    const double start = detail::accurate_cross(u, w);
    const double rate = detail::accurate_cross(u, displacement);
    const double reach = mover.radius * length;
    const bool inside = std::fabs(start) <= reach;

    if (candidate) { // s(t) = (start + rate t) / |u|; the candidate is s(t)^2 - r^2
        const double s0 = start / length, s1 = rate / length;
        candidate->a = s1 * s1;
        candidate->b = 2.0 * s0 * s1;
        candidate->c = s0 * s0 - mover.radius * mover.radius;
        candidate->discriminant = 4.0 * s1 * s1 * mover.radius * mover.radius;
        if (rate == 0.0) candidate->note = "moving parallel to the segment: s(t) is constant";
    }
    BandEntry entry;
    if (inside) // beside an end already (not touching, or it would have overlapped)
        entry.first = dot(w, u) <= 0.0 ? FirstContact::CapA : FirstContact::CapB;
    if (rate != 0.0) {
        // Roots where start + rate t = +-reach; the entry root is where |s| comes down to r.
        const double t_plus = (reach - start) / rate, t_minus = (-reach - start) / rate;
        const bool plus_first = t_plus < t_minus; // (std::fmin is a library call)
        const double t_entry = plus_first ? t_plus : t_minus;
        const double t_exit = plus_first ? t_minus : t_plus;
        RootVerdict verdict = detail::frame_verdict(t_entry);
        if (verdict == RootVerdict::Taken && inside) verdict = RootVerdict::BeforeFrame;
        if (verdict == RootVerdict::Taken) {
            const double along = dot(w + displacement * t_entry, u);
            if (along < 0.0 || along > length2) {
                verdict = RootVerdict::OffFeature;
                entry.first = along < 0.0 ? FirstContact::CapA : FirstContact::CapB;
            } else {
                entry = {FirstContact::Band, t_entry};
            }
        }
        if (candidate) {
            candidate->roots.push_back({t_entry, verdict});
            candidate->roots.push_back({t_exit, t_exit < 0.0 || t_exit > 1.0
                                                    ? detail::frame_verdict(t_exit)
                                                    : RootVerdict::Leaving});
        }
    }
    return entry;
}

// The contact of a band entry at time t: the foot of the perpendicular, the line's normal on
// the side the circle came from.
Hit band_contact(const Circle& mover, Vec2 displacement, const Segment& obstacle, double t) {
    const Vec2 u = obstacle.b - obstacle.a;
    const double length2 = dot(u, u);
    const double start = detail::accurate_cross(u, mover.center - obstacle.a);
    const double side = start > 0.0 ? 1.0 : -1.0;
    const double along = dot(mover.center - obstacle.a + displacement * t, u);
    const Vec2 normal = perp(u) * (side / std::sqrt(length2));
    return Hit{t,     obstacle.a + u * (along / length2), normal, Feature::SegmentInterior,
               false, closing_in(displacement, normal)};
}

std::optional<double> cap_entry(const Circle& mover, Vec2 displacement, Vec2 endpoint,
                                Feature feature, Trace* trace) {
    TraceCandidate* candidate = nullptr;
    if (trace)
        candidate =
            &trace->add_candidate(feature == Feature::EndpointA ? "cap A" : "cap B", feature);
    return detail::first_touch_of_disk(mover.center - endpoint, displacement, mover.radius,
                                       candidate);
}

// The contact of a cap entry at time t: the endpoint, the normal toward the center.
Hit cap_contact(const Circle& mover, Vec2 displacement, Vec2 endpoint, Feature feature, double t) {
    const Vec2 center = mover.center + displacement * t;
    Vec2 normal = normalized_or(center - endpoint, Vec2{});
    if (normal == Vec2{}) normal = normalized_or(-displacement, Vec2{0.0, 1.0}); // radius 0
    return Hit{t, endpoint, normal, feature, false, closing_in(displacement, normal)};
}

// The smaller and the larger of two doubles, written so that GCC emits minsd / maxsd rather
// than a compare and a branch (std::fmin / std::fmax are library calls).
inline double min_of(double p, double q) {
    return p < q ? p : q;
}
inline double max_of(double p, double q) {
    return p > q ? p : q;
}

// The largest magnitude among the query's nine inputs (what detail::input_scale looks at),
// as a chain of maxsd instead of its loop's compares and branches: `x > m ? x : m` keeps m for
// a NaN x, as the loop does.
double largest_input(const Circle& mover, Vec2 displacement, const Segment& obstacle) {
    const auto up = [](double m, double v) { return max_of(std::fabs(v), m); };
    double m = up(0.0, mover.center.x);
    m = up(m, mover.center.y);
    m = up(m, mover.radius);
    m = up(m, displacement.x);
    m = up(m, displacement.y);
    m = up(m, obstacle.a.x);
    m = up(m, obstacle.a.y);
    m = up(m, obstacle.b.x);
    return up(m, obstacle.b.y);
}

// True when the circle's swept box and the segment's box are apart on some axis, so no contact
// is possible. `largest` is the largest magnitude of the inputs; the boxes are padded by
// 2^-46 of it, more than the rounding of the few operations here, so the box never rejects a
// touch that the exact test would report. Written without branches (min_of / max_of, `|`): a
// random query's comparisons mispredict about half of the time.
bool boxes_apart(const Circle& mover, Vec2 displacement, const Segment& obstacle, double largest) {
    const double pad = mover.radius + 0x1p-46 * largest;
    const auto apart = [pad](double c, double d, double a, double b) {
        const double end = c + d;
        const double sweep_lo = min_of(c, end) - pad, sweep_hi = max_of(c, end) + pad;
        const double wall_lo = min_of(a, b), wall_hi = max_of(a, b);
        return (sweep_hi < wall_lo) | (wall_hi < sweep_lo);
    };
    const bool apart_x = apart(mover.center.x, displacement.x, obstacle.a.x, obstacle.b.x);
    const bool apart_y = apart(mover.center.y, displacement.y, obstacle.a.y, obstacle.b.y);
    return apart_x | apart_y;
}

// The query with a trace: every candidate is solved and recorded, and the answer is chosen as
// the untraced query below chooses it (band first, then the one cap that can be first).
std::optional<Hit> traced_time_of_impact(const Circle& mover, Vec2 displacement,
                                         const Segment& obstacle, Trace* trace) {
    trace->begin("circle_segment");
    if (const auto overlap = detail::overlap_at_start(mover, obstacle, displacement)) {
        trace->overlap_at_start = true;
        return overlapping_hit(*overlap, displacement);
    }
    const BandEntry band = band_entry(mover, displacement, obstacle, trace);
    const std::optional<double> cap_a =
        cap_entry(mover, displacement, obstacle.a, Feature::EndpointA, trace);
    const std::optional<double> cap_b =
        cap_entry(mover, displacement, obstacle.b, Feature::EndpointB, trace);
    std::optional<Hit> best;
    if (band.first == FirstContact::Band)
        best = band_contact(mover, displacement, obstacle, band.t);
    else if (band.first == FirstContact::CapA && cap_a)
        best = cap_contact(mover, displacement, obstacle.a, Feature::EndpointA, *cap_a);
    else if (band.first == FirstContact::CapB && cap_b)
        best = cap_contact(mover, displacement, obstacle.b, Feature::EndpointB, *cap_b);
    trace->settle(best ? &*best : nullptr);
    return best;
}

// first_touch_of_disk (first_touch.hpp) for offset m from the disk's center, operand for
// operand, with c = |m|^2 - r^2, a = |d|^2 and reach = r |d| given; `ok` says whether there is
// an entry, and t is then the entry time.
struct CapTouch {
    double t;
    bool ok;
};
CapTouch cap_touch(Vec2 m, Vec2 d, double c, double a, double reach) {
    const double b = dot(d, m);
    const double miss = std::fabs(detail::accurate_cross(d, m));
    const double disc = (reach - miss) * (reach + miss);
    const double root = c / (std::sqrt(disc < 0.0 ? 0.0 : disc) - b); // (no errno call)
    const bool touching = c <= 0.0;
    const bool ok = (a > 0.0) & !(b >= 0.0) & !(disc < 0.0) & (touching | !(root > 1.0));
    return {touching ? 0.0 : root, ok};
}

// The untraced query: the same decisions as overlap_at_start, band_entry and
// first_touch_of_disk, operand for operand (so the same bits), computed as one straight line
// with the branches turned into masks, as in the batch kernel (batch_circle_segment.cpp).
// On a random stream of queries every data-dependent branch mispredicts, and the query is
// bound by the latency of its chain of square roots and divisions; so both caps are solved
// alongside the band rather than after it (only the one the band names is kept), and the
// only branches left are the box test, which resolves early, and the final choice of contact.
std::optional<Hit> untraced_time_of_impact(const Circle& mover, Vec2 d, const Segment& obstacle,
                                           double largest) {
    if (boxes_apart(mover, d, obstacle, largest)) return std::nullopt;
    const double radius = mover.radius;
    const Vec2 u = obstacle.b - obstacle.a;
    const Vec2 w = mover.center - obstacle.a;  // offset from A
    const Vec2 mb = mover.center - obstacle.b; // offset from B
    const double length2 = dot(u, u);
    const double along0 = dot(w, u);
    const double length = std::sqrt(length2);
    const double start = detail::accurate_cross(u, w); // signed distance to the line x |u|
    const double reach = radius * length;
    const double c_a = detail::accurate_distance_squared_minus(w, radius);
    const double c_b = detail::accurate_distance_squared_minus(mb, radius);

    // overlap_at_start
    const bool has_band = length2 > 0.0;
    const bool at_a = (along0 <= 0.0) | !has_band;
    const bool at_b = !at_a & (along0 >= length2);
    const bool inside = std::fabs(start) <= reach;
    const bool overlap = (at_a & !(c_a > 0.0)) | (at_b & !(c_b > 0.0)) | (!at_a & !at_b & inside);

    // band_entry. Of (reach - start) / rate and (-reach - start) / rate the entry is the smaller:
    // the one with -reach when rate > 0 (rounding is monotonic), so one division suffices.
    const double rate = detail::accurate_cross(u, d);
    const double t_band = ((rate > 0.0 ? -reach : reach) - start) / rate;
    const double along = dot(w + d * t_band, u);
    const bool entered = has_band & !inside & (rate != 0.0) & !(t_band < 0.0) & !(t_band > 1.0);
    const bool band = entered & !(along < 0.0) & !(along > length2);
    const bool first_a = (!has_band) | (inside & (along0 <= 0.0)) | (entered & (along < 0.0));
    const bool first_b = has_band & ((inside & !(along0 <= 0.0)) | (entered & (along > length2)));

    // first_touch_of_disk for both caps; the band names the one that can be first.
    const double a = dot(d, d);
    const double reach_cap = radius * std::sqrt(a);
    const CapTouch cap_a = cap_touch(w, d, c_a, a, reach_cap);
    const CapTouch cap_b = cap_touch(mb, d, c_b, a, reach_cap);
    const bool take_a = first_a & cap_a.ok;
    const bool take_b = !first_a & first_b & cap_b.ok;

    if (overlap) {
        if (const auto o = detail::overlap_at_start(mover, obstacle, d))
            return overlapping_hit(*o, d);
    }
    if (band) { // band_contact
        const Vec2 normal = perp(u) * ((start > 0.0 ? 1.0 : -1.0) / length);
        return Hit{t_band, obstacle.a + u * (along / length2),
                   normal, Feature::SegmentInterior,
                   false,  closing_in(d, normal)};
    }
    if (take_a | take_b)
        return cap_contact(mover, d, take_a ? obstacle.a : obstacle.b,
                           take_a ? Feature::EndpointA : Feature::EndpointB,
                           take_a ? cap_a.t : cap_b.t);
    return std::nullopt;
}

// Inputs out of the comfortable range (rescaled by a power of two, then asked again) and
// queries with a trace: out of line, so that the hot path stays small.
[[gnu::noinline]] std::optional<Hit> slow_time_of_impact(const Circle& mover, Vec2 displacement,
                                                         const Segment& obstacle, Trace* trace,
                                                         double largest) {
    if (const double k = detail::scale_for_largest(largest); k != 1.0) {
        auto hit = time_of_impact(Circle{mover.center * k, mover.radius * k}, displacement * k,
                                  Segment{obstacle.a * k, obstacle.b * k}, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    return traced_time_of_impact(mover, displacement, obstacle, trace);
}

} // namespace

CCD_HOT_CLONES std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement,
                                                 const Segment& obstacle, Trace* trace) {
    const double largest = largest_input(mover, displacement, obstacle);
    if (trace || detail::scale_for_largest(largest) != 1.0) [[unlikely]]
        return slow_time_of_impact(mover, displacement, obstacle, trace, largest);
    return untraced_time_of_impact(mover, displacement, obstacle, largest);
}

std::optional<Hit> time_of_impact_translating(const Circle& mover, Vec2 displacement,
                                              const Segment& obstacle, Vec2 obstacle_displacement,
                                              Trace* trace) {
    if (const double k =
            detail::input_scale({mover.center.x, mover.center.y, mover.radius, displacement.x,
                                 displacement.y, obstacle.a.x, obstacle.a.y, obstacle.b.x,
                                 obstacle.b.y, obstacle_displacement.x, obstacle_displacement.y});
        k != 1.0) {
        auto hit = time_of_impact_translating(
            Circle{mover.center * k, mover.radius * k}, displacement * k,
            Segment{obstacle.a * k, obstacle.b * k}, obstacle_displacement * k, trace);
        if (hit) hit->point *= 1.0 / k;
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
    if (const double k =
            detail::input_scale({mover.x, mover.y, displacement.x, displacement.y, obstacle.a.x,
                                 obstacle.a.y, obstacle.b.x, obstacle.b.y});
        k != 1.0) {
        auto hit = time_of_impact(mover * k, displacement * k,
                                  Segment{obstacle.a * k, obstacle.b * k}, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    // A ray cast. The time of impact takes no square root: crossing the line is the linear
    // equation cross(u, w) + cross(u, d) t = 0; reaching an endpoint along the segment's own
    // line is |m|^2 / -(d.m). Only the unit normal needs one.
    if (trace) trace->begin("point_segment");
    if (const auto overlap = detail::overlap_at_start(Circle{mover, 0.0}, obstacle, displacement)) {
        if (trace) trace->overlap_at_start = true;
        return overlapping_hit(*overlap, displacement);
    }
    const Vec2 u = obstacle.b - obstacle.a;
    const Vec2 w = mover - obstacle.a;
    const double start = detail::accurate_cross(u, w);
    const double rate = detail::accurate_cross(u, displacement);
    std::optional<Hit> best;
    if (start != 0.0 && rate != 0.0 && (start > 0.0) != (rate > 0.0) &&
        std::fabs(start) <= std::fabs(rate)) {
        const double t = -start / rate;
        const double along = dot(w + displacement * t, u);
        const double length2 = dot(u, u);
        if (length2 > 0.0 && along >= 0.0 && along <= length2) {
            const Vec2 normal = normalized_or(perp(u) * (start > 0.0 ? 1.0 : -1.0), Vec2{0.0, 1.0});
            best = Hit{t,     obstacle.a + u * (along / length2), normal, Feature::SegmentInterior,
                       false, closing_in(displacement, normal)};
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
