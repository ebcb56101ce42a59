#include "toi_answer_check.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <vector>

namespace ccdfuzz {
namespace {

using nlohmann::json;
using Real = long double;

struct P {
    Real x = 0, y = 0;
};
P operator+(P a, P b) {
    return {a.x + b.x, a.y + b.y};
}
P operator-(P a, P b) {
    return {a.x - b.x, a.y - b.y};
}
P operator*(P a, Real s) {
    return {a.x * s, a.y * s};
}
Real dot(P a, P b) {
    return a.x * b.x + a.y * b.y;
}
Real cross(P a, P b) {
    return a.x * b.y - a.y * b.x;
}
Real length(P a) {
    return std::hypot(a.x, a.y);
}

Real point_segment_distance(P p, P a, P b) {
    const P u = b - a;
    const Real uu = dot(u, u);
    Real s = uu > 0 ? dot(p - a, u) / uu : 0;
    s = std::clamp<Real>(s, 0, 1);
    return length(p - (a + u * s));
}

// Even-odd rule, as the queries decide inside.
bool inside(P p, const std::vector<P>& poly) {
    bool in = false;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const P a = poly[j], b = poly[i];
        if ((a.y > p.y) != (b.y > p.y)) {
            const Real x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if (p.x < x) in = !in;
        }
    }
    return in;
}

Real boundary_distance(P p, const std::vector<P>& poly) {
    Real best = INFINITY;
    for (std::size_t i = 0; i < poly.size(); ++i)
        best = std::min(best, point_segment_distance(p, poly[i], poly[(i + 1) % poly.size()]));
    return best;
}

// Two segments crossing each other by more than `margin` on every side.
bool cross_deeply(P a, P b, P c, P d, Real margin) {
    const Real lab = length(b - a), lcd = length(d - c);
    if (lab == 0 || lcd == 0) return false;
    const Real c1 = cross(b - a, c - a) / lab, c2 = cross(b - a, d - a) / lab;
    const Real c3 = cross(d - c, a - c) / lcd, c4 = cross(d - c, b - c) / lcd;
    const auto opposite = [margin](Real u, Real v) {
        return (u > margin && v < -margin) || (u < -margin && v > margin);
    };
    return opposite(c1, c2) && opposite(c3, c4);
}

std::vector<P> moved(const std::vector<P>& poly, P by) {
    std::vector<P> out;
    for (const P& p : poly)
        out.push_back(p + by);
    return out;
}

// Polygons penetrating by more than `margin`: a vertex deep inside the other, or two edges
// crossing deeply.
bool polygons_penetrate(const std::vector<P>& a, const std::vector<P>& b, Real margin) {
    for (const P& p : a)
        if (inside(p, b) && boundary_distance(p, b) > margin) return true;
    for (const P& p : b)
        if (inside(p, a) && boundary_distance(p, a) > margin) return true;
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < b.size(); ++j)
            if (cross_deeply(a[i], a[(i + 1) % a.size()], b[j], b[(j + 1) % b.size()], margin))
                return true;
    return false;
}

Real polygons_distance(const std::vector<P>& a, const std::vector<P>& b) {
    Real best = INFINITY;
    for (const P& p : a)
        best = std::min(best, boundary_distance(p, b));
    for (const P& p : b)
        best = std::min(best, boundary_distance(p, a));
    return best;
}

std::string text(Real x) {
    std::ostringstream out;
    out.precision(6);
    out << static_cast<double>(x);
    return out.str();
}

// A query the checker can judge: the separation at time t (distance minus radius, negative
// when penetrating; inside a polygon counts as negative) and its scale.
struct Geometry {
    std::function<Real(Real)> separation;
    // Only for shapes whose separation can be negative: circle-like movers. For a point or a
    // polygon against a segment or polygon, penetration is tested apart.
    std::function<bool(Real, Real)> penetrates; // (t, margin)
    // Polygons against polygons or walls: the distance between the boundaries.
    std::function<Real(Real)> distance;
    Real scale = 1;
};

// Polygons with more vertices are not judged: the samples would cost n^2 each.
constexpr std::size_t kLargestCheckedPolygon = 64;
struct TooLarge {};

struct Reader {
    const json& q;
    Real scale;
    P vec(const char* name) {
        const json& v = q.at(name);
        const P p{v.at(0).get<double>(), v.at(1).get<double>()};
        scale = std::max({scale, std::fabs(p.x), std::fabs(p.y)});
        return p;
    }
    Real num(const char* name) {
        const Real r = q.at(name).get<double>();
        scale = std::max(scale, std::fabs(r));
        return r;
    }
    std::vector<P> poly(const char* name) {
        std::vector<P> out;
        if (q.at(name).size() > kLargestCheckedPolygon) throw TooLarge{};
        for (const json& v : q.at(name)) {
            out.push_back({v.at(0).get<double>(), v.at(1).get<double>()});
            scale = std::max({scale, std::fabs(out.back().x), std::fabs(out.back().y)});
        }
        return out;
    }
};

