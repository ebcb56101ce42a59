#include "ccd/closest_point.hpp"

namespace ccd {

ClosestPoint closest_point_on_segment(Vec2 p, const Segment& segment) {
    const Vec2 tangent = segment.b - segment.a;
    const double along = dot(p - segment.a, tangent);
    if (along <= 0.0) return {segment.a, Feature::EndpointA};
    const double length2 = dot(tangent, tangent);
    if (along >= length2) return {segment.b, Feature::EndpointB};
    return {segment.a + tangent * (along / length2), Feature::SegmentInterior};
}

} // namespace ccd
