#pragma once
// One side of a query as Bullet takes it: its shape as a btConvex2dShape over a btSphereShape
// (a circle, a point of radius 0) or a btConvexHullShape of its vertices at z = 0 with margin 0
// (a segment, a convex polygon), in the local coordinates of a body whose origin is the point
// its motion turns about (a turning side's pivot; otherwise the shape's centre), and that body's
// motion as Bullet's pair of transforms at t = 0 and t = 1; and why a side cannot be one.

#include "ccd/shapes.hpp"

#include <BulletCollision/CollisionShapes/btConvex2dShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <LinearMath/btTransform.h>

#include <optional>
#include <string>
#include <string_view>

namespace ccd::bullet {

// Every coordinate, radius, displacement and pivot must stay within this: Bullet's GJK
// (btGjkPairDetector) gives no answer for a squared distance beyond BT_LARGE_FLOAT = 1e30.
inline constexpr double kLargestInput = 0x1p40;

// What a side's motion must be for a method: any rigid motion turning by less than pi (Bullet's
// pair of transforms), or a straight line without turning.
enum class MotionLimit { TurnBelowPi, StraightLine };

// Why `side` cannot be a Bullet shape between two transforms under `limit` (`role`, "mover" or
// "obstacle", names it in the message), or nothing when it can.
std::optional<std::string> inexpressible(const Swept& side, MotionLimit limit,
                                         std::string_view role);

// A side built for Bullet's casts, from a side inexpressible() accepts. Its btConvex2dShape
// points into its own child shape, so it is neither copied nor moved.
class Side {
public:
    explicit Side(const Swept& side);
    Side(const Side&) = delete;
    Side& operator=(const Side&) = delete;

    const btConvexShape& shape() const { return shape_2d_; }
    const btTransform& from() const { return from_; }
    const btTransform& to() const { return to_; }
    // The body's transform at time t of the motion as given (in double).
    btTransform at(double t) const;
    // Where the material point at `point` at time t was at t = 0.
    Vec2 at_start(Vec2 point, double t) const;
    // The velocity over the frame of the material point at `point` at time t.
    Vec2 velocity_at(Vec2 point, double t) const;
    // Where the body's origin is at time t.
    Vec2 origin_at(double t) const;

private:
    Vec2 origin_;       // the body's origin at t = 0: the pivot, or the shape's centre
    Vec2 displacement_; // of the origin over the frame
    double angle_ = 0.0;
    btSphereShape sphere_{0.0};
    btConvexHullShape hull_;
    btConvex2dShape shape_2d_;
    btTransform from_, to_;
};

} // namespace ccd::bullet
