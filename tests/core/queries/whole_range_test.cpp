// Every query, over the whole range of double: magnitudes from the smallest subnormal (5e-324)
// to the largest finite (1.8e308), mixed within one query. Every answer has t in [0, 1], a
// finite point and a unit normal; the exact queries meet the contract of docs/accuracy.md with
// scale the largest input magnitude, checked against distances in long double (whose exponent
// holds the squares of every double). The seeds' methods keep their documented flaws (wrong
// times) but answer every input with finite values and unit normals too. A peer from outside
// the core (Box2D's b2TimeOfImpact, "box2d", registered by box2d_registration.cpp) works in
// float with its own tolerance: it refuses what it cannot take (numbers beyond 2^60, polygons
// it would weld or not convex, segments whose ends move apart), saying why and answering
// nothing, and answers everything else with t in [0, 1], a finite point and a unit normal; its
// times are judged by its own rules in box2d_toi_test.cpp, not by the contract here.
#include "random_polygon.hpp"
#include "wide_vec2.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace ccd;
using namespace ccd_test;

// |normal| - 1 stays within this: a few roundings of a division by a length.
constexpr double kUnitTolerance = 1e-14;
// The contract: exact for the radius moved by at most this times the scale.
constexpr real kContract = 1e-12L;

real norm(V v) {
    return std::sqrt(dotl(v, v));
}

real point_segment_distance(V p, V a, V b) {
    const V u = b - a, w = p - a;
    const real len2 = dotl(u, u);
    real h = len2 > 0 ? dotl(w, u) / len2 : 0;
    h = std::clamp(h, real(0), real(1));
    return norm(w - u * h);
}

// Distance between segments pq and ab (0 when they cross).
real segment_segment_distance(V p, V q, V a, V b) {
    const real o1 = crossl(q - p, a - p), o2 = crossl(q - p, b - p);
    const real o3 = crossl(b - a, p - a), o4 = crossl(b - a, q - a);
    if ((o1 > 0) != (o2 > 0) && (o3 > 0) != (o4 > 0) && o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0)
        return 0;
    return std::min({point_segment_distance(p, a, b), point_segment_distance(q, a, b),
                     point_segment_distance(a, p, q), point_segment_distance(b, p, q)});
}

// Random finite doubles over the whole range: a query draws a base exponent; most of its
// numbers lie within a few binades of it (shapes of one size), some anywhere in the range
// (mixed magnitudes), some are zero or repeat the last (coincidences).
class Numbers {
public:
    explicit Numbers(std::uint64_t seed) : rng_(seed) {}
    void next_query() { base_ = integer(-1074, 1023); }
    double number() {
        const int kind = integer(0, 9);
        if (kind == 0) return 0.0;
        if (kind == 1) return last_;
        const int exponent =
            kind <= 6 ? std::clamp(base_ - integer(0, 6), -1074, 1023) : integer(-1074, 1023);
        const double mantissa = std::uniform_real_distribution<double>(1.0, 2.0)(rng_);
        const double v = std::ldexp(integer(0, 1) ? mantissa : -mantissa, exponent);
        return last_ = std::isfinite(v) ? v : std::copysign(0x1.fffffffffffffp1023, v);
    }
    double radius() { return std::fabs(number()); }
    Vec2 vec() {
        const double x = number();
        return {x, number()};
    }
    Polygon polygon(int n) {
        Polygon p;
        for (int i = 0; i < n; ++i)
            p.vertices.push_back(vec());
        return p;
    }
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

private:
    std::mt19937_64 rng_;
    int base_ = 0;
    double last_ = 1.0;
};

double largest_of(std::initializer_list<double> values) {
    double m = 0.0;
    for (double v : values)
        m = std::max(m, std::fabs(v));
    return m;
}
double largest_of(const Polygon& p) {
    double m = 0.0;
    for (Vec2 v : p.vertices)
        m = std::max({m, std::fabs(v.x), std::fabs(v.y)});
    return m;
}

struct Tally {
    int answers = 0, hits = 0, checked = 0;
};

// t in [0, 1], a finite point, a unit normal.
::testing::AssertionResult defined(const std::optional<Hit>& hit) {
    if (!hit) return ::testing::AssertionSuccess();
    if (!(hit->t >= 0.0 && hit->t <= 1.0)) return ::testing::AssertionFailure() << "t = " << hit->t;
    if (!std::isfinite(hit->point.x) || !std::isfinite(hit->point.y))
        return ::testing::AssertionFailure() << "point " << hit->point.x << ", " << hit->point.y;
    const real n = norm(wide(hit->normal));
    if (!(std::fabs(n - 1) <= kUnitTolerance))
        return ::testing::AssertionFailure() << "normal " << hit->normal.x << ", " << hit->normal.y
                                             << " of length 1 + " << static_cast<double>(n - 1);
    return ::testing::AssertionSuccess();
}

