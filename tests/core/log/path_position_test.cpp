// ccd::position_at and ccd::segment_at: a body's or a wall's place at t on a logged path, and
// the walls' paths the World logs; ccd::pose_at, placed_outline and rates_at: a turning
// polygon's orientation and motion at t. Expected values worked out by hand in the comments.
#include "ccd/path_position.hpp"
#include "ccd/world.hpp"
#include "expect_near.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::BodyPath;
using ccd::Circle;
using ccd::Segment;
using ccd::Vec2;
using ccd::WallPath;
using ccd::World;
using ccd_test::expect_near;

constexpr double kEps = 1e-12;

void expect_segment_near(Segment got, Segment want, double tolerance = kEps) {
    expect_near(got.a, want.a, tolerance);
    expect_near(got.b, want.b, tolerance);
}

TEST(PathPosition, ABodyIsOnTheStraightLineBetweenTheVerticesAroundT) {
    // (0, 0) at 0, (4, 2) at 0.5, (4, -2) at 1.
    const BodyPath path{{{0.0, {0.0, 0.0}}, {0.5, {4.0, 2.0}}, {1.0, {4.0, -2.0}}}};
    expect_near(ccd::position_at(path, 0.0), {0.0, 0.0});
    expect_near(ccd::position_at(path, 0.25), {2.0, 1.0});
    expect_near(ccd::position_at(path, 0.5), {4.0, 2.0});
    expect_near(ccd::position_at(path, 0.875), {4.0, -1.0});
    expect_near(ccd::position_at(path, 1.0), {4.0, -2.0});
}

TEST(PathPosition, BeforeTheFirstVertexTheFirstAfterTheLastTheLast) {
    // Removed at t = 0.5 at (3, 0): after that it stays where it left the world.
    const BodyPath path{{{0.0, {1.0, 0.0}}, {0.5, {3.0, 0.0}}}};
    expect_near(ccd::position_at(path, -1.0), {1.0, 0.0});
    expect_near(ccd::position_at(path, 0.75), {3.0, 0.0});
    expect_near(ccd::position_at(BodyPath{}, 0.5), {0.0, 0.0});
}

TEST(PathPosition, TwoVerticesAtOneInstantGiveTheLaterOneFromThenOn) {
    // A jump at 0.5 (it cannot happen in a World's log, where changes at one instant make one
    // vertex, but a hand-written path may have it): at 0.5 the first of the two, after it the
    // second's line.
    const BodyPath path{
        {{0.0, {0.0, 0.0}}, {0.5, {1.0, 0.0}}, {0.5, {5.0, 0.0}}, {1.0, {6.0, 0.0}}}};
    expect_near(ccd::position_at(path, 0.5), {1.0, 0.0});
    expect_near(ccd::position_at(path, 0.75), {5.5, 0.0});
}

TEST(PathPosition, AWallsEndsEachMoveOnTheirOwnLine) {
    // A wall turning about a: a = (0, 0) stays, b from (1, 0) at 0 to (0, 1) at 1.
    const WallPath path{
        {{0.0, {{0.0, 0.0}, {1.0, 0.0}}}, {1.0, {{0.0, 0.0}, {0.0, 1.0}}}}, {}, 0.0};
    expect_segment_near(ccd::segment_at(path, 0.5), {{0.0, 0.0}, {0.5, 0.5}});
    expect_segment_near(ccd::segment_at(path, 2.0), {{0.0, 0.0}, {0.0, 1.0}});
    // A static wall's path is one vertex: there at every t.
    const WallPath still{{{0.0, {{2.0, -1.0}, {2.0, 1.0}}}}, {}, 0.0};
    expect_segment_near(ccd::segment_at(still, 0.7), {{2.0, -1.0}, {2.0, 1.0}});
}

TEST(PathPose, TheAngleTurnsAtAConstantRateBetweenTwoVertices) {
    // (0, 0) turned 0 at 0, (4, 2) turned 1 at 0.5, (4, -2) turned 0.5 at 1.
    const BodyPath path{{{0.0, {0.0, 0.0}, 0.0}, {0.5, {4.0, 2.0}, 1.0}, {1.0, {4.0, -2.0}, 0.5}}};
    const ccd::BodyPose quarter = ccd::pose_at(path, 0.25);
    expect_near(quarter.position, {2.0, 1.0});
    EXPECT_NEAR(quarter.angle, 0.5, kEps);
    const ccd::BodyPose late = ccd::pose_at(path, 0.75);
    expect_near(late.position, {4.0, 0.0});
    EXPECT_NEAR(late.angle, 0.75, kEps);
    EXPECT_EQ(ccd::pose_at(path, 2.0).angle, 0.5) << "after the last vertex, the last";
    EXPECT_EQ(ccd::pose_at(path, -1.0).angle, 0.0);
    EXPECT_EQ(ccd::pose_at(BodyPath{}, 0.5).angle, 0.0);
}

