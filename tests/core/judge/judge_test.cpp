// The judge (ccd/judge.hpp): one hand-worked case per verdict, a method's slack told from a
// wrong answer, and the Box2D case of scenes/turning-box2d-gives-up.json turned 2.26 times.
#include "ccd/judge.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/pair_registry.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

namespace {

using ccd::Hit;
using ccd::Judge;
using ccd::MethodAnswer;
using ccd::Vec2;
using ccd::Verdict;

const ccd::Algorithm& algorithm(std::string_view name) {
    const ccd::Algorithm* found = ccd::find_algorithm(name);
    if (!found) throw std::runtime_error("no algorithm " + std::string(name));
    return *found;
}

const ccd::Algorithm& exact() {
    return algorithm("exact");
}

// A circle of radius 1 from (x, 5) falling by 10 onto the still segment from (-2, 0) to (2, 0).
// From x = 0 its lowest point meets the segment at y = 0 when 5 - 10 t = 1: t = 0.4, normal
// (0, 1); the shapes are 4 - 10 t apart before (the centre's height less the radius). The
// query's scale is 10 (the displacement), so the default tolerance is 1e-10 x 10 = 1e-9.
ccd::Swept falling_circle(double x = 0.0) {
    return {ccd::Circle{{x, 5.0}, 1.0}, ccd::Translation{{0.0, -10.0}}};
}
const ccd::Swept kFloor{ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}};

MethodAnswer contact(double t, Vec2 normal = {0.0, 1.0}) {
    Hit hit;
    hit.t = t;
    hit.point = {0.0, 0.0};
    hit.normal = normal;
    hit.approaching = true;
    return {hit, std::nullopt};
}

TEST(Judge, TheCertifiedAnswerAgreesWithItself) {
    const Judge judge(falling_circle(), kFloor);
    ASSERT_TRUE(judge.certified());
    EXPECT_DOUBLE_EQ(judge.certified()->t, 0.4);
    EXPECT_DOUBLE_EQ(judge.tolerance(), 1e-9);
    const ccd::Judgement j = judge.judge(exact(), contact(0.4));
    EXPECT_EQ(j.verdict, Verdict::Agrees);
    EXPECT_FALSE(j.by_design);
    EXPECT_EQ(j.text, "agrees: t = 0.4 (certified t = 0.4)");
}

TEST(Judge, NoContactWhereTheCertifiedAnswerHasOneIsAMiss) {
    const ccd::Judgement j = Judge(falling_circle(), kFloor).judge(exact(), {});
    EXPECT_EQ(j.verdict, Verdict::Miss);
    EXPECT_EQ(j.text, "miss: no contact reported; the first contact is at t = 0.4");
}

TEST(Judge, NoContactWhereTheShapesOverlapByLessThanTheToleranceAgrees) {
    // From x = 3 - g the centre passes 1 - g from the end (2, 0): the shapes overlap by g at
    // the closest, a contact for the certified query, a miss the contract lets pass when g is
    // within the tolerance (1e-9) or, for Box2D, within its slack past touching (0.01626).
    const Judge graze(falling_circle(3.0 - 5e-10), kFloor);
    ASSERT_TRUE(graze.certified());
    const ccd::Judgement j = graze.judge(exact(), {});
    EXPECT_EQ(j.verdict, Verdict::Agrees);
    EXPECT_FALSE(j.by_design);
    EXPECT_EQ(j.text,
              "agrees: no contact, where the shapes overlap by less than the tolerance 1e-09");
    EXPECT_EQ(Judge(falling_circle(3.0 - 5e-9), kFloor).judge(exact(), {}).verdict, Verdict::Miss);

    const ccd::Algorithm& box2d = algorithm("box2d");
    const MethodAnswer shallow = ccd::answer_of(box2d, falling_circle(3.0 - 0.003), kFloor);
    ASSERT_FALSE(shallow.hit); // it never reaches its target, 0.005 deep
    const ccd::Judgement by_design =
        Judge(falling_circle(3.0 - 0.003), kFloor).judge(box2d, shallow);
    EXPECT_EQ(by_design.verdict, Verdict::Agrees);
    EXPECT_TRUE(by_design.by_design);
    EXPECT_EQ(by_design.text.rfind("agrees: no contact by design (slack 0.01626", 0), 0u)
        << by_design.text;
    EXPECT_EQ(Judge(falling_circle(3.0 - 0.03), kFloor).judge(box2d, {}).verdict, Verdict::Miss);
}

TEST(Judge, BothMissingAgrees) {
    // From x = 5 the centre passes 3 from the segment's end (2, 0): 2 apart at the closest.
    EXPECT_EQ(Judge(falling_circle(5.0), kFloor).judge(exact(), {}).verdict, Verdict::Agrees);
}

