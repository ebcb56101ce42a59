// The parabolic queries (toi_parabolic.hpp): a circle whose centre accelerates against a static
// segment or a translating circle, by the roots of polynomials of degree 2 and 4 in t.
#include "ccd/toi_parabolic.hpp"

#include "ccd/detail/input_scaling.hpp"
#include "ccd/polynomial.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>

namespace ccd {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

// A point's path relative to another's: p(t) = p0 + p1 t + p2 t^2 (p2 = acceleration / 2).
struct Path {
    Vec2 p0, p1, p2;
    Vec2 at(double t) const { return p0 + (p1 + p2 * t) * t; }
    Vec2 velocity(double t) const { return p1 + p2 * (2.0 * t); }
};

// |p(t)|^2 - R^2 as the coefficients of a polynomial of degree 4, lowest first.
std::array<double, 5> cap_quartic(const Path& p, double radius) {
    return {dot(p.p0, p.p0) - radius * radius, 2.0 * dot(p.p0, p.p1),
            dot(p.p1, p.p1) + 2.0 * dot(p.p0, p.p2), 2.0 * dot(p.p1, p.p2), dot(p.p2, p.p2)};
}

// A root of |p(t)|^2 - radius^2 made a root of the distance: re-bisected on the
// distance |p(t)| - radius itself within 2^-20 of it where that changes sign there (its error is
// a few ulps of the scale, where the quartic's is a few ulps of the scale squared), so the time
// is that of a distance within rounding of the radius. Where it does not change sign in the
// window (a graze, touching without crossing) the quartic's root stands: the distance there is
// within the window's squared width times the path's curvature of the radius.
double certified_on_distance(const Path& p, double radius, double root) {
    const auto distance = [&](double t) { return length(p.at(t)) - radius; };
    double lo = std::max(0.0, root - 0x1p-20), hi = std::min(1.0, root + 0x1p-20);
    if (!(distance(lo) > 0.0 && distance(hi) <= 0.0)) return root;
    for (int k = 0; k < 80; ++k) {
        const double mid = lo + 0.5 * (hi - lo);
        if (!(mid > lo && mid < hi)) break;
        (distance(mid) > 0.0 ? lo : hi) = mid;
    }
    return hi;
}

// The first t in [0, 1] at which |p(t)| comes down to `radius` (p(0) outside it), or kNever:
// the quartic's first entering root (roots_in_interval), certified on the distance.
double first_cap_root(const Path& p, double radius, TraceCandidate* record) {
    const std::array<double, 5> q = cap_quartic(p, radius);
    std::array<double, 4> roots{};
    const int count = roots_in_interval(q, 0.0, 1.0, roots);
    if (record) {
        record->coefficients.assign(q.begin(), q.end());
        if (count == 0) record->note = "no root in [0, 1]: the path never reaches the cap";
    }
    const auto quartic = [&q](double t) {
        return q[0] + t * (q[1] + t * (q[2] + t * (q[3] + t * q[4])));
    };
    double first = kNever;
    for (int i = 0; i < count; ++i) {
        const double root = roots[static_cast<std::size_t>(i)];
        // An entry: the quartic is not negative just before (a leaving root has it inside).
        const bool leaving = root > 0.0 && quartic(std::max(0.0, root - 0x1p-30)) < 0.0;
        const double t = leaving ? root : certified_on_distance(p, radius, root);
        // Trace::settle keeps the answer's root Taken and makes the other valid ones later.
        if (record)
            record->roots.emplace_back(t, leaving ? RootVerdict::Leaving : RootVerdict::Taken);
        if (!leaving && first == kNever) first = t;
    }
    return first;
}

// One feature's earliest contact, with what the hit needs to be told.
struct Candidate {
    double t = kNever;
    Feature feature = Feature::SegmentInterior;
};

// The band: the signed distance s(t) = n . (c(t) - a) reaches +-R (quadratics) with the
// projection onto the segment inside [0, L]. The earliest such root, or kNever.
double first_band_root(const Path& c, Vec2 a, Vec2 unit, double length, double radius,
                       Trace* trace) {
    const Vec2 n = perp(unit);
    const double s0 = dot(n, c.p0 - a), s1 = dot(n, c.p1), s2 = dot(n, c.p2);
    double best = kNever;
    for (const double level : {radius, -radius}) {
        TraceCandidate* record = trace ? &trace->add_candidate(level > 0.0 ? "band +" : "band -",
                                                               Feature::SegmentInterior)
                                       : nullptr;
        const QuadraticRoots roots = solve_quadratic(s2, s1, s0 - level);
        if (record) {
            record->a = s2;
            record->b = s1;
            record->c = s0 - level;
            record->discriminant = roots.discriminant;
        }
        for (int i = 0; i < roots.count; ++i) {
            const double t = roots.t[static_cast<std::size_t>(i)];
            const double along = dot(unit, c.at(t) - a);
            const bool in_frame = t >= 0.0 && t <= 1.0;
            const bool on = along >= 0.0 && along <= length;
            if (record)
                record->roots.emplace_back(
                    t, !in_frame ? (t < 0.0 ? RootVerdict::BeforeFrame : RootVerdict::AfterFrame)
                       : on      ? RootVerdict::Taken
                                 : RootVerdict::OffFeature);
            if (in_frame && on) best = std::min(best, t);
        }
        if (level == 0.0) break; // a point: one line
    }
    return best;
}

// The hit of a circle of radius `mover_radius` whose centre is on `c` against the closest point
// `core` of the obstacle's core at t (its radius `rounding` out along the normal).
Hit hit_at(double t, const Path& c, Vec2 core, Vec2 fallback_normal, double rounding,
           Feature feature) {
    Hit hit;
    hit.t = t;
    hit.overlap = t == 0.0;
    hit.feature = feature;
    const Vec2 centre = c.at(t);
    hit.normal = normalized_or(centre - core, fallback_normal);
    hit.point = core + hit.normal * rounding;
    hit.approaching = dot(c.velocity(t), hit.normal) < 0.0;
    return hit;
}

std::optional<Hit> against_segment(const Circle& mover, Vec2 d, Vec2 acceleration, const Segment& s,
                                   Trace* trace) {
    if (trace) trace->begin("circle_segment (parabolic)");
    const Path c{mover.center, d, acceleration * 0.5};
    const double radius = mover.radius + s.radius;
    const Vec2 edge = s.b - s.a;
    const double span = length(edge);
    const Vec2 unit = span > 0.0 ? edge * (1.0 / span) : Vec2{1.0, 0.0};
    const auto closest = [&](double t) {
        const double along = std::clamp(dot(unit, c.at(t) - s.a), 0.0, span);
        return s.a + unit * along;
    };
    // The side of the line the centre starts on (a point on the line: its way in).
    const double start_side = dot(perp(unit), c.p0 - s.a);
    const Vec2 side_normal =
        perp(unit) *
        (start_side > 0.0 || (start_side == 0.0 && dot(perp(unit), d) <= 0.0) ? 1.0 : -1.0);
    if (length(c.p0 - closest(0.0)) <= radius) {
        const Vec2 q = closest(0.0);
        const Feature f = q == s.a   ? Feature::EndpointA
                          : q == s.b ? Feature::EndpointB
                                     : Feature::SegmentInterior;
        if (trace) trace->overlap_at_start = true;
        return hit_at(0.0, c, q, side_normal, s.radius, f);
    }
    std::array<Candidate, 3> found{};
    if (span > 0.0)
        found[0] = {first_band_root(c, s.a, unit, span, radius, trace), Feature::SegmentInterior};
    for (std::size_t k = 0; k < 2; ++k) {
        const Vec2 end = k == 0 ? s.a : s.b;
        if (k == 1 && span == 0.0) break; // a segment of no length is its end A
        const Feature f = k == 0 ? Feature::EndpointA : Feature::EndpointB;
        TraceCandidate* cap =
            trace ? &trace->add_candidate(k == 0 ? "cap A" : "cap B", f) : nullptr;
        found[k + 1] = {first_cap_root(Path{c.p0 - end, c.p1, c.p2}, radius, cap), f};
    }
    const auto earliest = std::min_element(found.begin(), found.end(), [](auto& x, auto& y) {
        return x.t < y.t; // a tie keeps the first: the interior, then end A
    });
    if (earliest->t == kNever) return std::nullopt;
    const double t = earliest->t;
    const Vec2 core = earliest->feature == Feature::EndpointA   ? s.a
                      : earliest->feature == Feature::EndpointB ? s.b
                                                                : closest(t);
    Hit hit = hit_at(t, c, core, side_normal, s.radius, earliest->feature);
    if (trace) trace->settle(&hit);
    return hit;
}

std::optional<Hit> against_circle(const Circle& mover, Vec2 d, Vec2 acceleration,
                                  const Circle& obstacle, Vec2 od, Trace* trace) {
    if (trace) trace->begin("circle_circle (parabolic)");
    const Path relative{mover.center - obstacle.center, d - od, acceleration * 0.5};
    const double radius = mover.radius + obstacle.radius;
    const Path obstacle_path{obstacle.center, od, {}};
    const auto hit_then = [&](double t) {
        Hit hit = hit_at(t, relative, Vec2{}, Vec2{0.0, 1.0}, 0.0, Feature::Circle);
        hit.point = obstacle_path.at(t) + hit.normal * obstacle.radius;
        return hit;
    };
    if (length(relative.p0) <= radius) {
        if (trace) trace->overlap_at_start = true;
        return hit_then(0.0);
    }
    TraceCandidate* record = trace ? &trace->add_candidate("circle", Feature::Circle) : nullptr;
    const double t = first_cap_root(relative, radius, record);
    if (t == kNever) return std::nullopt;
    Hit hit = hit_then(t);
    if (trace) trace->settle(&hit);
    return hit;
}

} // namespace

