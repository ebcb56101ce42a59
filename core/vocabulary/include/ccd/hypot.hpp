#pragma once
// sqrt(x^2 + y^2) without overflow or underflow, the same bits on every platform.
//
// Every length in the core (ccd/vec2.hpp's length) is one. The C library's hypot rounds
// differently from one libc to another (musl, which the browser build links, differs from
// glibc in about one result in seven), enough to move an event's time by an ulp. This is
// C. F. Borges's algorithm ("An Improved Algorithm for hypot(a, b)", 2019) as glibc 2.35 and
// later compute it without a fused multiply-add, so it rounds as Debian 12's glibc does, bit
// for bit: the square root of the rounded sum of squares, then one correction step; inputs
// scaled by 2^-600 above 2^511 or 2^600 below 2^-459, away from overflow and underflow.
// Within one ulp.

namespace ccd {

double hypot(double x, double y);

} // namespace ccd
