// The scene in Bullet 3.24's btDiscreteDynamicsWorld (Debian's libbullet-dev, its
// double-precision libraries as ccd::bullet uses them), in the plane: every body locked to it by
// the linear factor (1, 1, 0) and the angular factor (0, 0, 1); one stepSimulation(dt, 0), a
// step of exactly dt, a frame. Each body's ccdMotionThreshold and ccdSweptSphereRadius from the
// scene's engines.bullet (Bullet's default 0: no CCD).
#include "engine_scene.hpp"

#include <btBulletDynamicsCommon.h>

#include <deque>
#include <memory>
#include <vector>

namespace ccd::engine {
namespace {

// A polygon or segment is the convex hull of its outline at z = -kDepth and z = kDepth (a prism
// across the plane) with this collision margin around it: a segment is a slab twice as thick.
constexpr double kDepth = 1.0;
constexpr double kMargin = 1e-3;

btVector3 to_bt(Vec2 v) {
    return {v.x, v.y, 0.0};
}

btTransform pose(Vec2 origin, double angle) {
    btTransform t;
    t.setIdentity();
    t.setOrigin(to_bt(origin));
    t.setRotation(btQuaternion(btVector3(0, 0, 1), angle));
    return t;
}

std::unique_ptr<btCollisionShape> prism(const std::vector<Vec2>& outline) {
    auto hull = std::make_unique<btConvexHullShape>();
    for (const Vec2 v : outline) {
        hull->addPoint(btVector3(v.x, v.y, -kDepth), false);
        hull->addPoint(btVector3(v.x, v.y, kDepth), false);
    }
    hull->recalcLocalAabb();
    hull->setMargin(kMargin);
    return hull;
}

// The CCD settings of one body: its own, else the engine-wide ones.
std::pair<double, double> ccd_settings(const BulletSettings& settings, const std::string& name) {
    for (const BulletBodySettings& body : settings.bodies)
        if (body.name == name)
            return {body.ccd_motion_threshold.value_or(settings.ccd_motion_threshold),
                    body.ccd_swept_sphere_radius.value_or(settings.ccd_swept_sphere_radius)};
    return {settings.ccd_motion_threshold, settings.ccd_swept_sphere_radius};
}

class BulletWorld {
public:
    explicit BulletWorld(const EngineScene& scene) : scene_(scene) {
        world_.setGravity(to_bt(scene.gravity)); // the scene's, per second squared
        for (const EngineBody& body : scene.bodies)
            add_body(body);
        for (const EngineWall& wall : scene.walls)
            add_wall(wall);
        // A chain's edges, one static slab each (kept in a deque: wall_of_ points at them).
        for (const EngineChain& chain : scene.chains)
            for (std::size_t k = 0; k < chain.edges.size(); ++k) {
                chain_walls_.push_back(chain_edge_wall(chain, k));
                add_wall(chain_walls_.back());
            }
    }
    ~BulletWorld() {
        for (auto& body : bodies_)
            world_.removeRigidBody(body.get());
        for (auto& wall : walls_)
            world_.removeRigidBody(wall.get());
    }
    BulletWorld(const BulletWorld&) = delete;
    BulletWorld& operator=(const BulletWorld&) = delete;

    // One step; a kinematic wall is first posed where it is at the step's end (Bullet reads its
    // velocity from its motion state: btRigidBody::saveKinematicState).
    void step(int frame) {
        const double t = (frame + 1) * scene_.dt;
        for (std::size_t i = 0; i < walls_.size(); ++i) {
            const EngineWall& wall = *wall_of_[i];
            if (wall.motion == WallMotion::Static) continue;
            motions_[i]->setWorldTransform(
                pose(wall.origin + wall.velocity * t, wall.angular_velocity * t));
        }
        world_.stepSimulation(scene_.dt, 0);
    }

