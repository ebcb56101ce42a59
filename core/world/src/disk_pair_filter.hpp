#pragma once
// A cheap, conservative rejection in front of the exact circle-circle query for the scheduler
// (docs/scheduler.md, "Cheap rejection"). Most candidate pairs the broadphase offers recede or
// pass each other by; the exact query costs ~40 ns, this test a few multiplications.
//
// Inputs, exactly as the scheduler hands them to time_of_impact(circle, circle): m = the
// mover's center minus the obstacle's (at the prediction's start), d = the mover's displacement
// minus the obstacle's (over the rest of the frame, each already multiplied by the rest), r =
// the summed radii. Returns true only when the query cannot report a hit that is approaching:
// then the scheduler's is_event (which requires `approaching`) drops it anyway, so skipping the
// query changes no prediction and no log (tests/core/world/disk_pair_filter_test.cpp checks it
// against the query on random and degenerate pairs; the broadphase and oracle tests check the
// logs).
//
// Why. Let S = m.m + d.d + r^2 and tol = 1e-9 S. The query's inputs are these up to an exact
// power of two (input_scaling.hpp; differences of scaled values are the scaled differences, so
// its m and d are ours times 2^k), and both conditions below are homogeneous of degree 2, so
// the argument holds on its inputs. Only S in [2^-150, 2^150] is filtered: no square below
// overflows, and whatever underflows is below 2^-1074, far below tol.
//  1. Too far: the exact minimum of |m + d t|^2 over t in [0, 1] exceeds r^2 + tol. By the
//     time-of-impact contract (docs/ARCHITECTURE.md) the query reports a hit only where the
//     distance comes within r, its rounding a few ulps of S (it works to ~1e-16 relative; tol
//     is 1e-9), so it reports none. The minimum: with a = m.d, at t = 0 when a >= 0 (m.m), at
//     t = 1 when a + d.d <= 0 (|m + d|^2), otherwise cross(m, d)^2 / d.d (the unconstrained
//     minimum, a lower bound whatever t it falls at). Computed, each is within ~4 eps S of
//     the exact value (the cross product's error is ~2 eps |m||d|; a misjudged branch, when a
//     or a + d.d is within rounding of 0, changes the minimum by at most ~(eps S)^2 / d.d),
//     and 4 eps S << tol.
//  2. Receding: a = m.d > tol and m.m > tol. Any hit's normal is the unit vector along
//     m + d t for some t >= 0 (the query's normal; |m + d t|^2 = m.m + 2 a t + d.d t^2 >= m.m,
//     so it is not the zero-length fallback), and the query's `approaching` is
//     dot(d, normal) < 0. Exactly, dot(d, m + d t) = a + d.d t >= a > tol; computed, the
//     error of dot(d, normal) times |m + d t| is at most ~8 eps (|m| + |d|) |d| <= 12 eps S,
//     far below tol. So the hit is never approaching.
#include "ccd/vec2.hpp"

namespace ccd::detail {

// Condition 1 alone (`receding` false) or both.
template <bool receding>
inline bool circles_cannot_meet(Vec2 m, Vec2 d, double r) {
    const double mm = dot(m, m), dd = dot(d, d), rr = r * r;
    const double s = mm + dd + rr;
    if (!(s > 0x1p-150 && s < 0x1p150)) return false; // also NaN
    const double tol = 1e-9 * s;
    const double a = dot(m, d);
    if (receding && a > tol && mm > tol) return true; // 2. receding
    double closest;                                   // 1. the minimum of |m + d t|^2 over [0, 1]
    if (a >= 0.0) {
        closest = mm;
    } else if (a + dd <= 0.0) {
        const Vec2 end = m + d;
        closest = dot(end, end);
    } else {
        const double k = cross(m, d);
        closest = k * k / dd;
    }
    return closest > rr + tol;
}

inline bool disks_cannot_meet(Vec2 m, Vec2 d, double r) {
    return circles_cannot_meet<true>(m, d, r);
}

// A pair with a polygon (that does not turn), each held by a circle about its center, the
// radii summing to r: only condition 1. A polygon's contact normal is not along the centers'
// offset, so centers that recede say nothing: a ball gliding along a square's side toward its
// far corner recedes from its center while closing on the side. Condition 1 holds for the
// circles that hold the shapes: a polygon query's hit has the shapes within delta (1e-12 of the
// scale, docs/accuracy.md) of touching, so their circles within r + delta, far below tol.
inline bool held_circles_cannot_meet(Vec2 m, Vec2 d, double r) {
    return circles_cannot_meet<false>(m, d, r);
}

} // namespace ccd::detail
