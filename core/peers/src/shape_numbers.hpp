#pragma once
// Every number that places a shape (a point's position, a circle's center and radius, a
// segment's ends, a polygon's vertices, and a segment's or polygon's radius), for the peers' checks
// of their inputs' magnitudes (box2d_side.cpp, bullet_side.cpp).

#include "ccd/shapes.hpp"

#include <variant>
#include <vector>

namespace ccd::detail {

inline void append_numbers(const Shape& shape, std::vector<double>& numbers) {
    const auto add = [&numbers](Vec2 v) {
        numbers.push_back(v.x);
        numbers.push_back(v.y);
    };
    if (const auto* p = std::get_if<Point>(&shape)) add(p->position);
    if (const auto* c = std::get_if<Circle>(&shape)) {
        add(c->center);
        numbers.push_back(c->radius);
    }
    if (const auto* s = std::get_if<Segment>(&shape)) {
        add(s->a);
        add(s->b);
        numbers.push_back(s->radius);
    }
    if (const auto* polygon = std::get_if<Polygon>(&shape)) {
        for (Vec2 v : polygon->vertices)
            add(v);
        numbers.push_back(polygon->radius);
    }
}

} // namespace ccd::detail
