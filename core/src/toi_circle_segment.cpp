#include "ccd/toi_circle_segment.hpp"

#include "exact_arithmetic.hpp"
#include "first_touch.hpp"
#include "input_scaling.hpp"
#include "segment_overlap.hpp"

#include <cmath>

namespace ccd {
namespace {

bool closing_in(Vec2 displacement, Vec2 normal) {
    return dot(displacement, normal) < 0.0;
}

Hit overlapping_hit(const detail::SegmentOverlap& o, Vec2 displacement) {
    return Hit{0.0, o.point, o.normal, o.feature, true, closing_in(displacement, o.normal)};
}

// Entry into the band: the signed distance to the line, cross(u, center(t) - a) / |u|, is
// linear in t, so the band is entered when it reaches +-radius, provided the projection of
// the center then lies on the segment.
std::optional<Hit> band_hit(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                            Trace* trace) {
    const Vec2 u = obstacle.b - obstacle.a;
    const double length2 = dot(u, u);
    TraceCandidate* candidate = nullptr;
    if (trace) candidate = &trace->add_candidate("band", Feature::SegmentInterior);
    if (!(length2 > 0.0)) {
        if (candidate) candidate->note = "zero-length segment: no band";
        return std::nullopt;
    }
    const double length = std::sqrt(length2);
    const double start = detail::accurate_cross(u, mover.center - obstacle.a);
    const double rate = detail::accurate_cross(u, displacement);
    const double reach = mover.radius * length;
    const Vec2 center_hit_offset = mover.center - obstacle.a;

    // Signed distance s(t) = (start + rate t) / |u|; the candidate is s(t)^2 - r^2.
    std::optional<double> entry;
    if (candidate) {
        const double s0 = start / length, s1 = rate / length;
        candidate->a = s1 * s1;
        candidate->b = 2.0 * s0 * s1;
        candidate->c = s0 * s0 - mover.radius * mover.radius;
        candidate->discriminant = 4.0 * s1 * s1 * mover.radius * mover.radius;
        if (rate == 0.0) candidate->note = "moving parallel to the segment: s(t) is constant";
    }
    if (rate != 0.0) {
        // Roots where start + rate t = +-reach; the entry root is where |s| comes down to r.
        const double t_plus = (reach - start) / rate, t_minus = (-reach - start) / rate;
        const double t_entry = std::fmin(t_plus, t_minus), t_exit = std::fmax(t_plus, t_minus);
        RootVerdict verdict = detail::frame_verdict(t_entry);
        if (verdict == RootVerdict::Taken && std::fabs(start) <= reach)
            verdict = RootVerdict::BeforeFrame; // inside the band already: entered in the past
        if (verdict == RootVerdict::Taken) {
            const double along = dot(center_hit_offset + displacement * t_entry, u);
            if (along < 0.0 || along > length2)
                verdict = RootVerdict::OffFeature;
            else
                entry = t_entry;
        }
        if (candidate) {
            candidate->roots.push_back({t_entry, verdict});
            candidate->roots.push_back({t_exit, t_exit < 0.0 || t_exit > 1.0
                                                    ? detail::frame_verdict(t_exit)
                                                    : RootVerdict::Leaving});
        }
    }
    if (!entry) return std::nullopt;
    const double side = start > 0.0 ? 1.0 : -1.0;
    const double along = dot(center_hit_offset + displacement * *entry, u);
    const Vec2 normal = perp(u) * (side / length);
    return Hit{*entry, obstacle.a + u * (along / length2), normal, Feature::SegmentInterior,
               false,  closing_in(displacement, normal)};
}

std::optional<Hit> cap_hit(const Circle& mover, Vec2 displacement, Vec2 endpoint, Feature feature,
                           Trace* trace) {
    TraceCandidate* candidate = nullptr;
    if (trace)
        candidate =
            &trace->add_candidate(feature == Feature::EndpointA ? "cap A" : "cap B", feature);
    const auto t =
        detail::first_touch_of_disk(mover.center - endpoint, displacement, mover.radius, candidate);
    if (!t) return std::nullopt;
    const Vec2 center = mover.center + displacement * *t;
    const Vec2 normal =
        normalized_or(center - endpoint, normalized_or(-displacement, Vec2{0.0, 1.0}));
    return Hit{*t, endpoint, normal, feature, false, closing_in(displacement, normal)};
}

void keep_earlier(std::optional<Hit>& best, const std::optional<Hit>& candidate) {
    if (candidate && (!best || candidate->t < best->t)) best = candidate;
}

} // namespace

std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                                  Trace* trace) {
    if (const double k = detail::input_scale({mover.center.x, mover.center.y, mover.radius,
                                              displacement.x, displacement.y, obstacle.a.x,
                                              obstacle.a.y, obstacle.b.x, obstacle.b.y});
        k != 1.0) {
        auto hit = time_of_impact(Circle{mover.center * k, mover.radius * k}, displacement * k,
                                  Segment{obstacle.a * k, obstacle.b * k}, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    if (trace) trace->begin("circle_segment");
    if (const auto overlap = detail::overlap_at_start(mover, obstacle, displacement)) {
        if (trace) trace->overlap_at_start = true;
        return overlapping_hit(*overlap, displacement);
    }

    std::optional<Hit> best = band_hit(mover, displacement, obstacle, trace);
    keep_earlier(best, cap_hit(mover, displacement, obstacle.a, Feature::EndpointA, trace));
    keep_earlier(best, cap_hit(mover, displacement, obstacle.b, Feature::EndpointB, trace));
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
