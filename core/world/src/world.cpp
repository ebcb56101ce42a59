// The World's public calls (ccd/world.hpp); the scheduler's state and work are in
// world_state.hpp and the files it names.
#include "ccd/world.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/mass_properties.hpp"

#include "world_state.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace ccd {

using detail::BodyMotion;
using detail::BodyRecord;
using detail::WallRecord;

namespace {

// Throws unless every number is 0 or within [kWorldSmallest, kWorldLargest] in magnitude.
void check_scale(const char* call, const char* what, std::initializer_list<double> numbers) {
    for (const double x : numbers) {
        const double m = std::fabs(x);
        if (m == 0.0 || (m >= kWorldSmallest && m <= kWorldLargest)) continue;
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", x);
        throw std::invalid_argument(std::string(call) + ": " + what + " " + text +
                                    " is outside the World's scale: each number must be 0 or "
                                    "between 1e-60 and 1e60 in magnitude");
    }
}

// Throws unless `spin` (radians a frame) is within kWorldFastestSpin and turns a point `reach`
// from its center at most kWorldLargest a frame.
void check_spin(const char* call, double spin, double reach) {
    if (std::fabs(spin) <= kWorldFastestSpin && std::fabs(spin) * reach <= kWorldLargest) return;
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", spin);
    throw std::invalid_argument(std::string(call) + ": a spin of " + text +
                                " radians a frame is beyond the World's: at most 1e6 in "
                                "magnitude, and at most 1e60 a frame at its rim (docs/accuracy.md, "
                                "\"The range of spin\")");
}

// Throws unless a turning polygon's `reach` (its farthest vertex from its center) is at least
// kWorldLeastTurningReach: one smaller is not written back as a convex polygon.
void check_turning_reach(double reach) {
    if (reach >= kWorldLeastTurningReach) return;
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", reach);
    throw std::invalid_argument(std::string("World::add_body: a turning polygon reaching ") + text +
                                " from its center is below the World's least, 1e-50 (1e10 times "
                                "its smallest length: docs/scheduler.md, \"Scale\")");
}

// Throws unless `value` (a mass or a moment of inertia) is within [least, most].
void check_range(const char* what, double value, double least, double most) {
    if (value >= least && value <= most) return;
    char text[96];
    std::snprintf(text, sizeof text, "%.17g is outside the World's range: %g to %g", value, least,
                  most);
    throw std::invalid_argument(std::string("World::add_body: ") + what + " " + text);
}

// Throws unless `outline` is a polygon the World takes (3 to 255 finite vertices, each 0 or
// within the World's scale). Returns the radius of a circle about its center that holds it.
double outline_radius(const std::vector<Vec2>& outline) {
    const std::size_t n = outline.size();
    if (n < 3 || n > static_cast<std::size_t>(detail::kMaxOutlineVertices))
        throw std::invalid_argument("World::add_body: a polygon has 3 to " +
                                    std::to_string(detail::kMaxOutlineVertices) +
                                    " vertices, not " + std::to_string(n));
    double radius = 0.0;
    for (const Vec2 v : outline) {
        if (!std::isfinite(v.x) || !std::isfinite(v.y))
            throw std::invalid_argument("World::add_body: a polygon vertex is not finite");
        check_scale("World::add_body", "a polygon vertex", {v.x, v.y});
        radius = std::max(radius, length(v));
    }
    // A vertex equal to the next (a zero-length edge): the turning queries cannot take that
    // edge's normal, and missed a containment by it (the scene loader refuses it too).
    for (std::size_t k = 0; k < n; ++k)
        if (outline[k] == outline[(k + 1) % n])
            throw std::invalid_argument("World::add_body: polygon vertex " +
                                        std::to_string((k + 1) % n) + " repeats vertex " +
                                        std::to_string(k) +
                                        " (a zero-length edge: give each vertex once)");
    // Grown past the rounding of length(): every vertex strictly inside, for the grid's boxes
    // and the pair filter, which only see this circle (at every orientation).
    return radius * (1.0 + 0x1p-40);
}

// Throws unless `def` is a turning polygon the World takes (convex, a finite angular velocity,
// a mass and a moment of inertia > 0). Returns its spin; its outline is made counter-clockwise,
// as the turning queries take it.
detail::Spin turning_spin(BodyDef& def) {
    if (def.outline.empty())
        throw std::invalid_argument("World::add_body: only a polygon turns (an angular "
                                    "velocity needs an outline)");
    const double w = *def.angular_velocity;
    if (!std::isfinite(w) || !std::isfinite(def.inertia) || def.inertia < 0.0)
        throw std::invalid_argument("World::add_body: an angular velocity or inertia that is "
                                    "not finite, or a negative inertia");
    check_scale("World::add_body", "an angular velocity", {w});
    const double reach = outline_radius(def.outline);
    check_spin("World::add_body", w, reach);
    check_turning_reach(reach);
    Polygon outline{def.outline};
    if (!is_convex(outline))
        throw std::invalid_argument("World::add_body: a turning polygon must be convex (the "
                                    "turning queries take convex polygons)");
    const MassProperties shape = mass_properties(outline);
    if (!(def.mass > 0.0))
        throw std::invalid_argument("World::add_body: a turning polygon needs a mass > 0");
    double twice_area = 0.0;
    for (std::size_t i = 1; i + 1 < def.outline.size(); ++i)
        twice_area += cross(def.outline[i] - def.outline[0], def.outline[i + 1] - def.outline[0]);
    if (twice_area < 0.0) std::reverse(def.outline.begin(), def.outline.end());
    // About the center (the centroid, up to rounding: the parallel axis for the rest).
    const double inertia =
        def.inertia > 0.0
            ? def.inertia
            : def.mass * (shape.inertia_per_mass + dot(shape.centroid, shape.centroid));
    check_range("a turning polygon's moment of inertia", inertia, kWorldLeastInertia,
                kWorldMostInertia);
    detail::Spin spin;
    spin.rate = w;
    spin.angular_velocity = w;
    spin.inverse_inertia = 1.0 / inertia;
    return spin;
}

} // namespace