// The contract for a mover of radius r whose distance to the obstacle at time t is
// `distance(t)`; `closest(lo, hi)` is the least distance over [lo, hi] (exact, or sampled:
// sampling only ever finds a larger least distance, so it never fails a right answer).
template <class Distance, class Closest>
::testing::AssertionResult meets_contract(const std::optional<Hit>& hit, real r, real scale,
                                          Distance distance, Closest closest) {
    const real tolerance = kContract * scale;
    if (!hit) {
        const real least = closest(0, 1);
        if (least < r - tolerance)
            return ::testing::AssertionFailure()
                   << "a miss, but the distance comes down to " << static_cast<double>(least)
                   << " for r = " << static_cast<double>(r);
        return ::testing::AssertionSuccess();
    }
    if (hit->overlap) {
        if (hit->t != 0.0) {
            return ::testing::AssertionFailure() << "an overlap at t != 0";
        }
        if (distance(0) > r + tolerance)
            return ::testing::AssertionFailure()
                   << "an overlap, but the distance at 0 is " << static_cast<double>(distance(0))
                   << " for r = " << static_cast<double>(r);
        return ::testing::AssertionSuccess();
    }
    const real t = hit->t;
    const real at = distance(t);
    if (std::fabs(at - r) > tolerance)
        return ::testing::AssertionFailure()
               << "at t = " << hit->t << " the distance is " << static_cast<double>(at)
               << " for r = " << static_cast<double>(r) << " (scale " << static_cast<double>(scale)
               << ")";
    if (closest(0, t) < r - tolerance)
        return ::testing::AssertionFailure()
               << "a contact earlier than t = " << hit->t << ": the distance comes down to "
               << static_cast<double>(closest(0, t));
    return ::testing::AssertionSuccess();
}

// The least of `distance` at 257 evenly spaced times in [lo, hi].
template <class Distance>
real sampled_least(Distance distance, real lo, real hi) {
    real least = distance(hi);
    for (int k = 0; k <= 256; ++k)
        least = std::min(least, distance(lo + (hi - lo) * k / 256));
    return least;
}

// The distance between two polygons: between their boundaries, or 0 when one lies inside the
// other (even-odd rule).
bool inside(const std::vector<V>& p, V q) {
    bool in = false;
    for (std::size_t i = 0, j = p.size() - 1; i < p.size(); j = i++) {
        const V a = p[i], b = p[j];
        if ((a.y > q.y) != (b.y > q.y) && q.x < a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y))
            in = !in;
    }
    return in;
}
real polygon_distance(const std::vector<V>& p, const std::vector<V>& q) {
    if ((q.size() >= 3 && inside(q, p[0])) || (p.size() >= 3 && inside(p, q[0]))) return 0;
    real least = INFINITY;
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::size_t j = 0; j < q.size(); ++j)
            least = std::min(least, segment_segment_distance(p[i], p[(i + 1) % p.size()], q[j],
                                                             q[(j + 1) % q.size()]));
    return least;
}
std::vector<V> moved(const Polygon& p, Vec2 d, real t) {
    std::vector<V> out;
    for (Vec2 v : p.vertices)
        out.push_back(wide(v) + wide(d) * t);
    return out;
}

// 20,000 queries of each kind (a second or two); CCDLAB_WHOLE_RANGE_QUERIES=N for a longer run,
// CCDLAB_WHOLE_RANGE_SEED=S for other queries.
int queries() {
    const char* env = std::getenv("CCDLAB_WHOLE_RANGE_QUERIES");
    return env ? std::max(1, std::atoi(env)) : 20000;
}
std::uint64_t seed() {
    const char* env = std::getenv("CCDLAB_WHOLE_RANGE_SEED");
    return env ? std::strtoull(env, nullptr, 0) : 0x5EED0DD;
}

// The inputs of a failing query, exactly (hexadecimal floating point).
std::string inputs(std::initializer_list<Vec2> values) {
    std::string out;
    char buffer[64];
    for (Vec2 v : values) {
        std::snprintf(buffer, sizeof buffer, "[%a, %a] ", v.x, v.y);
        out += buffer;
    }
    return out;
}
std::string inputs(const Polygon& p) {
    std::string out = "{";
    char buffer[64];
    for (Vec2 v : p.vertices) {
        std::snprintf(buffer, sizeof buffer, "[%a, %a] ", v.x, v.y);
        out += buffer;
    }
    return out + "}";
}

// One query's shapes, from which a side of every registered kind is made: the mover's shape
// is `c` (circle), its centre (point) or `p` (polygon), moving by `d`; the obstacle's is `o`
// (moving by `od`), the segment `m.start` (still, or its ends moving as `m`'s), its first end
// (point) or `q` (moving by `qd`).
struct Sides {
    Circle c;
    Vec2 d;
    Circle o;
    Vec2 od;
    MovingSegment m;
    const Polygon* p;
    const Polygon* q;
    Vec2 qd;
    double angle = 0.0; // of a turning side, about the obstacle circle's centre
};

