#pragma once
// One side of a query as Box2D takes it: its shape as a b2CircleShape, b2EdgeShape or
// b2PolygonShape in the local coordinates of a body at the shape's centre (a circle's or a
// point's, a segment's midpoint, a polygon's vertex centroid), that body's motion as a b2Sweep,
// and the distance proxy b2TimeOfImpact reads; and why a side cannot be one.

#include "ccd/shapes.hpp"

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_math.h>
#include <box2d/b2_polygon_shape.h>

#include <optional>
#include <string>
#include <string_view>

namespace ccd::box2d {

// Box2D squares differences of coordinates in float (GJK's dot products, the polygon's area):
// every coordinate, radius and displacement must stay within this for them not to overflow.
inline constexpr double kLargestInput = 0x1p60;

// Why `side` cannot be a Box2D shape on a b2Sweep (`role`, "mover" or "obstacle", names it in
// the message), or nothing when it can.
std::optional<std::string> inexpressible(const Swept& side, std::string_view role);

// A side built for b2TimeOfImpact, from a side inexpressible() accepts. Its proxy points into
// its own shape, so it is neither copied nor moved.
class Side {
public:
    explicit Side(const Swept& side);
    Side(const Side&) = delete;
    Side& operator=(const Side&) = delete;

    const b2DistanceProxy& proxy() const { return proxy_; }
    const b2Sweep& sweep() const { return sweep_; }
    ShapeKind kind() const { return kind_; }
    // The shape's own radius (a circle's, a capsule's, a rounded polygon's; Box2D's skin
    // b2_polygonRadius on an edge or a polygon, added to it there, is not part of the shape as
    // given).
    double radius() const { return radius_; }
    // Our number of Box2D's vertex k (a polygon given clockwise is handed to Box2D reversed; a
    // segment's a is 0 and b is 1).
    int our_vertex(int box2d_vertex) const;
    // Our number of the polygon edge between Box2D's adjacent vertices i and j.
    int our_edge(int box2d_i, int box2d_j) const;
    // The velocity over the frame of the material point at `point` at time t, and where the
    // body's centre is then (in double, from the motion as given).
    Vec2 velocity_at(Vec2 point, double t) const;
    Vec2 centre_at(double t) const;

private:
    ShapeKind kind_;
    double radius_ = 0.0;
    int count_ = 1;         // vertices handed to Box2D
    bool reversed_ = false; // a clockwise polygon, handed over counter-clockwise
    Vec2 centre_;           // the body's origin at t = 0
    Vec2 pivot_;            // the point the motion turns about (the centre, for a translation)
    Vec2 displacement_;     // of the pivot over the frame
    double angle_ = 0.0;    // turned over the frame
    b2CircleShape circle_;
    b2EdgeShape edge_;
    b2PolygonShape polygon_;
    b2DistanceProxy proxy_;
    b2Sweep sweep_{};
};

} // namespace ccd::box2d
