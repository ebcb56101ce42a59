#pragma once
// The independent reference of the turning queries (toi_turning.hpp), in long double: each side
// recomputed from the motion's definition, the distance of the two shapes' hulls at t, its least
// over an interval found by dense sampling and golden-section refinement, and the check of both
// halves of the certified guarantee. tests/core/queries/toi_turning_test.cpp and the turning
// benchmark (tests/bench/turning_bench.cpp) use it.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "wide_vec2.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace ccd_test {

using ccd::Vec2;

// A side recomputed from the motion's definition in long double: vertex k at t is
// pivot + v t + R(angle t)(x_k - pivot), or for a segment whose ends move, x_k + d_k t; an
// acceleration a (Swept::acceleration) adds a t^2 / 2 to every vertex.
struct WideSide {
    std::vector<Vec2> vertices;
    real radius = 0; // a circle's, a capsule's or a rounded polygon's: how far past the core
    Vec2 pivot, v;
    real angle = 0;
    std::vector<Vec2> ends; // EndMotion's displacements, else empty
    Vec2 acceleration;      // per frame squared, every vertex alike
};

inline WideSide wide_side(const ccd::Swept& s) {
    WideSide w;
    if (const auto* p = std::get_if<ccd::Point>(&s.shape)) w.vertices = {p->position};
    if (const auto* c = std::get_if<ccd::Circle>(&s.shape)) {
        w.vertices = {c->center};
        w.radius = c->radius;
    }
    if (const auto* g = std::get_if<ccd::Segment>(&s.shape)) {
        w.vertices = {g->a, g->b};
        w.radius = g->radius;
    }
    if (const auto* p = std::get_if<ccd::Polygon>(&s.shape)) {
        w.vertices = p->vertices;
        w.radius = p->radius;
    }
    if (const auto* t = std::get_if<ccd::Translation>(&s.motion)) w.v = t->displacement;
    if (const auto* r = std::get_if<ccd::Turning>(&s.motion)) {
        w.pivot = r->pivot;
        w.v = r->displacement;
        w.angle = r->angle;
    }
    if (const auto* e = std::get_if<ccd::EndMotion>(&s.motion))
        w.ends = {e->displacement_a, e->displacement_b};
    w.acceleration = s.acceleration;
    return w;
}

inline std::vector<V> at(const WideSide& s, real t) {
    std::vector<V> out;
    const real c = std::cos(s.angle * t), sn = std::sin(s.angle * t);
    const V drift = wide(s.acceleration) * (t * t / 2);
    for (std::size_t k = 0; k < s.vertices.size(); ++k) {
        if (!s.ends.empty()) {
            out.push_back(wide(s.vertices[k]) + wide(s.ends[k]) * t + drift);
            continue;
        }
        const V r = wide(s.vertices[k]) - wide(s.pivot);
        out.push_back(wide(s.pivot) + wide(s.v) * t + V{c * r.x - sn * r.y, sn * r.x + c * r.y} +
                      drift);
    }
    return out;
}

inline real norm(V a) {
    return std::sqrt(dotl(a, a));
}
inline real point_segment(V p, V a, V b) {
    const V u = b - a;
    const real l2 = dotl(u, u);
    const real h = l2 > 0 ? std::clamp(dotl(p - a, u) / l2, real(0), real(1)) : real(0);
    return norm(p - (a + u * h));
}
inline bool cross_properly(V a, V b, V c, V d) {
    const real o1 = crossl(b - a, c - a), o2 = crossl(b - a, d - a);
    const real o3 = crossl(d - c, a - c), o4 = crossl(d - c, b - c);
    return ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0));
}
inline bool inside_convex(const std::vector<V>& poly, V p) {
    if (poly.size() < 3) return false;
    for (std::size_t k = 0; k < poly.size(); ++k)
        if (crossl(poly[(k + 1) % poly.size()] - poly[k], p - poly[k]) < 0) return false;
    return true;
}
inline std::vector<std::pair<V, V>> edges(const std::vector<V>& x) {
    if (x.size() == 1) return {{x[0], x[0]}};
    if (x.size() == 2) return {{x[0], x[1]}};
    std::vector<std::pair<V, V>> out;
    for (std::size_t k = 0; k < x.size(); ++k)
        out.push_back({x[k], x[(k + 1) % x.size()]});
    return out;
}
// The distance of the convex hulls of a and b (0 when they overlap).
inline real hull_distance(const std::vector<V>& a, const std::vector<V>& b) {
    for (const V p : a)
        if (inside_convex(b, p)) return 0;
    for (const V p : b)
        if (inside_convex(a, p)) return 0;
    real least = INFINITY;
    for (const auto& [p, q] : edges(a))
        for (const auto& [r, s] : edges(b)) {
            if (cross_properly(p, q, r, s)) return 0;
            least = std::min({least, point_segment(p, r, s), point_segment(q, r, s),
                              point_segment(r, p, q), point_segment(s, p, q)});
        }
    return least;
}

