#include "query_lab.hpp"

#include "ccd/overlap_depth.hpp"

#include "ccd/pair_registry.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace ccdlab {

std::string_view to_string(Handle handle) {
    switch (handle) {
    case Handle::None:
        return "none";
    case Handle::Center:
        return "center";
    case Handle::Radius:
        return "radius";
    case Handle::Tip:
        return "tip";
    case Handle::EndpointA:
        return "a";
    case Handle::EndpointB:
        return "b";
    case Handle::EndpointAEnd:
        return "a_end";
    case Handle::EndpointBEnd:
        return "b_end";
    case Handle::ObstacleCenter:
        return "obstacle_center";
    case Handle::ObstacleRadius:
        return "obstacle_radius";
    case Handle::ObstacleTip:
        return "obstacle_tip";
    case Handle::Angle:
        return "angle";
    case Handle::Pivot:
        return "pivot";
    case Handle::ObstacleAngle:
        return "obstacle_angle";
    case Handle::Rounding:
        return "rounding";
    case Handle::ObstacleRounding:
        return "obstacle_rounding";
    case Handle::Acceleration:
        return "acceleration";
    case Handle::ObstacleAcceleration:
        return "obstacle_acceleration";
    }
    return "unknown";
}

PairItems pair_items(const ccd::PairType& pair) {
    PairItems items;
    for (const ccd::ShapeKind shape : {pair.mover.shape, pair.obstacle.shape}) {
        if (shape == ccd::ShapeKind::Segment)
            ++items.segments;
        else if (shape == ccd::ShapeKind::Polygon)
            ++items.polygons;
        else
            ++items.bodies;
    }
    return items;
}

namespace {

// The scene's items a side can be: a body (a circle or point, translating), a segment (static,
// with ends that move, or turning about a pivot) or a polygon (translating, maybe turning).
enum class Item { Body, Segment, Polygon };

// A segment turns in the lab when the scene gives it a pivot (even with the angle 0, so that
// dragging its angle to 0 keeps its handles).
bool lab_turns(const ccd::Wall& wall) {
    return wall.pivot.has_value();
}

// The side a scene's item makes: a segment's motion is its ends' (Still when they stay), or a
// Turning; a polygon's a Turning when it turns. `polygon` is which of the scene's polygons.
ccd::SweptKind item_kind(Item item, const ccd::Scene& scene, std::size_t polygon) {
    switch (item) {
    case Item::Body:
        return {ccd::ShapeKind::Circle, ccd::MotionKind::Translation};
    case Item::Segment: {
        const ccd::Wall& wall = scene.walls.front();
        return {ccd::ShapeKind::Segment, lab_turns(wall)    ? ccd::MotionKind::Turning
                                         : wall.is_static() ? ccd::MotionKind::Still
                                                            : ccd::MotionKind::EndMotion};
    }
    case Item::Polygon:
        break;
    }
    return {ccd::ShapeKind::Polygon, scene.polygons[polygon].turns()
                                         ? ccd::MotionKind::Turning
                                         : ccd::MotionKind::Translation};
}

// The mover and obstacle items the lab takes apart, in the order --mode query tries them.
constexpr std::pair<Item, Item> kItemPairs[] = {{Item::Body, Item::Segment},
                                                {Item::Body, Item::Body},
                                                {Item::Polygon, Item::Polygon},
                                                {Item::Body, Item::Polygon},
                                                {Item::Polygon, Item::Segment}};

PairItems items_of(std::pair<Item, Item> sides) {
    PairItems items;
    for (const Item item : {sides.first, sides.second})
        ++(item == Item::Body      ? items.bodies
           : item == Item::Segment ? items.segments
                                   : items.polygons);
    return items;
}

// The registry's pair for two items (a polygon against a static segment is answered by the
// moving-segment pair, whose ends then rest). The mover is the first polygon, the obstacle the
// next one. A pair the registry keeps out of the lab (ccd::PairType::lab) is none.
const ccd::PairType* pair_of(std::pair<Item, Item> sides, const ccd::Scene& scene) {
    const std::size_t obstacle_polygon = sides.first == Item::Polygon ? 1 : 0;
    const ccd::PairType* pair = ccd::choose_pair(item_kind(sides.first, scene, 0),
                                                 item_kind(sides.second, scene, obstacle_polygon))
                                    .pair;
    return pair && pair->lab ? pair : nullptr;
}

} // namespace

