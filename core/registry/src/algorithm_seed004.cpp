// Seed 004's geometric projection method (ECSE; after Leong, and van den Heuvel and Jackson),
// as the article describes it. Where it is silent the choice is the plainest reading; where it
// is wrong the comment says so. docs/algorithms.md lists the differences from the exact query.

#include "ccd/algorithms.hpp"

#include <cmath>

namespace ccd {
namespace {

void record(Trace* trace, const char* query, const char* steps, std::optional<double> t) {
    if (!trace) return;
    trace->begin(query);
    TraceCandidate& c = trace->add_candidate("projection", Feature::SegmentInterior);
    c.note = steps;
    if (t) c.roots.push_back({*t, RootVerdict::Taken});
}

// A point starting at `a` moving by `v` against a disk at `b` of radius `radius`: project AB on
// the path to get C, then back up along the path by DC = sqrt(R^2 - BC^2) (Pythagoras).
std::optional<double> projected_time(Vec2 a, Vec2 v, Vec2 b, double radius) {
    const double speed2 = dot(v, v);
    if (!(speed2 > 0.0)) return std::nullopt; // the article assumes motion
    const double speed = std::sqrt(speed2);
    const double ac = dot(b - a, v) / speed; // signed distance along the path to C
    const Vec2 c = a + v * (ac / speed);
    const double bc2 = length_squared(b - c);
    if (bc2 > radius * radius) return std::nullopt;
    const double ad = ac - std::sqrt(radius * radius - bc2);
    const double t = ad / speed;
    // Silent in the article: a negative time (moving away) or one past the frame is no hit.
    if (t < 0.0 || t > 1.0) return std::nullopt;
    return t;
}

} // namespace

std::optional<Hit> seed004_projection(const Circle& mover, Vec2 displacement,
                                      const Circle& obstacle, Vec2 obstacle_displacement,
                                      Trace* trace) {
    const Vec2 v = displacement - obstacle_displacement; // "subtract the velocity of one"
    const double radius = mover.radius + obstacle.radius;
    const Vec2 offset = mover.center - obstacle.center;
    std::optional<double> t;
    bool overlap = false;
    if (length_squared(offset) < radius * radius) { // "less than the sum of their radii"
        t = 0.0;
        overlap = true;
    } else {
        t = projected_time(mover.center, v, obstacle.center, radius);
    }
    record(trace, "circle_circle (seed004)", "project AB on AA' to C; back up by DC", t);
    if (!t) return std::nullopt;
    const Vec2 other = obstacle.center + obstacle_displacement * *t;
    const Vec2 normal =
        normalized_or(mover.center + displacement * *t - other, normalized_or(-v, Vec2{0.0, 1.0}));
    return Hit{*t,      other + normal * obstacle.radius,
               normal,  Feature::Circle,
               overlap, dot(v, normal) < 0.0};
}

std::optional<Hit> seed004_projection(const Circle& mover, Vec2 displacement,
                                      const Segment& obstacle, Trace* trace) {
    const Vec2 a = mover.center, b = obstacle.a, c = obstacle.b;
    const Vec2 bc = c - b;
    const double bc2 = dot(bc, bc);
    const double r = mover.radius;
    const auto endpoint_hit = [&](Vec2 end, Feature feature) -> std::optional<Hit> {
        const auto t = projected_time(a, displacement, end, r);
        record(trace, "circle_segment (seed004)", "lines parallel or P past an end: endpoint", t);
        if (!t) return std::nullopt;
        const Vec2 normal = normalized_or(a + displacement * *t - end, Vec2{0.0, 1.0});
        return Hit{*t, end, normal, feature, false, dot(displacement, normal) < 0.0};
    };
    if (!(bc2 > 0.0)) return endpoint_hit(b, Feature::EndpointA);

    // N: A projected on the (infinite) line. The article tests the line, not the segment, so a
    // circle beside the segment's extension counts as "already colliding": kept as described.
    const Vec2 n = b + bc * (dot(a - b, bc) / bc2);
    const Vec2 an = n - a;
    const double an_length = length(an);
    if (an_length < r) {
        record(trace, "circle_segment (seed004)", "|AN| < r: already colliding with the line", 0.0);
        const Vec2 normal = normalized_or(-an, normalized_or(-displacement, Vec2{0.0, 1.0}));
        return Hit{0.0, n, normal, Feature::SegmentInterior, true, dot(displacement, normal) < 0.0};
    }
    // Parallel lines: "circle-circle check with the nearest endpoint to A".
    if (cross(displacement, bc) == 0.0)
        return length_squared(a - b) <= length_squared(a - c) ? endpoint_hit(b, Feature::EndpointA)
                                                              : endpoint_hit(c, Feature::EndpointB);
    // s: speed toward the line; d: distance to cover. The article writes the time as s/d; it is
    // d/s (a distance over a speed).
    // (an_length is at least r > 0 here, or r = 0 and it is tiny: then normalized_or's care.)
    const Vec2 toward = an_length > 0x1p-900 ? an * (1.0 / an_length) : normalized_or(an, Vec2{});
    const double s = dot(displacement, toward);
    const double d = an_length - r;
    const double t = d / s;
    if (!(s > 0.0) || t > 1.0) {
        record(trace, "circle_segment (seed004)", "t = d / s outside [0, 1]", std::nullopt);
        return std::nullopt; // silent in the article: moving away, or not within the frame
    }
    const Vec2 dpos = a + displacement * t;
    const double h = dot(dpos - b, bc) / bc2; // P, the projection of D
    if (h < 0.0) return endpoint_hit(b, Feature::EndpointA);
    if (h > 1.0) return endpoint_hit(c, Feature::EndpointB);
    record(trace, "circle_segment (seed004)", "t = d / s; P within the segment", t);
    return Hit{t, b + bc * h, -toward, Feature::SegmentInterior, false, true};
}

} // namespace ccd
