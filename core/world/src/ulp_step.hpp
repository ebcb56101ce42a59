#pragma once
// A point or a velocity moved by one ulp per component toward a direction: the last resort of
// the rounding fixes (collision_response.cpp's not_closing, wall_side.hpp's on_the_body_side).
// Private to the core.

#include "ccd/vec2.hpp"

#include <cmath>
#include <limits>

namespace ccd::detail {

// `v` with each component stepped to the next double in the sign of `direction`'s (kept where
// that component of the direction is 0).
inline Vec2 stepped_toward(Vec2 v, Vec2 direction) {
    const auto step = [](double x, double toward) {
        if (toward == 0.0) return x;
        const double inf = std::numeric_limits<double>::infinity();
        return std::nextafter(x, toward > 0.0 ? inf : -inf);
    };
    return {step(v.x, direction.x), step(v.y, direction.y)};
}

} // namespace ccd::detail
