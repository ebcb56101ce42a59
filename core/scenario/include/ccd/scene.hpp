#pragma once
// Scene: everything a scene file holds (docs/scene-format.md). Plain data.

#include "ccd/hit.hpp"
#include "ccd/response_kind.hpp"
#include "ccd/scene_units.hpp"
#include "ccd/shapes.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ccd {

inline constexpr int kSceneFormatVersion = 1;

enum class BodyShape { Circle, Point };

// What a body last touched, when a World carries it across a frame boundary (its side memory,
// docs/scheduler.md, "Side memory" and "A closed box holds what starts inside it"): a scene
// exported at a later frame of a run keeps it, so that a point resting on a wall's line stays
// on the side it touched the wall from. Only a scene exported from a run has one.
struct LastContact {
    std::string other;   // a segment's name, or a body's or polygon's
    bool segment = true; // `other` is a segment (else a body or polygon)
    double time = 0.0;   // frame time of the contact, <= 0: before the scene's first frame
    Vec2 normal;         // from the other toward this body
    friend bool operator==(const LastContact&, const LastContact&) = default;
};

// A body: a circle (or a point, radius 0) that moves by `velocity` per frame, or a static one
// ("static": true) that never moves and has infinite mass (its velocity is zero).
struct Body {
    std::string name;
    BodyShape shape = BodyShape::Circle;
    Circle circle;
    Vec2 velocity;                                // displacement over one frame
    ResponseKind response = ResponseKind::Bounce; // a scene file names all but Callback
    double restitution = 1.0;                     // in [0, 1]; used by Bounce
    // Never moves, infinite mass: what hits it responds as against a wall (BodyDef::is_static).
    bool is_static = false;
    std::optional<LastContact> last_contact = {};
    // How much of the scene's gravity pulls it (Box2D's b2Body::SetGravityScale): its
    // acceleration is gravity_scale x Scene::gravity. A static body ignores it.
    double gravity_scale = 1.0;
    friend bool operator==(const Body&, const Body&) = default;
};

// A segment (a wall): static, kinematic when an endpoint moves ("da", "db" in the file), or
// turning about a fixed pivot ("pivot", "angle": a windmill's bar, a paddle). A wall turns or
// moves its ends, never both (the loader refuses both).
struct Wall {
    std::string name;
    Segment segment;          // at t = 0
    Vec2 displacement_a = {}; // how far endpoint a moves over one frame
    Vec2 displacement_b = {}; // how far endpoint b moves over one frame
    // A turning wall's pivot (fixed) and the angle it turns by over one frame (radians,
    // counter-clockwise). A pivot with the angle 0 is kept (and saved) but does not turn.
    std::optional<Vec2> pivot = {};
    double angle = 0.0;

    bool turns() const { return pivot.has_value() && angle != 0.0; }
    bool is_static() const {
        return displacement_a == Vec2{} && displacement_b == Vec2{} && !turns();
    }
    MovingSegment moving() const { return {segment, displacement_a, displacement_b}; }
    // The wall's motion over one frame, about its pivot (the angle 0 without one).
    Turning turning() const { return {pivot.value_or(segment.a), {}, angle}; }
    friend bool operator==(const Wall&, const Wall&) = default;
};

// A chain (Box2D's b2ChainShape): static one-sided edges through `points`, in order, closed from
// the last point back to the first when `loop`; met from the right of the direction of travel
// along it (a counter-clockwise loop faces out), with ghost vertices at its joints so a body
// sliding along it does not catch on them (World::add_chain; docs/scene-format.md, "Chains").
// Its edges are walls of the World after the segments, edge k named "NAME edge k".
struct Chain {
    std::string name;
    std::vector<Vec2> points; // at least 2 (a loop 3), none equal to the next
    bool loop = false;
    friend bool operator==(const Chain&, const Chain&) = default;
};