TEST(Judge, ALateContactIsAMissOfTheFirst) {
    // At t = 0.45 the circle has sunk 10 x 0.05 = 0.5 into the segment (centre at 0.5, r = 1).
    const ccd::Judgement j = Judge(falling_circle(), kFloor).judge(exact(), contact(0.45));
    EXPECT_EQ(j.verdict, Verdict::Miss);
    EXPECT_EQ(j.text, "miss: t = 0.45, 0.5 past the first contact at t = 0.4 (tolerance 1e-09)");
}

TEST(Judge, AContactShortOfTheFirstIsEarly) {
    // At t = 0.3 the centre is at 2: 1 short of touching.
    const ccd::Judgement j = Judge(falling_circle(), kFloor).judge(exact(), contact(0.3));
    EXPECT_EQ(j.verdict, Verdict::Early);
    EXPECT_EQ(j.text, "early: t = 0.3, 1 short of the first contact at t = 0.4 (tolerance 1e-09)");
}

TEST(Judge, AContactWhereTheShapesStayApartIsAFalseHit) {
    // From x = 5, at t = 0.5 the centre (5, 0) is 3 from the end (2, 0): 2 apart.
    const ccd::Judgement j = Judge(falling_circle(5.0), kFloor).judge(exact(), contact(0.5));
    EXPECT_EQ(j.verdict, Verdict::FalseHit);
    EXPECT_EQ(j.text, "false hit: at t = 0.5 the shapes are 2 apart and never touch in the frame "
                      "(tolerance 1e-09)");
}

TEST(Judge, ANearPassIsAContactWithinTheToleranceOrTheSlackOnly) {
    // From x = 3 + g the centre passes 1 + g from the end (2, 0) at t = 0.5: the shapes g apart.
    // The tolerance is 1e-9; conservative advancement's slack here 1e-8 (1e-9 x its scale, 10).
    const ccd::Algorithm& advancement = algorithm("conservative-advancement");
    const Judge hair(falling_circle(3.0 + 5e-10), kFloor);
    ASSERT_FALSE(hair.certified());
    EXPECT_EQ(hair.judge(exact(), contact(0.5)).verdict, Verdict::Agrees);
    const Judge near(falling_circle(3.0 + 5e-9), kFloor);
    ASSERT_FALSE(near.certified());
    EXPECT_EQ(near.judge(exact(), contact(0.5)).verdict, Verdict::FalseHit);
    const ccd::Judgement by_design = near.judge(advancement, contact(0.5));
    EXPECT_EQ(by_design.verdict, Verdict::Agrees);
    EXPECT_TRUE(by_design.by_design);
    EXPECT_EQ(by_design.text.rfind("agrees: a contact by design (slack 1e-08): at t = 0.5 the "
                                   "shapes are 5e-09 apart",
                                   0),
              0u)
        << by_design.text;
}

TEST(Judge, ANormalTurnedMoreThanTheAngleIsOff) {
    const Judge judge(falling_circle(), kFloor);
    const double two_degrees = 2.0 * std::numbers::pi / 180.0;
    const ccd::Judgement off =
        judge.judge(exact(), contact(0.4, {std::sin(two_degrees), std::cos(two_degrees)}));
    EXPECT_EQ(off.verdict, Verdict::NormalOff);
    EXPECT_EQ(off.text,
              "normal off: at t = 0.4 the normal is 2 degrees from the shapes' (at most 1)");
    const double half_degree = two_degrees / 4.0;
    EXPECT_EQ(
        judge.judge(exact(), contact(0.4, {std::sin(half_degree), std::cos(half_degree)})).verdict,
        Verdict::Agrees);
    ccd::JudgeOptions strict;
    strict.normal_angle = half_degree / 2.0;
    EXPECT_EQ(Judge(falling_circle(), kFloor, strict)
                  .judge(exact(), contact(0.4, {std::sin(half_degree), std::cos(half_degree)}))
                  .verdict,
              Verdict::NormalOff);
}

TEST(Judge, AMethodThatGaveUpHasFailed) {
    const ccd::Judgement j =
        Judge(falling_circle(), kFloor).judge(exact(), {std::nullopt, "stopped after 20 steps"});
    EXPECT_EQ(j.verdict, Verdict::Failed);
    EXPECT_EQ(j.text, "failed: stopped after 20 steps");
}

TEST(Judge, ARefusedInputHasFailed) {
    // Box2D takes no segment whose ends move apart.
    const ccd::Swept stretching{ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}},
                                ccd::EndMotion{{0.0, 0.0}, {1.0, 0.0}}};
    const MethodAnswer answer = ccd::answer_of(algorithm("box2d"), falling_circle(), stretching);
    ASSERT_TRUE(answer.failure);
    EXPECT_EQ(Judge(falling_circle(), stretching).judge(algorithm("box2d"), answer).verdict,
              Verdict::Failed);
}

