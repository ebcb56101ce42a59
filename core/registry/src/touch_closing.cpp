#include "touch_closing.hpp"

#include "ccd/closest_point.hpp"
#include "shape_corners.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

namespace ccd {
namespace {

// The closest point of a side's core to p: a segment's (its end named), or the nearest of a
// polygon's edges (that edge named). Nothing for a point or a circle: a round side touches a
// convex one at one point only, the one the query names.
struct Nearest {
    Vec2 point;
    double distance = 0.0;
    Feature feature = Feature::SegmentInterior;
    int edge = -1;
};

std::optional<Nearest> nearest_on(const Shape& shape, Vec2 p) {
    if (const auto* s = std::get_if<Segment>(&shape)) {
        const ClosestPoint c = closest_point_on_segment(p, *s);
        return Nearest{c.point, length(p - c.point), c.feature, -1};
    }
    const auto* polygon = std::get_if<Polygon>(&shape);
    if (!polygon || polygon->vertices.size() < 2) return std::nullopt;
    const std::vector<Vec2>& v = polygon->vertices;
    std::optional<Nearest> best;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const ClosestPoint c = closest_point_on_segment(p, {v[i], v[(i + 1) % v.size()]});
        const double d = length(p - c.point);
        if (!best || d < best->distance)
            best = Nearest{c.point, d, Feature::PolygonEdge, static_cast<int>(i)};
    }
    return best;
}

} // namespace

Vec2 velocity_at_start(const Swept& side, Vec2 point) {
    if (const auto* turning = std::get_if<Turning>(&side.motion))
        return turning->displacement + perp(point - turning->pivot) * turning->angle;
    if (const auto* e = std::get_if<EndMotion>(&side.motion)) {
        const Segment& g = std::get<Segment>(side.shape);
        const Vec2 u = g.b - g.a;
        const double along = dot(u, u) > 0.0 ? dot(point - g.a, u) / dot(u, u) : 0.0;
        return e->displacement_a +
               (e->displacement_b - e->displacement_a) * std::clamp(along, 0.0, 1.0);
    }
    if (const auto* translation = std::get_if<Translation>(&side.motion))
        return translation->displacement;
    return {};
}

double fastest(const Swept& side) {
    const double pull = length(side.acceleration);
    if (const auto* e = std::get_if<EndMotion>(&side.motion))
        return std::max(length(e->displacement_a), length(e->displacement_b)) + pull;
    double speed = length(side.displacement()) + pull;
    if (const auto* t = std::get_if<Turning>(&side.motion)) {
        double lever = 0.0;
        std::visit(
            [&](const auto& shape) {
                using T = std::decay_t<decltype(shape)>;
                if constexpr (std::is_same_v<T, Point>)
                    lever = length(shape.position - t->pivot);
                else if constexpr (std::is_same_v<T, Circle>)
                    lever = length(shape.center - t->pivot);
                else if constexpr (std::is_same_v<T, Segment>)
                    lever = std::max(length(shape.a - t->pivot), length(shape.b - t->pivot));
                else
                    for (const Vec2 v : shape.vertices)
                        lever = std::max(lever, length(v - t->pivot));
            },
            side.shape);
        speed += std::fabs(t->angle) * lever;
    }
    return speed;
}

double closing_beyond_rest(const Swept& mover, const Swept& obstacle, Vec2 point, Vec2 normal,
                           double resting) {
    const Vec2 relative = velocity_at_start(mover, point) - velocity_at_start(obstacle, point);
    return -dot(relative, normal) - std::max(resting, 0.0) * (fastest(mover) + fastest(obstacle));
}

std::optional<Hit> closing_touch(const Hit& touch, const Swept& mover, const Swept& obstacle,
                                 double resting, double delta) {
    const double radii = radius_of(mover.shape) + radius_of(obstacle.shape);
    const double r_obstacle = radius_of(obstacle.shape);
    std::optional<Hit> fastest;
    double most = 0.0;
    const auto consider = [&](const Hit& at) {
        const double closing = closing_beyond_rest(mover, obstacle, at.point, at.normal, resting);
        if (closing > most) {
            most = closing;
            fastest = at;
        }
    };
    // A vertex within delta of the other side, or past its face along the touch's normal (a
    // later start of the re-ask finds a vertex that closed between two starts already through).
    const auto touching = [&](double distance, double along_normal) {
        return distance <= radii + delta || along_normal < radii;
    };
    const std::vector<Vec2> m = corners(mover.shape), o = corners(obstacle.shape);
    if (m.empty() || o.empty()) return std::nullopt; // a round side touches at one point
    for (std::size_t k = 0; k < m.size(); ++k) {
        const std::optional<Nearest> n = nearest_on(obstacle.shape, m[k]);
        if (!n || !touching(n->distance, dot(m[k] - n->point, touch.normal))) continue;
        Hit at = touch;
        at.point = n->point + touch.normal * r_obstacle;
        at.approaching = true;
        at.feature = n->feature;
        at.mover_vertex = std::holds_alternative<Polygon>(mover.shape) ? static_cast<int>(k) : -1;
        at.mover_edge = -1;
        at.obstacle_vertex = -1;
        at.obstacle_edge = n->edge;
        consider(at);
    }
    for (std::size_t k = 0; k < o.size(); ++k) {
        const std::optional<Nearest> n = nearest_on(mover.shape, o[k]);
        if (!n || !touching(n->distance, -dot(o[k] - n->point, touch.normal))) continue;
        Hit at = touch;
        at.point = o[k] + touch.normal * r_obstacle;
        at.approaching = true;
        const bool polygon = std::holds_alternative<Polygon>(obstacle.shape);
        at.feature =
            polygon ? Feature::PolygonVertex : (k == 0 ? Feature::EndpointA : Feature::EndpointB);
        at.mover_vertex = -1;
        at.mover_edge = n->edge;
        at.obstacle_vertex = polygon ? static_cast<int>(k) : -1;
        at.obstacle_edge = -1;
        consider(at);
    }
    return fastest;
}

} // namespace ccd
