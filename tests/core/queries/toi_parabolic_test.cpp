// Parabolic paths (toi_parabolic.hpp, the certified engine with an acceleration, the pair
// registry's accelerated sides): cases worked by hand, then random ones against the long double
// reference of tests/support/first_contact_reference.hpp (which calls no query).
#include "ccd/algorithms.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/toi_body.hpp"
#include "ccd/toi_parabolic.hpp"
#include "ccd/toi_turning.hpp"
#include "first_contact_reference.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using ccd::Circle;
using ccd::Feature;
using ccd::Point;
using ccd::Polygon;
using ccd::Segment;
using ccd::Still;
using ccd::Swept;
using ccd::Translation;
using ccd::Vec2;

const Segment kFloor{{-5.0, 0.0}, {5.0, 0.0}};

TEST(Parabolic, ABallDroppedFromRestLandsAtTheSquareRootOfTwoHOverG) {
    // The ball's bottom 1 above the floor, g = 8 a frame squared: 4 t^2 = 1, t = sqrt(2 h / g)
    // = 1/2 exactly, at the foot of the ball, falling at 8 x 1/2 = 4 a frame.
    const auto hit =
        ccd::time_of_impact_parabolic(Circle{{0.0, 1.5}, 0.5}, {}, {0.0, -8.0}, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->point, (Vec2{0.0, 0.0}));
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_TRUE(hit->approaching);
    EXPECT_FALSE(hit->overlap);
    // The same through the registry, the floor a still side.
    const auto registered = ccd::time_of_impact(
        Swept{Circle{{0.0, 1.5}, 0.5}, Translation{}, {0.0, -8.0}}, Swept{kFloor, Still{}});
    ASSERT_TRUE(registered);
    EXPECT_EQ(registered->t, 0.5);
}

TEST(Parabolic, ABallThrownUpPastALedgeLandsOnItComingDown) {
    // Centre (2t, 8t - 8t^2) (displacement (2, 8), acceleration (0, -16)), radius 1/4; the ledge
    // from (1, 1.5) to (2, 1.5). The centre is 1/4 above the ledge's line where
    // 8t^2 - 8t + 1.75 = 0: t = 1/2 -+ sqrt(2)/8. At the first root (0.3232, on the way up) it is
    // at x = 0.646, short of the ledge (and 0.433 from its end A): not a contact. At the second,
    // 1/2 + sqrt(2)/8 = 0.6767766952966369, it lands on top at x = 1.3535533905932737. Below
    // the line (8t^2 - 8t + 1.25 = 0: t = 0.194, off the ledge; 0.806, later) nothing earlier.
    const Segment ledge{{1.0, 1.5}, {2.0, 1.5}};
    ccd::Trace trace;
    const auto hit = ccd::time_of_impact_parabolic(Circle{{0.0, 0.0}, 0.25}, {2.0, 8.0},
                                                   {0.0, -16.0}, ledge, &trace);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 0.5 + std::sqrt(2.0) / 8.0, 1e-15);
    EXPECT_NEAR(hit->point.x, 1.3535533905932737, 1e-15);
    EXPECT_EQ(hit->point.y, 1.5);
    EXPECT_NEAR(hit->normal.x, 0.0, 1e-15);
    EXPECT_NEAR(hit->normal.y, 1.0, 1e-15);
    EXPECT_EQ(hit->feature, Feature::SegmentInterior);
    EXPECT_TRUE(hit->approaching);
    // The trace shows the way-up root as off the ledge, the landing one taken.
    bool off_on_the_way_up = false, landing_taken = false;
    for (const ccd::TraceCandidate& c : trace.candidates)
        for (const ccd::TraceRoot& root : c.roots) {
            off_on_the_way_up =
                off_on_the_way_up || (std::fabs(root.t - (0.5 - std::sqrt(2.0) / 8.0)) < 1e-12 &&
                                      root.verdict == ccd::RootVerdict::OffFeature);
            landing_taken =
                landing_taken || (root.t == hit->t && root.verdict == ccd::RootVerdict::Taken);
        }
    EXPECT_TRUE(off_on_the_way_up);
    EXPECT_TRUE(landing_taken);
}

