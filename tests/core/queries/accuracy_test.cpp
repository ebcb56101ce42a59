// The accuracy contract (docs/accuracy.md): every reported t is the exact first-contact time
// of the same query with the radius changed by at most 1e-12 x scale, and a miss is reported
// only when the query with a radius smaller by that much also misses. Checked against
// distances computed in long double (64-bit mantissa) over families of random and adversarial
// queries; the worst backward error of each family is printed.
//
// CCDLAB_ACCURACY_QUERIES=N sets the queries per family (default 125000: one million in all).
#include "wide_vec2.hpp"

#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_moving_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>

namespace {

using namespace ccd;

using namespace ccd_test;

real point_segment_distance(V p, V a, V b) {
    const V u = b - a, w = p - a;
    const real len2 = dotl(u, u);
    real h = len2 > 0 ? dotl(w, u) / len2 : 0;
    h = std::clamp(h, real(0), real(1));
    const V d = w - u * h;
    return std::sqrt(dotl(d, d));
}

// Distance between segments pq and ab (0 when they cross).
real segment_segment_distance(V p, V q, V a, V b) {
    const real o1 = crossl(q - p, a - p), o2 = crossl(q - p, b - p);
    const real o3 = crossl(b - a, p - a), o4 = crossl(b - a, q - a);
    if (((o1 > 0) != (o2 > 0)) && ((o3 > 0) != (o4 > 0)) && o1 != 0 && o2 != 0 && o3 != 0 &&
        o4 != 0)
        return 0;
    return std::min({point_segment_distance(p, a, b), point_segment_distance(q, a, b),
                     point_segment_distance(a, p, q), point_segment_distance(b, p, q)});
}

struct Query {
    Circle mover;
    Vec2 displacement;
    Segment wall;
};

double scale_of(const Query& q) {
    return std::max({std::fabs(q.mover.center.x), std::fabs(q.mover.center.y), q.mover.radius,
                     std::fabs(q.displacement.x), std::fabs(q.displacement.y),
                     std::fabs(q.wall.a.x), std::fabs(q.wall.a.y), std::fabs(q.wall.b.x),
                     std::fabs(q.wall.b.y), q.wall.radius});
}

// The backward error of the answer's t against the sum of the radii r.
real backward_error_of_t(const std::optional<Hit>& hit, V c, V d, V a, V b, real r) {
    if (!hit) { // a miss must stay a miss for any radius <= r - error
        const real closest = segment_segment_distance(c, c + d, a, b);
        return std::max(real(0), r - closest);
    }
    if (hit->overlap) return std::max(real(0), point_segment_distance(c, a, b) - r);
    const real t = hit->t;
    const real at_t = point_segment_distance(c + d * t, a, b);
    const real before = segment_segment_distance(c, c + d * t, a, b); // min over [0, t]
    return std::max(std::fabs(at_t - r), at_t - before);
}

// Backward error of the answer, in units of the query's scale: how much the radius must change
// for the answer to be exact. A capsule (a wall with a radius) is touched when the centre is the
// sum of the radii from the wall's core, at a contact point on the capsule's surface (the point's
// distance to the core less the wall's radius is an error too).
real backward_error(const Query& q, const std::optional<Hit>& hit) {
    const V c = wide(q.mover.center), d = wide(q.displacement), a = wide(q.wall.a),
            b = wide(q.wall.b);
    const real r = real(q.mover.radius) + real(q.wall.radius);
    const real off_surface =
        hit && q.wall.radius > 0
            ? std::fabs(point_segment_distance(wide(hit->point), a, b) - real(q.wall.radius))
            : real(0);
    return std::max(off_surface, backward_error_of_t(hit, c, d, a, b, r));
}

int queries_per_family() {
    const char* env = std::getenv("CCDLAB_ACCURACY_QUERIES");
    return env ? std::max(1, std::atoi(env)) : 125000;
}

struct Family {
    const char* name;
    std::function<Query(std::mt19937_64&)> make;
};

double uniform(std::mt19937_64& rng, double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}
Vec2 random_point(std::mt19937_64& rng, double extent) {
    return {uniform(rng, -extent, extent), uniform(rng, -extent, extent)};
}
Vec2 unit(double angle) {
    return {std::cos(angle), std::sin(angle)};
}

std::vector<Family> families() {
    return {
        {"uniform",
         [](std::mt19937_64& g) {
             return Query{{random_point(g, 10), uniform(g, 0, 2)},
                          random_point(g, 20),
                          {random_point(g, 10), random_point(g, 10)}};
         }},
        {"grazing an endpoint at r(1 +- 1e-8)",
         [](std::mt19937_64& g) {
             const Segment wall{random_point(g, 10), random_point(g, 10)};
             const double r = uniform(g, 0.01, 2);
             const Vec2 dir = unit(uniform(g, 0, 6.2832));
             const double miss = r * (1 + uniform(g, -1e-8, 1e-8));
             const Vec2 closest = wall.b + perp(dir) * miss; // the path passes b at `miss`
             const double before = uniform(g, 0.5, 10), after = uniform(g, 0.5, 10);
             return Query{{closest - dir * before, r}, dir * (before + after), wall};
         }},
        {"aimed at an endpoint",
         [](std::mt19937_64& g) {
             const Segment wall{random_point(g, 10), random_point(g, 10)};
             const Vec2 dir = unit(uniform(g, 0, 6.2832));
             const double before = uniform(g, 1, 10);
             return Query{
                 {wall.a - dir * before, uniform(g, 0, 0.9)}, dir * uniform(g, 0.5, 20), wall};
         }},
        {"start touching or a hair away",
         [](std::mt19937_64& g) {
             const Segment wall{random_point(g, 10), random_point(g, 10)};
             const double h = uniform(g, 0, 1), r = uniform(g, 0.01, 2);
             const Vec2 foot = wall.a + (wall.b - wall.a) * h;
             const Vec2 n = normalized_or(perp(wall.b - wall.a), {0, 1});
             // One draw per statement: the order of a call's arguments (or an operator's
             // operands) is unspecified, and compilers differ.
             const int exponent = -static_cast<int>(uniform(g, 30, 52));
             const double gap = r * std::ldexp(uniform(g, -1, 1), exponent);
             const double speed = uniform(g, 0.1, 1e5);
             const Vec2 heading = -n + random_point(g, 1);
             return Query{{foot + n * (r + gap), r}, heading * speed, wall};
         }},
        {"near-parallel approach",
         [](std::mt19937_64& g) {
             const Segment wall{random_point(g, 10), random_point(g, 10)};
             const Vec2 u = normalized_or(wall.b - wall.a, {1, 0});
             const double r = uniform(g, 0.01, 2);
             // One draw per statement (see above).
             const double clearance = uniform(g, 0, 1);
             const double behind = uniform(g, 1, 5);
             const Vec2 start = wall.a - u * behind + perp(u) * (r + clearance);
             // Gliding along the wall and sinking toward it by 1e-7 to 0.1 per unit travelled.
             const double speed = uniform(g, 5, 40);
             const double sink = std::exp(uniform(g, std::log(1e-7), std::log(0.1)));
             const Vec2 d = (u - perp(u) * sink) * speed;
             return Query{{start, r}, d, wall};
         }},
        {"bullets at 1e5 units per frame through thin walls",
         [](std::mt19937_64& g) {
             const Segment wall{random_point(g, 10), random_point(g, 10)};
             const Vec2 dir = unit(uniform(g, 0, 6.2832));
             const Vec2 target = wall.a + (wall.b - wall.a) * uniform(g, -0.1, 1.1);
             return Query{
                 {target - dir * uniform(g, 10, 5e4), uniform(g, 1e-3, 0.05)}, dir * 1e5, wall};
         }},
        {"coordinates near 1e7 with small bodies",
         [](std::mt19937_64& g) {
             const Vec2 o{1e7 * uniform(g, -1, 1), 1e7 * uniform(g, -1, 1)};
             return Query{{o + random_point(g, 1), uniform(g, 1e-4, 1e-2)},
                          random_point(g, 2),
                          {o + random_point(g, 1), o + random_point(g, 1)}};
         }},
        {"tiny worlds near 1e-4",
         [](std::mt19937_64& g) {
             const double s = 1e-4;
             return Query{{random_point(g, s), uniform(g, 0, 0.2 * s)},
                          random_point(g, 2 * s),
                          {random_point(g, s), random_point(g, s)}};
         }},
        {"uniform against capsules (radius 0 to 1)",
         [](std::mt19937_64& g) {
             // One draw per statement (see above).
             const Circle mover{random_point(g, 10), uniform(g, 0, 2)};
             const Vec2 d = random_point(g, 20);
             const Vec2 a = random_point(g, 10);
             const Vec2 b = random_point(g, 10);
             return Query{mover, d, {a, b, uniform(g, 0, 1)}};
         }},
    };
}

TEST(Accuracy, CircleSegmentBackwardErrorStaysWithin1e12OfScale) {
    const int n = queries_per_family();
    std::printf("%-52s %10s %8s %8s %14s\n", "family (circle vs static segment)", "queries", "hits",
                "misses", "worst / scale");
    for (const Family& family : families()) {
        std::mt19937_64 rng(0xCCD1AB);
        real worst = 0;
        int hits = 0, worst_index = -1;
        for (int i = 0; i < n; ++i) {
            const Query q = family.make(rng);
            const auto hit = time_of_impact(q.mover, q.displacement, q.wall);
            hits += hit ? 1 : 0;
            const real error = backward_error(q, hit) / scale_of(q);
            if (error > worst) {
                worst = error;
                worst_index = i;
            }
        }
        std::printf("%-52s %10d %8d %8d %14.3Le\n", family.name, n, hits, n - hits, worst);
        EXPECT_LE(worst, 1e-12L) << family.name << ", query " << worst_index;
    }
}

TEST(Accuracy, CircleCircleBackwardErrorStaysWithin1e12OfScale) {
    // Two moving circles reduce to a point against a disk of the summed radii: the backward error
    // is measured on that sum.
    std::mt19937_64 rng(0xC1C1E);
    real worst = 0;
    const int n = queries_per_family();
    for (int i = 0; i < n; ++i) {
        const Circle a{random_point(rng, 10), uniform(rng, 0, 2)},
            b{random_point(rng, 10), uniform(rng, 0, 2)};
        const Vec2 da = random_point(rng, 20), db = random_point(rng, 20);
        const auto hit = time_of_impact(a, da, b, db);
        const V m = wide(a.center) - wide(b.center), d = wide(da) - wide(db);
        const real r = static_cast<real>(a.radius) + b.radius;
        real error;
        if (!hit) {
            error = std::max(real(0), r - point_segment_distance({0, 0}, m, m + d));
        } else if (hit->overlap) {
            error = std::max(real(0), std::sqrt(dotl(m, m)) - r);
        } else {
            const V at = m + d * static_cast<real>(hit->t);
            error = std::fabs(std::sqrt(dotl(at, at)) - r);
        }
        const double scale =
            std::max({std::fabs(a.center.x), std::fabs(a.center.y), std::fabs(b.center.x),
                      std::fabs(b.center.y), std::fabs(da.x), std::fabs(da.y), std::fabs(db.x),
                      std::fabs(db.y), a.radius + b.radius});
        worst = std::max(worst, error / scale);
    }
    std::printf("%-52s %10d %26.3Le\n", "circle vs circle, uniform", n, worst);
    EXPECT_LE(worst, 1e-12L);
}

TEST(Accuracy, CircleMovingSegmentQuarticBackwardError) {
    // Both endpoints move on their own: the band is a quartic. The reference samples the long
    // double distance 2000 times over [0, t] (for misses, over the frame), so it bounds how much
    // earlier a contact could have been; |distance(t) - r| is exact.
    std::mt19937_64 rng(0x0A271C);
    const int n = std::max(1, queries_per_family() / 25);
    real worst = 0;
    int hits = 0, worst_index = -1;
    for (int i = 0; i < n; ++i) {
        const Circle c{random_point(rng, 10), uniform(rng, 0, 2)};
        const Vec2 d = random_point(rng, 20);
        const MovingSegment s{{random_point(rng, 10), random_point(rng, 10)},
                              random_point(rng, 20),
                              random_point(rng, 20)};
        const auto hit = time_of_impact(c, d, s);
        const auto distance_at = [&](real t) {
            const V a = wide(s.start.a) + wide(s.displacement_a) * t;
            const V b = wide(s.start.b) + wide(s.displacement_b) * t;
            return point_segment_distance(wide(c.center) + wide(d) * t, a, b);
        };
        const real end = hit ? static_cast<real>(hit->t) : real(1);
        real closest = distance_at(end);
        for (int k = 0; k < 2000; ++k)
            closest = std::min(closest, distance_at(end * k / 2000));
        real error;
        if (!hit)
            error = std::max(real(0), c.radius - closest);
        else if (hit->overlap)
            error = std::max(real(0), distance_at(0) - c.radius);
        else
            error = std::max(std::fabs(distance_at(end) - c.radius), distance_at(end) - closest);
        hits += hit ? 1 : 0;
        const double scale = std::max(
            {std::fabs(c.center.x), std::fabs(c.center.y), c.radius, std::fabs(d.x), std::fabs(d.y),
             std::fabs(s.start.a.x), std::fabs(s.start.a.y), std::fabs(s.start.b.x),
             std::fabs(s.start.b.y), std::fabs(s.displacement_a.x), std::fabs(s.displacement_a.y),
             std::fabs(s.displacement_b.x), std::fabs(s.displacement_b.y)});
        if (error / scale > worst) {
            worst = error / scale;
            worst_index = i;
        }
    }
    std::printf("%-52s %10d %8d %8d %14.3Le\n", "circle vs moving segment (quartic), uniform", n,
                hits, n - hits, worst);
    EXPECT_LE(worst, 1e-12L) << "query " << worst_index;
}

// Ends that converge: both ends of a moving segment reach one point P at the same instant t*,
// and the mover reaches it then too (the crossing equation cross(u(t), w(t)) = 0 has a double
// root there). Double coefficients placed such a root about 1e-8 off; the reference is the
// geometry in long double: the distance from the mover to the segment at the reported t, and
// the least distance before it, sampled. A miss is right only when the exact path comes no
// closer than the contract allows (the inputs are rounded, so the exact paths only nearly meet);
// it is counted apart.
struct ConvergingQuery {
    Circle mover;
    Vec2 displacement;
    MovingSegment wall;
    double meet; // t*
};

ConvergingQuery converging(std::mt19937_64& g, double radius) {
    const Vec2 p = random_point(g, 10);
    const double meet = uniform(g, 0.02, 0.98);
    const Vec2 va = random_point(g, 20), vb = random_point(g, 20), vp = random_point(g, 20);
    const Vec2 side = unit(uniform(g, 0, 6.2832)) * radius; // the mover's centre at t*: P + side
    return {{p + side - vp * meet, radius}, vp, {{p - va * meet, p - vb * meet}, va, vb}, meet};
}

real moving_distance(const ConvergingQuery& q, real t) {
    const V a = wide(q.wall.start.a) + wide(q.wall.displacement_a) * t;
    const V b = wide(q.wall.start.b) + wide(q.wall.displacement_b) * t;
    return point_segment_distance(wide(q.mover.center) + wide(q.displacement) * t, a, b);
}

double moving_scale(const Circle& c, Vec2 d, const MovingSegment& s) {
    return std::max({std::fabs(c.center.x), std::fabs(c.center.y), c.radius, std::fabs(d.x),
                     std::fabs(d.y), std::fabs(s.start.a.x), std::fabs(s.start.a.y),
                     std::fabs(s.start.b.x), std::fabs(s.start.b.y), std::fabs(s.displacement_a.x),
                     std::fabs(s.displacement_a.y), std::fabs(s.displacement_b.x),
                     std::fabs(s.displacement_b.y)});
}

// The least of `distance` over [lo, hi]: 400 samples, then 400 more within 1e-6 of `focus`.
template <class Distance>
real least_distance(Distance distance, real lo, real hi, real focus) {
    real least = distance(hi);
    for (int k = 0; k <= 400; ++k)
        least = std::min(least, distance(lo + (hi - lo) * k / 400));
    for (int k = -200; k <= 200; ++k) {
        const real t = focus + real(1e-6) * k / 200;
        if (t >= lo && t <= hi) least = std::min(least, distance(t));
    }
    return least;
}

struct ConvergingFamily {
    const char* name;
    double radius;
    bool point_query; // time_of_impact(Vec2, ...) rather than the circle's
};

TEST(Accuracy, EndsConvergingOnTheMoverMeetTheContract) {
    const int n = std::max(1, queries_per_family() / 25);
    const ConvergingFamily families[] = {
        {"ends converge on a point (point vs moving segment)", 0.0, true},
        {"ends converge on a point (circle query, r = 0)", 0.0, false},
        {"ends converge at r from a circle's centre", 0.5, false},
    };
    for (const ConvergingFamily& family : families) {
        std::mt19937_64 rng(0xD0B1E);
        real worst = 0;
        int hits = 0, worst_index = -1;
        for (int i = 0; i < n; ++i) {
            const ConvergingQuery q = converging(rng, family.radius);
            const auto hit = family.point_query
                                 ? time_of_impact(q.mover.center, q.displacement, q.wall)
                                 : time_of_impact(q.mover, q.displacement, q.wall);
            const auto distance = [&](real t) { return moving_distance(q, t); };
            const real r = q.mover.radius;
            real error;
            if (!hit) {
                error = std::max(real(0), r - least_distance(distance, 0, 1, q.meet));
            } else if (hit->overlap) {
                error = std::max(real(0), distance(0) - r);
            } else {
                const real t = hit->t;
                const real at = distance(t);
                error = std::max(std::fabs(at - r), at - least_distance(distance, 0, t, q.meet));
            }
            hits += hit ? 1 : 0;
            error /= moving_scale(q.mover, q.displacement, q.wall);
            if (error > worst) {
                worst = error;
                worst_index = i;
            }
        }
        std::printf("%-52s %10d %8d %8d %14.3Le\n", family.name, n, hits, n - hits, worst);
        EXPECT_LE(worst, 1e-12L) << family.name << ", query " << worst_index;
        EXPECT_GE(hits, n * 9 / 10) << family.name; // the ends do meet on the mover
    }
}

// A triangle's vertex meeting a wall whose two ends converge on it: the polygon sweep asks the
// point query for each vertex, so the same double root. The reference is the distance between
// the triangle and the wall at the reported t, in long double.
TEST(Accuracy, APolygonVertexMeetingAShrinkingWallMeetsTheContract) {
    const int n = std::max(1, queries_per_family() / 25);
    std::mt19937_64 rng(0x5A11);
    real worst = 0;
    int hits = 0, worst_index = -1;
    for (int i = 0; i < n; ++i) {
        const ConvergingQuery q = converging(rng, 0.0);
        // The vertex at the mover's path, the triangle on the side away from where the wall
        // comes from, so that the vertex is what touches first.
        const Vec2 v0 = q.mover.center;
        const Vec2 away = normalized_or(v0 - (q.wall.start.a + q.wall.start.b) * 0.5, {1, 0});
        const Polygon triangle{{v0, v0 + away * 3.0 + perp(away), v0 + away * 3.0 - perp(away)}};
        const auto hit = time_of_impact(triangle, q.displacement, q.wall);
        const auto distance = [&](real t) {
            const V a = wide(q.wall.start.a) + wide(q.wall.displacement_a) * t;
            const V b = wide(q.wall.start.b) + wide(q.wall.displacement_b) * t;
            real least = INFINITY;
            for (std::size_t k = 0; k < 3; ++k) {
                const V p = wide(triangle.vertices[k]) + wide(q.displacement) * t;
                const V next = wide(triangle.vertices[(k + 1) % 3]) + wide(q.displacement) * t;
                least = std::min(least, segment_segment_distance(p, next, a, b));
            }
            return least;
        };
        real error;
        if (!hit)
            error = 0; // (a radius of 0 cannot shrink: every miss is within the contract)
        else if (hit->overlap)
            error = distance(0);
        else
            error = distance(hit->t);
        hits += hit ? 1 : 0;
        const double scale = std::max({moving_scale(q.mover, q.displacement, q.wall),
                                       std::fabs(v0.x) + 4.0, std::fabs(v0.y) + 4.0});
        if (error / scale > worst) {
            worst = error / scale;
            worst_index = i;
        }
    }
    std::printf("%-52s %10d %8d %8d %14.3Le\n", "polygon vertex meeting a shrinking wall", n, hits,
                n - hits, worst);
    EXPECT_LE(worst, 1e-12L) << "query " << worst_index;
    EXPECT_GE(hits, n * 9 / 10);
}

// A point-sized circle (r = 0, or 1e-300 x scale) crossing a moving segment: the band quartic
// cross(u, w)^2 - r^2 |u|^2 then has a double root at every crossing of the line, which its
// rounding may lift off zero; the crossings themselves are solved too.
TEST(Accuracy, APointSizedCircleCrossingAMovingSegmentMeetsTheContract) {
    const int n = std::max(1, queries_per_family() / 25);
    for (const double radius : {0.0, 1e-300, 1e-9}) {
        std::mt19937_64 rng(0xC405);
        real worst = 0;
        int hits = 0, worst_index = -1;
        for (int i = 0; i < n; ++i) {
            const Circle c{random_point(rng, 10), radius};
            const Vec2 d = random_point(rng, 20);
            const MovingSegment s{{random_point(rng, 10), random_point(rng, 10)},
                                  random_point(rng, 20),
                                  random_point(rng, 20)};
            const auto hit = time_of_impact(c, d, s);
            const ConvergingQuery q{c, d, s, 0.5};
            const auto distance = [&](real t) { return moving_distance(q, t); };
            const real end = hit ? static_cast<real>(hit->t) : real(1);
            // A crossing of the segment's inside is a sign change of the signed distance: the
            // sampled least distance finds it only to the sampling, so a miss is checked by the
            // crossing instead: the mover must not pass from one side to the other inside it.
            real error = 0;
            if (!hit) {
                const auto side = [&](real t) {
                    const V a = wide(s.start.a) + wide(s.displacement_a) * t;
                    const V b = wide(s.start.b) + wide(s.displacement_b) * t;
                    const V p = wide(c.center) + wide(d) * t;
                    const V u = b - a, w = p - a;
                    const real len2 = dotl(u, u);
                    const real along = len2 > 0 ? dotl(w, u) / len2 : -1;
                    return std::pair{crossl(u, w) / std::sqrt(len2), along};
                };
                for (int k = 0; k < 2000; ++k) {
                    const auto [s0, h0] = side(real(k) / 2000);
                    const auto [s1, h1] = side(real(k + 1) / 2000);
                    if ((s0 > 0) != (s1 > 0) && h0 > 0.01L && h0 < 0.99L && h1 > 0.01L &&
                        h1 < 0.99L)
                        error = std::max(error, std::min(std::fabs(s0), std::fabs(s1)));
                }
            } else if (hit->overlap) {
                error = std::max(real(0), distance(0) - radius);
            } else {
                const real at = distance(end);
                error =
                    std::max(std::fabs(at - radius), at - least_distance(distance, 0, end, end));
            }
            hits += hit ? 1 : 0;
            error /= moving_scale(c, d, s);
            if (error > worst) {
                worst = error;
                worst_index = i;
            }
        }
        std::printf("point-sized circle (r = %-6g) vs moving segment       %10d %8d %8d %14.3Le\n",
                    radius, n, hits, n - hits, worst);
        EXPECT_LE(worst, 1e-12L) << "r = " << radius << ", query " << worst_index;
    }
}

} // namespace
