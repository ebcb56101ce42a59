#pragma once
// A swept shape brought into range by an exact power of two (input_scaling.hpp), for the queries
// that take any Swept (the certified turning engine, the turning pairs' other methods): every
// length of both sides (vertices, radii, displacements, pivots; not angles) multiplied by the
// same power of two, so times are unchanged and lengths come back by its inverse. An
// acceleration is a length per frame squared: scaled alike.

#include "ccd/detail/input_scaling.hpp"
#include "ccd/shapes.hpp"

#include <cmath>
#include <type_traits>
#include <variant>

namespace ccd::detail {

// Calls f on every length of a side (not its angle).
template <class F>
void for_each_length(const Swept& swept, F&& f) {
    const auto vec = [&f](Vec2 v) {
        f(v.x);
        f(v.y);
    };
    std::visit(
        [&](const auto& shape) {
            using S = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<S, Point>) {
                vec(shape.position);
            } else if constexpr (std::is_same_v<S, Circle>) {
                vec(shape.center);
                f(shape.radius);
            } else if constexpr (std::is_same_v<S, Segment>) {
                vec(shape.a);
                vec(shape.b);
                f(shape.radius);
            } else {
                for (const Vec2 v : shape.vertices)
                    vec(v);
                f(shape.radius);
            }
        },
        swept.shape);
    if (const auto* e = std::get_if<EndMotion>(&swept.motion)) {
        vec(e->displacement_a);
        vec(e->displacement_b);
    } else if (const auto* turning = std::get_if<Turning>(&swept.motion)) {
        vec(turning->pivot);
        vec(turning->displacement);
    } else {
        vec(swept.displacement());
    }
    vec(swept.acceleration);
}

// The largest and the smallest nonzero magnitude of both sides' lengths (0 and infinity for
// none).
struct LengthRange {
    double largest = 0.0;
    double smallest = INFINITY;
};
inline LengthRange length_range(const Swept& mover, const Swept& obstacle) {
    LengthRange range;
    const auto note = [&range](double v) {
        const double magnitude = std::fabs(v);
        if (magnitude > range.largest) range.largest = magnitude;
        if (magnitude < range.smallest && magnitude > 0.0) range.smallest = magnitude;
    };
    for_each_length(mover, note);
    for_each_length(obstacle, note);
    return range;
}

// The rescaling that brings both sides' lengths into range (none for ordinary inputs).
inline InputRescale rescale_for(const Swept& mover, const Swept& obstacle) {
    const LengthRange range = length_range(mover, obstacle);
    return input_rescale_for(range.largest, range.smallest);
}

// `swept` with every length rescaled by k.
inline Swept rescaled(const Swept& swept, const InputRescale& k) {
    Swept out = swept;
    std::visit(
        [&k](auto& shape) {
            using S = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<S, Point>) {
                shape.position = k(shape.position);
            } else if constexpr (std::is_same_v<S, Circle>) {
                shape.center = k(shape.center);
                shape.radius = k(shape.radius);
            } else if constexpr (std::is_same_v<S, Segment>) {
                shape.a = k(shape.a);
                shape.b = k(shape.b);
                shape.radius = k(shape.radius);
            } else {
                for (Vec2& v : shape.vertices)
                    v = k(v);
                shape.radius = k(shape.radius);
            }
        },
        out.shape);
    std::visit(
        [&k](auto& motion) {
            using M = std::decay_t<decltype(motion)>;
            if constexpr (std::is_same_v<M, Translation>) {
                motion.displacement = k(motion.displacement);
            } else if constexpr (std::is_same_v<M, EndMotion>) {
                motion.displacement_a = k(motion.displacement_a);
                motion.displacement_b = k(motion.displacement_b);
            } else if constexpr (std::is_same_v<M, Turning>) {
                motion.pivot = k(motion.pivot);
                motion.displacement = k(motion.displacement);
            }
        },
        out.motion);
    out.acceleration = k(swept.acceleration);
    return out;
}

} // namespace ccd::detail
