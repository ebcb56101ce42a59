// A benchmark query's side to and from JSON (bench_side_json.hpp).
#include "bench_side_json.hpp"

#include "ccd/bench_dataset.hpp"

#include <cmath>
#include <cstdlib>
#include <variant>

namespace ccd::bench_json {
namespace {

using Json = nlohmann::ordered_json;

Json vec_json(Vec2 v) {
    return Json::array({hex_float(v.x), hex_float(v.y)});
}

Json shape_json(const Shape& shape) {
    Json out = Json::object();
    if (const auto* p = std::get_if<Point>(&shape)) out["point"] = vec_json(p->position);
    if (const auto* c = std::get_if<Circle>(&shape))
        out["circle"] = Json{{"center", vec_json(c->center)}, {"radius", hex_float(c->radius)}};
    if (const auto* s = std::get_if<Segment>(&shape))
        out["segment"] = Json::array({vec_json(s->a), vec_json(s->b)});
    if (const auto* g = std::get_if<Polygon>(&shape)) {
        Json vertices = Json::array();
        for (const Vec2 v : g->vertices)
            vertices.push_back(vec_json(v));
        out["polygon"] = vertices;
    }
    return out;
}

Json motion_json(const Motion& motion) {
    if (const auto* t = std::get_if<Translation>(&motion))
        return Json{{"translation", vec_json(t->displacement)}};
    if (const auto* r = std::get_if<Turning>(&motion))
        return Json{{"turning", Json{{"pivot", vec_json(r->pivot)},
                                     {"displacement", vec_json(r->displacement)},
                                     {"angle", hex_float(r->angle)}}}};
    return "still"; // EndMotion is no motion of the benchmark's sides
}

bool counter_clockwise(const Polygon& polygon) {
    double twice_area = 0.0;
    const std::size_t n = polygon.vertices.size();
    for (std::size_t k = 0; k < n; ++k)
        twice_area += cross(polygon.vertices[k], polygon.vertices[(k + 1) % n]);
    return twice_area > 0.0;
}

Vec2 read_vec(const nlohmann::json& value, const std::string& field) {
    if (!value.is_array() || value.size() != 2)
        throw FieldError(field + ": expected [X, Y], two hex float strings");
    return {read_number(value[0], field + "[0]"), read_number(value[1], field + "[1]")};
}

// The one member of a single-member object, naming the choice (`field`: "shape", "motion").
std::pair<std::string, const nlohmann::json*>
one_of(const nlohmann::json& value, const std::string& field, const char* choices) {
    if (!value.is_object() || value.size() != 1)
        throw FieldError(field + ": expected an object with one member, " + choices);
    return {value.begin().key(), &value.begin().value()};
}

Shape read_shape(const nlohmann::json& value, const std::string& field) {
    const auto [key, inner] =
        one_of(value, field, "\"point\", \"circle\", \"segment\" or \"polygon\"");
    const std::string at = field + "." + key;
    if (key == "point") return Point{read_vec(*inner, at)};
    if (key == "circle") {
        expect_object(*inner, at, {"center", "radius"});
        const double radius = read_number(member(*inner, at, "radius"), at + ".radius");
        if (!(radius >= 0.0)) throw FieldError(at + ".radius: must be at least 0");
        return Circle{read_vec(member(*inner, at, "center"), at + ".center"), radius};
    }
    if (key == "segment") {
        if (!inner->is_array() || inner->size() != 2)
            throw FieldError(at + ": expected [[AX, AY], [BX, BY]]");
        return Segment{read_vec((*inner)[0], at + "[0]"), read_vec((*inner)[1], at + "[1]")};
    }
    if (key == "polygon") {
        if (!inner->is_array() || inner->size() < 3)
            throw FieldError(at + ": expected at least 3 vertices [[X, Y], ...]");
        Polygon polygon;
        for (std::size_t k = 0; k < inner->size(); ++k)
            polygon.vertices.push_back(read_vec((*inner)[k], at + "[" + std::to_string(k) + "]"));
        if (!is_convex(polygon)) throw FieldError(at + ": the polygon is not convex");
        if (!counter_clockwise(polygon))
            throw FieldError(at + ": the vertices must run counter-clockwise");
        return polygon;
    }
    throw FieldError(field + ": unknown shape \"" + key +
                     "\" (expected \"point\", \"circle\", \"segment\" or \"polygon\")");
}

Motion read_motion(const nlohmann::json& value, const std::string& field) {
    if (value.is_string() && value.get<std::string>() == "still") return Still{};
    const auto [key, inner] =
        one_of(value, field, "\"translation\" or \"turning\" (or the string \"still\")");
    const std::string at = field + "." + key;
    if (key == "translation") return Translation{read_vec(*inner, at)};
    if (key == "turning") {
        expect_object(*inner, at, {"pivot", "displacement", "angle"});
        return Turning{read_vec(member(*inner, at, "pivot"), at + ".pivot"),
                       read_vec(member(*inner, at, "displacement"), at + ".displacement"),
                       read_number(member(*inner, at, "angle"), at + ".angle")};
    }
    throw FieldError(field + ": unknown motion \"" + key +
                     "\" (expected \"still\", \"translation\" or \"turning\")");
}

} // namespace

double read_number(const nlohmann::json& value, const std::string& field) {
    if (!value.is_string())
        throw FieldError(field + ": expected a number as a hex float string (\"0x1.8p+1\"), got " +
                         value.dump().substr(0, 40));
    const std::string text = value.get<std::string>();
    char* end = nullptr;
    const double number = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size())
        throw FieldError(field + ": \"" + text.substr(0, 40) + "\" is not a number");
    if (!std::isfinite(number)) throw FieldError(field + ": \"" + text + "\" is not finite");
    return number;
}

void expect_object(const nlohmann::json& value, const std::string& field,
                   std::initializer_list<const char*> allowed) {
    if (!value.is_object()) throw FieldError(field + ": expected an object");
    for (auto it = value.begin(); it != value.end(); ++it) {
        bool known = false;
        for (const char* name : allowed)
            known = known || it.key() == name;
        if (!known) throw FieldError(field + ": unknown member \"" + it.key().substr(0, 40) + "\"");
    }
}

const nlohmann::json& member(const nlohmann::json& value, const std::string& field,
                             const char* key) {
    const auto it = value.find(key);
    if (it == value.end())
        throw FieldError((field.empty() ? std::string(key) : field + "." + key) + ": missing");
    return *it;
}

nlohmann::ordered_json side_json(const Swept& side) {
    return Json{{"shape", shape_json(side.shape)}, {"motion", motion_json(side.motion)}};
}

Swept read_side(const nlohmann::json& value, const std::string& name) {
    expect_object(value, name, {"shape", "motion"});
    return {read_shape(member(value, name, "shape"), name + ".shape"),
            read_motion(member(value, name, "motion"), name + ".motion")};
}

} // namespace ccd::bench_json