std::optional<Hit> time_of_impact_parabolic(const Circle& mover, Vec2 displacement,
                                            Vec2 acceleration, const Segment& obstacle,
                                            Trace* trace) {
    const auto k =
        detail::input_rescale({mover.center.x, mover.center.y, mover.radius, displacement.x,
                               displacement.y, acceleration.x, acceleration.y, obstacle.a.x,
                               obstacle.a.y, obstacle.b.x, obstacle.b.y, obstacle.radius});
    if (!k.needed()) return against_segment(mover, displacement, acceleration, obstacle, trace);
    auto hit =
        against_segment(Circle{k(mover.center), k(mover.radius)}, k(displacement), k(acceleration),
                        Segment{k(obstacle.a), k(obstacle.b), k(obstacle.radius)}, trace);
    if (hit) hit->point *= 1.0 / k.scale;
    return hit;
}

std::optional<Hit> time_of_impact_parabolic(const Circle& mover, Vec2 displacement,
                                            Vec2 acceleration, const Circle& obstacle,
                                            Vec2 obstacle_displacement, Trace* trace) {
    const auto k = detail::input_rescale(
        {mover.center.x, mover.center.y, mover.radius, displacement.x, displacement.y,
         acceleration.x, acceleration.y, obstacle.center.x, obstacle.center.y, obstacle.radius,
         obstacle_displacement.x, obstacle_displacement.y});
    if (!k.needed())
        return against_circle(mover, displacement, acceleration, obstacle, obstacle_displacement,
                              trace);
    auto hit = against_circle(Circle{k(mover.center), k(mover.radius)}, k(displacement),
                              k(acceleration), Circle{k(obstacle.center), k(obstacle.radius)},
                              k(obstacle_displacement), trace);
    if (hit) hit->point *= 1.0 / k.scale;
    return hit;
}

} // namespace ccd