Swept side(SweptKind kind, bool mover, const Sides& in) {
    Shape shape;
    switch (kind.shape) {
    case ShapeKind::Point:
        shape = Point{mover ? in.c.center : in.m.start.a};
        break;
    case ShapeKind::Circle:
        shape = mover ? in.c : in.o;
        break;
    case ShapeKind::Segment:
        shape = in.m.start;
        break;
    case ShapeKind::Polygon:
        shape = mover ? *in.p : *in.q;
        break;
    }
    Motion motion;
    switch (kind.motion) {
    case MotionKind::Still:
        motion = Still{};
        break;
    case MotionKind::Translation:
        motion = Translation{mover ? in.d : kind.shape == ShapeKind::Polygon ? in.qd : in.od};
        break;
    case MotionKind::EndMotion:
        motion = EndMotion{in.m.displacement_a, in.m.displacement_b};
        break;
    case MotionKind::Turning:
        motion = Turning{in.o.center, mover ? in.d : in.od, in.angle};
        break;
    }
    return {shape, motion};
}

bool has_polygon(const PairMethod& row) {
    const PairType* pair = find_pair_type(row.pair);
    return pair &&
           (pair->mover.shape == ShapeKind::Polygon || pair->obstacle.shape == ShapeKind::Polygon);
}

// The row's query through the registry answers with t in [0, 1], a finite point and a unit
// normal (the exact algorithm's contract is checked query by query), or, for a row that may
// refuse inputs (a peer's), refuses with a reason and answers nothing. Counts the rows that
// answered (not refused) in `answered`.
void check_row(const PairMethod& row, const Sides& in, const std::string& at, int& answered) {
    const PairType* pair = find_pair_type(row.pair);
    ASSERT_NE(pair, nullptr) << row.pair;
    const Algorithm* algorithm = find_algorithm(row.algorithm);
    ASSERT_NE(algorithm, nullptr) << row.algorithm;
    const Swept mover = side(pair->mover, true, in), obstacle = side(pair->obstacle, false, in);
    // The sides are of the row's pair, so its query runs (an unanswered pair answers nothing).
    const PairChoice choice = choose_pair(kind_of(mover), kind_of(obstacle));
    ASSERT_EQ(choice.pair, pair) << row.pair;
    ASSERT_FALSE(choice.swapped) << row.pair;
    ASSERT_NE(find_query(*pair, *algorithm), nullptr) << row.pair << " by " << row.algorithm;
    if (const auto why = inexpressible(*algorithm, mover, obstacle)) {
        EXPECT_NE(row.refusal, nullptr) << row.pair << " by " << row.algorithm;
        EXPECT_FALSE(why->empty()) << row.pair << " by " << row.algorithm << at;
        EXPECT_FALSE(time_of_impact(*algorithm, mover, obstacle))
            << row.pair << " by " << row.algorithm << " refused, yet answered" << at;
        return;
    }
    ++answered;
    const auto hit = time_of_impact(*algorithm, mover, obstacle);
    EXPECT_TRUE(defined(hit)) << row.pair << " by " << row.algorithm << at;
}