// The World's name of a chain's edge k: "NAME edge k".
std::string chain_edge_name(const Chain& chain, std::size_t edge);

// A polygon body: at least three vertices, either winding; it translates (seed 002's sweep) and
// may turn about its centroid (its center of mass for a uniform density: ccd::area_centroid).
// With an angular velocity (even 0) it is a rigid body that turns freely, its mass and moment
// of inertia from its area (ccd::mass_properties); without one it never turns (a fixed rotation,
// as Box2D's fixedRotation), as polygons did before they could turn (docs/turning-bodies.md).
struct PolygonBody {
    std::string name;
    Polygon polygon; // its outline at the orientation 0, about `position`
    Vec2 velocity;   // its centroid's displacement over one frame
    ResponseKind response = ResponseKind::Bounce; // as a body's
    double restitution = 1.0;                     // in [0, 1]; used by Bounce
    double angle = 0.0; // orientation at t = 0: `polygon` turned by it (radians)
    // Radians per frame, counter-clockwise, about the centroid; none: it never turns.
    std::optional<double> angular_velocity = {};
    // Its mass, or its density (the mass is then density x area); at most one of the two. None:
    // a turning polygon has density 1, one that never turns mass 1 (as every body before).
    std::optional<double> density = {};
    std::optional<double> mass = {};
    // Never moves, infinite mass (a tile): no velocity, angular velocity, density or mass.
    bool is_static = false;
    std::optional<LastContact> last_contact = {}; // as a body's
    // As a body's: its centroid accelerates by gravity_scale x Scene::gravity.
    double gravity_scale = 1.0;
    // Where `polygon`'s vertices are measured from: the polygon is at position + vertex. Zero in
    // a scene written by hand (its vertices are where it is); a run's state is written about the
    // polygon's center when its vertices, where it is, would round onto each other (a tiny crate
    // far from the origin: docs/scene-format.md, "Polygons").
    Vec2 position = {};

    bool turns() const { return angular_velocity.value_or(0.0) != 0.0; }
    // Whether it turns freely when hit: it has an angular velocity, even 0.
    bool free_rotation() const { return angular_velocity.has_value(); }
    // The centroid of the outline, where it is: the pivot it turns about (turning leaves it in
    // place).
    Vec2 centroid() const;
    // Its outline at the orientation 0 where it is: `polygon` moved by `position` (`polygon`
    // itself, bit for bit, when the position is zero).
    Polygon placed_outline() const;
    // The polygon at t = 0, about `position`: the outline turned by `angle` about its centroid
    // (the outline itself, bit for bit, when the angle is 0).
    Polygon outline_at_start() const;
    // The polygon at t = 0 where it is: outline_at_start() moved by `position` (the same, bit for
    // bit, when the position is zero).
    Polygon at_start() const;
    // Its motion over one frame: about its centroid, which moves by `velocity`.
    Turning turning() const { return {centroid(), velocity, angular_velocity.value_or(0.0)}; }
    friend bool operator==(const PolygonBody&, const PolygonBody&) = default;
};

// The part of the world shown when the scene opens.
struct View {
    Vec2 center;
    double height = 10.0; // world units from the bottom to the top of the canvas
    friend bool operator==(const View&, const View&) = default;
};

// One event the scene must produce: body `a` touched `b` (a segment, polygon or body) at frame
// time `time` of frame `frame`, on `feature`, at `point`, with `normal` from b toward a.
struct ExpectedEvent {
    int frame = 0;     // 0 for the first step
    double time = 0.0; // in [0, 1]
    std::string a;     // a body's name
    std::string b;     // a segment's, polygon's or other body's name
    Feature feature = Feature::SegmentInterior;
    Vec2 point;
    Vec2 normal;
    friend bool operator==(const ExpectedEvent&, const ExpectedEvent&) = default;
};

