#include "chain_rule.hpp"

#include <cmath>

namespace ccd::detail {

const ChainEdge* chain_edge_of(ChainEdges chains, std::size_t wall) {
    return wall < chains.size() && chains[wall] ? &*chains[wall] : nullptr;
}

bool chain_counts(ChainEdges chains, std::size_t wall, Feature feature, Vec2 normal, Vec2 center) {
    const ChainEdge* edge = chain_edge_of(chains, wall);
    return !edge || chain_admits(*edge, feature, normal, center);
}

bool chain_counts(ChainEdges chains, std::size_t wall, const Contact& contact, Vec2 center) {
    return chain_counts(chains, wall, contact.feature, contact.normal, center);
}

Feature polygon_contact_feature(const ChainEdge& edge, const PolygonContact& contact) {
    if (std::fabs(dot(contact.normal, front_normal(edge))) >= 1.0 - 1e-12)
        return Feature::SegmentInterior;
    const Vec2 p = contact.manifold.front();
    return length_squared(p - edge.a) <= length_squared(p - edge.b) ? Feature::EndpointA
                                                                    : Feature::EndpointB;
}

bool chain_counts(ChainEdges chains, std::size_t wall, const PolygonContact& contact, Vec2 center) {
    const ChainEdge* edge = chain_edge_of(chains, wall);
    return !edge ||
           chain_admits(*edge, polygon_contact_feature(*edge, contact), contact.normal, center);
}

} // namespace ccd::detail
