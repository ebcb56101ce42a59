#include "tunnel_reasons.hpp"

#include "run_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ccd::engine {
namespace {

constexpr double kBox2dMaxTranslation = 2.0; // b2_maxTranslation (b2_common.h)

struct Party {
    std::string name;
    bool wall = false;
    int body = -1;
    double moved = 0.0;     // its displacement in the step (a wall's: its farthest end's)
    bool is_static = false; // a wall that never moves, or a static body
};

// Whether the World's body `body` (the scene's bodies, then its polygons) is static.
bool body_is_static(const Scene& scene, int body) {
    const auto i = static_cast<std::size_t>(body);
    return i < scene.bodies.size() ? scene.bodies[i].is_static
                                   : scene.polygons[i - scene.bodies.size()].is_static;
}

Party party_of_body(const Scene& scene, const EngineRun& run, int body, int frame) {
    const BodyState& s =
        run.states[static_cast<std::size_t>(frame)][static_cast<std::size_t>(body)];
    return {run.body_names[static_cast<std::size_t>(body)], false, body, length(s.velocity),
            body_is_static(scene, body)};
}

Party other_party(const Scene& scene, const EngineRun& run, const Tunnel& t) {
    if (t.other_kind == OtherKind::Body) return party_of_body(scene, run, t.other, t.frame);
    const auto index = static_cast<std::size_t>(t.other);
    if (index >= scene.walls.size()) // a chain's edge: static
        return {scene_chain_edges(scene).at(index - scene.walls.size()).name, true, -1, 0.0, true};
    const Wall& wall = scene.walls[index];
    const Segment s0 = wall_at(wall, t.frame), s1 = wall_at(wall, t.frame + 1);
    return {wall.name, true, -1, std::max(length(s1.a - s0.a), length(s1.b - s0.b)),
            wall.is_static()};
}

bool is_box2d_bullet(const Scene& scene, const std::string& name) {
    const auto& bullets = engine_settings(scene).box2d.bullets;
    return std::find(bullets.begin(), bullets.end(), name) != bullets.end();
}

std::string box2d_reason(const Scene& scene, const Party& a, const Party& b) {
    const bool bullet_a = is_box2d_bullet(scene, a.name);
    const bool bullet_b = !b.wall && is_box2d_bullet(scene, b.name);
    if (!b.wall && !b.is_static && !bullet_a && !bullet_b)
        return a.name + " and " + b.name +
               " are both dynamic and neither is a bullet: Box2D does not sweep this pair "
               "(b2World::SolveTOI, b2_world.cpp)";
    const std::string why = b.is_static ? b.name + " is static"
                            : b.wall    ? b.name + " is kinematic"
                            : bullet_a  ? a.name + " is a bullet"
                                        : b.name + " is a bullet";
    std::string out = a.name + " against " + b.name + " is swept (" + why +
                      ": b2World::SolveTOI, b2_world.cpp), yet it went through: ";
    if (a.moved > kBox2dMaxTranslation)
        return out + a.name + " moved " + short_number(a.moved) +
               " in the step, past b2_maxTranslation 2, which Box2D clamps (b2Island::Solve, "
               "b2_island.cpp)";
    return out + "the pair's sub-step (b2TimeOfImpact, b2_time_of_impact.cpp; at most "
                 "b2_maxSubSteps 8 a contact) stopped short of the contact";
}

std::string bullet_body_reason(const Scene& scene, const Party& x) {
    const BulletSettings& settings = engine_settings(scene).bullet;
    double threshold = settings.ccd_motion_threshold, radius = settings.ccd_swept_sphere_radius;
    for (const BulletBodySettings& own : settings.bodies)
        if (own.name == x.name) {
            threshold = own.ccd_motion_threshold.value_or(threshold);
            radius = own.ccd_swept_sphere_radius.value_or(radius);
        }
    if (threshold == 0.0) return x.name + "'s ccdMotionThreshold is 0: Bullet never sweeps it";
    if (!(x.moved > threshold))
        return x.name + " moved " + short_number(x.moved) +
               " in the step, not above its ccdMotionThreshold " + short_number(threshold) +
               ": Bullet did not sweep it";
    return x.name + " moved " + short_number(x.moved) + ", above its ccdMotionThreshold " +
           short_number(threshold) + ": Bullet swept only a sphere of ccdSweptSphereRadius " +
           short_number(radius) + " along its center's path, and that sphere missed";
}

std::string bullet_reason(const Scene& scene, const Party& a, const Party& b) {
    std::string out = bullet_body_reason(scene, a);
    if (!b.wall && b.moved > 0.0) out += "; " + bullet_body_reason(scene, b);
    if (b.wall && !b.is_static)
        out += "; " + b.name + " is kinematic: Bullet sweeps dynamic bodies only, never its motion";
    return out + " (btDiscreteDynamicsWorld::createPredictiveContacts / "
                 "integrateTransformsInternal, btDiscreteDynamicsWorld.cpp)";
}

std::string chipmunk_reason(const Scene& scene, const EngineRun& run, const Tunnel& t,
                            const Party& a, const Party& b) {
    std::string out = "Chipmunk has no CCD (cpSpaceStep, cpSpaceStep.c: shapes collide only "
                      "where they overlap after the step): " +
                      a.name + " moved " + short_number(a.moved) + " in the step against " + b.name;
    if (b.wall) {
        out += ", a segment of no thickness";
        if (b.moved > 0.0) out += " whose farthest end moved " + short_number(b.moved);
        return out;
    }
    const auto& states = run.states[static_cast<std::size_t>(t.frame)];
    const BodyState& sa = states[static_cast<std::size_t>(t.body)];
    const BodyState& sb = states[static_cast<std::size_t>(t.other)];
    Vec2 direction = sa.velocity - sb.velocity;
    direction = length(direction) > 0.0 ? direction * (1.0 / length(direction)) : Vec2{1.0, 0.0};
    out += " " + short_number(width_along(placed_body(scene, t.other, sb), direction)) + " thick";
    if (b.moved > 0.0) out += " (" + b.name + " moved " + short_number(b.moved) + ")";
    return out;
}

} // namespace

std::string short_number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", x);
    return text;
}

std::string tunnel_reason(const Scene& scene, const EngineRun& run, const Tunnel& tunnel) {
    const Party a = party_of_body(scene, run, tunnel.body, tunnel.frame);
    const Party b = other_party(scene, run, tunnel);
    switch (run.engine) {
    case EngineKind::Box2d:
        return box2d_reason(scene, a, b);
    case EngineKind::Bullet:
        return bullet_reason(scene, a, b);
    case EngineKind::Chipmunk:
        return chipmunk_reason(scene, run, tunnel, a, b);
    case EngineKind::Exact:
        break;
    }
    return "the exact World's own run let " + a.name + " through " + b.name +
           ": not a rule but a defect of the World (docs/scheduler.md)";
}

} // namespace ccd::engine
