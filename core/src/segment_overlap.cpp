#include "segment_overlap.hpp"

#include "exact_arithmetic.hpp"

#include <cmath>

namespace ccd::detail {

std::optional<SegmentOverlap> overlap_at_start(const Circle& mover, const Segment& segment,
                                               Vec2 relative_motion) {
    const Vec2 u = segment.b - segment.a;
    const Vec2 w = mover.center - segment.a;
    const double length2 = dot(u, u);
    const double along = dot(w, u);
    const Vec2 away = normalized_or(-relative_motion, Vec2{0.0, 1.0});
    const auto cap = [&](Vec2 end, Feature feature, double at) -> std::optional<SegmentOverlap> {
        const Vec2 offset = mover.center - end;
        if (accurate_distance_squared_minus(offset, mover.radius) > 0.0) return std::nullopt;
        return SegmentOverlap{end, normalized_or(offset, away), feature, at};
    };
    if (along <= 0.0 || !(length2 > 0.0)) return cap(segment.a, Feature::EndpointA, 0.0);
    if (along >= length2) return cap(segment.b, Feature::EndpointB, 1.0);

    const double length = std::sqrt(length2);
    const double area = accurate_cross(u, w); // signed distance times |u|
    if (std::fabs(area) > mover.radius * length) return std::nullopt;
    Vec2 normal = perp(u) * (1.0 / length);
    if (area < 0.0 || (area == 0.0 && dot(normal, relative_motion) > 0.0)) normal = -normal;
    return SegmentOverlap{segment.a + u * (along / length2), normal, Feature::SegmentInterior,
                          along / length2};
}

} // namespace ccd::detail
