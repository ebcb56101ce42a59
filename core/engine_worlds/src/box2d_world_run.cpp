// The scene in Box2D 2.4.1's b2World (Debian's libbox2d-dev): one b2World::Step(dt,
// velocityIterations, positionIterations) a frame, continuous physics on (b2World's default),
// each body's bullet flag from the scene's engines.box2d.bullets.
#include "box2d_world_rules.hpp"
#include "engine_scene.hpp"

#include "ccd/scene_loader.hpp"

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ccd::engine {
namespace {

b2Vec2 to_b2(Vec2 v) {
    return {static_cast<float>(v.x), static_cast<float>(v.y)};
}

bool is_bullet(const EngineScene& scene, const std::string& name) {
    const auto& bullets = scene.settings.box2d.bullets;
    return std::find(bullets.begin(), bullets.end(), name) != bullets.end();
}

b2Body* add_body(b2World& world, const EngineScene& scene, const EngineBody& body) {
    b2BodyDef def;
    def.type = body.is_static ? b2_staticBody : b2_dynamicBody;
    def.position = to_b2(body.position);
    def.linearVelocity = to_b2(body.velocity);
    def.angularVelocity = static_cast<float>(body.angular_velocity);
    def.fixedRotation = body.fixed_rotation;
    def.bullet = is_bullet(scene, body.name);
    def.allowSleep = false; // the World's bodies never sleep
    // b2Island::Solve (b2_island.cpp): v += h * invMass * (gravityScale * mass * gravity + force).
    def.gravityScale = static_cast<float>(body.gravity_scale);
    b2Body* b = world.CreateBody(&def);
    b2FixtureDef fixture;
    fixture.friction = 0.0f;
    fixture.restitution = static_cast<float>(body.restitution);
    b2CircleShape circle;
    b2PolygonShape polygon;
    if (body.polygon) {
        if (body.outline.size() > b2_maxPolygonVertices)
            throw SceneError("polygon \"" + body.name + "\": Box2D takes at most " +
                             std::to_string(b2_maxPolygonVertices) +
                             " vertices a polygon (b2_maxPolygonVertices, b2_settings.h), it has " +
                             std::to_string(body.outline.size()));
        std::vector<b2Vec2> points;
        for (const Vec2 v : body.outline)
            points.push_back(to_b2(v));
        refuse_polygon_box2d_asserts(body.name, points);
        polygon.Set(points.data(), static_cast<int32>(points.size()));
        fixture.shape = &polygon;
    } else {
        circle.m_radius = static_cast<float>(body.radius);
        fixture.shape = &circle;
    }
    b2MassData unit;
    fixture.shape->ComputeMass(&unit, 1.0f);
    fixture.density = static_cast<float>(body.mass / unit.mass);
    // A density of 0 (or inf: a circle whose area is 0 in float) makes a mass b2Body takes as
    // none or NaN, and the body moves through everything.
    if (!(fixture.density > 0.0f && std::isfinite(fixture.density)))
        throw SceneError((body.polygon ? "polygon \"" : "body \"") + body.name +
                         "\": its density (mass over area) is " +
                         number_text(static_cast<double>(fixture.density)) +
                         " in float: Box2D's mass for it would be 0 or not a number "
                         "(b2Fixture::GetMassData, b2Body::ResetMassData)");
    b->CreateFixture(&fixture);
    return b;
}

void add_wall(b2World& world, const EngineWall& wall) {
    b2BodyDef def;
    def.type = wall.motion == WallMotion::Static ? b2_staticBody : b2_kinematicBody;
    def.position = to_b2(wall.origin);
    def.linearVelocity = to_b2(wall.velocity);
    def.angularVelocity = static_cast<float>(wall.angular_velocity);
    def.allowSleep = false;
    b2Body* b = world.CreateBody(&def);
    b2EdgeShape edge;
    edge.SetTwoSided(to_b2(wall.a), to_b2(wall.b));
    b2FixtureDef fixture;
    fixture.shape = &edge;
    fixture.friction = 0.0f;
    fixture.restitution = 0.0f; // b2MixRestitution takes the larger: the body's
    b->CreateFixture(&fixture);
}

// A chain as Box2D's own b2ChainShape on a static body (b2_chain_shape.cpp): a loop by
// CreateLoop, an open chain by CreateChain with the World's ghost vertices at its free ends, so
// both take the same joints (docs/scheduler.md, "Chains").
void add_chain(b2World& world, const EngineChain& chain) {
    b2BodyDef def;
    def.type = b2_staticBody;
    b2Body* b = world.CreateBody(&def);
    std::vector<b2Vec2> points;
    for (const Vec2 p : chain.points)
        points.push_back(to_b2(p));
    b2ChainShape shape;
    if (chain.loop)
        shape.CreateLoop(points.data(), static_cast<int32>(points.size()));
    else
        shape.CreateChain(points.data(), static_cast<int32>(points.size()),
                          to_b2(chain.edges.front().before), to_b2(chain.edges.back().after));
    b2FixtureDef fixture;
    fixture.shape = &shape;
    fixture.friction = 0.0f;
    fixture.restitution = 0.0f; // b2MixRestitution takes the larger: the body's
    b->CreateFixture(&fixture);
}

BodyState state_of(const b2Body& body, double dt) {
    const b2Vec2 p = body.GetPosition();
    const b2Vec2 v = body.GetLinearVelocity();
    return {{p.x, p.y}, body.GetAngle(), Vec2{v.x, v.y} * dt, body.GetAngularVelocity() * dt};
}

void note_limits(const EngineScene& scene, EngineRun& run) {
    run.notes.push_back("Box2D computes in float (32 bits); its edges and polygons have a skin of "
                        "b2_polygonRadius 0.01 (b2_common.h)");
    run.notes.push_back("Box2D bounces only above restitutionThreshold 1 per second of closing "
                        "speed and mixes two restitutions by the larger (b2MixRestitution, "
                        "b2_contact.h)");
    for (const EngineBody& body : scene.bodies) {
        if (length(body.velocity) * scene.dt > b2_maxTranslation)
            run.notes.push_back(body.name + " moves " +
                                number_text(length(body.velocity) * scene.dt) +
                                " a step, more than b2_maxTranslation 2: Box2D clamps its speed "
                                "(b2Island::Solve, b2_island.cpp)");
        if (std::fabs(body.angular_velocity) * scene.dt > b2_maxRotation)
            run.notes.push_back(body.name + " turns more than b2_maxRotation (pi/2) a step: Box2D "
                                            "clamps its spin (b2Island::Solve)");
    }
}

} // namespace

void run_box2d(const EngineScene& scene, int frames, EngineRun& run) {
    refuse_what_box2d_asserts(scene);
    b2World world(to_b2(scene.gravity)); // the scene's gravity, per second squared
    world.SetContinuousPhysics(true);
    std::vector<b2Body*> bodies;
    for (const EngineBody& body : scene.bodies)
        bodies.push_back(add_body(world, scene, body));
    for (const EngineWall& wall : scene.walls)
        add_wall(world, wall);
    for (const EngineChain& chain : scene.chains) {
        add_chain(world, chain);
        run.notes.push_back("chain " + chain.name +
                            ": a b2ChainShape, one-sided with the World's ghost vertices "
                            "(CreateLoop, or CreateChain with the free ends' ghosts)");
    }
    note_limits(scene, run);
    const auto record = [&] {
        std::vector<BodyState> states;
        for (const b2Body* body : bodies)
            states.push_back(state_of(*body, scene.dt));
        run.states.push_back(std::move(states));
    };
    record();
    for (int frame = 0; frame < frames; ++frame) {
        world.Step(static_cast<float>(scene.dt), scene.settings.box2d.velocity_iterations,
                   scene.settings.box2d.position_iterations);
        record();
    }
}

} // namespace ccd::engine
