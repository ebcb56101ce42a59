#include "ccd/pair_registry.hpp"

#include "algorithm_list.hpp"
#include "ccd/detail/input_scaling.hpp"
#include "ccd/toi_capsule.hpp"
#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_parabolic.hpp"
#include "ccd/toi_polygon.hpp"
#include "ccd/toi_turning.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace ccd {
namespace {

// ---- the sides of a pair, as the queries take them ---------------------------------------------

const Circle& circle(const Swept& s) {
    return std::get<Circle>(s.shape);
}
Vec2 point(const Swept& s) {
    return std::get<Point>(s.shape).position;
}
const Segment& segment(const Swept& s) {
    return std::get<Segment>(s.shape);
}
const Polygon& polygon(const Swept& s) {
    return std::get<Polygon>(s.shape);
}
MovingSegment moving_segment(const Swept& s) {
    const EndMotion e = s.end_motion();
    return {segment(s), e.displacement_a, e.displacement_b};
}

// ---- the exact queries ---------------------------------------------------------------------

std::optional<Hit> exact_circle_point(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(circle(m), m.displacement(), point(o), trace);
}
std::optional<Hit> exact_circle_circle(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(circle(m), m.displacement(), circle(o), o.displacement(), trace);
}
std::optional<Hit> exact_circle_segment(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(circle(m), m.displacement(), segment(o), trace);
}
std::optional<Hit> exact_point_segment(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(point(m), m.displacement(), segment(o), trace);
}
std::optional<Hit> exact_point_moving_segment(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(point(m), m.displacement(), moving_segment(o), trace);
}
std::optional<Hit> exact_circle_moving_segment(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(circle(m), m.displacement(), moving_segment(o), trace);
}
std::optional<Hit> exact_polygon_polygon(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(polygon(m), m.displacement(), polygon(o), o.displacement(), trace);
}
std::optional<Hit> exact_circle_polygon(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(circle(m), m.displacement(), polygon(o), o.displacement(), trace);
}
std::optional<Hit> exact_segment_segment(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(segment(m), m.displacement(), segment(o), o.displacement(), trace);
}
std::optional<Hit> exact_polygon_moving_segment(const Swept& m, const Swept& o, Trace* trace) {
    return time_of_impact(polygon(m), m.displacement(), moving_segment(o), trace);
}

// ---- the certified turning queries ---------------------------------------------------------

// Every turning pair is the one certified engine (toi_turning.hpp), which takes any motion.
std::optional<Hit> certified_turning(const Swept& m, const Swept& o, Trace* trace) {
    return certified_time_of_impact(m, o, trace);
}

// ---- the seeds' methods and conservative advancement ------------------------------------------

// The turning pairs' other methods take any Swept, as the certified engine does (each brings
// extreme inputs into range itself).
std::optional<Hit> advancement_turning(const Swept& m, const Swept& o, Trace* trace) {
    return conservative_advancement(m, o, trace);
}
std::optional<Hit> chords_turning(const Swept& m, const Swept& o, Trace* trace) {
    return seed002_chords(m, o, trace);
}
// Seed 002's chords move points (a circle's centre, a polygon's vertices) along straight lines:
// a rounded segment or polygon is not one of its shapes.
std::optional<std::string> chords_refuse_rounding(const Swept& m, const Swept& o) {
    for (const Swept* side : {&m, &o})
        if (side->shape_kind() != ShapeKind::Circle && radius_of(side->shape) != 0.0)
            return std::string("seed002-chords takes no radius on a segment or a polygon (its "
                               "chords move points)");
    return std::nullopt;
}

// The seeds' methods assume ordinary magnitudes; the registry brings every input into range
// first (an exact power of two, as the exact queries do), so no entry ever answers NaN. A
// capsule (a segment with a radius) is put to them as the exact query takes it: the circle grown
// by the radius against the core, the contact point moved back onto the capsule's surface.
template <std::optional<Hit> (*Method)(const Circle&, Vec2, const Segment&, Trace*)>
std::optional<Hit> in_range(const Swept& mover, const Swept& obstacle, Trace* trace) {
    const Circle& m = circle(mover);
    const Vec2 d = mover.displacement();
    const Segment& s = segment(obstacle);
    const auto k = detail::input_rescale(
        {m.center.x, m.center.y, m.radius, d.x, d.y, s.a.x, s.a.y, s.b.x, s.b.y, s.radius});
    if (!k.needed() && s.radius == 0.0) return Method(m, d, s, trace);
    const double rounding = k(s.radius);
    auto hit =
        Method(Circle{k(m.center), k(m.radius) + rounding}, k(d), Segment{k(s.a), k(s.b)}, trace);
    if (hit) hit->point = (hit->point + hit->normal * rounding) * (1.0 / k.scale);
    return hit;
}

std::optional<Hit> seed004_circle_circle(const Swept& mover, const Swept& obstacle, Trace* trace) {
    const Circle& m = circle(mover);
    const Circle& o = circle(obstacle);
    const Vec2 d = mover.displacement(), od = obstacle.displacement();
    const auto k = detail::input_rescale(
        {m.center.x, m.center.y, m.radius, d.x, d.y, o.center.x, o.center.y, o.radius, od.x, od.y});
    if (!k.needed()) return seed004_projection(m, d, o, od, trace);
    auto hit = seed004_projection(Circle{k(m.center), k(m.radius)}, k(d),
                                  Circle{k(o.center), k(o.radius)}, k(od), trace);
    if (hit) hit->point *= 1.0 / k.scale;
    return hit;
}

// ---- the table -------------------------------------------------------------------------------

constexpr SweptKind kMovingCircle{ShapeKind::Circle, MotionKind::Translation};
constexpr SweptKind kMovingPoint{ShapeKind::Point, MotionKind::Translation};
constexpr SweptKind kMovingPolygon{ShapeKind::Polygon, MotionKind::Translation};
constexpr SweptKind kStillPoint{ShapeKind::Point, MotionKind::Still};
constexpr SweptKind kMovingSegment{ShapeKind::Segment, MotionKind::Translation};
constexpr SweptKind kStillSegment{ShapeKind::Segment, MotionKind::Still};
constexpr SweptKind kMovingEndsSegment{ShapeKind::Segment, MotionKind::EndMotion};
constexpr SweptKind kTurningSegment{ShapeKind::Segment, MotionKind::Turning};
constexpr SweptKind kTurningPolygon{ShapeKind::Polygon, MotionKind::Turning};

constexpr SweptNames kCircleNames{{"c", "r"}, {"d", "", ""}};
constexpr SweptNames kPointNames{{"p", ""}, {"d", "", ""}};
constexpr SweptNames kSegmentNames{{"a", "b"}, {"", "", ""}, false, "segment_radius"};
constexpr SweptNames kMovingSegmentNames{{"a", "b"}, {"da", "db", ""}, false, "segment_radius"};
constexpr SweptNames kTurningSegmentNames{
    {"a", "b"}, {"pivot", "v", "angle"}, false, "segment_radius"};
constexpr SweptNames kTurningPolygonNames{
    {"polygon", ""}, {"pivot", "v", "angle"}, false, "polygon_radius"};

constexpr std::array kPairTypes{
    PairType{"circle_point",
             kMovingCircle,
             kStillPoint,
             kCircleNames,
             {{"q", ""}, {"", "", ""}},
             "a moving circle against a static point"},
    PairType{"circle_circle",
             kMovingCircle,
             kMovingCircle,
             {{"c1", "r1"}, {"d1", "", ""}},
             {{"c2", "r2"}, {"d2", "", ""}},
             "two moving circles"},
    PairType{"circle_segment", kMovingCircle, kStillSegment, kCircleNames, kSegmentNames,
             "a moving circle against a static segment"},
    PairType{"point_segment", kMovingPoint, kStillSegment, kPointNames, kSegmentNames,
             "a moving point against a static segment (a ray cast)"},
    PairType{"point_moving_segment", kMovingPoint, kMovingEndsSegment, kPointNames,
             kMovingSegmentNames, "a moving point against a segment whose ends move (seed 002)"},
    PairType{"circle_moving_segment", kMovingCircle, kMovingEndsSegment, kCircleNames,
             kMovingSegmentNames, "a moving circle against a segment whose ends move"},
    PairType{"polygon_polygon",
             kMovingPolygon,
             kMovingPolygon,
             {{"p1", ""}, {"d1", "", ""}, false, "r1"},
             {{"p2", ""}, {"d2", "", ""}, false, "r2"},
             "two translating polygons (seed 002)"},
    PairType{"circle_polygon",
             kMovingCircle,
             kMovingPolygon,
             kCircleNames,
             {{"polygon", ""}, {"dp", "", ""}, false, "polygon_radius"},
             "a moving circle against a translating polygon"},
    PairType{"polygon_moving_segment",
             kMovingPolygon,
             kMovingEndsSegment,
             {{"polygon", ""}, {"d", "", ""}, false, "polygon_radius"},
             kMovingSegmentNames,
             "a translating polygon against a segment whose ends move"},
    // Capsules (segments with their radii): a capsule body against a capsule or a segment.
    PairType{"segment_segment",
             kMovingSegment,
             kMovingSegment,
             {{"a1", "b1"}, {"d1", "", ""}, false, "r1"},
             {{"a2", "b2"}, {"d2", "", ""}, true, "r2"},
             "two translating segments, each with a radius (capsules)",
             false}, // no lab side moves a segment as a body
    PairType{"point_rotating_segment", kMovingPoint, kTurningSegment, kPointNames,
             kTurningSegmentNames, "a moving point against a turning segment (certified)"},
    PairType{"circle_rotating_segment", kMovingCircle, kTurningSegment, kCircleNames,
             kTurningSegmentNames, "a moving circle against a turning segment (certified)"},
    PairType{"circle_rotating_polygon", kMovingCircle, kTurningPolygon, kCircleNames,
             kTurningPolygonNames, "a moving circle against a turning convex polygon (certified)"},
    PairType{"rotating_polygon_segment",
             kTurningPolygon,
             kMovingEndsSegment,
             kTurningPolygonNames,
             {{"a", "b"}, {"da", "db", ""}, true, "segment_radius"},
             "a turning convex polygon against a static, translating or moving segment "
             "(certified)"},
    PairType{"rotating_polygon_polygon",
             kTurningPolygon,
             kTurningPolygon,
             {{"p1", ""}, {"pivot1", "v1", "angle1"}, false, "r1"},
             {{"p2", ""}, {"pivot2", "v2", "angle2"}, false, "r2"},
             "two turning convex polygons (certified)"},
    // A polygon against a turning wall of the World (a windmill's blade, a paddle); a still or
    // translating polygon is a turning one by the angle 0 (generalisations).
    PairType{"rotating_polygon_rotating_segment",
             kTurningPolygon,
             kTurningSegment,
             {{"polygon", ""}, {"pivot1", "v1", "angle1"}, false, "polygon_radius"},
             {{"a", "b"}, {"pivot2", "v2", "angle2"}, false, "segment_radius"},
             "a turning (or, by the angle 0, translating) convex polygon against a turning "
             "segment (certified)",
             false}, // the World's turning walls: not a pair the query lab opens
};

// The default algorithm's rows first: the kinds table below takes its queries from them.
constexpr std::array kPairMethods{
    PairMethod{"circle_point", "exact", exact_circle_point},
    PairMethod{"circle_circle", "exact", exact_circle_circle},
    PairMethod{"circle_segment", "exact", exact_circle_segment},
    PairMethod{"point_segment", "exact", exact_point_segment},
    PairMethod{"point_moving_segment", "exact", exact_point_moving_segment},
    PairMethod{"circle_moving_segment", "exact", exact_circle_moving_segment},
    PairMethod{"polygon_polygon", "exact", exact_polygon_polygon},
    PairMethod{"circle_polygon", "exact", exact_circle_polygon},
    PairMethod{"polygon_moving_segment", "exact", exact_polygon_moving_segment},
    PairMethod{"segment_segment", "exact", exact_segment_segment},
    PairMethod{"point_rotating_segment", "exact", certified_turning},
    PairMethod{"circle_rotating_segment", "exact", certified_turning},
    PairMethod{"circle_rotating_polygon", "exact", certified_turning},
    PairMethod{"rotating_polygon_segment", "exact", certified_turning},
    PairMethod{"rotating_polygon_polygon", "exact", certified_turning},
    PairMethod{"rotating_polygon_rotating_segment", "exact", certified_turning},
    PairMethod{"circle_segment", "seed004", in_range<seed004_projection>},
    PairMethod{"circle_circle", "seed004", seed004_circle_circle},
    PairMethod{"circle_segment", "seed000-float32", in_range<seed000_float32>},
    PairMethod{"circle_segment", "conservative-advancement", in_range<conservative_advancement>},
    PairMethod{"point_rotating_segment", "conservative-advancement", advancement_turning},
    PairMethod{"circle_rotating_segment", "conservative-advancement", advancement_turning},
    PairMethod{"circle_rotating_polygon", "conservative-advancement", advancement_turning},
    PairMethod{"rotating_polygon_segment", "conservative-advancement", advancement_turning},
    PairMethod{"rotating_polygon_polygon", "conservative-advancement", advancement_turning},
    PairMethod{"point_rotating_segment", "seed002-chords", chords_turning, chords_refuse_rounding},
    PairMethod{"circle_rotating_segment", "seed002-chords", chords_turning, chords_refuse_rounding},
    PairMethod{"circle_rotating_polygon", "seed002-chords", chords_turning, chords_refuse_rounding},
    PairMethod{"rotating_polygon_segment", "seed002-chords", chords_turning,
               chords_refuse_rounding},
    PairMethod{"rotating_polygon_polygon", "seed002-chords", chords_turning,
               chords_refuse_rounding},
};

// The core's rows, then those of the algorithms registered from outside it.
std::vector<PairMethod>& method_rows() {
    static std::vector<PairMethod> rows(kPairMethods.begin(), kPairMethods.end());
    return rows;
}

const PairMethod* find_method(std::string_view pair, std::string_view algorithm) {
    for (const PairMethod& method : method_rows())
        if (method.pair == pair && method.algorithm == algorithm) return &method;
    return nullptr;
}

// ---- the choice for every pair of kinds, worked out once (Box2D's s_registers) ----------------

constexpr int kKinds = kShapeKinds * kMotionKinds;

int index_of(SweptKind kind) {
    return static_cast<int>(kind.shape) * kMotionKinds + static_cast<int>(kind.motion);
}

// `kind` and the kinds whose queries can answer it, most specific first: Still is a Translation
// by zero; a Translation moves a segment's ends alike (EndMotion) and is a Turning by the angle
// 0. Turning comes last, so a straight-line pair keeps its exact query wherever there is one and
// the certified turning query answers it only where nothing straighter is registered.
std::vector<SweptKind> generalisations(SweptKind kind) {
    std::vector<SweptKind> out{kind};
    const auto add = [&out, &kind](MotionKind motion) { out.push_back({kind.shape, motion}); };
    switch (kind.motion) {
    case MotionKind::Still:
        add(MotionKind::Translation);
        [[fallthrough]];
    case MotionKind::Translation:
        add(MotionKind::EndMotion);
        add(MotionKind::Turning);
        break;
    case MotionKind::EndMotion:
    case MotionKind::Turning:
        break;
    }
    return out;
}

const PairType* registered(SweptKind mover, SweptKind obstacle) {
    for (const PairType& pair : kPairTypes)
        if (pair.mover == mover && pair.obstacle == obstacle) return &pair;
    return nullptr;
}

struct Register {
    PairChoice choice;
    PairQuery exact = nullptr; // the default algorithm's query for choice.pair
};

struct Registers {
    std::array<std::array<Register, kKinds>, kKinds> table{};

