#pragma once
// Every shape a query takes and every motion a shape can have over the frame (t from 0 to 1),
// as plain values, with their helpers. The queries (toi_*.hpp) and the pair registry
// (pair_registry.hpp) take these; no query header defines a data type of its own.

#include "ccd/sin_cos.hpp"
#include "ccd/vec2.hpp"

#include <algorithm>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

namespace ccd {

// ---- shapes (positions at t = 0) -------------------------------------------------------------

// A point: what a circle of radius 0 is, for the queries that treat it as a point of its own
// (a ray cast, seed 002's moving point).
struct Point {
    Vec2 position;
    friend bool operator==(const Point&, const Point&) = default;
};

struct Circle {
    Vec2 center;
    double radius = 0.0; // >= 0; a radius of 0 is a point
    friend bool operator==(const Circle&, const Circle&) = default;
};

// A segment, or with a radius a capsule: every point within `radius` of the segment from a to
// b (its core). The queries answer the capsule: its first contact is where the distance between
// the cores reaches the sum of the radii (docs/algorithms.md, "Rounded shapes").
struct Segment {
    Vec2 a;
    Vec2 b;
    double radius = 0.0; // >= 0; 0 is the segment itself
    friend bool operator==(const Segment&, const Segment&) = default;
};

// A simple polygon; edge i runs from vertex i to vertex (i + 1) % n. Either winding. With a
// radius, a rounded polygon (Box2D's m_radius): every point within `radius` of the polygon and
// its inside (its core); its corners are arcs of that radius about the vertices.
struct Polygon {
    std::vector<Vec2> vertices;
    double radius = 0.0; // >= 0; 0 is the polygon itself
    friend bool operator==(const Polygon&, const Polygon&) = default;
};

// The mean of the vertices ({0, 0} for none): the point a World polygon body moves by and the
// app's handle for a polygon.
Vec2 vertex_centroid(const Polygon& polygon);

// The centroid of the polygon's area (its center of mass for a uniform density), either
// winding; the vertex centroid when the area is 0. What a turning polygon of a scene turns about.
Vec2 area_centroid(const Polygon& polygon);

// Whether the polygon is convex: every vertex on or to one side of every edge's line (either
// winding; vertices along a line allowed), with an area that is not 0. Exact in the sign of each
// cross product as rounded: a vertex within rounding of an edge's line counts as on it.
bool is_convex(const Polygon& polygon);

// `polygon` moved by `offset`.
Polygon translated(Polygon polygon, Vec2 offset);

// A static segment with what the circle-segment query (toi_circle_segment.hpp) derives from the
// segment alone computed once: its direction b - a, squared length, length and reciprocal,
// bounding box and largest coordinate. For many queries against one segment (a wall, a level's
// static geometry), as Box2D's b2EdgeShape and Chipmunk's cpSegmentShape keep their normal.
// Build it once, query it often; rebuild it when the segment moves. Its constructor is defined
// beside that query (toi_circle_segment.cpp), from the arithmetic the query does on the spot, so
// both give the same answers bit for bit.
class PreparedSegment {
public:
    PreparedSegment() : PreparedSegment(Segment{}) {}
    explicit PreparedSegment(const Segment& segment);

    const Segment& segment() const { return segment_; }
    Vec2 direction() const { return direction_; } // b - a
    double length_squared() const { return length_squared_; }
    double length() const { return length_; }
    double inverse_length() const { return inverse_length_; } // 1 / length (inf for length 0)
    Vec2 box_min() const { return box_min_; }
    Vec2 box_max() const { return box_max_; }
    double largest_coordinate() const { return largest_coordinate_; } // of |a.x|, ..., |b.y|

private:
    Segment segment_;
    Vec2 direction_;
    double length_squared_ = 0.0;
    double length_ = 0.0;
    double inverse_length_ = 0.0;
    Vec2 box_min_, box_max_;
    double largest_coordinate_ = 0.0;
};

// A body of the World at the start of a query (toi_body.hpp): a circle of `radius` about `center`,
// or, when `outline` is not empty, the polygon whose vertices are `center + outline[k]` (edge k
// from vertex k to vertex k + 1; `radius` is then not used).
struct SweptBody {
    Vec2 center;
    double radius = 0.0;
    std::span<const Vec2> outline;
    // The polygon's orientation: its vertices are `center + R(angle) outline[k]` (exactly
    // `center + outline[k]` at 0). A body that turns (toi_body.hpp) turns about `center`.
    double angle = 0.0;
    // The polygon's radius (a rounded polygon); not used for a circle.
    double rounding = 0.0;

    bool is_polygon() const { return !outline.empty(); }
};

// ---- motions over the frame ------------------------------------------------------------------

// The velocity of the material point at `point` of a segment whose ends move with velocities
// `velocity_a` and `velocity_b`, when the segment is `segment`: the ends' velocities
// interpolated along it, by the projection of `point` clamped to the segment (a segment of no
// length moves as its end a). The one copy of this interpolation: the World's walls and the
// polygon queries both use it.
inline Vec2 velocity_along(const Segment& segment, Vec2 velocity_a, Vec2 velocity_b, Vec2 point) {
    const Vec2 d = segment.b - segment.a;
    const double length2 = dot(d, d);
    const double s =
        length2 > 0.0 ? std::clamp(dot(point - segment.a, d) / length2, 0.0, 1.0) : 0.0;
    return velocity_a + (velocity_b - velocity_a) * s;
}

// A segment whose ends each move linearly over the frame (a static segment has zero
// displacements; a translating one, equal displacements).
struct MovingSegment {
    Segment start;       // the segment at t = 0
    Vec2 displacement_a; // how far endpoint a moves over the frame
    Vec2 displacement_b; // how far endpoint b moves over the frame

