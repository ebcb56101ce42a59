#pragma once
// Bullet 3.24's continuous collision (Debian's libbullet-dev, its double-precision libraries) in
// 2D as Bullet offers it: each side a btConvex2dShape over a btSphereShape (a circle; a point is
// one of radius 0) or a btConvexHullShape of its vertices at z = 0 (a segment, a convex polygon)
// with its margin set to 0, moving in the plane between two btTransforms (its origin's straight
// line, a turn about z). Three of Bullet's casts, each a named algorithm:
//   "bullet"            btContinuousConvexCollision: conservative advancement, translation and
//                       turning (what btDiscreteDynamicsWorld's CCD sweeps with);
//   "bullet-gjk"        btGjkConvexCast: advancement along the straight line only;
//   "bullet-subsimplex" btSubsimplexConvexCast: GJK ray cast along the straight line only.
// Each answers with Bullet's method, flaws included: it stops short of touching (0.001 for the
// advancements), answers "no hit" when it gives up, probes a turn beyond pi / 4 behind the true
// one. docs/algorithms.md says what each promises and the source behind each way it misses.
//
// Inputs Bullet cannot take are refused with the reason (inexpressible): a polygon that is not
// convex (a hull would answer for its hull), a segment whose ends move differently, a turn of pi
// or more (a pair of transforms says the turn modulo 2 pi, the short way) and, for the two
// straight-line casts, any turn; numbers beyond 2^40 (Bullet's GJK treats a squared distance
// beyond BT_LARGE_FLOAT = 1e30 as no answer).

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>
#include <string>

namespace ccd::bullet {

// Where btContinuousConvexCollision and btGjkConvexCast stop: a distance of `radius` = 0.001
// (btContinuousConvexCollision::calcTimeOfImpact, btGjkConvexCast::calcTimeOfImpact), so their
// answers are up to 0.001 short of touching by design: their rows' slack (Algorithm::slack).
inline constexpr double kStopDistance = 0.001;

enum class Method {
    ContinuousConvex,     // btContinuousConvexCollision, "bullet"
    GjkConvexCast,        // btGjkConvexCast, "bullet-gjk"
    SubsimplexConvexCast, // btSubsimplexConvexCast, "bullet-subsimplex"
};

// Adds the algorithms "bullet", "bullet-gjk" and "bullet-subsimplex" and their rows to the pair
// registry (ccd::register_algorithm): every pair of the registry whose sides Bullet has shapes
// and motions for ("bullet-gjk" and "bullet-subsimplex": the straight-line ones). Call once at
// the start, before any query; true the first time, false after.
bool register_algorithms();

// Why `method` cannot be given `mover` against `obstacle`, in one line; nothing when it can.
std::optional<std::string> inexpressible(Method method, const Swept& mover, const Swept& obstacle);

// `method`'s calcTimeOfImpact of `mover` (Bullet's shape A) against `obstacle` (its shape B), as
// a Hit: t is Bullet's fraction; the point and the normal come from Bullet's
// btGjkPairDetector between the two shapes at that t (the point on the obstacle, the normal from
// the obstacle toward the mover); the feature names the part of the obstacle nearest that point.
// Bullet's "true" answers its fraction (t = 0 is an overlap), its "false" nothing. The trace
// holds one candidate (Bullet's fraction as its root) and the search: Bullet's outcome, its stop
// distance, its iterations against its cap, each probe's t and separation, and why. Nothing,
// with the reason in the trace, for inputs it cannot take.
std::optional<Hit> time_of_impact(Method method, const Swept& mover, const Swept& obstacle,
                                  Trace* trace = nullptr);

} // namespace ccd::bullet
