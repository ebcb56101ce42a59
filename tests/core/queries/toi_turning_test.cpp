// The certified turning queries (toi_turning.hpp): cases worked out by hand, then every kind
// over random and adversarial families against an independent reference in long double (the
// shapes' distance recomputed from the motion's definition, its least over the frame found by
// dense sampling and golden-section refinement), checking both halves of the guarantee:
//   a miss never comes within r - delta; a reported t is within r + delta of touching and the
//   shapes were never closer than r - delta before it.
// CCDLAB_TURNING_QUERIES=N runs N queries per family and kind (default 24; docs/accuracy.md has
// the long run), CCDLAB_TURNING_SEED=S other ones.
#include "ccd/pair_registry.hpp"
#include "ccd/toi_turning.hpp"
#include "turning_reference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace ccd;
using ccd_test::at;
using ccd_test::crossl;
using ccd_test::dotl;
using ccd_test::edges;
using ccd_test::norm;
using ccd_test::real;
using ccd_test::Reference;
using ccd_test::V;
using ccd_test::wide;
using ccd_test::wide_side;
using ccd_test::WideSide;

constexpr real kPi = 3.141592653589793238462643383279502884L;

// ---- hand-derived cases ------------------------------------------------------------------

// A bar of length 2 from its end at the origin, turning by pi / 2 about that end, meets the
// point at distance 1.5 at angle pi / 6 when its angle pi t / 2 is pi / 6: t = 1/3. The point
// lies ahead of the bar (on its counter-clockwise side): the normal is the bar's left normal
// (-sin 30, cos 30). delta = 1e-12 x pi (|angle| x 2), the point's speed along the normal
// 1.5 x pi / 2: t within 1e-12.
TEST(TurningQueries, ABarTurningAQuarterAboutItsEndMeetsAPointAtItsAngle) {
    const double angle = static_cast<double>(kPi / 2);
    const Vec2 p{1.5 * std::cos(M_PI / 6), 1.5 * std::sin(M_PI / 6)};
    const auto hit = time_of_impact(Swept{Point{p}, Still{}},
                                    Swept{Segment{{0, 0}, {2, 0}}, Turning{{0, 0}, {0, 0}, angle}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 1.0 / 3.0, 1e-12);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_NEAR(hit->normal.x, -0.5, 1e-9);
    EXPECT_NEAR(hit->normal.y, std::sqrt(3.0) / 2, 1e-9);
    EXPECT_NEAR(hit->point.x, p.x, 1e-11);
    EXPECT_NEAR(hit->point.y, p.y, 1e-11);
    EXPECT_FALSE(hit->overlap);
    EXPECT_TRUE(hit->approaching);
}

// The same bar spinning 100 turns and a quarter: at angle (200 pi + pi / 2) t it first reaches
// pi / 6 at t = (pi / 6) / (200.5 pi) = 1 / 1203. delta = 1e-12 x 200.5 pi x 2 = 1.26e-9, the
// point's speed 1.5 x 200.5 pi = 945: t within 1.4e-12.
TEST(TurningQueries, ASpinOfAHundredTurnsMeetsThePointOnItsFirstPass) {
    const double angle = static_cast<double>(200.5L * kPi);
    const Vec2 p{1.5 * std::cos(M_PI / 6), 1.5 * std::sin(M_PI / 6)};
    Trace trace;
    const auto hit =
        time_of_impact(Swept{Point{p}, Still{}},
                       Swept{Segment{{0, 0}, {2, 0}}, Turning{{0, 0}, {0, 0}, angle}}, &trace);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 1.0 / 1203.0, 1.4e-12);
    ASSERT_TRUE(trace.search);
    EXPECT_FALSE(trace.search->step_limit_reached);
    EXPECT_LT(trace.search->steps, 400);
}

