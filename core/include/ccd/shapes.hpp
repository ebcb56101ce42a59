#pragma once
// The shapes a query takes: plain values, positions at t = 0.

#include "ccd/vec2.hpp"

namespace ccd {

struct Circle {
    Vec2 center;
    double radius = 0.0; // >= 0; a radius of 0 is a point
};

struct Segment {
    Vec2 a;
    Vec2 b;
};

} // namespace ccd
