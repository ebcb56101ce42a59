// Conservative advancement, as Box2D's b2TimeOfImpact does it for a circle and an edge: step
// forward by the current gap over the largest possible closing speed, which can never step past
// the contact, until the gap is within a tolerance.

#include "ccd/algorithms.hpp"
#include "ccd/closest_point.hpp"

#include <algorithm>
#include <cmath>

namespace ccd {

std::optional<Hit> conservative_advancement(const Circle& mover, Vec2 displacement,
                                            const Segment& obstacle, Trace* trace) {
    const double scale =
        std::max({1.0, std::fabs(mover.center.x), std::fabs(mover.center.y), mover.radius,
                  std::fabs(displacement.x), std::fabs(displacement.y), std::fabs(obstacle.a.x),
                  std::fabs(obstacle.a.y), std::fabs(obstacle.b.x), std::fabs(obstacle.b.y)});
    const double tolerance = kCircleAdvancementMargin * scale;
    const double speed = length(displacement);
    if (trace) trace->begin("circle_segment (conservative-advancement)");
    TraceCandidate* steps =
        trace ? &trace->add_candidate("advancement steps", Feature::SegmentInterior) : nullptr;
    double t = 0.0;
    Vec2 center = mover.center;
    ClosestPoint closest = closest_point_on_segment(center, obstacle);
    for (int step = 0; step < 64; ++step) {
        center = mover.center + displacement * t;
        closest = closest_point_on_segment(center, obstacle);
        const double gap = length(center - closest.point) - mover.radius;
        if (steps) steps->roots.push_back({t, RootVerdict::LaterThanBest});
        if (gap <= tolerance) {
            const Vec2 normal =
                normalized_or(center - closest.point, normalized_or(-displacement, Vec2{0.0, 1.0}));
            if (steps) steps->roots.back().verdict = RootVerdict::Taken;
            return Hit{t,
                       closest.point,
                       normal,
                       closest.feature,
                       step == 0 && gap <= 0.0,
                       dot(displacement, normal) < 0.0};
        }
        if (!(speed > 0.0)) return std::nullopt;
        t += gap / speed;
        if (t > 1.0) {
            if (steps) steps->note = "no contact within the frame";
            return std::nullopt;
        }
    }
    // Out of steps (a slow graze): t is still at or before the contact, so report it there.
    if (steps) steps->note = "stopped after 64 steps, short of convergence";
    const Vec2 normal =
        normalized_or(center - closest.point, normalized_or(-displacement, Vec2{0.0, 1.0}));
    return Hit{t, closest.point, normal, closest.feature, false, dot(displacement, normal) < 0.0};
}

} // namespace ccd
