// The hatching of a static body (hatching.hpp): lines at 45 degrees clipped to the outline,
// worked out by hand.
#include "hatching.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using ccd::Vec2;

void expect_vec(Vec2 got, Vec2 want) {
    EXPECT_NEAR(got.x, want.x, 1e-12);
    EXPECT_NEAR(got.y, want.y, 1e-12);
}

TEST(Hatching, TheUnitSquaresLinesEndOnItsSides) {
    // Levels of (x + y) / sqrt 2 at 0, 0.5 and 1 (sqrt 2 = 1.414 is the top), each line from
    // its upper-left end to its lower-right one (along (1, -1)). The level 0.5 is
    // x + y = 0.5 sqrt 2: from (0, 0.7071) on the left to (0.7071, 0) on the bottom; the level
    // 1 is x + y = sqrt 2: from (sqrt 2 - 1, 1) on the top to (1, sqrt 2 - 1) on the right.
    const std::vector<Vec2> square{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}};
    const auto lines = ccdlab::hatch_lines(square, 0.5);
    ASSERT_EQ(lines.size(), 3u);
    const double h = 0.5 * std::sqrt(2.0), r = std::sqrt(2.0) - 1.0;
    expect_vec(lines[1].a, {0.0, h});
    expect_vec(lines[1].b, {h, 0.0});
    expect_vec(lines[2].a, {r, 1.0});
    expect_vec(lines[2].b, {1.0, r});
}

TEST(Hatching, ADiscsChordsReachItsRim) {
    // The unit disc, 0.5 apart: levels -1 ... 1, five chords; the middle one through the
    // center along (1, -1) / sqrt 2, its ends on the rim.
    const auto lines = ccdlab::hatch_lines(ccd::Circle{{0.0, 0.0}, 1.0}, 0.5);
    ASSERT_EQ(lines.size(), 5u);
    const double h = std::sqrt(0.5);
    expect_vec(lines[2].a, {-h, h});
    expect_vec(lines[2].b, {h, -h});
}

TEST(Hatching, TheCountIsCapped) {
    const std::vector<Vec2> square{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}};
    EXPECT_LE(ccdlab::hatch_lines(square, 1e-9, 50).size(), 51u);
}

} // namespace
