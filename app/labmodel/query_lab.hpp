#pragma once
// QueryLab: the model behind the query canvas: one mover and one obstacle (a circle or point
// against a static or moving segment, another circle or a polygon; a polygon against a polygon
// or a segment), the scrubbed time and the core's answer. It knows its draggable handles; it
// draws nothing.

#include "camera.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/hit.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/scene.hpp"
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

// The draggable points. Which exist depends on the pair (QueryLab::handles()).
enum class Handle {
    None,
    Center,         // the mover's center (a polygon's vertex centroid): moves it, motion and all
    Radius,         // on the mover's circle, across its motion
    Tip,            // where the mover's center is at t = 1
    EndpointA,      // the segment's end a at t = 0 (carries its motion along)
    EndpointB,      // the segment's end b at t = 0 (carries its motion along)
    EndpointAEnd,   // a moving segment's end a at t = 1
    EndpointBEnd,   // a moving segment's end b at t = 1
    ObstacleCenter, // the obstacle circle's center, or the obstacle polygon's vertex centroid
    ObstacleRadius, // on the obstacle circle, across its motion
    ObstacleTip,    // where the obstacle's center is at t = 1
    Angle,          // a turning mover's farthest vertex at t = 1: sets its turn over the frame
    Pivot,          // a turning segment's pivot (the segment stays)
    ObstacleAngle,  // a turning obstacle's farthest vertex (or end) at t = 1: sets its turn
};

std::string_view to_string(Handle handle);

// Everything the user can edit in the lab: what undo and redo swap. Which fields count depends
// on the kinds of the lab's pair; the others keep their defaults.
struct LabState {
    ccd::Circle mover;               // a circle mover
    ccd::Polygon mover_polygon;      // a polygon mover
    ccd::Vec2 displacement;          // the mover's motion over the frame
    ccd::Segment obstacle;           // segment pairs: the segment at t = 0
    ccd::Vec2 obstacle_da;           // moving segment pairs: how far end a moves over the frame
    ccd::Vec2 obstacle_db;           // moving segment pairs: how far end b moves over the frame
    ccd::Circle obstacle_circle;     // a circle obstacle
    ccd::Polygon obstacle_polygon;   // a polygon obstacle
    ccd::Vec2 obstacle_displacement; // a circle or polygon obstacle's motion
    // Turning sides: a polygon's orientation at t = 0 (the scene's `angle`: mover_polygon and
    // obstacle_polygon are the outlines at the orientation 0), each side's turn over the frame
    // (a polygon's angular velocity, a segment's angle) and a turning segment's pivot.
    double mover_orientation = 0.0;
    double mover_angle = 0.0;
    double obstacle_orientation = 0.0;
    double obstacle_angle = 0.0;
    ccd::Vec2 obstacle_pivot;
    friend bool operator==(const LabState& a, const LabState& b);
};

// One registered algorithm's answer to the lab's query, and whether it disagrees with the
// default (exact) one: hit against miss, or t apart by more than the lab's tolerance (except
// for an iterative method that reached its own target separation: Box2D stopping its slop from
// touching keeps its rules; the panel shows its target beside its t). Which
// algorithms answer the pair is the pair registry's to say (ccd/pair_registry.hpp).
struct AlgorithmAnswer {
    const ccd::Algorithm* algorithm = nullptr;
    std::optional<ccd::Hit> hit;
    bool disagrees = false;
    bool has_query = true; // false: the algorithm has no query for this pair
    // Why the algorithm cannot take these inputs (Box2D: more than 8 vertices, a segment whose
    // ends move apart, ...): then it has no answer and never disagrees.
    std::optional<std::string> refusal;
    // What an iterative method said of its search (Box2D's state, target, iterations and why).
    std::optional<ccd::IterativeSearch> iterative;
};

class QueryLab {
public:
    // Takes the pair query_lab_pair(scene, true) names; throws std::runtime_error saying what
    // the lab needs when the scene has no such pair.
    static QueryLab from_scene(const ccd::Scene& scene);

    // The registry's pair the lab takes apart.
    const ccd::PairType& kind() const { return *kind_; }
    bool mover_is_polygon() const { return kind_->mover.shape == ccd::ShapeKind::Polygon; }
    bool obstacle_is_segment() const { return kind_->obstacle.shape == ccd::ShapeKind::Segment; }
    // The segment's ends may move (their t = 1 handles exist).
    bool obstacle_ends_move() const { return kind_->obstacle.motion == ccd::MotionKind::EndMotion; }
    bool obstacle_is_polygon() const { return kind_->obstacle.shape == ccd::ShapeKind::Polygon; }
    bool obstacle_is_circle() const { return kind_->obstacle.shape == ccd::ShapeKind::Circle; }
    // The side turns (a polygon with an angular velocity, a segment with a pivot, in the scene
    // opened): its pivot and angle handles exist, and its motion is a ccd::Turning.
    bool mover_turns() const { return mover_turns_; }
    bool obstacle_turns() const { return obstacle_turns_; }

