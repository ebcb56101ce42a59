#include "plugin_answer.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <variant>

namespace ccd::plugins {
namespace {

std::string number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", x);
    return text;
}

bool finite(ccd_vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

// How many numbered vertices and edges a side has for a Hit to name (a polygon's; 0 for the
// others, which Hit names no part of).
int numbered_parts(const Swept& side) {
    const auto* polygon = std::get_if<Polygon>(&side.shape);
    return polygon ? static_cast<int>(polygon->vertices.size()) : 0;
}

std::optional<std::string> part_fault(const char* name, int index, const Swept& side) {
    if (index >= -1 && index < numbered_parts(side)) return std::nullopt;
    return std::string(name) + " = " + std::to_string(index) + " is not one of the side's (" +
           std::to_string(numbered_parts(side)) + " numbered)";
}

std::optional<std::string> parts_fault(const ccd_result& r, const Swept& mover,
                                       const Swept& obstacle) {
    if (r.feature < CCD_FEATURE_UNNAMED || r.feature > CCD_FEATURE_POLYGON_VERTEX)
        return "feature " + std::to_string(r.feature) + " does not exist";
    if (auto why = part_fault("mover_vertex", r.mover_vertex, mover)) return why;
    if (auto why = part_fault("mover_edge", r.mover_edge, mover)) return why;
    if (auto why = part_fault("obstacle_vertex", r.obstacle_vertex, obstacle)) return why;
    return part_fault("obstacle_edge", r.obstacle_edge, obstacle);
}

std::optional<std::string> numbers_fault(const ccd_result& r) {
    if (!std::isfinite(r.t) && r.status == CCD_HIT) return "t = " + number(r.t) + " is not finite";
    if (r.status == CCD_HIT && !(r.t >= 0.0 && r.t <= 1.0))
        return "t = " + number(r.t) + " is outside [0, 1]";
    if (!finite(r.point))
        return "the point [" + number(r.point.x) + ", " + number(r.point.y) + "] is not finite";
    if (!finite(r.normal))
        return "the normal [" + number(r.normal.x) + ", " + number(r.normal.y) + "] is not finite";
    const double length = std::hypot(r.normal.x, r.normal.y);
    if (!(std::fabs(length - 1.0) <= kNormalLengthTolerance))
        return "the normal [" + number(r.normal.x) + ", " + number(r.normal.y) + "] has length " +
               number(length) + ", not 1";
    return std::nullopt;
}

Feature named_feature(const ccd_result& r, const Swept& obstacle) {
    if (r.feature != CCD_FEATURE_UNNAMED) return static_cast<Feature>(r.feature);
    switch (obstacle.shape_kind()) {
    case ShapeKind::Point:
        return Feature::Point;
    case ShapeKind::Circle:
        return Feature::Circle;
    case ShapeKind::Segment:
        return Feature::SegmentInterior;
    case ShapeKind::Polygon:
        break;
    }
    return r.obstacle_vertex >= 0 ? Feature::PolygonVertex : Feature::PolygonEdge;
}

// The velocity over the frame of the side's material point at `point` at time t.
Vec2 velocity_at(const Swept& side, Vec2 point, double t) {
    if (const auto* ends = std::get_if<EndMotion>(&side.motion)) {
        const Segment& s = std::get<Segment>(side.shape);
        const MovingSegment moving{s, ends->displacement_a, ends->displacement_b};
        return velocity_along(moving.at(t), ends->displacement_a, ends->displacement_b, point);
    }
    if (const auto* turning = std::get_if<Turning>(&side.motion)) {
        const Vec2 arm = point - (turning->pivot + turning->displacement * t);
        return turning->displacement + Vec2{-arm.y, arm.x} * turning->angle;
    }
    return side.displacement();
}

} // namespace

ccd_result blank_result() {
    ccd_result r{};
    r.status = CCD_MISS;
    r.feature = CCD_FEATURE_UNNAMED;
    r.mover_vertex = r.mover_edge = r.obstacle_vertex = r.obstacle_edge = -1;
    return r;
}

std::string note_of(const ccd_result& result) {
    std::string note(result.note, strnlen(result.note, sizeof result.note));
    for (char& c : note)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return note;
}

std::optional<std::string> answer_fault(const ccd_result& result, const Swept& mover,
                                        const Swept& obstacle) {
    switch (result.status) {
    case CCD_MISS:
        return std::nullopt;
    case CCD_FAILED:
        return "it failed: " + (result.note[0] ? note_of(result) : "(no note)");
    case CCD_HIT:
    case CCD_OVERLAPPING:
        break;
    default:
        return "status " + std::to_string(result.status) + " does not exist";
    }
    if (auto why = numbers_fault(result)) return why;
    return parts_fault(result, mover, obstacle);
}

std::optional<Hit> answer_hit(const ccd_result& result, const Swept& mover, const Swept& obstacle) {
    if (result.status != CCD_HIT && result.status != CCD_OVERLAPPING) return std::nullopt;
    Hit hit;
    hit.overlap = result.status == CCD_OVERLAPPING;
    hit.t = hit.overlap ? 0.0 : result.t;
    hit.point = {result.point.x, result.point.y};
    hit.normal = {result.normal.x, result.normal.y};
    hit.feature = named_feature(result, obstacle);
    hit.mover_vertex = result.mover_vertex;
    hit.mover_edge = result.mover_edge;
    hit.obstacle_vertex = result.obstacle_vertex;
    hit.obstacle_edge = result.obstacle_edge;
    const Vec2 closing =
        velocity_at(mover, hit.point, hit.t) - velocity_at(obstacle, hit.point, hit.t);
    hit.approaching = dot(closing, hit.normal) < 0.0;
    return hit;
}

} // namespace ccd::plugins
