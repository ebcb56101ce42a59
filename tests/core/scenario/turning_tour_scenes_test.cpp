// The turning scenes of the tour (scenes/turning-*.json, seed002-turning-polygons.json): the
// core's certified answer on each scene's numbers against the value its description derives by
// hand (here in long double), and what a straight-line method makes of the same motion (each
// end moved along the chord of its arc) where the description says it.
#include "ccd/pair_registry.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>

namespace {

namespace fs = std::filesystem;

ccd::Scene scene(const std::string& name) {
    return ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / name);
}

constexpr long double kPi = std::numbers::pi_v<long double>;

ccd::Swept ball_of(const ccd::Scene& s) {
    return {s.bodies.at(0).circle, ccd::Translation{s.bodies.at(0).velocity}};
}

ccd::Swept turning_wall_of(const ccd::Scene& s) {
    return {s.walls.at(0).segment, s.walls.at(0).turning()};
}

// The wall's ends moved along the chords of their arcs: the straight-line stand-in.
ccd::Swept chord_wall_of(const ccd::Scene& s) {
    const ccd::Wall& wall = s.walls.at(0);
    const ccd::Swept turning = turning_wall_of(s);
    return {wall.segment, ccd::EndMotion{turning.moved(wall.segment.a, 1.0) - wall.segment.a,
                                         turning.moved(wall.segment.b, 1.0) - wall.segment.b}};
}

TEST(TurningTourScenes, TheSpinningPaddleMeetsTheBallAtArccosOneSixthOverTwoPi) {
    const ccd::Scene s = scene("turning-paddle-tunnels.json");
    const auto hit = ccd::time_of_impact(ball_of(s), turning_wall_of(s));
    ASSERT_TRUE(hit);
    const long double expected = std::acos(1.0L / 6.0L) / (2.0L * kPi); // 0.2233498...
    EXPECT_NEAR(hit->t, static_cast<double>(expected), 1e-9);
    EXPECT_EQ(hit->feature, ccd::Feature::SegmentInterior);
    EXPECT_FALSE(hit->overlap);
    // The paddle at phi: the contact is the ball's center projected on it, 3 sin(phi) out.
    const long double phi = 2.0L * kPi * expected;
    EXPECT_NEAR(hit->point.x, static_cast<double>(3.0L * std::sin(phi) * std::cos(phi)), 1e-8);
    EXPECT_NEAR(hit->point.y, static_cast<double>(3.0L * std::sin(phi) * std::sin(phi)), 1e-8);
    // A whole turn: every chord has no length, the paddle stays put and the ball is missed.
    EXPECT_FALSE(ccd::time_of_impact(ball_of(s), chord_wall_of(s)));
}

TEST(TurningTourScenes, TheWindmillBarGrazesTheBallAtOneHalfOnItsTip) {
    const ccd::Scene s = scene("turning-windmill-graze.json");
    const auto hit = ccd::time_of_impact(ball_of(s), turning_wall_of(s));
    ASSERT_TRUE(hit) << "a tangent graze is a contact";
    // f(t) ~ 10.5 pi^2 (t - 1/2)^2 reaches delta / 2 (delta = 1e-12 x 3 pi) about 2e-7 early.
    EXPECT_LE(hit->t, 0.5);
    EXPECT_GE(hit->t, 0.5 - 1e-6);
    EXPECT_EQ(hit->feature, ccd::Feature::EndpointB);
    EXPECT_NEAR(hit->point.x, 0.0, 1e-5);
    EXPECT_NEAR(hit->point.y, 3.0, 1e-5);
    EXPECT_NEAR(hit->normal.x, 0.0, 1e-5);
    EXPECT_NEAR(hit->normal.y, 1.0, 1e-5);
    // The tip's chord runs from (3, 0) to (-3, 0), far below the ball.
    EXPECT_FALSE(ccd::time_of_impact(ball_of(s), chord_wall_of(s)));
    // Raised by 1e-6 the ball is never within reach: a miss.
    ccd::Scene raised = s;
    raised.bodies[0].circle.center.y += 1e-6;
    EXPECT_FALSE(ccd::time_of_impact(ball_of(raised), turning_wall_of(raised)));
}

TEST(TurningTourScenes, ThePlanksSidesReachTheGapsEdgesAtArccosOneTenthOverTwo) {
    const ccd::Scene s = scene("turning-plank-in-a-gap.json");
    const ccd::PolygonBody& plank = s.polygons.at(0);
    const ccd::Wall& left = s.walls.at(0);
    const auto hit = ccd::time_of_impact(ccd::Swept{plank.at_start(), plank.turning()},
                                         ccd::Swept{left.segment, ccd::Still{}});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, static_cast<double>(std::acos(0.1L) / 2.0L), 1e-9); // 0.7353145
    EXPECT_EQ(hit->feature, ccd::Feature::EndpointB);
    EXPECT_NEAR(hit->point.x, -1.0, 1e-9);
    EXPECT_NEAR(hit->point.y, 0.0, 1e-9);
    // The right wall's end a = (1, 0) at the same instant, by symmetry.
    const auto right = ccd::time_of_impact(ccd::Swept{plank.at_start(), plank.turning()},
                                           ccd::Swept{s.walls.at(1).segment, ccd::Still{}});
    ASSERT_TRUE(right);
    EXPECT_NEAR(right->t, hit->t, 1e-9);
    EXPECT_EQ(right->feature, ccd::Feature::EndpointA);
}

TEST(TurningTourScenes, SeedTwosTurningWedgeMeetsTheCrateWhereFiveTPlusFourThirdsCosHalfT) {
    const ccd::Scene s = scene("seed002-turning-polygons.json");
    const ccd::PolygonBody& crate = s.polygons.at(0);
    const ccd::PolygonBody& wedge = s.polygons.at(1);
    ASSERT_FALSE(crate.turns());
    const auto hit =
        ccd::time_of_impact(ccd::Swept{crate.at_start(), ccd::Translation{crate.velocity}},
                            ccd::Swept{wedge.at_start(), wedge.turning()});
    ASSERT_TRUE(hit);
    // 5t + (4/3) cos(t/2) = 10/3, solved by bisection in long double.
    const auto f = [](long double t) {
        return 5.0L * t + 4.0L / 3.0L * std::cos(t / 2.0L) - 10.0L / 3.0L;
    };
    long double lo = 0.0L, hi = 1.0L;
    for (int i = 0; i < 100; ++i)
        (f((lo + hi) / 2.0L) < 0.0L ? lo : hi) = (lo + hi) / 2.0L;
    EXPECT_NEAR(hit->t, static_cast<double>(lo), 1e-9); // 0.405461
    EXPECT_EQ(hit->obstacle_vertex, 0) << "the wedge's tip";
    EXPECT_EQ(hit->mover_edge, 1) << "the crate's right side";
    EXPECT_NEAR(hit->point.y, static_cast<double>(0.5L - 4.0L / 3.0L * std::sin(lo / 2.0L)), 1e-8);
}

} // namespace