TEST(PathPose, ThePlacedOutlineIsTurnedAboutTheCenterThenMoved) {
    // The square (+-1, +-1) turned a quarter turn about its center at (10, 0): (1, -1) goes to
    // (1, 1), so to (11, 1); (1, 1) to (-1, 1), so to (9, 1).
    const std::vector<Vec2> square{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};
    const std::vector<Vec2> turned =
        ccd::placed_outline(square, {{10.0, 0.0}, std::numbers::pi / 2.0});
    ASSERT_EQ(turned.size(), 4u);
    expect_near(turned[0], {11.0, -1.0}, 1e-15);
    expect_near(turned[1], {11.0, 1.0}, 1e-15);
    expect_near(turned[2], {9.0, 1.0}, 1e-15);
    expect_near(turned[3], {9.0, -1.0}, 1e-15);
    // Not turned: moved only, bit for bit.
    const std::vector<Vec2> moved = ccd::placed_outline(square, {{0.1, 0.2}, 0.0});
    for (std::size_t k = 0; k < 4; ++k)
        EXPECT_EQ(moved[k], (square[k] + Vec2{0.1, 0.2})) << k;
}

TEST(PathPose, TheRatesAreThoseOfThePieceThatHoldsTAndStartAtAVertex) {
    // As above: (8, 4) and 2 rad a frame until 0.5, then (0, -8) and -1.
    const BodyPath path{{{0.0, {0.0, 0.0}, 0.0}, {0.5, {4.0, 2.0}, 1.0}, {1.0, {4.0, -2.0}, 0.5}}};
    const ccd::BodyRates early = ccd::rates_at(path, 0.25);
    expect_near(early.velocity, {8.0, 4.0});
    EXPECT_NEAR(early.angular_velocity, 2.0, kEps);
    for (const double t : {0.5, 0.75, 1.0, 3.0}) { // at the vertex: the motion after it
        const ccd::BodyRates later = ccd::rates_at(path, t);
        expect_near(later.velocity, {0.0, -8.0});
        EXPECT_NEAR(later.angular_velocity, -1.0, kEps) << t;
    }
    EXPECT_NEAR(ccd::rates_at(path, -1.0).angular_velocity, 2.0, kEps) << "before: the first";
    // Removed at its first vertex: no piece, no motion.
    const ccd::BodyRates none = ccd::rates_at(BodyPath{{{0.3, {1.0, 1.0}, 0.2}}}, 0.5);
    EXPECT_EQ(none.velocity, (Vec2{0.0, 0.0}));
    EXPECT_EQ(none.angular_velocity, 0.0);
}