    Registers() {
        for (int a = 0; a < kKinds; ++a)
            for (int b = 0; b < kKinds; ++b) {
                const SweptKind mover{static_cast<ShapeKind>(a / kMotionKinds),
                                      static_cast<MotionKind>(a % kMotionKinds)};
                const SweptKind obstacle{static_cast<ShapeKind>(b / kMotionKinds),
                                         static_cast<MotionKind>(b % kMotionKinds)};
                Register& r = table[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
                r.choice = resolve(mover, obstacle);
                if (r.choice.pair) r.exact = find_query(*r.choice.pair, algorithms().front());
            }
    }

    static PairChoice resolve(SweptKind mover, SweptKind obstacle) {
        for (const SweptKind m : generalisations(mover))
            for (const SweptKind o : generalisations(obstacle))
                if (const PairType* pair = registered(m, o)) return {pair, false};
        // The other way round, when what becomes the obstacle is a circle or a point: the
        // feature then names all of it (Circle, Point), as a query against it would.
        for (const SweptKind o : generalisations(obstacle))
            for (const SweptKind m : generalisations(mover))
                if (const PairType* pair = registered(o, m);
                    pair && (pair->mover.shape == ShapeKind::Circle ||
                             pair->mover.shape == ShapeKind::Point))
                    return {pair, true};
        return {};
    }
};

const Registers& registers() {
    static const Registers instance;
    return instance;
}

const Register& register_of(const Swept& mover, const Swept& obstacle) {
    return registers().table[static_cast<std::size_t>(index_of(kind_of(mover)))]
                            [static_cast<std::size_t>(index_of(kind_of(obstacle)))];
}

// Where a candidate's root happens: the point of its equation that moves onto the other's
// part, at the root's time (TraceRoot::position), for the sides as the query took them.
std::optional<Vec2> root_position(const TraceCandidate& c, const Swept& mover,
                                  const Swept& obstacle, double t) {
    if (const auto* circle = std::get_if<Circle>(&mover.shape))
        return mover.moved(circle->center, t);
    if (const auto* p = std::get_if<Point>(&mover.shape)) return mover.moved(p->position, t);
    const auto vertex = [t](const Swept& side, int index) -> std::optional<Vec2> {
        const auto* polygon = std::get_if<Polygon>(&side.shape);
        if (!polygon || index < 0 || static_cast<std::size_t>(index) >= polygon->vertices.size())
            return std::nullopt;
        return side.moved(polygon->vertices[static_cast<std::size_t>(index)], t);
    };
    if (c.mover_vertex >= 0) return vertex(mover, c.mover_vertex);
    if (c.obstacle_vertex >= 0) return vertex(obstacle, c.obstacle_vertex);
    if (const auto* s = std::get_if<Segment>(&obstacle.shape)) { // an end against an edge
        const EndMotion e = obstacle.end_motion();
        if (c.feature == Feature::EndpointA) return s->a + e.displacement_a * t;
        if (c.feature == Feature::EndpointB) return s->b + e.displacement_b * t;
    }
    return std::nullopt;
}

// Where a candidate's root happens for a method that moved the vertices along chords
// (seed002-chords): along the chord of the candidate's vertex (a circle's or point's centre: the
// mover's one), not along its arc.
std::optional<Vec2> chord_position(const TraceCandidate& c, const std::vector<VertexChord>& chords,
                                   double t) {
    const bool on_mover = c.obstacle_vertex < 0;
    const int vertex = on_mover ? std::max(c.mover_vertex, 0) : c.obstacle_vertex;
    for (const VertexChord& chord : chords)
        if (chord.on_mover == on_mover && chord.vertex == vertex)
            return chord.from + (chord.to - chord.from) * t;
    return std::nullopt;
}

void place_roots(Trace* trace, const Swept& mover, const Swept& obstacle) {
    if (!trace) return;
    for (TraceCandidate& c : trace->candidates)
        for (TraceRoot& root : c.roots)
            root.position = trace->chords.empty() ? root_position(c, mover, obstacle, root.t)
                                                  : chord_position(c, trace->chords, root.t);
}

template <class Parts>
void swap_sides(Parts& parts) {
    std::swap(parts.mover_vertex, parts.obstacle_vertex);
    std::swap(parts.mover_edge, parts.obstacle_edge);
}

std::optional<Hit> run(const PairChoice& choice, PairQuery query, const Swept& mover,
                       const Swept& obstacle, Trace* trace) {
    if (!choice.swapped) {
        auto hit = query(mover, obstacle, trace);
        place_roots(trace, mover, obstacle);
        return hit;
    }
    // Asked the other way round, then told from the mover's side. The point where they touch
    // is on both surfaces; the closing speed is the same either way. The obstacle's part is
    // all of it; the parts named change sides.
    auto hit = query(obstacle, mover, trace);
    place_roots(trace, obstacle, mover);
    if (trace)
        for (TraceCandidate& c : trace->candidates)
            swap_sides(c);
    if (!hit) return hit;
    hit->normal = -hit->normal;
    hit->feature = obstacle.shape_kind() == ShapeKind::Point ? Feature::Point : Feature::Circle;
    swap_sides(*hit);
    return hit;
}

// ---- accelerated sides (docs/accuracy.md, "Parabolic paths") ---------------------------------

bool is_default(const Algorithm& algorithm) {
    return algorithm.name == algorithms().front().name;
}

bool round_and_straight(const Swept& side) {
    const ShapeKind shape = side.shape_kind();
    const MotionKind motion = side.motion_kind();
    return (shape == ShapeKind::Circle || shape == ShapeKind::Point) &&
           (motion == MotionKind::Still || motion == MotionKind::Translation);
}

Circle as_circle(const Swept& side) {
    if (const auto* c = std::get_if<Circle>(&side.shape)) return *c;
    return Circle{std::get<Point>(side.shape).position, 0.0};
}

// The exact answer for a mover that accelerates against an obstacle that does not: a circle or
// point against a static segment, a point or a translating circle by the parabolic queries
// (toi_parabolic.hpp), every other pair by the certified engine, whose bounds take the
// acceleration (toi_turning.hpp; polygons convex and counter-clockwise, as for a turning pair).
std::optional<Hit> parabolic_exact(const Swept& m, const Swept& o, Trace* trace) {
    if (round_and_straight(m)) {
        const Circle c = as_circle(m);
        if (o.shape_kind() == ShapeKind::Segment && o.motion_kind() == MotionKind::Still)
            return time_of_impact_parabolic(c, m.displacement(), m.acceleration, segment(o), trace);
        if (round_and_straight(o)) {
            auto hit = time_of_impact_parabolic(c, m.displacement(), m.acceleration, as_circle(o),
                                                o.displacement(), trace);
            const Feature f = o.shape_kind() == ShapeKind::Point ? Feature::Point : Feature::Circle;
            if (hit) hit->feature = f;
            if (trace)
                for (TraceCandidate& candidate : trace->candidates)
                    candidate.feature = f;
            return hit;
        }
    }
    return certified_time_of_impact(m, o, trace);
}

std::string no_acceleration(const Algorithm& algorithm) {
    return std::string(algorithm.name) +
           " moves its shapes along straight lines: it takes no acceleration (a parabolic "
           "path; the exact query answers it)";
}

// A pair with an acceleration, asked in the obstacle's frame: the mover's acceleration made
// relative to the obstacle's and the obstacle's none. Distances, normals, times and closing
// speeds are the same there; a point is where it is in the world once the obstacle's drift
// (acceleration t^2 / 2) is added back. With no relative acceleration left, any algorithm
// answers as on straight lines; with one, the exact query (parabolic_exact), and every other
// algorithm refuses it (`no_acceleration`).
std::optional<Hit> accelerated(const Algorithm* algorithm, const Swept& mover,
                               const Swept& obstacle, Trace* trace) {
    Swept m = mover, o = obstacle;
    m.acceleration = mover.acceleration - obstacle.acceleration;
    o.acceleration = {};
    std::optional<Hit> hit;
    if (!m.accelerates()) {
        hit = algorithm ? time_of_impact(*algorithm, m, o, trace) : time_of_impact(m, o, trace);
    } else if (algorithm && !is_default(*algorithm)) {
        if (trace) {
            trace->begin("parabolic (" + std::string(algorithm->name) + ")");
            trace->add_candidate("cannot express", Feature::SegmentInterior).note =
                no_acceleration(*algorithm);
        }
        return std::nullopt;
    } else {
        hit = parabolic_exact(m, o, trace);
        place_roots(trace, m, o);
    }
    if (!obstacle.accelerates()) return hit;
    if (hit) hit->point += obstacle.drift(hit->t);
    if (trace)
        for (TraceCandidate& c : trace->candidates)
            for (TraceRoot& root : c.roots)
                if (root.position) *root.position += obstacle.drift(root.t);
    return hit;
}

} // namespace

std::span<const PairType> pair_types() {
    return kPairTypes;
}

const PairType* find_pair_type(std::string_view name) {
    for (const PairType& pair : kPairTypes)
        if (pair.name == name) return &pair;
    return nullptr;
}

std::string pair_type_names() {
    std::string out;
    for (std::size_t i = 0; i < kPairTypes.size(); ++i) {
        if (i > 0) out += i + 1 == kPairTypes.size() ? " or " : ", ";
        out += kPairTypes[i].name;
    }
    return out;
}

std::span<const PairMethod> pair_methods() {
    return method_rows();
}

PairQuery find_query(const PairType& pair, const Algorithm& algorithm) {
    const PairMethod* method = find_method(pair.name, algorithm.name);
    return method ? method->query : nullptr;
}

bool register_algorithm(const Algorithm& algorithm, std::span<const PairMethod> methods) {
    if (!detail::append_algorithm(algorithm)) return false;
    for (const PairMethod& method : methods)
        method_rows().push_back(method);
    return true;
}

std::vector<const PairType*> pairs_answered_by(const Algorithm& algorithm) {
    std::vector<const PairType*> out;
    for (const PairType& pair : kPairTypes)
        if (find_query(pair, algorithm)) out.push_back(&pair);
    return out;
}

PairChoice choose_pair(SweptKind mover, SweptKind obstacle) {
    return registers()
        .table[static_cast<std::size_t>(index_of(mover))]
              [static_cast<std::size_t>(index_of(obstacle))]
        .choice;
}

std::optional<Hit> time_of_impact(const Swept& mover, const Swept& obstacle, Trace* trace) {
    if (mover.accelerates() || obstacle.accelerates())
        return accelerated(nullptr, mover, obstacle, trace);
    const Register& r = register_of(mover, obstacle);
    if (!r.exact) return std::nullopt;
    return run(r.choice, r.exact, mover, obstacle, trace);
}

std::optional<Hit> time_of_impact(const Algorithm& algorithm, const Swept& mover,
                                  const Swept& obstacle, Trace* trace) {
    if (mover.accelerates() || obstacle.accelerates())
        return accelerated(&algorithm, mover, obstacle, trace);
    const PairChoice& choice = register_of(mover, obstacle).choice;
    if (!choice.pair) return std::nullopt;
    const PairMethod* method = find_method(choice.pair->name, algorithm.name);
    if (!method) return std::nullopt;
    if (method->refusal) {
        const Swept& m = choice.swapped ? obstacle : mover;
        const Swept& o = choice.swapped ? mover : obstacle;
        if (auto why = method->refusal(m, o)) {
            if (trace) {
                trace->begin(std::string(choice.pair->name) + " (" + std::string(algorithm.name) +
                             ")");
                trace->add_candidate("cannot express", Feature::SegmentInterior).note = *why;
            }
            return std::nullopt;
        }
    }
    return run(choice, method->query, mover, obstacle, trace);
}

std::optional<std::string> inexpressible(const Algorithm& algorithm, const Swept& mover,
                                         const Swept& obstacle) {
    const PairChoice& choice = register_of(mover, obstacle).choice;
    if (!choice.pair) return std::nullopt;
    const PairMethod* method = find_method(choice.pair->name, algorithm.name);
    if (method && !is_default(algorithm) && mover.acceleration != obstacle.acceleration)
        return no_acceleration(algorithm);
    if (!method || !method->refusal) return std::nullopt;
    return choice.swapped ? method->refusal(obstacle, mover) : method->refusal(mover, obstacle);
}

} // namespace ccd
