#include "box2d_side.hpp"

#include "shape_numbers.hpp"

#include "ccd/sin_cos.hpp"

#include <box2d/b2_common.h>
#include <box2d/b2_settings.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <variant>
#include <vector>

namespace ccd::box2d {
namespace {

b2Vec2 to_float(Vec2 v) {
    return {static_cast<float>(v.x), static_cast<float>(v.y)};
}

std::string number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", x);
    return text;
}

std::string vector_text(Vec2 v) {
    return "[" + number(v.x) + ", " + number(v.y) + "]";
}

// The shape's reference point: the body's origin.
Vec2 centre_of(const Shape& shape) {
    if (const auto* p = std::get_if<Point>(&shape)) return p->position;
    if (const auto* c = std::get_if<Circle>(&shape)) return c->center;
    if (const auto* s = std::get_if<Segment>(&shape)) return (s->a + s->b) * 0.5;
    return vertex_centroid(std::get<Polygon>(shape));
}

// How the body moves, as a b2Sweep takes it: about `pivot`, which moves by `displacement` while
// the body turns by `angle`. The motions of shapes.hpp that are rigid; nothing for the others.
struct RigidMotion {
    Vec2 pivot;
    Vec2 displacement;
    double angle = 0.0;
};

std::optional<RigidMotion> rigid_motion(const Swept& side, Vec2 centre) {
    if (const auto* e = std::get_if<EndMotion>(&side.motion)) {
        if (e->displacement_a != e->displacement_b) return std::nullopt;
        return RigidMotion{centre, e->displacement_a, 0.0};
    }
    if (const auto* turning = std::get_if<Turning>(&side.motion))
        return RigidMotion{turning->pivot, turning->displacement, turning->angle};
    return RigidMotion{centre, side.displacement(), 0.0};
}

// A polygon's vertices relative to `centre`, rounded to float: what Box2D is given.
std::vector<b2Vec2> local_vertices(const Polygon& polygon, Vec2 centre) {
    std::vector<b2Vec2> out;
    for (Vec2 v : polygon.vertices)
        out.push_back(to_float(v - centre));
    return out;
}

double cross(b2Vec2 a, b2Vec2 b) { // exact in double for float inputs
    return double(a.x) * double(b.y) - double(a.y) * double(b.x);
}
b2Vec2 minus(b2Vec2 a, b2Vec2 b) {
    return {a.x - b.x, a.y - b.y};
}

// Twice the signed area of the float polygon (positive: counter-clockwise).
double twice_area(const std::vector<b2Vec2>& v) {
    double sum = 0.0;
    for (std::size_t i = 0; i < v.size(); ++i)
        sum += cross(v[i], v[(i + 1) % v.size()]);
    return sum;
}

std::optional<std::string> polygon_refusal(const Polygon& polygon, Vec2 centre,
                                           const std::string& whose) {
    const std::size_t n = polygon.vertices.size();
    if (n < 3)
        return whose + " polygon has " + std::to_string(n) +
               " vertices: b2PolygonShape needs at least 3";
    if (n > static_cast<std::size_t>(b2_maxPolygonVertices))
        return whose + " polygon has " + std::to_string(n) +
               " vertices: Box2D's b2PolygonShape takes at most b2_maxPolygonVertices = " +
               std::to_string(b2_maxPolygonVertices);
    const std::vector<b2Vec2> v = local_vertices(polygon, centre);
    // b2PolygonShape::Set welds vertices closer than half the linear slop.
    const float weld = 0.5f * b2_linearSlop;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            if (b2DistanceSquared(v[i], v[j]) < weld * weld)
                return "vertices " + std::to_string(i) + " and " + std::to_string(j) + " of " +
                       whose + " polygon are " +
                       number(std::sqrt(double(b2DistanceSquared(v[i], v[j])))) +
                       " apart (in float), closer than 0.5 * b2_linearSlop = " + number(weld) +
                       ": b2PolygonShape::Set would weld them";
    // Strictly convex: every other vertex strictly inside every edge's line (which also rules
    // out a star that winds twice); Set would otherwise take the convex hull.
    const double orientation = twice_area(v) >= 0.0 ? 1.0 : -1.0;
    for (std::size_t i = 0; i < n; ++i) {
        const b2Vec2 edge = minus(v[(i + 1) % n], v[i]);
        for (std::size_t j = 0; j < n; ++j) {
            if (j == i || j == (i + 1) % n) continue;
            if (!(orientation * cross(edge, minus(v[j], v[i])) > 0.0))
                return whose + " polygon is not strictly convex (vertex " + std::to_string(j) +
                       " is not inside edge " + std::to_string(i) +
                       "): Box2D's b2PolygonShape is convex, and Set would take the hull";
        }
    }
    return std::nullopt;
}

// Every number of the side, finite and within kLargestInput.
std::optional<std::string> magnitude_refusal(const Swept& side, const RigidMotion& motion,
                                             const std::string& whose) {
    std::vector<double> numbers;
    const auto add = [&numbers](Vec2 v) {
        numbers.push_back(v.x);
        numbers.push_back(v.y);
    };
    detail::append_numbers(side.shape, numbers);
    add(motion.displacement);
    add(motion.pivot);
    add(motion.pivot + motion.displacement);
    numbers.push_back(motion.angle);
    for (const double x : numbers)
        if (!(std::fabs(x) <= kLargestInput))
            return whose + " has the number " + number(x) +
                   ", beyond 2^60 = " + number(kLargestInput) +
                   ": Box2D's float arithmetic would overflow squaring it";
    return std::nullopt;
}

} // namespace

