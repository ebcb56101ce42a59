// Every query gives a defined answer for every finite input: t in [0, 1], a finite point and a
// unit normal, never NaN or infinity. Inputs are drawn from a mix of ordinary values, exact
// zeros, repeated values (coincident points, identical velocities) and extremes.
#include "ccd/algorithms.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <utility>

namespace {

using namespace ccd;

class Inputs {
public:
    explicit Inputs(std::uint64_t seed) : rng_(seed) {}
    double number() {
        switch (std::uniform_int_distribution<int>(0, 9)(rng_)) {
        case 0:
            return 0.0;
        case 1:
            return last_; // repeats make coincident points and equal velocities
        case 2:
            return remember(std::ldexp(uniform(-1, 1), -1000)); // subnormal-ish tiny
        case 3:
            return remember(std::ldexp(uniform(-1, 1), 400)); // huge (squares overflow)
        case 4:
            return remember(uniform(-1e-8, 1e-8));
        default:
            return remember(uniform(-10, 10));
        }
    }
    double radius() { return std::fabs(number()); }
    Vec2 vec() { return {number(), number()}; }

private:
    double uniform(double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng_);
    }
    double remember(double x) { return last_ = x; }
    std::mt19937_64 rng_;
    double last_ = 1.0;
};

void expect_defined(const std::optional<Hit>& hit, const char* query, int i) {
    if (!hit) return;
    ASSERT_TRUE(hit->t >= 0.0 && hit->t <= 1.0) << query << " case " << i << " t = " << hit->t;
    ASSERT_TRUE(std::isfinite(hit->point.x) && std::isfinite(hit->point.y))
        << query << " case " << i;
    ASSERT_TRUE(std::isfinite(hit->normal.x) && std::isfinite(hit->normal.y))
        << query << " case " << i;
    ASSERT_NEAR(std::hypot(hit->normal.x, hit->normal.y), 1.0, 1e-12) << query << " case " << i;
}

TEST(DegenerateInputs, EveryQueryAnswersEveryFiniteInputWithFiniteValues) {
    Inputs in(42);
    for (int i = 0; i < 100000; ++i) {
        const Circle c{in.vec(), in.radius()};
        const Vec2 d = in.vec();
        const Segment s{in.vec(), in.vec()};
        Trace trace;
        expect_defined(time_of_impact(c, d, s), "circle_segment", i);
        expect_defined(time_of_impact(c, d, s, &trace), "circle_segment traced", i);
        expect_defined(time_of_impact(c.center, d, s), "point_segment", i);
        expect_defined(time_of_impact(c, d, s.a), "circle_point", i);
        expect_defined(time_of_impact(c, d, Circle{s.b, in.radius()}, in.vec()), "circle_circle",
                       i);
        expect_defined(time_of_impact_translating(c, d, s, in.vec()), "translating", i);
        const MovingSegment m{s, in.vec(), in.vec()};
        expect_defined(time_of_impact(c.center, d, m), "point_moving_segment", i);
        expect_defined(time_of_impact(c, d, m), "circle_moving_segment", i);
        for (const Algorithm& a : algorithms())
            expect_defined(ccd::time_of_impact(a, ccd::Swept{c, ccd::Translation{d}},
                                               ccd::Swept{s, ccd::Still{}}),
                           std::string(a.name).c_str(), i);
        if (i % 10 == 0) {
            const Polygon p{{in.vec(), in.vec(), in.vec()}},
                q{{in.vec(), in.vec(), in.vec(), in.vec()}};
            expect_defined(time_of_impact(p, d, q, in.vec()), "polygon", i);
        }
        if (HasFatalFailure()) return;
    }
}

// Every input zero: a point at the origin, not moving, on a segment or point or circle there.
// (The random mix above almost never draws all nine at once; the circle-segment query once
// dereferenced a null trace on this input.) Every query says: touching at t = 0.
TEST(DegenerateInputs, AllZeroInputsAreAnOverlapAtTimeZero) {
    const Circle c{{0.0, 0.0}, 0.0};
    const Vec2 d{0.0, 0.0};
    const Segment s{{0.0, 0.0}, {0.0, 0.0}};
    const MovingSegment m{s, d, d};
    Trace trace;
    const std::pair<std::optional<Hit>, const char*> answers[] = {
        {time_of_impact(c, d, s), "circle_segment"},
        {time_of_impact(c, d, s, &trace), "circle_segment traced"},
        {time_of_impact(c, d, PreparedSegment(s)), "circle_prepared_segment"},
        {time_of_impact(c.center, d, s), "point_segment"},
        {time_of_impact(c, d, s.a), "circle_point"},
        {time_of_impact(c, d, c, d), "circle_circle"},
        {time_of_impact_translating(c, d, s, d), "translating"},
        {time_of_impact(c.center, d, m), "point_moving_segment"},
        {time_of_impact(c, d, m), "circle_moving_segment"},
    };
    int i = 0;
    for (const auto& [hit, query] : answers) {
        ASSERT_TRUE(hit.has_value()) << query;
        EXPECT_EQ(hit->t, 0.0) << query;
        EXPECT_TRUE(hit->overlap) << query;
        expect_defined(hit, query, i++);
    }
    for (const Algorithm& a : algorithms())
        expect_defined(
            ccd::time_of_impact(a, ccd::Swept{c, ccd::Translation{d}}, ccd::Swept{s, ccd::Still{}}),
            std::string(a.name).c_str(), i++);
}