// The shapes' separation: the distance of their cores less the sum of their radii (r).
struct Reference {
    WideSide mover, obstacle;
    real r = 0;
    real f(real t) const { return hull_distance(at(mover, t), at(obstacle, t)) - r; }
    // The least of f over [lo, hi]: 1024 samples, the lowest three local minima refined by
    // golden-section search. It can only find a value above the true least, never below it,
    // so it never fails a right answer; it finds the least to far below delta wherever f is
    // smooth near its minimum.
    real least(real lo, real hi) const {
        constexpr int n = 1024;
        std::vector<real> v(n + 1);
        for (int k = 0; k <= n; ++k)
            v[k] = f(lo + (hi - lo) * k / n);
        std::vector<int> minima;
        for (int k = 0; k <= n; ++k)
            if ((k == 0 || v[k] <= v[k - 1]) && (k == n || v[k] <= v[k + 1])) minima.push_back(k);
        std::sort(minima.begin(), minima.end(), [&v](int a, int b) { return v[a] < v[b]; });
        real best = *std::min_element(v.begin(), v.end());
        for (std::size_t m = 0; m < std::min<std::size_t>(3, minima.size()); ++m) {
            const int k = minima[m];
            real a = lo + (hi - lo) * std::max(0, k - 1) / n;
            real b = lo + (hi - lo) * std::min(n, k + 1) / n;
            const real g = (std::sqrt(5.0L) - 1) / 2;
            real x1 = b - g * (b - a), x2 = a + g * (b - a);
            real f1 = f(x1), f2 = f(x2);
            for (int i = 0; i < 90; ++i) {
                if (f1 < f2) {
                    b = x2;
                    x2 = x1;
                    f2 = f1;
                    x1 = b - g * (b - a);
                    f1 = f(x1);
                } else {
                    a = x1;
                    x1 = x2;
                    f1 = f2;
                    x2 = a + g * (b - a);
                    f2 = f(x2);
                }
            }
            best = std::min({best, f1, f2});
        }
        return best;
    }
};

// From the obstacle's closest point to the mover's, between the cores `a` (the mover's
// vertices) and `b` (the obstacle's): its length is their distance (over vertex-edge pairs).
inline V closest_offset(const std::vector<V>& a, const std::vector<V>& b) {
    real least = INFINITY;
    V out{0, 0};
    const auto consider = [&](V p, V r, V s, real sign) {
        const V u = s - r;
        const real l2 = dotl(u, u);
        const real h = l2 > 0 ? std::clamp(dotl(p - r, u) / l2, real(0), real(1)) : real(0);
        const V w = (p - (r + u * h)) * sign;
        if (norm(w) < least) {
            least = norm(w);
            out = w;
        }
    };
    for (const V p : a)
        for (const auto& [r, s] : edges(b))
            consider(p, r, s, 1);
    for (const V p : b)
        for (const auto& [r, s] : edges(a))
            consider(p, r, s, -1);
    return out;
}

// The reference for a pair: both sides and the sum of their radii.
inline Reference reference(const ccd::Swept& mover, const ccd::Swept& obstacle) {
    Reference ref{wide_side(mover), wide_side(obstacle), 0};
    ref.r = ref.mover.radius + ref.obstacle.radius;
    return ref;
}

// The guarantee's scale, from the definition: the largest of 1, every coordinate,
// displacement and radius, and |angle| times the largest distance of a vertex from its pivot.
inline real scale_of(const ccd::Swept& s) {
    real m = 1;
    const WideSide w = wide_side(s);
    const auto coordinate = [&m](Vec2 v) {
        m = std::max({m, std::fabs(real(v.x)), std::fabs(real(v.y))});
    };
    for (const Vec2 v : w.vertices) {
        coordinate(v);
        m = std::max(m, std::fabs(w.angle) * norm(wide(v) - wide(w.pivot)));
    }
    coordinate(w.pivot);
    coordinate(w.v);
    for (const Vec2 e : w.ends)
        coordinate(e);
    coordinate(w.acceleration);
    m = std::max(m, w.radius);
    return m;
}

// Why `hit` (the answer for `mover` against `obstacle`) breaks the guarantee of toi_turning.hpp
// for delta = tolerance x the scale, or nothing when it keeps it. The certified engine reports
// every answer at t = 0 as an overlap; `zero_is_overlap` false checks only what Hit promises
// (an overlap is at t = 0), as the straight-line queries keep it: a sweep may find its contact
// at t = 0 from shapes its start test found a rounding apart.
inline std::optional<std::string> guarantee_failure(const ccd::Swept& mover,
                                                    const ccd::Swept& obstacle,
                                                    const std::optional<ccd::Hit>& hit,
                                                    real tolerance = 1e-12L,
                                                    bool zero_is_overlap = true) {
    Reference ref = reference(mover, obstacle);
    const real delta = tolerance * std::max(scale_of(mover), scale_of(obstacle));
    const auto text = [](const char* pattern, double a, double b, double c = 0.0) {
        char out[200];
        std::snprintf(out, sizeof out, pattern, a, b, c);
        return std::string(out);
    };
    if (!hit) {
        const real least = ref.least(0, 1);
        if (least < -delta)
            return text("a miss, but f comes down to %.17g (delta %.17g)",
                        static_cast<double>(least), static_cast<double>(delta));
        return std::nullopt;
    }
    const real t = hit->t;
    const real ft = ref.f(t);
    if (ft > delta)
        return text("at t = %.17g f = %.17g > delta %.17g", hit->t, static_cast<double>(ft),
                    static_cast<double>(delta));
    if (t > 0) {
        const real before = std::min(ref.least(0, t), ft);
        if (before < -delta)
            return text("before t = %.17g f comes down to %.17g (delta %.17g)", hit->t,
                        static_cast<double>(before), static_cast<double>(delta));
    }
    if (hit->overlap ? hit->t != 0.0 : zero_is_overlap && hit->t == 0.0)
        return std::string("overlap flag");
    if (!(std::fabs(norm(wide(hit->normal)) - 1) < 1e-12)) return std::string("normal not unit");
    return std::nullopt;
}

} // namespace ccd_test
