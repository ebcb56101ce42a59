#pragma once
// EventLog: what the sub-frame scheduler did in one frame, in the order it did it. The app's
// timeline and event-queue views are drawn from it (docs/scheduler.md).

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/vec2.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ccd {

// What a body touched: a static wall or another body. Walls order before bodies on a tie.
enum class OtherKind { Wall = 0, Body = 1 };

// A contact the scheduler processed. For two bodies, `body` is the lower index and `other` the
// higher; the normal points from the other (or the wall) toward `body`.
struct ContactEvent {
    int sequence = 0;  // 0, 1, 2, ... within the frame, in processing order
    double time = 0.0; // frame time in [0, 1]
    int body = 0;
    OtherKind other_kind = OtherKind::Wall;
    int other = 0; // wall index or body index
    Feature feature = Feature::SegmentInterior;
    Vec2 point;  // contact point on the other's surface at `time`
    Vec2 normal; // unit, from the other toward `body`
    Vec2 body_velocity_before;
    Vec2 body_velocity_after;
    Vec2 other_velocity_before; // a wall's: at the contact point (zero for a static wall)
    Vec2 other_velocity_after;  // idem
    bool body_removed = false;
    bool other_removed = false;
    // Polygon contacts: the vertex and the edge that touched, whichever body's the query named
    // them of (its Hit::mover_vertex or obstacle_vertex, ccd/toi_body.hpp); -1 when not named
    // (every circle against circle or wall).
    int vertex = -1;
    int edge = -1;
    // The impulse the contact gave `body`: its mass times its change of velocity (the other got
    // the opposite from a bounce); zero when `body` was removed or did not respond.
    Vec2 impulse;
    // A contact of a turning body or a turning wall (docs/turning-bodies.md): each participant's
    // orientation at `time` and angular velocity before and after, radians (per frame); 0 for a
    // participant that does not turn (a static or kinematic wall, a circle, a polygon of fixed
    // rotation). A turning wall's orientation is World::wall_angle's at `time`, its angular
    // velocity the angle it turns by per frame. to_text prints them, and the impulse, only when
    // `turning`.
    bool turning = false;
    double body_angle = 0.0;
    double other_angle = 0.0;
    double body_angular_velocity_before = 0.0;
    double body_angular_velocity_after = 0.0;
    double other_angular_velocity_before = 0.0;
    double other_angular_velocity_after = 0.0;
};

enum class CancelReason {
    TrajectoryChanged, // an earlier event changed one of the two trajectories
    Budget,            // a budget of the frame ran out before its time came
};

// A prediction that was queued and never happened.
struct CancelledPrediction {
    double time = 0.0; // when the contact would have happened
    int body = 0;      // as in ContactEvent
    OtherKind other_kind = OtherKind::Wall;
    int other = 0;
    Feature feature = Feature::SegmentInterior;
    double predicted_at = 0.0; // frame time at which the prediction was made
    int predicted_after = -1;  // sequence of the event that led to it; -1: the frame's start
    CancelReason reason = CancelReason::TrajectoryChanged;
    int cancelled_by = -1; // sequence of the event that changed a trajectory (TrajectoryChanged)
    Vec2 point;            // the contact it predicted: point on the other's surface at `time`
    Vec2 normal;           //   and unit normal toward `body` (what the app draws, dashed)
    int vertex = -1;       // as in ContactEvent
    int edge = -1;
};

// One vertex of a body's path: the body is at `position` at frame time `time`, and moves in a
// straight line to the next vertex, or under gravity on the parabola of `acceleration`.
struct PathPoint {
    double time = 0.0;
    Vec2 position;
    // A turning polygon's orientation there (it turns at a constant rate to the next vertex:
    // the angle between two vertices is their angles' linear interpolation); 0 for any other body.
    double angle = 0.0;
    // The acceleration (per frame squared) of the piece of path that starts here: the body is on
    // the parabola through this vertex and the next one with that acceleration (path_position:
    // the chord between them bowed by a (t - t0)(t - t1) / 2). Zero: the straight line.
    Vec2 acceleration = {};
};

// The body's path over the frame: a vertex at the frame's start, at every change of its
// trajectory, and at the frame's end (or where it was removed).
struct BodyPath {
    std::vector<PathPoint> points;
};

// One vertex of a wall's path: the wall is `segment` at frame time `time`, and each of its
// ends moves in a straight line to the next vertex, or, for a turning wall, turns about the
// wall's pivot.
struct WallPathPoint {
    double time = 0.0;
    Segment segment;
    // A turning wall's orientation there: the angle it is turned by from the wall as added
    // (reduced at each frame's start, World::wall_angle); 0 for any other wall.
    double angle = 0.0;
};

// The wall's path over the frame. A static wall's is one vertex at the frame's start (it never
// moves); a kinematic or turning wall's has a vertex at the frame's start and at the frame's
// end. A turning wall turns by `turn` radians per frame about `pivot` (turn 0: it does not turn).
struct WallPath {
    std::vector<WallPathPoint> points;
    Vec2 pivot;
    double turn = 0.0;
};

// The chattering rule froze `body` for the rest of the frame (docs/scheduler.md).
struct ChatterCut {
    int body = 0;
    double time = 0.0;
    int sequence = 0; // the event that went over the limit
};

// A body frozen by the chattering rule was still being pushed into something that does not
// give way (a wall closing in, or a wall it is carried into): it was removed at event
// `sequence` (docs/scheduler.md, "Crushed").
struct Crush {
    int body = 0;
    double time = 0.0;
    int sequence = 0;
};

// A body that ended the frame beyond the World's range, its center or its velocity past
// kWorldLargest in magnitude (a sensor flown out of its box, a fall that never lands): it was
// taken out at the frame's end, where it was then (docs/scheduler.md, "Scale").
struct OutOfRange {
    int body = 0;
    Vec2 center;
    Vec2 velocity;
};

// Which per-frame budget ran out (docs/scheduler.md, "Always finishes").
enum class BudgetKind {
    Events,      // WorldOptions::event_budget
    Predictions, // WorldOptions::prediction_budget
    Steps,       // WorldOptions::step_budget: the turning queries' search steps
    Undecided,   // a query stopped at its step limit undecided (ccd::Hit::undecided): not a
                 // budget of the frame's, but cut the same way at the undecided time
};

// "events", "predictions", "steps", "undecided".
const char* to_string(BudgetKind kind);

// A per-frame budget ran out: every body was frozen at `time`. The walls moved on; the events
// after `events` are their contacts with the frozen bodies (crushes, docs/scheduler.md).
struct BudgetCut {
    double time = 0.0;
    int events = 0; // events processed before the cut
    BudgetKind kind = BudgetKind::Events;
    long long predictions = 0; // made before the cut, the frame start's pass included
    long long steps = 0;       // the turning queries' search steps before the cut
};

struct EventLog {
    int frame = 0; // 0 for the first step()
    std::vector<ContactEvent> events;
    std::vector<CancelledPrediction> cancelled; // in the order they left the queue
    std::vector<BodyPath> paths;                // one per body, indexed like the bodies
    std::vector<WallPath> wall_paths;           // one per wall, indexed like the walls
    std::vector<ChatterCut> chatter_cuts;
    std::vector<Crush> crushes;
    std::optional<BudgetCut> budget_cut;
    std::vector<OutOfRange> out_of_range; // at the frame's end
};

// Every field, doubles in hexadecimal (%a), one record a line: two logs are bit-identical
// exactly when their texts are equal. A wall path of one vertex (a static wall, which the log
// only repeats from the world) is not printed, so a log of bodies among static walls reads as
// it did before walls had paths.
std::string to_text(const EventLog& log);

} // namespace ccd
