#include "ccd/toi_circle_segment.hpp"

#include "ccd/closest_point.hpp"
#include "exact_arithmetic.hpp"
#include "first_touch.hpp"

#include <cmath>

namespace ccd {
namespace {

bool closing_in(Vec2 displacement, Vec2 normal) {
    return dot(displacement, normal) < 0.0;
}

// The shapes touch at t = 0. The normal points from the closest point toward the center; when
// the center lies on the segment it is the segment's normal on the side the circle came from.
Hit overlapping_hit(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                    const ClosestPoint& closest) {
    Vec2 normal = normalized_or(mover.center - closest.point, Vec2{});
    if (normal == Vec2{}) {
        const Vec2 fallback = normalized_or(-displacement, Vec2{0.0, 1.0});
        normal = normalized_or(perp(obstacle.b - obstacle.a), fallback);
        if (dot(normal, displacement) > 0.0) normal = -normal;
    }
    return Hit{0.0, closest.point, normal, closest.feature, true, closing_in(displacement, normal)};
}

// Entry into the band: the signed distance to the line, cross(u, center(t) - a) / |u|, is
// linear in t, so the band is entered when it reaches +-radius, provided the projection of
// the center then lies on the segment.
std::optional<Hit> band_hit(const Circle& mover, Vec2 displacement, const Segment& obstacle) {
    const Vec2 u = obstacle.b - obstacle.a;
    const double length2 = dot(u, u);
    if (!(length2 > 0.0)) return std::nullopt;
    const double length = std::sqrt(length2);
    const double start = detail::accurate_cross(u, mover.center - obstacle.a);
    const double rate = detail::accurate_cross(u, displacement);
    const double reach = mover.radius * length;
    if (std::fabs(start) <= reach) return std::nullopt; // beside an end: a cap comes first
    const double side = start > 0.0 ? 1.0 : -1.0;
    if (rate * side >= 0.0) return std::nullopt; // not closing in on the line
    const double t = (std::fabs(start) - reach) / std::fabs(rate);
    if (t > 1.0) return std::nullopt;
    const double along = dot(mover.center + displacement * t - obstacle.a, u);
    if (along < 0.0 || along > length2) return std::nullopt;
    const Vec2 normal = perp(u) * (side / length);
    return Hit{t,     obstacle.a + u * (along / length2), normal, Feature::SegmentInterior,
               false, closing_in(displacement, normal)};
}

std::optional<Hit> cap_hit(const Circle& mover, Vec2 displacement, Vec2 endpoint, Feature feature) {
    const auto t = detail::first_touch_of_disk(mover.center - endpoint, displacement, mover.radius);
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

std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, const Segment& obstacle) {
    const ClosestPoint closest = closest_point_on_segment(mover.center, obstacle);
    if (detail::accurate_distance_squared_minus(mover.center - closest.point, mover.radius) <= 0.0)
        return overlapping_hit(mover, displacement, obstacle, closest);

    std::optional<Hit> best = band_hit(mover, displacement, obstacle);
    keep_earlier(best, cap_hit(mover, displacement, obstacle.a, Feature::EndpointA));
    keep_earlier(best, cap_hit(mover, displacement, obstacle.b, Feature::EndpointB));
    return best;
}

} // namespace ccd
