#include "ccd/scene_world.hpp"

#include "ccd/mass_properties.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/world_keyframe.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace ccd {
namespace {

Response response_of(ResponseKind response, double restitution) {
    switch (response) {
    case ResponseKind::Slide:
        return Response::slide();
    case ResponseKind::Stop:
        return Response::stop();
    case ResponseKind::Destroy:
        return Response::destroy();
    case ResponseKind::Sensor:
        return Response::sensor();
    case ResponseKind::Callback: // a scene has no function to call (World::add_body has)
        throw SceneError("a scene's body cannot have a callback response");
    case ResponseKind::Bounce:
        break;
    }
    return Response::bounce(restitution);
}

// The scene's side memories (Body::last_contact: a scene exported at a later frame of a run) as
// the World's own: the World restored from its keyframe with them (ccd/world_keyframe.hpp), as
// the run's World carried them across the frame boundary.
void carry_last_contacts(const Scene& scene, SceneWorld& out) {
    WorldKeyframe keyframe = out.world.keyframe();
    const auto remember = [&](std::size_t body, const std::optional<LastContact>& contact) {
        if (!contact) return;
        const std::vector<std::string>& names = contact->segment ? out.wall_names : out.body_names;
        const auto other = std::find(names.begin(), names.end(), contact->other);
        if (other == names.end()) // the loader resolves every name: a Scene made in code
            throw SceneError("last contact of \"" + out.body_names[body] + "\": no " +
                             (contact->segment ? "segment" : "body or polygon") + " \"" +
                             contact->other + "\"");
        const OtherKind kind = contact->segment ? OtherKind::Wall : OtherKind::Body;
        keyframe.memories.push_back(
            {static_cast<int>(body), static_cast<int>(other - names.begin()), contact->time,
             contact->normal, static_cast<std::uint8_t>(1 + static_cast<int>(kind))});
    };
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
        remember(i, scene.bodies[i].last_contact);
    for (std::size_t k = 0; k < scene.polygons.size(); ++k)
        remember(scene.bodies.size() + k, scene.polygons[k].last_contact);
    if (!keyframe.memories.empty()) out.world = out.world.restored(keyframe);
}

// `v` with each coordinate below the World's smallest magnitude made 0.
Vec2 nonzero_in_scale(Vec2 v) {
    const auto in_scale = [](double x) { return std::fabs(x) < kWorldSmallest ? 0.0 : x; };
    return {in_scale(v.x), in_scale(v.y)};
}

} // namespace

std::optional<std::string> turning_refusal(const Scene& scene) {
    const PolygonBody* turning = nullptr;
    for (const PolygonBody& polygon : scene.polygons)
        if (polygon.free_rotation()) {
            turning = &polygon;
            break;
        }
    const Wall* turning_wall = nullptr;
    for (const Wall& wall : scene.walls)
        if (wall.turns()) {
            turning_wall = &wall;
            break;
        }
    if (turning || turning_wall)
        for (const PolygonBody& polygon : scene.polygons)
            if (!is_convex(polygon.polygon))
                return "polygon \"" + polygon.name + "\": the World turns convex polygons only (" +
                       (polygon.free_rotation() ? std::string("it has an angular velocity")
                        : turning ? "it is not convex, and polygon \"" + turning->name + "\" turns"
                                  : "it is not convex, and segment \"" + turning_wall->name +
                                        "\" turns") +
                       "); the query lab (--mode query) answers turning queries of convex ones";
    return std::nullopt;
}

