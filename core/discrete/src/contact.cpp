#include "ccd/contact.hpp"

#include "ccd/closest_point.hpp"
#include "ccd/detail/exact_arithmetic.hpp"

#include <algorithm>
#include <array>
#include <span>

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

namespace {

// Whether p is inside or on the convex point set `shape` (a polygon, either winding, or a
// segment's two ends): on the inner side of, or on, every edge's line.
bool within_convex(Vec2 p, std::span<const Vec2> shape) {
    const std::size_t n = shape.size();
    if (n == 2) { // a segment: on it
        const Vec2 d = shape[1] - shape[0];
        const double along = dot(p - shape[0], d);
        return cross(d, p - shape[0]) == 0.0 && along >= 0.0 && along <= dot(d, d);
    }
    int side = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double c = cross(shape[(i + 1) % n] - shape[i], p - shape[i]);
        const int s = c > 0.0 ? 1 : c < 0.0 ? -1 : 0;
        if (s == 0) continue;
        if (side != 0 && s != side) return false;
        side = s;
    }
    return true;
}

// Where the segments [a1, b1] and [a2, b2] cross (not parallel), if they do.
std::optional<Vec2> crossing(Vec2 a1, Vec2 b1, Vec2 a2, Vec2 b2) {
    const Vec2 d1 = b1 - a1, d2 = b2 - a2;
    const double den = cross(d1, d2);
    if (den == 0.0) return std::nullopt;
    const double s = cross(a2 - a1, d2) / den, u = cross(a2 - a1, d1) / den;
    if (s < 0.0 || s > 1.0 || u < 0.0 || u > 1.0) return std::nullopt;
    return a1 + d1 * s;
}

// The corners of the region two convex shapes share: each one's vertices within the other,
// then where their edges cross (the polygon's edges in order, each against the other's), each
// point once.
std::vector<Vec2> overlap_corners(std::span<const Vec2> polygon, std::span<const Vec2> other) {
    std::vector<Vec2> corners;
    const auto add = [&](Vec2 p) {
        if (std::find(corners.begin(), corners.end(), p) == corners.end()) corners.push_back(p);
    };
    for (const Vec2 v : polygon)
        if (within_convex(v, other)) add(v);
    for (const Vec2 v : other)
        if (within_convex(v, polygon)) add(v);
    const std::size_t n = polygon.size(), m = other.size();
    const std::size_t other_edges = m == 2 ? 1 : m;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < other_edges; ++j)
            if (const auto p =
                    crossing(polygon[i], polygon[(i + 1) % n], other[j], other[(j + 1) % m]))
                add(*p);
    return corners;
}

std::optional<PolygonContact> polygon_contact(const Polygon& polygon, const Shape& obstacle,
                                              std::span<const Vec2> obstacle_points) {
    const std::optional<OverlapDepth> d = overlap_depth(polygon, obstacle);
    if (!d) return std::nullopt;
    PolygonContact contact{d->depth, d->normal, overlap_corners(polygon.vertices, obstacle_points)};
    if (contact.manifold.empty()) contact.manifold.push_back(d->point);
    return contact;
}

} // namespace

std::optional<PolygonContact> find_contact(const Polygon& polygon, const Segment& wall) {
    const std::array<Vec2, 2> ends{wall.a, wall.b};
    return polygon_contact(polygon, wall, ends);
}

std::optional<PolygonContact> find_contact(const Polygon& polygon, const Polygon& obstacle) {
    return polygon_contact(polygon, obstacle, obstacle.vertices);
}

} // namespace ccd
