#pragma once
// The entry time of a point moving against a static disk: the building block of every cap,
// of circle-point and of circle-circle.

#include "ccd/trace.hpp"
#include "ccd/vec2.hpp"

#include <optional>

namespace ccd::detail {

// A point starts at `offset` from a disk's center, outside the disk of radius `radius`, and
// moves by `displacement` over t in [0, 1]. Returns the first t in [0, 1] with
// |offset + displacement * t| <= radius, or nothing. With `candidate`, also records the
// quadratic |offset + displacement t|^2 - radius^2 and both of its roots.
std::optional<double> first_touch_of_disk(Vec2 offset, Vec2 displacement, double radius,
                                          TraceCandidate* candidate = nullptr);

// Verdict on a root that is otherwise valid, by where it falls in the frame.
inline RootVerdict frame_verdict(double t) {
    return t < 0.0   ? RootVerdict::BeforeFrame
           : t > 1.0 ? RootVerdict::AfterFrame
                     : RootVerdict::Taken;
}

} // namespace ccd::detail
