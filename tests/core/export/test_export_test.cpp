// The test writer (core/export): the verdict an exported test expects, worked by hand for a
// circle falling onto a segment, the cases a scene gives, a pair as a scene, and the text of
// the file (its literals, its link, each framework's and target's call).
#include "ccd/algorithms.hpp"
#include "ccd/scene_link.hpp"
#include "ccd/test_export.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace ccd;

// A circle of radius 1 at (0, 5) falling by 10 onto the segment from (-2, 0) to (2, 0): its
// bottom reaches y = 0 when 5 - 10 t = 1, t = 0.4, normal (0, 1).
const Swept kFalling{Circle{{0, 5}, 1}, Translation{{0, -10}}};
const Swept kFloor{Segment{{-2, 0}, {2, 0}}, Still{}};

TEST(ExpectedVerdict, AFallingCircleHitsAtFourTenthsWithinTheJudgesTolerance) {
    const ExpectedVerdict e = expected_verdict(kFalling, kFloor, *find_algorithm("exact"));
    ASSERT_TRUE(e.hit);
    EXPECT_NEAR(e.t, 0.4, 1e-15);
    EXPECT_EQ(e.normal.x, 0.0);
    EXPECT_EQ(e.normal.y, 1.0);
    EXPECT_FALSE(e.overlap);
    EXPECT_FALSE(e.miss_agrees);
    // The scale is 10 (the displacement), the tolerance 1e-10 of it; the circle closes at 10 a
    // frame, so t may be off by 1e-9 / 10 = 1e-10 either way.
    EXPECT_DOUBLE_EQ(e.tolerance, 1e-9);
    EXPECT_NEAR(e.t_low, 0.4 - 1e-10, 1e-14);
    EXPECT_NEAR(e.t_high, 0.4 + 1e-10, 1e-14);
    EXPECT_EQ(e.slack_short, 0.0);
    EXPECT_EQ(e.slack_past, 0.0);
}

TEST(ExpectedVerdict, AMethodsSlackWidensTheWindowShortOfTheContact) {
    const Algorithm& advancement = *find_algorithm("conservative-advancement");
    const ExpectedVerdict e = expected_verdict(kFalling, kFloor, advancement);
    ASSERT_TRUE(e.hit);
    ASSERT_GT(e.slack_short, 0.0);
    // Short of the contact by the slack: the separation at t_low is the slack (plus the
    // tolerance), reached 10 a frame before t = 0.4.
    EXPECT_NEAR(e.t_low, 0.4 - (e.slack_short + 1e-9) / 10.0, 1e-12);
}

TEST(ExpectedVerdict, ACirclePassingBesideIsNoContactAndNoHitAgrees) {
    const Swept beside{Circle{{5, 5}, 1}, Translation{{0, -10}}};
    const ExpectedVerdict e = expected_verdict(beside, kFloor, *find_algorithm("exact"));
    EXPECT_FALSE(e.hit);
    EXPECT_FALSE(e.hit_window); // it stays 2 from the segment's end
}

TEST(ExpectedVerdict, AGrazeWithinTheToleranceLetsAHitAgreeWhereTheShapesPass) {
    // The circle's side passes the segment's end (2, 0) at distance 1 + 1e-10: no contact, but
    // within the tolerance (1e-9) from t = 0.4 to 0.6, where its center is within 1 + 1e-9.
    const Swept graze{Circle{{3 + 1e-10, 5}, 1}, Translation{{0, -10}}};
    const ExpectedVerdict e = expected_verdict(graze, kFloor, *find_algorithm("exact"));
    ASSERT_FALSE(e.hit);
    ASSERT_TRUE(e.hit_window);
    EXPECT_LT(e.t_low, 0.5);
    EXPECT_GT(e.t_high, 0.5);
}

Scene two_balls_and_a_floor() {
    Scene scene;
    scene.bodies.push_back({"ball", BodyShape::Circle, Circle{{0, 5}, 1}, {0, -10}});
    Body post{"post", BodyShape::Point, Circle{{4, 1}, 0}, {}};
    post.is_static = true;
    scene.bodies.push_back(post);
    scene.walls.push_back({"floor", Segment{{-2, 0}, {2, 0}}});
    return scene;
}

