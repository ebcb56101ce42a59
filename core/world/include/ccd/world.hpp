#pragma once
// World: dynamic circles (and points, circles of radius 0) and polygons (translating, or rigid
// bodies that turn) among static, kinematic and turning walls (segments whose endpoints move
// linearly, or that turn about a pivot, frame after frame), advanced one
// frame at a time by a sub-frame event scheduler: every contact is processed in time order, the
// bodies respond mid-frame, and only what changed is predicted again. docs/scheduler.md.

#include "ccd/chain_edge.hpp"
#include "ccd/event_log.hpp"
#include "ccd/response_kind.hpp"
#include "ccd/shapes.hpp"
#include "ccd/world_keyframe.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ccd {

// What a user callback is told about a contact, from the point of view of one body.
struct ContactInput {
    double time = 0.0;
    int body = 0; // the body whose callback this is
    OtherKind other_kind = OtherKind::Wall;
    int other = 0;
    Vec2 point;          // on the other's surface
    Vec2 normal;         // unit, from the other toward this body
    Vec2 velocity;       // this body's, before the contact
    Vec2 other_velocity; // the other's before the contact: a wall's at the contact point (zero
                         // for a static wall), a frozen body's while it is carried
};

struct ContactOutcome {
    Vec2 velocity;       // the body's velocity from now on
    bool remove = false; // take the body out of the world
};

using ContactCallback = std::function<ContactOutcome(const ContactInput&)>;

// How a body reacts to a contact. Against a wall or a body that does not bounce, "closing
// velocity" is relative to the other's velocity before the contact; two bouncing bodies
// exchange an impulse by their masses with the larger of the two restitutions.
struct Response {
    ResponseKind kind = ResponseKind::Bounce;
    double restitution = 1.0; // Bounce only
    ContactCallback callback; // Callback only

    static Response bounce(double restitution = 1.0) {
        return {ResponseKind::Bounce, restitution, {}};
    }
    static Response slide() { return {ResponseKind::Slide, 0.0, {}}; }
    static Response stop() { return {ResponseKind::Stop, 0.0, {}}; }
    static Response destroy() { return {ResponseKind::Destroy, 0.0, {}}; }
    static Response sensor() { return {ResponseKind::Sensor, 0.0, {}}; }
    static Response call(ContactCallback callback) {
        return {ResponseKind::Callback, 0.0, std::move(callback)};
    }
};

// The magnitudes the World takes: every coordinate, radius, velocity, displacement and polygon
// vertex is 0 or between these (World::add_body and the add_*wall calls throw
// std::invalid_argument naming them). Within them the queries' products of up to four lengths
// and the scheduler's margins neither overflow nor underflow (docs/scheduler.md, "Scale").
inline constexpr double kWorldSmallest = 1e-60;
inline constexpr double kWorldLargest = 1e60;
// The fastest spin the World takes, radians a frame (about 159,155 turns), for a turning
// polygon's angular velocity and a turning wall's turn; a turning body's rim (its reach times
// its spin) also moves at most kWorldLargest a frame. World::add_body and add_turning_wall throw
// std::invalid_argument beyond them; the scene loader and `ccdlab-cli toi` refuse such a spin
// at its field. The certified turning queries decide within 1e-12 x the query's scale, which
// counts |angle| x lever arm: within this spin that is at most a millionth of the lever arm
// (beyond it, a point 98 units past a 2-unit bar spun 1e15 a frame was within the tolerance of
// it, an overlap). A response never gives more: a body's speed after a contact is kept within
// kWorldLargest, a turning body's spin within these (docs/accuracy.md, "The range of spin").
inline constexpr double kWorldFastestSpin = 1e6;
// The least reach of a turning polygon (its farthest vertex from its center): 1e10 times
// kWorldSmallest. A turning polygon's vertices, written as a scene's absolute coordinates
// (`record --from`), take every coordinate below kWorldSmallest as 0: each vertex moves by less
// than 1.5 x kWorldSmallest, at most 1.5e-10 of this reach, where a crate of 1e-60 turned had
// a vertex moved across its neighbours' line and was written not convex (a turning polygon
// must be). World::add_body throws std::invalid_argument below it; the scene loader refuses
// such a polygon at its vertices (docs/scheduler.md, "Scale").
inline constexpr double kWorldLeastTurningReach = 1e10 * kWorldSmallest;
// The masses and moments of inertia the World takes (World::add_body throws
// std::invalid_argument outside; a scene's polygon's mass, density times area, and moment of
// inertia are refused by the loader: docs/scene-format.md). Within them a contact's impulse,
// (1 + e) times a closing speed of the World's scale over the sum of the inverse masses and
// arms, and the velocities it gives are finite: two crates of mass 1e308 meeting gave
// 1e308 x 2 / 2e-308 = inf, and a velocity of inf - inf. A moment of inertia within these is
// what a mass within its range gives a polygon of the World's scale (mass x length^2).
inline constexpr double kWorldLightest = 1e-150;
inline constexpr double kWorldHeaviest = 1e150;
inline constexpr double kWorldLeastInertia = 1e-280;
inline constexpr double kWorldMostInertia = 1e280;