TEST(Judge, BothOverlappingAtTheStartAgrees) {
    // A circle of radius 1 at (0, 0.5) already overlaps the segment by 0.5.
    const ccd::Swept sunk{ccd::Circle{{0.0, 0.5}, 1.0}, ccd::Translation{{0.0, -1.0}}};
    const Judge judge(sunk, kFloor);
    ASSERT_TRUE(judge.certified() && judge.certified()->overlap);
    MethodAnswer overlap = contact(0.0);
    overlap.hit->overlap = true;
    const ccd::Judgement j = judge.judge(exact(), overlap);
    EXPECT_EQ(j.verdict, Verdict::Agrees);
    EXPECT_EQ(j.text, "agrees: both report an overlap at t = 0");
    // At t = 0.3 the shapes have overlapped since t = 0, closing at 1 per frame: 0.3 past.
    EXPECT_EQ(judge.judge(exact(), contact(0.3)).verdict, Verdict::Miss);
}

TEST(Judge, TheToleranceIsAnOption) {
    // 0.0005 late, at 10 per frame: 0.005 past; a tolerance of 1e-3 x 10 = 0.01 takes it.
    EXPECT_EQ(Judge(falling_circle(), kFloor).judge(exact(), contact(0.4005)).verdict,
              Verdict::Miss);
    ccd::JudgeOptions loose;
    loose.tolerance = 1e-3;
    const Judge judge(falling_circle(), kFloor, loose);
    EXPECT_DOUBLE_EQ(judge.tolerance(), 0.01);
    EXPECT_EQ(judge.judge(exact(), contact(0.4005)).verdict, Verdict::Agrees);
}

TEST(Judge, Box2DsTargetSeparationIsByDesign) {
    // Box2D stops a circle against an edge 0.005 deep (its target, docs/algorithms.md): 0.0005
    // late at 10 per frame. The same t from a method without slack is a miss.
    const MethodAnswer box2d = ccd::answer_of(algorithm("box2d"), falling_circle(), kFloor);
    ASSERT_TRUE(box2d.hit);
    EXPECT_NEAR(box2d.hit->t, 0.4005, 1e-6);
    const Judge judge(falling_circle(), kFloor);
    const ccd::Judgement j = judge.judge(algorithm("box2d"), box2d);
    EXPECT_EQ(j.verdict, Verdict::Agrees);
    EXPECT_TRUE(j.by_design);
    EXPECT_EQ(j.text.rfind("agrees: past the contact by design (slack 0.01626", 0), 0u) << j.text;
    EXPECT_EQ(judge.judge(exact(), box2d).verdict, Verdict::Miss);
}

TEST(Judge, BulletsStopDistanceIsByDesign) {
    // Bullet's advancements stop within 0.001 of touching (their rows' slack, short only): at
    // t = 0.39992 the circle is 4 - 3.9992 = 0.0008 short, within it; at t = 0.3998 it is
    // 0.002 short, beyond it. Past the contact there is no slack: t = 0.40001 is 0.0001 late.
    const Judge judge(falling_circle(), kFloor);
    for (const char* name : {"bullet", "bullet-gjk"}) {
        SCOPED_TRACE(name);
        const ccd::Slack slack = ccd::slack_of(algorithm(name), falling_circle(), kFloor);
        EXPECT_EQ(slack.short_of_contact, 0.001);
        EXPECT_EQ(slack.past_contact, 0.0);
        const ccd::Judgement within = judge.judge(algorithm(name), contact(0.39992));
        EXPECT_EQ(within.verdict, Verdict::Agrees) << within.text;
        EXPECT_TRUE(within.by_design) << within.text;
        EXPECT_EQ(judge.judge(algorithm(name), contact(0.3998)).verdict, Verdict::Early);
        EXPECT_EQ(judge.judge(algorithm(name), contact(0.40001)).verdict, Verdict::Miss);
    }
    EXPECT_EQ(judge.judge(exact(), contact(0.39992)).verdict, Verdict::Early);
    EXPECT_EQ(
        ccd::slack_of(algorithm("bullet-subsimplex"), falling_circle(), kFloor).short_of_contact,
        0.0)
        << "the ray cast states no stop distance";
}