    // The segment at time t (its radius kept).
    Segment at(double t) const {
        return {start.a + displacement_a * t, start.b + displacement_b * t, start.radius};
    }
    // The velocity (displacement over the frame) of the segment's material point at `point`,
    // projected onto the segment at t = 0.
    Vec2 velocity_at(Vec2 point) const {
        return velocity_along(start, displacement_a, displacement_b, point);
    }
};

// ---- a shape with its motion --------------------------------------------------------------

// The motions a shape can have over the frame. Still is a Translation by zero; a Translation is
// both an EndMotion of a segment (both ends alike) and a Turning by the angle 0 (any pivot). The
// pair registry answers a pair with the most specific query it has (`generalisations` there).
struct Still {
    friend bool operator==(const Still&, const Still&) = default;
};
struct Translation {
    Vec2 displacement; // over the frame
    friend bool operator==(const Translation&, const Translation&) = default;
};
// A segment's ends each moving linearly (MovingSegment's motion).
struct EndMotion {
    Vec2 displacement_a;
    Vec2 displacement_b;
    friend bool operator==(const EndMotion&, const EndMotion&) = default;
};

// A rigid motion that turns: the shape turns by `angle` radians (counter-clockwise, over the
// whole frame, any size: 100 turns is 200 pi) about `pivot` while the pivot moves by
// `displacement`. The point at x0 at t = 0 is at pivot + displacement t + R(angle t)(x0 - pivot)
// at time t (turning_position).
struct Turning {
    Vec2 pivot;        // a point at t = 0
    Vec2 displacement; // the pivot's, over the frame
    double angle = 0.0;
    friend bool operator==(const Turning&, const Turning&) = default;
};

// Where the point at `point` at t = 0 is at time t under `turning`.
inline Vec2 turning_position(const Turning& turning, Vec2 point, double t) {
    const auto [s, c] = sin_cos(turning.angle * t);
    const Vec2 r = point - turning.pivot;
    return turning.pivot + turning.displacement * t + Vec2{c * r.x - s * r.y, s * r.x + c * r.y};
}

using Shape = std::variant<Point, Circle, Segment, Polygon>;
using Motion = std::variant<Still, Translation, EndMotion, Turning>;

// How far a shape reaches beyond its core: a circle's radius, a segment's or a polygon's (0 for
// a point).
inline double radius_of(const Shape& shape) {
    if (const auto* c = std::get_if<Circle>(&shape)) return c->radius;
    if (const auto* s = std::get_if<Segment>(&shape)) return s->radius;
    if (const auto* p = std::get_if<Polygon>(&shape)) return p->radius;
    return 0.0;
}

// The alternatives of Shape and Motion, in their order.
enum class ShapeKind { Point, Circle, Segment, Polygon };
enum class MotionKind { Still, Translation, EndMotion, Turning };
inline constexpr int kShapeKinds = 4;
inline constexpr int kMotionKinds = 4;

std::string_view to_string(ShapeKind kind);
std::string_view to_string(MotionKind kind);

// A shape and how it moves over the frame: one side of a time-of-impact query. Its motion may
// carry a constant `acceleration` (gravity, per frame squared): every point of the shape (a
// turning one's pivot, a segment's two ends) then also moves by acceleration t^2 / 2, so a
// translating shape's centre follows the parabola x0 + d t + a t^2 / 2. Two sides under the same
// acceleration move relative to each other as without it; only their relative acceleration
// bends a pair's path (docs/accuracy.md, "Parabolic paths").
struct Swept {
    Shape shape;
    Motion motion;
    Vec2 acceleration = {};

    ShapeKind shape_kind() const { return static_cast<ShapeKind>(shape.index()); }
    MotionKind motion_kind() const { return static_cast<MotionKind>(motion.index()); }
    // The displacement of a still or translating shape (zero when still), of a turning one's
    // pivot. Not for EndMotion.
    Vec2 displacement() const {
        if (const auto* t = std::get_if<Translation>(&motion)) return t->displacement;
        if (const auto* r = std::get_if<Turning>(&motion)) return r->displacement;
        return {};
    }
    // Where the point at `point` at t = 0 of a rigidly moving shape (still, translating or
    // turning) is at time t. Not for EndMotion.
    Vec2 moved(Vec2 point, double t) const {
        const Vec2 at = std::holds_alternative<Turning>(motion)
                            ? turning_position(std::get<Turning>(motion), point, t)
                            : point + displacement() * t;
        return accelerates() ? at + drift(t) : at;
    }
    // Whether the side has an acceleration, and how far it has moved the side by time t
    // (acceleration t^2 / 2).
    bool accelerates() const { return acceleration != Vec2{}; }
    Vec2 drift(double t) const { return acceleration * (0.5 * t * t); }
    // The motion of a segment's ends: both alike for a still or translating shape. Not for
    // Turning. Without the acceleration, which moves both ends alike.
    EndMotion end_motion() const {
        if (const auto* e = std::get_if<EndMotion>(&motion)) return *e;
        return {displacement(), displacement()};
    }
    friend bool operator==(const Swept&, const Swept&) = default;
};

} // namespace ccd
