#include "ccd/toi_capsule.hpp"

#include "ccd/closest_point.hpp"
#include "ccd/detail/earliest_of_queries.hpp"
#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/detail/input_scaling.hpp"
#include "ccd/toi_circle_segment.hpp"

#include <string>

namespace ccd {
namespace {

using detail::EarliestOfQueries;

int side_of_line(const Segment& s, Vec2 p) {
    const double v = detail::accurate_cross(s.b - s.a, p - s.a);
    return v > 0.0 ? 1 : v < 0.0 ? -1 : 0;
}

// The cores cross each other's insides at t = 0 (not merely touching: the candidates report a
// touch, with its normal).
bool cores_cross(const Segment& m, const Segment& o) {
    return side_of_line(o, m.a) * side_of_line(o, m.b) < 0 &&
           side_of_line(m, o.a) * side_of_line(m, o.b) < 0;
}

Hit crossing(const Segment& mover, const Segment& obstacle, double radius, Vec2 motion) {
    const Vec2 middle = (mover.a + mover.b) * 0.5;
    const Vec2 side = perp(obstacle.b - obstacle.a);
    const Vec2 normal = normalized_or(dot(side, middle - obstacle.a) < 0.0 ? -side : side,
                                      normalized_or(-motion, Vec2{0.0, 1.0}));
    Hit hit{0.0,    closest_point_on_segment(middle, obstacle).point + normal * radius,
            normal, Feature::SegmentInterior,
            true,   dot(motion, normal) < 0.0};
    hit.mover_edge = 0;
    return hit;
}

} // namespace

std::optional<Hit> time_of_impact(const Segment& mover, Vec2 displacement, const Segment& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace) {
    if (const auto k = detail::input_rescale(
            {mover.a.x, mover.a.y, mover.b.x, mover.b.y, mover.radius, displacement.x,
             displacement.y, obstacle.a.x, obstacle.a.y, obstacle.b.x, obstacle.b.y,
             obstacle.radius, obstacle_displacement.x, obstacle_displacement.y});
        k.needed()) {
        auto hit = time_of_impact(Segment{k(mover.a), k(mover.b), k(mover.radius)}, k(displacement),
                                  Segment{k(obstacle.a), k(obstacle.b), k(obstacle.radius)},
                                  k(obstacle_displacement), trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    if (trace) trace->begin("segment_segment");
    const Vec2 motion = displacement - obstacle_displacement; // the mover's, relative
    const Segment m{mover.a, mover.b}, o{obstacle.a, obstacle.b};
    if (cores_cross(m, o)) {
        if (trace) trace->overlap_at_start = true;
        return crossing(m, o, obstacle.radius, motion);
    }
    const double r = mover.radius + obstacle.radius;
    EarliestOfQueries earliest(trace);
    // Each end of the mover against the obstacle: the obstacle's feature as the query names it.
    for (int end = 0; end < 2; ++end) {
        const Vec2 p = end == 0 ? m.a : m.b;
        const auto hit = time_of_impact(Circle{p, r}, motion, o, earliest.part());
        earliest.record(std::string("mover end ") + (end == 0 ? "a" : "b"), true,
                        [end](TraceCandidate& c) { c.mover_vertex = end; });
        if (!hit) continue;
        Hit h = *hit;
        h.mover_vertex = end;
        h.point += obstacle_displacement * h.t + h.normal * obstacle.radius;
        earliest.offer(h);
    }
    // Each end of the obstacle against the mover, in the mover's frame: that end's cap touched
    // the mover's side (the band) or one of its ends (a cap).
    for (int end = 0; end < 2; ++end) {
        const Vec2 p = end == 0 ? o.a : o.b;
        const Feature feature = end == 0 ? Feature::EndpointA : Feature::EndpointB;
        const auto name = [](Feature f, auto& parts) {
            if (f == Feature::SegmentInterior)
                parts.mover_edge = 0;
            else
                parts.mover_vertex = f == Feature::EndpointA ? 0 : 1;
        };
        const auto hit = time_of_impact(Circle{p, r}, -motion, m, earliest.part());
        earliest.record(std::string("obstacle end ") + (end == 0 ? "a" : "b"), true,
                        [&](TraceCandidate& c) {
                            name(c.feature, c);
                            c.feature = feature;
                        });
        if (!hit) continue;
        const Vec2 normal = -hit->normal; // from the obstacle's end toward the mover
        Hit h{hit->t,       p + obstacle_displacement * hit->t + normal * obstacle.radius,
              normal,       feature,
              hit->overlap, hit->approaching};
        name(hit->feature, h);
        earliest.offer(h);
    }
    auto hit = earliest.answer();
    if (hit && hit->overlap && trace) trace->overlap_at_start = true;
    return hit;
}

} // namespace ccd
