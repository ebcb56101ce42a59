#include "lab_side.hpp"

#include "ccd/scene.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace ccdlab {

double LabSide::angle() const {
    const auto* turning = std::get_if<ccd::Turning>(&swept.motion);
    return turning ? turning->angle : 0.0;
}

SideKind side_kind(const LabSide& side) {
    const ccd::MotionKind motion = side.swept.motion_kind();
    switch (side.swept.shape_kind()) {
    case ccd::ShapeKind::Segment:
        return motion == ccd::MotionKind::Turning     ? SideKind::TurningSegment
               : motion == ccd::MotionKind::EndMotion ? SideKind::MovingSegment
                                                      : SideKind::Segment;
    case ccd::ShapeKind::Polygon:
        return motion == ccd::MotionKind::Turning ? SideKind::TurningPolygon : SideKind::Polygon;
    case ccd::ShapeKind::Point:
    case ccd::ShapeKind::Circle:
        break;
    }
    return SideKind::Circle;
}

namespace {

constexpr Part kCircleUnder[] = {Part::Acceleration, Part::Center, Part::Radius};
constexpr Part kTip[] = {Part::Tip};
constexpr Part kEnds[] = {Part::Rounding, Part::A, Part::B};
constexpr Part kMovingEnds[] = {Part::Rounding, Part::AEnd, Part::BEnd, Part::A, Part::B};
constexpr Part kPivotAndAngle[] = {Part::Pivot, Part::Angle};
constexpr Part kCenter[] = {Part::Acceleration, Part::Rounding, Part::Center};
constexpr Part kTipAndAngle[] = {Part::Tip, Part::Angle};

// The handles of each side kind, in SideKind's order. An end that does not move has both of its
// handles in one place, and the one at t = 0 wins; an acceleration of zero has its handle under
// the center's, which wins.
constexpr std::array<SideHandles, 6> kSideHandles{{
    {kCircleUnder, kTip},    // Circle
    {kEnds, {}},             // Segment
    {kMovingEnds, {}},       // MovingSegment
    {kEnds, kPivotAndAngle}, // TurningSegment
    {kCenter, kTip},         // Polygon
    {kCenter, kTipAndAngle}, // TurningPolygon
}};

// A polygon side as the scene holds it: its outline and its orientation at t = 0.
ccd::PolygonBody polygon_body(const LabSide& side) {
    ccd::PolygonBody body;
    body.polygon = side.polygon();
    body.angle = side.orientation;
    return body;
}

// The radius handle: on the circle, across the motion, clear of the path and the arrow.
ccd::Vec2 radius_handle(const ccd::Circle& circle, ccd::Vec2 motion) {
    return circle.center +
           ccd::perp(ccd::normalized_or(motion, ccd::Vec2{1.0, 0.0})) * circle.radius;
}

// How far out the angle handle is, in the distance of the side's farthest point from the pivot.
constexpr double kAngleHandleReach = 1.25;

// The angle handle of a turning side: beyond its point farthest from the pivot at t = 0, where
// that point is at t = 1, a quarter of its distance further out from the pivot. Off the side
// itself, so that after whole turns it does not hide that point's handle (a segment's end).
ccd::Vec2 angle_handle(const LabSide& side) {
    const ccd::Swept swept = placed(side);
    const ccd::Vec2 pivot = side.pivot();
    ccd::Vec2 far = pivot + ccd::Vec2{1.0, 0.0}; // all at the pivot: any direction will do
    double far2 = 0.0;
    for (const ccd::Vec2 p : points_at(side, 0.0))
        if (const double d2 = ccd::length_squared(p - pivot); d2 > far2) {
            far2 = d2;
            far = p;
        }
    const ccd::Vec2 pivot_at_end = center_at(side, 1.0);
    return pivot_at_end + (swept.moved(far, 1.0) - pivot_at_end) * kAngleHandleReach;
}

// The side whose outline grows with the radius handle, at t = 0: a segment, or a polygon's first
// edge (from vertex 0 to vertex 1), with the unit normal out of the shape there.
struct RoundedSide {
    ccd::Segment side;
    ccd::Vec2 out;
};
RoundedSide rounded_side(const LabSide& side) {
    if (side.swept.shape_kind() == ccd::ShapeKind::Segment) {
        const ccd::Segment s = side.segment();
        return {s, ccd::normalized_or(ccd::perp(s.b - s.a), ccd::Vec2{0.0, 1.0})};
    }
    const ccd::Polygon p = polygon_at(side, 0.0);
    const ccd::Segment s{p.vertices[0], p.vertices[1 % p.vertices.size()]};
    // Out of the polygon: away from its vertex centroid.
    ccd::Vec2 n = ccd::normalized_or(ccd::perp(s.b - s.a), ccd::Vec2{0.0, 1.0});
    if (ccd::dot(n, ccd::vertex_centroid(p) - s.a) > 0.0) n = -n;
    return {s, n};
}

// The radius handle: the middle of the rounded side moved out by the radius.
ccd::Vec2 rounding_handle(const LabSide& side) {
    const RoundedSide s = rounded_side(side);
    return (s.side.a + s.side.b) * 0.5 + s.out * rounding_of(side);
}

// How far `to` is turned from `from` about `pivot`, in (-pi, pi]: the drag's share of a turn.
double turned_by(ccd::Vec2 pivot, ccd::Vec2 from, ccd::Vec2 to) {
    const ccd::Vec2 a = from - pivot, b = to - pivot;
    if (a == ccd::Vec2{} || b == ccd::Vec2{}) return 0.0;
    return std::atan2(ccd::cross(a, b), ccd::dot(a, b));
}

void set_end_motion(LabSide& side, ccd::Vec2 da, ccd::Vec2 db) {
    side.swept.motion = ccd::EndMotion{da, db};
}

} // namespace

