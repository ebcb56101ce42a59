// A hunt's case: its pair fitted, its numbers by name, its scale and its validity
// (ccd/hunt_case.hpp).
#include "ccd/hunt_case.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <variant>

namespace ccd {
namespace {

// The first point of a shape: a turn by 0 is about it.
Vec2 first_point(const Shape& shape) {
    if (const auto* p = std::get_if<Point>(&shape)) return p->position;
    if (const auto* c = std::get_if<Circle>(&shape)) return c->center;
    if (const auto* s = std::get_if<Segment>(&shape)) return s->a;
    const auto& polygon = std::get<Polygon>(shape);
    return polygon.vertices.empty() ? Vec2{} : polygon.vertices.front();
}

// `side` with the motion of kind `kind` into `out`, when that motion is its own or a more
// general one: how many steps of generalisation it took (0: its own), or -1.
int generalised(const Swept& side, SweptKind kind, Swept& out) {
    if (side.shape_kind() != kind.shape) return -1;
    const MotionKind from = side.motion_kind();
    out = side;
    if (from == kind.motion) return 0;
    if (from == MotionKind::EndMotion || from == MotionKind::Turning) return -1;
    const Vec2 d = side.displacement();
    switch (kind.motion) {
    case MotionKind::Still:
        return -1;
    case MotionKind::Translation:
        out.motion = Translation{d};
        return 1;
    case MotionKind::EndMotion:
        if (side.shape_kind() != ShapeKind::Segment) return -1;
        out.motion = EndMotion{d, d};
        return 1;
    case MotionKind::Turning:
        out.motion = Turning{first_point(side.shape), d, 0.0};
        return 2;
    }
    return -1;
}

double largest_lever(const Swept& side) {
    const auto* turning = std::get_if<Turning>(&side.motion);
    if (!turning) return 0.0;
    double lever = 0.0;
    const auto reach = [&](Vec2 p, double r) {
        lever = std::max(lever, std::hypot(p.x - turning->pivot.x, p.y - turning->pivot.y) + r);
    };
    if (const auto* s = std::get_if<Segment>(&side.shape)) {
        reach(s->a, s->radius);
        reach(s->b, s->radius);
    }
    if (const auto* g = std::get_if<Polygon>(&side.shape))
        for (const Vec2 v : g->vertices)
            reach(v, g->radius);
    if (const auto* p = std::get_if<Point>(&side.shape)) reach(p->position, 0.0);
    if (const auto* c = std::get_if<Circle>(&side.shape)) reach(c->center, c->radius);
    return lever * std::fabs(turning->angle);
}

std::optional<std::string> invalid_polygon(const Polygon& polygon, bool turns,
                                           const std::string& name) {
    const std::size_t n = polygon.vertices.size();
    if (n < 3) return name + " has fewer than 3 vertices";
    if (n > 255) return name + " has more than 255 vertices";
    double area2 = 0.0;
    bool convex = true;
    for (std::size_t k = 0; k < n; ++k) {
        const Vec2 a = polygon.vertices[k], b = polygon.vertices[(k + 1) % n];
        const Vec2 c = polygon.vertices[(k + 2) % n];
        if (a == b) return name + " repeats a vertex";
        area2 += cross(a, b);
        convex = convex && cross(b - a, c - b) >= 0.0;
    }
    if (turns && (!convex || !(area2 > 0.0) || !is_convex(polygon)))
        return name + " is not convex and counter-clockwise";
    return std::nullopt;
}

} // namespace

std::optional<HuntCase> fit_case(const Swept& mover, const Swept& obstacle,
                                 const Algorithm& algorithm) {
    std::optional<HuntCase> best;
    int best_steps = std::numeric_limits<int>::max();
    for (const PairType& pair : pair_types()) {
        if (!find_query(pair, algorithm)) continue;
        Swept m, o;
        const int mover_steps = generalised(mover, pair.mover, m);
        const int obstacle_steps = generalised(obstacle, pair.obstacle, o);
        if (mover_steps < 0 || obstacle_steps < 0) continue;
        // A capsule's or rounded polygon's radius needs a field to be written in.
        if (radius_of(mover.shape) != 0.0 && pair.mover.shape != ShapeKind::Circle &&
            pair.mover_names.rounding.empty())
            continue;
        if (radius_of(obstacle.shape) != 0.0 && pair.obstacle.shape != ShapeKind::Circle &&
            pair.obstacle_names.rounding.empty())
            continue;
        if (mover_steps + obstacle_steps < best_steps) {
            best_steps = mover_steps + obstacle_steps;
            best = HuntCase{&pair, std::move(m), std::move(o)};
        }
    }
    return best;
}

namespace {

void add_vec(std::vector<CaseNumber>& out, std::string_view name, Vec2& v, NumberRole role,
             bool vertex = false) {
    out.push_back({std::string(name) + "[0]", role, &v.x, vertex});
    out.push_back({std::string(name) + "[1]", role, &v.y, vertex});
}

void add_side(std::vector<CaseNumber>& out, Swept& side, const SweptNames& names) {
    if (auto* p = std::get_if<Point>(&side.shape)) add_vec(out, names.shape[0], p->position, {});
    if (auto* c = std::get_if<Circle>(&side.shape)) {
        add_vec(out, names.shape[0], c->center, NumberRole::Position);
        out.push_back({std::string(names.shape[1]), NumberRole::Radius, &c->radius});
    }
    if (auto* s = std::get_if<Segment>(&side.shape)) {
        add_vec(out, names.shape[0], s->a, NumberRole::Position);
        add_vec(out, names.shape[1], s->b, NumberRole::Position);
        if (!names.rounding.empty())
            out.push_back({std::string(names.rounding), NumberRole::Radius, &s->radius});
    }
    if (auto* g = std::get_if<Polygon>(&side.shape)) {
        for (std::size_t k = 0; k < g->vertices.size(); ++k)
            add_vec(out, std::string(names.shape[0]) + "[" + std::to_string(k) + "]",
                    g->vertices[k], NumberRole::Position, true);
        if (!names.rounding.empty())
            out.push_back({std::string(names.rounding), NumberRole::Radius, &g->radius});
    }
    if (auto* t = std::get_if<Translation>(&side.motion))
        add_vec(out, names.motion[0], t->displacement, NumberRole::Displacement);
    if (auto* e = std::get_if<EndMotion>(&side.motion)) {
        add_vec(out, names.motion[0], e->displacement_a, NumberRole::Displacement);
        add_vec(out, names.motion[1], e->displacement_b, NumberRole::Displacement);
    }
    if (auto* r = std::get_if<Turning>(&side.motion)) {
        add_vec(out, names.motion[0], r->pivot, NumberRole::Position);
        add_vec(out, names.motion[1], r->displacement, NumberRole::Displacement);
        out.push_back({std::string(names.motion[2]), NumberRole::Angle, &r->angle});
    }
}

} // namespace

std::vector<CaseNumber> numbers_of(HuntCase& query) {
    std::vector<CaseNumber> out;
    add_side(out, query.mover, query.pair->mover_names);
    const std::size_t movers = out.size();
    add_side(out, query.obstacle, query.pair->obstacle_names);
    for (std::size_t k = movers; k < out.size(); ++k)
        out[k].mover = false;
    return out;
}

double case_scale(const HuntCase& query) {
    HuntCase copy = query;
    double scale = 1.0;
    for (const CaseNumber& number : numbers_of(copy))
        if (number.role != NumberRole::Angle) scale = std::max(scale, std::fabs(*number.value));
    return std::max({scale, largest_lever(query.mover), largest_lever(query.obstacle)});
}

std::optional<std::string> invalid_case(const HuntCase& query) {
    HuntCase copy = query;
    for (const CaseNumber& number : numbers_of(copy)) {
        if (!std::isfinite(*number.value)) return number.name + " is not finite";
        if (number.role == NumberRole::Radius && *number.value < 0.0)
            return number.name + " is below 0";
    }
    for (const auto* side : {&query.mover, &query.obstacle}) {
        const bool mover = side == &query.mover;
        const SweptNames& names = mover ? query.pair->mover_names : query.pair->obstacle_names;
        if (const auto* g = std::get_if<Polygon>(&side->shape))
            if (auto why = invalid_polygon(*g, side->motion_kind() == MotionKind::Turning,
                                           std::string(names.shape[0])))
                return why;
    }
    return std::nullopt;
}

} // namespace ccd
