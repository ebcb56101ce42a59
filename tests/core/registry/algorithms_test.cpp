// The registry of algorithms, where they agree, and the seeds' flaws kept as exhibits.
#include "ccd/algorithms.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/polynomial.hpp"
#include "ccd/toi_circle_segment.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

namespace {

using namespace ccd;

const Segment kFloor{{-10.0, 0.0}, {10.0, 0.0}};

TEST(Algorithms, ExactIsTheDefaultAndNamesAreUnique) {
    ASSERT_FALSE(algorithms().empty());
    EXPECT_EQ(algorithms().front().name, "exact");
    std::set<std::string_view> names;
    for (const Algorithm& a : algorithms()) {
        EXPECT_TRUE(names.insert(a.name).second) << a.name;
        // Every one answers circle_segment but seed 002's chords, a method of the turning pairs
        // only (without a turn the chords are the paths: the exact query's seed 002 sweep).
        if (a.name == "seed002-chords")
            EXPECT_EQ(find_query(*find_pair_type("circle_segment"), a), nullptr);
        else
            EXPECT_NE(find_query(*find_pair_type("circle_segment"), a), nullptr) << a.name;
        EXPECT_FALSE(a.description.empty()) << a.name;
    }
    EXPECT_EQ(find_algorithm("seed004"), &algorithms()[1]);
    EXPECT_EQ(find_algorithm("no-such-method"), nullptr);
}

TEST(Algorithms, AllAgreeOnAPlainHeadOnHit) {
    // Falling from y = 5 with r = 1 onto the floor over 10 units: t = 0.4. Box2D stops at its
    // target separation, 0.995 from the edge's core (1 + 0.01 - 3 x 0.005), within 0.00125:
    // t = 4.005 / 10 (box2d_toi_test.cpp). Bullet's subsimplex ray cast stops when its simplex
    // is within 4.7e-8 of its ray point: here 5.4e-8 short of touching, 5.4e-9 in t
    // (bullet_toi_test.cpp, docs/algorithms.md).
    // (Every algorithm with a circle_segment query: all but seed002-chords, above.)
    for (const Algorithm& a : algorithms()) {
        if (a.name == "seed002-chords") continue;
        const auto hit = time_of_impact(
            a, Swept{Circle{{0.5, 5.0}, 1.0}, Translation{{0.0, -10.0}}}, Swept{kFloor, Still{}});
        ASSERT_TRUE(hit) << a.name;
        if (a.name == "box2d")
            EXPECT_NEAR(hit->t, 0.4005, 0.000125 + 1e-6);
        else
            EXPECT_NEAR(hit->t, 0.4,
                        a.name == "seed000-float32"     ? 1e-6
                        : a.name == "bullet-subsimplex" ? 1e-8
                                                        : 1e-9)
                << a.name;
        EXPECT_NEAR(hit->normal.y, 1.0, 1e-6) << a.name;
    }
}

TEST(Algorithms, Seed004AndExactAgreeOnTwoCircles) {
    // Centers 10 apart closing at 8 per frame, radii 1 + 1: t = 1.
    const auto exact = time_of_impact(*find_algorithm("exact"),
                                      Swept{Circle{{-5.0, 0.0}, 1.0}, Translation{{4.0, 0.0}}},
                                      Swept{Circle{{5.0, 0.0}, 1.0}, Translation{{-4.0, 0.0}}});
    const auto seed = seed004_projection(Circle{{-5.0, 0.0}, 1.0}, {4.0, 0.0},
                                         Circle{{5.0, 0.0}, 1.0}, {-4.0, 0.0});
    ASSERT_TRUE(exact && seed);
    EXPECT_DOUBLE_EQ(seed->t, exact->t);
}

TEST(SeedExhibits, Seed000TextFormulaPutsTheCenterAtSqrtROfTheLine) {
    // Seed 000 writes the band as |(d - c) x (p + v t - c)|^2 = C |q - p|^2: the radius is not
    // squared. (Its code multiplies by radius * radius: the text is what is wrong.) For a circle
    // of radius 4 falling from y = 10 by 10 onto the floor, the right equation touches at
    // y = 4 (t = 0.6); the text's touches at y = sqrt(4) = 2 (t = 0.8). With r = 1 the two
    // agree, which is how the slip goes unnoticed.
    const double r = 4.0;
    const Vec2 p{0.0, 10.0}, v{0.0, -10.0}, c = kFloor.a, d = kFloor.b;
    const double len2 = length_squared(d - c);
    const double k0 = cross(d - c, p - c), k1 = cross(d - c, v);
    const QuadraticRoots text = solve_quadratic(k1 * k1, 2.0 * k0 * k1, k0 * k0 - r * len2);
    const QuadraticRoots right = solve_quadratic(k1 * k1, 2.0 * k0 * k1, k0 * k0 - r * r * len2);
    ASSERT_EQ(text.count, 2);
    ASSERT_EQ(right.count, 2);
    EXPECT_DOUBLE_EQ(text.t[0], 0.8);
    EXPECT_DOUBLE_EQ(right.t[0], 0.6);
    const auto hit = time_of_impact(Circle{p, r}, v, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_DOUBLE_EQ(hit->t, 0.6);
}

TEST(SeedExhibits, Seed000InFloat32LetsABulletsCenterReachTheWall) {
    // r = 0.001 at 1e5 units per frame. The band quadratic's b^2 and 4ac are both about 6.4e13
    // and differ by 4 badc^2 r^2 len2, about 6.4e5: below float's resolution of 6.4e13, so the
    // discriminant rounds to (almost) 0 and both roots collapse onto the time the center meets
    // the line. The exact query stops the bullet a radius short.
    const Circle bullet{{0.0, 10.0}, 0.001};
    const Vec2 d{0.0, -1e5};
    const auto f32 = seed000_float32(bullet, d, kFloor);
    const auto exact = time_of_impact(bullet, d, kFloor);
    ASSERT_TRUE(f32 && exact);
    const double height_f32 = 10.0 + d.y * f32->t, height_exact = 10.0 + d.y * exact->t;
    EXPECT_NEAR(height_exact, bullet.radius, 1e-10);
    EXPECT_LT(height_f32, 0.5 * bullet.radius) << "float32 lets it sink more than half its radius";
}

TEST(SeedExhibits, Seed004TestsTheInfiniteLineSoABystanderCollides) {
    // The circle (r = 0.5) sits 0.3 from the line x = 2 but 3 above the segment's top end, and
    // moves up, away from everything. Seed 004 checks |AN| against the radius on the infinite
    // line: "already colliding". The exact query: no contact.
    const Segment post{{2.0, -1.0}, {2.0, -0.1}};
    const Circle c{{2.3, 3.0}, 0.5};
    const auto seed = seed004_projection(c, {0.0, 1.0}, post);
    ASSERT_TRUE(seed);
    EXPECT_TRUE(seed->overlap);
    EXPECT_FALSE(time_of_impact(c, {0.0, 1.0}, post));
}

TEST(SeedExhibits, Seed004MovingAwayIsAMissNotANegativeTime) {
    EXPECT_FALSE(seed004_projection(Circle{{0.0, 5.0}, 1.0}, {0.0, 10.0}, kFloor));
}

TEST(ConservativeAdvancement, StopsShortOnAShallowGrazeButNeverPastTheContact) {
    // Grazing cap B of (0,-4)-(0,0) at a miss distance of 1 - 1e-6 with r = 1. Each step covers
    // gap / |d|, but the gap closes at only a small fraction of |d| on so shallow an approach,
    // so the 64 steps run out short of the contact (docs/algorithms.md): a hit reported early,
    // never late.
    const Segment post{{0.0, -4.0}, {0.0, 0.0}};
    const Circle c{{-2.0, 1.0 - 1e-6}, 1.0};
    const auto exact = time_of_impact(c, {4.0, 0.0}, post);
    const auto advanced = conservative_advancement(c, {4.0, 0.0}, post);
    ASSERT_TRUE(exact && advanced);
    EXPECT_LE(advanced->t, exact->t);
    EXPECT_GT(exact->t - advanced->t, 1e-4) << "converged after all: update docs/algorithms.md";
}

TEST(ConservativeAdvancement, ConvergesOnAHeadOnApproach) {
    const auto hit = conservative_advancement(Circle{{0.0, 5.0}, 1.0}, {0.0, -10.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.4, 1e-9);
    EXPECT_FALSE(hit->overlap);
}

} // namespace
