// sin_cos: argument reduction modulo pi/2 in double-double, then fdlibm's kernels.
//
// The kernels' polynomials and their compensated evaluation are fdlibm's __kernel_sin and
// __kernel_cos (as FreeBSD and musl have them), under this notice:
//   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//   Developed at SunPro, a Sun Microsystems, Inc. business.
//   Permission to use, copy, modify, and distribute this software is freely granted, provided
//   that this notice is preserved.
// The reduction is written here; its constants (the split of pi/2 and the bits of 2/pi) were
// computed with mpmath at 2,000 bits.

#include "ccd/sin_cos.hpp"

#include "ccd/detail/exact_arithmetic.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

namespace ccd {
namespace {

using detail::DoubleDouble;

// sin(x + y) for |x| <= about pi/4, |y| <= ulp(x) / 2: error under one ulp.
double kernel_sin(double x, double y) {
    constexpr double s1 = -0x1.5555555555549p-3, s2 = 0x1.111111110f8a6p-7,
                     s3 = -0x1.a01a019c161d5p-13, s4 = 0x1.71de357b1fe7dp-19,
                     s5 = -0x1.ae5e68a2b9cebp-26, s6 = 0x1.5d93a5acfd57cp-33;
    const double z = x * x, v = z * x;
    const double r = s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)));
    return x - ((z * (0.5 * y - v * r) - y) - v * s1);
}

// cos(x + y) for |x| <= about pi/4, |y| <= ulp(x) / 2: error under one ulp.
double kernel_cos(double x, double y) {
    constexpr double c1 = 0x1.555555555554cp-5, c2 = -0x1.6c16c16c15177p-10,
                     c3 = 0x1.a01a019cb1590p-16, c4 = -0x1.27e4f809c52adp-22,
                     c5 = 0x1.1ee9ebdb4b1c4p-29, c6 = -0x1.8fae9be8838d4p-37;
    const double z = x * x, w = z * z;
    const double r = z * (c1 + z * (c2 + z * c3)) + w * w * (c4 + z * (c5 + z * c6));
    const double hz = 0.5 * z;
    const double u = 1.0 - hz;
    return u + (((1.0 - u) - hz) + (z * r - x * y));
}

constexpr DoubleDouble half_pi{0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54};
constexpr double two_over_pi = 0x1.45f306dc9c883p-1;

// An angle a >= 0 as quadrant * pi/2 + (hi + lo), |hi + lo| <= about pi/4.
struct Reduced {
    unsigned quadrant = 0;
    DoubleDouble rest;
};

// Below 2^19 pi/2: n = round(a 2/pi) has at most 20 bits and each part of pi/2 at most 33, so
// every n * part is exact and a - n * part1 is exact (Sterbenz); the sum is carried in
// double-double. The parts leave pi/2 - (part1 + part2 + part3 + tail) under 2^-152, so the
// rest is good to about 2^-130 absolute, and it is never smaller than about 2^-60 there.
constexpr double cody_waite_limit = 0x1p19 * 0x1.921fb54442d18p+0;

Reduced reduce_cody_waite(double a) {
    constexpr double part1 = 0x1.921fb54400000p+0, part2 = 0x1.0b4611a600000p-34,
                     part3 = 0x1.3198a2e000000p-69, tail = 0x1.b839a252049c1p-104;
    const double n = std::nearbyint(a * two_over_pi);
    const DoubleDouble s = detail::two_sum(a - n * part1, -(n * part2));
    const DoubleDouble u = detail::two_sum(s.hi, -(n * part3));
    const double lo = (s.lo + u.lo) - n * tail;
    return {static_cast<unsigned>(static_cast<std::uint64_t>(n) & 3u),
            detail::quick_two_sum(u.hi, lo)};
}

// The bits of 2/pi after the binary point, 64 to a word, the first word holding bits 1 to 64.
// Enough for the largest double: its window starts at bit 970 and is 192 bits long.
constexpr std::array<std::uint64_t, 20> two_over_pi_bits = {
    0xa2f9836e4e441529, 0xfc2757d1f534ddc0, 0xdb6295993c439041, 0xfe5163abdebbc561,
    0xb7246e3a424dd2e0, 0x06492eea09d1921c, 0xfe1deb1cb129a73e, 0xe88235f52ebb4484,
    0xe99c7026b45f7e41, 0x3991d639835339f4, 0x9c845f8bbdf9283b, 0x1ff897ffde05980f,
    0xef2f118b5a0a6d1f, 0x6d367ecf27cb09b7, 0x4f463f669e5fea2d, 0x7527bac7ebe5f17b,
    0x3d0739f78a5292ea, 0x6bfb5fb11f8d5d08, 0x56033046fc7b6bab, 0xf0cfbc209af4361d,
};

// 64 bits of 2/pi starting at bit k + 1 (k >= -64); bits before the point are zero.
std::uint64_t two_over_pi_window(int k) {
    const auto word = [](int index) -> std::uint64_t {
        return index < 0 ? 0 : two_over_pi_bits[static_cast<std::size_t>(index)];
    };
    const int shifted = k + 64; // >= 0, so / and % round down
    const int index = shifted / 64 - 1, offset = shifted % 64;
    if (offset == 0) return word(index);
    return (word(index) << offset) | (word(index + 1) >> (64 - offset));
}

struct Wide {
    std::uint64_t hi = 0, lo = 0;
};

