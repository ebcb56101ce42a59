// ccd::hypot: within one ulp of sqrt(x^2 + y^2) at every magnitude, glibc's own bits where the
// C library is glibc, and the C library's answers on infinities and NaN.
#include "ccd/hypot.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace {

double ulps(double got, long double want) {
    const double rounded = static_cast<double>(want);
    const double ulp = std::nextafter(std::abs(rounded), INFINITY) - std::abs(rounded);
    return static_cast<double>(std::abs(static_cast<long double>(got) - want) / ulp);
}

// Random finite doubles from their bit patterns: every magnitude, subnormals included.
double random_double(std::mt19937_64& random) {
    for (;;) {
        const double x = std::bit_cast<double>(random());
        if (std::isfinite(x)) return x;
    }
}

TEST(Hypot, IsWithinOneUlpAtEveryMagnitude) {
    if constexpr (LDBL_MANT_DIG < 64) GTEST_SKIP() << "long double is not finer than double here";
    std::mt19937_64 random(1126);
    std::uniform_real_distribution<double> near(-30.0, 30.0);
    double worst = 0.0;
    for (int k = 0; k < 200000; ++k) {
        const double x = k % 2 ? random_double(random) : near(random);
        const double y = k % 4 < 2 ? random_double(random) : near(random);
        const long double want =
            std::hypot(static_cast<long double>(x), static_cast<long double>(y));
        if (std::isinf(static_cast<double>(want))) continue; // beyond the largest double
        worst = std::max(worst, ulps(ccd::hypot(x, y), want));
    }
    EXPECT_LT(worst, 1.0);
}

// The native build's answers were glibc's before the core had its own hypot; on glibc they
// still are, bit for bit, so no event time moved.
TEST(Hypot, RoundsAsGlibcDoes) {
#ifndef __GLIBC__
    GTEST_SKIP() << "the C library here is not glibc";
#else
    std::mt19937_64 random(2611);
    std::uniform_real_distribution<double> near(-30.0, 30.0);
    int differ = 0;
    for (int k = 0; k < 1000000; ++k) {
        const double x = k % 2 ? random_double(random) : near(random);
        const double y = k % 4 < 2 ? random_double(random) : near(random);
        differ += std::bit_cast<std::uint64_t>(ccd::hypot(x, y)) !=
                  std::bit_cast<std::uint64_t>(std::hypot(x, y));
    }
    EXPECT_EQ(differ, 0);
#endif
}

TEST(Hypot, InfinityWinsOverNaN) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(ccd::hypot(inf, nan), inf);
    EXPECT_EQ(ccd::hypot(nan, -inf), inf);
    EXPECT_TRUE(std::isnan(ccd::hypot(nan, 1.0)));
    EXPECT_EQ(ccd::hypot(-3.0, 4.0), 5.0);
    EXPECT_EQ(ccd::hypot(0.0, -0.0), 0.0);
    EXPECT_EQ(ccd::hypot(DBL_MAX, DBL_MAX), inf);
    EXPECT_EQ(ccd::hypot(5e-324, 0.0), 5e-324);
}

} // namespace
