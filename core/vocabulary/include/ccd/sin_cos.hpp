#pragma once
// The sine and cosine of an angle, the same bits on every platform.
//
// A turning shape is placed at time t by a rotation through angle * t. The C library's sin and
// cos round differently from one libc to another in the last bit (glibc, and musl in the
// browser build), so one case would answer differently natively and in the browser. sin_cos
// uses only + - * /, fma and integer arithmetic, which round the same everywhere, and is within
// one ulp of the true value for every finite angle, however large: an angle is reduced modulo
// pi/2 exactly (Cody and Waite's split of pi/2 below 2^19 pi/2, Payne and Hanek's bits of 2/pi
// above), then the polynomials of fdlibm's kernels give sin and cos on [-pi/4, pi/4].
// A non-finite angle gives NaN for both.

namespace ccd {

struct SinCos {
    double sin = 0.0;
    double cos = 1.0;
};

SinCos sin_cos(double angle);

// `frames` times `angle` less the nearest whole number of quarter turns that leaves it within
// [-5 pi / 4, 5 pi / 4] and a multiple of 2 pi away: the orientation after turning by `angle`
// `frames` times, reduced, within about an ulp of pi of the exact value for every |frames| below
// 2^53 (the product is carried exactly, as a sum of two doubles, through the reduction above).
// What a turning wall of the World is turned by at a frame's start (docs/turning-bodies.md), so
// its orientation never drifts as an accumulated angle or rotated endpoints would. A non-finite
// angle gives NaN.
double turned_angle(long long frames, double angle);

} // namespace ccd
