#pragma once
// The World's records of its bodies and walls (docs/scheduler.md): what predicting a pair reads
// of a body (BodyMotion), the rest of it (BodyRecord), its orientation and spin (Spin), its
// side memory, its version stamp; a wall (WallRecord). Private to the core.

#include "ccd/chain_edge.hpp"
#include "ccd/hit.hpp"
#include "ccd/response_kind.hpp"
#include "ccd/shapes.hpp"
#include "ccd/sin_cos.hpp"

#include <cstdint>

namespace ccd {
namespace detail {

// What predicting a pair reads of a body, one cache line each (docs/performance.md): its
// trajectory, its state and response kind, and the side memory of its last contact but the
// normal. The rest of the body is in BodyRecord, read only by the events it takes part in.
//
// The side memory (docs/scheduler.md, "Side memory"): the last contact a body took part in. A
// prediction for the same pair, within the chattering window, from the opposite side is
// rounding (a point left a hair across a wall's line after bouncing off it), never a contact.
struct alignas(64) BodyMotion {
    Vec2 origin;            // position at frame time `since`: the last vertex of the body's path
    double since = 0.0;     // frame time of the last change of trajectory
    Vec2 motion;            // per frame from `since` on: the velocity, the carry while frozen (the
                            // wall it chattered against), zero once removed (BodyRecord has the
                            // velocity it will have again)
    double radius = 0.0;    // a polygon's: of a circle about `origin` that holds it
    double last_time = 0.0; // side memory: when (frame time; earlier frames below 0)
    int last_other = 0;     //   with which wall or body
    std::uint8_t last_kind = 0; //   0: none yet; else 1 + its OtherKind
    // A ResponseKind, and kPolygonBit for a polygon (World::State::outlines has its vertices).
    std::uint8_t kind = static_cast<std::uint8_t>(ResponseKind::Bounce);
    bool alive = true;
    bool frozen = false;

    static constexpr std::uint8_t kPolygonBit = 0x80;
    // A polygon that turns freely (World::State::spins has its orientation and spin).
    static constexpr std::uint8_t kTurningBit = 0x40;
    // A static body (BodyDef::is_static): it never moves, its mass is infinite.
    static constexpr std::uint8_t kStaticBit = 0x20;
    ResponseKind response() const {
        return static_cast<ResponseKind>(kind & ~(kPolygonBit | kTurningBit | kStaticBit));
    }
    bool polygon() const { return (kind & kPolygonBit) != 0; }
    bool turning() const { return (kind & kTurningBit) != 0; }
    bool is_static() const { return (kind & kStaticBit) != 0; }
    // Gives no way at a contact: frozen for the rest of the frame, or static.
    bool unyielding() const { return frozen || is_static(); }
};

static_assert(sizeof(BodyMotion) == 64, "one cache line");

// The rest of a body, one cache line: what an event of the body reads or writes. A callback
// lives apart (World::State::callbacks).
struct alignas(64) BodyRecord {
    Vec2 velocity;            // displacement per frame
    double mass = 1.0;        // +infinity for a static body
    double restitution = 1.0; // Bounce only
    double burst_start = 0.0;
    std::uint16_t burst_events = 0;  // changes of trajectory in the burst (saturating)
    std::uint16_t frame_changes = 0; // changes of trajectory this frame (saturating)
    // Where the last vertex of the body's path (at BodyMotion::since) waits in
    // `pending_vertices`, when pending_vertices[pending_vertex].body is this body.
    std::uint32_t pending_vertex = UINT32_MAX;
    Vec2 last_normal; // side memory: the last contact's normal, toward the body
};

static_assert(sizeof(BodyRecord) == 64, "one cache line");

// One change of trajectory, linked to the body's previous one in the same frame: which event
// moved the body's version on (a stale prediction is logged with the first event that changed
// one of its bodies after it was made).
struct ChangeLink {
    int sequence = 0;
    int previous = -1;
};

// A static wall, or a kinematic one: endpoints moving by `da`, `db` per frame, from `origin`
// at frame time `since`; or a turning one (docs/turning-bodies.md, "Turning walls"): turning by
// `turn` radians per frame about the fixed `pivot`, frame after frame. A turning wall's `origin`
// is `base` (the wall as added) turned about the pivot by `start_angle`, its orientation at the
// frame's start: turned_angle(the frames it has turned, turn), from the frame count, never
// accumulated. Nothing stops a wall (a budget cut stops the bodies only).
struct WallRecord {
    Segment origin;
    double since = 0.0;
    Vec2 da, db;
    Vec2 pivot;
    double turn = 0.0;        // radians per frame, counter-clockwise; 0: it does not turn
    double start_angle = 0.0; // a turning wall's orientation at the frame's start
    Segment base;             // a turning wall as added (its orientation 0)
    int added_at = 0;         // World::frames_completed() when it was added
    // An edge of a chain (World::add_chain): static, met from its front only, a contact counting
    // by ccd::chain_admits with `chain`'s ghost vertices.
    bool one_sided = false;
    ChainEdge chain = {};