const ccd::PairType* query_lab_pair(const ccd::Scene& scene, bool any_scene) {
    const PairItems has{scene.bodies.size(), scene.walls.size(), scene.polygons.size()};
    for (const auto& sides : kItemPairs)
        if (items_of(sides) == has) return pair_of(sides, scene);
    if (!any_scene) return nullptr;
    // The first items that make a pair the lab takes (a polygon against a turning segment is
    // none: the next kind of pair is tried).
    for (const auto& sides : kItemPairs) {
        const PairItems needs = items_of(sides);
        if (has.bodies >= needs.bodies && has.segments >= needs.segments &&
            has.polygons >= needs.polygons)
            if (const ccd::PairType* pair = pair_of(sides, scene)) return pair;
    }
    return nullptr;
}

namespace {

constexpr std::size_t kParts = 11;

// The handle of each side's parts, in Part's order (a mover is never a segment).
constexpr std::array<Handle, kParts> kMoverHandles{
    Handle::Center, Handle::Radius,   Handle::Tip,         Handle::None,
    Handle::None,   Handle::None,     Handle::None,        Handle::None,
    Handle::Angle,  Handle::Rounding, Handle::Acceleration};
constexpr std::array<Handle, kParts> kObstacleHandles{
    Handle::ObstacleCenter,      Handle::ObstacleRadius,
    Handle::ObstacleTip,         Handle::EndpointA,
    Handle::EndpointB,           Handle::EndpointAEnd,
    Handle::EndpointBEnd,        Handle::Pivot,
    Handle::ObstacleAngle,       Handle::ObstacleRounding,
    Handle::ObstacleAcceleration};

const std::array<Handle, kParts>& handles_of(Side side) {
    return side == Side::Mover ? kMoverHandles : kObstacleHandles;
}

// Where a handle is in its side's list of parts.
std::size_t part_index(Handle handle) {
    for (const Side side : {Side::Mover, Side::Obstacle})
        for (std::size_t i = 0; i < kParts; ++i)
            if (handles_of(side)[i] == handle) return i;
    return kParts;
}

// The pair's handles: the mover's drawn under the obstacle's, the obstacle's, then the mover's
// drawn over them, its tip last of all so that it can be grabbed even when its motion is zero.
std::vector<Handle> pair_handles(const LabSide& mover, const LabSide& obstacle) {
    const SideHandles m = side_handles(side_kind(mover)), o = side_handles(side_kind(obstacle));
    std::vector<Handle> out;
    const auto add = [&out](Side side, std::span<const Part> parts) {
        for (const Part part : parts)
            out.push_back(handle_of(side, part));
    };
    add(Side::Mover, m.under);
    add(Side::Obstacle, o.under);
    add(Side::Obstacle, o.over);
    add(Side::Mover, m.over);
    // A static side has no motion to set: no tip, no acceleration.
    std::erase_if(out, [&](Handle h) {
        return ((h == Handle::Tip || h == Handle::Acceleration) && mover.is_static) ||
               ((h == Handle::ObstacleTip || h == Handle::ObstacleAcceleration) &&
                obstacle.is_static);
    });
    std::stable_partition(out.begin(), out.end(), [](Handle h) { return h != Handle::Tip; });
    return out;
}

// The sides the scene's items make: a body translates; a segment turns about its pivot when it
// has one, else its motion is the pair's (a polygon's pair takes a static segment as one whose
// ends rest); a polygon
// translates, or turns about its centroid when it has an angular velocity.
// A body or polygon that is not static falls by the scene's gravity times its gravity_scale.
LabSide body_side(const ccd::Body& body, ccd::Vec2 gravity) {
    LabSide side{body.name, {body.circle, ccd::Translation{body.velocity}}};
    side.is_static = body.is_static;
    if (!body.is_static) side.swept.acceleration = gravity * body.gravity_scale;
    return side;
}

LabSide segment_side(const ccd::Wall& wall, ccd::MotionKind motion) {
    LabSide side{wall.name, {wall.segment, ccd::Still{}}};
    if (lab_turns(wall))
        side.swept.motion = ccd::Turning{*wall.pivot, {}, wall.angle};
    else if (motion == ccd::MotionKind::EndMotion)
        side.swept.motion = ccd::EndMotion{wall.displacement_a, wall.displacement_b};
    return side;
}

LabSide polygon_side(const ccd::PolygonBody& polygon, ccd::Vec2 gravity) {
    LabSide side{polygon.name,
                 {polygon.placed_outline(), ccd::Translation{polygon.velocity}},
                 polygon.angle};
    if (polygon.turns()) side.swept.motion = polygon.turning();
    side.is_static = polygon.is_static;
    if (!polygon.is_static) side.swept.acceleration = gravity * polygon.gravity_scale;
    return side;
}

} // namespace

