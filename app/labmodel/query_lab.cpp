#include "query_lab.hpp"

#include "ccd/pair_registry.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace ccdlab {
namespace {

bool same(const ccd::Circle& a, const ccd::Circle& b) {
    return a.center == b.center && a.radius == b.radius;
}
bool same(const ccd::Segment& a, const ccd::Segment& b) {
    return a.a == b.a && a.b == b.b;
}

// The radius handle: on the circle, across the motion, clear of the path and the arrow.
ccd::Vec2 radius_handle(const ccd::Circle& circle, ccd::Vec2 motion) {
    return circle.center +
           ccd::perp(ccd::normalized_or(motion, ccd::Vec2{1.0, 0.0})) * circle.radius;
}

} // namespace

bool operator==(const LabState& a, const LabState& b) {
    return same(a.mover, b.mover) && a.mover_polygon.vertices == b.mover_polygon.vertices &&
           a.displacement == b.displacement && same(a.obstacle, b.obstacle) &&
           a.obstacle_da == b.obstacle_da && a.obstacle_db == b.obstacle_db &&
           same(a.obstacle_circle, b.obstacle_circle) &&
           a.obstacle_polygon.vertices == b.obstacle_polygon.vertices &&
           a.obstacle_displacement == b.obstacle_displacement &&
           a.mover_orientation == b.mover_orientation && a.mover_angle == b.mover_angle &&
           a.obstacle_orientation == b.obstacle_orientation &&
           a.obstacle_angle == b.obstacle_angle && a.obstacle_pivot == b.obstacle_pivot;
}

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
ccd::SweptKind side_of(Item item, const ccd::Scene& scene, std::size_t polygon) {
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
    const ccd::PairType* pair = ccd::choose_pair(side_of(sides.first, scene, 0),
                                                 side_of(sides.second, scene, obstacle_polygon))
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

// The handles of a side: a circle's center, radius and arrow tip; a polygon's centroid and
// arrow tip; a segment's ends (and where they are at t = 1 when they move). The mover's tip
// goes last (on top) so it can be grabbed even when the motion is zero; an end that does not
// move has both of its handles in one place, and the one at t = 0 wins.
// A turning side adds its angle handle (a segment its pivot too), drawn over its others.
std::vector<Handle> handles_of(const ccd::PairType& pair, bool mover_turns, bool obstacle_turns) {
    std::vector<Handle> out{Handle::Center};
    if (pair.mover.shape != ccd::ShapeKind::Polygon) out.push_back(Handle::Radius);
    switch (pair.obstacle.shape) {
    case ccd::ShapeKind::Segment:
        if (pair.obstacle.motion == ccd::MotionKind::EndMotion)
            out.insert(out.end(), {Handle::EndpointAEnd, Handle::EndpointBEnd});
        out.insert(out.end(), {Handle::EndpointA, Handle::EndpointB});
        if (obstacle_turns) out.insert(out.end(), {Handle::Pivot, Handle::ObstacleAngle});
        break;
    case ccd::ShapeKind::Circle:
    case ccd::ShapeKind::Point:
        out.insert(out.end(),
                   {Handle::ObstacleCenter, Handle::ObstacleRadius, Handle::ObstacleTip});
        break;
    case ccd::ShapeKind::Polygon:
        out.insert(out.end(), {Handle::ObstacleCenter, Handle::ObstacleTip});
        if (obstacle_turns) out.push_back(Handle::ObstacleAngle);
        break;
    }
    if (mover_turns) out.push_back(Handle::Angle);
    out.push_back(Handle::Tip);
    return out;
}

} // namespace

