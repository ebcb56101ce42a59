#pragma once
// Bodies the World's hand-worked tests build again and again.

#include "ccd/world.hpp"

namespace ccd_test {

// A ball (a point when `radius` is 0) of mass 1 that bounces.
inline ccd::BodyDef ball(ccd::Vec2 center, double radius, ccd::Vec2 velocity) {
    ccd::BodyDef def;
    def.shape = ccd::Circle{center, radius};
    def.velocity = velocity;
    return def;
}

} // namespace ccd_test
