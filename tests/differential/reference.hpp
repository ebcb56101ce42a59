#pragma once
// An independent reference for circle-versus-segment contact, in long double, used to judge
// every library under test (ours, Box2D, Chipmunk). Nothing here calls ccd::.
//
// The center moves as p(t) = c + d t. D(t), its distance to the segment, is convex in t (the
// distance from a point moving on a line to a convex set), so:
// - its minimum over [0, 1] is the distance between the segments [c, c + d] and [a, b];
// - the first t at which D(t) <= level is unique and found by bisection on [0, t_min].

#include <algorithm>
#include <cmath>
#include <optional>

namespace ref {

struct P {
    long double x = 0, y = 0;
};
inline P sub(P a, P b) {
    return {a.x - b.x, a.y - b.y};
}
inline long double dotp(P a, P b) {
    return a.x * b.x + a.y * b.y;
}
inline long double crossp(P a, P b) {
    return a.x * b.y - a.y * b.x;
}

inline long double point_segment_distance(P p, P a, P b) {
    const P u = sub(b, a);
    const long double len2 = dotp(u, u);
    long double s = len2 > 0 ? dotp(sub(p, a), u) / len2 : 0.0L;
    s = std::clamp(s, 0.0L, 1.0L);
    const P q{a.x + u.x * s, a.y + u.y * s};
    return std::hypot(p.x - q.x, p.y - q.y);
}

struct Query {
    P c, d, a, b;
    long double r = 0;
    long double distance_at(long double t) const {
        return point_segment_distance({c.x + d.x * t, c.y + d.y * t}, a, b);
    }
};

// Strictly crossing segments have distance 0; otherwise the closest pair involves an endpoint.
inline long double segment_segment_distance(P p0, P p1, P a, P b) {
    const long double s1 = crossp(sub(p1, p0), sub(a, p0)), s2 = crossp(sub(p1, p0), sub(b, p0));
    const long double s3 = crossp(sub(b, a), sub(p0, a)), s4 = crossp(sub(b, a), sub(p1, a));
    if (((s1 < 0 && s2 > 0) || (s1 > 0 && s2 < 0)) && ((s3 < 0 && s4 > 0) || (s3 > 0 && s4 < 0)))
        return 0;
    return std::min({point_segment_distance(p0, a, b), point_segment_distance(p1, a, b),
                     point_segment_distance(a, p0, p1), point_segment_distance(b, p0, p1)});
}

inline long double min_distance(const Query& q) {
    return segment_segment_distance(q.c, {q.c.x + q.d.x, q.c.y + q.d.y}, q.a, q.b);
}

// The t in [0, 1] at which D is smallest (golden-section search; D is convex).
inline long double argmin(const Query& q) {
    long double lo = 0, hi = 1;
    const long double g = (std::sqrt(5.0L) - 1) / 2;
    for (int i = 0; i < 120; ++i) {
        const long double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
        if (q.distance_at(m1) <= q.distance_at(m2))
            hi = m2;
        else
            lo = m1;
    }
    return (lo + hi) / 2;
}

// The first t in [0, 1] with D(t) <= level, or nothing.
inline std::optional<long double> first_at_or_below(const Query& q, long double level) {
    if (q.distance_at(0) <= level) return 0.0L;
    if (min_distance(q) > level) return std::nullopt;
    long double lo = 0, hi = argmin(q);
    if (q.distance_at(hi) > level) hi = 1; // the minimum sits at the end of the frame
    for (int i = 0; i < 200 && lo < hi; ++i) {
        const long double mid = (lo + hi) / 2;
        if (mid <= lo || mid >= hi) break;
        if (q.distance_at(mid) <= level)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

// The window of times at which a library whose contact distance is `level`, known to within
// +-tol in distance, may report its first contact: [first time D <= level + tol, first time
// D <= level - tol], the latter replaced by the time of closest approach when D never gets
// that low. A t outside is wrong by more than the library's own documented accuracy.
struct Window {
    long double lo, hi;
};
inline std::optional<Window> contact_window(const Query& q, long double level, long double tol) {
    const auto lo = first_at_or_below(q, level + tol);
    if (!lo) return std::nullopt;
    const auto hi = first_at_or_below(q, level - tol);
    return Window{*lo, hi ? *hi : std::max(*lo, argmin(q))};
}

} // namespace ref
