#include "hunt_lab_form.hpp"

#include "number_text.hpp"

#include <cmath>

namespace ccdlab {
namespace {

using SideForm = std::variant<LabSide, std::string>;

// The displacement of a motion that moves its side without turning or stretching it (still,
// translating, a segment's ends moving alike, a turn by 0), or nothing.
std::optional<ccd::Vec2> rigid_displacement(const ccd::Motion& motion) {
    if (std::holds_alternative<ccd::Still>(motion)) return ccd::Vec2{};
    if (const auto* t = std::get_if<ccd::Translation>(&motion)) return t->displacement;
    if (const auto* e = std::get_if<ccd::EndMotion>(&motion))
        if (e->displacement_a == e->displacement_b) return e->displacement_a;
    if (const auto* r = std::get_if<ccd::Turning>(&motion))
        if (r->angle == 0.0) return r->displacement;
    return std::nullopt;
}

std::string point_text(ccd::Vec2 p) {
    return "(" + number_text(p.x, 6) + ", " + number_text(p.y, 6) + ")";
}

// The shape as the lab's kind of side has it (a point as a circle of radius 0), or nothing when
// it is of another kind.
std::optional<ccd::Shape> lab_shape(const ccd::Shape& shape, ccd::ShapeKind lab_kind) {
    const ccd::ShapeKind kind = static_cast<ccd::ShapeKind>(shape.index());
    if (lab_kind == ccd::ShapeKind::Circle && kind == ccd::ShapeKind::Point)
        return ccd::Circle{std::get<ccd::Point>(shape).position, 0.0};
    if (kind != lab_kind) return std::nullopt;
    return shape;
}

// A segment's motion as a lab side of `kind` takes it, or why not.
std::variant<ccd::Motion, std::string> segment_motion(const ccd::Swept& side, SideKind kind,
                                                      const std::string& which) {
    const auto rigid = rigid_displacement(side.motion);
    if (kind == SideKind::Segment) {
        if (rigid && *rigid == ccd::Vec2{}) return ccd::Still{};
        return which + " moves; the lab's stays";
    }
    if (kind == SideKind::MovingSegment) {
        if (const auto* e = std::get_if<ccd::EndMotion>(&side.motion)) return *e;
        if (rigid) return ccd::EndMotion{*rigid, *rigid};
        return which + " turns; the lab's moves its ends";
    }
    if (const auto* r = std::get_if<ccd::Turning>(&side.motion)) return *r;
    if (rigid) return ccd::Turning{std::get<ccd::Segment>(side.shape).a, *rigid, 0.0};
    return which + " moves its ends apart; the lab's turns";
}

// A polygon's motion as a lab side of `kind` takes it (a turn about its centroid), or why not.
std::variant<ccd::Motion, std::string> polygon_motion(const ccd::Swept& side, SideKind kind,
                                                      double scale, const std::string& which) {
    const auto rigid = rigid_displacement(side.motion);
    const ccd::Vec2 centroid = ccd::area_centroid(std::get<ccd::Polygon>(side.shape));
    if (kind == SideKind::Polygon) {
        if (rigid) return ccd::Translation{*rigid};
        return which + " turns; the lab's translates";
    }
    if (rigid) return ccd::Turning{centroid, *rigid, 0.0};
    const auto& turning = std::get<ccd::Turning>(side.motion);
    // The lab turns a polygon about its centroid; rounding in a move or a mirror of the whole
    // case leaves the pivot within a few ulps of the scale from it.
    if (ccd::length(turning.pivot - centroid) > 1e-9 * scale)
        return which + " turns about " + point_text(turning.pivot) + ", not its centroid " +
               point_text(centroid);
    return ccd::Turning{centroid, turning.displacement, turning.angle};
}

SideForm side_form(const ccd::Swept& side, const LabSide& like, double scale,
                   const std::string& which) {
    const SideKind kind = side_kind(like);
    const auto shape = lab_shape(side.shape, like.swept.shape_kind());
    if (!shape)
        return which + " is a " + std::string(ccd::to_string(side.shape_kind())) +
               ", the lab's a " + std::string(ccd::to_string(like.swept.shape_kind()));
    std::variant<ccd::Motion, std::string> motion;
    const ccd::Swept found{*shape, side.motion};
    switch (kind) {
    case SideKind::Circle:
        if (const auto rigid = rigid_displacement(side.motion))
            motion = ccd::Motion{ccd::Translation{*rigid}};
        else
            motion = which + " turns; the lab's translates";
        break;
    case SideKind::Segment:
    case SideKind::MovingSegment:
    case SideKind::TurningSegment:
        motion = segment_motion(found, kind, which);
        break;
    case SideKind::Polygon:
    case SideKind::TurningPolygon:
        motion = polygon_motion(found, kind, scale, which);
        break;
    }
    if (const auto* why = std::get_if<std::string>(&motion)) return *why;
    LabSide out = like;
    out.swept.shape = *shape;
    out.swept.motion = std::get<ccd::Motion>(motion);
    out.swept.acceleration = {};
    out.orientation = 0.0;
    const auto rigid = rigid_displacement(out.swept.motion);
    out.is_static = like.is_static && rigid && *rigid == ccd::Vec2{};
    return out;
}

} // namespace

std::optional<ccd::HuntCase> hunt_case_of(const QueryLab& lab, const ccd::Algorithm& algorithm) {
    auto found = ccd::fit_case(lab.swept(Side::Mover), lab.swept(Side::Obstacle), algorithm);
    if (!found || ccd::invalid_case(*found)) return std::nullopt;
    return found;
}

std::variant<LabState, std::string> lab_form(const ccd::HuntCase& found, const LabState& like) {
    const double scale = ccd::case_scale(found);
    SideForm mover = side_form(found.mover, like.mover, scale, "its mover");
    if (const auto* why = std::get_if<std::string>(&mover)) return "no lab form: " + *why;
    SideForm obstacle = side_form(found.obstacle, like.obstacle, scale, "its obstacle");
    if (const auto* why = std::get_if<std::string>(&obstacle)) return "no lab form: " + *why;
    return LabState{std::get<LabSide>(std::move(mover)), std::get<LabSide>(std::move(obstacle)),
                    like.tolerance};
}

} // namespace ccdlab