    const ccd::Circle& mover() const { return state_.mover; }
    const ccd::Polygon& mover_polygon() const { return state_.mover_polygon; }
    ccd::Vec2 displacement() const { return state_.displacement; }
    // The segment at t = 0 (segment pairs).
    const ccd::Segment& obstacle() const { return state_.obstacle; }
    // The segment's ends' motion (zero for a static or turning segment).
    ccd::MovingSegment moving_obstacle() const {
        return {state_.obstacle, state_.obstacle_da, state_.obstacle_db};
    }
    const ccd::Circle& obstacle_circle() const { return state_.obstacle_circle; }
    const ccd::Polygon& obstacle_polygon() const { return state_.obstacle_polygon; }
    ccd::Vec2 obstacle_displacement() const { return state_.obstacle_displacement; }
    double mover_angle() const { return state_.mover_angle; }
    double obstacle_angle() const { return state_.obstacle_angle; }
    // A turning side's pivot at t = 0 (a polygon's centroid, a segment's pivot).
    ccd::Vec2 mover_pivot() const;
    ccd::Vec2 obstacle_pivot() const;
    // How many pieces draw a turning side's arcs: more for larger turns (each piece a few
    // degrees, up to a cap).
    int arc_pieces() const;
    const std::string& mover_name() const { return mover_name_; }
    const std::string& obstacle_name() const { return obstacle_name_; }

    const std::optional<ccd::Hit>& hit() const { return hit_; }
    // How the exact query reached its answer: every candidate, its equation and its roots.
    const ccd::Trace& trace() const { return trace_; }
    // The index of the candidate holding the taken root, or -1.
    int taken_candidate() const;
    // Every registered algorithm on the same query, the default first.
    const std::vector<AlgorithmAnswer>& algorithm_answers() const { return answers_; }
    bool any_disagreement() const;
    // How far apart two times of impact may be and still agree. The default is above float32's
    // resolution of t, so seed000-float32 is flagged only when it is really off.
    double disagreement_tolerance() const { return tolerance_; }
    void set_disagreement_tolerance(double tolerance);

    double scrub_t = 0.0;
    // Where the mover's reference point (a circle's center, a polygon's vertex centroid, a
    // turning polygon's pivot) is at t.
    ccd::Vec2 mover_center_at(double t) const;
    ccd::Vec2 obstacle_center_at(double t) const; // the obstacle circle's or polygon's
    // Where the shapes are at t, moved by the core's motion (ccd::Swept::moved for a rigid one).
    ccd::Segment obstacle_at(double t) const;
    ccd::Polygon mover_polygon_at(double t) const;
    ccd::Polygon obstacle_polygon_at(double t) const;

    // Edits recompute the answer at once.
    void set_mover(const ccd::Circle& circle);
    void set_displacement(ccd::Vec2 displacement);
    void set_obstacle(const ccd::Segment& segment);
    void set_obstacle_motion(ccd::Vec2 da, ccd::Vec2 db); // moving segment pairs only
    void set_obstacle_circle(const ccd::Circle& circle);
    void set_obstacle_displacement(ccd::Vec2 displacement);
    void set_mover_polygon(const ccd::Polygon& polygon);
    void set_obstacle_polygon(const ccd::Polygon& polygon);
    void set_mover_angle(double angle);       // turning movers only
    void set_obstacle_angle(double angle);    // turning obstacles only
    void set_obstacle_pivot(ccd::Vec2 pivot); // turning segments only

    const LabState& state() const { return state_; }
    void restore(const LabState& state);

    // The handles of this pair, in the order they are drawn (later ones on top).
    std::span<const Handle> handles() const;
    ccd::Vec2 handle_position(Handle handle) const;
    // The handle drawn nearest to `screen`, if within `radius_px`; later handles win ties so
    // the tip can be grabbed even when the motion is zero.
    Handle pick(ccd::Vec2 screen, const Camera& camera, double radius_px) const;
    // Moves a handle to `world`. Moving a center carries the whole motion along; a radius
    // handle sits on its circle, across the motion, and sets the radius to its distance; a
    // segment's end at t = 0 carries its motion along, its end at t = 1 sets that motion; an
    // angle handle turns the side by as much as the handle turned about the pivot's place at
    // t = 1 (dragged round and round, it winds up several turns); a pivot moves alone.
    void drag(Handle handle, ccd::Vec2 world);

    // The two sides as the pair registry takes them (the lab asks its query through it).
    ccd::Swept mover_swept() const;
    ccd::Swept obstacle_swept() const;

private:
    void recompute();
    // A polygon side at t = 0 (its outline turned by its orientation) and its motion.
    ccd::Polygon mover_start() const;
    ccd::Polygon obstacle_start() const;
    ccd::Turning mover_turning() const;
    ccd::Turning obstacle_turning() const;
    // The angle handle of a side: the vertex farthest from the pivot at t = 0, at t = 1.
    ccd::Vec2 angle_handle(const ccd::Swept& side, ccd::Vec2 pivot) const;

    const ccd::PairType* kind_ = // until from_scene: a circle against a static segment
        ccd::choose_pair({ccd::ShapeKind::Circle, ccd::MotionKind::Translation},
                         {ccd::ShapeKind::Segment, ccd::MotionKind::Still})
            .pair;
    std::vector<Handle> handles_; // of the pair's two sides
    bool mover_turns_ = false, obstacle_turns_ = false;
    LabState state_;
    std::string mover_name_;
    std::string obstacle_name_;
    std::optional<ccd::Hit> hit_;
    ccd::Trace trace_;
    std::vector<AlgorithmAnswer> answers_;
    double tolerance_ = 1e-6;
};

} // namespace ccdlab
