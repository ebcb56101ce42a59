#pragma once
// What a hunt does to a whole case (docs/hunt.md): a map of the plane (scaled, turned, mirrored,
// moved), the two sides swapped, whole turns added to a turning side. The invariances among them
// (moving, turning or mirroring the whole case, swapping its sides) leave the certified first
// contact's t unchanged, so a method whose verdict changes under one is wrong on one of the two.
// Whole turns added are not among them: the side then turns faster over the frame and meets the
// other at other times; only its pose at t = 0 and t = 1 is the same.

#include "ccd/algorithms.hpp"
#include "ccd/hunt_case.hpp"

#include <optional>
#include <string>

namespace ccd {

// x -> scale R(angle) M x + offset, M the mirror x -> -x when `mirror`: points move by all of it,
// displacements by all but the offset, radii by the scale; a turn changes sign under a mirror,
// and a polygon's vertices are listed the other way round (vertex 0 kept first) so that it stays
// counter-clockwise.
struct PlaneMap {
    double scale = 1.0;
    double angle = 0.0;
    bool mirror = false;
    Vec2 offset = {};
};
HuntCase mapped(const HuntCase& query, const PlaneMap& map);

// The obstacle as the mover and the mover as the obstacle, fitted to a pair `algorithm` answers
// (fit_case); nothing when it has none.
std::optional<HuntCase> swapped(const HuntCase& query, const Algorithm& algorithm);

// `turns` whole turns (2 pi each, signed) added to the mover's (or the obstacle's) turn; nothing
// when that side does not turn.
std::optional<HuntCase> with_whole_turns(const HuntCase& query, bool mover, int turns);

// An invariance of the certified t: a map without scale (moving, turning, mirroring) or the
// swap, and a line saying which.
struct Invariance {
    bool swap = false;
    PlaneMap map; // when not a swap
    std::string text;
};
std::optional<HuntCase> apply(const Invariance& invariance, const HuntCase& query,
                              const Algorithm& algorithm);

} // namespace ccd
