#include "query_json.hpp"

#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include <cmath>
#include <string>

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

json to_json(Vec2 v) {
    return json::array({v.x, v.y});
}

json to_json(const ccd::Trace& trace) {
    json candidates = json::array();
    for (const ccd::TraceCandidate& c : trace.candidates) {
        json roots = json::array();
        for (const ccd::TraceRoot& r : c.roots)
            roots.push_back({{"t", r.t}, {"verdict", ccd::to_string(r.verdict)}});
        json item = {
            {"name", c.name}, {"feature", ccd::to_string(c.feature)}, {"a", c.a},      {"b", c.b},
            {"c", c.c},       {"discriminant", c.discriminant},       {"roots", roots}};
        if (!c.note.empty()) item["note"] = c.note;
        if (c.vertex >= 0) item["vertex"] = c.vertex;
        if (c.edge >= 0) item["edge"] = c.edge;
        candidates.push_back(item);
    }
    return {{"query", trace.query},
            {"overlap_at_start", trace.overlap_at_start},
            {"candidates", candidates}};
}

[[noreturn]] void unsupported(const ccd::Algorithm& algorithm, const std::string& kind) {
    throw QueryError("algorithm \"" + std::string(algorithm.name) + "\" has no " + kind +
                     " query (use --algorithm exact)");
}

} // namespace

json answer_query(const json& q, const ccd::Algorithm& algorithm, bool with_trace) {
    if (!q.is_object()) throw QueryError("a query is a JSON object");
    const json& kind_field = field(q, "kind");
    if (!kind_field.is_string()) throw QueryError("\"kind\" must be a string");
    const std::string kind = kind_field.get<std::string>();
    const bool exact = algorithm.name == ccd::algorithms().front().name;
    ccd::Trace trace;
    ccd::Trace* t = with_trace ? &trace : nullptr;
    std::optional<ccd::Hit> hit;

    if (kind == "circle_segment") {
        hit = algorithm.circle_segment(ccd::Circle{vec2(q, "c"), radius(q, "r")}, vec2(q, "d"),
                                       ccd::Segment{vec2(q, "a"), vec2(q, "b")}, t);
    } else if (kind == "circle_circle") {
        if (!algorithm.circle_circle) unsupported(algorithm, kind);
        hit =
            algorithm.circle_circle(ccd::Circle{vec2(q, "c1"), radius(q, "r1")}, vec2(q, "d1"),
                                    ccd::Circle{vec2(q, "c2"), radius(q, "r2")}, vec2(q, "d2"), t);
    } else if (kind == "circle_point") {
        if (!exact) unsupported(algorithm, kind);
        hit = ccd::time_of_impact(ccd::Circle{vec2(q, "c"), radius(q, "r")}, vec2(q, "d"),
                                  vec2(q, "q"), t);
    } else if (kind == "point_segment") {
        if (!exact) unsupported(algorithm, kind);
        hit = ccd::time_of_impact(vec2(q, "p"), vec2(q, "d"),
                                  ccd::Segment{vec2(q, "a"), vec2(q, "b")}, t);
    } else if (kind == "point_moving_segment" || kind == "circle_moving_segment") {
        if (!exact) unsupported(algorithm, kind);
        const ccd::MovingSegment segment{
            {vec2(q, "a"), vec2(q, "b")}, vec2(q, "da"), vec2(q, "db")};
        hit = kind == "point_moving_segment"
                  ? ccd::time_of_impact(vec2(q, "p"), vec2(q, "d"), segment, t)
                  : ccd::time_of_impact(ccd::Circle{vec2(q, "c"), radius(q, "r")}, vec2(q, "d"),
                                        segment, t);
    } else if (kind == "polygon_polygon") {
        if (!exact) unsupported(algorithm, kind);
        hit = ccd::time_of_impact(polygon(q, "p1"), vec2(q, "d1"), polygon(q, "p2"), vec2(q, "d2"),
                                  t);
    } else if (kind == "circle_polygon") {
        if (!exact) unsupported(algorithm, kind);
        hit = ccd::time_of_impact(ccd::Circle{vec2(q, "c"), radius(q, "r")}, vec2(q, "d"),
                                  polygon(q, "polygon"), vec2(q, "dp"), t);
    } else if (kind == "polygon_moving_segment") {
        if (!exact) unsupported(algorithm, kind);
        const ccd::MovingSegment segment{
            {vec2(q, "a"), vec2(q, "b")}, vec2(q, "da"), vec2(q, "db")};
        hit = ccd::time_of_impact(polygon(q, "polygon"), vec2(q, "d"), segment, t);
    } else {
        throw QueryError("unknown kind \"" + kind +
                         "\" (expected circle_point, circle_circle, circle_segment, "
                         "point_segment, point_moving_segment, circle_moving_segment, "
                         "polygon_polygon, circle_polygon or polygon_moving_segment)");
    }

    json answer;
    if (!hit) {
        answer = {{"hit", false}};
    } else {
        answer = {{"hit", true},
                  {"t", hit->t},
                  {"point", to_json(hit->point)},
                  {"normal", to_json(hit->normal)},
                  {"feature", ccd::to_string(hit->feature)},
                  {"overlap", hit->overlap},
                  {"approaching", hit->approaching}};
        if (hit->vertex >= 0) answer["vertex"] = hit->vertex;
        if (hit->edge >= 0) answer["edge"] = hit->edge;
    }
    if (with_trace) answer["trace"] = to_json(trace);
    return answer;
}

} // namespace ccdlab::cli
