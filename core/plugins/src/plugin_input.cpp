#include "plugin_input.hpp"

#include <cstdio>
#include <variant>

namespace ccd::plugins {
namespace {

ccd_vec2 abi(Vec2 v) {
    return {v.x, v.y};
}

void set_shape(const Shape& shape, std::vector<ccd_vec2>& vertices, ccd_side& side) {
    side.shape = static_cast<int>(shape.index());
    if (const auto* p = std::get_if<Point>(&shape)) side.position = abi(p->position);
    if (const auto* c = std::get_if<Circle>(&shape)) {
        side.position = abi(c->center);
        side.radius = c->radius;
    }
    if (const auto* s = std::get_if<Segment>(&shape)) {
        side.a = abi(s->a);
        side.b = abi(s->b);
    }
    if (const auto* polygon = std::get_if<Polygon>(&shape)) {
        for (Vec2 v : polygon->vertices)
            vertices.push_back(abi(v));
        side.vertices = vertices.data();
        side.vertex_count = static_cast<int>(vertices.size());
    }
}

void set_motion(const Motion& motion, ccd_side& side) {
    side.motion = static_cast<int>(motion.index());
    if (const auto* translation = std::get_if<Translation>(&motion)) {
        side.displacement = abi(translation->displacement);
        side.displacement_a = side.displacement_b = side.displacement;
    }
    if (const auto* ends = std::get_if<EndMotion>(&motion)) {
        side.displacement_a = abi(ends->displacement_a);
        side.displacement_b = abi(ends->displacement_b);
    }
    if (const auto* turning = std::get_if<Turning>(&motion)) {
        side.displacement = abi(turning->displacement);
        side.pivot = abi(turning->pivot);
        side.angle = turning->angle;
    }
}

std::string number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", x);
    return text;
}

std::string vector_text(Vec2 v) {
    return "[" + number(v.x) + ", " + number(v.y) + "]";
}

std::string shape_text(const Shape& shape) {
    if (const auto* p = std::get_if<Point>(&shape)) return "point p " + vector_text(p->position);
    if (const auto* c = std::get_if<Circle>(&shape))
        return "circle c " + vector_text(c->center) + " r " + number(c->radius);
    if (const auto* s = std::get_if<Segment>(&shape))
        return "segment a " + vector_text(s->a) + " b " + vector_text(s->b);
    std::string text = "polygon [";
    for (Vec2 v : std::get<Polygon>(shape).vertices)
        text += (text.back() == '[' ? "" : ", ") + vector_text(v);
    return text + "]";
}

std::string motion_text(const Motion& motion) {
    if (const auto* translation = std::get_if<Translation>(&motion))
        return "translation d " + vector_text(translation->displacement);
    if (const auto* ends = std::get_if<EndMotion>(&motion))
        return "end motion da " + vector_text(ends->displacement_a) + " db " +
               vector_text(ends->displacement_b);
    if (const auto* turning = std::get_if<Turning>(&motion))
        return "turning pivot " + vector_text(turning->pivot) + " v " +
               vector_text(turning->displacement) + " angle " + number(turning->angle);
    return "still";
}

std::string side_text(const Swept& side) {
    return "{" + shape_text(side.shape) + ", " + motion_text(side.motion) + "}";
}

} // namespace

AbiSide::AbiSide(const Swept& swept) {
    set_shape(swept.shape, vertices_, side_);
    set_motion(swept.motion, side_);
}

std::string input_text(const Swept& mover, const Swept& obstacle) {
    return "mover " + side_text(mover) + ", obstacle " + side_text(obstacle);
}

} // namespace ccd::plugins
