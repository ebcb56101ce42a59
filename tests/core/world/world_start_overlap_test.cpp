// A body that starts across a wall or overlapping another body (docs/scheduler.md, "A body that
// starts across a wall"): the World steps the scene as it is given; the overlap is a contact at
// t = 0 like any other, and nothing is pushed through a wall by it.
#include "ccd/world.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Response;
using ccd::Vec2;
using ccd::World;

// Two unit balls overlapping by 1 (centres (0, 0) and (1, 0)), the left one moving (1, 0) into
// the other at rest: a contact at t = 0, normal (-1, 0) toward the left ball, closing speed 1;
// equal masses, elastic: the impulse 2 x 1 / 2 = 1 swaps the velocities.
TEST(WorldStartOverlap, TwoBallsThatStartOverlappingMeetAtTheFramesStart) {
    World world;
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {1.0, 0.0}, 1.0, Response::bounce()});
    world.add_body(BodyDef{Circle{{1.0, 0.0}, 1.0}, {}, 1.0, Response::bounce()});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_EQ(log.events[0].time, 0.0);
    EXPECT_EQ(log.events[0].normal, (Vec2{-1.0, 0.0}));
    EXPECT_EQ(world.body(0).velocity, (Vec2{0.0, 0.0}));
    EXPECT_EQ(world.body(1).velocity, (Vec2{1.0, 0.0}));
}

// A unit ball whose centre starts 0.5 above the floor y = 0 (across it), moving down at 1: the
// floor is a contact at t = 0 with the normal toward the centre, (0, 1); elastic, it leaves at
// (0, 1) and ends the frame at y = 1.5, on the side its centre started.
TEST(WorldStartOverlap, ABallThatStartsAcrossAWallIsPushedToItsCentresSide) {
    World world;
    world.add_wall({{-10.0, 0.0}, {10.0, 0.0}});
    world.add_body(BodyDef{Circle{{0.0, 0.5}, 1.0}, {0.0, -1.0}, 1.0, Response::bounce()});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_EQ(log.events[0].time, 0.0);
    EXPECT_EQ(log.events[0].normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(world.body(0).velocity, (Vec2{0.0, 1.0}));
    EXPECT_EQ(world.body(0).shape.center, (Vec2{0.0, 1.5}));
}

// A disk of radius 18 centred at (-4.4, 0) starts across all four walls of the box |x|, |y| <=
// 10, moving (6.6, 6.6); a point inside at (6.3, 6.6) runs left at (-26.7, -1.7) into it. The
// disk pushes the point against the ceiling; the point, on the ceiling's line, was given a
// velocity out through it (the disk's contact had replaced the ceiling's side memory, and the
// ceiling was then "hit" from above), and left the box in frame 0 at (24.7, 25.8). The point
// stays in the box (it ends squeezed into the top right corner), or is crushed.
TEST(WorldStartOverlap, APointPushedAgainstAWallByADiskAcrossTheBoxStaysIn) {
    const double h = 10.0;
    World world;
    world.add_wall({{-h, -h}, {h, -h}});
    world.add_wall({{h, -h}, {h, h}});
    world.add_wall({{h, h}, {-h, h}});
    world.add_wall({{-h, h}, {-h, -h}});
    world.add_body(BodyDef{Circle{{-4.4, 0.0}, 18.0}, {6.6, 6.6}, 1.0, Response::bounce()});
    world.add_body(BodyDef{Circle{{6.3, 6.6}, 0.0}, {-26.7, -1.7}, 1.0, Response::bounce()});
    for (int frame = 0; frame < 3; ++frame) {
        const ccd::EventLog& log = world.step();
        EXPECT_FALSE(log.events.empty()) << "frame " << frame;
        const ccd::WorldBody point = world.body(1);
        if (!point.alive) break;
        EXPECT_LE(std::fabs(point.shape.center.x), h) << "frame " << frame;
        EXPECT_LE(std::fabs(point.shape.center.y), h) << "frame " << frame;
    }
}

} // namespace