struct BodyDef {
    Circle shape;      // at the start of the next frame; radius 0 is a point
    Vec2 velocity;     // displacement per frame
    double mass = 1.0; // within [kWorldLightest, kWorldHeaviest]; only bouncing bodies use it
    Response response;
    // A polygon instead of a circle: its vertices relative to shape.center (edge k from vertex
    // k to vertex k + 1, the last back to the first; either winding), translating with the
    // center and never rotating; shape.radius is then not used. Empty: a circle. Otherwise 3 to
    // 255 finite vertices (World::add_body throws std::invalid_argument).
    std::vector<Vec2> outline = {};
    // A polygon that turns freely, a rigid body (docs/turning-bodies.md): its
    // angular velocity, radians per frame, counter-clockwise about shape.center, which is then
    // its center of mass (the outline's area centroid, for a uniform density). None: it never
    // turns, however it is hit (a fixed rotation). A turning outline is convex (either winding;
    // kept counter-clockwise: World::outline), and the World then takes no polygon that is not
    // convex (the turning queries take convex polygons; std::invalid_argument otherwise).
    std::optional<double> angular_velocity = {};
    // A turning polygon's moment of inertia about shape.center (> 0); 0: the mass times the
    // outline's moment per unit mass (ccd::mass_properties: a uniform density).
    double inertia = 0.0;
    // A static body (a tile, a level's box): it never moves, whatever hits it, and has infinite
    // mass (`mass` is not used). What hits it responds as against a wall (inverse mass 0,
    // inverse inertia 0), but its restitution mixes with the static body's by the larger of the
    // two when both bounce, as two bodies' do. Its velocity is zero and it has no angular
    // velocity (World::add_body throws std::invalid_argument otherwise). Its response matters
    // only as a sensor's (what touches it passes through); its contacts are logged as bodies'.
    bool is_static = false;
    // A polygon's radius (>= 0): a rounded polygon, every point within it of the outline, which
    // it collides at (its mass and inertia are the outline's). 0: the outline itself.
    double rounding = 0.0;
    // Its constant acceleration, per frame squared (a scene's gravity times the body's
    // gravity_scale): within a frame its center follows the parabola x0 + v t + a t^2 / 2, the
    // velocity at a contact is v + a t, and after the frame it has gained a (docs/scheduler.md,
    // "Gravity and resting"). Not used for a static body, nor while a body is frozen.
    Vec2 acceleration = {};
};

// Which pairs the scheduler queries after a change of trajectory (docs/scheduler.md,
// "Broadphase"). Both give the same log, bit for bit; AllPairs is there to show it and to
// measure what the grid saves.
enum class Broadphase {
    Grid,     // a uniform grid over what every body and wall sweeps for the rest of the frame
    AllPairs, // every live body and every wall
};

// What the World records of a frame (docs/scheduler.md, "Log levels"). The trajectories are the
// same at every level, bit for bit: the same events in the same order with the same numbers.
enum class LogLevel {
    Full,   // the whole EventLog: every prediction queued for the rest of the frame, so every
            // cancelled one with its cause, the paths, the cuts, crushes and bodies out of range
    Events, // each body keeps only its earliest prediction; the log has the processed events,
            // the paths, the chatter cuts, the crushes, the budget cut and the bodies out of
            // range, no cancellations
    None,   // each body keeps only its earliest prediction; the log has the budget cut only,
            // World::frame_event_count() the number of events
};

