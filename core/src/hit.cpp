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
    }
    return "unknown";
}

} // namespace ccd