World::World(WorldOptions options) : state_(std::make_unique<State>()) {
    if (options.algorithm != algorithms().front().name) {
        state_->algorithm = find_algorithm(options.algorithm);
        if (!state_->algorithm)
            throw std::invalid_argument("World: unknown algorithm \"" + options.algorithm + "\"");
    }
    state_->options = std::move(options);
}
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

int World::add_body(BodyDef def) {
    state_->check_call("World::add_body", "a position, radius, velocity or acceleration",
                       {def.shape.center.x, def.shape.center.y, def.shape.radius, def.velocity.x,
                        def.velocity.y, def.rounding, def.acceleration.x, def.acceleration.y});
    if (!(def.rounding >= 0.0))
        throw std::invalid_argument("World::add_body: a polygon's rounding must be >= 0");
    if (def.is_static && (def.velocity != Vec2{} || def.angular_velocity))
        throw std::invalid_argument("World::add_body: a static body has no velocity and no "
                                    "angular velocity (it never moves)");
    if (!def.is_static) check_range("a mass", def.mass, kWorldLightest, kWorldHeaviest);
    const double bounding_radius = def.outline.empty() ? 0.0 : outline_radius(def.outline);
    const bool turning = def.angular_velocity.has_value();
    const detail::Spin spin = turning ? turning_spin(def) : detail::Spin{};
    const bool concave = !def.outline.empty() && !turning && !is_convex(Polygon{def.outline});
    if ((turning && state_->any_concave) || (concave && state_->any_turning))
        throw std::invalid_argument("World::add_body: a World with turning polygons or walls "
                                    "takes only convex polygons (the turning queries take convex "
                                    "polygons)");
    BodyRecord b;
    b.mass = def.is_static ? std::numeric_limits<double>::infinity() : def.mass;
    b.restitution = def.response.restitution;
    b.velocity = def.velocity;
    BodyMotion m;
    m.origin = def.shape.center;
    m.radius = def.outline.empty() ? def.shape.radius : bounding_radius + def.rounding;
    m.motion = def.velocity;
    m.kind = static_cast<std::uint8_t>(def.response.kind);
    if (!def.outline.empty()) m.kind |= BodyMotion::kPolygonBit;
    if (turning) m.kind |= BodyMotion::kTurningBit;
    if (def.is_static) m.kind |= BodyMotion::kStaticBit;
    state_->any_turning = state_->any_turning || turning;
    state_->any_concave = state_->any_concave || concave;
    state_->spins.push_back(spin);
    state_->bodies.push_back(b);
    state_->callbacks.push_back(std::move(def.response.callback));
    state_->motions.push_back(m);
    state_->roundings.push_back(def.outline.empty() ? 0.0 : def.rounding);
    state_->outlines.push_back(std::move(def.outline));
    state_->stamps.push_back({});
    const Vec2 acceleration = def.is_static ? Vec2{} : def.acceleration;
    state_->accelerations.push_back(acceleration);
    state_->any_gravity = state_->any_gravity || acceleration != Vec2{};
    return static_cast<int>(state_->bodies.size()) - 1;
}

