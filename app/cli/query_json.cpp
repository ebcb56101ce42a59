#include "query_json.hpp"

#include "ccd/answer_json.hpp"
#include "ccd/overlap_depth.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_limits.hpp"
#include "ccd/world.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ccdlab::cli {
namespace {

using ccd::Vec2;
using nlohmann::json;

const json& field(const json& q, const char* name) {
    const auto it = q.find(name);
    if (it == q.end()) throw QueryError(std::string("missing field \"") + name + "\"");
    return *it;
}

double number(const json& q, const char* name) {
    const json& v = field(q, name);
    if (!v.is_number()) throw QueryError(std::string("\"") + name + "\" must be a number");
    const double x = v.get<double>();
    if (!std::isfinite(x)) throw QueryError(std::string("\"") + name + "\" must be finite");
    return x;
}

// A turning side's angle a frame, within the World's fastest spin (ccd/world.hpp): beyond it the
// certified tolerance, 1e-12 x |angle| x lever arm, outgrows a millionth of the lever arm.
double spin(const json& q, const char* name) {
    const double angle = number(q, name);
    if (std::fabs(angle) > ccd::kWorldFastestSpin)
        throw QueryError(std::string("\"") + name +
                         "\" must be at most 1e6 radians a frame in magnitude (the range of spin, "
                         "docs/accuracy.md)");
    return angle;
}

double radius(const json& q, const char* name) {
    const double r = number(q, name);
    if (r < 0.0) throw QueryError(std::string("\"") + name + "\" must be >= 0");
    return r;
}

Vec2 vec2(const json& q, const char* name) {
    const json& v = field(q, name);
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number())
        throw QueryError(std::string("\"") + name + "\" must be [x, y]");
    const Vec2 p{v[0].get<double>(), v[1].get<double>()};
    if (!std::isfinite(p.x) || !std::isfinite(p.y))
        throw QueryError(std::string("\"") + name + "\" must be finite");
    return p;
}

// A polygon: at least three vertices, [[x, y], ...] (as in a scene).
ccd::Polygon polygon(const json& q, const char* name) {
    const json& v = field(q, name);
    const std::string what = std::string("\"") + name + "\" must be a list of at least 3 [x, y]";
    if (!v.is_array() || v.size() < 3) throw QueryError(what);
    if (v.size() > ccd::kMaxPolygonVertices) // the queries take time in vertices squared
        throw QueryError(std::string("\"") + name + "\" has " + std::to_string(v.size()) +
                         " vertices, more than the limit of " +
                         std::to_string(ccd::kMaxPolygonVertices) + " (the World's)");
    ccd::Polygon out;
    for (const json& p : v) {
        if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number())
            throw QueryError(what);
        out.vertices.push_back({p[0].get<double>(), p[1].get<double>()});
        if (!std::isfinite(out.vertices.back().x) || !std::isfinite(out.vertices.back().y))
            throw QueryError(std::string("\"") + name + "\" must be finite");
    }
    return out;
}

// A segment's or polygon's radius (a capsule, a rounded polygon): 0 when left out.
double rounding(const json& q, std::string_view name) {
    const std::string key(name);
    if (key.empty() || !q.contains(key)) return 0.0;
    return radius(q, key.c_str());
}

// A vector parameter of a motion: [0, 0] when the pair lets it be left out.
Vec2 motion_vec2(const json& q, const char* name, bool optional) {
    if (optional && !q.contains(name)) return {};
    return vec2(q, name);
}

