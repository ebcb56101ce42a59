#pragma once
// A center that the rounding of its contact position left past the line of the wall it touches,
// put back on that line or on the body's side of it (docs/scheduler.md, "Rounding at a
// contact"). Private to the core; the World applies it (world_response.cpp), and its oracle
// (tests/core/world/reference_scheduler.cpp) does the same.

#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/shapes.hpp"

#include "ulp_step.hpp"

#include <cmath>

namespace ccd::detail {

// `line` is the wall at the contact's time, `normal` the contact's unit normal toward the body
// (for a contact with the wall's interior: the line's normal). The side is decided as the
// circle-segment query decides it, by the sign of the signed area cross(b - a, center - a).
// A center on the body's side or on the line is returned as it is (every disk of a radius
// above the rounding: its center is a radius away from the line). One past it is moved back
// along the normal by its distance to the line, then by an ulp at a time toward the body's
// side (at most eight) until the signed area is no longer on the far side.
inline Vec2 on_the_body_side(Vec2 center, const Segment& line, Vec2 normal) {
    const Vec2 u = line.b - line.a;
    const double side = accurate_cross(u, normal); // its sign: the body's side
    const auto area = [&](Vec2 c) { return accurate_cross(u, c - line.a); };
    const auto past = [&](Vec2 c) {
        const double s = area(c);
        return side > 0.0 ? s < 0.0 : (side < 0.0 && s > 0.0);
    };
    if (!past(center)) return center;
    const double length = std::sqrt(dot(u, u));
    Vec2 c = center + normal * (std::fabs(area(center)) / length);
    for (int k = 0; k < 8 && past(c); ++k)
        c = stepped_toward(c, normal);
    return c;
}

// Whether a center lies on the wall's line, or past it (not on the side `normal` points to),
// as on_the_body_side decides it, and projects strictly between the wall's ends: a point there
// is held by the wall, and a velocity that closes on it would carry the point through.
inline bool on_the_line_within(Vec2 center, const Segment& line, Vec2 normal) {
    const Vec2 u = line.b - line.a;
    const double along = dot(center - line.a, u);
    if (!(along > 0.0) || !(dot(center - line.b, u) < 0.0)) return false;
    const double side = accurate_cross(u, normal);
    const double s = accurate_cross(u, center - line.a);
    return s == 0.0 || (side > 0.0 ? s < 0.0 : (side < 0.0 && s > 0.0));
}

} // namespace ccd::detail
