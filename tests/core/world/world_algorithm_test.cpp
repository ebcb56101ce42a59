// WorldOptions::algorithm: the World asks another algorithm's queries through the pair registry
// for the pairs it answers, the exact queries for the rest; an unknown name is refused.
#include "ccd/world.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace {

using namespace ccd;

WorldOptions with_algorithm(std::string name) {
    WorldOptions options;
    options.algorithm = std::move(name);
    return options;
}

// A ball of radius 0.5 at (0, 0.3) moving by (2, 0) past the end (1.5, 0) of a wall: it
// touches the end when its center is 0.5 from it, at x = 1.5 - 0.4 = 1.1 (0.3^2 + 0.4^2 =
// 0.5^2): t = 0.55, at (1.5, 0).
World ball_and_wall_end(WorldOptions options) {
    World world(std::move(options));
    world.add_body(BodyDef{Circle{{0.0, 0.3}, 0.5}, {2.0, 0.0}, 1.0, Response::bounce()});
    world.add_wall({{1.5, -5.0}, {1.5, 0.0}});
    return world;
}

// Two balls head on, and a square polygon falling onto a floor: pairs that seed004 and
// conservative advancement have no query for (a square) or that only seed004 has (two disks).
World balls_and_square(WorldOptions options) {
    World world(std::move(options));
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {5.0, 0.0}, 1.0, Response::bounce()});
    world.add_body(BodyDef{Circle{{10.0, 0.0}, 1.0}, {-5.0, 0.0}, 1.0, Response::bounce()});
    world.add_body(BodyDef{Circle{{20.0, 3.0}, 0.0},
                           {0.0, -4.0},
                           1.0,
                           Response::bounce(),
                           {{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}}});
    world.add_wall({{15.0, 0.0}, {25.0, 0.0}});
    return world;
}

std::string three_frames(World world) {
    std::string text;
    for (int f = 0; f < 3; ++f)
        text += to_text(world.step());
    return text;
}

TEST(WorldAlgorithm, AnUnknownNameIsRefused) {
    EXPECT_THROW(World(with_algorithm("nope")), std::invalid_argument);
    EXPECT_THROW(World(with_algorithm("")), std::invalid_argument);
}

TEST(WorldAlgorithm, ExactNamedIsTheDefaultBitForBit) {
    EXPECT_EQ(three_frames(balls_and_square(with_algorithm("exact"))),
              three_frames(balls_and_square({})));
}

TEST(WorldAlgorithm, ConservativeAdvancementStopsJustShortOfTheWallsEnd) {
    World exact = ball_and_wall_end({});
    World advancing = ball_and_wall_end(with_algorithm("conservative-advancement"));
    const EventLog& a = exact.step();
    const EventLog& b = advancing.step();
    ASSERT_EQ(a.events.size(), 1u);
    ASSERT_EQ(b.events.size(), 1u);
    EXPECT_NEAR(a.events[0].time, 0.55, 1e-15);
    EXPECT_EQ(a.events[0].feature, Feature::EndpointB);
    // Within its tolerance (1e-9 of the scale) before the contact, never past it: not the
    // exact query's answer.
    EXPECT_LT(b.events[0].time, 0.55 - 1e-10);
    EXPECT_GE(b.events[0].time, 0.55 - 1e-8);
    EXPECT_EQ(b.events[0].feature, Feature::EndpointB);
    EXPECT_NEAR(b.events[0].point.x, 1.5, 1e-12);
    EXPECT_NEAR(b.events[0].point.y, 0.0, 1e-12);
}

TEST(WorldAlgorithm, PairsAnAlgorithmDoesNotAnswerAreAnsweredExactly) {
    // Conservative advancement answers a disk against a wall only: the two balls and the
    // square against the floor are the exact queries', the same bits.
    EXPECT_EQ(three_frames(balls_and_square(with_algorithm("conservative-advancement"))),
              three_frames(balls_and_square({})));
    const std::string exact = three_frames(balls_and_square({}));
    EXPECT_NE(exact.find("event"), std::string::npos) << exact;
}

} // namespace
