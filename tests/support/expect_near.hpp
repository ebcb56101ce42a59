#pragma once
// The World tests' comparison of two vectors, component by component.

#include "ccd/vec2.hpp"

#include <gtest/gtest.h>

namespace ccd_test {

inline void expect_near(ccd::Vec2 actual, ccd::Vec2 expected, double eps = 1e-12) {
    EXPECT_NEAR(actual.x, expected.x, eps);
    EXPECT_NEAR(actual.y, expected.y, eps);
}

} // namespace ccd_test
