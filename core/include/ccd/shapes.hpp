#pragma once
// The shapes a query takes: plain values, positions at t = 0.

#include "ccd/vec2.hpp"

namespace ccd {

struct Circle {
    Vec2 center;
    double radius = 0.0; // >= 0; a radius of 0 is a point
    friend bool operator==(const Circle&, const Circle&) = default;
};

struct Segment {
    Vec2 a;
    Vec2 b;
    friend bool operator==(const Segment&, const Segment&) = default;
};

} // namespace ccd