QueryLab QueryLab::from_scene(const ccd::Scene& scene) {
    const auto kind = query_lab_pair(scene, true);
    if (!kind)
        throw std::runtime_error(
            "the query lab needs a body (a circle or a point) and a segment, two bodies, two "
            "polygons, a body and a polygon, or a polygon and a segment");
    QueryLab lab;
    lab.kind_ = kind;
    LabState& s = lab.state_;
    // The mover: the first polygon for a polygon pair, else the first body.
    if (lab.mover_is_polygon()) {
        const ccd::PolygonBody& mover = scene.polygons[0];
        s.mover_polygon = mover.polygon;
        s.displacement = mover.velocity;
        s.mover_orientation = mover.angle;
        s.mover_angle = mover.angular_velocity.value_or(0.0);
        lab.mover_turns_ = mover.turns();
        lab.mover_name_ = mover.name;
    } else {
        const ccd::Body& mover = scene.bodies.front();
        s.mover = mover.circle;
        s.displacement = mover.velocity;
        lab.mover_name_ = mover.name;
    }
    // The obstacle: the first segment, the second body, or the polygon after the mover's.
    if (lab.obstacle_is_segment()) {
        const ccd::Wall& wall = scene.walls.front();
        s.obstacle = wall.segment;
        s.obstacle_da = wall.displacement_a;
        s.obstacle_db = wall.displacement_b;
        s.obstacle_pivot = wall.pivot.value_or(ccd::Vec2{});
        s.obstacle_angle = wall.angle;
        lab.obstacle_turns_ = lab_turns(wall);
        lab.obstacle_name_ = wall.name;
    } else if (lab.obstacle_is_polygon()) {
        const ccd::PolygonBody& obstacle = scene.polygons[lab.mover_is_polygon() ? 1 : 0];
        s.obstacle_polygon = obstacle.polygon;
        s.obstacle_displacement = obstacle.velocity;
        s.obstacle_orientation = obstacle.angle;
        s.obstacle_angle = obstacle.angular_velocity.value_or(0.0);
        lab.obstacle_turns_ = obstacle.turns();
        lab.obstacle_name_ = obstacle.name;
    } else {
        const ccd::Body& obstacle = scene.bodies[1];
        s.obstacle_circle = obstacle.circle;
        s.obstacle_displacement = obstacle.velocity;
        lab.obstacle_name_ = obstacle.name;
    }
    lab.handles_ = handles_of(*kind, lab.mover_turns_, lab.obstacle_turns_);
    lab.recompute();
    return lab;
}

void QueryLab::set_mover(const ccd::Circle& circle) {
    state_.mover = circle;
    recompute();
}
void QueryLab::set_displacement(ccd::Vec2 displacement) {
    state_.displacement = displacement;
    recompute();
}
void QueryLab::set_obstacle(const ccd::Segment& segment) {
    state_.obstacle = segment;
    recompute();
}
void QueryLab::set_obstacle_motion(ccd::Vec2 da, ccd::Vec2 db) {
    state_.obstacle_da = da;
    state_.obstacle_db = db;
    recompute();
}
void QueryLab::set_obstacle_circle(const ccd::Circle& circle) {
    state_.obstacle_circle = circle;
    recompute();
}
void QueryLab::set_obstacle_displacement(ccd::Vec2 displacement) {
    state_.obstacle_displacement = displacement;
    recompute();
}

void QueryLab::set_mover_polygon(const ccd::Polygon& polygon) {
    state_.mover_polygon = polygon;
    recompute();
}
void QueryLab::set_obstacle_polygon(const ccd::Polygon& polygon) {
    state_.obstacle_polygon = polygon;
    recompute();
}
void QueryLab::set_mover_angle(double angle) {
    state_.mover_angle = angle;
    recompute();
}
void QueryLab::set_obstacle_angle(double angle) {
    state_.obstacle_angle = angle;
    recompute();
}
void QueryLab::set_obstacle_pivot(ccd::Vec2 pivot) {
    state_.obstacle_pivot = pivot;
    recompute();
}

namespace {

// A polygon side as the scene holds it: what says where it is at t = 0 and how it turns.
ccd::PolygonBody polygon_side(const ccd::Polygon& outline, double orientation, ccd::Vec2 velocity,
                              double angle) {
    ccd::PolygonBody body;
    body.polygon = outline;
    body.angle = orientation;
    body.velocity = velocity;
    body.angular_velocity = angle;
    return body;
}

} // namespace

