// The scene mapped once for every engine: the World's reference points, masses and motions in
// seconds; what no engine is given is a note (docs/engines.md, "Engine worlds").
#include "engine_scene.hpp"

#include "ccd/mass_properties.hpp"

#include <charconv>
#include <cmath>

namespace ccd::engine {
namespace {

void note_response(const std::string& name, ResponseKind response, EngineScene& out) {
    if (response == ResponseKind::Bounce) return;
    out.notes.push_back(name + ": the response " + std::string(to_string(response)) +
                        " is not carried (the engines' contacts bounce by the restitution)");
}

// The engines are given the sharp outline of a rounded polygon or a capsule.
void note_radius(const std::string& name, double radius, EngineScene& out) {
    if (radius == 0.0) return;
    out.notes.push_back(name + ": its radius " + number_text(radius) +
                        " is not carried (the engines get its sharp outline)");
}

EngineBody circle_body(const Body& body, double dt, EngineScene& out) {
    EngineBody b;
    b.name = body.name;
    b.radius = body.shape == BodyShape::Point ? kPointRadius : body.circle.radius;
    if (body.shape == BodyShape::Point || b.radius == 0.0) {
        b.radius = kPointRadius;
        out.notes.push_back(body.name + ": a point, carried as a circle of radius " +
                            number_text(kPointRadius));
    }
    b.position = body.circle.center;
    b.velocity = body.velocity * (1.0 / dt);
    b.fixed_rotation = true; // no friction turns it: the World's circles never turn
    b.is_static = body.is_static;
    b.restitution = body.restitution;
    b.gravity_scale = body.gravity_scale;
    note_response(body.name, body.response, out);
    return b;
}

// As make_world: one that never turns about its vertex centroid, mass 1 unless given; one that
// turns freely about its area centroid, density 1 unless given.
EngineBody polygon_body(const PolygonBody& polygon, double dt, EngineScene& out) {
    const Polygon start = polygon.at_start();
    const MassProperties shape = mass_properties(start);
    EngineBody b;
    b.name = polygon.name;
    b.polygon = true;
    b.fixed_rotation = !polygon.free_rotation();
    b.is_static = polygon.is_static;
    b.gravity_scale = polygon.gravity_scale;
    b.position = b.fixed_rotation ? vertex_centroid(start) : shape.centroid;
    b.mass = polygon.mass       ? *polygon.mass
             : polygon.density  ? *polygon.density * shape.area
             : b.fixed_rotation ? 1.0
                                : shape.area;
    b.center_of_mass = shape.centroid - b.position;
    b.inertia = b.mass * shape.inertia_per_mass;
    for (const Vec2 v : start.vertices)
        b.outline.push_back(v - b.position);
    double twice_area = 0.0;
    for (std::size_t i = 0; i < b.outline.size(); ++i)
        twice_area += cross(b.outline[i], b.outline[(i + 1) % b.outline.size()]);
    if (twice_area < 0.0)
        for (std::size_t i = 0, j = b.outline.size() - 1; i < j; ++i, --j)
            std::swap(b.outline[i], b.outline[j]);
    if (!is_convex(start))
        out.notes.push_back(polygon.name +
                            ": not convex; the engines take its convex hull (one convex shape)");
    b.velocity = polygon.velocity * (1.0 / dt);
    b.angular_velocity = polygon.angular_velocity.value_or(0.0) / dt;
    b.restitution = polygon.restitution;
    note_response(polygon.name, polygon.response, out);
    note_radius(polygon.name, polygon.polygon.radius, out);
    return b;
}

EngineWall engine_wall(const Wall& wall, double dt, EngineScene& out) {
    EngineWall w;
    w.name = wall.name;
    if (wall.turns()) {
        w.motion = WallMotion::Turning;
        w.origin = *wall.pivot;
        w.angular_velocity = wall.angle / dt;
    } else {
        w.origin = wall.segment.a;
        if (!wall.is_static()) {
            w.motion = WallMotion::Translating;
            w.velocity = wall.displacement_a * (1.0 / dt);
            if (wall.displacement_a != wall.displacement_b)
                out.notes.push_back(wall.name +
                                    ": its ends move apart (da differs from db); an engine body "
                                    "is rigid, so it moves by da, end b included");
        }
    }
    w.a = wall.segment.a - w.origin;
    w.b = wall.segment.b - w.origin;
    note_radius(wall.name, wall.segment.radius, out);
    return w;
}

} // namespace

std::string number_text(double x) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, x).ptr;
    return std::string(text, end);
}

EngineWall chain_edge_wall(const EngineChain& chain, std::size_t k) {
    const ChainEdge& edge = chain.edges.at(k);
    EngineWall w;
    w.name = chain.name + " edge " + std::to_string(k);
    w.origin = edge.a;
    w.b = edge.b - edge.a;
    return w;
}

EngineScene engine_scene(const Scene& scene) {
    EngineScene out;
    out.settings = engine_settings(scene);
    // The scene's own time step when it states one and has no engines section of its own.
    out.dt = scene.engines ? out.settings.dt : scene.dt().value_or(out.settings.dt);
    out.settings.dt = out.dt;
    out.gravity = scene.gravity * (1.0 / (out.dt * out.dt));
    for (const Body& body : scene.bodies)
        out.bodies.push_back(circle_body(body, out.dt, out));
    for (const PolygonBody& polygon : scene.polygons)
        out.bodies.push_back(polygon_body(polygon, out.dt, out));
    for (const Wall& wall : scene.walls)
        out.walls.push_back(engine_wall(wall, out.dt, out));
    for (const Chain& chain : scene.chains)
        out.chains.push_back(
            {chain.name, chain.points, chain.loop, chain_edges(chain.points, chain.loop)});
    out.notes.push_back("friction 0, as in the World (the scene format has none)");
    return out;
}

} // namespace ccd::engine