std::optional<std::string> inexpressible(const Swept& side, std::string_view role) {
    const std::string whose = "the " + std::string(role) + "'s";
    const Vec2 centre = centre_of(side.shape);
    const auto motion = rigid_motion(side, centre);
    if (!motion) {
        const EndMotion e = side.end_motion();
        return whose + " segment's ends move differently (da = " + vector_text(e.displacement_a) +
               ", db = " + vector_text(e.displacement_b) + "): a Box2D body moves rigidly";
    }
    if (auto why = magnitude_refusal(side, *motion, "the " + std::string(role))) return why;
    if (const auto* polygon = std::get_if<Polygon>(&side.shape))
        return polygon_refusal(*polygon, centre, whose);
    return std::nullopt;
}

Side::Side(const Swept& side) : kind_(side.shape_kind()), centre_(centre_of(side.shape)) {
    const RigidMotion motion = rigid_motion(side, centre_).value_or(RigidMotion{centre_, {}, 0.0});
    pivot_ = motion.pivot;
    displacement_ = motion.displacement;
    angle_ = motion.angle;
    if (const auto* c = std::get_if<Circle>(&side.shape)) {
        radius_ = c->radius;
        circle_.m_p.SetZero();
        circle_.m_radius = static_cast<float>(c->radius);
        proxy_.Set(&circle_, 0);
    } else if (std::holds_alternative<Point>(side.shape)) {
        circle_.m_p.SetZero();
        circle_.m_radius = 0.0f;
        proxy_.Set(&circle_, 0);
    } else if (const auto* s = std::get_if<Segment>(&side.shape)) {
        count_ = 2;
        edge_.SetTwoSided(to_float(s->a - centre_), to_float(s->b - centre_));
        // A capsule: b2EdgeShape's m_radius (b2_polygonRadius, set by its constructor in
        // b2_edge_shape.h) grown by its radius; b2DistanceProxy::Set (b2_distance.cpp) takes
        // the proxy's m_radius from it, and b2TimeOfImpact reads only the proxies' radii (its
        // target, max(b2_linearSlop, total radius - 3 b2_linearSlop), b2_time_of_impact.cpp).
        // Box2D 2.4's b2Shape says polygonal shapes keep b2_polygonRadius (its contact
        // manifolds do not round); its time of impact takes the radius as any proxy's.
        radius_ = s->radius;
        edge_.m_radius = static_cast<float>(b2_polygonRadius + s->radius);
        proxy_.Set(&edge_, 0);
    } else {
        // The vertices as b2PolygonShape::Set leaves a strictly convex polygon with no vertex to
        // weld (inexpressible() checked both): counter-clockwise, each edge's outward normal.
        // Filled here rather than through Set, which would start at the rightmost vertex and
        // lose our numbering of the vertices and edges.
        std::vector<b2Vec2> v = local_vertices(std::get<Polygon>(side.shape), centre_);
        count_ = static_cast<int>(v.size());
        reversed_ = twice_area(v) < 0.0;
        polygon_.m_count = count_;
        for (int k = 0; k < count_; ++k)
            polygon_.m_vertices[k] = v[static_cast<std::size_t>(our_vertex(k))];
        for (int k = 0; k < count_; ++k) {
            const b2Vec2 edge = polygon_.m_vertices[(k + 1) % count_] - polygon_.m_vertices[k];
            polygon_.m_normals[k] = b2Cross(edge, 1.0f);
            polygon_.m_normals[k].Normalize();
        }
        polygon_.m_centroid.SetZero();
        // A rounded polygon: m_radius (b2_polygonRadius from b2PolygonShape's constructor in
        // b2_polygon_shape.h) grown by its radius, as for a capsule above.
        radius_ = std::get<Polygon>(side.shape).radius;
        polygon_.m_radius = static_cast<float>(b2_polygonRadius + radius_);
        proxy_.Set(&polygon_, 0);
    }
    // The body's origin is the centre; the sweep turns it about the pivot (its "centre of mass":
    // localCenter in the body's frame, which at t = 0 has angle 0).
    sweep_.localCenter = to_float(pivot_ - centre_);
    sweep_.c0 = to_float(pivot_);
    sweep_.c = to_float(pivot_ + displacement_);
    sweep_.a0 = 0.0f;
    sweep_.a = static_cast<float>(angle_);
    sweep_.alpha0 = 0.0f;
}

int Side::our_vertex(int box2d_vertex) const {
    return reversed_ ? count_ - 1 - box2d_vertex : box2d_vertex;
}

int Side::our_edge(int box2d_i, int box2d_j) const {
    const int i = our_vertex(box2d_i), j = our_vertex(box2d_j);
    return j == (i + 1) % count_ ? i : j; // edge k runs from vertex k to vertex k + 1
}

Vec2 Side::centre_at(double t) const {
    const Vec2 pivot = pivot_ + displacement_ * t;
    const auto [s, c] = sin_cos(angle_ * t);
    const Vec2 arm = centre_ - pivot_;
    return pivot + Vec2{c * arm.x - s * arm.y, s * arm.x + c * arm.y};
}

Vec2 Side::velocity_at(Vec2 point, double t) const {
    const Vec2 arm = point - (pivot_ + displacement_ * t);
    return displacement_ + Vec2{-arm.y, arm.x} * angle_;
}

} // namespace ccd::box2d
