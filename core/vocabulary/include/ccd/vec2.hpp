#pragma once
// Vec2: the 2D vector of the whole core, in double precision.

#include "ccd/hypot.hpp"

#include <cmath>

namespace ccd {

struct Vec2 {
    double x = 0.0;
    double y = 0.0;

    constexpr Vec2& operator+=(Vec2 o) {
        x += o.x;
        y += o.y;
        return *this;
    }
    constexpr Vec2& operator-=(Vec2 o) {
        x -= o.x;
        y -= o.y;
        return *this;
    }
    constexpr Vec2& operator*=(double s) {
        x *= s;
        y *= s;
        return *this;
    }
    friend constexpr bool operator==(Vec2, Vec2) = default;
};

constexpr Vec2 operator+(Vec2 a, Vec2 b) {
    return {a.x + b.x, a.y + b.y};
}
constexpr Vec2 operator-(Vec2 a, Vec2 b) {
    return {a.x - b.x, a.y - b.y};
}
constexpr Vec2 operator-(Vec2 a) {
    return {-a.x, -a.y};
}
constexpr Vec2 operator*(Vec2 a, double s) {
    return {a.x * s, a.y * s};
}
constexpr Vec2 operator*(double s, Vec2 a) {
    return {a.x * s, a.y * s};
}

constexpr double dot(Vec2 a, Vec2 b) {
    return a.x * b.x + a.y * b.y;
}
// z component of the 3D cross product: positive when b is counter-clockwise from a.
constexpr double cross(Vec2 a, Vec2 b) {
    return a.x * b.y - a.y * b.x;
}
// a rotated a quarter turn counter-clockwise, so that dot(perp(a), b) == cross(a, b).
constexpr Vec2 perp(Vec2 a) {
    return {-a.y, a.x};
}
constexpr double length_squared(Vec2 a) {
    return dot(a, a);
}
inline double length(Vec2 a) {
    return ccd::hypot(a.x, a.y);
}

// normalized_or for a vector whose length is not exact or not finite (below): scaled first.
Vec2 normalized_rescaled_or(Vec2 a, Vec2 fallback);

// a / |a|, or `fallback` when a is the zero vector. A unit vector for every finite a: a
// vector too short for |a| to be exact (subnormal components: |(5e-324, 5e-324)| rounds to
// 5e-324) is first scaled up by 2^1000, one too long for |a| to be finite scaled down by 2^-2,
// both exactly, which leaves its direction as it was (out of line: it is rare).
inline Vec2 normalized_or(Vec2 a, Vec2 fallback) {
    const double len = length(a);
    if (len > 0x1p-900 && len < 0x1p1000) [[likely]]
        return Vec2{a.x / len, a.y / len};
    return normalized_rescaled_or(a, fallback);
}

} // namespace ccd
