// The example plugins (examples/plugins): Box2D through the ABI answers as the built-in "box2d"
// row does, bit for bit, so the ABI loses nothing; the hand-written sub-stepper tunnels where
// the certified answer does not.
#include "loaded_plugin.hpp"

#include "ccd/pair_registry.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

namespace {

using ccd_test::example_plugin;
using ccd_test::loaded_plugin;

// ---- Box2D through the ABI ------------------------------------------------------------------

struct RandomSides {
    std::mt19937_64 rng{20261202};

    double number(double low, double high) {
        return std::uniform_real_distribution<double>(low, high)(rng);
    }
    ccd::Vec2 vector(double half) { return {number(-half, half), number(-half, half)}; }

    // A convex polygon about `centre`: 3 to 8 vertices evenly around, each at its own radius
    // from 0.9 to 1 (convex: the radii differ too little to dent it), either winding.
    ccd::Polygon polygon(ccd::Vec2 centre) {
        const int n = std::uniform_int_distribution<int>(3, 8)(rng);
        const double phase = number(0.0, 6.28), size = number(0.3, 2.0);
        const double winding = number(0.0, 1.0) < 0.5 ? 1.0 : -1.0;
        ccd::Polygon p;
        for (int k = 0; k < n; ++k) {
            const double angle = phase + winding * 2.0 * M_PI * k / n;
            const double r = size * number(0.9, 1.0);
            p.vertices.push_back(centre + ccd::Vec2{r * std::cos(angle), r * std::sin(angle)});
        }
        return p;
    }
    ccd::Shape shape(ccd::ShapeKind kind) {
        const ccd::Vec2 centre = vector(3.0);
        switch (kind) {
        case ccd::ShapeKind::Point:
            return ccd::Point{centre};
        case ccd::ShapeKind::Circle:
            return ccd::Circle{centre, number(0.1, 1.5)};
        case ccd::ShapeKind::Segment:
            return ccd::Segment{centre, centre + vector(3.0)};
        case ccd::ShapeKind::Polygon:
            break;
        }
        return polygon(centre);
    }
    ccd::Motion motion(ccd::MotionKind kind) {
        switch (kind) {
        case ccd::MotionKind::Still:
            return ccd::Still{};
        case ccd::MotionKind::Translation:
            return ccd::Translation{vector(8.0)};
        case ccd::MotionKind::EndMotion: {
            const ccd::Vec2 d = vector(8.0); // a Box2D body moves rigidly: mostly alike
            return ccd::EndMotion{d, number(0.0, 1.0) < 0.8 ? d : vector(8.0)};
        }
        case ccd::MotionKind::Turning:
            break;
        }
        return ccd::Turning{vector(3.0), vector(8.0), number(-7.0, 7.0)};
    }
    ccd::Swept side(ccd::SweptKind kind) { return {shape(kind.shape), motion(kind.motion)}; }
};

std::uint64_t bits(double x) {
    return std::bit_cast<std::uint64_t>(x);
}

// Whether two answers are the same, bit for bit; the difference said otherwise.
testing::AssertionResult same_bits(const std::optional<ccd::Hit>& a,
                                   const std::optional<ccd::Hit>& b) {
    if (a.has_value() != b.has_value())
        return testing::AssertionFailure() << "one hits, the other does not";
    if (!a) return testing::AssertionSuccess();
    const bool same =
        bits(a->t) == bits(b->t) && bits(a->point.x) == bits(b->point.x) &&
        bits(a->point.y) == bits(b->point.y) && bits(a->normal.x) == bits(b->normal.x) &&
        bits(a->normal.y) == bits(b->normal.y) && a->feature == b->feature &&
        a->overlap == b->overlap && a->approaching == b->approaching &&
        a->mover_vertex == b->mover_vertex && a->mover_edge == b->mover_edge &&
        a->obstacle_vertex == b->obstacle_vertex && a->obstacle_edge == b->obstacle_edge;
    if (same) return testing::AssertionSuccess();
    return testing::AssertionFailure()
           << std::hexfloat << "t " << a->t << " / " << b->t << ", point (" << a->point.x << ", "
           << a->point.y << ") / (" << b->point.x << ", " << b->point.y << "), normal ("
           << a->normal.x << ", " << a->normal.y << ") / (" << b->normal.x << ", " << b->normal.y
           << "), feature " << ccd::to_string(a->feature) << " / " << ccd::to_string(b->feature);
}

TEST(Box2DPlugin, AgreesBitForBitWithTheBuiltInRowOnEveryPairItAnswers) {
    const ccd::Algorithm& plugin = loaded_plugin(example_plugin("box2d_plugin"));
    const ccd::Algorithm* built_in = ccd::find_algorithm("box2d");
    ASSERT_NE(built_in, nullptr);
    RandomSides random;
    int hits = 0, misses = 0, refused = 0;
    for (const ccd::PairType* pair : ccd::pairs_answered_by(*built_in)) {
        for (int k = 0; k < 200; ++k) {
            const ccd::Swept mover = random.side(pair->mover);
            const ccd::Swept obstacle = random.side(pair->obstacle);
            const auto why = ccd::inexpressible(*built_in, mover, obstacle);
            const auto plugin_why = ccd::inexpressible(plugin, mover, obstacle);
            ASSERT_EQ(why.has_value(), plugin_why.has_value()) << pair->name << " " << k;
            if (why) {
                // Box2D's reason, passed on as the plugin's failure note.
                EXPECT_TRUE(plugin_why->ends_with("it failed: " + *why)) << *plugin_why;
                ++refused;
                continue;
            }
            const auto expected = ccd::time_of_impact(*built_in, mover, obstacle);
            EXPECT_TRUE(same_bits(ccd::time_of_impact(plugin, mover, obstacle), expected))
                << pair->name << " query " << k;
            ++(expected ? hits : misses);
        }
    }
    // The random sides cover hits, misses and inputs Box2D cannot take.
    EXPECT_GT(hits, 500);
    EXPECT_GT(misses, 500);
    EXPECT_GT(refused, 50);
}

// ---- the hand-written sub-stepper -----------------------------------------------------------

TEST(SubstepPlugin, TunnelsThroughAThinWallTheCertifiedAnswerHits) {
    // A ball of radius 0.1 fired 11 per frame at a wall 5 below: its centre is at y = 0.875
    // after 3 of the 8 sub-steps and at -0.5 after 4, never within 0.1 of the wall.
    const ccd::Algorithm& substep = loaded_plugin(example_plugin("substep_plugin"));
    const ccd::Swept ball{ccd::Circle{{0.0, 5.0}, 0.1}, ccd::Translation{{0.0, -11.0}}};
    const ccd::Swept wall{ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}};
    EXPECT_FALSE(ccd::time_of_impact(substep, ball, wall));
    const auto certified = ccd::time_of_impact(ball, wall);
    ASSERT_TRUE(certified);
    EXPECT_NEAR(certified->t, 4.9 / 11.0, 1e-15);
}

TEST(SubstepPlugin, CatchesTheSameWallAtASpeedItsSubStepsCanSee) {
    // The same ball at a tenth of the speed moves 0.1375 a sub-step: it is seen within 0.1 of the
    // wall, one sub-step late at most.
    const ccd::Algorithm& substep = loaded_plugin(example_plugin("substep_plugin"));
    const ccd::Swept ball{ccd::Circle{{0.0, 1.0}, 0.1}, ccd::Translation{{0.0, -1.1}}};
    const ccd::Swept wall{ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}};
    const auto hit = ccd::time_of_impact(substep, ball, wall);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 7.0 / 8.0); // y = 1 - 1.1 * 7 / 8 = 0.0375; at 6 / 8 it is 0.175
    const auto certified = ccd::time_of_impact(ball, wall);
    ASSERT_TRUE(certified);
    EXPECT_LT(certified->t, hit->t); // 0.9 / 1.1 = 0.818...: the sub-stepper is late
}

} // namespace
