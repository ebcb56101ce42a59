#pragma once
// Hit: the answer of a time-of-impact query (see docs/ARCHITECTURE.md, "The time-of-impact
// contract").

#include "ccd/vec2.hpp"

#include <string_view>

namespace ccd {

// Which part of the obstacle the mover touched first.
enum class Feature {
    SegmentInterior, // the band along a segment, strictly between its endpoints
    EndpointA,       // the end cap around segment.a
    EndpointB,       // the end cap around segment.b
    Point,           // a static point obstacle
    Circle,          // a circle obstacle
    PolygonEdge,     // an edge of the obstacle polygon was touched (Hit::obstacle_edge names it)
    PolygonVertex,   // a vertex of the obstacle polygon touched (Hit::obstacle_vertex names it)
};

std::string_view to_string(Feature feature);

struct Hit {
    double t = 0.0; // first time in [0, 1] at which the shapes touch
    Vec2 point;     // contact point at time t (on the obstacle's surface)
    Vec2 normal;    // unit normal at the contact, from the obstacle toward the mover
    Feature feature = Feature::SegmentInterior;
    bool overlap = false;     // the shapes already touched at t = 0 (then t == 0)
    bool approaching = false; // closing speed along the normal is > 0 at time t
    // The numbered parts that touched, each saying whose it is; -1 where the query names none
    // (a circle, a point or a segment has no numbered part). Edge k of a polygon runs from its
    // vertex k to vertex k + 1.
    int mover_vertex = -1;    // the mover's vertex that touched the obstacle
    int mover_edge = -1;      // the mover's edge that the obstacle touched
    int obstacle_vertex = -1; // the obstacle's vertex that touched the mover
    int obstacle_edge = -1;   // the obstacle's edge that the mover touched
    // The query stopped at its step limit before deciding (the certified turning engine:
    // ccd/toi_turning.hpp): the shapes do not touch before t, and nothing is known after it.
    // Not a contact: point, normal and feature are the closest points' at t (docs/accuracy.md).
    bool undecided = false;
};

} // namespace ccd