TEST(PathPose, TheWorldsCrateTurnsOnItsPathAsTheWorldHasIt) {
    // WorldTurning.ACrateKnockedIntoASpinByABall: the crate (the square (+-1, +-1), mass 4,
    // free to turn) at rest at the origin, hit at t = 0.75 by a ball of radius 0.5 moving (2, 0)
    // from (-3, 0.5); it leaves at (32/43, 0) a frame, turning at -24/43. At t = 0.875 it has
    // moved by 32/43 x 1/8 = 4/43 and turned by -24/43 x 1/8 = -3/43.
    const auto make = [] {
        World world;
        world.add_body(BodyDef{Circle{{-3.0, 0.5}, 0.5}, {2.0, 0.0}, 1.0, {}});
        BodyDef crate{Circle{{0.0, 0.0}, 0.0}, {}, 4.0, {}};
        crate.outline = {{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};
        crate.angular_velocity = 0.0;
        world.add_body(crate);
        return world;
    };
    World world = make();
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const BodyPath& crate = log.paths[1];
    const ccd::BodyPose before = ccd::pose_at(crate, 0.5);
    expect_near(before.position, {0.0, 0.0});
    EXPECT_EQ(before.angle, 0.0);
    const ccd::BodyPose after = ccd::pose_at(crate, 0.875);
    expect_near(after.position, {4.0 / 43.0, 0.0});
    EXPECT_NEAR(after.angle, -3.0 / 43.0, kEps);
    const ccd::BodyRates rates = ccd::rates_at(crate, 0.875);
    expect_near(rates.velocity, {32.0 / 43.0, 0.0});
    EXPECT_NEAR(rates.angular_velocity, -24.0 / 43.0, kEps);
    // The World walked to 0.875 has the crate there, turned as much.
    World walked = make();
    walked.advance_to(0.875);
    expect_near(walked.body(1).shape.center, after.position);
    EXPECT_NEAR(walked.body(1).angle, after.angle, kEps);
}

TEST(PathPose, EveryBodyOfATurningRunIsWhereTheWorldWalkedToTHasIt) {
    // Three polygons spinning at up to 4 radians a frame and two balls in a closed box, three
    // frames: at 64 times of each frame the pose on each logged path is the World's own state
    // (its position and its angle at time(), walked there by advance_to) within 1e-12.
    const auto make = [] {
        World world;
        const std::vector<Vec2> box{{-4.0, -4.0}, {4.0, -4.0}, {4.0, 4.0}, {-4.0, 4.0}};
        world.add_polyline(box, true);
        const auto polygon = [&](Vec2 center, Vec2 velocity, double spin,
                                 std::vector<Vec2> outline) {
            BodyDef def{Circle{center, 0.0}, velocity, 1.0, {}};
            def.outline = std::move(outline);
            def.angular_velocity = spin;
            world.add_body(def);
        };
        polygon({-2.0, -2.0}, {5.0, 3.0}, 4.0,
                {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}});
        polygon({2.0, 1.5}, {-4.0, -1.0}, -3.0, {{-0.6, -0.4}, {0.6, -0.4}, {0.0, 0.8}});
        polygon({0.0, -2.5}, {1.0, 6.0}, 2.5, {{-1.0, -0.2}, {1.0, -0.2}, {1.0, 0.2}, {-1.0, 0.2}});
        world.add_body(BodyDef{Circle{{-2.5, 2.5}, 0.4}, {6.0, -2.0}, 1.0, {}});
        world.add_body(BodyDef{Circle{{2.5, -2.5}, 0.3}, {-3.0, 5.0}, 1.0, {}});
        return world;
    };
    World run = make();
    World walked = make();
    std::size_t events = 0;
    for (int frame = 0; frame < 3; ++frame) {
        const ccd::EventLog log = run.step();
        events += log.events.size();
        for (int k = 1; k <= 64; ++k) {
            const double t = k / 64.0;
            walked.advance_to(t);
            for (int i = 0; i < walked.body_count(); ++i) {
                const ccd::BodyPose pose = ccd::pose_at(log.paths[static_cast<std::size_t>(i)], t);
                expect_near(pose.position, walked.body(i).shape.center, 1e-12);
                EXPECT_NEAR(pose.angle, walked.body(i).angle, 1e-12)
                    << "frame " << frame << ", t " << t << ", body " << i;
            }
        }
    }
    EXPECT_GT(events, 10u) << "a run with bounces";
}