TEST(WholeRange, EveryQueryAnswersEveryMagnitudeAndMeetsTheContract) {
    Numbers in(seed());
    // The radii of capsules and rounded polygons, from a stream of their own (the other inputs
    // are drawn as they were before shapes had radii).
    Numbers rounding(seed() ^ 0x20D1DEDULL);
    const int n = queries();
    // The rows that answered: the core's (all of them, always), a peer's (those it could take).
    int core_answers = 0, peer_answers = 0, peer_polygon_answers = 0;
    for (int i = 0; i < n; ++i) {
        in.next_query();
        rounding.next_query();
        const Circle c{in.vec(), in.radius()};
        const Vec2 d = in.vec();
        const Segment s{in.vec(), in.vec()};
        const Circle o{in.vec(), in.radius()};
        const Vec2 od = in.vec();
        const MovingSegment m{s, in.vec(), in.vec()};
        const V c0 = wide(c.center), dd = wide(d), sa = wide(s.a), sb = wide(s.b);
        const real rc = c.radius;
        const std::string at = " (query " + std::to_string(i) + ": " +
                               inputs({c.center,
                                       d,
                                       s.a,
                                       s.b,
                                       o.center,
                                       od,
                                       m.displacement_a,
                                       m.displacement_b,
                                       {c.radius, o.radius}}) +
                               ")";

        // circle vs static segment: the plain, prepared and traced overloads agree.
        {
            const auto hit = time_of_impact(c, d, s);
            Trace trace;
            const auto traced = time_of_impact(c, d, s, &trace);
            const auto prepared = time_of_impact(c, d, PreparedSegment(s));
            EXPECT_TRUE(defined(hit)) << "circle_segment" << at;
            EXPECT_EQ(hit.has_value(), traced.has_value()) << at;
            EXPECT_EQ(hit.has_value(), prepared.has_value()) << at;
            if (hit) {
                EXPECT_EQ(hit->t, traced->t) << at;
                EXPECT_EQ(hit->t, prepared->t) << at;
            }
            const real scale = largest_of(
                {c.center.x, c.center.y, c.radius, d.x, d.y, s.a.x, s.a.y, s.b.x, s.b.y});
            EXPECT_TRUE(meets_contract(
                hit, rc, scale, [&](real t) { return point_segment_distance(c0 + dd * t, sa, sb); },
                [&](real lo, real hi) {
                    return segment_segment_distance(c0 + dd * lo, c0 + dd * hi, sa, sb);
                }))
                << "circle_segment" << at;
        }
        // point vs static segment.
        {
            const auto hit = time_of_impact(c.center, d, s);
            EXPECT_TRUE(defined(hit)) << "point_segment" << at;
            const real scale =
                largest_of({c.center.x, c.center.y, d.x, d.y, s.a.x, s.a.y, s.b.x, s.b.y});
            EXPECT_TRUE(meets_contract(
                hit, 0, scale, [&](real t) { return point_segment_distance(c0 + dd * t, sa, sb); },
                [&](real lo, real hi) {
                    return segment_segment_distance(c0 + dd * lo, c0 + dd * hi, sa, sb);
                }))
                << "point_segment" << at;
        }
        // circle vs point.
        {
            const auto hit = time_of_impact(c, d, s.a);
            EXPECT_TRUE(defined(hit)) << "circle_point" << at;
            const real scale =
                largest_of({c.center.x, c.center.y, c.radius, d.x, d.y, s.a.x, s.a.y});
            EXPECT_TRUE(meets_contract(
                hit, rc, scale, [&](real t) { return norm(c0 + dd * t - sa); },
                [&](real lo, real hi) {
                    return point_segment_distance(sa, c0 + dd * lo, c0 + dd * hi);
                }))
                << "circle_point" << at;
        }
        // circle vs circle: a point against a disk of the summed radii, in relative motion.
        {
            const auto hit = time_of_impact(c, d, o, od);
            EXPECT_TRUE(defined(hit)) << "circle_circle" << at;
            const real scale = largest_of({c.center.x, c.center.y, c.radius, d.x, d.y, o.center.x,
                                           o.center.y, o.radius, od.x, od.y});
            const V rel = c0 - wide(o.center), motion = dd - wide(od);
            EXPECT_TRUE(meets_contract(
                hit, rc + o.radius, scale, [&](real t) { return norm(rel + motion * t); },
                [&](real lo, real hi) {
                    return point_segment_distance({0, 0}, rel + motion * lo, rel + motion * hi);
                }))
                << "circle_circle" << at;
        }
        // point and circle vs moving segment, and circle vs translating segment.
        {
            const auto at_t = [&](real t) {
                return std::pair{wide(m.start.a) + wide(m.displacement_a) * t,
                                 wide(m.start.b) + wide(m.displacement_b) * t};
            };
            const auto distance = [&](real t) {
                const auto [a, b] = at_t(t);
                return point_segment_distance(c0 + dd * t, a, b);
            };
            const auto closest = [&](real lo, real hi) { return sampled_least(distance, lo, hi); };
            const real scale = largest_of({c.center.x, c.center.y, c.radius, d.x, d.y, s.a.x, s.a.y,
                                           s.b.x, s.b.y, m.displacement_a.x, m.displacement_a.y,
                                           m.displacement_b.x, m.displacement_b.y});
            const auto point_hit = time_of_impact(c.center, d, m);
            EXPECT_TRUE(defined(point_hit)) << "point_moving_segment" << at;
            EXPECT_TRUE(meets_contract(point_hit, 0, scale, distance, closest))
                << "point_moving_segment" << at;
            const auto circle_hit = time_of_impact(c, d, m);
            EXPECT_TRUE(defined(circle_hit)) << "circle_moving_segment" << at;
            EXPECT_TRUE(meets_contract(circle_hit, rc, scale, distance, closest))
                << "circle_moving_segment" << at;
            EXPECT_TRUE(defined(time_of_impact_translating(c, d, s, m.displacement_a)))
                << "circle_translating_segment" << at;
        }
        // Every registered (pair, algorithm) row whose sides have no polygon.
        const Sides sides{c,       d,       o,  od,  m,
                          nullptr, nullptr, {}, od.x}; // angle: a number drawn already
        for (const PairMethod& row : pair_methods())
            if (!has_polygon(row))
                check_row(row, sides, at, row.refusal ? peer_answers : core_answers);
        // The same rows with the segment a capsule.
        Sides capsule = sides;
        capsule.m.start.radius = rounding.radius();
        const std::string capsule_at =
            at + " segment radius " + inputs({Vec2{capsule.m.start.radius, 0.0}});
        for (const PairMethod& row : pair_methods())
            if (!has_polygon(row))
                check_row(row, capsule, capsule_at, row.refusal ? peer_answers : core_answers);
        // The polygon sweeps, on every tenth query (each is many queries).
        if (i % 10 == 0) {
            const Polygon p = in.polygon(in.integer(3, 4)), q = in.polygon(3);
            const Vec2 pd = in.vec();
            const std::string shapes =
                at + " p " + inputs(p) + " q " + inputs(q) + " pd " + inputs({pd});
            const real scale = std::max(
                {largest_of(p), largest_of(q), largest_of({d.x, d.y}), largest_of({pd.x, pd.y})});
            // Every registered (pair, algorithm) row with a polygon.
            const Sides polygon_sides{c, d, o, od, m, &p, &q, pd, pd.y};
            for (const PairMethod& row : pair_methods())
                if (has_polygon(row))
                    check_row(row, polygon_sides, shapes,
                              row.refusal ? peer_polygon_answers : core_answers);

            // Every row with a polygon, both polygons and the segment rounded; and two rounded
            // polygons against the reference: the distance of the cores less the radii.
            Polygon pr = p, qr = q;
            pr.radius = rounding.radius();
            qr.radius = rounding.radius();
            const std::string rounded_at =
                shapes + " radii " +
                inputs({Vec2{pr.radius, qr.radius}, Vec2{capsule.m.start.radius, 0.0}});
            const Sides rounded_sides{c, d, o, od, capsule.m, &pr, &qr, pd, pd.y};
            for (const PairMethod& row : pair_methods())
                if (has_polygon(row))
                    check_row(row, rounded_sides, rounded_at,
                              row.refusal ? peer_polygon_answers : core_answers);
            const auto rounded_hit = time_of_impact(pr, d, qr, pd);
            EXPECT_TRUE(defined(rounded_hit)) << "rounded polygon_polygon" << rounded_at;
            const auto cores = [&](real t) {
                return polygon_distance(moved(p, d, t), moved(q, pd, t));
            };
            EXPECT_TRUE(
                meets_contract(rounded_hit, real(pr.radius) + real(qr.radius),
                               std::max({scale, real(pr.radius), real(qr.radius)}), cores,
                               [&](real lo, real hi) { return sampled_least(cores, lo, hi); }))
                << "rounded polygon_polygon" << rounded_at;

            const auto hit = time_of_impact(p, d, q, pd);
            EXPECT_TRUE(defined(hit)) << "polygon_polygon" << shapes;
            EXPECT_TRUE(meets_contract(
                hit, 0, scale,
                [&](real t) { return polygon_distance(moved(p, d, t), moved(q, pd, t)); },
                [&](real lo, real hi) {
                    return sampled_least(
                        [&](real t) { return polygon_distance(moved(p, d, t), moved(q, pd, t)); },
                        lo, hi);
                }))
                << "polygon_polygon" << shapes;

            const auto circle_hit = time_of_impact(c, d, q, pd);
            EXPECT_TRUE(defined(circle_hit)) << "circle_polygon" << shapes;
            const real circle_scale =
                std::max({largest_of(q),
                          largest_of({c.center.x, c.center.y, c.radius, d.x, d.y, pd.x, pd.y})});
            const auto circle_distance = [&](real t) {
                const std::vector<V> polygon = moved(q, pd, t);
                const V center = c0 + dd * t;
                if (inside(polygon, center)) return real(0);
                real least = INFINITY;
                for (std::size_t j = 0; j < polygon.size(); ++j)
                    least = std::min(
                        least, point_segment_distance(center, polygon[j], polygon[(j + 1) % 3]));
                return least;
            };
            // A centre inside the polygon is at distance 0: an overlap, never a later contact.
            EXPECT_TRUE(meets_contract(
                circle_hit, rc, circle_scale, circle_distance,
                [&](real lo, real hi) { return sampled_least(circle_distance, lo, hi); }))
                << "circle_polygon" << shapes;

            const auto wall_hit = time_of_impact(p, d, m);
            EXPECT_TRUE(defined(wall_hit)) << "polygon_moving_segment" << shapes;
            const real wall_scale =
                std::max({largest_of(p), largest_of({d.x, d.y, s.a.x, s.a.y, s.b.x, s.b.y,
                                                     m.displacement_a.x, m.displacement_a.y,
                                                     m.displacement_b.x, m.displacement_b.y})});
            const auto wall_distance = [&](real t) {
                const V a = wide(m.start.a) + wide(m.displacement_a) * t;
                const V b = wide(m.start.b) + wide(m.displacement_b) * t;
                return polygon_distance(moved(p, d, t), {a, b});
            };
            EXPECT_TRUE(meets_contract(
                wall_hit, 0, wall_scale, wall_distance,
                [&](real lo, real hi) { return sampled_least(wall_distance, lo, hi); }))
                << "polygon_moving_segment" << shapes;
        }
    }
    std::printf("whole range: %d answers of the core's rows, %d of a peer's (%d with a polygon)\n",
                core_answers, peer_answers, peer_polygon_answers);
    // The sweep reached the peer's method itself, not only its refusals (a query whose numbers
    // all lie within 2^60 is common: the base exponent is below 60 half the time).
    const bool has_peer = std::any_of(pair_methods().begin(), pair_methods().end(),
                                      [](const PairMethod& row) { return row.refusal; });
    if (has_peer) {
        EXPECT_GT(peer_answers, n / 10);
        EXPECT_GT(peer_polygon_answers, 0);
    }
}

