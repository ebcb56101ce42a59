// The frame's work bounded in time as well as in count: the step budget counts the turning
// queries' search steps, and a query that stops at its own step limit is undecided, never a
// contact (docs/scheduler.md, "Budgets"; docs/accuracy.md, "The step limit").
#include "ccd/toi_turning.hpp"
#include "ccd/world.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using ccd::BodyDef;
using ccd::Vec2;
using ccd::World;

BodyDef spinning_square(Vec2 center, double angular_velocity) {
    BodyDef def;
    def.shape = ccd::Circle{center, 0.0};
    def.outline = {{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};
    def.angular_velocity = angular_velocity;
    return def;
}

// 100 squares stacked at one spot, all spinning one to three turns a frame: every pair
// overlaps and spins, each query costing 100 steps and its search's. The frame is cut by the
// step budget (2,000,000 + 2,000 x 100), with at most one query's steps (100 +
// kMaxSearchSteps) past it; the prediction budget (100,000 + 100 x 100 predictions, about 20 us
// each) cut it later, after several seconds under load.
TEST(WorldStepBudget, StackedSpinningSquaresAreCutByTheStepBudget) {
    World world;
    for (int k = 0; k < 100; ++k)
        world.add_body(spinning_square({0.001 * k, 0.0}, 6.283185307179586 * (1 + k % 3)));
    const ccd::EventLog& log = world.step();
    ASSERT_TRUE(log.budget_cut.has_value());
    EXPECT_EQ(log.budget_cut->kind, ccd::BudgetKind::Steps);
    EXPECT_GT(log.budget_cut->steps, 2'200'000);
    EXPECT_LE(log.budget_cut->steps, 2'200'000 + 100 + ccd::kMaxSearchSteps);
    EXPECT_LT(log.budget_cut->predictions, 100'000);
}

// A budget of its own: the same 100 squares with a step budget of 50,000 are cut with at most
// 50,000 + one query's steps.
TEST(WorldStepBudget, TheStepBudgetIsAnOption) {
    ccd::WorldOptions options;
    options.step_budget = 50'000;
    World world(options);
    for (int k = 0; k < 100; ++k)
        world.add_body(spinning_square({0.001 * k, 0.0}, 6.283185307179586));
    const ccd::EventLog& log = world.step();
    ASSERT_TRUE(log.budget_cut.has_value());
    EXPECT_EQ(log.budget_cut->kind, ccd::BudgetKind::Steps);
    EXPECT_GT(log.budget_cut->steps, 50'000);
    EXPECT_LE(log.budget_cut->steps, 50'000 + 100 + ccd::kMaxSearchSteps);
}

// A square of half-side 1 (corners at sqrt 2 = 1.4142135623730951 from its center) spinning
// 100,000 turns a frame under a wall at y = 1.414216228102858, 2.7e-6 beyond its corners' reach:
// they never touch, and the search stops at its step limit undecided. It was a contact (an
// impulse from a wall the square never touches); now the frame is cut there, marked undecided,
// with no event, and the square keeps its spin.
TEST(WorldStepBudget, AnUndecidedQueryCutsTheFrameAndIsNoContact) {
    World world;
    const double y = 1.414216228102858;
    world.add_wall({{-5.0, y}, {5.0, y}});
    world.add_body(spinning_square({0.0, 0.0}, 628318.5307179586));
    const ccd::EventLog& log = world.step();
    EXPECT_TRUE(log.events.empty());
    ASSERT_TRUE(log.budget_cut.has_value());
    EXPECT_EQ(log.budget_cut->kind, ccd::BudgetKind::Undecided);
    EXPECT_EQ(world.body(0).angular_velocity, 628318.5307179586);
    EXPECT_EQ(world.body(0).velocity, (Vec2{0.0, 0.0}));
}

} // namespace
