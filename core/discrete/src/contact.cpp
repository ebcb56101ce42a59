#include "ccd/contact.hpp"

#include "ccd/closest_point.hpp"
#include "ccd/detail/exact_arithmetic.hpp"

#include <algorithm>

namespace ccd {
namespace {

constexpr Vec2 kUp{0.0, 1.0};

// The contact of a disk of radius `reach` around `center` with the point `nearest`, which lies
// on an obstacle's surface; `fallback` is the normal when the two coincide.
std::optional<Contact> contact_with_nearest(Vec2 center, double reach, Vec2 nearest, Vec2 fallback,
                                            Feature feature) {
    const Vec2 offset = center - nearest;
    if (detail::accurate_distance_squared_minus(offset, reach) > 0.0) return std::nullopt;
    const double distance = length(offset);
    // The compensated test and the rounded length may disagree by an ulp: never report < 0.
    const double depth = std::max(0.0, reach - distance);
    return Contact{depth, normalized_or(offset, fallback), nearest, feature};
}

} // namespace

std::optional<Contact> find_contact(const Circle& disk, const Segment& wall) {
    const ClosestPoint closest = closest_point_on_segment(disk.center, wall);
    const Vec2 left_normal = normalized_or(perp(wall.b - wall.a), kUp);
    return contact_with_nearest(disk.center, disk.radius, closest.point, left_normal,
                                closest.feature);
}

std::optional<Contact> find_contact(const Circle& disk, Vec2 point) {
    return contact_with_nearest(disk.center, disk.radius, point, kUp, Feature::EndpointA);
}

std::optional<Contact> find_contact(const Circle& disk, const Circle& obstacle) {
    // Two disks touch when the centers are within the sum of the radii: the obstacle's center
    // against a disk of that sum. The contact point is then moved out to the obstacle's rim.
    auto contact = contact_with_nearest(disk.center, disk.radius + obstacle.radius, obstacle.center,
                                        kUp, Feature::EndpointA);
    if (contact) contact->point = obstacle.center + contact->normal * obstacle.radius;
    return contact;
}

} // namespace ccd
