#pragma once
// A plugin's answer (a ccd_result) checked and read as a Hit: a hit or an overlap is taken only
// when every number is finite, t is in [0, 1], the normal is of unit length and the parts it
// names are the sides' own; anything else is refused with what is wrong.

#include "ccd/engine_plugin.h"
#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

#include <optional>
#include <string>

namespace ccd::plugins {

// How far from 1 a normal's length may be.
inline constexpr double kNormalLengthTolerance = 1e-9;

// What a plugin is handed to fill: a miss, nothing named, no note.
ccd_result blank_result();

// The plugin's note, up to its NUL or the buffer's end, each control character a '?'.
std::string note_of(const ccd_result& result);

// Why `result` is no answer for `mover` against `obstacle` (it failed, saying why; a number
// not finite; t outside [0, 1]; a normal not of unit length; a status, feature or part that does
// not exist), in one line; nothing when it is one.
std::optional<std::string> answer_fault(const ccd_result& result, const Swept& mover,
                                        const Swept& obstacle);

// The hit `result` tells (nothing for a miss), from a result answer_fault accepts: an overlap
// at t = 0; the feature, when the plugin named none, named from the obstacle's shape and the
// vertex it names; approaching from the sides' motions at the point.
std::optional<Hit> answer_hit(const ccd_result& result, const Swept& mover, const Swept& obstacle);

} // namespace ccd::plugins
