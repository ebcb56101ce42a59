#pragma once
// The entry time of a point moving against a static disk: the building block of every cap.

#include "ccd/vec2.hpp"

#include <optional>

namespace ccd::detail {

// A point starts at `offset` from a disk's center, outside the disk of radius `radius`, and
// moves by `displacement` over t in [0, 1]. Returns the first t in [0, 1] with
// |offset + displacement * t| <= radius, or nothing.
std::optional<double> first_touch_of_disk(Vec2 offset, Vec2 displacement, double radius);

} // namespace ccd::detail
