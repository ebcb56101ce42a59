// The World's range of spin and speed (ccd/world.hpp, docs/accuracy.md "The range of spin"):
// add_body and add_turning_wall refuse a spin beyond kWorldFastestSpin or a rim beyond
// kWorldLargest, and a response never gives more than the World takes, so that what it writes
// it can read back.
#include "ccd/world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Response;
using ccd::Vec2;
using ccd::World;

const std::vector<Vec2> kSquare{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};

// The message add_body throws for a square scaled by `size` turning `spin` a frame.
std::string add_spinning_square(double size, double spin) {
    World world;
    BodyDef def;
    for (const Vec2 v : kSquare)
        def.outline.push_back(v * size);
    def.angular_velocity = spin;
    try {
        world.add_body(std::move(def));
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(added)";
}

TEST(WorldRange, ASpinBeyondTheFastestOrARimBeyondTheLargestIsRefused) {
    EXPECT_EQ(add_spinning_square(1.0, 1e6), "(added)");
    EXPECT_EQ(add_spinning_square(1.0, -1e6), "(added)");
    const std::string fast = add_spinning_square(1.0, 1e15);
    EXPECT_NE(fast.find("World::add_body: a spin of 1000000000000000 radians a frame is beyond "
                        "the World's: at most 1e6 in magnitude"),
              std::string::npos)
        << fast;
    // Half-size 1e55: its corners 1.41e55 from the center, at 1e6 a frame 1.41e61 > 1e60.
    EXPECT_NE(add_spinning_square(1e55, 1e6).find("at most 1e60 a frame at its rim"),
              std::string::npos);
    EXPECT_EQ(add_spinning_square(1e53, 1e6), "(added)"); // 1.41e59 at the rim
    World world;
    EXPECT_THROW(world.add_turning_wall({{0.0, 0.0}, {2.0, 0.0}}, {0.0, 0.0}, 2e6),
                 std::invalid_argument);
    EXPECT_THROW(world.add_turning_wall({{0.0, 0.0}, {1e55, 0.0}}, {0.0, 0.0}, 1e6),
                 std::invalid_argument);
    EXPECT_NO_THROW(world.add_turning_wall({{0.0, 0.0}, {2.0, 0.0}}, {0.0, 0.0}, 1e6));
}

// A turning polygon reaches at least 1e-50 from its center (kWorldLeastTurningReach): a square
// of half-size 5e-51 reaches 7.07e-51 from it and is refused, naming the least; of half-size
// 1e-50 (1.41e-50) it is taken. The same square that does not turn is taken at any size the
// World's scale holds (its outline is never turned).
TEST(WorldRange, ATurningPolygonBelowTheLeastReachIsRefused) {
    const std::string small = add_spinning_square(5e-51, 1.0);
    EXPECT_NE(small.find("World::add_body: a turning polygon reaching 7.07"), std::string::npos)
        << small;
    EXPECT_NE(small.find("below the World's least, 1e-50"), std::string::npos) << small;
    EXPECT_EQ(add_spinning_square(1e-50, 1.0), "(added)");
    World world;
    BodyDef still;
    for (const Vec2 v : kSquare)
        still.outline.push_back(v * 5e-51);
    EXPECT_NO_THROW(world.add_body(std::move(still)));
}

// A crate of mass 1e150 at 9e59 a frame meets a ball of mass 1e-150 at rest 5e59 away: an
// elastic impulse would send the ball off at 2 x 9e59 = 1.8e60, beyond the World's largest
// speed, and a World would then refuse the state this one wrote. It leaves at 1e60.
TEST(WorldRange, ALightBallStruckByAHeavyFastOneLeavesAtTheLargestSpeed) {
    World world;
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {9e59, 0.0}, 1e150, Response::bounce(1.0)});
    world.add_body(BodyDef{Circle{{5e59, 0.0}, 1.0}, {0.0, 0.0}, 1e-150, Response::bounce(1.0)});
    const ccd::EventLog log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const Vec2 after = world.body(1).velocity;
    EXPECT_EQ(after.x, ccd::kWorldLargest) << after.x;
    EXPECT_EQ(after.y, 0.0);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ((e.body == 1 ? e.body_velocity_after : e.other_velocity_after).x, ccd::kWorldLargest);
    // What it wrote, it reads back.
    World again;
    EXPECT_NO_THROW(again.add_body(BodyDef{world.body(1).shape, after, 1e-150, {}}));
}

