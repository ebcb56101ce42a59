#pragma once
// The hatching that marks a static body (docs/scene-format.md, "Static bodies"): lines at 45
// degrees, `spacing` apart, clipped to the body's outline or disc. The views draw the lines as
// they are.

#include "ccd/shapes.hpp"

#include <span>
#include <vector>

namespace ccdlab {

// The hatch lines inside a simple polygon (the even-odd rule: each line's crossings with the
// edges paired in order along it). Lines run along (1, -1), stepping across along (1, 1); a
// level k x spacing (k whole) of (x + y) / sqrt 2. `spacing` > 0; at most `most` lines.
std::vector<ccd::Segment> hatch_lines(std::span<const ccd::Vec2> polygon, double spacing,
                                      int most = 400);
// The same inside a disc.
std::vector<ccd::Segment> hatch_lines(const ccd::Circle& disc, double spacing, int most = 400);

} // namespace ccdlab
