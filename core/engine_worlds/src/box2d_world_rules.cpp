// Box2D's assertions on what its world is given, followed before it is called
// (box2d_world_rules.hpp). Each replica does Box2D's own float arithmetic in its order
// (core/ is built with -ffp-contract=off, as Debian's libbox2d rounds each product).
#include "box2d_world_rules.hpp"

#include "engine_limits.hpp"

#include "ccd/scene_loader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

namespace ccd::engine {
namespace {

float cross(b2Vec2 a, b2Vec2 b) { // b2Cross, in float
    return a.x * b.y - a.y * b.x;
}

// b2PolygonShape::Set's welding (b2_polygon_shape.cpp): each vertex kept unless it is within
// 0.5 b2_linearSlop of one kept before it.
std::vector<b2Vec2> welded(const std::vector<b2Vec2>& vertices) {
    const float weld = 0.5f * b2_linearSlop;
    std::vector<b2Vec2> kept;
    for (const b2Vec2 v : vertices)
        if (std::none_of(kept.begin(), kept.end(),
                         [&](b2Vec2 k) { return b2DistanceSquared(v, k) < weld * weld; }))
            kept.push_back(v);
    return kept;
}

// Set's gift wrapping of the welded vertices: the hull it keeps; none where it would go round
// more than b2_maxPolygonVertices times, which Set asserts it does not.
std::optional<std::vector<b2Vec2>> hull_of(const std::vector<b2Vec2>& ps) {
    const std::size_t n = ps.size();
    std::size_t i0 = 0;
    for (std::size_t i = 1; i < n; ++i)
        if (ps[i].x > ps[i0].x || (ps[i].x == ps[i0].x && ps[i].y < ps[i0].y)) i0 = i;
    std::vector<b2Vec2> hull;
    std::size_t ih = i0;
    do {
        if (hull.size() == static_cast<std::size_t>(b2_maxPolygonVertices)) return std::nullopt;
        hull.push_back(ps[ih]);
        std::size_t ie = 0;
        for (std::size_t j = 1; j < n; ++j) {
            if (ie == ih) {
                ie = j;
                continue;
            }
            const b2Vec2 r = ps[ie] - hull.back(), v = ps[j] - hull.back();
            const float c = cross(r, v);
            if (c < 0.0f) ie = j;
            if (c == 0.0f && v.LengthSquared() > r.LengthSquared()) ie = j; // collinear
        }
        ih = ie;
    } while (ih != i0);
    return hull;
}

// ComputeCentroid's and b2PolygonShape::ComputeMass's area: triangles from the first vertex.
float area_of(const std::vector<b2Vec2>& hull) {
    const b2Vec2 s = hull[0];
    float area = 0.0f;
    for (std::size_t i = 0; i < hull.size(); ++i) {
        const b2Vec2 e1 = hull[i] - s, e2 = (i + 1 < hull.size() ? hull[i + 1] : hull[0]) - s;
        area += 0.5f * cross(e1, e2);
    }
    return area;
}

std::string float_text(float x) { // the shortest text that reads back as the same float
    char text[32];
    return std::string(text, std::to_chars(text, text + sizeof text, x).ptr);
}

// b2ChainShape::CreateChain and CreateLoop assert each point is more than b2_linearSlop from the
// one before it (b2_chain_shape.cpp), in float.
void refuse_close_chain_points(const EngineChain& chain) {
    for (std::size_t i = 1; i < chain.points.size(); ++i) {
        const Vec2 p = chain.points[i - 1], q = chain.points[i];
        const b2Vec2 v1(static_cast<float>(p.x), static_cast<float>(p.y));
        const b2Vec2 v2(static_cast<float>(q.x), static_cast<float>(q.y));
        if (b2DistanceSquared(v1, v2) > b2_linearSlop * b2_linearSlop) continue;
        throw SceneError("chain \"" + chain.name + "\": points " + std::to_string(i - 1) + " and " +
                         std::to_string(i) + " are " +
                         float_text(std::sqrt(b2DistanceSquared(v1, v2))) +
                         " apart, not more than b2_linearSlop " + float_text(b2_linearSlop) +
                         ": b2ChainShape asserts each point is farther from the one before it "
                         "(CreateChain, CreateLoop: b2_chain_shape.cpp)");
    }
}

} // namespace

void refuse_polygon_box2d_asserts(const std::string& name, const std::vector<b2Vec2>& vertices) {
    const std::string whose = "polygon \"" + name + "\": ";
    const std::vector<b2Vec2> kept = welded(vertices);
    if (kept.size() < 3)
        throw SceneError(whose +
                         "b2PolygonShape::Set welds vertices closer than 0.5 "
                         "b2_linearSlop (" +
                         float_text(0.5f * b2_linearSlop) + ") and would keep " +
                         std::to_string(kept.size()) +
                         " of them, then stop on its assertion (b2_polygon_shape.cpp)");
    const std::optional<std::vector<b2Vec2>> wrapped = hull_of(kept);
    if (!wrapped)
        throw SceneError(whose + "b2PolygonShape::Set's gift wrapping would go round more than "
                                 "b2_maxPolygonVertices times in float and stop on its assertion "
                                 "(b2_polygon_shape.cpp)");
    const std::vector<b2Vec2>& hull = *wrapped;
    if (hull.size() < 3)
        throw SceneError(whose +
                         "its vertices are on one line in float: b2PolygonShape::Set's "
                         "hull would have " +
                         std::to_string(hull.size()) +
                         " vertices, and Set stops on its assertion (b2_polygon_shape.cpp)");
    const float area = area_of(hull);
    if (!(area > b2_epsilon))
        throw SceneError(whose + "its area " + float_text(area) +
                         " in float is not above b2_epsilon " + float_text(b2_epsilon) +
                         ", where b2PolygonShape::Set stops on its assertion (ComputeCentroid, "
                         "b2_polygon_shape.cpp)");
}

void refuse_what_box2d_asserts(const EngineScene& scene) {
    refuse_outside(scene, 0.0, kBox2DLargest,
                   "Box2D's range, at most 1e9 in magnitude: it computes in float, whose "
                   "products of four lengths overflow beyond it (b2Simplex::Solve3, "
                   "b2_distance.cpp; docs/engines.md)");
    for (const EngineBody& body : scene.bodies)
        if (!(body.mass >= 1.0 / kBox2DHeaviest && body.mass <= kBox2DHeaviest))
            throw SceneError((body.polygon ? "polygon \"" : "body \"") + body.name +
                             "\": its mass " + number_text(body.mass) +
                             " is beyond Box2D's 1e-20 to 1e20: it computes in float, where its "
                             "moment of inertia and impulses would not hold (docs/engines.md)");
    for (const EngineChain& chain : scene.chains)
        refuse_close_chain_points(chain);
}

} // namespace ccd::engine
