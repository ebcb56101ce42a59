#include "cpp_literals.hpp"

#include <charconv>
#include <cstdio>
#include <variant>

namespace ccd::test_export {
namespace {

constexpr const char* kShapeNames[] = {"CCD_SHAPE_POINT", "CCD_SHAPE_CIRCLE", "CCD_SHAPE_SEGMENT",
                                       "CCD_SHAPE_POLYGON"};
constexpr const char* kMotionNames[] = {"CCD_MOTION_STILL", "CCD_MOTION_TRANSLATION",
                                        "CCD_MOTION_END_MOTION", "CCD_MOTION_TURNING"};

std::string polygon_expression(const Polygon& polygon) {
    std::string out = "ccd::Polygon{{";
    for (std::size_t i = 0; i < polygon.vertices.size(); ++i)
        out += (i ? ", " : "") + hex_vec(polygon.vertices[i]);
    return out + "}, " + hex(polygon.radius) + "}";
}

std::string shape_expression(const Shape& shape) {
    if (const auto* p = std::get_if<Point>(&shape))
        return "ccd::Point{" + hex_vec(p->position) + "}";
    if (const auto* c = std::get_if<Circle>(&shape))
        return "ccd::Circle{" + hex_vec(c->center) + ", " + hex(c->radius) + "}";
    if (const auto* s = std::get_if<Segment>(&shape))
        return "ccd::Segment{" + hex_vec(s->a) + ", " + hex_vec(s->b) + ", " + hex(s->radius) + "}";
    return polygon_expression(std::get<Polygon>(shape));
}

std::string motion_expression(const Motion& motion) {
    if (const auto* t = std::get_if<Translation>(&motion))
        return "ccd::Translation{" + hex_vec(t->displacement) + "}";
    if (const auto* e = std::get_if<EndMotion>(&motion))
        return "ccd::EndMotion{" + hex_vec(e->displacement_a) + ", " + hex_vec(e->displacement_b) +
               "}";
    if (const auto* r = std::get_if<Turning>(&motion))
        return "ccd::Turning{" + hex_vec(r->pivot) + ", " + hex_vec(r->displacement) + ", " +
               hex(r->angle) + "}";
    return "ccd::Still{}";
}

std::string rounding_words(double radius) {
    return radius != 0.0 ? ", radius " + decimal(radius) : "";
}

std::string shape_words(const Shape& shape) {
    if (const auto* p = std::get_if<Point>(&shape)) return "point " + decimal_vec(p->position);
    if (const auto* c = std::get_if<Circle>(&shape))
        return "circle, center " + decimal_vec(c->center) + ", radius " + decimal(c->radius);
    if (const auto* s = std::get_if<Segment>(&shape))
        return "segment " + decimal_vec(s->a) + " to " + decimal_vec(s->b) +
               rounding_words(s->radius);
    const Polygon& polygon = std::get<Polygon>(shape);
    std::string out = "polygon";
    for (std::size_t i = 0; i < polygon.vertices.size(); ++i)
        out += (i ? ", " : " ") + decimal_vec(polygon.vertices[i]);
    return out + rounding_words(polygon.radius);
}

std::string motion_words(const Motion& motion) {
    if (const auto* t = std::get_if<Translation>(&motion))
        return "translating by " + decimal_vec(t->displacement);
    if (const auto* e = std::get_if<EndMotion>(&motion))
        return "its ends moving by " + decimal_vec(e->displacement_a) + " and " +
               decimal_vec(e->displacement_b);
    if (const auto* r = std::get_if<Turning>(&motion))
        return "turning by " + decimal(r->angle) + " rad about " + decimal_vec(r->pivot) +
               ", the pivot moving by " + decimal_vec(r->displacement);
    return "still";
}

std::string field(const std::string& indent, const std::string& name, const char* member,
                  const std::string& value) {
    return indent + name + "." + member + " = " + value + ";\n";
}

std::string abi_vec(Vec2 v) {
    return "ccd_vec2" + hex_vec(v);
}

std::string abi_shape_statements(const Shape& shape, const std::string& name,
                                 const std::string& indent) {
    std::string out = field(indent, name, "shape", kShapeNames[shape.index()]);
    if (const auto* p = std::get_if<Point>(&shape))
        out += field(indent, name, "position", abi_vec(p->position));
    if (const auto* c = std::get_if<Circle>(&shape))
        out += field(indent, name, "position", abi_vec(c->center)) +
               field(indent, name, "radius", hex(c->radius));
    if (const auto* s = std::get_if<Segment>(&shape))
        out += field(indent, name, "a", abi_vec(s->a)) + field(indent, name, "b", abi_vec(s->b));
    if (const auto* polygon = std::get_if<Polygon>(&shape)) {
        out += field(indent, name, "vertices", name + "_vertices") +
               field(indent, name, "vertex_count", std::to_string(polygon->vertices.size()));
    }
    return out;
}

std::string abi_motion_statements(const Motion& motion, const std::string& name,
                                  const std::string& indent) {
    std::string out = field(indent, name, "motion", kMotionNames[motion.index()]);
    if (const auto* t = std::get_if<Translation>(&motion))
        out += field(indent, name, "displacement", abi_vec(t->displacement)) +
               field(indent, name, "displacement_a", abi_vec(t->displacement)) +
               field(indent, name, "displacement_b", abi_vec(t->displacement));
    if (const auto* e = std::get_if<EndMotion>(&motion))
        out += field(indent, name, "displacement_a", abi_vec(e->displacement_a)) +
               field(indent, name, "displacement_b", abi_vec(e->displacement_b));
    if (const auto* r = std::get_if<Turning>(&motion))
        out += field(indent, name, "displacement", abi_vec(r->displacement)) +
               field(indent, name, "pivot", abi_vec(r->pivot)) +
               field(indent, name, "angle", hex(r->angle));
    return out;
}

} // namespace

std::string hex(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%a", value);
    return text;
}

std::string decimal(double value) {
    char text[40];
#if defined(__cpp_lib_to_chars)
    const auto end = std::to_chars(text, text + sizeof text, value).ptr; // shortest round trip
    return std::string(text, end);
#else // a standard library without floating-point to_chars (an older libc++)
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
#endif
}

std::string hex_vec(Vec2 v) {
    return "{" + hex(v.x) + ", " + hex(v.y) + "}";
}

std::string decimal_vec(Vec2 v) {
    return "(" + decimal(v.x) + ", " + decimal(v.y) + ")";
}

std::string swept_expression(const Swept& side) {
    return "ccd::Swept{" + shape_expression(side.shape) + ", " + motion_expression(side.motion) +
           "}";
}

std::string side_in_words(const Swept& side) {
    return shape_words(side.shape) + ", " + motion_words(side.motion);
}

std::string abi_side_statements(const Swept& side, const std::string& name,
                                const std::string& indent) {
    std::string out;
    if (const auto* polygon = std::get_if<Polygon>(&side.shape)) {
        out += indent + "static const ccd_vec2 " + name + "_vertices[] = {";
        for (std::size_t i = 0; i < polygon->vertices.size(); ++i)
            out += (i ? ", " : "") + abi_vec(polygon->vertices[i]);
        out += "};\n";
    }
    out += indent + "ccd_side " + name + "{};\n";
    return out + abi_shape_statements(side.shape, name, indent) +
           abi_motion_statements(side.motion, name, indent);
}

std::string abi_kind(ShapeKind shape, MotionKind motion) {
    return std::string("ccd_side_kind{") + kShapeNames[static_cast<int>(shape)] + ", " +
           kMotionNames[static_cast<int>(motion)] + "}";
}

} // namespace ccd::test_export