// a * b, all 128 bits.
Wide multiply(std::uint64_t a, std::uint64_t b) {
    const std::uint64_t a_hi = a >> 32, a_lo = a & 0xffffffffu, b_hi = b >> 32,
                        b_lo = b & 0xffffffffu;
    const std::uint64_t low = a_lo * b_lo, mid1 = a_hi * b_lo, mid2 = a_lo * b_hi;
    const std::uint64_t carry = ((low >> 32) + (mid1 & 0xffffffffu) + (mid2 & 0xffffffffu)) >> 32;
    return {a_hi * b_hi + (mid1 >> 32) + (mid2 >> 32) + carry, a * b};
}

// From 2^19 pi/2 up: a = m 2^e with m a 53-bit integer. a 2/pi modulo 4 is m times the 192
// bits of 2/pi from bit e - 1 on, scaled by 2^-190, modulo 4: the bits of 2/pi before those
// give multiples of 4, the ones after less than 2^-137 in all.
Reduced reduce_payne_hanek(double a) {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(a);
    const int e = static_cast<int>(bits >> 52) - 1075;
    const std::uint64_t m = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
    const int k = e - 2; // the window starts at bit e - 1
    const std::uint64_t w0 = two_over_pi_window(k), w1 = two_over_pi_window(k + 64),
                        w2 = two_over_pi_window(k + 128);
    // The low 192 bits of m * (w0 w1 w2), as r0 r1 r2.
    const Wide p2 = multiply(m, w2), p1 = multiply(m, w1);
    const std::uint64_t r2 = p2.lo;
    const std::uint64_t r1 = p2.hi + p1.lo;
    const std::uint64_t r0 = p1.hi + m * w0 + (r1 < p2.hi ? 1u : 0u);
    // The top two bits are the quadrant, the other 190 the fraction of a quarter turn.
    unsigned quadrant = static_cast<unsigned>(r0 >> 62);
    std::uint64_t f0 = r0 & ((std::uint64_t{1} << 62) - 1), f1 = r1, f2 = r2;
    const bool past_half = (f0 >> 61) != 0;
    if (past_half) { // the nearer quadrant is the next one: the rest is -(1 - fraction)
        ++quadrant;
        f2 = ~f2 + 1;
        f1 = ~f1 + (f2 == 0 ? 1u : 0u);
        f0 = (~f0 + (f2 == 0 && f1 == 0 ? 1u : 0u)) & ((std::uint64_t{1} << 62) - 1);
    }
    // The fraction f0 2^-62 + f1 2^-126 + f2 2^-190, summed from 32-bit pieces (each exact).
    const auto piece = [](std::uint64_t v, int shift) {
        return static_cast<double>(v >> shift & 0xffffffffu);
    };
    DoubleDouble f{piece(f0, 32) * 0x1p-30, 0.0};
    f = f + DoubleDouble{piece(f0, 0) * 0x1p-62, 0.0};
    f = f + DoubleDouble{piece(f1, 32) * 0x1p-94, 0.0};
    f = f + DoubleDouble{piece(f1, 0) * 0x1p-126, 0.0};
    f = f + DoubleDouble{piece(f2, 32) * 0x1p-158, 0.0};
    f = f + DoubleDouble{piece(f2, 0) * 0x1p-190, 0.0};
    DoubleDouble rest = f * half_pi;
    if (past_half) rest = -rest;
    return {quadrant & 3u, rest};
}

} // namespace

SinCos sin_cos(double angle) {
    if (!std::isfinite(angle)) return {angle - angle, angle - angle};
    const double a = std::abs(angle);
    if (a < 0x1p-27) return {angle, 1.0}; // sin x rounds to x, cos x to 1
    const Reduced r = a <= 0x1.921fb54442d18p-1 ? Reduced{0, {a, 0.0}}
                      : a < cody_waite_limit    ? reduce_cody_waite(a)
                                                : reduce_payne_hanek(a);
    const double s = kernel_sin(r.rest.hi, r.rest.lo), c = kernel_cos(r.rest.hi, r.rest.lo);
    SinCos out;
    switch (r.quadrant) {
    case 0:
        out = {s, c};
        break;
    case 1:
        out = {c, -s};
        break;
    case 2:
        out = {-s, -c};
        break;
    default:
        out = {-c, s};
        break;
    }
    if (angle < 0) out.sin = -out.sin;
    return out;
}

double turned_angle(long long frames, double angle) {
    if (!std::isfinite(angle)) return angle - angle;
    const double k = static_cast<double>(frames);
    const DoubleDouble product = detail::product(k, angle); // exact: |frames| < 2^53
    const double a = std::abs(product.hi);
    if (a <= 0x1.921fb54442d18p-1) return product.hi + product.lo;
    const Reduced r = a < cody_waite_limit ? reduce_cody_waite(a) : reduce_payne_hanek(a);
    // a = quadrant x pi/2 + rest, modulo 2 pi; a quadrant of 3 is -1 (a turn less).
    const double quadrant = r.quadrant == 3 ? -1.0 : static_cast<double>(r.quadrant);
    DoubleDouble turned = r.rest + half_pi * quadrant;
    if (product.hi < 0.0) turned = -turned;
    turned = turned + DoubleDouble{product.lo, 0.0};
    return turned.hi + turned.lo;
}

} // namespace ccd
