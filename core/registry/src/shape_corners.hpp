#pragma once
// A side's vertices, for the rules about a touch (touch_cut.hpp, touch_closing.hpp).

#include "ccd/shapes.hpp"

#include <vector>

namespace ccd {

// A polygon's vertices, a segment's two ends; none for a point or a circle.
inline std::vector<Vec2> corners(const Shape& shape) {
    if (const auto* p = std::get_if<Polygon>(&shape)) return p->vertices;
    if (const auto* s = std::get_if<Segment>(&shape)) return {s->a, s->b};
    return {};
}

} // namespace ccd