ccd::Polygon QueryLab::mover_start() const {
    const LabState& s = state_;
    return polygon_side(s.mover_polygon, s.mover_orientation, s.displacement, s.mover_angle)
        .at_start();
}
ccd::Polygon QueryLab::obstacle_start() const {
    const LabState& s = state_;
    return polygon_side(s.obstacle_polygon, s.obstacle_orientation, s.obstacle_displacement,
                        s.obstacle_angle)
        .at_start();
}
ccd::Turning QueryLab::mover_turning() const {
    const LabState& s = state_;
    return polygon_side(s.mover_polygon, s.mover_orientation, s.displacement, s.mover_angle)
        .turning();
}
ccd::Turning QueryLab::obstacle_turning() const {
    const LabState& s = state_;
    if (obstacle_is_segment()) return {s.obstacle_pivot, {}, s.obstacle_angle};
    return polygon_side(s.obstacle_polygon, s.obstacle_orientation, s.obstacle_displacement,
                        s.obstacle_angle)
        .turning();
}

ccd::Vec2 QueryLab::mover_pivot() const {
    return mover_turning().pivot;
}
ccd::Vec2 QueryLab::obstacle_pivot() const {
    return obstacle_turning().pivot;
}

int QueryLab::arc_pieces() const {
    constexpr double kPiecesPerTurn = 96.0;
    const double turns =
        std::max(std::fabs(state_.mover_angle) * (mover_turns_ ? 1.0 : 0.0),
                 std::fabs(state_.obstacle_angle) * (obstacle_turns_ ? 1.0 : 0.0)) /
        (2.0 * std::numbers::pi);
    return static_cast<int>(std::clamp(std::ceil(turns * kPiecesPerTurn), 32.0, 4096.0));
}

ccd::Swept QueryLab::mover_swept() const {
    const LabState& s = state_;
    if (mover_is_polygon() && mover_turns_) return {mover_start(), mover_turning()};
    if (mover_is_polygon()) return {mover_start(), ccd::Translation{s.displacement}};
    // A point against a segment whose ends move is seed 002's moving point, with its own
    // quadratic cross(u(t), w(t)) = 0 (the circle's quartic would take it as a circle of no
    // radius); against a turning segment, the registry's point pair.
    if (s.mover.radius == 0.0 &&
        (obstacle_ends_move() || (obstacle_is_segment() && obstacle_turns_)))
        return {ccd::Point{s.mover.center}, ccd::Translation{s.displacement}};
    return {s.mover, ccd::Translation{s.displacement}};
}

ccd::Swept QueryLab::obstacle_swept() const {
    const LabState& s = state_;
    if (obstacle_turns_)
        return obstacle_is_segment() ? ccd::Swept{s.obstacle, obstacle_turning()}
                                     : ccd::Swept{obstacle_start(), obstacle_turning()};
    if (obstacle_ends_move()) return {s.obstacle, ccd::EndMotion{s.obstacle_da, s.obstacle_db}};
    if (obstacle_is_segment()) return {s.obstacle, ccd::Still{}};
    if (obstacle_is_polygon()) return {obstacle_start(), ccd::Translation{s.obstacle_displacement}};
    return {s.obstacle_circle, ccd::Translation{s.obstacle_displacement}};
}

namespace {

// An iterative method that stops at a target separation of its own (Box2D's b2TimeOfImpact: a
// slop short of touching or a slop deep) and says it reached it ("touching") answers a contact
// the exact query also finds, at a t apart by its slop over the closing speed: its own rules
// kept, not a disagreement. Its misses, failures and overlaps stay judged by t.
bool within_its_target(const AlgorithmAnswer& answer) {
    return answer.hit && answer.iterative && answer.iterative->state == "touching";
}

} // namespace

