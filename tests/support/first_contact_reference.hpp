#pragma once
// The benchmark's reference (docs/benchmark.md, "The reference"): the first contact of two
// convex shapes under their motions, found in long double from first principles and nothing of
// the code under test. Each side is recomputed from the motion's definition (turning_reference.hpp:
// WideSide, at), the signed distance of the two shapes at t is the distance of their hulls less
// the circle's radius (or, when the hulls overlap, minus their penetration depth, the least
// overlap of their projections on every edge's normal), and it is advanced conservatively: no
// two material points close on each other faster than the Lipschitz bound
// L = |v_mover - v_obstacle| + |a_mover - a_obstacle| + |angle_mover| lever_mover +
// |angle_obstacle| lever_obstacle (lever: the farthest vertex from the pivot; a: the sides'
// accelerations, whose difference adds at most |a_mover - a_obstacle| t <= that to the relative
// velocity over the frame), so a step of (distance - target) / L never steps
// over a time at which the distance is the target. It also backs ccdlab-cli bench's shipped
// labels (tests/bench/dataset/generate_bench_dataset.cpp) and their tests.

#include "turning_reference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace ccd_test {

// The judge's tolerance (ccd/judge.hpp, kJudgeTolerance), a fraction of the query's scale: the
// labels are made with it.
inline constexpr real kLabelTolerance = 1e-10L;

// How deep convex `a` and `b` (each 1, 2 or more vertices, counter-clockwise) overlap: the least
// overlap of their projections on the normal of every edge of either (0 when they only touch).
inline real penetration(const std::vector<V>& a, const std::vector<V>& b) {
    real least = std::numeric_limits<real>::infinity();
    const auto axis = [&](V p, V q) {
        const V d = q - p;
        const real length = norm(d);
        if (!(length > 0)) return;
        const V n{d.y / length, -d.x / length};
        real a_lo = INFINITY, a_hi = -INFINITY, b_lo = INFINITY, b_hi = -INFINITY;
        for (const V x : a) {
            a_lo = std::min(a_lo, dotl(x, n));
            a_hi = std::max(a_hi, dotl(x, n));
        }
        for (const V x : b) {
            b_lo = std::min(b_lo, dotl(x, n));
            b_hi = std::max(b_hi, dotl(x, n));
        }
        least = std::min(least, std::min(a_hi - b_lo, b_hi - a_lo));
    };
    for (const auto& [p, q] : edges(a))
        axis(p, q);
    for (const auto& [p, q] : edges(b))
        axis(p, q);
    return std::isfinite(least) ? std::max(least, real(0)) : real(0);
}

// The shapes' signed distance at one time: hull distance less the radius, or minus the
// penetration and the radius when the hulls overlap.
inline real signed_distance(const std::vector<V>& a, const std::vector<V>& b, real radius) {
    const real d = hull_distance(a, b);
    if (d > 0) return d - radius;
    return -penetration(a, b) - radius;
}

// How fast a side's points move at most: |angle| x the farthest vertex from its pivot (its
// translation is counted for both sides together).
inline real lever_speed(const WideSide& s) {
    real lever = 0;
    for (const Vec2 v : s.vertices)
        lever = std::max(lever, norm(wide(v) - wide(s.pivot)));
    return std::fabs(s.angle) * lever;
}

struct ContactReference {
    WideSide mover, obstacle;
    real radius = 0; // the circle's (the mover's), 0 for a point or a polygon
    real rate = 0;   // the Lipschitz bound L

    ContactReference(const ccd::Swept& m, const ccd::Swept& o)
        : mover(wide_side(m)), obstacle(wide_side(o)) {
        if (const auto* c = std::get_if<ccd::Circle>(&m.shape)) radius = c->radius;
        // 2^-40 more than the bound: the rounding of the bound itself never makes a step long.
        rate = (norm(wide(mover.v) - wide(obstacle.v)) +
                norm(wide(mover.acceleration) - wide(obstacle.acceleration)) + lever_speed(mover) +
                lever_speed(obstacle)) *
               (1 + 0x1p-40L);
    }
    real f(real t) const { return signed_distance(at(mover, t), at(obstacle, t), radius); }
    // Whether a point (a mover of one vertex and no radius) is proved to have crossed a segment
    // between t0 and t1: on opposite sides of its line at the two, each time farther from both
    // ends along it than the two can move relative to each other over [t0, t1] (so it cannot
    // have gone round an end). A point never overlaps a segment by more than 0: this is its hit.
    bool crossed(real t0, real t1) const {
        if (mover.vertices.size() != 1 || obstacle.vertices.size() != 2 || radius != 0)
            return false;
        const real reach = rate * (t1 - t0);
        real side[2];
        for (int k = 0; k < 2; ++k) {
            const real t = k == 0 ? t0 : t1;
            const V p = at(mover, t)[0];
            const std::vector<V> s = at(obstacle, t);
            const V u = s[1] - s[0];
            const real length = norm(u);
            if (!(length > 0)) return false;
            const real along = dotl(p - s[0], u) / length;
            if (!(along > reach && length - along > reach)) return false;
            side[k] = crossl(u, p - s[0]);
        }
        return (side[0] < 0 && side[1] > 0) || (side[0] > 0 && side[1] < 0);
    }
};

