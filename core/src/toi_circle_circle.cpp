#include "ccd/toi_circle_circle.hpp"

#include "exact_arithmetic.hpp"
#include "first_touch.hpp"
#include "input_scaling.hpp"

namespace ccd {
namespace {

// A point at `offset` from a disk's center, moving by `motion` relative to it.
struct RelativeHit {
    double t;
    Vec2 normal; // from the disk's center toward the point at time t
    bool overlap;
};

std::optional<RelativeHit> point_against_disk(Vec2 offset, Vec2 motion, double radius, Trace* trace,
                                              const char* query, Feature feature) {
    const Vec2 away_from_motion = normalized_or(-motion, Vec2{0.0, 1.0});
    if (trace) trace->begin(query);
    if (detail::accurate_distance_squared_minus(offset, radius) <= 0.0) {
        if (trace) trace->overlap_at_start = true;
        return RelativeHit{0.0, normalized_or(offset, away_from_motion), true};
    }
    TraceCandidate* candidate = nullptr;
    if (trace) candidate = &trace->add_candidate("disk", feature);
    const auto t = detail::first_touch_of_disk(offset, motion, radius, candidate);
    if (trace) {
        const Hit settled{t.value_or(0.0), {}, {}, feature};
        trace->settle(t ? &settled : nullptr);
    }
    if (!t) return std::nullopt;
    return RelativeHit{*t, normalized_or(offset + motion * *t, away_from_motion), false};
}

} // namespace

std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, Vec2 point,
                                  Trace* trace) {
    if (const double k = detail::input_scale({mover.center.x, mover.center.y, mover.radius,
                                              displacement.x, displacement.y, point.x, point.y});
        k != 1.0) {
        auto hit = time_of_impact(Circle{mover.center * k, mover.radius * k}, displacement * k,
                                  point * k, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    const auto relative = point_against_disk(mover.center - point, displacement, mover.radius,
                                             trace, "circle_point", Feature::Point);
    if (!relative) return std::nullopt;
    return Hit{relative->t,       point,
               relative->normal,  Feature::Point,
               relative->overlap, dot(displacement, relative->normal) < 0.0};
}

std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, const Circle& obstacle,
                                  Vec2 obstacle_displacement, Trace* trace) {
    if (const double k = detail::input_scale({mover.center.x, mover.center.y, mover.radius,
                                              displacement.x, displacement.y, obstacle.center.x,
                                              obstacle.center.y, obstacle.radius,
                                              obstacle_displacement.x, obstacle_displacement.y});
        k != 1.0) {
        auto hit = time_of_impact(Circle{mover.center * k, mover.radius * k}, displacement * k,
                                  Circle{obstacle.center * k, obstacle.radius * k},
                                  obstacle_displacement * k, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    const Vec2 motion = displacement - obstacle_displacement;
    const auto relative =
        point_against_disk(mover.center - obstacle.center, motion, mover.radius + obstacle.radius,
                           trace, "circle_circle", Feature::Circle);
    if (!relative) return std::nullopt;
    const Vec2 obstacle_center = obstacle.center + obstacle_displacement * relative->t;
    return Hit{relative->t,       obstacle_center + relative->normal * obstacle.radius,
               relative->normal,  Feature::Circle,
               relative->overlap, dot(motion, relative->normal) < 0.0};
}

} // namespace ccd