SideHandles side_handles(SideKind kind) {
    return kSideHandles[static_cast<std::size_t>(kind)];
}

ccd::Swept placed(const LabSide& side) {
    if (side.swept.shape_kind() != ccd::ShapeKind::Polygon) return side.swept;
    return {polygon_body(side).at_start(), side.swept.motion, side.swept.acceleration};
}

namespace {

// Where the side's center is at t = 0 (a segment that does not turn has none: its end a).
ccd::Vec2 center_at_start(const LabSide& side) {
    ccd::Vec2 start;
    if (side.turns())
        start = side.pivot();
    else if (const auto* circle = std::get_if<ccd::Circle>(&side.swept.shape))
        start = circle->center;
    else if (side.swept.shape_kind() == ccd::ShapeKind::Polygon)
        start = ccd::vertex_centroid(polygon_body(side).at_start());
    else
        start = side.segment().a; // a segment that does not turn has no center
    return start;
}

} // namespace

ccd::Vec2 center_at(const LabSide& side, double t) {
    return center_at_start(side) + side.swept.displacement() * t + side.swept.drift(t);
}

std::vector<ccd::Vec2> points_at(const LabSide& side, double t) {
    if (side.swept.shape_kind() == ccd::ShapeKind::Polygon) return polygon_at(side, t).vertices;
    if (side.swept.shape_kind() == ccd::ShapeKind::Segment) {
        const ccd::Segment s = segment_at(side, t);
        return {s.a, s.b};
    }
    return {};
}

ccd::Polygon polygon_at(const LabSide& side, double t) {
    if (side.swept.shape_kind() != ccd::ShapeKind::Polygon) return {};
    const ccd::Swept swept = placed(side);
    ccd::Polygon polygon = std::get<ccd::Polygon>(swept.shape);
    if (!side.turns()) return ccd::translated(polygon, swept.displacement() * t + swept.drift(t));
    for (ccd::Vec2& v : polygon.vertices)
        v = swept.moved(v, t);
    return polygon;
}

ccd::Segment segment_at(const LabSide& side, double t) {
    const ccd::Segment& s = side.segment();
    if (side.turns()) return {side.swept.moved(s.a, t), side.swept.moved(s.b, t), s.radius};
    const ccd::EndMotion ends = side.swept.end_motion();
    ccd::Segment at = ccd::MovingSegment{s, ends.displacement_a, ends.displacement_b}.at(t);
    at.a += side.swept.drift(t);
    at.b += side.swept.drift(t);
    return at;
}

double radius_of(const LabSide& side) {
    const auto* circle = std::get_if<ccd::Circle>(&side.swept.shape);
    return circle ? circle->radius : 0.0;
}