TEST(SceneCases, EachPairWhereSomethingMovesOnceMoverFirst) {
    const std::vector<ExportCase> cases = scene_cases(two_balls_and_a_floor(), "scene s.json");
    // ball/post and ball/floor; post/floor never move.
    ASSERT_EQ(cases.size(), 2u);
    EXPECT_EQ(cases[0].name, "ball_post");
    EXPECT_EQ(cases[1].name, "ball_floor");
    EXPECT_EQ(cases[1].source, "scene s.json: \"ball\" against \"floor\" over frame 0");
    // A point is a circle of radius 0, as the World sweeps it.
    EXPECT_EQ(cases[0].obstacle, (Swept{Circle{{4, 1}, 0}, Translation{{0, 0}}}));
    ASSERT_TRUE(cases[1].scene != nullptr);
    EXPECT_EQ(cases[1].scene->bodies.size(), 2u);
}

TEST(SceneCases, OnePairByItsNamesEitherWayRound) {
    const std::vector<ExportCase> cases =
        scene_cases(two_balls_and_a_floor(), "scene s.json", "floor", "ball");
    ASSERT_EQ(cases.size(), 1u);
    EXPECT_EQ(cases[0].name, "ball_floor");
    EXPECT_THROW(scene_cases(two_balls_and_a_floor(), "s", "post", "floor"), ExportError)
        << "nothing moves there";
}

TEST(SceneCases, AFileHoldsAtMostAThousandCases) {
    Scene scene;
    for (int i = 0; i < 46; ++i) // 46 moving balls: 46 x 45 / 2 = 1035 pairs
        scene.bodies.push_back(
            {"b" + std::to_string(i), BodyShape::Circle, Circle{{3.0 * i, 0}, 1}, {0, 1}});
    EXPECT_THROW(scene_cases(scene, "s"), ExportError);
    scene.bodies.resize(45); // 990 pairs
    EXPECT_EQ(scene_cases(scene, "s").size(), 990u);
}

TEST(SceneOfPair, ACircleAndASegmentAreABodyAndAWall) {
    std::string why;
    const std::optional<Scene> scene = scene_of_pair(kFalling, kFloor, &why);
    ASSERT_TRUE(scene.has_value()) << why;
    ASSERT_EQ(scene->bodies.size(), 1u);
    ASSERT_EQ(scene->walls.size(), 1u);
    EXPECT_EQ(scene->bodies[0].circle.center, (Vec2{0, 5}));
    EXPECT_EQ(scene->bodies[0].velocity, (Vec2{0, -10}));
    EXPECT_EQ(scene->walls[0].segment.b, (Vec2{2, 0}));
}

TEST(SceneOfPair, ASegmentTurningAboutAMovingPivotIsNoScenesWall) {
    const Swept turning{Segment{{-2, 0}, {2, 0}}, Turning{{0, 0}, {1, 0}, 1.0}};
    std::string why;
    EXPECT_FALSE(scene_of_pair(kFalling, turning, &why).has_value());
    EXPECT_NE(why.find("fixed pivot"), std::string::npos) << why;
}