// The turning queries take convex polygons in counter-clockwise order: every turn between
// consecutive edges to the left (collinear vertices allowed), the whole going round once, and
// some area.
void require_convex_counter_clockwise(const ccd::Polygon& polygon, const char* name) {
    // Scaled first by a power of two (exactly) so that no product overflows or vanishes.
    double largest = 0.0;
    for (const Vec2 p : polygon.vertices)
        largest = std::max({largest, std::fabs(p.x), std::fabs(p.y)});
    const int exponent = largest > 0.0 ? -std::ilogb(largest) : 0;
    std::vector<Vec2> v;
    for (const Vec2 p : polygon.vertices)
        v.push_back({std::ldexp(p.x, exponent), std::ldexp(p.y, exponent)});
    const std::size_t n = v.size();
    // A vertex given twice in a row is a zero-length edge, whose normal the turning methods
    // cannot take (they missed a containment by it): refused, to be given once.
    for (std::size_t k = 0; k < n; ++k)
        if (polygon.vertices[k] == polygon.vertices[(k + 1) % n])
            throw QueryError(std::string("\"") + name + "\" repeats vertex " + std::to_string(k) +
                             " at vertex " + std::to_string((k + 1) % n) +
                             " (a zero-length edge: give each vertex once)");
    double area2 = 0.0, turning = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        const Vec2 a = v[k], b = v[(k + 1) % n], c = v[(k + 2) % n];
        area2 += ccd::cross(a, b);
        const double turn = ccd::cross(b - a, c - b);
        if (turn < 0.0)
            throw QueryError(
                std::string("\"") + name +
                "\" must be convex and counter-clockwise (it turns clockwise at vertex " +
                std::to_string((k + 1) % n) + ")");
        turning += std::atan2(turn, ccd::dot(b - a, c - b));
    }
    if (!(area2 > 0.0) || turning > 7.0) // a second time round is not convex
        throw QueryError(std::string("\"") + name +
                         "\" must be convex and counter-clockwise (its area must be positive and "
                         "it must go round once)");
}

// A side of the pair, its parameters read under the names the registry gives them.
ccd::Swept swept(const json& q, ccd::SweptKind kind, const ccd::SweptNames& names) {
    const auto name = [](std::string_view n) { return std::string(n); };
    ccd::Shape shape;
    switch (kind.shape) {
    case ccd::ShapeKind::Point:
        shape = ccd::Point{vec2(q, name(names.shape[0]).c_str())};
        break;
    case ccd::ShapeKind::Circle:
        shape = ccd::Circle{vec2(q, name(names.shape[0]).c_str()),
                            radius(q, name(names.shape[1]).c_str())};
        break;
    case ccd::ShapeKind::Segment:
        shape = ccd::Segment{vec2(q, name(names.shape[0]).c_str()),
                             vec2(q, name(names.shape[1]).c_str()), rounding(q, names.rounding)};
        break;
    case ccd::ShapeKind::Polygon: {
        ccd::Polygon p = polygon(q, name(names.shape[0]).c_str());
        p.radius = rounding(q, names.rounding);
        shape = std::move(p);
        break;
    }
    }
    ccd::Motion motion;
    switch (kind.motion) {
    case ccd::MotionKind::Still:
        motion = ccd::Still{};
        break;
    case ccd::MotionKind::Translation:
        motion =
            ccd::Translation{motion_vec2(q, name(names.motion[0]).c_str(), names.motion_optional)};
        break;
    case ccd::MotionKind::EndMotion:
        motion =
            ccd::EndMotion{motion_vec2(q, name(names.motion[0]).c_str(), names.motion_optional),
                           motion_vec2(q, name(names.motion[1]).c_str(), names.motion_optional)};
        break;
    case ccd::MotionKind::Turning:
        motion = ccd::Turning{vec2(q, name(names.motion[0]).c_str()),
                              vec2(q, name(names.motion[1]).c_str()),
                              spin(q, name(names.motion[2]).c_str())};
        if (const auto* p = std::get_if<ccd::Polygon>(&shape))
            require_convex_counter_clockwise(*p, name(names.shape[0]).c_str());
        break;
    }
    return {std::move(shape), std::move(motion)};
}

std::string names_of(const std::vector<const ccd::PairType*>& pairs) {
    std::string out;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (i > 0) out += i + 1 == pairs.size() ? " and " : ", ";
        out += pairs[i]->name;
    }
    return out;
}

// A key the pair does not name is an error, not ignored: a misspelt optional field ("dd" for
// "da") would otherwise be answered as if left out, with its default.
void refuse_unknown_fields(const json& q, const ccd::PairType& pair) {
    std::vector<std::string_view> names{"kind"};
    for (const ccd::SweptNames* side : {&pair.mover_names, &pair.obstacle_names}) {
        for (const std::string_view name : side->shape)
            if (!name.empty()) names.push_back(name);
        for (const std::string_view name : side->motion)
            if (!name.empty()) names.push_back(name);
        if (!side->rounding.empty()) names.push_back(side->rounding);
    }
    names.push_back("accel"); // every kind's: the mover's acceleration
    for (const auto& item : q.items()) {
        if (std::find(names.begin(), names.end(), item.key()) != names.end()) continue;
        std::string expected;
        for (const std::string_view name : names)
            expected += (expected.empty() ? "" : ", ") + std::string(name);
        throw QueryError("unknown field \"" + ccd::printable_excerpt(item.key()) + "\" in a " +
                         std::string(pair.name) + " query (its fields: " + expected + ")");
    }
}

} // namespace