// The wall at x = -3 (y from -10 to 10) moving +4 per frame, a static wall x = 2 and a unit
// ball at rest at the origin, with a budget of one event (World.ABudgetCutStopsTheBodies...):
// the moving wall hits the ball at t = 0.5 (its x = -1), which bounces off at +8; its next
// contact, with x = 2 at t = 0.625, is over budget: the ball stops there, at x = 1. The wall
// moves on and crushes it at t = 0.75 (x = 0), and ends the frame at x = 1.
World budget_cut_world() {
    ccd::WorldOptions options;
    options.event_budget = 1;
    World world(options);
    world.add_kinematic_wall({{-3.0, -10.0}, {-3.0, 10.0}}, {4.0, 0.0}, {4.0, 0.0});
    world.add_wall({{2.0, -10.0}, {2.0, 10.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {}, 1.0, {}});
    return world;
}

TEST(WorldWallPaths, AMovingWallsPathRunsThroughABudgetCut) {
    World world = budget_cut_world();
    const ccd::EventLog& log = world.step();
    ASSERT_TRUE(log.budget_cut.has_value());
    ASSERT_EQ(log.wall_paths.size(), 2u);
    const auto& moving = log.wall_paths[0].points;
    ASSERT_EQ(moving.size(), 2u); // the frame's start and end: a cut stops the bodies only
    EXPECT_EQ(moving[0].time, 0.0);
    expect_segment_near(moving[0].segment, {{-3.0, -10.0}, {-3.0, 10.0}});
    EXPECT_EQ(moving[1].time, 1.0);
    expect_segment_near(moving[1].segment, {{1.0, -10.0}, {1.0, 10.0}});
    // At t = 0.3 the wall is at -3 + 1.2 = -1.8; at 0.8, at 0.2.
    expect_segment_near(ccd::segment_at(log.wall_paths[0], 0.3), {{-1.8, -10.0}, {-1.8, 10.0}});
    expect_segment_near(ccd::segment_at(log.wall_paths[0], 0.8), {{0.2, -10.0}, {0.2, 10.0}});
    // The static wall: one vertex.
    ASSERT_EQ(log.wall_paths[1].points.size(), 1u);
    expect_segment_near(log.wall_paths[1].points[0].segment, {{2.0, -10.0}, {2.0, 10.0}});
    // The ball: still until 0.5, then +8 until 0.625 (x = 1), then still until crushed.
    expect_near(ccd::position_at(log.paths[0], 0.25), {0.0, 0.0});
    expect_near(ccd::position_at(log.paths[0], 0.6), {0.8, 0.0});
    expect_near(ccd::position_at(log.paths[0], 0.9), {1.0, 0.0});
}

TEST(WorldWallPaths, AMovingWallsPathRunsFromFrameToFrame) {
    // Nothing in its way: x = -3 to 1 over the first frame, 1 to 5 over the second.
    World world;
    world.add_kinematic_wall({{-3.0, -10.0}, {-3.0, 10.0}}, {4.0, 0.0}, {4.0, 0.0});
    const ccd::EventLog& first = world.step();
    ASSERT_EQ(first.wall_paths.size(), 1u);
    ASSERT_EQ(first.wall_paths[0].points.size(), 2u);
    expect_segment_near(first.wall_paths[0].points[1].segment, {{1.0, -10.0}, {1.0, 10.0}});
    expect_segment_near(ccd::segment_at(first.wall_paths[0], 0.25), {{-2.0, -10.0}, {-2.0, 10.0}});
    const ccd::EventLog& second = world.step();
    expect_segment_near(second.wall_paths[0].points[0].segment, {{1.0, -10.0}, {1.0, 10.0}});
    expect_segment_near(ccd::segment_at(second.wall_paths[0], 0.5), {{3.0, -10.0}, {3.0, 10.0}});
}

TEST(WorldWallPaths, TheTextOfALogPrintsTheMovingWallsPathsOnly) {
    World world = budget_cut_world();
    const std::string text = ccd::to_text(world.step());
    EXPECT_NE(text.find("wall_path 0 "), std::string::npos);
    EXPECT_EQ(text.find("wall_path 1 "), std::string::npos) << "a static wall";
}

TEST(PathPosition, APieceWithAnAccelerationIsTheParabolaThroughItsEnds) {
    // From (0, 2) at t = 0 to (2, 0) at t = 1 under (0, -4): x(t) = the chord (2t, 2 - 2t) + a
    // (t - 0)(t - 1) / 2, so y(1/2) = 1 - 4 (1/2)(-1/2) / 2 = 1.5 and y(1/4) = 1.5 + 0.375 =
    // 1.875; its velocity (2, -2) + a (2t - 1) / 2: (2, -2) at t = 1/2, (2, 0) at t = 0.
    BodyPath path;
    path.points = {{0.0, {0.0, 2.0}, 0.0, {0.0, -4.0}}, {1.0, {2.0, 0.0}, 0.0, {}}};
    EXPECT_EQ(ccd::position_at(path, 0.5), (Vec2{1.0, 1.5}));
    EXPECT_EQ(ccd::position_at(path, 0.25), (Vec2{0.5, 1.875}));
    EXPECT_EQ(ccd::position_at(path, 1.0), (Vec2{2.0, 0.0}));
    EXPECT_EQ(ccd::pose_at(path, 0.5).position, (Vec2{1.0, 1.5}));
    EXPECT_EQ(ccd::rates_at(path, 0.5).velocity, (Vec2{2.0, -2.0}));
    EXPECT_EQ(ccd::rates_at(path, 0.0).velocity, (Vec2{2.0, 0.0}));
    // Drawn through 3 samples between the ends: at t = 1/4, 1/2, 3/4 (y 1.875, 1.5, 0.875).
    const std::vector<Vec2> line = ccd::path_polyline(path, 3);
    ASSERT_EQ(line.size(), 5u);
    EXPECT_EQ(line[0], (Vec2{0.0, 2.0}));
    EXPECT_EQ(line[1], (Vec2{0.5, 1.875}));
    EXPECT_EQ(line[2], (Vec2{1.0, 1.5}));
    EXPECT_EQ(line[3], (Vec2{1.5, 0.875}));
    EXPECT_EQ(line[4], (Vec2{2.0, 0.0}));
    // Without an acceleration: the vertices alone.
    path.points[0].acceleration = {};
    EXPECT_EQ(ccd::path_polyline(path, 3).size(), 2u);
}

} // namespace
