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
    PolygonEdge,     // a vertex of the mover touched edge `Hit::edge` of the obstacle
    PolygonVertex,   // vertex `Hit::vertex` of the obstacle touched an edge of the mover
};

std::string_view to_string(Feature feature);

struct Hit {
    double t = 0.0; // first time in [0, 1] at which the shapes touch
    Vec2 point;     // contact point at time t (on the obstacle's surface)
    Vec2 normal;    // unit normal at the contact, from the obstacle toward the mover
    Feature feature = Feature::SegmentInterior;
    bool overlap = false;     // the shapes already touched at t = 0 (then t == 0)
    bool approaching = false; // closing speed along the normal is > 0 at time t
    int vertex = -1;          // polygon sweeps: the vertex that touched (see Feature)
    int edge = -1;            // polygon sweeps: the edge that was touched
};

} // namespace ccd