std::string falling_test(TestFramework framework, TestTarget target) {
    const std::vector<ExportCase> cases{query_case(kFalling, kFloor, "line_1", "q.jsonl:1")};
    TestExportOptions options;
    options.framework = framework;
    options.target = target;
    return exported_test(cases, options);
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(ExportedTest, HoldsTheInputsAsHexFloatsWithTheirDecimalsAndTheVerdict) {
    const std::string text = falling_test(TestFramework::GoogleTest, TestTarget::Certified);
    EXPECT_TRUE(has(text, "#include <gtest/gtest.h>"));
    EXPECT_TRUE(has(text, "TEST(Ccdlab, line_1) {"));
    // 5 = 0x1.4p+2, -10 = -0x1.4p+3, 0.4 = 0x1.999999999999ap-2.
    EXPECT_TRUE(has(text, "ccd::Circle{{0x0p+0, 0x1.4p+2}, 0x1p+0}, "
                          "ccd::Translation{{0x0p+0, -0x1.4p+3}}"));
    EXPECT_TRUE(has(text, "// mover:    circle, center (0, 5), radius 1, translating by (0, -10)"));
    EXPECT_TRUE(has(text, "const Expected expected{true, 0x1.999999999999ap-2, "));
    EXPECT_TRUE(has(text, "certified_answer(\"exact\", mover, obstacle)"));
    EXPECT_TRUE(has(text, "first contact at t = 0.4, point (0, 0), normal (-0, 1)") ||
                has(text, "first contact at t = 0.4, point (0, 0), normal (0, 1)"));
}

TEST(ExportedTest, ItsLinkOpensThePairInCcdlab) {
    const std::string text = falling_test(TestFramework::GoogleTest, TestTarget::Certified);
    const std::string marker = "// Open it in ccdlab: ccdlab --link '";
    const std::size_t at = text.find(marker);
    ASSERT_NE(at, std::string::npos);
    const std::size_t from = at + marker.size();
    const std::string link = text.substr(from, text.find('\'', from) - from);
    const Scene scene = scene_from_link(link);
    ASSERT_EQ(scene.bodies.size(), 1u);
    EXPECT_EQ(scene.bodies[0].circle.center, (Vec2{0, 5}));
    EXPECT_EQ(scene.walls.size(), 1u);
}

TEST(ExportedTest, EachFrameworkHasItsOwnMacros) {
    const std::string catch2 = falling_test(TestFramework::Catch2, TestTarget::Certified);
    EXPECT_TRUE(has(catch2, "#include <catch2/catch.hpp>"));
    EXPECT_TRUE(has(catch2, "TEST_CASE(\"Ccdlab.line_1\") {"));
    EXPECT_TRUE(has(catch2, "CHECK(why.empty());"));
    const std::string doctest = falling_test(TestFramework::Doctest, TestTarget::Certified);
    EXPECT_TRUE(has(doctest, "#include <doctest/doctest.h>"));
    EXPECT_TRUE(has(doctest, "DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN"));
}

TEST(ExportedTest, TheEngineTargetCallsThePluginWithTheSidesAsTheLoaderDoes) {
    const std::string text = falling_test(TestFramework::GoogleTest, TestTarget::Engine);
    EXPECT_TRUE(has(text, "#include \"ccd/engine_plugin.h\""));
    EXPECT_FALSE(has(text, "pair_registry.hpp"));
    EXPECT_TRUE(has(text, "mover.shape = CCD_SHAPE_CIRCLE;"));
    EXPECT_TRUE(has(text, "mover.displacement_b = ccd_vec2{0x0p+0, -0x1.4p+3};"));
    EXPECT_TRUE(has(text, "obstacle.motion = CCD_MOTION_STILL;"));
    EXPECT_TRUE(has(text, "const ccd_pair_kind pair{ccd_side_kind{CCD_SHAPE_CIRCLE, "
                          "CCD_MOTION_TRANSLATION}, ccd_side_kind{CCD_SHAPE_SEGMENT, "
                          "CCD_MOTION_STILL}};"));
    EXPECT_TRUE(has(text, "engine_answer(mover, obstacle, pair, false)"));
}

TEST(ExportedTest, APairRegisteredTheOtherWayRoundAsksTheEngineObstacleFirst) {
    // A moving segment against a still circle: the registry answers circle_moving_segment
    // with the two swapped.
    const Swept sweeping{Segment{{-2, 3}, {2, 3}}, EndMotion{{0, -5}, {0, -5}}};
    const Swept still{Circle{{0, 0}, 1}, Still{}};
    const std::vector<ExportCase> cases{query_case(sweeping, still, "swap", "swap")};
    TestExportOptions options;
    options.target = TestTarget::Engine;
    const std::string text = exported_test(cases, options);
    EXPECT_TRUE(has(text, "engine_answer(mover, obstacle, pair, true)"));
    EXPECT_TRUE(has(text, "the engine is asked obstacle first"));
}

TEST(ExportedTest, RefusesWhatItCannotExport) {
    TestExportOptions options;
    EXPECT_THROW(exported_test({}, options), ExportError);
    const Swept capsule{Segment{{-2, 0}, {2, 0}, 0.5}, Still{}};
    const std::vector<ExportCase> cases{query_case(kFalling, capsule, "capsule", "c")};
    options.target = TestTarget::Engine;
    EXPECT_THROW(exported_test(cases, options), ExportError);
    options.target = TestTarget::Certified;
    EXPECT_NO_THROW(exported_test(cases, options));
    options.algorithm = "no-such-method";
    EXPECT_THROW(exported_test(cases, options), ExportError);
}

TEST(TestSuiteName, IsAFilesStemInCamelCase) {
    EXPECT_EQ(test_suite_name("ball-falls-onto-floor"), "BallFallsOntoFloor");
    EXPECT_EQ(test_suite_name("seed000-point"), "Seed000Point");
    EXPECT_EQ(test_suite_name("3-balls"), "Case3Balls");
    EXPECT_EQ(test_suite_name("--"), "Ccdlab");
}

} // namespace
