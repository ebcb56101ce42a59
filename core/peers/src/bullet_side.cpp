#include "bullet_side.hpp"

#include "shape_numbers.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <variant>
#include <vector>

namespace ccd::bullet {
namespace {

std::string number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", x);
    return text;
}

std::string vector_text(Vec2 v) {
    return "[" + number(v.x) + ", " + number(v.y) + "]";
}

btVector3 to_bullet(Vec2 v) {
    return {v.x, v.y, 0.0};
}

// The shape's centre: a translating body's origin.
Vec2 centre_of(const Shape& shape) {
    if (const auto* p = std::get_if<Point>(&shape)) return p->position;
    if (const auto* c = std::get_if<Circle>(&shape)) return c->center;
    if (const auto* s = std::get_if<Segment>(&shape)) return (s->a + s->b) * 0.5;
    return vertex_centroid(std::get<Polygon>(shape));
}

// The rigid motion as Bullet's pair of transforms takes it: the origin's displacement and the
// turn about it; nothing for a segment whose ends move differently.
struct RigidMotion {
    Vec2 origin;
    Vec2 displacement;
    double angle = 0.0;
};

std::optional<RigidMotion> rigid_motion(const Swept& side) {
    if (const auto* e = std::get_if<EndMotion>(&side.motion)) {
        if (e->displacement_a != e->displacement_b) return std::nullopt;
        return RigidMotion{centre_of(side.shape), e->displacement_a, 0.0};
    }
    if (const auto* turning = std::get_if<Turning>(&side.motion))
        return RigidMotion{turning->pivot, turning->displacement, turning->angle};
    return RigidMotion{centre_of(side.shape), side.displacement(), 0.0};
}

// Every number of the side, finite and within kLargestInput.
std::optional<std::string> magnitude_refusal(const Swept& side, const RigidMotion& motion,
                                             const std::string& whose) {
    std::vector<double> numbers{motion.origin.x, motion.origin.y, motion.displacement.x,
                                motion.displacement.y, motion.angle};
    detail::append_numbers(side.shape, numbers);
    for (const double x : numbers)
        if (!(std::fabs(x) <= kLargestInput))
            return whose + " has the number " + number(x) +
                   ", beyond 2^40 = " + number(kLargestInput) +
                   ": Bullet's GJK gives no answer for a squared distance beyond 1e30";
    return std::nullopt;
}

std::optional<std::string> turn_refusal(double angle, MotionLimit limit, const std::string& whose) {
    if (limit == MotionLimit::StraightLine && angle != 0.0)
        return whose + " turns (angle " + number(angle) +
               "): this Bullet cast moves the shapes' origins along straight lines and keeps "
               "their orientation";
    if (!(std::fabs(angle) < std::numbers::pi))
        return whose + " turns by " + number(angle) +
               ", not less than pi: Bullet reads a turn from two transforms, modulo 2 pi the "
               "short way";
    return std::nullopt;
}

} // namespace

std::optional<std::string> inexpressible(const Swept& side, MotionLimit limit,
                                         std::string_view role) {
    const std::string whose = "the " + std::string(role);
    const auto motion = rigid_motion(side);
    if (!motion) {
        const EndMotion e = side.end_motion();
        return whose + "'s segment's ends move differently (da = " + vector_text(e.displacement_a) +
               ", db = " + vector_text(e.displacement_b) + "): a Bullet body moves rigidly";
    }
    if (auto why = magnitude_refusal(side, *motion, whose)) return why;
    if (auto why = turn_refusal(motion->angle, limit, whose)) return why;
    // A rounded segment or polygon would be a hull with a margin of its radius; the casts'
    // answers with a margin are not checked here, so the rows refuse it (docs/engines.md).
    if (side.shape_kind() != ShapeKind::Circle && radius_of(side.shape) != 0.0)
        return whose + "'s " + (side.shape_kind() == ShapeKind::Segment ? "segment" : "polygon") +
               " has a radius (" + number(radius_of(side.shape)) +
               "): ccdlab gives Bullet its shapes with no margin, so these rows take no rounding";
    if (const auto* polygon = std::get_if<Polygon>(&side.shape); polygon && !is_convex(*polygon))
        return whose + "'s polygon is not convex (or has no area): a btConvexHullShape would "
                       "answer for its convex hull";
    return std::nullopt;
}

namespace {

btConvexShape* child_of(const Swept& side, btSphereShape& sphere, btConvexHullShape& hull) {
    if (side.shape_kind() == ShapeKind::Point || side.shape_kind() == ShapeKind::Circle)
        return &sphere;
    return &hull;
}

btTransform transform(Vec2 origin, double angle) {
    return btTransform(btQuaternion(btVector3(0.0, 0.0, 1.0), angle), to_bullet(origin));
}

} // namespace

Side::Side(const Swept& side) : shape_2d_(child_of(side, sphere_, hull_)) {
    const RigidMotion motion =
        rigid_motion(side).value_or(RigidMotion{centre_of(side.shape), {}, 0.0});
    origin_ = motion.origin;
    displacement_ = motion.displacement;
    angle_ = motion.angle;
    // The shape as given: Bullet's default margin (0.04) would grow a hull by that much.
    hull_.setMargin(0.0);
    if (const auto* c = std::get_if<Circle>(&side.shape))
        sphere_.setUnscaledRadius(c->radius); // a sphere's margin is its radius
    if (const auto* s = std::get_if<Segment>(&side.shape))
        for (Vec2 end : {s->a, s->b})
            hull_.addPoint(to_bullet(end - origin_), false);
    if (const auto* polygon = std::get_if<Polygon>(&side.shape))
        for (Vec2 v : polygon->vertices)
            hull_.addPoint(to_bullet(v - origin_), false);
    if (hull_.getNumPoints() > 0) hull_.recalcLocalAabb();
    from_ = transform(origin_, 0.0);
    to_ = transform(origin_ + displacement_, angle_);
}

btTransform Side::at(double t) const {
    return transform(origin_at(t), angle_ * t);
}

Vec2 Side::origin_at(double t) const {
    return origin_ + displacement_ * t;
}

Vec2 Side::at_start(Vec2 point, double t) const {
    const btVector3 local = at(t).invXform(to_bullet(point));
    return origin_ + Vec2{local.x(), local.y()};
}

Vec2 Side::velocity_at(Vec2 point, double t) const {
    const Vec2 arm = point - origin_at(t);
    return displacement_ + Vec2{-arm.y, arm.x} * angle_;
}

} // namespace ccd::bullet
