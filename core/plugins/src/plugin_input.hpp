#pragma once
// A query's sides as the ABI takes them (ccd/engine_plugin.h), and as one line of text for the
// messages and the call watcher.

#include "ccd/engine_plugin.h"
#include "ccd/shapes.hpp"

#include <string>
#include <vector>

namespace ccd::plugins {

// One side as a ccd_side. Every field of each motion the side's motion is a case of is set
// (a translation also as ends moving alike and as a turn by 0), so that a plugin may read the
// fields of the motion it declared. Its vertices point into itself: neither copied nor moved.
class AbiSide {
public:
    explicit AbiSide(const Swept& swept);
    AbiSide(const AbiSide&) = delete;
    AbiSide& operator=(const AbiSide&) = delete;

    const ccd_side& side() const { return side_; }

private:
    std::vector<ccd_vec2> vertices_;
    ccd_side side_{};
};

// "mover {circle c [1, 2] r 0.5, translation d [3, 0]}, obstacle {...}": every number to 17
// significant digits, so that the line gives the input back exactly.
std::string input_text(const Swept& mover, const Swept& obstacle);

} // namespace ccd::plugins
