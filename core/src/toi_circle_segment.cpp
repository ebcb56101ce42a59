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

// True when the circle's swept box and the segment's box are apart on some axis, so no contact
// is possible. The boxes are padded by a few ulps of the coordinates, so rounding in the box
// never rejects a touch that the exact test below would report.
bool boxes_apart(const Circle& mover, Vec2 displacement, const Segment& obstacle) {
    const auto apart = [&](double c, double d, double a, double b) {
        const double end = c + d;
        const double pad = mover.radius + 0x1p-48 * (std::fabs(c) + std::fabs(d) + mover.radius);
        const double sweep_lo = (c < end ? c : end) - pad, sweep_hi = (c < end ? end : c) + pad;
        const double wall_lo = a < b ? a : b, wall_hi = a < b ? b : a;
        return sweep_hi < wall_lo || wall_hi < sweep_lo;
    };
    return apart(mover.center.x, displacement.x, obstacle.a.x, obstacle.b.x) ||
           apart(mover.center.y, displacement.y, obstacle.a.y, obstacle.b.y);
}

} // namespace

CCD_HOT_CLONES std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement,
                                                 const Segment& obstacle, Trace* trace) {
    if (const double k = detail::input_scale({mover.center.x, mover.center.y, mover.radius,
                                              displacement.x, displacement.y, obstacle.a.x,
                                              obstacle.a.y, obstacle.b.x, obstacle.b.y});
        k != 1.0) {
        auto hit = time_of_impact(Circle{mover.center * k, mover.radius * k}, displacement * k,
                                  Segment{obstacle.a * k, obstacle.b * k}, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    if (trace)
        trace->begin("circle_segment");
    else if (boxes_apart(mover, displacement, obstacle))
        return std::nullopt; // (with a trace, every candidate is recorded even so)
    if (const auto overlap = detail::overlap_at_start(mover, obstacle, displacement)) {
        if (trace) trace->overlap_at_start = true;
        return overlapping_hit(*overlap, displacement);
    }

    const BandEntry band = band_entry(mover, displacement, obstacle, trace);
    // With a trace both caps are solved and recorded; the answer is chosen the same way.
    std::optional<double> cap_a, cap_b;
    if (trace || band.first == FirstContact::CapA)
        cap_a = cap_entry(mover, displacement, obstacle.a, Feature::EndpointA, trace);
    if (trace || band.first == FirstContact::CapB)
        cap_b = cap_entry(mover, displacement, obstacle.b, Feature::EndpointB, trace);
    std::optional<Hit> best;
    if (band.first == FirstContact::Band)
        best = band_contact(mover, displacement, obstacle, band.t);
    else if (band.first == FirstContact::CapA && cap_a)
        best = cap_contact(mover, displacement, obstacle.a, Feature::EndpointA, *cap_a);
    else if (band.first == FirstContact::CapB && cap_b)
        best = cap_contact(mover, displacement, obstacle.b, Feature::EndpointB, *cap_b);
    if (trace) trace->settle(best ? &*best : nullptr);
    return best;
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
    if (!best && start == 0.0) {
        // On the segment's line, beside the segment: it can only run into the nearer endpoint.
        for (const auto& [end, feature] : {std::pair{obstacle.a, Feature::EndpointA},
                                           std::pair{obstacle.b, Feature::EndpointB}}) {
            const Vec2 m = mover - end;
            const double closing = -dot(displacement, m);
            if (detail::accurate_cross(displacement, m) != 0.0 || !(closing > 0.0)) continue;
            const double t = dot(m, m) / closing;
            if (t <= 1.0 && (!best || t < best->t)) {
                const Vec2 normal = normalized_or(-displacement, Vec2{0.0, 1.0});
                best = Hit{t, end, normal, feature, false, true};
            }
        }
    }
    if (trace) {
        TraceCandidate& line = trace->add_candidate("line crossing", Feature::SegmentInterior);
        line.b = rate; // f(t) = cross(u, w(t)) = start + rate t
        line.c = start;
        if (rate == 0.0) {
            line.note = "moving parallel to the segment";
        } else {
            const double t = -start / rate;
            RootVerdict verdict = detail::frame_verdict(t);
            const bool taken = best && best->feature == Feature::SegmentInterior;
            if (verdict == RootVerdict::Taken && !taken) verdict = RootVerdict::OffFeature;
            line.roots.push_back({t, verdict});
        }
    }
    return best;
}

} // namespace ccd