    std::vector<BodyState> states() const {
        std::vector<BodyState> out;
        for (const auto& body : bodies_) {
            const btTransform& t = body->getWorldTransform();
            btScalar yaw, pitch, roll;
            t.getRotation().getEulerZYX(yaw, pitch, roll);
            const btVector3& v = body->getLinearVelocity();
            out.push_back({{t.getOrigin().x(), t.getOrigin().y()},
                           yaw,
                           Vec2{v.x(), v.y()} * scene_.dt,
                           body->getAngularVelocity().z() * scene_.dt});
        }
        return out;
    }

private:
    void add_body(const EngineBody& body) {
        shapes_.push_back(body.polygon ? prism(body.outline)
                                       : std::make_unique<btSphereShape>(body.radius));
        btVector3 inertia(body.inertia, body.inertia, body.inertia);
        // A static body is Bullet's body of mass 0 (btRigidBody::setMassProps).
        const double mass = body.is_static ? 0.0 : body.mass;
        if (body.is_static) inertia.setZero();
        if (!body.polygon) shapes_.back()->calculateLocalInertia(mass, inertia);
        btRigidBody::btRigidBodyConstructionInfo info(mass, nullptr, shapes_.back().get(), inertia);
        info.m_startWorldTransform = pose(body.position, 0.0);
        info.m_friction = 0.0;
        info.m_restitution = body.restitution; // times the wall's 1 (btManifoldResult)
        auto b = std::make_unique<btRigidBody>(info);
        b->setLinearFactor(btVector3(1, 1, 0));
        b->setAngularFactor(body.fixed_rotation ? btVector3(0, 0, 0) : btVector3(0, 0, 1));
        b->setLinearVelocity(to_bt(body.velocity));
        b->setAngularVelocity(btVector3(0, 0, body.angular_velocity));
        b->setActivationState(DISABLE_DEACTIVATION);
        const auto [threshold, radius] = ccd_settings(scene_.settings.bullet, body.name);
        b->setCcdMotionThreshold(threshold);
        b->setCcdSweptSphereRadius(radius);
        // Its own gravity, the scene's times its scale: btDiscreteDynamicsWorld::addRigidBody
        // (btDiscreteDynamicsWorld.cpp) gives a body the world's unless its flags hold
        // BT_DISABLE_WORLD_GRAVITY; btRigidBody::applyGravity then applies this one.
        if (!body.is_static && body.gravity_scale != 1.0) {
            b->setFlags(b->getFlags() | BT_DISABLE_WORLD_GRAVITY);
            b->setGravity(to_bt(scene_.gravity * body.gravity_scale));
        }
        world_.addRigidBody(b.get());
        bodies_.push_back(std::move(b));
    }

    void add_wall(const EngineWall& wall) {
        shapes_.push_back(prism({wall.a, wall.b}));
        motions_.push_back(std::make_unique<btDefaultMotionState>(pose(wall.origin, 0.0)));
        btRigidBody::btRigidBodyConstructionInfo info(0.0, motions_.back().get(),
                                                      shapes_.back().get());
        info.m_friction = 0.0;
        info.m_restitution = 1.0;
        auto w = std::make_unique<btRigidBody>(info);
        if (wall.motion != WallMotion::Static) {
            w->setCollisionFlags(w->getCollisionFlags() | btCollisionObject::CF_KINEMATIC_OBJECT);
            w->setActivationState(DISABLE_DEACTIVATION);
        }
        world_.addRigidBody(w.get());
        walls_.push_back(std::move(w));
        wall_of_.push_back(&wall);
    }

    const EngineScene& scene_;
    btDefaultCollisionConfiguration configuration_;
    btCollisionDispatcher dispatcher_{&configuration_};
    btDbvtBroadphase broadphase_;
    btSequentialImpulseConstraintSolver solver_;
    std::vector<std::unique_ptr<btCollisionShape>> shapes_;
    std::vector<std::unique_ptr<btDefaultMotionState>> motions_;
    std::vector<std::unique_ptr<btRigidBody>> bodies_;
    std::vector<std::unique_ptr<btRigidBody>> walls_;
    std::vector<const EngineWall*> wall_of_;
    std::deque<EngineWall> chain_walls_;
    btDiscreteDynamicsWorld world_{&dispatcher_, &broadphase_, &solver_, &configuration_};
};

} // namespace

void run_bullet(const EngineScene& scene, int frames, EngineRun& run) {
    run.notes.push_back("Bullet in the plane: circles are btSphereShape, polygons and segments "
                        "convex hulls of their outline at z = -1 and 1 with a collision margin "
                        "of 0.001 (a segment is a slab 0.002 thick); restitutions multiply "
                        "(btManifoldResult), so a wall's is 1; angles are read back from the "
                        "orientation, from -pi to pi");
    for (const EngineChain& chain : scene.chains)
        run.notes.push_back("chain " + chain.name +
                            ": one slab an edge, two-sided; Bullet's convex shapes have no ghost "
                            "vertices or front (the chain's one side and joints are not carried)");
    BulletWorld world(scene);
    run.states.push_back(world.states());
    for (int frame = 0; frame < frames; ++frame) {
        world.step(frame);
        run.states.push_back(world.states());
    }
}

} // namespace ccd::engine