// The quarter turn of the first case moved to (1e6, -1e6): delta = 1e-12 x 1e6 = 1e-6, the
// point's speed 2.36: t within 4.3e-7 of 1/3.
TEST(TurningQueries, APivotFarAwayKeepsTheGuaranteeOfItsScale) {
    const Vec2 o{1e6, -1e6};
    const Vec2 p = o + Vec2{1.5 * std::cos(M_PI / 6), 1.5 * std::sin(M_PI / 6)};
    const auto hit = time_of_impact(
        Swept{Point{p}, Still{}},
        Swept{Segment{o, o + Vec2{2, 0}}, Turning{o, {0, 0}, static_cast<double>(kPi / 2)}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 1.0 / 3.0, 4.3e-7);
}

// The quarter turn shrunk by 1e-4: scale 1, delta 1e-12, the point's speed 2.36e-4: t within
// 4.3e-9 of 1/3.
TEST(TurningQueries, ATinyBarMeetsThePointAtTheSameTime) {
    const double k = 1e-4;
    const Vec2 p{k * 1.5 * std::cos(M_PI / 6), k * 1.5 * std::sin(M_PI / 6)};
    const auto hit = time_of_impact(
        Swept{Point{p}, Still{}},
        Swept{Segment{{0, 0}, {2 * k, 0}}, Turning{{0, 0}, {0, 0}, static_cast<double>(kPi / 2)}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 1.0 / 3.0, 4.3e-9);
}

// A windmill bar (0, 0)-(1, 0) turning by pi: its tip's arc tops out at (0, 1) at t = 0.5. A
// circle of radius 0.25 centred 1 + 0.25 + gap above the pivot: a gap of +1e-9 (far more than
// delta = 3.1e-12) is a miss; -1e-9 a hit when the tip is 0.25 from the centre c:
// |tip - c|^2 = 1 + c^2 - 2 c sin(pi t) = 0.25^2, t = asin((1 + c^2 - 0.0625) / (2 c)) / pi.
TEST(TurningQueries, ATangentGrazeAtTheTopOfTheArcIsDecidedBothWays) {
    const Swept bar{Segment{{0, 0}, {1, 0}}, Turning{{0, 0}, {0, 0}, static_cast<double>(kPi)}};
    const auto circle = [](double gap) { return Swept{Circle{{0, 1.25 + gap}, 0.25}, Still{}}; };
    EXPECT_FALSE(time_of_impact(circle(1e-9), bar));
    const auto hit = time_of_impact(circle(-1e-9), bar);
    ASSERT_TRUE(hit);
    const real c = static_cast<real>(1.25 - 1e-9);
    const real t = std::asin((1 + c * c - 0.0625L) / (2 * c)) / kPi;
    // Near the top the tip's distance |tip - c| changes slowly (d/dt = -c pi cos(pi t) / 0.25,
    // about 1.4e-4): within delta = 1e-12 pi of 0.25 is within delta / that of t.
    const real slope = c * kPi * std::cos(kPi * t) / 0.25L;
    EXPECT_NEAR(hit->t, static_cast<double>(t), static_cast<double>(1e-12L * kPi / slope));
    EXPECT_LT(hit->t, 0.5);
    EXPECT_EQ(hit->feature, Feature::EndpointB); // the bar's tip
}

// A point on the bar at t = 0: an overlap at t = 0.
TEST(TurningQueries, TouchingAtTheStartIsAnOverlap) {
    const auto hit = time_of_impact(
        Swept{Point{{1, 0}}, Translation{{0, 1}}},
        Swept{Segment{{0, 0}, {2, 0}}, Turning{{0, 0}, {0, 0}, static_cast<double>(kPi / 2)}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.0);
    EXPECT_TRUE(hit->overlap);
}

// The square [-1, 1]^2 turning by pi / 2 about its centre: vertex 2, (1, 1), reaches (0, sqrt 2)
// at t = 0.5, the end a of the segment from there straight up (every point of the square is
// within sqrt 2 of the centre, every point of the segment at least that far: they meet there
// first). delta = 1e-12 x 3, the vertex's speed sqrt 2 pi / 2: t within 1e-12.
TEST(TurningQueries, AVertexReachesTheEndOfAnEdge) {
    const Polygon square{{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}};
    const auto hit =
        time_of_impact(Swept{square, Turning{{0, 0}, {0, 0}, static_cast<double>(kPi / 2)}},
                       Swept{Segment{{0, std::sqrt(2.0)}, {0, 3}}, Still{}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.5, 1e-12);
    EXPECT_EQ(hit->feature, Feature::EndpointA);
    EXPECT_NEAR(hit->point.x, 0.0, 1e-15);
    EXPECT_NEAR(hit->point.y, std::sqrt(2.0), 1e-15);
    // The corner: vertex 2 itself, or one of the two edges that meet there (the closest part
    // of the square to the end, within delta of the corner).
    EXPECT_TRUE(hit->mover_vertex == 2 || hit->mover_edge == 1 || hit->mover_edge == 2)
        << hit->mover_vertex << " " << hit->mover_edge;
}

// The square [-1, 1]^2 turning by pi / 4 about its centre: vertex 1, (1, -1), at angle
// -pi / 4 + pi t / 4, has x = sqrt 2 cos(pi (t - 1) / 4), reaching the box [1.2, 3.2] x [-2, 2]
// when that is 1.2: t = 1 - 4 acos(1.2 / sqrt 2) / pi, at y = -sqrt(2 - 1.44), on the box's
// left side (edge 3, (1.2, 2) -> (1.2, -2)). Its x grows at pi / 4 x 0.748 = 0.59: t within
// 6e-12 (delta = 3.2e-12).
TEST(TurningQueries, ATurningSquareReachesABoxWithItsCorner) {
    const Polygon square{{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}};
    const Polygon box{{{1.2, -2}, {3.2, -2}, {3.2, 2}, {1.2, 2}}};
    const auto hit =
        time_of_impact(Swept{square, Turning{{0, 0}, {0, 0}, static_cast<double>(kPi / 4)}},
                       Swept{box, Turning{{0, 0}, {0, 0}, 0.0}});
    ASSERT_TRUE(hit);
    const real t = 1 - 4 * std::acos(1.2L / std::sqrt(2.0L)) / kPi;
    EXPECT_NEAR(hit->t, static_cast<double>(t), 6e-12);
    EXPECT_EQ(hit->feature, Feature::PolygonEdge);
    EXPECT_EQ(hit->obstacle_edge, 3);
    EXPECT_EQ(hit->mover_vertex, 1);
    EXPECT_NEAR(hit->normal.x, -1.0, 1e-9);
    EXPECT_NEAR(hit->point.y, -std::sqrt(2 - 1.44), 1e-9);
    EXPECT_TRUE(hit->approaching);
}

// A looser tolerance is the caller's to choose: it takes fewer steps and still holds its own
// guarantee (the first case's t within 1e-6 x pi / 2.36).
TEST(TurningQueries, ALooserToleranceTakesFewerSteps) {
    const Vec2 p{1.5 * std::cos(M_PI / 6), 1.5 * std::sin(M_PI / 6)};
    const Swept point{Point{p}, Still{}};
    const Swept bar{Segment{{0, 0}, {2, 0}}, Turning{{0, 0}, {0, 0}, static_cast<double>(kPi / 2)}};
    Trace tight, loose;
    const auto a = certified_time_of_impact(point, bar, &tight);
    const auto b = certified_time_of_impact(point, bar, &loose, 1e-6);
    ASSERT_TRUE(a && b);
    EXPECT_NEAR(b->t, 1.0 / 3.0, 1.4e-6);
    EXPECT_LT(loose.search->steps, tight.search->steps);
}

// A tolerance below what double can resolve (1e-300 of the scale) cannot be met in general:
// the halving reaches intervals an ulp wide around the crossing. There the search either finds
// the distance rounded to 0 (a contact found) or, failing that, answers at the start of the
// undecided interval and reports the step limit: either way at the crossing, never after it.
TEST(TurningQueries, ATolerancePastDoublesResolutionStillAnswersAtTheCrossing) {
    const Vec2 p{1.5 * std::cos(M_PI / 6), 1.5 * std::sin(M_PI / 6)};
    Trace trace;
    const auto hit = certified_time_of_impact(
        Swept{Point{p}, Still{}},
        Swept{Segment{{0, 0}, {2, 0}}, Turning{{0, 0}, {0, 0}, static_cast<double>(kPi / 2)}},
        &trace, 1e-300);
    ASSERT_TRUE(hit && trace.search);
    EXPECT_NEAR(hit->t, 1.0 / 3.0, 1e-15);
    EXPECT_EQ(trace.search->brackets.back().verdict, trace.search->step_limit_reached
                                                         ? BracketVerdict::StepLimit
                                                         : BracketVerdict::ContactFound);
    EXPECT_LT(trace.search->steps, 200); // about 55 halvings to an ulp of 1/3
}

// The trace holds the search: samples of f over [0, 1] (f(0): the point (1.3, 0.75) is 0.75
// above the bar along the x axis), brackets with verdicts, the final bracket ending at the
// answer. [0, 1] holds the contact, so its bound does not clear it; the first step advances
// instead, along the bar's normal (0, 1) held fixed: the bar's tip (2, 0) closes on the point's
// height at most at its speed pi (a bar of 2 turning by pi / 2), so [0, 0.75 / pi] is clear
// (its second-order bound, with the tip's acceleration (pi / 2)^2 x 2, reaches less far), and
// the bracket [0, 0.75 / pi] comes first, cleared; a halving (refined) follows.
TEST(TurningQueries, TheTraceHoldsTheSearch) {
    const Vec2 p{1.5 * std::cos(M_PI / 6), 1.5 * std::sin(M_PI / 6)};
    Trace trace;
    const auto hit = time_of_impact(
        Swept{Point{p}, Still{}},
        Swept{Segment{{0, 0}, {2, 0}}, Turning{{0, 0}, {0, 0}, static_cast<double>(kPi / 2)}},
        &trace);
    ASSERT_TRUE(hit && trace.search);
    const CertifiedSearch& s = *trace.search;
    ASSERT_EQ(s.samples.size(), 65u);
    EXPECT_EQ(s.samples.front().t, 0.0);
    EXPECT_NEAR(s.samples.front().separation, 0.75, 1e-15);
    EXPECT_EQ(s.samples.back().t, 1.0);
    ASSERT_FALSE(s.brackets.empty());
    EXPECT_EQ(s.brackets.front().verdict, BracketVerdict::NoContact);
    EXPECT_EQ(s.brackets.front().t0, 0.0);
    EXPECT_NEAR(s.brackets.front().t1, 0.75 / M_PI, 1e-6);
    ASSERT_GE(s.brackets.size(), 2u);
    EXPECT_EQ(s.brackets[1].verdict, BracketVerdict::Refined);
    EXPECT_EQ(s.brackets.back().verdict, BracketVerdict::ContactFound);
    EXPECT_EQ(s.final_t1, hit->t);
    EXPECT_LT(s.final_t0, s.final_t1);
    EXPECT_GT(s.steps, 0);
    bool discarded = false;
    for (const SearchBracket& b : s.brackets)
        discarded = discarded || b.verdict == BracketVerdict::NoContact;
    EXPECT_TRUE(discarded);
    EXPECT_NEAR(s.tolerance, 1e-12 * M_PI, 1e-24);
}

::testing::AssertionResult meets_guarantee(const Swept& mover, const Swept& obstacle,
                                           const std::optional<Hit>& hit) {
    if (const auto why = ccd_test::guarantee_failure(mover, obstacle, hit))
        return ::testing::AssertionFailure() << *why;
    return ::testing::AssertionSuccess();
}

// ---- random and adversarial families -------------------------------------------------------

int queries() {
    const char* env = std::getenv("CCDLAB_TURNING_QUERIES");
    return env ? std::max(1, std::atoi(env)) : 24;
}
std::uint64_t seed() {
    const char* env = std::getenv("CCDLAB_TURNING_SEED");
    return env ? std::strtoull(env, nullptr, 0) : 0x7EA5ED;
}

// Rounded, RoundedGraze: the ordinary and graze families with a radius on every segment and
// polygon (capsules, rounded polygons).
enum class Family {
    Ordinary,
    Spin,
    FarPivot,
    Tiny,
    TouchingAtStart,
    Graze,
    EdgeEnd,
    Rounded,
    RoundedGraze
};
constexpr Family kFamilies[] = {
    Family::Ordinary,        Family::Spin,  Family::FarPivot, Family::Tiny,
    Family::TouchingAtStart, Family::Graze, Family::EdgeEnd,  Family::Rounded,
    Family::RoundedGraze};
bool rounded(Family f) {
    return f == Family::Rounded || f == Family::RoundedGraze;
}
const char* name(Family f) {
    switch (f) {
    case Family::Ordinary:
        return "ordinary";
    case Family::Spin:
        return "spin";
    case Family::FarPivot:
        return "far pivot";
    case Family::Tiny:
        return "tiny";
    case Family::TouchingAtStart:
        return "touching at start";
    case Family::Graze:
        return "graze";
    case Family::EdgeEnd:
        return "edge end";
    case Family::Rounded:
        return "rounded";
    case Family::RoundedGraze:
        return "rounded graze";
    }
    return "?";
}

class Draw {
public:
    explicit Draw(std::uint64_t s) : rng_(s) {}
    double uniform(double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng_);
    }
    Vec2 vec(double h = 2.0) { return {uniform(-h, h), uniform(-h, h)}; }
    // A convex counter-clockwise polygon: 3 to 8 points at increasing angles on an ellipse.
    Polygon convex() {
        const int n = std::uniform_int_distribution<int>(3, 8)(rng_);
        const double rx = uniform(0.2, 1.5), ry = uniform(0.2, 1.5), phase = uniform(0, 6.28);
        const Vec2 c = vec(1.5);
        Polygon p;
        for (int i = 0; i < n; ++i) {
            const double a = phase + 2 * M_PI * (i + uniform(-0.3, 0.3)) / n;
            p.vertices.push_back(c + Vec2{rx * std::cos(a), ry * std::sin(a)});
        }
        return p;
    }
    double angle(Family f) {
        return f == Family::Spin ? uniform(-200 * M_PI, 200 * M_PI) : uniform(-2 * M_PI, 2 * M_PI);
    }

private:
    std::mt19937_64 rng_;
};

struct Query {
    Swept mover, obstacle;
};

// Every length of a query moved by `offset` (positions and pivots) or multiplied by `k`.
void transform(Swept& s, double k, Vec2 offset) {
    const auto pos = [&](Vec2 p) { return p * k + offset; };
    std::visit(
        [&](auto& shape) {
            using S = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<S, Point>) shape.position = pos(shape.position);
            if constexpr (std::is_same_v<S, Circle>) {
                shape.center = pos(shape.center);
                shape.radius *= k;
            }
            if constexpr (std::is_same_v<S, Segment>)
                shape = Segment{pos(shape.a), pos(shape.b), shape.radius * k};
            if constexpr (std::is_same_v<S, Polygon>) {
                for (Vec2& v : shape.vertices)
                    v = pos(v);
                shape.radius *= k;
            }
        },
        s.shape);
    std::visit(
        [&](auto& m) {
            using M = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<M, Translation>) m.displacement *= k;
            if constexpr (std::is_same_v<M, EndMotion>) {
                m.displacement_a *= k;
                m.displacement_b *= k;
            }
            if constexpr (std::is_same_v<M, Turning>) {
                m.pivot = pos(m.pivot);
                m.displacement *= k;
            }
        },
        s.motion);
}

Query make(const std::string& kind, Family family, Draw& draw) {
    const auto turning = [&]() {
        return Turning{draw.vec(1.5), draw.vec(2.0), draw.angle(family)};
    };
    Query q;
    const Vec2 mover_at = draw.vec(3.0), mover_d = draw.vec(4.0);
    if (kind == "point_rotating_segment" || kind == "circle_rotating_segment") {
        q.obstacle = {Segment{draw.vec(1.5), draw.vec(1.5)}, turning()};
        q.mover = kind == "point_rotating_segment"
                      ? Swept{Point{mover_at}, Translation{mover_d}}
                      : Swept{Circle{mover_at, draw.uniform(0.0, 1.0)}, Translation{mover_d}};
    } else if (kind == "circle_rotating_polygon") {
        q.obstacle = {draw.convex(), turning()};
        q.mover = {Circle{mover_at, draw.uniform(0.0, 1.0)}, Translation{mover_d}};
    } else if (kind == "rotating_polygon_segment") {
        q.mover = {draw.convex(), turning()};
        const bool still = draw.uniform(0, 1) < 0.3;
        q.obstacle = {Segment{draw.vec(3.0), draw.vec(3.0)},
                      still ? EndMotion{} : EndMotion{draw.vec(3.0), draw.vec(3.0)}};
        if (family == Family::EdgeEnd) { // end a on the arc of a vertex, reached at t = s
            const Polygon& p = std::get<Polygon>(q.mover.shape);
            const Turning& m = std::get<Turning>(q.mover.motion);
            const double s = draw.uniform(0.1, 0.9);
            const Vec2 a = turning_position(m, p.vertices[0], s);
            const EndMotion e = std::get<EndMotion>(q.obstacle.motion);
            q.obstacle.shape =
                Segment{a - e.displacement_a * s, a - e.displacement_a * s + draw.vec(2.0)};
        }
    } else if (kind == "rotating_polygon_rotating_segment") { // a polygon against a windmill
        const bool translating = draw.uniform(0, 1) < 0.3;    // the angle 0: the same pair
        q.mover = {draw.convex(), translating ? Motion{Translation{mover_d}} : Motion{turning()}};
        q.obstacle = {Segment{draw.vec(3.0), draw.vec(3.0)}, turning()};
    } else { // rotating_polygon_polygon
        q.mover = {draw.convex(), turning()};
        const Vec2 offset = draw.vec(3.0);
        Polygon other = draw.convex();
        for (Vec2& v : other.vertices)
            v += offset;
        q.obstacle = {other, turning()};
    }
    if (rounded(family))
        for (Swept* side : {&q.mover, &q.obstacle}) {
            if (auto* g = std::get_if<Segment>(&side->shape)) g->radius = draw.uniform(0.05, 0.6);
            if (auto* p = std::get_if<Polygon>(&side->shape)) p->radius = draw.uniform(0.05, 0.6);
        }
    if (family == Family::FarPivot) {
        transform(q.mover, 1.0, {1e6, -1e6});
        transform(q.obstacle, 1.0, {1e6, -1e6});
    }
    if (family == Family::Tiny) {
        transform(q.mover, 1e-4, {});
        transform(q.obstacle, 1e-4, {});
    }
    return q;
}

// Move the mover by `offset` (its shape and, if it turns, its pivot).
void shift(Swept& s, Vec2 offset) {
    transform(s, 1.0, offset);
}

// The families that need the reference to build them: the mover put touching at t = 0, or
// put where its least distance over the frame is 0 (a graze of the whole frame's closest
// approach: a tangent touch, or the least reached at an end).
void adjust(Query& q, Family family) {
    if (family != Family::TouchingAtStart && family != Family::Graze &&
        family != Family::RoundedGraze)
        return;
    const Reference ref = ccd_test::reference(q.mover, q.obstacle);
    real t = 0;
    if (family != Family::TouchingAtStart) { // the time of the least
        real best = INFINITY;
        for (int k = 0; k <= 512; ++k)
            if (const real v = ref.f(real(k) / 512); v < best) {
                best = v;
                t = real(k) / 512;
            }
    }
    // The closest vertex-edge pair at t: move the mover along their direction by f(t).
    const V dir = ccd_test::closest_offset(at(ref.mover, t), at(ref.obstacle, t));
    const real least = norm(dir);
    if (!(least > 0)) return; // overlapping there already
    const real move = -(least - ref.r) / least;
    shift(q.mover, Vec2{static_cast<double>(dir.x * move), static_cast<double>(dir.y * move)});
}

// A side's inputs exactly (hexadecimal floating point), for a failing query's message.
std::string describe(const Swept& s) {
    const WideSide w = wide_side(s);
    std::string out;
    char buffer[96];
    for (const Vec2 v : w.vertices) {
        std::snprintf(buffer, sizeof buffer, "[%a, %a] ", v.x, v.y);
        out += buffer;
    }
    std::snprintf(buffer, sizeof buffer, "pivot [%a, %a] v [%a, %a] angle %a", w.pivot.x, w.pivot.y,
                  w.v.x, w.v.y, static_cast<double>(w.angle));
    out += buffer;
    for (const Vec2 e : w.ends) {
        std::snprintf(buffer, sizeof buffer, " end [%a, %a]", e.x, e.y);
        out += buffer;
    }
    if (w.radius != 0) {
        std::snprintf(buffer, sizeof buffer, " radius %a", static_cast<double>(w.radius));
        out += buffer;
    }
    return out;
}

const char* const kKinds[] = {"point_rotating_segment",   "circle_rotating_segment",
                              "circle_rotating_polygon",  "rotating_polygon_segment",
                              "rotating_polygon_polygon", "rotating_polygon_rotating_segment"};

class TurningGuarantee : public ::testing::TestWithParam<const char*> {};

TEST_P(TurningGuarantee, EveryFamilyMeetsBothHalvesAgainstTheLongDoubleReference) {
    const std::string kind = GetParam();
    const PairType* pair = find_pair_type(kind);
    ASSERT_NE(pair, nullptr);
    Draw draw(seed() ^ std::hash<std::string>{}(kind));
    const int n = queries();
    for (const Family family : kFamilies) {
        if (family == Family::EdgeEnd && kind != "rotating_polygon_segment") continue;
        long hits = 0, steps = 0, most = 0;
        for (int i = 0; i < n; ++i) {
            Query q = make(kind, family, draw);
            adjust(q, family);
            ASSERT_EQ(choose_pair(kind_of(q.mover), kind_of(q.obstacle)).pair, pair);
            Trace trace;
            const auto hit = time_of_impact(q.mover, q.obstacle, &trace);
            ASSERT_TRUE(trace.search);
            EXPECT_FALSE(trace.search->step_limit_reached)
                << kind << ", " << name(family) << " family, query " << i << ": mover "
                << describe(q.mover) << ", obstacle " << describe(q.obstacle);
            hits += hit.has_value();
            steps += trace.search->steps;
            most = std::max(most, trace.search->steps);
            EXPECT_TRUE(meets_guarantee(q.mover, q.obstacle, hit))
                << kind << ", " << name(family) << " family, query " << i << ": mover "
                << describe(q.mover) << ", obstacle " << describe(q.obstacle);
        }
        std::printf("%-26s %-18s %7d queries %7ld hits  steps: mean %.1f, most %ld\n", kind.c_str(),
                    name(family), n, hits, static_cast<double>(steps) / n, most);
    }
}

// The same queries without a trace, as the World and the registry ask them: the untraced search
// takes early outs for the whole frame (the pivot circles, the chord discs of sides turning by
// at most a quarter turn) that the traced one does not, and its answers keep both halves too. A
// graze (least distance exactly r) must never be certified apart, a touch at t = 0 never missed.
TEST_P(TurningGuarantee, UntracedAnswersMeetBothHalvesToo) {
    const std::string kind = GetParam();
    Draw draw(seed() ^ std::hash<std::string>{}(kind) ^ 0x9e3779b97f4a7c15u);
    const int n = queries();
    for (const Family family : kFamilies) {
        if (family == Family::EdgeEnd && kind != "rotating_polygon_segment") continue;
        for (int i = 0; i < n; ++i) {
            Query q = make(kind, family, draw);
            adjust(q, family);
            const auto hit = time_of_impact(q.mover, q.obstacle);
            EXPECT_TRUE(meets_guarantee(q.mover, q.obstacle, hit))
                << kind << ", " << name(family) << " family, query " << i << ": mover "
                << describe(q.mover) << ", obstacle " << describe(q.obstacle);
            if (family == Family::Graze || family == Family::RoundedGraze ||
                family == Family::TouchingAtStart) {
                EXPECT_TRUE(hit.has_value()) << kind << ", " << name(family) << ", query " << i;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Kinds, TurningGuarantee, ::testing::ValuesIn(kKinds));

} // namespace