// The inputs that found the gaps, one test each.

// All magnitudes subnormal: the scale that brings them up must stay finite (2^1023 at most).
TEST(WholeRange, APointOnASubnormalSegmentIsAnOverlapWithAFinitePoint) {
    const auto hit = time_of_impact(Vec2{0.0, 4e-320}, Vec2{0.0, 1e-320},
                                    Segment{{-1e-320, 0.0}, {1e-320, 0.0}});
    EXPECT_FALSE(hit.has_value()); // 4e-320 above the segment, moving up: never on it
    const auto on =
        time_of_impact(Vec2{0.0, 0.0}, Vec2{0.0, 1e-320}, Segment{{-1e-320, 0.0}, {1e-320, 0.0}});
    ASSERT_TRUE(on.has_value());
    EXPECT_TRUE(on->overlap);
    EXPECT_EQ(on->point.x, 0.0);
    EXPECT_EQ(on->point.y, 0.0);
    EXPECT_TRUE(defined(on));
}

TEST(WholeRange, ASubnormalCircleMeetsAPointWhereTheDistanceIsItsRadius) {
    const Circle c{{0.0, 4e-320}, 1e-320};
    const Vec2 d{0.0, -8e-320};
    const auto hit = time_of_impact(c, d, Vec2{0.0, 0.0});
    ASSERT_TRUE(hit.has_value());
    EXPECT_FALSE(hit->overlap);
    // By hand: 4e-320 - 8e-320 t = 1e-320, from the doubles these literals are.
    const real expected = (real(c.center.y) - c.radius) / -real(d.y);
    EXPECT_NEAR(hit->t, static_cast<double>(expected), 1e-15);
    EXPECT_NEAR(hit->t, 0.375, 1e-3);
    EXPECT_EQ(hit->normal.x, 0.0);
    EXPECT_EQ(hit->normal.y, 1.0);
}

