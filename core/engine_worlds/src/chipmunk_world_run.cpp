// The scene in Chipmunk 7's cpSpace (Debian's libchipmunk-dev): one cpSpaceStep(dt) a frame. A
// discrete engine: its shapes collide only where they overlap after a step's integration
// (cpSpaceStep, cpSpaceStep.c), so it has no CCD at all.
#include "engine_scene.hpp"

#include <chipmunk.h>

#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace ccd::engine {
namespace {

cpVect to_cp(Vec2 v) {
    return cpv(v.x, v.y);
}

// cpSpaceNew, whose first call in a process prints Chipmunk's banner to stdout (cpSpaceInit,
// cpSpace.c, in Debian's build with debug checks on), with stdout sent to /dev/null meanwhile:
// the CLI's output is JSON lines.
cpSpace* quiet_space_new() {
    std::fflush(stdout);
    const int saved = dup(STDOUT_FILENO);
    const int null = open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0) dup2(null, STDOUT_FILENO);
    cpSpace* space = cpSpaceNew();
    std::fflush(stdout);
    if (saved >= 0 && null >= 0) dup2(saved, STDOUT_FILENO);
    if (null >= 0) close(null);
    if (saved >= 0) close(saved);
    return space;
}

// A space and what was added to it, freed together (cpSpaceFree frees neither bodies nor shapes).
struct Space {
    cpSpace* space = quiet_space_new();
    std::vector<cpBody*> bodies;
    std::vector<cpShape*> shapes;
    Space() = default;
    Space(const Space&) = delete;
    Space& operator=(const Space&) = delete;
    ~Space() {
        cpSpaceFree(space);
        for (cpShape* shape : shapes)
            cpShapeFree(shape);
        for (cpBody* body : bodies)
            cpBodyFree(body);
    }
    cpBody* add(cpBody* body) {
        bodies.push_back(body);
        return cpSpaceAddBody(space, body);
    }
    void add(cpShape* shape) {
        shapes.push_back(shape);
        cpSpaceAddShape(space, shape);
    }
};

// A body's velocity integrated with its own share of the space's gravity: Chipmunk 7 has no
// gravity scale, and cpSpaceStep (cpSpaceStep.c) integrates each body's velocity by its
// velocity_func(body, gravity, damping, dt), cpBodyUpdateVelocity (cpBody.c) unless set. This
// one calls that with the gravity times the scale the body's user data points to.
void scaled_gravity(cpBody* body, cpVect gravity, cpFloat damping, cpFloat dt) {
    const double scale = *static_cast<const double*>(cpBodyGetUserData(body));
    cpBodyUpdateVelocity(body, cpvmult(gravity, scale), damping, dt);
}

cpBody* add_body(Space& space, const EngineBody& body) {
    std::vector<cpVect> outline;
    for (const Vec2 v : body.outline)
        outline.push_back(to_cp(v));
    const double moment = body.fixed_rotation ? INFINITY : body.inertia;
    cpBody* b = space.add(body.is_static ? cpBodyNewStatic() : cpBodyNew(body.mass, moment));
    cpBodySetCenterOfGravity(b, to_cp(body.center_of_mass));
    cpBodySetPosition(b, to_cp(body.position));
    cpBodySetVelocity(b, to_cp(body.velocity));
    cpBodySetAngularVelocity(b, body.angular_velocity);
    if (!body.is_static && body.gravity_scale != 1.0) {
        cpBodySetUserData(b, const_cast<double*>(&body.gravity_scale));
        cpBodySetVelocityUpdateFunc(b, scaled_gravity);
    }
    cpShape* shape =
        body.polygon ? cpPolyShapeNewRaw(b, static_cast<int>(outline.size()), outline.data(), 0.0)
                     : cpCircleShapeNew(b, body.radius, cpvzero);
    cpShapeSetFriction(shape, 0.0);
    cpShapeSetElasticity(shape, body.restitution); // times the wall's 1 (cpArbiter)
    space.add(shape);
    return b;
}

void add_wall(Space& space, const EngineWall& wall) {
    cpBody* b = wall.motion == WallMotion::Static ? cpSpaceGetStaticBody(space.space)
                                                  : space.add(cpBodyNewKinematic());
    Vec2 a = wall.a + wall.origin, e = wall.b + wall.origin;
    if (wall.motion != WallMotion::Static) {
        cpBodySetPosition(b, to_cp(wall.origin));
        cpBodySetVelocity(b, to_cp(wall.velocity));
        cpBodySetAngularVelocity(b, wall.angular_velocity);
        a = wall.a;
        e = wall.b;
    }
    cpShape* shape = cpSegmentShapeNew(b, to_cp(a), to_cp(e), 0.0);
    cpShapeSetFriction(shape, 0.0);
    cpShapeSetElasticity(shape, 1.0);
    space.add(shape);
}

// A chain's edges as segments of the static body, each told its neighbours, the chain's ghost
// vertices (cpSegmentShapeSetNeighbors, chipmunk/cpShape.h: "to avoid colliding with endcaps").
// A segment has no front in Chipmunk: the chain's one side is not carried.
void add_chain(Space& space, const EngineChain& chain) {
    for (const ChainEdge& edge : chain.edges) {
        cpShape* shape =
            cpSegmentShapeNew(cpSpaceGetStaticBody(space.space), to_cp(edge.a), to_cp(edge.b), 0.0);
        cpSegmentShapeSetNeighbors(shape, to_cp(edge.before), to_cp(edge.after));
        cpShapeSetFriction(shape, 0.0);
        cpShapeSetElasticity(shape, 1.0);
        space.add(shape);
    }
}

BodyState state_of(const cpBody* body, double dt) {
    const cpVect p = cpBodyGetPosition(body);
    const cpVect v = cpBodyGetVelocity(body);
    return {
        {p.x, p.y}, cpBodyGetAngle(body), Vec2{v.x, v.y} * dt, cpBodyGetAngularVelocity(body) * dt};
}

} // namespace

void run_chipmunk(const EngineScene& scene, int frames, EngineRun& run) {
    Space space;
    cpSpaceSetIterations(space.space, scene.settings.chipmunk.iterations);
    cpSpaceSetCollisionSlop(space.space, scene.settings.chipmunk.collision_slop);
    cpSpaceSetGravity(space.space, to_cp(scene.gravity)); // per second squared
    std::vector<cpBody*> bodies;
    for (const EngineBody& body : scene.bodies)
        bodies.push_back(add_body(space, body));
    for (const EngineWall& wall : scene.walls)
        add_wall(space, wall);
    for (const EngineChain& chain : scene.chains) {
        add_chain(space, chain);
        run.notes.push_back("chain " + chain.name +
                            ": one cpSegmentShape an edge with its neighbours "
                            "(cpSegmentShapeSetNeighbors); two-sided, Chipmunk's segments have "
                            "no front");
    }
    run.notes.push_back("Chipmunk has no CCD: shapes collide where they overlap after a step "
                        "(cpSpaceStep, cpSpaceStep.c); segments are cpSegmentShape of radius 0, "
                        "elasticities multiply (cpArbiter), so a wall's is 1");
    const auto record = [&] {
        std::vector<BodyState> states;
        for (const cpBody* body : bodies)
            states.push_back(state_of(body, scene.dt));
        run.states.push_back(std::move(states));
    };
    record();
    for (int frame = 0; frame < frames; ++frame) {
        cpSpaceStep(space.space, scene.dt);
        record();
    }
}

} // namespace ccd::engine
