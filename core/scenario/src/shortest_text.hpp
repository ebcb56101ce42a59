#pragma once
// Numbers and points in the messages of fixture checks and run comparisons: the shortest text
// that reads back as the same double, so a message quotes the exact value.

#include "ccd/vec2.hpp"

#include <charconv>
#include <string>

namespace ccd::detail {

inline std::string shortest_text(double value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

inline std::string shortest_text(Vec2 p) {
    return "(" + shortest_text(p.x) + ", " + shortest_text(p.y) + ")";
}

} // namespace ccd::detail