// How far a replayed event may be from the expected one and still match.
struct ExpectTolerance {
    double time = 1e-9;     // |t - expected t|
    double distance = 1e-9; // |point - expected point| and |normal - expected normal|
    friend bool operator==(const ExpectTolerance&, const ExpectTolerance&) = default;
};

// A regression fixture's expectation: exactly these events, in this order, in `frames` steps.
struct Expectation {
    int frames = 1;
    ExpectTolerance tolerance;
    std::vector<ExpectedEvent> events;
    friend bool operator==(const Expectation&, const Expectation&) = default;
};

// The real engines' own settings for stepping the scene in them (docs/engines.md, "Engine worlds";
// the World never reads them). Each default is the engine's own, but Box2D's iterations (its
// testbed's 8 and 3).
struct Box2dSettings {
    int velocity_iterations = 8; // b2World::Step's
    int position_iterations = 3;
    std::vector<std::string> bullets = {}; // names of bodies and polygons with b2Body's bullet flag
    friend bool operator==(const Box2dSettings&, const Box2dSettings&) = default;
};

// One body's own Bullet CCD settings; what it leaves out is BulletSettings' value.
struct BulletBodySettings {
    std::string name; // a body's or polygon's
    std::optional<double> ccd_motion_threshold = {};
    std::optional<double> ccd_swept_sphere_radius = {};
    friend bool operator==(const BulletBodySettings&, const BulletBodySettings&) = default;
};

struct BulletSettings {
    // btCollisionObject's, for every body: 0 (Bullet's default) never sweeps.
    double ccd_motion_threshold = 0.0;
    double ccd_swept_sphere_radius = 0.0;
    std::vector<BulletBodySettings> bodies = {};
    friend bool operator==(const BulletSettings&, const BulletSettings&) = default;
};

struct ChipmunkSettings {
    int iterations = 10;         // cpSpaceSetIterations
    double collision_slop = 0.1; // cpSpaceSetCollisionSlop
    friend bool operator==(const ChipmunkSettings&, const ChipmunkSettings&) = default;
};

struct EngineSettings {
    double dt = 1.0 / 60.0; // seconds of one engine step: one frame of the scene
    Box2dSettings box2d;
    BulletSettings bullet;
    ChipmunkSettings chipmunk;
    friend bool operator==(const EngineSettings&, const EngineSettings&) = default;
};

struct Scene {
    std::string title;
    std::string description;
    std::vector<Body> bodies;
    std::vector<Wall> walls;
    std::optional<View> view;
    // Each member below has a default, so `Scene{title, description, ...}` may leave them out.
    std::vector<PolygonBody> polygons = {};
    std::string algorithm = "exact"; // one of ccd::algorithms()
    std::optional<Expectation> expect = {};
    std::optional<EngineSettings> engines = {}; // none: every engine's defaults
    // What the lengths are in and the frame's time step (docs/scene-format.md, "Units"). Every
    // rate above is per frame, as the core takes it, whatever the file wrote: with a time step
    // the loader has multiplied the file's per-second rates by it (ccd::per_frame).
    std::optional<SceneUnits> units = {};
    // The acceleration of every moving body (times its gravity_scale), per frame squared as the
    // core takes it: with a time step the loader has multiplied the file's per second squared by
    // dt x dt (docs/scene-format.md, "Gravity"). Walls and static bodies ignore it.
    Vec2 gravity = {};
    // The frame's time step in seconds, when the scene has one.
    std::optional<double> dt() const { return units ? units->dt : std::nullopt; }
    std::vector<Chain> chains = {};
    friend bool operator==(const Scene&, const Scene&) = default;
};

// The scene's engine settings with no mention of `name` left (a body or polygon removed: its
// Box2D bullet flag and its Bullet settings go with it, so the scene still loads).
void forget_engine_settings_of(Scene& scene, const std::string& name);

// A view that shows every body, wall and polygon (start and end of its frame), with a margin.
View framing_view(const Scene& scene);

} // namespace ccd
