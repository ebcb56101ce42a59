// A hunt's case as a `toi` query line, a Hit as the `toi` command's answer
// (ccd/hunt_case_json.hpp).
#include "ccd/hunt_case_json.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <variant>

namespace ccd {
namespace {

using Json = nlohmann::ordered_json;

Json vec(Vec2 v) {
    return Json::array({v.x, v.y});
}

void put(Json& out, std::string_view name, const Json& value) {
    out[std::string(name)] = value;
}

void put_side(Json& out, const Swept& side, const SweptNames& names) {
    if (const auto* p = std::get_if<Point>(&side.shape)) put(out, names.shape[0], vec(p->position));
    if (const auto* c = std::get_if<Circle>(&side.shape)) {
        put(out, names.shape[0], vec(c->center));
        put(out, names.shape[1], c->radius);
    }
    if (const auto* s = std::get_if<Segment>(&side.shape)) {
        put(out, names.shape[0], vec(s->a));
        put(out, names.shape[1], vec(s->b));
    }
    if (const auto* g = std::get_if<Polygon>(&side.shape)) {
        Json vertices = Json::array();
        for (const Vec2 v : g->vertices)
            vertices.push_back(vec(v));
        put(out, names.shape[0], vertices);
    }
    if (const auto* t = std::get_if<Translation>(&side.motion))
        put(out, names.motion[0], vec(t->displacement));
    if (const auto* e = std::get_if<EndMotion>(&side.motion)) {
        put(out, names.motion[0], vec(e->displacement_a));
        put(out, names.motion[1], vec(e->displacement_b));
    }
    if (const auto* r = std::get_if<Turning>(&side.motion)) {
        put(out, names.motion[0], vec(r->pivot));
        put(out, names.motion[1], vec(r->displacement));
        put(out, names.motion[2], r->angle);
    }
    const double rounding =
        std::holds_alternative<Circle>(side.shape) ? 0.0 : radius_of(side.shape);
    if (rounding != 0.0 && !names.rounding.empty()) put(out, names.rounding, rounding);
}

} // namespace

std::string query_line(const HuntCase& query) {
    Json out = Json::object();
    out["kind"] = std::string(query.pair->name);
    put_side(out, query.mover, query.pair->mover_names);
    put_side(out, query.obstacle, query.pair->obstacle_names);
    return out.dump();
}

std::string hit_json(const std::optional<Hit>& hit) {
    Json out = Json::object();
    out["hit"] = hit.has_value() && !hit->undecided;
    if (hit && hit->undecided) out["undecided"] = true;
    if (hit) {
        out["t"] = hit->t;
        if (!hit->undecided) {
            out["point"] = vec(hit->point);
            out["normal"] = vec(hit->normal);
            out["feature"] = std::string(to_string(hit->feature));
            out["overlap"] = hit->overlap;
            out["approaching"] = hit->approaching;
        }
    }
    return out.dump();
}

} // namespace ccd