void QueryLab::recompute() {
    answers_.clear();
    const ccd::Swept mover = mover_swept();
    const ccd::Swept obstacle = obstacle_swept();
    hit_ = ccd::time_of_impact(mover, obstacle, &trace_);
    const ccd::PairChoice choice = ccd::choose_pair(ccd::kind_of(mover), ccd::kind_of(obstacle));
    for (const ccd::Algorithm& algorithm : ccd::algorithms()) {
        AlgorithmAnswer answer{&algorithm, std::nullopt, false, true, std::nullopt, std::nullopt};
        answer.has_query = choice.pair && ccd::find_query(*choice.pair, algorithm);
        if (answer.has_query) answer.refusal = ccd::inexpressible(algorithm, mover, obstacle);
        if (answer.has_query && !answer.refusal) {
            ccd::Trace trace;
            answer.hit = ccd::time_of_impact(algorithm, mover, obstacle, &trace);
            answer.iterative = std::move(trace.iterative);
        }
        answer.disagrees = answer.has_query && !answer.refusal &&
                           (answer.hit.has_value() != hit_.has_value() ||
                            (hit_ && std::fabs(answer.hit->t - hit_->t) > tolerance_ &&
                             !within_its_target(answer)));
        answers_.push_back(answer);
    }
}

void QueryLab::set_disagreement_tolerance(double tolerance) {
    tolerance_ = tolerance;
    recompute();
}

bool QueryLab::any_disagreement() const {
    for (const AlgorithmAnswer& answer : answers_)
        if (answer.disagrees) return true;
    return false;
}

int QueryLab::taken_candidate() const {
    for (std::size_t i = 0; i < trace_.candidates.size(); ++i)
        for (const ccd::TraceRoot& root : trace_.candidates[i].roots)
            if (root.verdict == ccd::RootVerdict::Taken) return static_cast<int>(i);
    return -1;
}

void QueryLab::restore(const LabState& state) {
    state_ = state;
    recompute();
}

ccd::Vec2 QueryLab::mover_center_at(double t) const {
    const ccd::Vec2 start = !mover_is_polygon() ? state_.mover.center
                            : mover_turns_      ? mover_pivot()
                                                : ccd::vertex_centroid(mover_start());
    return start + state_.displacement * t;
}

ccd::Vec2 QueryLab::obstacle_center_at(double t) const {
    const ccd::Vec2 start = !obstacle_is_polygon() ? state_.obstacle_circle.center
                            : obstacle_turns_      ? obstacle_pivot()
                                                   : ccd::vertex_centroid(obstacle_start());
    return start + state_.obstacle_displacement * t;
}

namespace {

// `polygon` (at t = 0) where `side` moves it at t.
ccd::Polygon moved(ccd::Polygon polygon, const ccd::Swept& side, double t) {
    for (ccd::Vec2& v : polygon.vertices)
        v = side.moved(v, t);
    return polygon;
}

} // namespace

ccd::Polygon QueryLab::mover_polygon_at(double t) const {
    if (mover_turns_) return moved(mover_start(), mover_swept(), t);
    return ccd::translated(mover_start(), state_.displacement * t);
}

ccd::Polygon QueryLab::obstacle_polygon_at(double t) const {
    if (obstacle_turns_) return moved(obstacle_start(), obstacle_swept(), t);
    return ccd::translated(obstacle_start(), state_.obstacle_displacement * t);
}

ccd::Segment QueryLab::obstacle_at(double t) const {
    if (!obstacle_turns_) return moving_obstacle().at(t);
    const ccd::Swept side = obstacle_swept();
    return {side.moved(state_.obstacle.a, t), side.moved(state_.obstacle.b, t)};
}

ccd::Vec2 QueryLab::angle_handle(const ccd::Swept& side, ccd::Vec2 pivot) const {
    std::vector<ccd::Vec2> points;
    if (const auto* polygon = std::get_if<ccd::Polygon>(&side.shape))
        points = polygon->vertices;
    else if (const auto* segment = std::get_if<ccd::Segment>(&side.shape))
        points = {segment->a, segment->b};
    ccd::Vec2 far = pivot + ccd::Vec2{1.0, 0.0}; // all at the pivot: any direction will do
    double far2 = 0.0;
    for (const ccd::Vec2 p : points)
        if (const double d2 = ccd::length_squared(p - pivot); d2 > far2) {
            far2 = d2;
            far = p;
        }
    return side.moved(far, 1.0);
}

