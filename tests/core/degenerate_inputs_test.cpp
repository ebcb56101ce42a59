// Every query gives a defined answer for every finite input: t in [0, 1], a finite point and a
// unit normal, never NaN or infinity. Inputs are drawn from a mix of ordinary values, exact
// zeros, repeated values (coincident points, identical velocities) and extremes.
#include "ccd/algorithms.hpp"
#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

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
            expect_defined(a.circle_segment(c, d, s, nullptr), std::string(a.name).c_str(), i);
        if (i % 10 == 0) {
            const Polygon p{{in.vec(), in.vec(), in.vec()}},
                q{{in.vec(), in.vec(), in.vec(), in.vec()}};
            expect_defined(time_of_impact(p, d, q, in.vec()), "polygon", i);
        }
        if (HasFatalFailure()) return;
    }
}

} // namespace