struct WorldOptions {
    // Events processed per frame before every body is frozen where it is; 0: 1000 + 100 per
    // body. The walls move on, crushing the frozen bodies they close on (docs/scheduler.md,
    // "Always finishes").
    int event_budget = 0;
    // Predictions made per frame, the frame start's pass included (each event predicts its
    // bodies again), before the same cut; 0: 100,000 + 100 per body. Bounds the frame's work and
    // the memory of its log and queue where the events' budget alone would not (many bodies in one
    // place: each event predicts against every one of them).
    long long prediction_budget = 0;
    // Search steps of the turning queries per frame (each a bounded interval of the certified
    // engine's search, ccd/toi_turning.hpp; a query takes up to a million) before the same cut;
    // 0: 2,000,000 + 2,000 per body. Bounds the frame's time where the counts above do not: a
    // prediction of spinning bodies in contact costs up to a million steps.
    long long step_budget = 0;
    // Chattering rule: a body whose trajectory changes more than `chatter_limit` times within
    // `chatter_window` (frame time), or more than `frame_change_limit` times in one frame, is
    // frozen for the rest of the frame (docs/scheduler.md, "Always finishes"). The counts
    // saturate at 65,535: a limit of 65,535 or more never cuts.
    int chatter_limit = 32;
    double chatter_window = 1e-9;
    int frame_change_limit = 1000;
    // A pair already touching when predicted is an event only if it closes faster than this
    // fraction of its relative speed (rounding residue of a slide is not a new contact).
    double resting_tolerance = 1e-12;
    Broadphase broadphase = Broadphase::Grid;
    LogLevel log_level = LogLevel::Full;
    // Which of ccd::algorithms() answers the World's queries (World's constructor throws
    // std::invalid_argument for a name it does not know): "exact", the default, by the exact
    // queries (the disks' called directly); another by its query for the pair through the pair
    // registry where it has one that takes the two sides (ccd::inexpressible), else by the
    // exact query (seed004 answers a disk against a static wall or a disk, and nothing else).
    // The scheduler around the queries is the same (docs/recording.md, "Another algorithm in
    // the World").
    std::string algorithm = "exact";
};

// A body as seen at the world's current time.
struct WorldBody {
    Circle shape;  // center at time(); for a polygon the radius of a circle about the center
                   // that holds it (World::outline has its vertices)
    Vec2 velocity; // what it will move by per frame once it moves again (a body under gravity:
                   // its velocity at time())
    bool alive = true;
    bool frozen = false; // by the chattering rule or the budget, until the frame ends
    // A turning polygon's orientation at time() (radians: its World::outline turned by it about
    // the center) and the angular velocity it will turn by per frame once it moves again; 0 for
    // every other body.
    double angle = 0.0;
    double angular_velocity = 0.0;
    bool is_static = false; // BodyDef::is_static: it never moves
};

class World {
public:
    explicit World(WorldOptions options = {});
    ~World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;

    // Between frames only (not while a frame is being walked).
    int add_body(BodyDef def);
    int add_wall(Segment wall);
    // A kinematic wall: `at_frame_start` at the start of the next frame, its endpoints moving
    // by `displacement_a` and `displacement_b` over that frame and every frame after it (a
    // scene's da/db are per frame). Bodies respond relative to the wall's velocity at the
    // contact point. Returns its index among the walls.
    int add_kinematic_wall(Segment at_frame_start, Vec2 displacement_a, Vec2 displacement_b);
    // A turning wall (a windmill's blade, a paddle): `at_frame_start` at the start of the next
    // frame, turning by `angle` radians (counter-clockwise, any size) about the fixed `pivot`
    // over that frame and every frame after it; at the start of its k-th frame it is turned by
    // k x angle, reduced (ccd::turned_angle: from the frame count, never accumulated). Its
    // material at p moves at angle x (p - pivot) per frame. An angle of 0 is a static wall.
    // Returns its index among the walls (docs/turning-bodies.md, "Turning walls").
    int add_turning_wall(Segment at_frame_start, Vec2 pivot, double angle);
    // Walls between consecutive points (and from the last back to the first when closed);
    // returns the index of the first.
    int add_polyline(std::span<const Vec2> points, bool closed = false);
    // A chain (Box2D's b2ChainShape): one static one-sided wall per edge, in order, each with its
    // neighbours as ghost vertices (ccd::chain_edges: a loop's wrap around, an open chain's ends
    // are free). A body meets an edge only from its front (the right of the direction of travel
    // along the chain: a counter-clockwise loop faces out), and a contact at a joint counts only
    // with a normal in the joint's cone (ccd::chain_admits; docs/scheduler.md, "Chains"): a box
    // sliding along a straight chain does not catch on its joints. At least 2 points, a loop 3,
    // no point equal to the next (std::invalid_argument). Returns the index of the first edge.
    int add_chain(std::span<const Vec2> points, bool loop = false);