// A label, in long double: see ccd::BenchLabel.
struct ReferenceLabel {
    enum class Contact { Hit, Miss, Graze } contact = Contact::Miss;
    real t_lo = 1, t_hi = 1, least = 0;
    long evaluations = 0;
};

// Advances from `t` by steps of (f - aim) / L while f > stop (aim <= stop): returns the first
// time reached with f <= stop (or, for stop < 0, after a point crossed its segment), or a value
// above 1 when there is none to t = 1 (t = 1 itself evaluated); f stays above `aim` over every
// step. `least` keeps the least f seen.
inline real advance_to(const ContactReference& ref, real t, real stop, real aim, real& least,
                       long& evaluations, long limit) {
    for (real before = t;;) {
        const real d = ref.f(t);
        least = std::min(least, d);
        if (++evaluations > limit) throw std::runtime_error("the reference took too many steps");
        if (d <= stop || (stop < 0 && t > before && ref.crossed(before, t))) return t;
        before = t;
        if (t >= 1) return 2;
        const real step = ref.rate > 0 ? (d - aim) / ref.rate : real(1);
        t = std::min(real(1), t + step);
    }
}

// The label of `mover` against `obstacle` with the tolerance kLabelTolerance x the query's
// scale: the shapes stay farther apart than half the tolerance over [0, t_lo) (the advance aims
// there, so that it reaches the tolerance in a finite number of steps) and come within it at
// t_lo; they overlap by more than the tolerance at t_hi, or a point has crossed its segment by
// then (a hit), or not by twice it over
// [t_lo, 1] (a graze), or never come within it (a miss). Only a graze may rest on sampling: when
// the shapes stay within the tolerance of touching for longer than `graze_steps` steps (edges
// sliding along each other), the rest of the frame is sampled at 2^16 times for an overlap of
// more than the tolerance. A graze lets either answer pass, so no verdict rests on that.
inline ReferenceLabel first_contact(const ccd::Swept& mover, const ccd::Swept& obstacle,
                                    long graze_steps = 200'000) {
    const ContactReference ref(mover, obstacle);
    const real tolerance = kLabelTolerance * std::max(scale_of(mover), scale_of(obstacle));
    ReferenceLabel label;
    label.least = std::numeric_limits<real>::infinity();
    const real t_lo =
        advance_to(ref, 0, tolerance, tolerance / 2, label.least, label.evaluations, 50'000'000);
    if (t_lo > 1) {
        // A miss: the least distance refined by the sampling of turning_reference.hpp.
        Reference sampled{ref.mover, ref.obstacle, ref.radius};
        label.least = std::min(label.least, sampled.least(0, 1));
        return label;
    }
    label.t_lo = t_lo;
    // Aimed past -tolerance, so that the advance does not creep up on it without reaching it.
    real t_hi = 2;
    try {
        long steps = 0;
        t_hi = advance_to(ref, t_lo, -tolerance, -2 * tolerance, label.least, steps, graze_steps);
        label.evaluations += steps;
    } catch (const std::runtime_error&) {
        constexpr int n = 1 << 16;
        for (int k = 0; k <= n && t_hi > 1; ++k) {
            const real t = t_lo + (1 - t_lo) * k / n, d = ref.f(t);
            label.least = std::min(label.least, d);
            if (d <= -tolerance || (k > 0 && ref.crossed(t_lo + (1 - t_lo) * (k - 1) / n, t)))
                t_hi = t;
        }
        label.evaluations += graze_steps + n;
    }
    label.contact = t_hi <= 1 ? ReferenceLabel::Contact::Hit : ReferenceLabel::Contact::Graze;
    if (t_hi <= 1) label.t_hi = t_hi;
    return label;
}

} // namespace ccd_test
