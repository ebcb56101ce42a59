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

} // namespace ccd