namespace {

// A polygon is a body after the circles, responding as the scene says, starting turned by its
// angle. One that never turns is about its vertex centroid, mass 1 unless the scene says (as
// before polygons turned); one that turns freely about its area centroid, its center of mass,
// density 1 unless the scene says (docs/turning-bodies.md). Its outline is taken about the
// polygon's `position` and placed there after, so that a tiny polygon far from the origin,
// written about its center, keeps its shape.
BodyDef polygon_def(const PolygonBody& polygon, Vec2 gravity) {
    const Polygon start = polygon.outline_at_start();
    const MassProperties shape = mass_properties(start);
    const bool turns = polygon.free_rotation();
    // A center that rounding brought below the World's smallest magnitude (a tiny body near the
    // origin: -5.4e-62, from vertices the World wrote) is 0, as the exporter writes such a
    // coordinate: the World takes nothing between (ccd/world.hpp, kWorldSmallest). The outline
    // is about the centroid itself, so that the World's center is its outline's centroid and
    // what the World writes reads back the same (a crate 1.8e-60 wide, its centroid -5.4e-61
    // taken as 0, was held as x in [-1.8e-60, 0] and read back flat).
    const Vec2 local = turns ? shape.centroid : vertex_centroid(start);
    const Vec2 center =
        nonzero_in_scale(polygon.position == Vec2{} ? local : polygon.position + local);
    const double mass = polygon.mass      ? *polygon.mass
                        : polygon.density ? *polygon.density * shape.area
                        : turns           ? shape.area
                                          : 1.0;
    BodyDef def{Circle{center, 0.0}, polygon.velocity, mass,
                response_of(polygon.response, polygon.restitution)};
    for (const Vec2 v : start.vertices)
        def.outline.push_back(nonzero_in_scale(v - local));
    // Offsets below the World's smallest magnitude are 0: two vertices that close about the
    // center are one to the World.
    const std::size_t n = def.outline.size();
    for (std::size_t k = 0; k < n; ++k)
        if (def.outline[k] == def.outline[(k + 1) % n])
            throw SceneError("polygon \"" + polygon.name + "\": vertices " + std::to_string(k) +
                             " and " + std::to_string((k + 1) % n) +
                             " are within the World's smallest length, 1e-60, of each other "
                             "about its center: too small for the World (docs/scheduler.md, "
                             "\"Scale\")");
    def.angular_velocity = polygon.angular_velocity;
    def.is_static = polygon.is_static;
    def.rounding = polygon.polygon.radius;
    if (!polygon.is_static) def.acceleration = gravity * polygon.gravity_scale;
    return def;
}

} // namespace

SceneWorld make_world(const Scene& scene, WorldOptions options) {
    if (const auto refusal = turning_refusal(scene)) throw SceneError(*refusal);
    SceneWorld out{World(options), {}, {}};
    for (const Body& body : scene.bodies) {
        try {
            BodyDef def{body.circle, body.velocity, 1.0,
                        response_of(body.response, body.restitution)};
            def.is_static = body.is_static;
            if (!body.is_static) def.acceleration = scene.gravity * body.gravity_scale;
            out.world.add_body(std::move(def));
        } catch (const std::invalid_argument& e) { // beyond the World's scale
            throw SceneError("body \"" + body.name + "\": " + e.what());
        }
        out.body_names.push_back(body.name);
    }
    for (const PolygonBody& polygon : scene.polygons) {
        BodyDef def = polygon_def(polygon, scene.gravity);
        try {
            out.world.add_body(std::move(def));
        } catch (const std::invalid_argument& e) { // more vertices than the World takes
            throw SceneError("polygon \"" + polygon.name + "\": " + e.what());
        }
        out.body_names.push_back(polygon.name);
    }
    for (const Wall& wall : scene.walls) {
        try {
            if (wall.is_static())
                out.world.add_wall(wall.segment);
            else if (wall.turns())
                out.world.add_turning_wall(wall.segment, *wall.pivot, wall.angle);
            else
                out.world.add_kinematic_wall(wall.segment, wall.displacement_a,
                                             wall.displacement_b);
        } catch (const std::invalid_argument& e) { // beyond the World's scale
            throw SceneError("segment \"" + wall.name + "\": " + e.what());
        }
        out.wall_names.push_back(wall.name);
    }
    // A chain's edges are walls after the segments, edge k named "NAME edge k".
    for (const Chain& chain : scene.chains) {
        try {
            out.world.add_chain(chain.points, chain.loop);
        } catch (const std::invalid_argument& e) { // beyond the World's scale
            throw SceneError("chain \"" + chain.name + "\": " + e.what());
        }
        const std::size_t edges = chain.loop ? chain.points.size() : chain.points.size() - 1;
        for (std::size_t k = 0; k < edges; ++k)
            out.wall_names.push_back(chain_edge_name(chain, k));
    }
    carry_last_contacts(scene, out);
    return out;
}

} // namespace ccd
