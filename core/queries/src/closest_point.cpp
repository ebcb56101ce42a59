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

ClosestPoint closest_point_on_segment_clamped(Vec2 p, const Segment& segment) {
    const Vec2 u = segment.b - segment.a;
    const double length2 = dot(u, u);
    if (!(length2 > 0.0)) return {segment.a, Feature::EndpointA};
    const double r = dot(p - segment.a, u) / length2;
    if (r <= 0.0) return {segment.a, Feature::EndpointA};
    if (r >= 1.0) return {segment.b, Feature::EndpointB};
    return {segment.a + u * r, Feature::SegmentInterior};
}

} // namespace ccd
