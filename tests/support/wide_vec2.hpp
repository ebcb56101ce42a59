#pragma once
// A 2D vector of long doubles, for the tests' independent references: positions, distances and
// crossings recomputed with 11 more bits than the queries have.

#include "ccd/vec2.hpp"

namespace ccd_test {

using real = long double;

struct V {
    real x, y;
};
inline V operator-(V a, V b) {
    return {a.x - b.x, a.y - b.y};
}
inline V operator+(V a, V b) {
    return {a.x + b.x, a.y + b.y};
}
inline V operator*(V a, real s) {
    return {a.x * s, a.y * s};
}
inline real dotl(V a, V b) {
    return a.x * b.x + a.y * b.y;
}
inline real crossl(V a, V b) {
    return a.x * b.y - a.y * b.x;
}
inline V wide(ccd::Vec2 v) {
    return {v.x, v.y};
}

} // namespace ccd_test