// `scale` starts at 1 for the documented contract (scale at least 1), at 0 for the relative one.
std::optional<Geometry> geometry(const json& q, Real least_scale) {
    Reader in{q, least_scale};
    const std::string kind = q.at("kind").get<std::string>();
    Geometry g;
    const auto circle_like = [&g](std::function<Real(Real)> separation) {
        g.separation = separation;
        g.penetrates = [separation](Real t, Real margin) { return separation(t) < -margin; };
    };
    if (kind == "circle_point") {
        const P c = in.vec("c"), d = in.vec("d"), qq = in.vec("q");
        const Real r = in.num("r");
        circle_like([=](Real t) { return length(c + d * t - qq) - r; });
    } else if (kind == "circle_circle") {
        const P c1 = in.vec("c1"), d1 = in.vec("d1"), c2 = in.vec("c2"), d2 = in.vec("d2");
        const Real r = in.num("r1") + in.num("r2");
        circle_like([=](Real t) { return length((c1 + d1 * t) - (c2 + d2 * t)) - r; });
    } else if (kind == "circle_segment" || kind == "point_segment" ||
               kind == "point_moving_segment" || kind == "circle_moving_segment") {
        const bool point = kind.starts_with("point");
        const bool moving = kind.ends_with("moving_segment");
        const P c = in.vec(point ? "p" : "c"), d = in.vec("d"), a = in.vec("a"), b = in.vec("b");
        const Real r = point ? 0 : in.num("r");
        const P da = moving ? in.vec("da") : P{}, db = moving ? in.vec("db") : P{};
        g.separation = [=](Real t) {
            return point_segment_distance(c + d * t, a + da * t, b + db * t) - r;
        };
        if (point && moving) {
            g.penetrates = [](Real, Real) { return false; }; // a point is never inside
        } else if (point) {
            // Through the segment by time t: its path so far crosses the segment deeply.
            g.penetrates = [=](Real t, Real margin) {
                return t > 0 && cross_deeply(c, c + d * t, a, b, margin);
            };
        } else {
            const auto sep = g.separation;
            g.penetrates = [sep](Real t, Real margin) { return sep(t) < -margin; };
        }
    } else if (kind == "polygon_polygon") {
        const std::vector<P> p1 = in.poly("p1"), p2 = in.poly("p2");
        const P d1 = in.vec("d1"), d2 = in.vec("d2");
        g.distance = [=](Real t) {
            return polygons_distance(moved(p1, d1 * t), moved(p2, d2 * t));
        };
        g.penetrates = [=](Real t, Real margin) {
            return polygons_penetrate(moved(p1, d1 * t), moved(p2, d2 * t), margin);
        };
    } else if (kind == "circle_polygon") {
        const P c = in.vec("c"), d = in.vec("d"), dp = in.vec("dp");
        const Real r = in.num("r");
        const std::vector<P> poly = in.poly("polygon");
        g.separation = [=](Real t) {
            const P centre = c + d * t;
            const std::vector<P> at = moved(poly, dp * t);
            const Real distance = boundary_distance(centre, at);
            return (inside(centre, at) ? -distance : distance) - r;
        };
        const auto sep = g.separation;
        g.penetrates = [sep](Real t, Real margin) { return sep(t) < -margin; };
    } else if (kind == "polygon_moving_segment") {
        const std::vector<P> poly = in.poly("polygon");
        const P d = in.vec("d"), a = in.vec("a"), b = in.vec("b"), da = in.vec("da"),
                db = in.vec("db");
        g.distance = [=](Real t) {
            const std::vector<P> at = moved(poly, d * t);
            const P sa = a + da * t, sb = b + db * t;
            Real best = std::min(boundary_distance(sa, at), boundary_distance(sb, at));
            for (const P& p : at)
                best = std::min(best, point_segment_distance(p, sa, sb));
            return best;
        };
        g.penetrates = [=](Real t, Real margin) {
            const std::vector<P> at = moved(poly, d * t);
            const P sa = a + da * t, sb = b + db * t;
            for (const P& e : {sa, sb})
                if (inside(e, at) && boundary_distance(e, at) > margin) return true;
            for (std::size_t i = 0; i < at.size(); ++i)
                if (cross_deeply(at[i], at[(i + 1) % at.size()], sa, sb, margin)) return true;
            return false;
        };
    } else {
        return std::nullopt;
    }
    if (!g.separation) { // a polygon against a polygon or a wall: negative when inside
        g.separation = [distance = g.distance, penetrates = g.penetrates](Real t) {
            return penetrates(t, 0) ? -distance(t) : distance(t);
        };
    }
    g.scale = in.scale;
    return g;
}

