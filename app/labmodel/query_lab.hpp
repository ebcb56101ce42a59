#pragma once
// QueryLab: the model behind the query canvas: one mover and one obstacle (a circle or point
// against a static or moving segment, another circle or a polygon; a polygon against a polygon
// or a segment), each a LabSide (lab_side.hpp: a ccd::Swept and its name), the scrubbed time
// and the core's answer. It knows its draggable handles from its sides' kinds; it draws nothing.

#include "camera.hpp"
#include "lab_side.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/hit.hpp"
#include "ccd/judge.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/scene.hpp"
#include "ccd/scene_units.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ccdlab {

// The lab takes apart one of the pair registry's pairs (ccd/pair_registry.hpp): those whose
// mover is a translating circle (or point) or a polygon that translates and may turn, and whose
// obstacle is a segment (static, with ends that move, or turning about a pivot), a translating
// circle or a polygon that translates and may turn. It knows a pair only by the kinds of its
// two sides: every choice it makes is made per side. A polygon turns about its centroid
// (ccd::PolygonBody::turning, as the scene format says), a segment about its pivot.

// How many of the scene's bodies, segments and polygons a pair takes (from the front of each):
// one item per side, of the side's shape (a circle is a body).
struct PairItems {
    std::size_t bodies = 0, segments = 0, polygons = 0;
    friend bool operator==(const PairItems&, const PairItems&) = default;
};
PairItems pair_items(const ccd::PairType& pair);

// Which pair of `scene` the query lab takes apart, or null when the scene opens as a world:
// the scene's items are exactly one mover and one obstacle, tried in this order: a body against
// a segment, a body against a body, a polygon against a polygon, a body against a polygon, a
// polygon against a segment (the mover first). A segment whose ends move ("da" / "db") is a
// moving segment for the registry to choose its pair (circle_moving_segment; a polygon's pair is
// polygon_moving_segment either way). A body among several segments is a world (a ball in a
// corner hits both walls). With `any_scene` (--mode query) a scene with more is taken apart too:
// its first items that make a pair, in the same order.
const ccd::PairType* query_lab_pair(const ccd::Scene& scene, bool any_scene = false);

// The draggable points: a part of the mover's or of the obstacle's (lab_side.hpp). Which exist
// depends on the kinds of the pair's sides (QueryLab::handles()).
enum class Handle {
    None,
    Center,           // the mover's center (a polygon's vertex centroid): moves it, motion and all
    Radius,           // on the mover's circle, across its motion
    Tip,              // where the mover's center is at t = 1
    EndpointA,        // the segment's end a at t = 0 (carries its motion along)
    EndpointB,        // the segment's end b at t = 0 (carries its motion along)
    EndpointAEnd,     // a moving segment's end a at t = 1
    EndpointBEnd,     // a moving segment's end b at t = 1
    ObstacleCenter,   // the obstacle circle's center, or the obstacle polygon's vertex centroid
    ObstacleRadius,   // on the obstacle circle, across its motion
    ObstacleTip,      // where the obstacle's center is at t = 1
    Angle,            // a turning mover's farthest vertex at t = 1: sets its turn over the frame
    Pivot,            // a turning segment's pivot (the segment stays)
    ObstacleAngle,    // a turning obstacle's farthest vertex (or end) at t = 1: sets its turn
    Rounding,         // out of a mover polygon's first side by its radius: sets the radius
    ObstacleRounding, // out of the obstacle segment's middle (a polygon's first side): its radius
    Acceleration,     // the mover's center at t = 0 moved by a / 2: sets its acceleration
    ObstacleAcceleration, // the obstacle's, likewise (a circle or polygon that is not static)
};

std::string_view to_string(Handle handle);

// The two sides of the lab's pair.
enum class Side { Mover, Obstacle };

// The handle of a side's part (Handle::None when the side has no such handle), and back.
Handle handle_of(Side side, Part part);
Side side_of(Handle handle);
Part part_of(Handle handle);

// Everything the user can edit in the lab: what undo and redo swap. Each side's acceleration is
// its swept's (per frame squared): the scene's gravity times the item's gravity_scale.
struct LabState { // until from_scene: a circle against a static segment
    LabSide mover{"", {ccd::Circle{}, ccd::Translation{}}};
    LabSide obstacle{"", {ccd::Segment{}, ccd::Still{}}};
    // The judge's tolerance, x the query's scale (ccd::JudgeOptions::tolerance).
    double tolerance = ccd::kJudgeTolerance;
    friend bool operator==(const LabState&, const LabState&) = default;
};

// One registered algorithm's answer to the lab's query and the core's judgement of it
// (ccd/judge.hpp: agrees, by design or not, miss, false hit, early, normal off, failed). Which
// algorithms answer the pair is the pair registry's to say (ccd/pair_registry.hpp).
struct AlgorithmAnswer {
    const ccd::Algorithm* algorithm = nullptr;
    std::optional<ccd::Hit> hit;
    bool has_query = true; // false: the algorithm has no query for this pair
    // Why the algorithm cannot take these inputs (Box2D: more than 8 vertices, a segment whose
    // ends move apart, ...): then it gives no answer to judge.
    std::optional<std::string> refusal;
    // What an iterative method said of its search (Box2D's state, target, iterations and why).
    std::optional<ccd::IterativeSearch> iterative;
    // The judge's verdict on the answer; nothing without a query or with a refusal.
    std::optional<ccd::Judgement> judgement;