int World::State::added_wall(const WallRecord& wall) {
    walls.push_back(wall);
    return static_cast<int>(walls.size()) - 1;
}

void World::State::check_between_frames(const char* call) const {
    if (in_frame) throw std::logic_error(std::string(call) + " during a frame");
}

void World::State::check_call(const char* call, const char* what,
                              std::initializer_list<double> numbers) const {
    check_between_frames(call);
    check_scale(call, what, numbers);
}

int World::add_wall(Segment wall) {
    state_->check_call("World::add_wall", "a coordinate or radius",
                       {wall.a.x, wall.a.y, wall.b.x, wall.b.y, wall.radius});
    WallRecord w;
    w.origin = wall;
    return state_->added_wall(w);
}

int World::add_kinematic_wall(Segment at_frame_start, Vec2 displacement_a, Vec2 displacement_b) {
    state_->check_call("World::add_kinematic_wall", "a coordinate or displacement",
                       {at_frame_start.a.x, at_frame_start.a.y, at_frame_start.b.x,
                        at_frame_start.b.y, displacement_a.x, displacement_a.y, displacement_b.x,
                        displacement_b.y, at_frame_start.radius});
    WallRecord w;
    w.origin = at_frame_start;
    w.da = displacement_a;
    w.db = displacement_b;
    return state_->added_wall(w);
}

int World::add_turning_wall(Segment at_frame_start, Vec2 pivot, double angle) {
    state_->check_call("World::add_turning_wall", "a coordinate, pivot or angle",
                       {at_frame_start.a.x, at_frame_start.a.y, at_frame_start.b.x,
                        at_frame_start.b.y, pivot.x, pivot.y, angle, at_frame_start.radius});
    if (angle == 0.0) return add_wall(at_frame_start);
    check_spin("World::add_turning_wall", angle,
               std::max(length(at_frame_start.a - pivot), length(at_frame_start.b - pivot)) +
                   at_frame_start.radius);
    if (state_->any_concave)
        throw std::invalid_argument("World::add_turning_wall: a World with turning walls takes "
                                    "only convex polygons (the turning queries take convex "
                                    "polygons)");
    state_->any_turning = true;
    WallRecord w;
    w.pivot = pivot;
    w.turn = angle;
    w.base = at_frame_start;
    w.added_at = state_->frames_completed;
    w.start_frame(state_->frames_completed); // turned by 0: as given
    return state_->added_wall(w);
}

int World::add_polyline(std::span<const Vec2> points, bool closed) {
    const int first = wall_count();
    for (std::size_t i = 0; i + 1 < points.size(); ++i)
        add_wall({points[i], points[i + 1]});
    if (closed && points.size() > 2) add_wall({points.back(), points.front()});
    return first;
}

