#pragma once
// The panels' number fields: short figures to drag or type, every digit of the exact value on
// hover (what a double holds is what the core computes with).

#include "ccd/vec2.hpp"

#include <string>

namespace ccdlab {

// A draggable (x, y) shown to 4 decimals; hovering shows both to 17 significant digits.
// Returns true when the user changed it.
bool edit_vec2(const char* label, ccd::Vec2& v);

// A draggable length >= 0 (a radius), shown and hovered the same way.
bool edit_length(const char* label, double& value);

// A draggable angle in radians, of any sign and size (a turn over the frame), shown the same way.
bool edit_angle(const char* label, double& radians);

// A draggable angular velocity in radians per frame, of any sign and size, shown the same way.
bool edit_angular_velocity(const char* label, double& radians_per_frame);

// Read-only: (x, y) to 9 digits, 17 on hover; never "-0".
void text_vec2(const char* label, ccd::Vec2 v);

// `words` (separated by spaces) laid out left to right, a new line only between two words:
// a number is never broken (ImGui's wrapping breaks after a '.'). Lines are at most `width`
// pixels, or, when it is 0, reach the right edge of the room left (the window's, a table
// cell's); a tooltip, which grows to its text, gives a width.
void text_flow(const std::string& words, float width = 0.0f);

} // namespace ccdlab