    bool turns() const { return turn != 0.0; }
    bool moving() const { return turns() || !(da == Vec2{} && db == Vec2{}); }
    // A turning wall's motion over one frame.
    Turning turning() const { return {pivot, {}, turn}; }
    Segment at(double t) const {
        if (turns()) [[unlikely]] {
            const Turning motion = turning();
            return {turning_position(motion, origin.a, t - since),
                    turning_position(motion, origin.b, t - since), origin.radius};
        }
        if (!moving()) return origin;
        return {origin.a + da * (t - since), origin.b + db * (t - since), origin.radius};
    }
    // A turning wall's orientation at frame time t (0 for any other wall).
    double angle_at(double t) const { return turns() ? start_angle + turn * (t - since) : 0.0; }
    // The velocity of the wall's material point at `point` (on the wall at time t): a turning
    // wall's is turn x (point - pivot).
    Vec2 velocity_at(Vec2 point, double t, Feature feature) const {
        if (!moving()) return {};
        if (turns()) [[unlikely]] {
            const Vec2 r = point - pivot;
            return {-turn * r.y, turn * r.x};
        }
        if (da == db || feature == Feature::EndpointA) return da;
        if (feature == Feature::EndpointB) return db;
        return velocity_along(at(t), da, db, point);
    }
    // A turning wall placed for the start of frame `frames` (World::frames_completed()).
    void start_frame(int frames) {
        start_angle = turned_angle(static_cast<long long>(frames) - added_at, turn);
        since = 0.0;
        if (start_angle == 0.0) {
            origin = base;
            return;
        }
        const Turning by{pivot, {}, start_angle};
        origin = {turning_position(by, base.a, 1.0), turning_position(by, base.b, 1.0),
                  base.radius};
    }
};

// A turning polygon's orientation and spin, kept as BodyMotion keeps its path: the orientation
// at BodyMotion::since and the rate it turns by from then on (docs/turning-bodies.md). Every body
// has one; only a body with BodyMotion::kTurningBit reads it.
struct Spin {
    double angle = 0.0;            // orientation at BodyMotion::since (radians)
    double rate = 0.0;             // radians per frame from `since` on: 0 while frozen or removed
    double angular_velocity = 0.0; // what it turns by once it moves again (BodyRecord::velocity's)
    double inverse_inertia = 0.0;  // about the center

    double angle_at(double t, double since) const { return angle + rate * (t - since); }
};

// A body's side memory as it was before an event changed it without changing the body's
// trajectory (the lean levels' record, docs/scheduler.md, "Log levels").
struct SideMemory {
    double time = 0.0;
    Vec2 normal;
    int other = 0;
    std::uint8_t kind = 0;
};

// By body, 8 bytes: what checking a prediction reads (is it current, which event cancelled it).
struct Stamp {
    std::uint32_t version = 0; // bumped by every change of trajectory
    int last_change = -1;      // this frame's changes of trajectory: the last in `changes`
};

inline bool is_sensor(const BodyMotion& m) {
    return m.response() == ResponseKind::Sensor;
}

} // namespace detail
} // namespace ccd