int World::add_chain(std::span<const Vec2> points, bool loop) {
    state_->check_between_frames("World::add_chain");
    if (points.size() < 2 || (loop && points.size() < 3))
        throw std::invalid_argument("World::add_chain: a chain takes at least 2 points, a loop 3");
    for (std::size_t k = 0; k < points.size(); ++k) {
        check_scale("World::add_chain", "a coordinate", {points[k].x, points[k].y});
        const Vec2 next = points[(k + 1) % points.size()];
        if ((k + 1 < points.size() || loop) && next == points[k])
            throw std::invalid_argument("World::add_chain: point " + std::to_string(k) +
                                        " repeats the next one (an edge of length 0)");
    }
    const int first = wall_count();
    for (const ChainEdge& edge : chain_edges(points, loop)) {
        WallRecord w;
        w.origin = {edge.a, edge.b};
        w.one_sided = true;
        w.chain = edge;
        state_->added_wall(w);
    }
    return first;
}

std::optional<ChainEdge> World::chain_edge(int wall) const {
    const WallRecord& w = state_->walls.at(static_cast<std::size_t>(wall));
    if (!w.one_sided) return std::nullopt;
    return w.chain;
}

const EventLog& World::step() {
    advance_to(1.0);
    return state_->log;
}

const ContactEvent* World::next_event() {
    if (!state_->in_frame) state_->begin_frame();
    const ContactEvent* event = state_->process_next(1.0);
    state_->flush_paths();
    return event;
}

void World::advance_to(double t) {
    if (!state_->in_frame) state_->begin_frame();
    if (!(t > state_->time)) t = state_->time; // also NaN
    t = std::min(t, 1.0);
    while (state_->process_next(t)) {
    }
    state_->flush_paths();
    state_->time = t;
    if (t == 1.0) state_->end_frame();
}

double World::time() const {
    return state_->time;
}
bool World::in_frame() const {
    return state_->in_frame;
}
int World::frames_completed() const {
    return state_->frames_completed;
}
const EventLog& World::log() const {
    return state_->log;
}
int World::frame_event_count() const {
    return state_->frame_events;
}
int World::body_count() const {
    return static_cast<int>(state_->bodies.size());
}
int World::wall_count() const {
    return static_cast<int>(state_->walls.size());
}

WorldBody World::body(int index) const {
    const BodyRecord& b = state_->bodies.at(static_cast<std::size_t>(index));
    const BodyMotion& m = state_->motions[static_cast<std::size_t>(index)];
    const detail::Spin& spin = state_->spins[static_cast<std::size_t>(index)];
    const bool falling = state_->falls(index);
    return WorldBody{Circle{state_->position(m, state_->time), m.radius},
                     falling ? state_->velocity_at(m, state_->time) : b.velocity,
                     m.alive,
                     m.frozen,
                     state_->angle_at(index, state_->time),
                     m.turning() ? spin.angular_velocity : 0.0,
                     m.is_static()};
}

std::span<const Vec2> World::outline(int index) const {
    return state_->outlines.at(static_cast<std::size_t>(index));
}

Segment World::wall(int index) const {
    return state_->walls.at(static_cast<std::size_t>(index)).at(state_->time);
}

MovingSegment World::wall_motion(int index) const {
    const WallRecord& w = state_->walls.at(static_cast<std::size_t>(index));
    return {w.at(state_->time), w.da, w.db};
}

Turning World::wall_turning(int index) const {
    return state_->walls.at(static_cast<std::size_t>(index)).turning();
}

double World::wall_angle(int index) const {
    return state_->walls.at(static_cast<std::size_t>(index)).angle_at(state_->time);
}

World World::State::carried_copy() const {
    World copy(options);
    copy.state_->carried() = carried();
    copy.state_->log.frame = log.frame;
    return copy;
}

World World::snapshot() const {
    state_->check_between_frames("World::snapshot");
    return state_->carried_copy();
}

std::size_t World::snapshot_bytes() const {
    const State& s = *state_;
    std::size_t bytes = sizeof(State);
    const auto add = [&](const auto& v) { bytes += v.capacity() * sizeof(v[0]); };
    add(s.accelerations);
    add(s.bodies);
    add(s.callbacks);
    add(s.motions);
    add(s.outlines);
    add(s.roundings);
    for (const std::vector<Vec2>& o : s.outlines)
        add(o);
    add(s.spins);
    add(s.stamps);
    add(s.walls);
    return bytes;
}

} // namespace ccd