std::string query_kinds_help() {
    std::string text;
    for (const ccd::PairType& pair : ccd::pair_types()) {
        text += "  {\"kind\":\"" + std::string(pair.name) + "\"";
        const auto add = [&text](std::span<const std::string_view> names, bool optional) {
            for (const std::string_view name : names)
                if (!name.empty())
                    text +=
                        ",\"" + std::string(name) + "\":" + (optional ? "[0,0] if left out" : "..");
        };
        for (const ccd::SweptNames* names : {&pair.mover_names, &pair.obstacle_names}) {
            add(names->shape, false);
            add(names->motion, names->motion_optional);
            if (!names->rounding.empty())
                text += ",\"" + std::string(names->rounding) + "\":0 if left out";
        }
        text += "}\n";
    }
    text +=
        "  Every kind also takes \"accel\":[ax,ay] ([0,0] if left out): the mover's acceleration\n"
        "  relative to the obstacle over the frame, its path the parabola x0 + d t + accel t^2/2\n";
    return text;
}

std::string pairs_answered_by(const ccd::Algorithm& algorithm) {
    return names_of(ccd::pairs_answered_by(algorithm));
}

Query read_query(const json& q, const ccd::Algorithm& algorithm) {
    if (!q.is_object()) throw QueryError("a query is a JSON object");
    const json& kind_field = field(q, "kind");
    if (!kind_field.is_string()) throw QueryError("\"kind\" must be a string");
    const std::string kind = kind_field.get<std::string>();
    const ccd::PairType* pair = ccd::find_pair_type(kind);
    if (!pair)
        throw QueryError("unknown kind \"" + ccd::printable_excerpt(kind) + "\" (expected " +
                         ccd::pair_type_names() + ")");
    refuse_unknown_fields(q, *pair);
    if (!ccd::find_query(*pair, algorithm))
        throw QueryError("algorithm \"" + std::string(algorithm.name) + "\" has no " + kind +
                         " query: not a method for this pair (it answers " +
                         names_of(ccd::pairs_answered_by(algorithm)) + "; use --algorithm exact)");
    Query query{swept(q, pair->mover, pair->mover_names),
                swept(q, pair->obstacle, pair->obstacle_names)};
    // The mover's acceleration relative to the obstacle (a parabolic path: docs/accuracy.md,
    // "Parabolic paths"); a polygon is then answered by the certified engine, which takes it
    // convex and counter-clockwise.
    if (q.contains("accel")) {
        query.mover.acceleration = vec2(q, "accel");
        if (query.mover.accelerates())
            for (const ccd::Swept* side : {&query.mover, &query.obstacle})
                if (const auto* p = std::get_if<ccd::Polygon>(&side->shape))
                    require_convex_counter_clockwise(
                        *p, std::string(side == &query.mover ? pair->mover_names.shape[0]
                                                             : pair->obstacle_names.shape[0])
                                .c_str());
    }
    if (const auto why = ccd::inexpressible(algorithm, query.mover, query.obstacle))
        throw QueryError("algorithm \"" + std::string(algorithm.name) + "\" cannot take this " +
                         kind + " query: " + *why);
    return query;
}

json answer_query(const json& q, const ccd::Algorithm& algorithm, bool with_trace) {
    const Query query = read_query(q, algorithm);
    ccd::Trace trace;
    const std::optional<ccd::Hit> hit =
        ccd::time_of_impact(algorithm, query.mover, query.obstacle, with_trace ? &trace : nullptr);

    json answer = ccd::hit_to_json(hit);
    // Overlapping at t = 0: how deep, and which way is out (ccd/overlap_depth.hpp); left out
    // when a number overflowed (inputs near the largest double), never printed as null.
    if (hit && hit->overlap)
        if (const auto depth = ccd::overlap_depth(query.mover.shape, query.obstacle.shape);
            depth && std::isfinite(depth->depth) && std::isfinite(depth->normal.x) &&
            std::isfinite(depth->normal.y) && std::isfinite(depth->point.x) &&
            std::isfinite(depth->point.y)) {
            answer["depth"] = depth->depth;
            answer["depth_normal"] = {depth->normal.x, depth->normal.y};
            answer["depth_point"] = {depth->point.x, depth->point.y};
        }
    if (with_trace) answer["trace"] = ccd::trace_to_json(trace);
    return answer;
}

} // namespace ccdlab::cli
