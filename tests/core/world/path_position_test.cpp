// ccd::position_at and ccd::segment_at: a body's or a wall's place at t on a logged path, and
// the walls' paths the World logs. Expected values worked out by hand in the comments.
#include "ccd/path_position.hpp"
#include "ccd/world.hpp"
#include "expect_near.hpp"

#include <gtest/gtest.h>

#include <string>

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

} // namespace
