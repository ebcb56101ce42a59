#pragma once
// WorldBox: an axis-aligned box in world coordinates that grows to hold what it is given; what
// Home frames (everything a view draws over the frame).

#include "ccd/vec2.hpp"

#include <algorithm>
#include <limits>

namespace ccdlab {

struct WorldBox {
    ccd::Vec2 lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
    ccd::Vec2 hi{-std::numeric_limits<double>::infinity(),
                 -std::numeric_limits<double>::infinity()};

    bool empty() const { return !(lo.x <= hi.x && lo.y <= hi.y); }
    // Grows to hold the disc of `radius` about `p` (a point when 0).
    void include(ccd::Vec2 p, double radius = 0.0) {
        lo = {std::min(lo.x, p.x - radius), std::min(lo.y, p.y - radius)};
        hi = {std::max(hi.x, p.x + radius), std::max(hi.y, p.y + radius)};
    }
    void merge(const WorldBox& other) {
        if (other.empty()) return;
        include(other.lo);
        include(other.hi);
    }
};

} // namespace ccdlab
