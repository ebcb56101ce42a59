// Seed 000's capsule quadratic (DOOMolish), transcribed from its Rust code in float32, as a
// "what goes wrong" exhibit. Where the code calls helpers the article does not show, the
// plainest reading is used and said below.

#include "ccd/algorithms.hpp"

#include <algorithm>
#include <cmath>

namespace ccd {
namespace {

struct V2 {
    float x, y;
};
V2 operator-(V2 a, V2 b) {
    return {a.x - b.x, a.y - b.y};
}
V2 operator+(V2 a, V2 b) {
    return {a.x + b.x, a.y + b.y};
}
V2 operator*(V2 a, float s) {
    return {a.x * s, a.y * s};
}
float dot(V2 a, V2 b) {
    return a.x * b.x + a.y * b.y;
}
float cross_2d(V2 a, V2 b) {
    return a.x * b.y - a.y * b.x;
}
V2 narrow(Vec2 v) {
    return {static_cast<float>(v.x), static_cast<float>(v.y)};
}

// saga_utils::solve_quadratic is not shown: the textbook formula, Err when a == 0 or the
// discriminant is negative, roots in increasing order (a > 0 here).
bool solve_quadratic(float a, float b, float c, float (&roots)[2]) {
    if (a == 0.0f) return false;
    const float disc = b * b - 4.0f * a * c;
    if (disc < 0.0f) return false;
    const float root = std::sqrt(disc);
    roots[0] = (-b - root) / (2.0f * a);
    roots[1] = (-b + root) / (2.0f * a);
    if (roots[0] > roots[1]) std::swap(roots[0], roots[1]);
    return true;
}

// penetration_time_circle_line. get_normal_scaled(p) is read as the segment's normal on p's
// side; direction() as the unnormalized d - c, which is what comparing with len2 needs.
std::optional<float> circle_line(V2 position, float radius, V2 c, V2 d, V2 direction) {
    if (direction.x == 0.0f && direction.y == 0.0f) return std::nullopt;
    const V2 seg = d - c;
    V2 normal{-seg.y, seg.x};
    if (dot(normal, position - c) < 0.0f) normal = normal * -1.0f;
    if (dot(normal, direction) >= 0.0f) return std::nullopt; // "moving away"
    const float len2 = dot(seg, seg);
    const V2 end_position = direction + position;
    const float badc = cross_2d(end_position - position, seg);
    const float acdc = cross_2d(position - c, seg);
    const float qa = badc * badc, qb = 2.0f * badc * acdc;
    const float qc = acdc * acdc - radius * radius * len2;
    const auto valid = [&](float t) {
        const V2 p = direction * t + position;
        const float projection = dot(p - c, seg);
        return projection >= 0.0f && projection <= len2;
    };
    float roots[2];
    if (!solve_quadratic(qa, qb, qc, roots)) return std::nullopt;
    if (roots[0] * roots[1] <= 0.0f && valid(roots[0])) return 0.0f; // "already penetrating"
    for (float t : roots)
        if (valid(t) && t >= 0.0f) return t;
    return std::nullopt;
}

// penetration_time_circle_point.
std::optional<float> circle_point(V2 position, float radius, V2 point, V2 direction) {
    const V2 to_point = point - position;
    if (dot(to_point, direction) <= 0.0f) return std::nullopt;
    if (dot(to_point, to_point) <= radius * radius) return 0.0f;
    float roots[2];
    if (!solve_quadratic(dot(direction, direction), -2.0f * dot(direction, to_point),
                         dot(to_point, to_point) - radius * radius, roots))
        return std::nullopt;
    for (float t : roots)
        if (t >= 0.0f) return t;
    return std::nullopt;
}

} // namespace

std::optional<Hit> seed000_float32(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                                   Trace* trace) {
    const V2 p = narrow(mover.center), v = narrow(displacement);
    const V2 c = narrow(obstacle.a), d = narrow(obstacle.b);
    const float r = static_cast<float>(mover.radius);
    // The article shows the two queries, not how they are combined: the earliest of the line
    // and both end points, kept only within the frame (its code returns times past 1).
    struct Candidate {
        std::optional<float> t;
        Feature feature;
    };
    const Candidate candidates[] = {{circle_line(p, r, c, d, v), Feature::SegmentInterior},
                                    {circle_point(p, r, c, v), Feature::EndpointA},
                                    {circle_point(p, r, d, v), Feature::EndpointB}};
    if (trace) trace->begin("circle_segment (seed000-float32)");
    std::optional<Hit> best;
    for (const Candidate& candidate : candidates) {
        if (trace) {
            TraceCandidate& tc =
                trace->add_candidate(candidate.feature == Feature::SegmentInterior ? "line (float)"
                                     : candidate.feature == Feature::EndpointA ? "point A (float)"
                                                                               : "point B (float)",
                                     candidate.feature);
            if (candidate.t)
                tc.roots.push_back({*candidate.t, *candidate.t > 1.0f ? RootVerdict::AfterFrame
                                                                      : RootVerdict::Taken});
        }
        if (!candidate.t || *candidate.t > 1.0f || (best && best->t <= *candidate.t)) continue;
        const double t = *candidate.t;
        const Vec2 center = mover.center + displacement * t;
        const Vec2 u = obstacle.b - obstacle.a;
        const double h =
            std::clamp(dot(center - obstacle.a, u) / std::max(dot(u, u), 1e-300), 0.0, 1.0);
        const Vec2 point = candidate.feature == Feature::EndpointA   ? obstacle.a
                           : candidate.feature == Feature::EndpointB ? obstacle.b
                                                                     : obstacle.a + u * h;
        const Vec2 normal =
            normalized_or(center - point, normalized_or(-displacement, Vec2{0.0, 1.0}));
        best = Hit{t, point, normal, candidate.feature, t == 0.0, dot(displacement, normal) < 0.0};
    }
    if (trace) trace->settle(best ? &*best : nullptr);
    return best;
}

} // namespace ccd
