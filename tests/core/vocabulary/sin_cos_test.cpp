// ccd::sin_cos: within one ulp of the true sine and cosine for every finite angle, and the same
// bits wherever it runs (the browser build's link tests compare its answers with these).
#include "ccd/sin_cos.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

namespace {

// How many ulps of `want` separate `got` from it.
double ulps(double got, long double want) {
    const double rounded = static_cast<double>(want);
    const double ulp = std::nextafter(std::abs(rounded), INFINITY) - std::abs(rounded);
    return static_cast<double>(std::abs(static_cast<long double>(got) - want) / ulp);
}

struct Known {
    double angle, sin, cos; // sin and cos rounded to nearest from mpmath at 3,000 bits
};

// Angles where a reduction goes wrong first: the double nearest a multiple of pi/2 (the worst
// case of Payne and Hanek's reduction, 2^-61 from it), the largest double, either side of pi/4
// and of the switch between the two reductions, near multiples of pi, the smallest doubles.
constexpr Known known[] = {
    {0x1.6ac5b262ca1ffp+849, 0x1.0000000000000p+0, -0x1.14ae72e6ba22fp-61},
    {0x1.0f0cf064dd592p+73, -0x1.b453ab76bf397p-1, 0x1.0be2cef01c8f4p-1},
    {0x1.fffffffffffffp+1023, 0x1.452fc98b34e97p-8, -0x1.fffe62ecfab75p-1},
    {0x1.921fb54442d18p-1, 0x1.6a09e667f3bccp-1, 0x1.6a09e667f3bcdp-1},
    {0x1.921fb54442d19p-1, 0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bccp-1},
    {0x1.921fb33333333p+19, -0x1.0858be515492bp-4, 0x1.feeebfee47670p-1},
    {0x1.921fd00000000p+19, 0x1.7bafec8647a9bp-1, 0x1.577c0ab2aeb3ep-1},
    {0x1.921fb54442d18p+0, 0x1.0000000000000p+0, 0x1.1a62633145c07p-54},
    {0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53, -0x1.0000000000000p+0},
    {0x1.6300000000000p+8, -0x1.f9bd0307d1de3p-16, -0x1.fffffffc18e4cp-1},
    {-0x1.9639000000000p+16, 0x1.40efdf1eb8de7p-16, 0x1.fffffffe6da77p-1},
    {0x1.3a28c59d5433bp+9, 0x1.1b19140c0c0d5p-48, 0x1.0000000000000p+0},
    {-0x1.e000000000000p+2, -0x1.e041886fcae30p-1, 0x1.62f45e66f5c2fp-2},
    {0x1.56e1fc2f8f359p-997, 0x1.56e1fc2f8f359p-997, 0x1.0000000000000p+0},
    {0x0.0000000000001p-1022, 0x0.0000000000001p-1022, 0x1.0000000000000p+0},
    {0x1.0000000000000p-27, 0x1.0000000000000p-27, 0x1.0000000000000p+0},
};

TEST(SinCos, HardAnglesAreWithinOneUlpOfTheTrueValues) {
    for (const Known& k : known) {
        const ccd::SinCos got = ccd::sin_cos(k.angle);
        EXPECT_LE(ulps(got.sin, k.sin), 1.0) << std::hexfloat << k.angle << ": sin " << got.sin;
        EXPECT_LE(ulps(got.cos, k.cos), 1.0) << std::hexfloat << k.angle << ": cos " << got.cos;
    }
}

// Against the x87's 64-bit sinl and cosl, 11 bits finer than double: under one ulp on every
// angle, at every magnitude (each decade uses its own reduction path or window of 2/pi's bits).
TEST(SinCos, RandomAnglesOfEveryMagnitudeAreWithinOneUlp) {
    if constexpr (LDBL_MANT_DIG < 64) GTEST_SKIP() << "long double is not finer than double here";
    std::mt19937_64 random(20261126);
    for (const double range : {1.0, 4.0, 1e2, 1e4, 8e5, 1e6, 1e9, 1e15, 1e22, 1e100, 1e300}) {
        std::uniform_real_distribution<double> angle(-range, range);
        double worst_sin = 0.0, worst_cos = 0.0;
        for (int k = 0; k < 20000; ++k) {
            const double x = angle(random);
            const ccd::SinCos got = ccd::sin_cos(x);
            const long double x_wide = x;
            worst_sin = std::max(worst_sin, ulps(got.sin, std::sin(x_wide)));
            worst_cos = std::max(worst_cos, ulps(got.cos, std::cos(x_wide)));
        }
        EXPECT_LT(worst_sin, 1.0) << "angles up to " << range;
        EXPECT_LT(worst_cos, 1.0) << "angles up to " << range;
    }
}

TEST(SinCos, SineIsOddAndCosineEven) {
    for (const double x : {0.3, 2.0, 1e6, 1e200}) {
        EXPECT_EQ(ccd::sin_cos(-x).sin, -ccd::sin_cos(x).sin) << x;
        EXPECT_EQ(ccd::sin_cos(-x).cos, ccd::sin_cos(x).cos) << x;
    }
    EXPECT_TRUE(std::signbit(ccd::sin_cos(-0.0).sin));
    EXPECT_EQ(ccd::sin_cos(0.0).cos, 1.0);
}

TEST(SinCos, ANonFiniteAngleGivesNaN) {
    for (const double x :
         {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
          std::numeric_limits<double>::quiet_NaN()}) {
        EXPECT_TRUE(std::isnan(ccd::sin_cos(x).sin)) << x;
        EXPECT_TRUE(std::isnan(ccd::sin_cos(x).cos)) << x;
    }
}

// ccd::turned_angle against the product and its reduction in __float128 (113 bits: k x angle is
// exact there for |k| < 2^60, and 2 pi as three doubles, about 160 bits): the same angle modulo
// 2 pi, to 2 ulps of pi, and within [-5 pi / 4, 5 pi / 4].
TEST(TurnedAngle, IsTheFrameCountTimesTheAngleReducedToAnUlpOfPi) {
    __extension__ typedef __float128 Quad;
    const Quad two_pi =
        Quad(0x1.921fb54442d18p+2) + Quad(0x1.1a62633145c07p-52) + Quad(-0x1.f1976b7ed8fbcp-108);
    const auto reduced = [&](long long k, double angle) {
        const Quad x = Quad(static_cast<double>(k)) * Quad(angle);
        const Quad turns = x / two_pi;
        const long long n =
            static_cast<long long>(turns < 0 ? turns - Quad(0.5) : turns + Quad(0.5));
        return x - Quad(static_cast<double>(n)) * two_pi;
    };
    const double ulp_of_pi = 0x1p-51;
    std::mt19937_64 rng(2026);
    std::uniform_real_distribution<double> angle(-7.0, 7.0);
    std::uniform_int_distribution<long long> frames(0, 10'000'000);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const long long k = i < 100 ? i : frames(rng);
        const double a = i % 7 == 0 ? 0.1 * (i % 70) : angle(rng);
        const double got = ccd::turned_angle(k, a);
        ASSERT_LE(std::abs(got), 1.25 * M_PI + 1e-15) << k << " x " << a;
        Quad diff = Quad(got) - reduced(k, a);
        diff -= two_pi * Quad(static_cast<double>(static_cast<long long>(
                             diff / two_pi + (diff < 0 ? Quad(-0.5) : Quad(0.5)))));
        ASSERT_LE(std::abs(static_cast<double>(diff)), 2.0 * ulp_of_pi) << k << " x " << a;
        ++checked;
    }
    EXPECT_EQ(checked, 20000);
    EXPECT_EQ(ccd::turned_angle(0, 5.0), 0.0);
    EXPECT_EQ(ccd::turned_angle(3, 0.25), 0.75) << "below pi/4 the product as it is";
    EXPECT_TRUE(std::isnan(ccd::turned_angle(2, std::numeric_limits<double>::infinity())));
}

} // namespace
