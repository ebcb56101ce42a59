#include "ccd/toi_circle_circle.hpp"

#include "ccd/detail/cpu_clones.hpp"
#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/detail/input_scaling.hpp"
#include "first_touch.hpp"

#include <bit>
#include <cmath>
#include <cstdint>

// The circle-circle query is the scheduler's hot query (ccd::World runs it on every pair the
// cheap rejection lets through). As the circle-segment query (toi_circle_segment.cpp), it is
// cloned for the CPU (cpu_clones.hpp); `flatten` inlines first_touch_of_disk and the
// compensated arithmetic into each clone.

namespace ccd {
namespace {

// a / |a|, or, for a = 0 (coincident centres), the direction against the motion (or +y for
// no motion). The fallback's hypot is paid only when it is needed.
// (An offset too short for its length to be exact, below 2^-900, takes normalized_or's care.)
inline Vec2 unit_or_against(Vec2 a, Vec2 motion) {
    const double len = length(a);
    if (len > 0x1p-900) [[likely]]
        return Vec2{a.x / len, a.y / len};
    return normalized_or(a, normalized_or(-motion, Vec2{0.0, 1.0}));
}

// A point at `offset` from a disk's center, moving by `motion` relative to it.
struct RelativeHit {
    double t;
    Vec2 normal; // from the disk's center toward the point at time t
    bool overlap;
};

std::optional<RelativeHit> point_against_disk(Vec2 offset, Vec2 motion, double radius, Trace* trace,
                                              const char* query, Feature feature) {
    if (trace) trace->begin(query);
    if (detail::accurate_distance_squared_minus(offset, radius) <= 0.0) {
        if (trace) trace->overlap_at_start = true;
        return RelativeHit{0.0, unit_or_against(offset, motion), true};
    }
    TraceCandidate* candidate = nullptr;
    if (trace) candidate = &trace->add_candidate("disk", feature);
    const auto t = detail::first_touch_of_disk(offset, motion, radius, candidate);
    if (trace) {
        const Hit settled{t.value_or(0.0), {}, {}, feature};
        trace->settle(t ? &settled : nullptr);
    }
    if (!t) return std::nullopt;
    return RelativeHit{*t, unit_or_against(offset + motion * *t, motion), false};
}

inline double max_of(double p, double q) {
    return p > q ? p : q;
}

// The largest magnitude among the circle-circle query's ten inputs (what detail::input_scale
// looks at), as a tree of maxsd instead of its loop's compares and branches: `x > m ? x : m`
// keeps m for a NaN x, as the loop does.
double largest_input(const Circle& mover, Vec2 displacement, const Circle& obstacle,
                     Vec2 obstacle_displacement) {
    const auto up = [](double m, double v) { return max_of(std::fabs(v), m); };
    const double m1 = up(up(0.0, mover.center.x), mover.center.y);
    const double m2 = up(up(0.0, mover.radius), displacement.x);
    const double m3 = up(up(0.0, displacement.y), obstacle.center.x);
    const double m4 = up(up(0.0, obstacle.center.y), obstacle.radius);
    const double m5 = up(up(0.0, obstacle_displacement.x), obstacle_displacement.y);
    return max_of(max_of(max_of(m1, m2), max_of(m3, m4)), m5);
}

Hit circle_hit(const RelativeHit& relative, Vec2 motion, const Circle& obstacle,
               Vec2 obstacle_displacement) {
    const Vec2 obstacle_center = obstacle.center + obstacle_displacement * relative.t;
    return Hit{relative.t,       obstacle_center + relative.normal * obstacle.radius,
               relative.normal,  Feature::Circle,
               relative.overlap, dot(motion, relative.normal) < 0.0};
}

// Inputs out of the comfortable range (rescaled by a power of two, then asked again) and
// queries with a trace: out of line, so that the hot path stays small.
[[gnu::noinline]] std::optional<Hit> slow_time_of_impact(const Circle& mover, Vec2 displacement,
                                                         const Circle& obstacle,
                                                         Vec2 obstacle_displacement, Trace* trace,
                                                         double largest) {
    if (const double k = detail::scale_for_largest(largest); k != 1.0) {
        auto hit = time_of_impact(Circle{mover.center * k, mover.radius * k}, displacement * k,
                                  Circle{obstacle.center * k, obstacle.radius * k},
                                  obstacle_displacement * k, trace);
        if (hit) hit->point *= 1.0 / k;
        return hit;
    }
    const Vec2 motion = displacement - obstacle_displacement;
    const auto relative =
        point_against_disk(mover.center - obstacle.center, motion, mover.radius + obstacle.radius,
                           trace, "circle_circle", Feature::Circle);
    if (!relative) return std::nullopt;
    return circle_hit(*relative, motion, obstacle, obstacle_displacement);
}

} // namespace

std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement, Vec2 point,
                                  Trace* trace) {
    if (const auto k = detail::input_rescale({mover.center.x, mover.center.y, mover.radius,
                                              displacement.x, displacement.y, point.x, point.y});
        k.needed()) {
        auto hit = time_of_impact(Circle{k(mover.center), k(mover.radius)}, k(displacement),
                                  k(point), trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    const auto relative = point_against_disk(mover.center - point, displacement, mover.radius,
                                             trace, "circle_point", Feature::Point);
    if (!relative) return std::nullopt;
    return Hit{relative->t,       point,
               relative->normal,  Feature::Point,
               relative->overlap, dot(displacement, relative->normal) < 0.0};
}

CCD_CLONES CCD_FLATTEN std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement,
                                                         const Circle& obstacle,
                                                         Vec2 obstacle_displacement, Trace* trace) {
    // In range: largest in (2^-100, 2^100), as one unsigned comparison of the bit patterns
    // (non-negative doubles order as their bits do); zero, which needs no scaling either, goes
    // the slow way, which finds that.
    const double largest = largest_input(mover, displacement, obstacle, obstacle_displacement);
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(largest);
    constexpr std::uint64_t low = std::bit_cast<std::uint64_t>(0x1p-100);
    constexpr std::uint64_t high = std::bit_cast<std::uint64_t>(0x1p100);
    if (trace || bits - low - 1 >= high - low - 1) [[unlikely]]
        return slow_time_of_impact(mover, displacement, obstacle, obstacle_displacement, trace,
                                   largest);
    // What point_against_disk does without a trace: the same operations in the same order.
    const Vec2 motion = displacement - obstacle_displacement;
    const Vec2 offset = mover.center - obstacle.center;
    const double radius = mover.radius + obstacle.radius;
    RelativeHit relative{0.0, {}, true};
    if (detail::accurate_distance_squared_minus(offset, radius) <= 0.0) [[unlikely]] {
        relative.normal = unit_or_against(offset, motion);
    } else {
        const auto t = detail::first_touch_of_disk(offset, motion, radius, nullptr);
        if (!t) return std::nullopt;
        relative = RelativeHit{*t, unit_or_against(offset + motion * *t, motion), false};
    }
    return circle_hit(relative, motion, obstacle, obstacle_displacement);
}

} // namespace ccd
