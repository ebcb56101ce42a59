#pragma once
// The oracle: seed 004's scheduler as the article describes it. After every event, every pair
// is detected again and the whole list is sorted; the earliest is processed (a pair's detection
// is reused while neither of its bodies changes: the same list bit for bit). Quadratic per
// event and slow on purpose: it shares nothing with ccd::World but the time-of-impact queries
// and the documented rules (docs/scheduler.md), so two logs that agree are two independent
// readings of the same specification. As in the seed, a pair is detected from the time its
// detection was last due: the later of its two bodies' last changes of trajectory (the frame's
// start if neither changed), not from the current time (docs/scheduler.md, "The oracle").
// Covered: circles, points and polygons, every response but callbacks, static and kinematic
// walls, the side memory, the resting tolerance, the chattering rule, crushing and the budget;
// polygons that turn (BodyDef::angular_velocity), with the impulse with spin; walls that turn
// about a pivot (World::add_turning_wall).

#include "ccd/event_log.hpp"
#include "ccd/world.hpp"

#include <vector>

namespace ccd_test {

struct ReferenceScene {
    std::vector<ccd::BodyDef> bodies;
    std::vector<ccd::MovingSegment> walls; // at the frame's start; displacements per frame
    ccd::WorldOptions options;
    std::vector<bool> removed;  // optional, by body: already out of the world
    std::vector<double> angles; // optional, by body: a turning polygon's orientation at the start
    // Optional, by wall: a turning wall's pivot and the angle it turns by per frame (the angle 0:
    // it does not turn; its displacements in `walls` are then zero). At the start of the
    // oracle's frame k it is its segment in `walls` turned by k x angle about the pivot.
    std::vector<ccd::Turning> wall_turns;
    // Detect every pair from the current time instead (the first version of this oracle): the
    // same contacts from other rounding, to measure how far rounding alone drifts
    // (WorldOracle.RoundingDriftOfDetectingFromTheCurrentTime).
    bool detect_from_current_time = false;
    // Compute every pair's detection again after every event, as the seed does, instead of
    // reusing those whose bodies did not change (the same list bit for bit, much faster with
    // many bodies): to show that they are the same.
    bool detect_every_pair_again = false;
};

class ReferenceScheduler {
public:
    explicit ReferenceScheduler(const ReferenceScene& scene);
    ccd::EventLog step(); // one frame

private:
    struct Body {
        ccd::Vec2 position; // at the current time, from anchor (never accumulated step by step)
        ccd::Vec2 anchor;   // where it was at its last change of trajectory
        double anchor_time = 0.0;
        ccd::Vec2 velocity;
        double radius = 0.0;
        std::vector<ccd::Vec2> outline; // a polygon's vertices about `position`; empty: a circle
        double rounding = 0.0;          // a polygon's radius (BodyDef::rounding)
        double mass = 1.0;
        ccd::Response response;
        bool alive = true;
        bool frozen = false; // by the chattering rule: carried until the frame ends
        ccd::Vec2 carry;     // the motion while frozen
        double burst_start = 0.0;
        int burst_events = 0;
        int frame_changes = 0;
        bool has_last = false;
        ccd::OtherKind last_kind = ccd::OtherKind::Wall;
        int last_other = 0;
        double last_time = 0.0;
        ccd::Vec2 last_normal;
        // A turning polygon: its orientation at anchor_time, its angular velocity (it does not
        // turn while frozen) and its inverse moment of inertia.
        bool turning = false;
        double angle = 0.0;
        double spin = 0.0;
        double inverse_inertia = 0.0;
    };
    std::vector<Body> bodies_;
    std::vector<ccd::MovingSegment> walls_; // at the frame's start
    std::vector<ccd::Segment> wall_bases_;  // as the scene gives them (a turning wall's)
    std::vector<ccd::Turning> wall_turns_;  // by wall; the angle 0 for a wall that does not turn
    ccd::WorldOptions options_;
    bool from_current_time_ = false;
    bool detect_every_pair_again_ = false;
    int frame_ = 0;
};

} // namespace ccd_test