// A point the smallest subnormal away from the centre: |(5e-324, -5e-324)| rounds to 5e-324, and
// dividing by it gave the normal (1, -1). Below 2^-200 of the largest input it is taken as the
// centre itself: the normal is against the motion. A vector of subnormals alone is normalised
// exactly (normalized_or scales it up first).
TEST(WholeRange, AnOffsetOfSubnormalsStillGivesAUnitNormal) {
    const auto hit = time_of_impact(Circle{{0.0, 0.0}, 1.0}, Vec2{1.0, 0.0}, Vec2{-5e-324, 5e-324});
    ASSERT_TRUE(hit.has_value());
    EXPECT_TRUE(hit->overlap);
    EXPECT_EQ(hit->normal.x, -1.0);
    EXPECT_EQ(hit->normal.y, 0.0);
    const Vec2 n = normalized_or(Vec2{5e-324, -5e-324}, Vec2{});
    EXPECT_NEAR(n.x, std::sqrt(0.5), 4e-16); // a few roundings
    EXPECT_NEAR(n.y, -std::sqrt(0.5), 4e-16);
    const Vec2 big = normalized_or(Vec2{1.7e308, 1.7e308}, Vec2{}); // |v| overflows
    EXPECT_NEAR(big.x, std::sqrt(0.5), 4e-16);
    EXPECT_NEAR(big.y, std::sqrt(0.5), 4e-16);
}

// The circle and wall sweeps of polygons rescale as the polygon pair does: a triangle of size
// 1e161 squares to more than the largest double.
TEST(WholeRange, AUnitCircleAtTheCentreOfAHugeTriangleIsAnOverlap) {
    const Polygon triangle{{{-1e161, -1e161}, {1e161, -1e161}, {0.0, 1e161}}};
    const auto hit = time_of_impact(Circle{{0.0, 0.0}, 1.0}, Vec2{1.0, 0.0}, triangle, Vec2{});
    ASSERT_TRUE(hit.has_value());
    EXPECT_TRUE(hit->overlap);
    EXPECT_TRUE(defined(hit));
}

TEST(WholeRange, AWallThroughAHugeTriangleIsAnOverlap) {
    const Polygon triangle{{{-1e161, -1e161}, {1e161, -1e161}, {0.0, 1e161}}};
    const MovingSegment wall{{{-1.0, 0.0}, {1.0, 0.0}}, Vec2{}, Vec2{}};
    const auto hit = time_of_impact(triangle, Vec2{1.0, 0.0}, wall);
    ASSERT_TRUE(hit.has_value());
    EXPECT_TRUE(hit->overlap);
    EXPECT_TRUE(defined(hit));
}

// A point (a circle of radius 0, and the point query) against a segment turning about its end a:
// the band quartic has a double root at the crossing, which the double coefficients placed
// 2.8e-9 early (3.2e-8 from the segment, 3,700 times the contract). The crossing, computed in
// rational arithmetic from these doubles, is at t = 0.44879432631870286; the contract allows
// 1e-12 x scale (8.77) of distance, about 8e-13 of t at the closing speed here (above 10).
TEST(WholeRange, APointMeetsATurningSegmentAtTheCrossingOfItsLine) {
    const Vec2 p{2.8448826461514445, 2.5965535599984699};
    const Vec2 d{-8.7676126692398064, -6.5617463331211408};
    const MovingSegment wall{
        {{-0.32458983275504405, -2.6122425668927631}, {-2.2104652498363526, 0.35539555890487851}},
        Vec2{0.0, 0.0},
        Vec2{1.5590732830755671, 1.2053097153692156}};
    constexpr double kCrossing = 0.44879432631870286;
    const auto point_hit = time_of_impact(p, d, wall);
    ASSERT_TRUE(point_hit.has_value());
    EXPECT_NEAR(point_hit->t, kCrossing, 8e-13);
    const auto circle_hit = time_of_impact(Circle{p, 0.0}, d, wall);
    ASSERT_TRUE(circle_hit.has_value());
    EXPECT_NEAR(circle_hit->t, kCrossing, 8e-13);
}