std::span<const Handle> QueryLab::handles() const {
    return handles_;
}

ccd::Vec2 QueryLab::handle_position(Handle handle) const {
    const LabState& s = state_;
    switch (handle) {
    case Handle::Center:
        return mover_center_at(0.0);
    case Handle::Radius:
        return radius_handle(s.mover, s.displacement);
    case Handle::Tip:
        return mover_center_at(1.0);
    case Handle::EndpointA:
        return s.obstacle.a;
    case Handle::EndpointB:
        return s.obstacle.b;
    case Handle::EndpointAEnd:
        return s.obstacle.a + s.obstacle_da;
    case Handle::EndpointBEnd:
        return s.obstacle.b + s.obstacle_db;
    case Handle::ObstacleCenter:
        return obstacle_center_at(0.0);
    case Handle::ObstacleRadius:
        return radius_handle(s.obstacle_circle, s.obstacle_displacement);
    case Handle::ObstacleTip:
        return obstacle_center_at(1.0);
    case Handle::Angle:
        return angle_handle(mover_swept(), mover_pivot());
    case Handle::Pivot:
        return s.obstacle_pivot;
    case Handle::ObstacleAngle:
        return angle_handle(obstacle_swept(), obstacle_pivot());
    case Handle::None:
        break;
    }
    return {};
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

namespace {

// How far `to` is turned from `from` about `pivot`, in (-pi, pi]: the drag's share of a turn.
double turned_by(ccd::Vec2 pivot, ccd::Vec2 from, ccd::Vec2 to) {
    const ccd::Vec2 a = from - pivot, b = to - pivot;
    if (a == ccd::Vec2{} || b == ccd::Vec2{}) return 0.0;
    return std::atan2(ccd::cross(a, b), ccd::dot(a, b));
}

} // namespace

void QueryLab::drag(Handle handle, ccd::Vec2 world) {
    LabState& s = state_;
    const ccd::Vec2 by = world - handle_position(handle); // for the polygons
    switch (handle) {
    case Handle::Center: // a polygon's outline moves; its orientation stays
        if (mover_is_polygon())
            s.mover_polygon = ccd::translated(s.mover_polygon, by);
        else
            s.mover.center = world;
        break;
    case Handle::Radius:
        s.mover.radius = ccd::length(world - s.mover.center);
        break;
    case Handle::Tip:
        s.displacement = world - mover_center_at(0.0);
        break;
    case Handle::EndpointA: // carries the end's motion along, as the center does
        s.obstacle.a = world;
        break;
    case Handle::EndpointB:
        s.obstacle.b = world;
        break;
    case Handle::EndpointAEnd:
        s.obstacle_da = world - s.obstacle.a;
        break;
    case Handle::EndpointBEnd:
        s.obstacle_db = world - s.obstacle.b;
        break;
    case Handle::ObstacleCenter:
        if (obstacle_is_polygon())
            s.obstacle_polygon = ccd::translated(s.obstacle_polygon, by);
        else
            s.obstacle_circle.center = world;
        break;
    case Handle::ObstacleRadius:
        s.obstacle_circle.radius = ccd::length(world - s.obstacle_circle.center);
        break;
    case Handle::ObstacleTip:
        s.obstacle_displacement = world - obstacle_center_at(0.0);
        break;
    case Handle::Angle: // about where the pivot is at t = 1
        s.mover_angle += turned_by(mover_center_at(1.0), handle_position(handle), world);
        break;
    case Handle::Pivot:
        s.obstacle_pivot = world;
        break;
    case Handle::ObstacleAngle:
        s.obstacle_angle +=
            turned_by(obstacle_is_segment() ? s.obstacle_pivot : obstacle_center_at(1.0),
                      handle_position(handle), world);
        break;
    case Handle::None:
        return;
    }
    recompute();
}

} // namespace ccdlab
