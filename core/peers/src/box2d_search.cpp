// b2TimeOfImpact replayed with a record of what it looked at (box2d_search.hpp). Each step
// names the part of Box2D 2.4.1's b2_time_of_impact.cpp it follows; the arithmetic is that
// file's, in float, in its order.
#include "box2d_search.hpp"

#include <box2d/b2_common.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_math.h>
#include <box2d/b2_settings.h>

namespace ccd::box2d {
namespace {

// b2TimeOfImpact's caps: k_maxIterations, and the root finder's 50 steps a root.
constexpr int kMaxIterations = 20;
constexpr int kRootSteps = 50;

// b2SeparationFunction's three kinds of axis.
enum class AxisKind { Points, FaceA, FaceB };

// One outer iteration's separating axis: b2SeparationFunction's members.
struct SeparatingAxis {
    const b2DistanceProxy* proxy_a = nullptr;
    const b2DistanceProxy* proxy_b = nullptr;
    b2Sweep sweep_a{}, sweep_b{};
    AxisKind kind = AxisKind::Points;
    b2Vec2 local_point{0.0f, 0.0f};
    b2Vec2 axis{0.0f, 0.0f};
};

// b2SeparationFunction::Initialize: the axis of the simplex b2Distance left at t1. One point on
// each side: the line between them, fixed in the world. Two on one side: that side's face
// normal in its body's frame, turned to face the other side's point.
void make_axis(SeparatingAxis& f, const b2SimplexCache& cache, float t1) {
    b2Transform xf_a, xf_b;
    f.sweep_a.GetTransform(&xf_a, t1);
    f.sweep_b.GetTransform(&xf_b, t1);
    if (cache.count == 1) {
        f.kind = AxisKind::Points;
        const b2Vec2 point_a = b2Mul(xf_a, f.proxy_a->GetVertex(cache.indexA[0]));
        const b2Vec2 point_b = b2Mul(xf_b, f.proxy_b->GetVertex(cache.indexB[0]));
        f.axis = point_b - point_a;
        f.axis.Normalize();
        return;
    }
    const bool face_b = cache.indexA[0] == cache.indexA[1];
    f.kind = face_b ? AxisKind::FaceB : AxisKind::FaceA;
    const b2DistanceProxy& face = face_b ? *f.proxy_b : *f.proxy_a;
    const b2DistanceProxy& other = face_b ? *f.proxy_a : *f.proxy_b;
    const uint8* face_index = face_b ? cache.indexB : cache.indexA;
    const int32 other_index = face_b ? cache.indexA[0] : cache.indexB[0];
    const b2Transform& xf_face = face_b ? xf_b : xf_a;
    const b2Transform& xf_other = face_b ? xf_a : xf_b;
    const b2Vec2 p1 = face.GetVertex(face_index[0]);
    const b2Vec2 p2 = face.GetVertex(face_index[1]);
    f.axis = b2Cross(p2 - p1, 1.0f);
    f.axis.Normalize();
    const b2Vec2 normal = b2Mul(xf_face.q, f.axis);
    f.local_point = 0.5f * (p1 + p2);
    const b2Vec2 on_face = b2Mul(xf_face, f.local_point);
    const b2Vec2 point = b2Mul(xf_other, other.GetVertex(other_index));
    if (b2Dot(point - on_face, normal) < 0.0f) f.axis = -f.axis;
}

// b2SeparationFunction::Evaluate: the separation along the axis at t of A's vertex index_a and
// B's vertex index_b (-1 for the side whose face it is).
float separation_along(const SeparatingAxis& f, int32 index_a, int32 index_b, float t) {
    b2Transform xf_a, xf_b;
    f.sweep_a.GetTransform(&xf_a, t);
    f.sweep_b.GetTransform(&xf_b, t);
    switch (f.kind) {
    case AxisKind::Points: {
        const b2Vec2 point_a = b2Mul(xf_a, f.proxy_a->GetVertex(index_a));
        const b2Vec2 point_b = b2Mul(xf_b, f.proxy_b->GetVertex(index_b));
        return b2Dot(point_b - point_a, f.axis);
    }
    case AxisKind::FaceA: {
        const b2Vec2 normal = b2Mul(xf_a.q, f.axis);
        const b2Vec2 point_a = b2Mul(xf_a, f.local_point);
        const b2Vec2 point_b = b2Mul(xf_b, f.proxy_b->GetVertex(index_b));
        return b2Dot(point_b - point_a, normal);
    }
    case AxisKind::FaceB: {
        const b2Vec2 normal = b2Mul(xf_b.q, f.axis);
        const b2Vec2 point_b = b2Mul(xf_b, f.local_point);
        const b2Vec2 point_a = b2Mul(xf_a, f.proxy_a->GetVertex(index_a));
        return b2Dot(point_a - point_b, normal);
    }
    }
    return 0.0f;
}

// b2SeparationFunction::FindMinSeparation: the deepest points along the axis at t (each side's
// support point against the axis, or against the face's normal), and their separation.
float deepest_separation(const SeparatingAxis& f, int32& index_a, int32& index_b, float t) {
    b2Transform xf_a, xf_b;
    f.sweep_a.GetTransform(&xf_a, t);
    f.sweep_b.GetTransform(&xf_b, t);
    switch (f.kind) {
    case AxisKind::Points:
        index_a = f.proxy_a->GetSupport(b2MulT(xf_a.q, f.axis));
        index_b = f.proxy_b->GetSupport(b2MulT(xf_b.q, -f.axis));
        break;
    case AxisKind::FaceA:
        index_a = -1;
        index_b = f.proxy_b->GetSupport(b2MulT(xf_b.q, -b2Mul(xf_a.q, f.axis)));
        break;
    case AxisKind::FaceB:
        index_b = -1;
        index_a = f.proxy_a->GetSupport(b2MulT(xf_a.q, -b2Mul(xf_b.q, f.axis)));
        break;
    }
    return separation_along(f, index_a, index_b, t);
}

// What b2TimeOfImpact stops at: target +- tolerance.
struct Stop {
    float target = 0.0f, tolerance = 0.0f;
};

// b2TimeOfImpact's root finder on the witness pair: the t in [a1, a2] where the separation is
// within the tolerance of the target, by bisection and the secant rule in turn; every step
// recorded. The new t2, or the old one when it ran out of steps.
float find_root(const SeparatingAxis& f, int32 index_a, int32 index_b, float a1, float s1, float a2,
                float s2, Stop stop, ReplayedSearch& out, std::vector<AxisCheck>& seen) {
    float t2 = a2;
    for (int count = 0; count < kRootSteps;) {
        float t;
        if (count & 1)
            t = a1 + (stop.target - s1) * (a2 - a1) / (s2 - s1);
        else
            t = 0.5f * (a1 + a2);
        ++count;
        ++out.root_iterations;
        const float s = separation_along(f, index_a, index_b, t);
        seen.push_back({t, s, false});
        if (b2Abs(s - stop.target) < stop.tolerance) return t;
        if (s > stop.target) {
            a1 = t;
            s1 = s;
        } else {
            a2 = t;
            s2 = s;
        }
    }
    return t2;
}

// b2TimeOfImpact's inner loop on one axis: the deepest points at t2 (first tMax), pushed back
// by the root finder until they are at the target; true when the search is over (out.state and
// out.t then say how), false to go on from the new t1.
bool push_back_along(const SeparatingAxis& f, float& t1, float t_max, Stop stop,
                     ReplayedSearch& out, std::vector<AxisCheck>& seen) {
    float t2 = t_max;
    for (int pushes = 0; pushes < b2_maxPolygonVertices; ++pushes) {
        int32 index_a = -1, index_b = -1;
        const float s2 = deepest_separation(f, index_a, index_b, t2);
        seen.push_back({t2, s2, true});
        if (s2 > stop.target + stop.tolerance) {
            out.state = b2TOIOutput::e_separated;
            out.t = t_max;
            return true;
        }
        if (s2 > stop.target - stop.tolerance) {
            t1 = t2;
            return false;
        }
        const float s1 = separation_along(f, index_a, index_b, t1);
        seen.push_back({t1, s1, false});
        if (s1 < stop.target - stop.tolerance || s1 <= stop.target + stop.tolerance) {
            out.state =
                s1 < stop.target - stop.tolerance ? b2TOIOutput::e_failed : b2TOIOutput::e_touching;
            out.t = t1;
            return true;
        }
        t2 = find_root(f, index_a, index_b, t1, s1, t2, s2, stop, out, seen);
    }
    return false;
}

// The record of an axis at t1: its kind and its direction in the world, from A (the obstacle)
// toward B (the mover).
void describe_axis(const SeparatingAxis& f, float t1, SeparatingAxisIteration& seen) {
    b2Transform xf_a, xf_b;
    f.sweep_a.GetTransform(&xf_a, t1);
    f.sweep_b.GetTransform(&xf_b, t1);
    b2Vec2 axis = f.axis;
    if (f.kind == AxisKind::FaceA) axis = b2Mul(xf_a.q, f.axis);
    if (f.kind == AxisKind::FaceB) axis = -b2Mul(xf_b.q, f.axis);
    seen.kind = f.kind == AxisKind::Points  ? "points"
                : f.kind == AxisKind::FaceA ? "obstacle face"
                                            : "mover face";
    seen.axis = {axis.x, axis.y};
}

} // namespace

ReplayedSearch replay_time_of_impact(const b2TOIInput& input) {
    ReplayedSearch out;
    out.t = input.tMax;
    SeparatingAxis f;
    f.proxy_a = &input.proxyA;
    f.proxy_b = &input.proxyB;
    f.sweep_a = input.sweepA;
    f.sweep_b = input.sweepB;
    f.sweep_a.Normalize(); // large rotations, normalised as b2TimeOfImpact does
    f.sweep_b.Normalize();
    const float total_radius = input.proxyA.m_radius + input.proxyB.m_radius;
    const Stop stop{b2Max(b2_linearSlop, total_radius - 3.0f * b2_linearSlop),
                    0.25f * b2_linearSlop};
    float t1 = 0.0f;
    b2SimplexCache cache;
    cache.count = 0;
    b2DistanceInput distance_input;
    distance_input.proxyA = input.proxyA;
    distance_input.proxyB = input.proxyB;
    distance_input.useRadii = false;
    for (;;) {
        f.sweep_a.GetTransform(&distance_input.transformA, t1);
        f.sweep_b.GetTransform(&distance_input.transformB, t1);
        b2DistanceOutput distance;
        b2Distance(&distance, &cache, &distance_input);
        SeparatingAxisIteration& seen = out.iterations_seen.emplace_back();
        seen.t1 = t1;
        seen.distance = distance.distance;
        seen.obstacle_point = {distance.pointA.x, distance.pointA.y};
        seen.mover_point = {distance.pointB.x, distance.pointB.y};
        if (distance.distance <= 0.0f || distance.distance < stop.target + stop.tolerance) {
            out.state =
                distance.distance <= 0.0f ? b2TOIOutput::e_overlapped : b2TOIOutput::e_touching;
            out.t = distance.distance <= 0.0f ? 0.0f : t1;
            break;
        }
        if (cache.count < 1 || cache.count > 2) { // b2SeparationFunction::Initialize's assertion
            out.asserts = true;
            out.simplex = cache.count;
            out.t = t1;
            break;
        }
        make_axis(f, cache, t1);
        describe_axis(f, t1, seen);
        const bool done = push_back_along(f, t1, input.tMax, stop, out, seen.checks);
        ++out.iterations;
        if (done) break;
        if (out.iterations == kMaxIterations) {
            out.state = b2TOIOutput::e_failed;
            out.t = t1;
            break;
        }
    }
    return out;
}

} // namespace ccd::box2d