// Inputs below 2^-200 of the largest are taken as zero: here a cap whose decision compared two
// underflowed quantities ((C + B)^2 <= disc, both zero) was "reached" at t = 1 by a path passing
// it at 2^-494 while the radius is 2^-911 (the sweep's query 11646).
TEST(WholeRange, APathFarFromATinyCapIsNoContactAtTheEndOfTheFrame) {
    const Circle c{{0x1.228d022f06aacp-909, -0x1.25d6dcbaf20fcp-494}, 0x1.a365b59727aa3p-911};
    const Vec2 d{-0x1.ce0fd441aef5ep-88, 0.0};
    const Segment s{{-0x1.b8c7fb57fc9c8p-908, -0x1.1305aab3e49b2p-547},
                    {0x1.1860dd3e6e961p-909, 0.0}};
    const auto hit = time_of_impact(c, d, s);
    // Within 2^-400 of the scale the centre starts on the segment: an overlap, or no contact.
    if (hit) {
        EXPECT_TRUE(hit->overlap);
        EXPECT_EQ(hit->t, 0.0);
    }
}

// A polygon against a moving wall whose end a starts a hair from a vertex of the polygon, the
// vertex itself tiny (subnormal, or below 2^-200 of the rest: taken as zero) and the polygon
// scaled anywhere in the range. The wall's end is within rounding of the edge's end b there,
// and the offset c - a of the edge's other end lost it: the end was judged beside b by the
// projection from a and on the line by the area from a, neither a touch nor a crossing, and
// went into the polygon (the campaign's inputs 98453 and 99331: at 1e40 and 1e173). Judged
// against the signed separation in long double: the distance between the wall and the
// polygon's boundary, negative by the depth of a wall end inside the polygon.
real wall_polygon_separation(const std::vector<V>& polygon, V a, V b) {
    const auto boundary_distance = [&](V p) {
        real least = INFINITY;
        for (std::size_t i = 0; i < polygon.size(); ++i)
            least = std::min(
                least, point_segment_distance(p, polygon[i], polygon[(i + 1) % polygon.size()]));
        return least;
    };
    real depth = 0;
    for (V end : {a, b})
        if (inside(polygon, end)) depth = std::max(depth, boundary_distance(end));
    if (depth > 0) return -depth;
    real least = INFINITY;
    for (std::size_t i = 0; i < polygon.size(); ++i)
        least = std::min(
            least, segment_segment_distance(a, b, polygon[i], polygon[(i + 1) % polygon.size()]));
    return least;
}

TEST(WholeRange, AMovingWallWhoseEndStartsAtATinyVertexMeetsThePolygonFirstThere) {
    std::mt19937_64 rng(seed());
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> binade(-800, 1000), offset_binade(40, 180),
        tiny_binade(-1074, -1);
    const int n = std::max(1, queries() / 4);
    int hits = 0;
    for (int q = 0; q < n; ++q) {
        Polygon polygon = random_polygon(rng);
        const std::size_t j = static_cast<std::size_t>(q) % polygon.vertices.size();
        const Vec2 corner = polygon.vertices[j];
        const int e = binade(rng);
        for (Vec2& v : polygon.vertices)
            v = Vec2{std::ldexp(v.x - corner.x, e), std::ldexp(v.y - corner.y, e)};
        // The corner: zero, or tiny next to the rest (below 2^-210 of it, subnormal when it can).
        const int tiny = std::min(tiny_binade(rng), e - 210);
        polygon.vertices[j] = Vec2{std::ldexp(unit(rng), tiny), std::ldexp(unit(rng), tiny)};
        const auto scaled = [e](Vec2 v) { return Vec2{std::ldexp(v.x, e), std::ldexp(v.y, e)}; };
        const int k = offset_binade(rng);
        const Vec2 a{std::ldexp(unit(rng), e - k), std::ldexp(unit(rng), e - k)};
        const Vec2 b = scaled({3.0 * unit(rng), 3.0 * unit(rng)});
        const Vec2 d = scaled({unit(rng), unit(rng)});
        const MovingSegment wall{
            {a, b}, scaled({unit(rng), unit(rng)}), scaled({unit(rng), unit(rng)})};
        const auto hit = time_of_impact(polygon, d, wall);
        const std::string at = " at query " + std::to_string(q) + ": " + inputs(polygon) + " " +
                               inputs({d, a, b, wall.displacement_a, wall.displacement_b});
        ASSERT_TRUE(defined(hit)) << at;
        const auto separation = [&](real t) {
            return wall_polygon_separation(moved(polygon, d, t),
                                           wide(a) + wide(wall.displacement_a) * t,
                                           wide(b) + wide(wall.displacement_b) * t);
        };
        const auto closest = [&](real lo, real hi) {
            real least = separation(hi);
            for (int s = 0; s <= 64; ++s)
                least = std::min(least, separation(lo + (hi - lo) * s / 64));
            return least;
        };
        const real scale = largest_of(polygon) > 0 ? std::ldexp(1.0L, e + 2) : 1;
        ASSERT_TRUE(meets_contract(hit, 0, scale, separation, closest)) << at;
        hits += hit ? 1 : 0;
    }
    EXPECT_GT(hits, n / 4); // the family meets the wall more often than not
}