// Infinities and NaNs are outside the contract (finite inputs), but a query must still return:
// no crash, no endless rescaling. Each query, each input slot, each non-finite value.
TEST(DegenerateInputs, NonFiniteInputsReturnWithoutCrashing) {
    const double bad[] = {std::numeric_limits<double>::infinity(),
                          -std::numeric_limits<double>::infinity(),
                          std::numeric_limits<double>::quiet_NaN()};
    int answered = 0;
    for (const double v : bad)
        for (int slot = 0; slot < 11; ++slot) {
            double in[11] = {0.5, 3.0, 1.0, 0.0, -6.0, -2.0, 0.0, 2.0, 0.0, 0.25, -0.5};
            in[slot] = v;
            const Circle c{{in[0], in[1]}, in[2]};
            const Vec2 d{in[3], in[4]}, e{in[9], in[10]};
            const Segment s{{in[5], in[6]}, {in[7], in[8]}};
            const MovingSegment m{s, e, e};
            Trace trace;
            (void)time_of_impact(c, d, s);
            (void)time_of_impact(c, d, s, &trace);
            (void)time_of_impact(c, d, PreparedSegment(s));
            (void)time_of_impact(c.center, d, s);
            (void)time_of_impact(c, d, s.a);
            (void)time_of_impact(c, d, Circle{s.b, in[2]}, e);
            (void)time_of_impact_translating(c, d, s, e);
            (void)time_of_impact(c.center, d, m);
            (void)time_of_impact(c, d, m);
            for (const Algorithm& a : algorithms())
                (void)ccd::time_of_impact(a, ccd::Swept{c, ccd::Translation{d}},
                                          ccd::Swept{s, ccd::Still{}});
            ++answered;
        }
    EXPECT_EQ(answered, 33);
}

// Every input from {-1, 0, 1} (radii from {0, 1}): all the coincidences at once (a point on
// an endpoint, zero-length segments, no motion, motion along the segment, touching starts),
// which random draws reach only by luck. 2 x 3^8 = 13,122 cases, every query.
TEST(DegenerateInputs, EveryQueryAnswersEveryInputOnTheSmallIntegerGrid) {
    static constexpr double kValues[3] = {-1.0, 0.0, 1.0};
    int cases = 0;
    for (int code = 0; code < 2 * 6561; ++code) {
        int rest = code;
        const auto next = [&rest] {
            const double v = kValues[rest % 3];
            rest /= 3;
            return v;
        };
        const Vec2 center{next(), next()};
        const Vec2 d{next(), next()};
        const Segment s{{next(), next()}, {next(), next()}};
        const Circle mover{center, static_cast<double>(rest)}; // rest is 0 or 1 here
        Trace trace;
        expect_defined(time_of_impact(mover, d, s), "circle_segment", code);
        expect_defined(time_of_impact(mover, d, s, &trace), "circle_segment traced", code);
        expect_defined(time_of_impact(mover, d, PreparedSegment(s)), "prepared", code);
        expect_defined(time_of_impact(mover.center, d, s), "point_segment", code);
        expect_defined(time_of_impact(mover, d, s.a), "circle_point", code);
        expect_defined(time_of_impact(mover, d, Circle{s.b, mover.radius}, s.a - s.b),
                       "circle_circle", code);
        expect_defined(time_of_impact_translating(mover, d, s, s.b - s.a), "translating", code);
        const MovingSegment m{s, d * -1.0, s.a - s.b};
        expect_defined(time_of_impact(mover.center, d, m), "point_moving_segment", code);
        expect_defined(time_of_impact(mover, d, m), "circle_moving_segment", code);
        for (const Algorithm& a : algorithms())
            expect_defined(ccd::time_of_impact(a, ccd::Swept{mover, ccd::Translation{d}},
                                               ccd::Swept{s, ccd::Still{}}),
                           std::string(a.name).c_str(), code);
        if (HasFatalFailure()) return;
        ++cases;
    }
    EXPECT_EQ(cases, 13122);
}

// Polygons on the same grid: every triangle with corners in {-1, 0, 1}^2 (collinear and
// coincident corners included) moving by every step of that grid against a point-like, a
// segment-like and a square obstacle, the obstacle still or moving: 729 x 9 x 3 x 2 cases.
TEST(DegenerateInputs, PolygonSweepsAnswerEveryTriangleOnTheSmallIntegerGrid) {
    const auto grid_point = [](int k) {
        return Vec2{static_cast<double>(k % 3 - 1), static_cast<double>(k / 3 - 1)};
    };
    const Polygon obstacles[3] = {
        {{{0.0, 0.0}, {0.0, 0.0}, {0.0, 0.0}}},
        {{{-1.0, 1.0}, {1.0, 1.0}, {0.0, 1.0}}},
        {{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}},
    };
    int cases = 0;
    for (int corners = 0; corners < 729; ++corners) {
        const Polygon mover{
            {grid_point(corners % 9), grid_point(corners / 9 % 9), grid_point(corners / 81)}};
        for (int step = 0; step < 9; ++step)
            for (const Polygon& obstacle : obstacles)
                for (const Vec2 obstacle_motion : {Vec2{0.0, 0.0}, Vec2{0.5, -1.0}}) {
                    expect_defined(
                        time_of_impact(mover, grid_point(step) * 2.0, obstacle, obstacle_motion),
                        "polygon", cases);
                    if (HasFatalFailure()) return;
                    ++cases;
                }
    }
    EXPECT_EQ(cases, 729 * 9 * 3 * 2);
}

} // namespace