// A sensor ball in a box of half-size 1e59 at 6e59 a frame passes through its wall (a sensor
// does) and ends frame 0 at x = 6e59, within the World's range, and frame 1 at 1.2e60, beyond
// it (hostile campaign input 118911, world_scaled_box: such a ball was written at 1.6e60 and the
// scene read back was refused). It is taken out at frame 1's end, where it was, and the log says
// so; the ball beside it that stays in is not.
TEST(WorldRange, ASensorFlownBeyondTheRangeIsTakenOutAtTheFrameEnd) {
    World world;
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {6e59, 0.0}, 1.0, Response::sensor()});
    world.add_body(BodyDef{Circle{{0.0, 5.0}, 1.0}, {1.0, 0.0}, 1.0, Response::sensor()});
    world.add_wall({{1e59, -1e59}, {1e59, 1e59}});
    ccd::EventLog log = world.step();
    EXPECT_TRUE(world.body(0).alive);
    EXPECT_EQ(world.body(0).shape.center.x, 6e59);
    EXPECT_TRUE(log.out_of_range.empty());
    log = world.step();
    EXPECT_FALSE(world.body(0).alive);
    EXPECT_TRUE(world.body(1).alive);
    ASSERT_EQ(log.out_of_range.size(), 1u);
    EXPECT_EQ(log.out_of_range[0].body, 0);
    EXPECT_EQ(log.out_of_range[0].center, (Vec2{1.2e60, 0.0}));
    EXPECT_EQ(log.out_of_range[0].velocity, (Vec2{6e59, 0.0}));
    world.step(); // it stays out; the other goes on
    EXPECT_FALSE(world.body(0).alive);
    EXPECT_EQ(world.body(1).shape.center, (Vec2{3.0, 5.0}));
}

// A ball falling at 4e59 a frame squared from rest: its velocity at frame k's end is
// 4e59 (k + 1), beyond the range (1e60) at frame 2's end (1.2e60), where its center is at
// 4e59 x 9 / 2 = 1.8e60: taken out then, not at frame 1's (velocity 8e59, center 8e59).
TEST(WorldRange, AFallThatPassesTheLargestSpeedIsTakenOutAtThatFramesEnd) {
    World world;
    BodyDef def{Circle{{0.0, 0.0}, 1.0}, {0.0, 0.0}, 1.0, Response::bounce(1.0)};
    def.acceleration = {0.0, -4e59};
    world.add_body(std::move(def));
    world.step();
    world.step();
    EXPECT_TRUE(world.body(0).alive);
    EXPECT_EQ(world.body(0).velocity, (Vec2{0.0, -8e59}));
    const ccd::EventLog log = world.step();
    EXPECT_FALSE(world.body(0).alive);
    ASSERT_EQ(log.out_of_range.size(), 1u);
    EXPECT_EQ(log.out_of_range[0].velocity, (Vec2{0.0, -1.2e60}));
    EXPECT_DOUBLE_EQ(log.out_of_range[0].center.y, -1.8e60);
}

// A ball of mass 1e150 at 1e7 a frame strikes a light square (mass 1e-150) 0.9 off its center:
// the impulse would spin it at about 1e7 x 0.9 / (2 / 3) = 1.35e7 radians a frame; it turns at
// the fastest spin, 1e6.
TEST(WorldRange, ALightSquareStruckOffCenterSpinsAtTheFastestAtMost) {
    World world;
    world.add_body(BodyDef{Circle{{-5e6, 0.9}, 0.05}, {1e7, 0.0}, 1e150, Response::bounce(1.0)});
    BodyDef square{Circle{{0.0, 0.0}, 0.0}, {0.0, 0.0}, 1e-150, Response::bounce(1.0)};
    square.outline = kSquare;
    square.angular_velocity = 0.0;
    world.add_body(std::move(square));
    const ccd::EventLog log = world.step();
    ASSERT_FALSE(log.events.empty());
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(
        std::fabs(e.body == 1 ? e.body_angular_velocity_after : e.other_angular_velocity_after),
        ccd::kWorldFastestSpin);
    EXPECT_LE(std::fabs(world.body(1).angular_velocity), ccd::kWorldFastestSpin);
}

} // namespace