TEST(Parabolic, ABallFallsOntoABallAndOntoAPoint) {
    // Centre 3 - 4 t^2 above a ball of radius 1/2 at the origin: they touch at a centre
    // distance of 1, 4 t^2 = 2, t = sqrt(1/2), at the top of the lower ball.
    const auto hit = ccd::time_of_impact_parabolic(Circle{{0.0, 3.0}, 0.5}, {}, {0.0, -8.0},
                                                   Circle{{0.0, 0.0}, 0.5}, {});
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, std::sqrt(0.5), 1e-15);
    EXPECT_NEAR(hit->point.y, 0.5, 1e-15);
    EXPECT_EQ(hit->point.x, 0.0);
    EXPECT_EQ(hit->normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(hit->feature, Feature::Circle);
    // Onto a point through the registry: 2.5 - 4 t^2 = 0.5, the same t; the feature is Point.
    const auto point =
        ccd::time_of_impact(Swept{Circle{{0.0, 2.5}, 0.5}, Translation{}, {0.0, -8.0}},
                            Swept{Point{{0.0, 0.0}}, Still{}});
    ASSERT_TRUE(point);
    EXPECT_NEAR(point->t, std::sqrt(0.5), 1e-15);
    EXPECT_EQ(point->feature, Feature::Point);
    EXPECT_EQ(point->point, (Vec2{0.0, 0.0}));
}

TEST(Parabolic, AFallTooShortIsAMissAndAStartTouchingIsAnOverlap) {
    // 1.5 - 0.75 t^2 stays above 1 over the frame (0.75 at t = 1): no contact.
    EXPECT_FALSE(ccd::time_of_impact_parabolic(Circle{{0.0, 1.5}, 0.5}, {}, {0.0, -1.5}, kFloor));
    // A ball thrown up from 1 above the floor: the parabola never comes down far enough.
    EXPECT_FALSE(
        ccd::time_of_impact_parabolic(Circle{{0.0, 1.5}, 0.5}, {0.0, 1.0}, {0.0, -2.0}, kFloor));
    const auto touching =
        ccd::time_of_impact_parabolic(Circle{{0.0, 0.5}, 0.5}, {}, {0.0, -8.0}, kFloor);
    ASSERT_TRUE(touching);
    EXPECT_EQ(touching->t, 0.0);
    EXPECT_TRUE(touching->overlap);
}

TEST(Parabolic, ABoxDroppedOntoTheFloorByTheCertifiedEngine) {
    // A 0.2 box whose bottom is 0.9 above the floor, g = 8: 4 t^2 = 0.9, t = sqrt(0.225).
    const Polygon box{{{-0.1, 0.9}, {0.1, 0.9}, {0.1, 1.1}, {-0.1, 1.1}}};
    const auto hit =
        ccd::time_of_impact(Swept{box, Translation{}, {0.0, -8.0}}, Swept{kFloor, Still{}});
    ASSERT_TRUE(hit);
    // The certified guarantee: the distance at t within 1e-12 x scale (8), closing at 3.8 a
    // frame: t within 3e-12.
    EXPECT_NEAR(hit->t, std::sqrt(0.225), 3e-12);
    EXPECT_NEAR(hit->normal.y, 1.0, 1e-12);
    EXPECT_TRUE(hit->approaching);
}

TEST(Parabolic, TwoSidesUnderTheSameGravityMeetAsWithoutIt) {
    // Two balls closing at 4 a frame, 2 apart at their surfaces, both falling alike: t = 1/2 as
    // without gravity, the contact point lowered by the fall 8 x (1/2)^2 / 2 = 1.
    const Swept left{Circle{{0.0, 0.0}, 0.5}, Translation{{2.0, 0.0}}, {0.0, -8.0}};
    const Swept right{Circle{{3.0, 0.0}, 0.5}, Translation{{-2.0, 0.0}}, {0.0, -8.0}};
    const auto hit = ccd::time_of_impact(left, right);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->point, (Vec2{1.5, -1.0}));
    EXPECT_EQ(hit->normal, (Vec2{-1.0, 0.0}));
    // seed004 answers it too: no relative acceleration is left.
    const ccd::Algorithm* seed004 = ccd::find_algorithm("seed004");
    ASSERT_NE(seed004, nullptr);
    EXPECT_FALSE(ccd::inexpressible(*seed004, left, right));
    const auto by_seed = ccd::time_of_impact(*seed004, left, right);
    ASSERT_TRUE(by_seed);
    EXPECT_EQ(by_seed->point, (Vec2{1.5, -1.0}));
}

