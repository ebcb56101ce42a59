// b2TimeOfImpact on two sides built as Box2D's shapes (box2d_side.hpp), its answer told as a
// Hit, and what it did as a trace.
#include "ccd/box2d_toi.hpp"

#include "box2d_search.hpp"
#include "box2d_side.hpp"

#include <box2d/b2_common.h>
#include <box2d/b2_time_of_impact.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>
#include <vector>

// Box2D 2.4.1 counts b2TimeOfImpact's work in these globals (defined in its
// b2_time_of_impact.cpp, declared in no header): the outer iterations and the root finder's.
extern B2_API int32 b2_toiIters;
extern B2_API int32 b2_toiRootIters;

namespace ccd::box2d {
namespace {

// b2TimeOfImpact's caps (k_maxIterations and the root finder's 50, in its source).
constexpr int kIterationCap = 20;
constexpr int kRootIterationCap = 50;

std::string_view state_name(b2TOIOutput::State state) {
    switch (state) {
    case b2TOIOutput::e_unknown:
        return "unknown";
    case b2TOIOutput::e_failed:
        return "failed";
    case b2TOIOutput::e_overlapped:
        return "overlapped";
    case b2TOIOutput::e_touching:
        return "touching";
    case b2TOIOutput::e_separated:
        return "separated";
    }
    return "unknown";
}

std::string format(const char* pattern, double a, double b = 0.0, double c = 0.0, double d = 0.0) {
    char text[400];
    std::snprintf(text, sizeof text, pattern, a, b, c, d);
    return text;
}

Vec2 to_double(b2Vec2 v) {
    return {v.x, v.y};
}

// b2Distance between the two cores (no radii) at time t, and the simplex it ended with.
struct CoreDistance {
    b2DistanceOutput output;
    b2SimplexCache cache;
};

CoreDistance core_distance(const Side& a, const Side& b, float t) {
    b2DistanceInput input;
    input.proxyA = a.proxy();
    input.proxyB = b.proxy();
    input.useRadii = false;
    a.sweep().GetTransform(&input.transformA, t);
    b.sweep().GetTransform(&input.transformB, t);
    CoreDistance out{};
    out.cache.count = 0;
    b2Distance(&out.output, &out.cache, &input);
    return out;
}

// The parts the final simplex names: a vertex of a side, or an edge (two of its vertices).
void name_parts(const CoreDistance& d, const Side& obstacle, const Side& mover, Hit& hit) {
    const b2SimplexCache& cache = d.cache;
    if (cache.count < 1 || cache.count > 2) return; // 3: the cores overlap, nothing to name
    const bool obstacle_edge = cache.count == 2 && cache.indexA[0] != cache.indexA[1];
    const bool mover_edge = cache.count == 2 && cache.indexB[0] != cache.indexB[1];
    switch (obstacle.kind()) {
    case ShapeKind::Point:
        hit.feature = Feature::Point;
        break;
    case ShapeKind::Circle:
        hit.feature = Feature::Circle;
        break;
    case ShapeKind::Segment:
        hit.feature = obstacle_edge                          ? Feature::SegmentInterior
                      : obstacle.our_vertex(cache.indexA[0]) ? Feature::EndpointB
                                                             : Feature::EndpointA;
        break;
    case ShapeKind::Polygon:
        if (obstacle_edge) {
            hit.feature = Feature::PolygonEdge;
            hit.obstacle_edge = obstacle.our_edge(cache.indexA[0], cache.indexA[1]);
        } else {
            hit.feature = Feature::PolygonVertex;
            hit.obstacle_vertex = obstacle.our_vertex(cache.indexA[0]);
        }
        break;
    }
    if (mover.kind() == ShapeKind::Polygon) {
        if (mover_edge)
            hit.mover_edge = mover.our_edge(cache.indexB[0], cache.indexB[1]);
        else
            hit.mover_vertex = mover.our_vertex(cache.indexB[0]);
    }
}

// The closest the cores come over the frame, sampled at 65 times: what a miss is explained by.
std::pair<double, double> closest_sampled(const Side& a, const Side& b) {
    std::pair<double, double> best{std::numeric_limits<double>::infinity(), 0.0};
    for (int k = 0; k <= 64; ++k) {
        const float t = static_cast<float>(k) / 64.0f;
        const double distance = core_distance(a, b, t).output.distance;
        if (distance < best.first) best = {distance, t};
    }
    return best;
}

std::string explanation(b2TOIOutput::State state, double t, double separation, double target,
                        double tolerance, int iterations, const Side& a, const Side& b) {
    switch (state) {
    case b2TOIOutput::e_touching:
        return format("touching: at t = %.9g the cores are %.6g apart, within its target %.6g "
                      "+- %.6g",
                      t, separation, target, tolerance) +
               " after " + std::to_string(iterations) + " of " + std::to_string(kIterationCap) +
               " iterations";
    case b2TOIOutput::e_separated: {
        const auto [closest, at] = closest_sampled(a, b);
        return format("separated: on its last separating axis the cores end the frame more "
                      "than %.6g + %.6g apart, so no impact (sampled, the cores come within "
                      "%.6g at t = %.4g)",
                      target, tolerance, closest, at) +
               " after " + std::to_string(iterations) + " iterations";
    }
    case b2TOIOutput::e_overlapped:
        return "overlapped: the cores already intersect at t = 0 (distance 0), where Box2D "
               "gives up on continuous collision";
    case b2TOIOutput::e_failed:
        return format("failed: stopped at t = %.9g with the cores %.6g apart, not within its "
                      "target %.6g +- %.6g",
                      t, separation, target, tolerance) +
               " after " + std::to_string(iterations) + " of " + std::to_string(kIterationCap) +
               " iterations (its root finder takes at most " + std::to_string(kRootIterationCap) +
               " steps a root); Box2D's world takes this as no impact in the step";
    case b2TOIOutput::e_unknown:
        break;
    }
    return "unknown state";
}

// Every time an iteration looked at, in order, without repeats, for the plain words.
std::string checked_times(const std::vector<SeparatingAxisIteration>& iterations) {
    std::vector<double> times;
    for (const SeparatingAxisIteration& seen : iterations) {
        times.push_back(seen.t1);
        for (const AxisCheck& check : seen.checks)
            times.push_back(check.t);
    }
    std::string text;
    std::vector<double> said;
    for (const double t : times) {
        if (std::find(said.begin(), said.end(), t) != said.end()) continue;
        said.push_back(t);
        if (said.size() > 12) {
            text += ", ...";
            break;
        }
        text += (text.empty() ? "" : ", ") + format("%.4g", t);
    }
    return text;
}

// Why Box2D stopped where it did, in plain words, from its replayed iterations: where it
// advanced to and what it measured there.
std::string why_stopped(const ReplayedSearch& replay, double target, double tolerance,
                        const Side& a, const Side& b) {
    const SeparatingAxisIteration& last = replay.iterations_seen.back();
    const std::string looked = "; it checked t = " + checked_times(replay.iterations_seen);
    if (replay.state == b2TOIOutput::e_overlapped)
        return "at t = 0 the shapes' cores already overlap: Box2D gives up on continuous "
               "collision";
    if (last.kind.empty()) // stopped on the distance at t1, before making an axis
        return format("it advanced to t = %.6g, where the cores were %.6g apart, within its "
                      "target %.6g + %.6g: a contact",
                      last.t1, last.distance, target, tolerance) +
               looked;
    const AxisCheck& end = last.checks.back();
    if (replay.state == b2TOIOutput::e_separated) {
        std::string text =
            format("it advanced to t = %.6g; on the separating axis it made there", last.t1) +
            " (" + last.kind + ")" +
            format(", the separation at t = %.6g was %.6g > target %.6g + %.6g, so it took the "
                   "shapes to stay apart",
                   end.t, end.separation, target, tolerance) +
            looked;
        const auto [closest, at] = closest_sampled(a, b);
        if (closest <= 0.0)
            text += format("; the shapes cross between its checks (sampled, their cores overlap "
                           "at t = %.4g)",
                           at);
        else if (closest < target)
            text += format("; the shapes cross between its checks (sampled, their cores come "
                           "within %.6g at t = %.4g)",
                           closest, at);
        return text;
    }
    if (replay.state == b2TOIOutput::e_touching)
        return format("it advanced to t = %.6g, where the separation along its axis was %.6g, "
                      "within its target %.6g + %.6g: a contact",
                      end.t, end.separation, target, tolerance) +
               looked;
    if (replay.iterations == kIterationCap)
        return "it ran out of its " + std::to_string(kIterationCap) +
               format(" iterations at t = %.6g, still short of its target %.6g: it gives up "
                      "there (Box2D's world takes that as no impact)",
                      replay.t, target) +
               looked;
    return format("at t = %.6g the separation along its new axis was %.6g, below its target "
                  "%.6g - %.6g (its root finder had gone too far): it gives up there",
                  end.t, end.separation, target, tolerance) +
           looked;
}

// The iterations of `replay` on `search` when the replay ended as Box2D's own run did (state,
// t and counts the same, bit for bit); else none, and why_stopped says so.
void record_iterations(ReplayedSearch replay, const b2TOIOutput& output, int iterations,
                       int root_iterations, const Side& a, const Side& b, IterativeSearch& search) {
    if (replay.state != output.state || replay.t != output.t || replay.iterations != iterations ||
        replay.root_iterations != root_iterations) {
        search.why_stopped = "(its search could not be replayed as it ran: the replay ended " +
                             std::string(state_name(replay.state)) +
                             format(" at t = %.9g; its iterations are not shown)", replay.t);
        return;
    }
    search.why_stopped = why_stopped(replay, search.target, search.tolerance, a, b);
    search.axes = std::move(replay.iterations_seen);
}

} // namespace

namespace {

// b2TimeOfImpact's input for two sides: A the obstacle, B the mover.
b2TOIInput toi_input(const Side& a, const Side& b) {
    b2TOIInput input;
    input.proxyA = a.proxy();
    input.proxyB = b.proxy();
    input.sweepA = a.sweep();
    input.sweepB = b.sweep();
    input.tMax = 1.0f;
    return input;
}

} // namespace

std::optional<std::string> inexpressible(const Swept& mover, const Swept& obstacle) {
    if (auto why = box2d::inexpressible(mover, "mover")) return why;
    if (auto why = box2d::inexpressible(obstacle, "obstacle")) return why;
    // An input on which b2TimeOfImpact stops the program on its own assertion: found by its
    // replay, which follows it step for step (box2d_search.hpp), so the library is not called.
    const Side a(obstacle), b(mover);
    const ReplayedSearch replay = replay_time_of_impact(toi_input(a, b));
    if (!replay.asserts) return std::nullopt;
    const double distance = replay.iterations_seen.back().distance;
    const std::string apart =
        std::isnan(distance) ? std::string("its distance NaN (float overflowed: b2Distance "
                                           "multiplies up to four lengths, float ends at 3.4e38)")
                             : format("the cores %.6g apart", distance);
    return format("b2TimeOfImpact would stop the program here: at t = %.9g its b2Distance left a "
                  "simplex of %.0f vertices, ",
                  replay.t, replay.simplex) +
           apart +
           ", and b2SeparationFunction::Initialize asserts 0 < count < 3 (b2_time_of_impact.cpp)";
}

std::optional<Hit> time_of_impact(const Swept& mover, const Swept& obstacle, Trace* trace) {
    if (trace) trace->begin("b2TimeOfImpact");
    if (auto why = inexpressible(mover, obstacle)) {
        if (trace) trace->add_candidate("cannot express", Feature::SegmentInterior).note = *why;
        return std::nullopt;
    }
    const Side a(obstacle), b(mover); // Box2D's shape A and shape B
    const b2TOIInput input = toi_input(a, b);
    const int iterations_before = b2_toiIters, root_iterations_before = b2_toiRootIters;
    b2TOIOutput output;
    b2TimeOfImpact(&output, &input);
    const int iterations = b2_toiIters - iterations_before;
    const int root_iterations = b2_toiRootIters - root_iterations_before;

    const bool answers = output.state == b2TOIOutput::e_touching ||
                         output.state == b2TOIOutput::e_overlapped ||
                         output.state == b2TOIOutput::e_failed;
    const float t = output.state == b2TOIOutput::e_overlapped ? 0.0f : output.t;
    const CoreDistance d = core_distance(a, b, t);
    std::optional<Hit> hit;
    if (answers) {
        Hit h;
        h.t = t;
        const Vec2 pa = to_double(d.output.pointA), pb = to_double(d.output.pointB);
        h.normal =
            normalized_or(pb - pa, normalized_or(b.centre_at(t) - a.centre_at(t), Vec2{0.0, 1.0}));
        h.point = pa + h.normal * a.radius();
        h.feature = Feature::SegmentInterior;
        name_parts(d, a, b, h);
        // Touching at the start (Box2D's e_touching at 0, or its cores intersecting); a failed
        // search stopped at t = 0 is no overlap.
        h.overlap = output.state == b2TOIOutput::e_overlapped ||
                    (output.state == b2TOIOutput::e_touching && t == 0.0f);
        h.approaching = dot(b.velocity_at(h.point, t) - a.velocity_at(h.point, t), h.normal) < 0.0;
        hit = h;
    }
    if (trace) {
        // Box2D's target (b2TimeOfImpact's own arithmetic, in float).
        const float total_radius = input.proxyA.m_radius + input.proxyB.m_radius;
        const float target = b2Max(b2_linearSlop, total_radius - 3.0f * b2_linearSlop);
        const float tolerance = 0.25f * b2_linearSlop;
        IterativeSearch search;
        search.method = "b2TimeOfImpact (Box2D 2.4.1, float)";
        search.state = state_name(output.state);
        search.target = target;
        search.tolerance = tolerance;
        search.iterations = iterations;
        search.iteration_cap = kIterationCap;
        search.root_iterations = root_iterations;
        search.root_iteration_cap = kRootIterationCap;
        search.separation = d.output.distance;
        search.explanation =
            explanation(output.state, t, d.output.distance, target, tolerance, iterations, a, b);
        record_iterations(replay_time_of_impact(input), output, iterations, root_iterations, a, b,
                          search);
        const std::vector<double> times = hit ? std::vector<double>{hit->t} : std::vector<double>{};
        trace->add_iterative("b2TimeOfImpact", std::move(search), hit, times);
    }
    return hit;
}

} // namespace ccd::box2d
