// Bullet's casts on two sides built as Bullet's shapes (bullet_side.hpp), the answer told as a
// Hit, and what the cast did as a trace.
#include "ccd/bullet_toi.hpp"

#include "bullet_side.hpp"

#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btSubSimplexConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace ccd::bullet {
namespace {

// Each cast's iteration cap and where it stops (Bullet 3.24 in double precision):
// btContinuousConvexCollision.cpp and btGjkConvexCast.cpp define MAX_ITERATIONS 64 and stop at
// a distance of `radius` = 0.001; btSubsimplexConvexCast takes CastResult's
// m_subSimplexCastMaxIterations (64) and stops when the squared distance of its ray point to the
// shapes' difference is at most m_subSimplexCastEpsilon (SIMD_EPSILON * 10).
constexpr int kIterationCap = 64;

struct MethodFacts {
    const char* name;
    double stop; // the separation it stops at
};

MethodFacts facts(Method method) {
    switch (method) {
    case Method::ContinuousConvex:
        return {"btContinuousConvexCollision (Bullet 3.24, double)", kStopDistance};
    case Method::GjkConvexCast:
        return {"btGjkConvexCast (Bullet 3.24, double)", kStopDistance};
    case Method::SubsimplexConvexCast:
        return {"btSubsimplexConvexCast (Bullet 3.24, double)", std::sqrt(MAX_CONVEX_CAST_EPSILON)};
    }
    return {"", 0.0};
}

MotionLimit motion_limit(Method method) {
    return method == Method::ContinuousConvex ? MotionLimit::TurnBelowPi
                                              : MotionLimit::StraightLine;
}

// Bullet's CastResult, recording the fractions the cast probed (DebugDraw) and the failure it
// reported (reportFailure: -1 GJK without an answer, -2 the iteration cap).
struct RecordingResult : btConvexCast::CastResult {
    std::vector<double> probes;
    int failure = 0;
    void DebugDraw(btScalar fraction) override { probes.push_back(fraction); }
    void reportFailure(int error, int) override { failure = error; }
};

bool run_cast(Method method, const Side& a, const Side& b, RecordingResult& result) {
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver penetration;
    switch (method) {
    case Method::ContinuousConvex: {
        btContinuousConvexCollision cast(&a.shape(), &b.shape(), &simplex, &penetration);
        return cast.calcTimeOfImpact(a.from(), a.to(), b.from(), b.to(), result);
    }
    case Method::GjkConvexCast: {
        btGjkConvexCast cast(&a.shape(), &b.shape(), &simplex);
        return cast.calcTimeOfImpact(a.from(), a.to(), b.from(), b.to(), result);
    }
    case Method::SubsimplexConvexCast: {
        btSubsimplexConvexCast cast(&a.shape(), &b.shape(), &simplex);
        return cast.calcTimeOfImpact(a.from(), a.to(), b.from(), b.to(), result);
    }
    }
    return false;
}

// Bullet's btGjkPairDetector between the two shapes at time t of their motions as given: the
// separation (margins included: a circle's radius), the closest point on B and B's normal.
struct Closest {
    bool found = false;
    double separation = std::numeric_limits<double>::infinity();
    Vec2 point_on_b;
    Vec2 normal_on_b; // from B toward A
};

Closest closest_at(const Side& a, const Side& b, double t) {
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver penetration;
    btGjkPairDetector gjk(&a.shape(), &b.shape(), &simplex, &penetration);
    btGjkPairDetector::ClosestPointInput input;
    input.m_transformA = a.at(t);
    input.m_transformB = b.at(t);
    btPointCollector collector;
    gjk.getClosestPoints(input, collector, nullptr);
    Closest out;
    out.found = collector.m_hasResult;
    if (!out.found) return out;
    out.separation = collector.m_distance;
    out.point_on_b = {collector.m_pointInWorld.x(), collector.m_pointInWorld.y()};
    out.normal_on_b = {collector.m_normalOnBInWorld.x(), collector.m_normalOnBInWorld.y()};
    return out;
}

double distance_to_segment(Vec2 p, Vec2 a, Vec2 b, double& s) {
    const Vec2 d = b - a;
    const double length2 = dot(d, d);
    s = length2 > 0.0 ? std::clamp(dot(p - a, d) / length2, 0.0, 1.0) : 0.0;
    return length(p - (a + d * s));
}

// The part of the obstacle nearest `point` (a point of the obstacle at t = 0): a segment's end
// or its inside, a polygon's vertex or edge.
void name_obstacle_part(const Shape& obstacle, Vec2 point, Hit& hit) {
    constexpr double kEnd = 1e-9; // of the edge's length: at a vertex
    std::vector<Vec2> vertices;
    if (std::holds_alternative<Point>(obstacle)) hit.feature = Feature::Point;
    if (std::holds_alternative<Circle>(obstacle)) hit.feature = Feature::Circle;
    if (const auto* s = std::get_if<Segment>(&obstacle)) vertices = {s->a, s->b};
    if (const auto* p = std::get_if<Polygon>(&obstacle)) vertices = p->vertices;
    if (vertices.empty()) return;
    const bool polygon = std::holds_alternative<Polygon>(obstacle);
    const std::size_t edges = polygon ? vertices.size() : 1;
    std::size_t nearest = 0;
    double nearest_distance = std::numeric_limits<double>::infinity(), nearest_s = 0.0;
    for (std::size_t k = 0; k < edges; ++k) {
        double s = 0.0;
        const double d =
            distance_to_segment(point, vertices[k], vertices[(k + 1) % vertices.size()], s);
        if (d < nearest_distance) nearest = k, nearest_distance = d, nearest_s = s;
    }
    const int k = static_cast<int>(nearest), n = static_cast<int>(vertices.size());
    if (!polygon) {
        hit.feature = nearest_s <= kEnd         ? Feature::EndpointA
                      : nearest_s >= 1.0 - kEnd ? Feature::EndpointB
                                                : Feature::SegmentInterior;
    } else if (nearest_s <= kEnd || nearest_s >= 1.0 - kEnd) {
        hit.feature = Feature::PolygonVertex;
        hit.obstacle_vertex = nearest_s <= kEnd ? k : (k + 1) % n;
    } else {
        hit.feature = Feature::PolygonEdge;
        hit.obstacle_edge = k;
    }
}

Hit hit_at(double t, const Side& a, const Side& b, const Shape& obstacle) {
    const Closest c = closest_at(a, b, t);
    Hit hit;
    hit.t = t;
    const Vec2 fallback = normalized_or(a.origin_at(t) - b.origin_at(t), Vec2{0.0, 1.0});
    hit.normal = c.found ? normalized_or(c.normal_on_b, fallback) : fallback;
    hit.point = c.found ? c.point_on_b : b.origin_at(t);
    name_obstacle_part(obstacle, b.at_start(hit.point, t), hit);
    hit.overlap = t == 0.0;
    hit.approaching =
        dot(a.velocity_at(hit.point, t) - b.velocity_at(hit.point, t), hit.normal) < 0.0;
    return hit;
}

std::string format(const char* pattern, double a, double b = 0.0, double c = 0.0) {
    char text[400];
    std::snprintf(text, sizeof text, pattern, a, b, c);
    return text;
}

// The closest the shapes come over the frame, sampled at 65 times: what a miss is explained by.
std::pair<double, double> closest_sampled(const Side& a, const Side& b) {
    std::pair<double, double> best{std::numeric_limits<double>::infinity(), 0.0};
    for (int k = 0; k <= 64; ++k) {
        const double t = k / 64.0;
        const double separation = closest_at(a, b, t).separation;
        if (separation < best.first) best = {separation, t};
    }
    return best;
}

std::string miss_reason(Method method, bool answered, double t, const RecordingResult& result) {
    if (answered) return format("it answered the fraction %.17g, outside the frame", t);
    if (method == Method::SubsimplexConvexCast)
        return "it answered false (a step past t = 1, the shapes not closing along its normal, "
               "or an overlap at the start)";
    if (result.failure == -2)
        return "its iteration cap (" + std::to_string(kIterationCap) + ") ran out";
    if (result.failure == -1) return "its GJK gave no closest points";
    if (result.probes.empty()) return "it answered false before any step";
    return format("it answered false after its last probe, t = %.17g", result.probes.back());
}

// How many probes the cast made: btSubsimplexConvexCast reports none (it calls no DebugDraw and
// its simplex solver's calls are not virtual), so its count is unknown.
std::string probes_text(Method method, const RecordingResult& result) {
    if (method == Method::SubsimplexConvexCast) return "its iterations are not reported";
    return std::to_string(result.probes.size()) + " probes";
}

std::string explanation(Method method, bool answered, bool hit, double t, double separation,
                        const RecordingResult& result, const Side& a, const Side& b) {
    const std::string probes = probes_text(method, result);
    if (hit)
        return format("hit: at t = %.17g the shapes are %.6g apart", t, separation) + " (" +
               probes + ")";
    const auto [closest, at] = closest_sampled(a, b);
    return "no hit: " + miss_reason(method, answered, t, result) + " (" + probes + ")" +
           format("; sampled, the shapes come within %.6g at t = %.4g", closest, at);
}

IterativeSearch search_of(Method method, bool answered, bool hit, double t,
                          const RecordingResult& result, const Side& a, const Side& b) {
    const MethodFacts f = facts(method);
    IterativeSearch search;
    search.method = f.name;
    search.state = hit ? "hit" : result.failure == -2 ? "iteration cap" : "no hit";
    search.target = f.stop;
    search.tolerance = 0.0;
    search.iterations = static_cast<int>(result.probes.size());
    search.iteration_cap = kIterationCap;
    search.separation = closest_at(a, b, hit ? t : 1.0).separation;
    search.explanation = explanation(method, answered, hit, t, search.separation, result, a, b);
    for (const double probe : result.probes)
        search.steps.push_back({probe, closest_at(a, b, probe).separation, 0.0});
    return search;
}

void record(Trace& trace, const std::optional<Hit>& hit, IterativeSearch search) {
    TraceCandidate& c =
        trace.add_candidate(search.method, hit ? hit->feature : Feature::SegmentInterior);
    c.note = search.explanation;
    if (hit) {
        c.roots.push_back({hit->t, RootVerdict::Taken});
        c.obstacle_vertex = hit->obstacle_vertex;
        c.obstacle_edge = hit->obstacle_edge;
    }
    trace.overlap_at_start = hit && hit->overlap;
    trace.iterative = std::move(search);
}

} // namespace

std::optional<std::string> inexpressible(Method method, const Swept& mover, const Swept& obstacle) {
    if (auto why = bullet::inexpressible(mover, motion_limit(method), "mover")) return why;
    return bullet::inexpressible(obstacle, motion_limit(method), "obstacle");
}

std::optional<Hit> time_of_impact(Method method, const Swept& mover, const Swept& obstacle,
                                  Trace* trace) {
    if (trace) trace->begin(facts(method).name);
    if (auto why = inexpressible(method, mover, obstacle)) {
        if (trace) trace->add_candidate("cannot express", Feature::SegmentInterior).note = *why;
        return std::nullopt;
    }
    const Side a(mover), b(obstacle); // Bullet's shape A and shape B
    RecordingResult result;
    const bool answered = run_cast(method, a, b, result);
    const double t = result.m_fraction;
    // A fraction outside [0, 1] (or not a number) is no time in the frame: no hit.
    const bool hit_in_frame = answered && t >= 0.0 && t <= 1.0;
    std::optional<Hit> hit;
    if (hit_in_frame) hit = hit_at(t, a, b, obstacle.shape);
    if (trace) record(*trace, hit, search_of(method, answered, hit_in_frame, t, result, a, b));
    return hit;
}

} // namespace ccd::bullet