// A point or a circle of radius 0 crossing a moving segment's line a few ulps of b short of end
// b, the ends moving apart or together (not a translation), at every scale from 2^-300 to
// 2^300. Measured from a, the projection dot(w, u) rounded past |u|^2 and the crossing was
// judged beside b, where the zero-size cap is missed: about one crossing in 2,000 went
// through the segment (the static query decides beside b from the offset to b; the moving
// queries now do too). Judged in long double: every path that crosses the segment at least an
// ulp of b's coordinates short of b (closer than that is the inputs' own rounding) is a hit.
TEST(WholeRange, APathCrossingAMovingSegmentJustShortOfEndBHitsIt) {
    std::mt19937_64 rng(seed());
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> binade(-300, 300), ulps(1, 64);
    const int n = 4 * queries();
    int checked = 0;
    for (int q = 0; q < n; ++q) {
        const int e = binade(rng);
        const auto scaled = [e](double x) { return std::ldexp(x, e); };
        // The segment at t = 0.5 ends at b, its direction random, of length 1 to 2 (scaled).
        const Vec2 b{scaled(unit(rng)), scaled(unit(rng))};
        const Vec2 direction{unit(rng), unit(rng)};
        const double norm2 = std::hypot(direction.x, direction.y);
        if (norm2 < 0.1) continue;
        const Vec2 u{scaled(direction.x / norm2 * (1.0 + std::fabs(unit(rng)))),
                     scaled(direction.y / norm2 * (1.0 + std::fabs(unit(rng))))};
        const Vec2 a{b.x - u.x, b.y - u.y};
        // The crossing: b stepped toward a by 1 to 64 ulps on each coordinate.
        Vec2 c = b;
        for (int k = ulps(rng); k > 0; --k)
            c = {std::nextafter(c.x, a.x), std::nextafter(c.y, a.y)};
        const Vec2 da{scaled(unit(rng)), scaled(unit(rng))},
            db{scaled(unit(rng)), scaled(unit(rng))};
        const MovingSegment wall{
            {{a.x - da.x * 0.5, a.y - da.y * 0.5}, {b.x - db.x * 0.5, b.y - db.y * 0.5}}, da, db};
        // Across the line at t = 0.5, at c, moving with b plus half the segment's normal.
        const Vec2 d{-u.y * 0.5 + db.x, u.x * 0.5 + db.y};
        const Vec2 p{c.x - d.x * 0.5, c.y - d.y * 0.5};
        // Where the path crosses the line (bisected in long double between t = 0.25 and 0.75),
        // and how far short of b that is.
        const auto at = [&](real t, real& along, real& length2) {
            const V ends_a = wide(wall.start.a) + wide(da) * t;
            const V ends_b = wide(wall.start.b) + wide(db) * t;
            const V line = ends_b - ends_a, w = wide(p) + wide(d) * t - ends_a;
            along = dotl(w, line);
            length2 = dotl(line, line);
            return crossl(line, w);
        };
        real along = 0, length2 = 0, lo = 0.25L, hi = 0.75L;
        const bool below = at(lo, along, length2) < 0;
        if (below == (at(hi, along, length2) < 0)) continue;
        for (int i = 0; i < 100; ++i) {
            const real mid = (lo + hi) / 2;
            ((at(mid, along, length2) < 0) == below ? lo : hi) = mid;
        }
        at(hi, along, length2);
        const V end_b = wide(wall.start.b) + wide(db) * hi;
        const real ulp_b = std::ldexp(1.0L, -52) * std::max(std::fabs(end_b.x), std::fabs(end_b.y));
        if (!(along > 0) || (1 - along / length2) * std::sqrt(length2) < ulp_b) continue;
        ++checked;
        const std::string where = " at query " + std::to_string(q) + ": " +
                                  inputs({p, d, wall.start.a, wall.start.b, da, db});
        const auto point_hit = time_of_impact(p, d, wall);
        ASSERT_TRUE(point_hit.has_value()) << "point" << where;
        EXPECT_NEAR(point_hit->t, static_cast<double>(hi), 1e-12) << "point" << where;
        const auto circle_hit = time_of_impact(Circle{p, 0.0}, d, wall);
        ASSERT_TRUE(circle_hit.has_value()) << "circle" << where;
        EXPECT_NEAR(circle_hit->t, static_cast<double>(hi), 1e-12) << "circle" << where;
    }
    EXPECT_GT(checked, n / 2);
}

} // namespace
