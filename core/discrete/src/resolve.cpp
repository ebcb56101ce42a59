#include "ccd/resolve.hpp"

#include "chain_rule.hpp"

#include <algorithm>

namespace ccd {

BodyState resolve_contact(BodyState body, const Contact& contact, const ResponseOptions& options) {
    body.position += contact.normal * contact.depth;
    const double normal_speed = dot(body.velocity, contact.normal);
    if (normal_speed >= 0.0) return body; // leaving or sliding along: nothing to stop
    const Vec2 tangential = body.velocity - contact.normal * normal_speed;
    // The impulse (per unit mass) along the normal, and Coulomb's bound on the one along the
    // wall: friction may stop the sliding but never reverse it.
    const double normal_change = -(1.0 + options.restitution) * normal_speed;
    const double tangential_speed = length(tangential);
    const double kept =
        tangential_speed > 0.0
            ? std::max(0.0, 1.0 - options.friction * normal_change / tangential_speed)
            : 0.0;
    body.velocity = tangential * kept + contact.normal * (normal_speed + normal_change);
    return body;
}

namespace {

// The disk's contact with wall i where its center is `center`, when the wall's chain rule (if it
// is a chain's edge) takes it.
std::optional<Contact> disk_contact(double radius, Vec2 center, std::span<const Segment> walls,
                                    std::size_t i, const ResponseOptions& options) {
    const auto contact = find_contact(Circle{center, radius}, walls[i]);
    if (!contact || !detail::chain_counts(options.chains, i, *contact, center)) return std::nullopt;
    return contact;
}

} // namespace

ResolveResult resolve_against_walls(const Circle& disk, Vec2 velocity,
                                    std::span<const Segment> walls,
                                    const ResponseOptions& options) {
    ResolveResult result;
    result.body = {disk.center, velocity};
    for (std::size_t i = 0; i < walls.size(); ++i) {
        const auto contact = disk_contact(disk.radius, result.body.position, walls, i, options);
        if (!contact) continue;
        result.body = resolve_contact(result.body, *contact, options);
        result.steps.push_back({i, *contact, result.body});
    }
    for (std::size_t i = 0; i < walls.size(); ++i)
        if (const auto left = disk_contact(disk.radius, result.body.position, walls, i, options))
            result.remaining_depth = std::max(result.remaining_depth, left->depth);
    return result;
}

namespace {

// The polygon's contact with obstacle k: the walls first (a chain's edge when its rule takes the
// contact), then the polygons.
std::optional<PolygonContact> contact_with(const Polygon& polygon, std::size_t k,
                                           std::span<const Segment> walls,
                                           std::span<const Polygon> obstacles,
                                           const ResponseOptions& options) {
    if (k >= walls.size()) return find_contact(polygon, obstacles[k - walls.size()]);
    const auto contact = find_contact(polygon, walls[k]);
    if (!contact || !detail::chain_counts(options.chains, k, *contact, vertex_centroid(polygon)))
        return std::nullopt;
    return contact;
}

} // namespace

PolygonResolveResult resolve_against_obstacles(const Polygon& polygon, Vec2 velocity,
                                               std::span<const Segment> walls,
                                               std::span<const Polygon> obstacles,
                                               const ResponseOptions& options) {
    PolygonResolveResult result;
    const Vec2 start = vertex_centroid(polygon);
    result.body = {start, velocity};
    result.polygon = polygon;
    const std::size_t count = walls.size() + obstacles.size();
    for (std::size_t k = 0; k < count; ++k) {
        const auto contact = contact_with(result.polygon, k, walls, obstacles, options);
        if (!contact) continue;
        const Contact pushed{contact->depth, contact->normal, contact->manifold.front(),
                             Feature::PolygonEdge};
        const BodyState before = result.body;
        result.body = resolve_contact(result.body, pushed, options);
        result.polygon = translated(result.polygon, result.body.position - before.position);
        result.steps.push_back({k, *contact, result.body});
    }
    for (std::size_t k = 0; k < count; ++k)
        if (const auto left = contact_with(result.polygon, k, walls, obstacles, options))
            result.remaining_depth = std::max(result.remaining_depth, left->depth);
    return result;
}

} // namespace ccd