Handle handle_of(Side side, Part part) {
    return handles_of(side)[static_cast<std::size_t>(part)];
}

Side side_of(Handle handle) {
    const std::size_t i = part_index(handle);
    return i < kParts && kObstacleHandles[i] == handle ? Side::Obstacle : Side::Mover;
}

Part part_of(Handle handle) {
    return static_cast<Part>(std::min(part_index(handle), kParts - 1));
}

QueryLab QueryLab::from_scene(const ccd::Scene& scene) {
    const auto kind = query_lab_pair(scene, true);
    if (!kind)
        throw std::runtime_error(
            "the query lab needs a body (a circle or a point) and a segment, two bodies, two "
            "polygons, a body and a polygon, or a polygon and a segment");
    QueryLab lab;
    lab.kind_ = kind;
    // The mover: the first polygon for a polygon pair, else the first body. The obstacle: the
    // first segment, the polygon after the mover's, or the second body.
    const bool polygon_mover = kind->mover.shape == ccd::ShapeKind::Polygon;
    const ccd::Vec2 g = scene.gravity;
    lab.state_.mover =
        polygon_mover ? polygon_side(scene.polygons[0], g) : body_side(scene.bodies.front(), g);
    switch (kind->obstacle.shape) {
    case ccd::ShapeKind::Segment:
        lab.state_.obstacle = segment_side(scene.walls.front(), kind->obstacle.motion);
        break;
    case ccd::ShapeKind::Polygon:
        lab.state_.obstacle = polygon_side(scene.polygons[polygon_mover ? 1 : 0], g);
        break;
    case ccd::ShapeKind::Point:
    case ccd::ShapeKind::Circle:
        lab.state_.obstacle = body_side(scene.bodies[1], g);
        break;
    }
    lab.handles_ = pair_handles(lab.state_.mover, lab.state_.obstacle);
    lab.units_ = scene.units;
    lab.recompute();
    return lab;
}

void QueryLab::set_side(Side side, LabSide edited) {
    keep_pivot_on_centroid(edited);
    (side == Side::Mover ? state_.mover : state_.obstacle) = std::move(edited);
    recompute();
}

int QueryLab::arc_pieces() const {
    constexpr double kPiecesPerTurn = 96.0;
    const double turns =
        std::max(std::fabs(state_.mover.angle()), std::fabs(state_.obstacle.angle())) /
        (2.0 * std::numbers::pi);
    return static_cast<int>(std::clamp(std::ceil(turns * kPiecesPerTurn), 32.0, 4096.0));
}

ccd::Swept QueryLab::swept(Side side) const {
    const ccd::Swept out = placed(this->side(side));
    // A point against a segment whose ends move is seed 002's moving point, with its own
    // quadratic cross(u(t), w(t)) = 0 (the circle's quartic would take it as a circle of no
    // radius); against a turning segment, the registry's point pair.
    const SideKind obstacle = side_kind(state_.obstacle);
    const auto* circle = std::get_if<ccd::Circle>(&out.shape);
    if (side == Side::Mover && circle && circle->radius == 0.0 &&
        (obstacle == SideKind::MovingSegment || obstacle == SideKind::TurningSegment))
        return {ccd::Point{circle->center}, out.motion, out.acceleration};
    return out;
}