// Every number of `j`, anywhere: a null where a number belongs is a NaN or an infinity.
std::optional<std::string> null_path(const json& j, const std::string& path) {
    if (j.is_null()) return path;
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (auto p = null_path(it.value(), path + "." + it.key())) return p;
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i)
            if (auto p = null_path(j[i], path + "[" + std::to_string(i) + "]")) return p;
    }
    return std::nullopt;
}

std::optional<Violation> check_contract(const json& query, const json& answer, bool relative) {
    std::optional<Geometry> g;
    try {
        g = geometry(query, relative ? 0 : 1);
    } catch (const json::exception&) {
        return std::nullopt; // a query shape the front end accepted but we cannot read
    } catch (const TooLarge&) {
        return std::nullopt;
    }
    if (!g) return std::nullopt;
    const Real tolerance = 1e-12L * g->scale;
    constexpr int kSamples = 64;
    const std::string contract = relative ? "contract_relative" : "contract";
    if (!answer.at("hit").get<bool>()) {
        for (int k = 0; k <= kSamples; ++k) {
            const Real s = Real(k) / kSamples;
            if (g->penetrates(s, tolerance))
                return Violation{contract, "a miss, but at t = " + text(s) +
                                               " the shapes are in contact (separation " +
                                               text(g->separation(s)) + ", tolerance " +
                                               text(tolerance) + ")"};
        }
        return std::nullopt;
    }
    const Real t = answer.at("t").get<double>();
    if (answer.at("overlap").get<bool>()) {
        if (t != 0) return Violation{contract, "an overlap at t = " + text(t) + ", not 0"};
        const Real separation = g->separation(0);
        if (separation > tolerance)
            return Violation{contract, "an overlap, but at t = 0 the separation is " +
                                           text(separation) + " > tolerance " + text(tolerance)};
        return std::nullopt;
    }
    const Real separation = g->separation(t);
    if (std::fabs(separation) > tolerance)
        return Violation{contract, "a contact at t = " + text(t) +
                                       " where the distance minus "
                                       "the radius is " +
                                       text(separation) + " (tolerance " + text(tolerance) + ")"};
    for (int k = 0; k <= kSamples && Real(k) / kSamples < t; ++k) {
        const Real s = Real(k) / kSamples;
        if (g->penetrates(s, tolerance))
            return Violation{contract,
                             "a contact at t = " + text(t) +
                                 ", but the shapes are already in contact at t = " + text(s) +
                                 " (separation " + text(g->separation(s)) + ")"};
    }
    return std::nullopt;
}

} // namespace

std::optional<Violation> check_toi_answer(std::string_view line, std::string_view answer_text,
                                          bool exact) {
    json answer;
    try {
        answer = json::parse(answer_text);
    } catch (const json::exception& e) {
        return Violation{"not_json", std::string("the answer is not JSON: ") + e.what()};
    }
    if (!answer.is_object()) return Violation{"not_json", "the answer is not an object"};
    if (answer.contains("error")) {
        if (!answer["error"].is_string()) return Violation{"not_json", "\"error\" is not a string"};
        if (answer_text.size() > kLongestErrorLine)
            return Violation{"long_error",
                             "an error line of " + std::to_string(answer_text.size()) + " bytes"};
        return std::nullopt;
    }
    if (auto path = null_path(answer, "answer"))
        return Violation{path->starts_with("answer.trace") ? "trace_nan" : "nan",
                         *path + " is NaN or infinite (printed as null)"};
    if (!answer.contains("hit") || !answer["hit"].is_boolean())
        return Violation{"not_json", "no \"hit\""};
    if (!answer["hit"].get<bool>()) {
        if (!exact) return std::nullopt;
        return check_contract(json::parse(line), answer, false);
    }
    const double t = answer.at("t").get<double>();
    if (!(t >= 0.0 && t <= 1.0)) return Violation{"t_range", "t = " + text(t) + " outside [0, 1]"};
    const json& n = answer.at("normal");
    const Real norm = std::hypot(Real(n.at(0).get<double>()), Real(n.at(1).get<double>()));
    // Single precision methods (seed000's float32) normalise in float.
    if (std::fabs(norm - 1) > (exact ? 1e-12L : 1e-6L))
        return Violation{"normal", "the normal's length is 1 + " + text(norm - 1)};
    if (!exact) return std::nullopt;
    return check_contract(json::parse(line), answer, false);
}

} // namespace ccdfuzz

namespace ccdfuzz {

std::optional<Violation> check_toi_answer_relative(std::string_view line,
                                                   std::string_view answer_text) {
    const json answer = json::parse(answer_text);
    if (answer.contains("error") || null_path(answer, "answer")) return std::nullopt;
    return check_contract(json::parse(line), answer, true);
}

} // namespace ccdfuzz
