#include "ccd/hit.hpp"

namespace ccd {

std::string_view to_string(Feature feature) {
    switch (feature) {
    case Feature::SegmentInterior:
        return "interior";
    case Feature::EndpointA:
        return "endpoint_a";
    case Feature::EndpointB:
        return "endpoint_b";
    case Feature::Point:
        return "point";
    case Feature::Circle:
        return "circle";
    case Feature::PolygonEdge:
        return "polygon_edge";
    case Feature::PolygonVertex:
        return "polygon_vertex";
    }
    return "unknown";
}

} // namespace ccd