TEST(Judge, ConservativeAdvancementsCircleMarginIsByDesign) {
    // Its margin is 1e-9 x its scale (10): 1e-8. 5e-10 early at 10 per frame is 5e-9 short:
    // within it; 2e-9 early is 2e-8 short: beyond it and the tolerance (1e-9).
    const ccd::Algorithm& advancement = algorithm("conservative-advancement");
    const Judge judge(falling_circle(), kFloor);
    const ccd::Judgement within = judge.judge(advancement, contact(0.4 - 5e-10));
    EXPECT_EQ(within.verdict, Verdict::Agrees);
    EXPECT_TRUE(within.by_design);
    EXPECT_EQ(within.text.rfind("agrees: early by design (slack 1e-08)", 0), 0u) << within.text;
    EXPECT_EQ(judge.judge(advancement, contact(0.4 - 2e-9)).verdict, Verdict::Early);
    EXPECT_EQ(judge.judge(exact(), contact(0.4 - 5e-10)).verdict, Verdict::Early);
}

// scenes/turning-box2d-gives-up.json with its propeller turned 2.26 times: a 6 x 0.2 bar about
// (0, 0) past a still ball of radius 0.3 at (0, 2). At angle phi its upper face is 2 cos(phi) -
// 0.1 from the ball's centre, 2 cos(phi) - 0.4 from the ball: they touch at cos(phi) = 0.2,
// t = acos(0.2) / (2.26 x 2 pi) = 0.0964393, on the face (2 sin(phi) < 3).
const double kTurn = 2.26 * 2.0 * std::numbers::pi;
const ccd::Swept kBall{ccd::Circle{{0.0, 2.0}, 0.3}, ccd::Translation{{0.0, 0.0}}};
const ccd::Swept kPropeller{ccd::Polygon{{{-3.0, -0.1}, {3.0, -0.1}, {3.0, 0.1}, {-3.0, 0.1}}},
                            ccd::Turning{{0.0, 0.0}, {0.0, 0.0}, kTurn}};

// A contact at the angle whose cosine is `cosine`: the ball 2 cosine - 0.4 from the face, the
// normal the face's, turned by the angle.
MethodAnswer propeller_contact(double cosine) {
    const double phi = std::acos(cosine);
    return contact(phi / kTurn, {-std::sin(phi), std::cos(phi)});
}

TEST(Judge, Box2DsAnswerAfterTheTurnsIsAMiss) {
    const Judge judge(kBall, kPropeller);
    ASSERT_TRUE(judge.certified());
    EXPECT_NEAR(judge.certified()->t, std::acos(0.2) / kTurn, 1e-9);
    const MethodAnswer box2d = ccd::answer_of(algorithm("box2d"), kBall, kPropeller);
    ASSERT_TRUE(box2d.hit);
    ASSERT_GT(box2d.hit->t, 0.98); // after the turns: the face back near where it began
    const ccd::Judgement j = judge.judge(algorithm("box2d"), box2d);
    EXPECT_EQ(j.verdict, Verdict::Miss) << j.text;
    EXPECT_EQ(j.text.rfind("miss: t = 0.98", 0), 0u) << j.text;
}

TEST(Judge, ConservativeAdvancementShortByItsTargetAgreesByDesign) {
    // Its slack is 1.55 x 0.04 = 0.062: cos(phi) = 0.23 leaves 0.06, cos(phi) = 0.25 leaves 0.1.
    const ccd::Algorithm& advancement = algorithm("conservative-advancement");
    const Judge judge(kBall, kPropeller);
    const ccd::Judgement within = judge.judge(advancement, propeller_contact(0.23));
    EXPECT_EQ(within.verdict, Verdict::Agrees) << within.text;
    EXPECT_TRUE(within.by_design);
    EXPECT_EQ(within.text.rfind("agrees: early by design (slack 0.062): t = ", 0), 0u)
        << within.text;
    EXPECT_NE(within.text.find(", 0.06 short of the first contact"), std::string::npos)
        << within.text;
    const ccd::Judgement beyond = judge.judge(advancement, propeller_contact(0.25));
    EXPECT_EQ(beyond.verdict, Verdict::Early);
    EXPECT_NE(beyond.text.find(", 0.1 short of the first contact"), std::string::npos)
        << beyond.text;
    // Its own answer stops within its target: by design.
    const ccd::Judgement own =
        judge.judge(advancement, ccd::answer_of(advancement, kBall, kPropeller));
    EXPECT_EQ(own.verdict, Verdict::Agrees) << own.text;
    EXPECT_TRUE(own.by_design);
}

TEST(Judge, VerdictsHaveTheirNames) {
    EXPECT_EQ(ccd::to_string(Verdict::Agrees), "agrees");
    EXPECT_EQ(ccd::to_string(Verdict::Miss), "miss");
    EXPECT_EQ(ccd::to_string(Verdict::FalseHit), "false_hit");
    EXPECT_EQ(ccd::to_string(Verdict::Early), "early");
    EXPECT_EQ(ccd::to_string(Verdict::NormalOff), "normal_off");
    EXPECT_EQ(ccd::to_string(Verdict::Failed), "failed");
}

} // namespace