    // Judged, and neither "agrees" nor "undecided" (a search stopped at its step limit is not
    // wrong: the row is greyed with the reason).
    bool disagrees() const {
        return judgement && judgement->verdict != ccd::Verdict::Agrees &&
               judgement->verdict != ccd::Verdict::Undecided;
    }
};

// A time the core's trace marks on the drawn path: a candidate's root in the frame, where the
// pair registry placed it (ccd::TraceRoot::position: on a parabola when a side accelerates).
struct PathMark {
    double t = 0.0;
    ccd::RootVerdict verdict = ccd::RootVerdict::Taken;
    ccd::Vec2 position;
    std::string candidate; // "band +", "cap A", ...
};

class QueryLab {
public:
    // Takes the pair query_lab_pair(scene, true) names, each moving side accelerated by the
    // scene's gravity times its gravity_scale; throws std::runtime_error saying what the lab
    // needs when the scene has no such pair.
    static QueryLab from_scene(const ccd::Scene& scene);

    // The registry's pair the lab takes apart.
    const ccd::PairType& kind() const { return *kind_; }
    const LabSide& side(Side side) const {
        return side == Side::Mover ? state_.mover : state_.obstacle;
    }
    const LabSide& mover() const { return state_.mover; }
    const LabSide& obstacle() const { return state_.obstacle; }
    // A side as the pair registry takes it (the lab asks its query through it): a polygon
    // turned by its orientation; a point mover against a segment whose ends move or that turns
    // is a ccd::Point (seed 002's moving point, the registry's point pairs).
    ccd::Swept swept(Side side) const;
    // How many pieces draw a turning side's arcs: more for larger turns (each piece a few
    // degrees, up to a cap).
    int arc_pieces() const;

    const std::optional<ccd::Hit>& hit() const { return hit_; }
    // When the pair starts overlapping: how deep, and which way is out, at t = 0 (the core's
    // ccd::overlap_depth; nothing when the exact answer is no overlap, or for a polygon that
    // is not convex against a polygon or a segment).
    struct Depth {
        double depth = 0.0;
        ccd::Vec2 normal; // unit, from the obstacle toward the mover
        ccd::Vec2 point;  // the mover's deepest point; + depth x normal is on the obstacle
    };
    const std::optional<Depth>& overlap_depth() const { return depth_; }
    // The scene's units (docs/scene-format.md, "Units"): the lab's motions stay per frame, and
    // its readouts show them per second too when the scene has a time step.
    const std::optional<ccd::SceneUnits>& units() const { return units_; }
    // How the exact query reached its answer: every candidate, its equation and its roots.
    const ccd::Trace& trace() const { return trace_; }
    // The index of the candidate holding the taken root, or -1.
    int taken_candidate() const;
    // Every root of the trace in [0, 1] that the core placed, by candidate then time.
    std::vector<PathMark> path_marks() const;
    // Whether either side accelerates (its path is a parabola).
    bool accelerates() const {
        return state_.mover.swept.accelerates() || state_.obstacle.swept.accelerates();
    }
    // Every registered algorithm on the same query, the default first.
    const std::vector<AlgorithmAnswer>& algorithm_answers() const { return answers_; }
    bool any_disagreement() const;
    // The judge's tolerance, x the query's scale (an edit, undone like the others), and what it
    // is in the inputs' units for the current query.
    double tolerance() const { return state_.tolerance; }
    void set_tolerance(double tolerance);
    double tolerance_in_units() const { return tolerance_in_units_; }

    double scrub_t = 0.0;

    // Edits recompute the answer at once. The side keeps its kind (its shape and its motion's).
    void set_side(Side side, LabSide edited);
    const LabState& state() const { return state_; }
    void restore(const LabState& state);

    // The handles of this pair, in the order they are drawn (later ones on top).
    std::span<const Handle> handles() const;
    ccd::Vec2 handle_position(Handle handle) const;
    // The handle drawn nearest to `screen`, if within `radius_px`; later handles win ties so
    // the tip can be grabbed even when the motion is zero.
    Handle pick(ccd::Vec2 screen, const Camera& camera, double radius_px) const;
    // Moves a handle to `world` (drag_part, lab_side.hpp).
    void drag(Handle handle, ccd::Vec2 world, bool alone = false);

private:
    void recompute();

    const ccd::PairType* kind_ = // until from_scene: a circle against a static segment
        ccd::choose_pair({ccd::ShapeKind::Circle, ccd::MotionKind::Translation},
                         {ccd::ShapeKind::Segment, ccd::MotionKind::Still})
            .pair;
    std::vector<Handle> handles_; // of the pair's two sides
    LabState state_;
    std::optional<ccd::Hit> hit_;
    std::optional<Depth> depth_;
    std::optional<ccd::SceneUnits> units_;
    ccd::Trace trace_;
    std::vector<AlgorithmAnswer> answers_;
    double tolerance_in_units_ = 0.0;
};

} // namespace ccdlab