namespace {

// `algorithm`'s answer to the query and the judge's verdict on it; an algorithm without a query
// for the pair, or that refuses the inputs, answers nothing and is not judged.
AlgorithmAnswer judged_answer(const ccd::Algorithm& algorithm, const ccd::PairType* pair,
                              const ccd::Swept& mover, const ccd::Swept& obstacle,
                              const ccd::Judge& judge) {
    AlgorithmAnswer out;
    out.algorithm = &algorithm;
    out.has_query = pair && ccd::find_query(*pair, algorithm);
    if (!out.has_query) return out;
    out.refusal = ccd::inexpressible(algorithm, mover, obstacle);
    if (out.refusal) return out;
    ccd::Trace trace;
    const ccd::MethodAnswer answer = ccd::answer_of(algorithm, mover, obstacle, &trace);
    out.hit = answer.hit;
    out.iterative = std::move(trace.iterative);
    out.judgement = judge.judge(algorithm, answer);
    return out;
}

} // namespace

void QueryLab::recompute() {
    answers_.clear();
    const ccd::Swept mover = swept(Side::Mover);
    const ccd::Swept obstacle = swept(Side::Obstacle);
    hit_ = ccd::time_of_impact(mover, obstacle, &trace_);
    depth_.reset();
    if (hit_ && hit_->overlap)
        if (const auto d = ccd::overlap_depth(mover.shape, obstacle.shape))
            depth_ = Depth{d->depth, d->normal, d->point};
    const ccd::Judge judge(mover, obstacle, {state_.tolerance, ccd::kJudgeNormalAngle});
    tolerance_in_units_ = judge.tolerance();
    const ccd::PairType* pair = ccd::choose_pair(ccd::kind_of(mover), ccd::kind_of(obstacle)).pair;
    for (const ccd::Algorithm& algorithm : ccd::algorithms())
        answers_.push_back(judged_answer(algorithm, pair, mover, obstacle, judge));
}

void QueryLab::set_tolerance(double tolerance) {
    state_.tolerance = tolerance;
    recompute();
}

bool QueryLab::any_disagreement() const {
    for (const AlgorithmAnswer& answer : answers_)
        if (answer.disagrees()) return true;
    return false;
}

int QueryLab::taken_candidate() const {
    for (std::size_t i = 0; i < trace_.candidates.size(); ++i)
        for (const ccd::TraceRoot& root : trace_.candidates[i].roots)
            if (root.verdict == ccd::RootVerdict::Taken) return static_cast<int>(i);
    return -1;
}

std::vector<PathMark> QueryLab::path_marks() const {
    std::vector<PathMark> marks;
    for (const ccd::TraceCandidate& candidate : trace_.candidates)
        for (const ccd::TraceRoot& root : candidate.roots)
            if (root.position && root.t >= 0.0 && root.t <= 1.0)
                marks.push_back({root.t, root.verdict, *root.position, candidate.name});
    return marks;
}

void QueryLab::restore(const LabState& state) {
    state_ = state;
    recompute();
}

std::span<const Handle> QueryLab::handles() const {
    return handles_;
}

ccd::Vec2 QueryLab::handle_position(Handle handle) const {
    if (handle == Handle::None) return {};
    return part_position(side(side_of(handle)), part_of(handle));
}

Handle QueryLab::pick(ccd::Vec2 screen, const Camera& camera, double radius_px) const {
    Handle best = Handle::None;
    double best_distance2 = radius_px * radius_px;
    for (Handle handle : handles()) {
        const double d2 = ccd::length_squared(camera.to_screen(handle_position(handle)) - screen);
        if (d2 <= best_distance2) {
            best = handle;
            best_distance2 = d2;
        }
    }
    return best;
}

void QueryLab::drag(Handle handle, ccd::Vec2 world, bool alone) {
    if (handle == Handle::None) return;
    LabSide& edited = side_of(handle) == Side::Mover ? state_.mover : state_.obstacle;
    drag_part(edited, part_of(handle), world, alone);
    recompute();
}

} // namespace ccdlab