TEST(Parabolic, StraightLineAlgorithmsRefuseAParabolaWithAReason) {
    const Swept ball{Circle{{0.0, 1.5}, 0.5}, Translation{}, {0.0, -8.0}};
    const Swept floor{kFloor, Still{}};
    for (const char* name : {"seed004", "seed000-float32", "conservative-advancement", "box2d"}) {
        const ccd::Algorithm* algorithm = ccd::find_algorithm(name);
        ASSERT_NE(algorithm, nullptr) << name;
        const auto why = ccd::inexpressible(*algorithm, ball, floor);
        ASSERT_TRUE(why) << name;
        EXPECT_EQ(*why, std::string(name) + " moves its shapes along straight lines: it takes no "
                                            "acceleration (a parabolic path; the exact query "
                                            "answers it)");
        ccd::Trace trace;
        EXPECT_FALSE(ccd::time_of_impact(*algorithm, ball, floor, &trace)) << name;
        ASSERT_EQ(trace.candidates.size(), 1u);
        EXPECT_EQ(trace.candidates[0].note, *why);
    }
    // The default algorithm answers it.
    EXPECT_FALSE(ccd::inexpressible(ccd::algorithms().front(), ball, floor));
}

TEST(Parabolic, TheWorldsQueryAnswersAFallingBodyAgainstAWall) {
    // toi_body's entry: a body's side with its acceleration against a still wall.
    ccd::SweptBody body;
    body.center = {0.0, 1.5};
    body.radius = 0.5;
    const auto hit = ccd::time_of_impact(nullptr, ccd::swept_body(body, {}, 0.0, {0.0, -8.0}),
                                         ccd::swept_wall({kFloor, {}, {}}));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
}

// Random accelerated pairs against the long double reference: a hit within the label's
// [t_lo, t_hi] (widened by the certified engine's tolerance), a miss only where the reference
// misses; a graze lets either answer pass.
using Contact = ccd_test::ReferenceLabel::Contact;

Contact check_against_reference(const Swept& mover, const Swept& obstacle, const char* what,
                                int index) {
    const ccd_test::ReferenceLabel label = ccd_test::first_contact(mover, obstacle);
    const auto hit = ccd::time_of_impact(mover, obstacle);
    if (label.contact == Contact::Graze) return label.contact;
    if (label.contact == Contact::Miss) {
        EXPECT_FALSE(hit) << what << " " << index << " t " << (hit ? hit->t : -1.0);
        return label.contact;
    }
    EXPECT_TRUE(hit) << what << " " << index << " label " << static_cast<double>(label.t_lo);
    if (!hit) return label.contact;
    EXPECT_GE(hit->t, static_cast<double>(label.t_lo) - 1e-9) << what << " " << index;
    EXPECT_LE(hit->t, static_cast<double>(label.t_hi) + 1e-9) << what << " " << index;
    return label.contact;
}

TEST(Parabolic, RandomPairsAgreeWithTheLongDoubleReference) {
    std::mt19937_64 random(20261202);
    std::uniform_real_distribution<double> coordinate(-3.0, 3.0), radius(0.05, 0.8),
        pull(-12.0, 12.0);
    const auto vec = [&] { return Vec2{coordinate(random), coordinate(random)}; };
    const auto accel = [&] { return Vec2{pull(random), pull(random)}; };
    int hits = 0, misses = 0;
    const auto tally = [&](Contact contact) {
        hits += contact == Contact::Hit;
        misses += contact == Contact::Miss;
    };
    for (int i = 0; i < 300; ++i) {
        const Swept circle{Circle{vec(), radius(random)}, Translation{vec()}, accel()};
        const Segment wall{vec(), vec()};
        tally(check_against_reference(circle, Swept{wall, Still{}}, "circle-segment", i));
        tally(check_against_reference(Swept{Point{vec()}, Translation{vec()}, accel()},
                                      Swept{wall, Still{}}, "point-segment", i));
        // The reference takes the mover's radius only: the other a point (the circle-circle
        // query with a radius of 0), translating and accelerating.
        tally(check_against_reference(circle, Swept{Point{vec()}, Translation{vec()}, accel()},
                                      "circle-point", i));
        // A box (counter-clockwise) falling against the wall, by the certified engine.
        const Vec2 c = vec();
        const Polygon box{
            {c + Vec2{-0.3, -0.2}, c + Vec2{0.3, -0.2}, c + Vec2{0.3, 0.2}, c + Vec2{-0.3, 0.2}}};
        tally(check_against_reference(Swept{box, Translation{vec()}, accel()}, Swept{wall, Still{}},
                                      "box-segment", i));
    }
    // Both answers are exercised, many times each.
    EXPECT_GT(hits, 200);
    EXPECT_GT(misses, 200);
}

} // namespace