double rounding_of(const LabSide& side) {
    return ccd::radius_of(side.swept.shape);
}

ccd::Vec2 part_position(const LabSide& side, Part part) {
    switch (part) {
    case Part::Center:
        return center_at(side, 0.0);
    case Part::Radius:
        return radius_handle(side.circle(), side.swept.displacement());
    case Part::Tip: // by the motion alone
        return center_at_start(side) + side.swept.displacement();
    case Part::A:
        return side.segment().a;
    case Part::B:
        return side.segment().b;
    case Part::AEnd:
        return side.segment().a + side.swept.end_motion().displacement_a;
    case Part::BEnd:
        return side.segment().b + side.swept.end_motion().displacement_b;
    case Part::Pivot:
        return side.pivot();
    case Part::Angle:
        return angle_handle(side);
    case Part::Rounding:
        return rounding_handle(side);
    case Part::Acceleration:
        return center_at_start(side) + side.swept.drift(1.0);
    }
    return {};
}

void drag_part(LabSide& side, Part part, ccd::Vec2 world, bool alone) {
    ccd::Swept& s = side.swept;
    const ccd::EndMotion ends =
        s.motion_kind() == ccd::MotionKind::EndMotion ? s.end_motion() : ccd::EndMotion{};
    switch (part) {
    case Part::Center: // a polygon's outline moves; its orientation stays
        if (auto* polygon = std::get_if<ccd::Polygon>(&s.shape))
            *polygon = ccd::translated(*polygon, world - part_position(side, part));
        else
            std::get<ccd::Circle>(s.shape).center = world;
        keep_pivot_on_centroid(side);
        return;
    case Part::Radius:
        std::get<ccd::Circle>(s.shape).radius = ccd::length(world - side.circle().center);
        return;
    case Part::Tip:
        return set_displacement(side, world - center_at_start(side));
    case Part::Acceleration: // its tip is a / 2 from the center
        s.acceleration = (world - center_at_start(side)) * 2.0;
        return;
    case Part::A: // carries the end's motion along, as the center does
        std::get<ccd::Segment>(s.shape).a = world;
        return;
    case Part::B:
        std::get<ccd::Segment>(s.shape).b = world;
        return;
    case Part::AEnd:
        return set_end_motion(side, world - side.segment().a, ends.displacement_b);
    case Part::BEnd:
        return set_end_motion(side, ends.displacement_a, world - side.segment().b);
    case Part::Pivot: {
        ccd::Vec2& pivot = std::get<ccd::Turning>(s.motion).pivot;
        if (auto* segment = std::get_if<ccd::Segment>(&s.shape); segment && !alone)
            for (ccd::Vec2* end : {&segment->a, &segment->b})
                if (*end == pivot) *end = world; // hinged there: it comes along
        pivot = world;
        return;
    }
    case Part::Angle: // about where the pivot is at t = 1
        return set_angle(
            side, side.angle() + turned_by(center_at(side, 1.0), part_position(side, part), world));
    case Part::Rounding: { // how far out of the side's middle, along its normal (never below 0)
        const RoundedSide r = rounded_side(side);
        const double radius = std::max(0.0, ccd::dot(world - (r.side.a + r.side.b) * 0.5, r.out));
        if (auto* segment = std::get_if<ccd::Segment>(&s.shape))
            segment->radius = radius;
        else
            std::get<ccd::Polygon>(s.shape).radius = radius;
        return;
    }
    }
}

void set_displacement(LabSide& side, ccd::Vec2 displacement) {
    if (auto* turning = std::get_if<ccd::Turning>(&side.swept.motion))
        turning->displacement = displacement;
    else
        side.swept.motion = ccd::Translation{displacement};
}

bool can_accelerate(const LabSide& side) {
    return side.swept.shape_kind() != ccd::ShapeKind::Segment && !side.is_static;
}

void set_angle(LabSide& side, double angle) {
    std::get<ccd::Turning>(side.swept.motion).angle = angle;
}

void keep_pivot_on_centroid(LabSide& side) {
    if (side.swept.shape_kind() == ccd::ShapeKind::Polygon && side.turns())
        std::get<ccd::Turning>(side.swept.motion).pivot = ccd::area_centroid(side.polygon());
}

} // namespace ccdlab