    // Advances one whole frame (or the rest of the frame being walked) and returns its log.
    const EventLog& step();
    // Processes the next event of the frame (starting a frame if none is under way). Returns it
    // (at LogLevel::None a copy the World keeps until the next call), or nullptr when no event
    // is left before the frame's end (the frame stays open).
    const ContactEvent* next_event();
    // Processes every event up to and including frame time `t` (clamped to [time(), 1]) and
    // leaves the world at t; t = 1 ends the frame.
    void advance_to(double t);

    double time() const;   // frame time of the frame under way; 0 between frames
    bool in_frame() const; // a frame has been started and not ended
    int frames_completed() const;
    const EventLog& log() const; // the frame under way, or the last one completed
    // Events processed in the frame under way, or in the last one completed (at every log
    // level; at LogLevel::None the log does not list them).
    int frame_event_count() const;

    int body_count() const;
    int wall_count() const;
    WorldBody body(int index) const;
    // A polygon body's vertices relative to its center (body(index).shape.center), turned by
    // body(index).angle for a turning one; empty for a circle.
    std::span<const Vec2> outline(int index) const;
    Segment wall(int index) const; // at time()
    // The wall at time() and how far its endpoints move per frame (zero for a static wall).
    MovingSegment wall_motion(int index) const;
    // A turning wall's motion over a frame (its pivot, and the angle it turns by per frame; the
    // angle 0 for a wall that does not turn) and its orientation at time(): the angle it is
    // turned by from the wall as added, reduced at each frame's start (0 for any other wall).
    Turning wall_turning(int index) const;
    double wall_angle(int index) const;
    // A chain's edge with its ghost vertices (World::add_chain); none for any other wall.
    std::optional<ChainEdge> chain_edge(int wall) const;

    // Between frames only (std::logic_error during one): a World that steps on exactly as this
    // one would, bit for bit, holding only what carries from frame to frame: the bodies, the
    // walls, their side memories, the options and the frame count. Its log() is empty (the
    // last frame's log and the scheduler's working storage are rebuilt by every frame). A
    // Callback response's function is copied: a callback that keeps state of its own makes
    // the copy differ (ccd/recording.hpp).
    World snapshot() const;
    // Bytes of what a snapshot keeps: the State itself and its body (with its acceleration),
    // wall, outline, callback (the std::function, not what it captures) and side-memory records. A
    // World that has stepped holds more (its log, queue, grid and scratch storage, not counted
    // here).
    std::size_t snapshot_bytes() const;

    // Between frames only (std::logic_error during one): what changes from frame to frame,
    // packed (ccd/world_keyframe.hpp), far smaller than a snapshot (no body's constant parts).
    WorldKeyframe keyframe() const;
    // A World of this one's bodies and walls with `keyframe`'s state: it steps on exactly as the
    // World the keyframe was taken of, bit for bit, as that World's snapshot() would. This
    // World gives what the keyframe does not hold (each body's radius, mass, restitution,
    // response, outline and callback, each wall's displacements, the options), so it must have
    // the same bodies and walls: a snapshot of the same run at any frame (the counts are
    // checked, std::invalid_argument; the rest is not). Its scheduler state is not used.
    World restored(const WorldKeyframe& keyframe) const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace ccd
