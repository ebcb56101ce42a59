// What keeps a body inside a closed box whatever its speed and kind (docs/scheduler.md, "A
// closed box holds what starts inside it"): a point left on a wall's line by its last contact is
// on the side it touched the wall from, however long ago it touched, so a point frozen on a wall
// by the frame's change limit and moving back in is not "hit" from outside at the next frame.
#include "ccd/path_position.hpp"
#include "ccd/world.hpp"

#include "body_defs.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace {

using ccd::Vec2;
using ccd::World;
using ccd_test::ball;

// A closed box of half-size h: floor (0), right (1), ceiling (2), left (3).
void add_box(World& world, double h) {
    world.add_wall({{-h, -h}, {h, -h}});
    world.add_wall({{h, -h}, {h, h}});
    world.add_wall({{h, h}, {-h, h}});
    world.add_wall({{-h, h}, {-h, -h}});
}

bool inside(Vec2 p, double h) {
    return std::fabs(p.x) <= h && std::fabs(p.y) <= h;
}

// The first corner of a polygon body outside the box of half-size h at a vertex of its path
// (each vertex's pose, ccd::placed_outline), said with the time; nothing when all are inside.
std::optional<std::string> corner_outside(const ccd::BodyPath& path,
                                          const std::vector<Vec2>& outline, double h) {
    for (const ccd::PathPoint& p : path.points)
        for (const Vec2 corner : ccd::placed_outline(outline, {p.position, p.angle}))
            if (!inside(corner, h))
                return "t " + std::to_string(p.time) + " at (" + std::to_string(corner.x / h) +
                       ", " + std::to_string(corner.y / h) + ") half-sizes";
    return std::nullopt;
}

// One point at (0.3, 0.1) moving (25000, 3.7) a frame in the box |x|, |y| <= 10: it crosses the
// box 1,250 times a frame, so the frame's change limit (1,000) freezes it at its 1,001st change.
// Frame 0: the right wall at t = 9.7 / 25000 = 0.000388; then a wall every 20 / 25000 = 0.0008
// (the floor and ceiling are 40 / 3.7 frames apart: not met in frame 0); the 1,001st change is a
// right wall contact (the odd ones are: 1, 3, ...), at x = 10 with velocity (-25000, 3.7), and
// freezes it there. Frame 1: it moves in from x = 10, on the right wall's line; the right wall is
// no contact (it was touched from the inside), the first is the left wall at t = 20 / 25000 =
// 0.0008, normal (1, 0). It was sent through the right wall, with normal (+1, 0) at t = 0, and
// was at x = 25010 at the end of frame 1.
TEST(WorldClosedBox, APointFrozenOnAWallByTheChangeLimitMovesBackIn) {
    World world;
    add_box(world, 10.0);
    world.add_body(ball({0.3, 0.1}, 0.0, {25000.0, 3.7}));
    const ccd::EventLog& first = world.step();
    ASSERT_EQ(first.events.size(), 1001u);
    EXPECT_DOUBLE_EQ(first.events[0].time, 9.7 / 25000.0);
    ASSERT_EQ(first.chatter_cuts.size(), 1u);
    EXPECT_EQ(first.events.back().other, 1);
    EXPECT_EQ(world.body(0).shape.center.x, 10.0);
    EXPECT_EQ(world.body(0).velocity, (Vec2{-25000.0, 3.7}));

    const ccd::EventLog& second = world.step();
    ASSERT_FALSE(second.events.empty());
    EXPECT_EQ(second.events[0].other, 3);
    EXPECT_DOUBLE_EQ(second.events[0].time, 20.0 / 25000.0);
    EXPECT_EQ(second.events[0].normal, (Vec2{1.0, 0.0}));
    for (int frame = 2; frame < 40; ++frame) {
        const ccd::EventLog& log = world.step();
        for (const ccd::PathPoint& p : log.paths[0].points)
            ASSERT_TRUE(inside(p.position, 10.0))
                << "frame " << frame << " t " << p.time << " at " << p.position.x;
    }
    EXPECT_TRUE(inside(world.body(0).shape.center, 10.0));
}

// The same at 250 a frame in a box 0.2 wide (half-size 0.1): 1,250 crossings a frame.
TEST(WorldClosedBox, APointAt250AFrameStaysInABox0Point2Wide) {
    World world;
    add_box(world, 0.1);
    world.add_body(ball({0.003, 0.001}, 0.0, {250.0, 0.037}));
    for (int frame = 0; frame < 40; ++frame) {
        const ccd::EventLog& log = world.step();
        if (frame == 0) {
            EXPECT_EQ(log.chatter_cuts.size(), 1u);
        }
        for (const ccd::PathPoint& p : log.paths[0].points)
            ASSERT_TRUE(inside(p.position, 0.1)) << "frame " << frame << " t " << p.time;
    }
}

// The side a resting point touched its wall from is part of the World between frames: the
// World restored from the keyframe after frame 0 steps frame 1 as the first does (the left wall
// first, at t = 0.0008).
TEST(WorldClosedBox, TheRestingPointsSideCarriesInTheKeyframe) {
    World world;
    add_box(world, 10.0);
    world.add_body(ball({0.3, 0.1}, 0.0, {25000.0, 3.7}));
    world.step();
    World copy = world.restored(world.keyframe());
    const ccd::EventLog& log = copy.step();
    ASSERT_FALSE(log.events.empty());
    EXPECT_EQ(log.events[0].other, 3);
    EXPECT_TRUE(inside(copy.body(0).shape.center, 10.0));
}

// Points at any speed up to 1e6 times the box a frame, among balls, in boxes of half-size 1e-3
// to 1e3, 30 scenes of 60 frames: every path vertex of every body in the box (a ball's centre a
// radius inside it; a point within an ulp or two of its walls, docs/scheduler.md).
TEST(WorldClosedBox, FastPointsAndBallsStayInClosedBoxes) {
    std::uint64_t state = 0x2545F4914F6CDD1Dull;
    const auto next = [&state] { // uniform in [0, 1)
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<double>(state >> 11) * 0x1p-53;
    };
    for (int scene = 0; scene < 30; ++scene) {
        const double h = std::pow(10.0, -3.0 + 6.0 * next());
        World world;
        add_box(world, h);
        const int count = 1 + static_cast<int>(next() * 6);
        for (int k = 0; k < count; ++k) {
            const double speed = h * std::pow(10.0, 6.0 * next());
            const double angle = 6.283185307179586 * next();
            const double radius = k % 2 == 0 ? 0.0 : h * 0.05;
            world.add_body(ball({(next() * 1.6 - 0.8) * h, (next() * 1.6 - 0.8) * h}, radius,
                                {speed * std::cos(angle), speed * std::sin(angle)}));
        }
        for (int frame = 0; frame < 60; ++frame) {
            const ccd::EventLog& log = world.step();
            for (int b = 0; b < count; ++b)
                for (const ccd::PathPoint& p : log.paths[static_cast<std::size_t>(b)].points)
                    ASSERT_TRUE(inside(p.position, h * (1.0 + 0x1p-50)))
                        << "scene " << scene << " body " << b << " frame " << frame << " at ("
                        << p.position.x << ", " << p.position.y << ") of a box of " << h;
        }
    }
}

// Points among the blades of a windmill turning a quarter turn a frame in a box (a blade's
// tip moves 9.4 a frame, and pumps what it bats): every third of 30 scenes, 200 frames each,
// every path vertex in the box. Scene 9 lost a point at frame 178 (x = 8 + 1.6e-14: a frame's
// end rounded past the right wall, then nothing stood in its way).
TEST(WorldClosedBox, PointsBattedByAWindmillStayInItsBox) {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    const auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<double>(state >> 11) * 0x1p-53;
    };
    const double h = 8.0;
    for (int scene = 0; scene < 30; ++scene) {
        World world;
        add_box(world, h);
        world.add_turning_wall({{-6.0, 0.0}, {6.0, 0.0}}, {0.0, 0.0}, 1.5707963267948966);
        world.add_turning_wall({{0.0, -6.0}, {0.0, 6.0}}, {0.0, 0.0}, 1.5707963267948966);
        const int count = 4 + static_cast<int>(next() * 8);
        for (int k = 0; k < count; ++k)
            world.add_body(ball({(next() * 14.0 - 7.0), (next() * 14.0 - 7.0)},
                                k % 3 == 0 ? 0.3 : 0.0, {next() * 8.0 - 4.0, next() * 8.0 - 4.0}));
        if (scene % 3 != 0) continue; // drawn, to keep the scenes' numbers
        for (int frame = 0; frame < 200; ++frame) {
            const ccd::EventLog& log = world.step();
            for (int b = 0; b < count; ++b)
                for (const ccd::PathPoint& p : log.paths[static_cast<std::size_t>(b)].points)
                    ASSERT_TRUE(inside(p.position, h * (1.0 + 0x1p-50)))
                        << "scene " << scene << " body " << b << " frame " << frame << " at ("
                        << p.position.x << ", " << p.position.y << ")";
        }
    }
}

// A unit square standing on a corner (vertices (-1, 0), (0, -1), (1, 0), (0, 1)) at the origin,
// moving (-300, 0) a frame and turning 10 radians a frame, sliding, in the box |x|, |y| <= 10.
// Its leftmost corner, vertex 0 turned by 10 t, is at x = -300 t - cos(10 t): it meets the left
// wall at 300 t + cos(10 t) = 10, t = 0.03015 (0.03: 9.955; 0.0302: 10.0147), at y = -sin(10 t)
// = -0.297. The slide takes away that corner's speed along the normal and no more: the center
// still moves left (at 65 a frame), the square turning (at 219 radians a frame) about it. By a
// quarter turn later the next corner is where that one was, with the center further left: it
// meets the wall before then. That contact was lost: the query from the slide answered its
// corner, sliding, touching at its start and closing by the rounding of the slide (1e-14 of its
// speed), which is no contact (the resting tolerance) and was not looked past, so no prediction
// was left for the wall, and the square went through it (x = -130 at the frame's end).
TEST(WorldClosedBox, ATurningSquareSlidingOnAWallMeetsItAgainWithItsNextCorner) {
    World world;
    add_box(world, 10.0);
    ccd::BodyDef square{ccd::Circle{{0.0, 0.0}, 0.0}, {-300.0, 0.0}, 1.0, ccd::Response::slide()};
    square.outline = {{-1.0, 0.0}, {0.0, -1.0}, {1.0, 0.0}, {0.0, 1.0}};
    square.angular_velocity = 10.0;
    world.add_body(square);
    const ccd::EventLog& log = world.step();
    ASSERT_GE(log.events.size(), 2u);
    const ccd::ContactEvent& first = log.events[0];
    EXPECT_EQ(first.other_kind, ccd::OtherKind::Wall);
    EXPECT_EQ(first.other, 3);
    EXPECT_GT(first.time, 0.03);
    EXPECT_LT(first.time, 0.0302);
    EXPECT_LT(first.body_velocity_after.x, 0.0); // still moving toward the wall
    const double quarter_turn = 1.5707963267948966 / first.body_angular_velocity_after;
    ASSERT_GT(quarter_turn, 0.0);
    const ccd::ContactEvent& second = log.events[1];
    EXPECT_EQ(second.other_kind, ccd::OtherKind::Wall);
    EXPECT_EQ(second.other, 3);
    EXPECT_GT(second.time, first.time);
    EXPECT_LT(second.time, first.time + quarter_turn);
    // And it stays in the box, every corner at every vertex of its path, for 20 frames.
    for (int frame = 0; frame < 20; ++frame) {
        const ccd::EventLog& frame_log = frame == 0 ? log : world.step();
        const auto outside = corner_outside(frame_log.paths[0], square.outline, 10.0 + 1e-9);
        ASSERT_FALSE(outside.has_value()) << "frame " << frame << ": " << *outside;
    }
}

// The same square and box in units 2^-70 as large (about 8.5e-22): a pair that small is asked
// in units of its own size (toi_body.cpp, unit_rescale), so it meets the left wall at the times
// it does at size 1. The certified engine's delta is 1e-12 of the pair's scale but never below
// 1e-12: asked as it was, every query of this pair touched at its start, the slide's touch was
// kept all frame, and the square left the box in the first frame (the hostile campaign's tiny
// blades did so, seed 19 inputs 1427, 8206, 9917, 15982 and 16165).
TEST(WorldClosedBox, ATurningSquareInABoxOfSize1eMinus21MeetsItsWallsAsAtSize1) {
    const double unit = std::ldexp(1.0, -70);
    World at_one, tiny;
    add_box(at_one, 10.0);
    add_box(tiny, 10.0 * unit);
    const auto square = [](double u) {
        ccd::BodyDef body{
            ccd::Circle{{0.0, 0.0}, 0.0}, {-300.0 * u, 0.0}, 1.0, ccd::Response::slide()};
        body.outline = {{-u, 0.0}, {0.0, -u}, {u, 0.0}, {0.0, u}};
        body.angular_velocity = 10.0;
        return body;
    };
    at_one.add_body(square(1.0));
    tiny.add_body(square(unit));
    for (int frame = 0; frame < 20; ++frame) {
        const ccd::EventLog& one_log = at_one.step();
        const ccd::EventLog& tiny_log = tiny.step();
        if (frame == 0) {
            ASSERT_GE(one_log.events.size(), 2u);
            ASSERT_GE(tiny_log.events.size(), 2u) << "no second contact: through the wall";
            for (std::size_t i = 0; i < 2; ++i) {
                EXPECT_EQ(tiny_log.events[i].other, one_log.events[i].other);
                EXPECT_NEAR(tiny_log.events[i].time, one_log.events[i].time, 1e-9);
            }
        }
        const auto outside =
            corner_outside(tiny_log.paths[0], square(unit).outline, (10.0 + 1e-9) * unit);
        ASSERT_FALSE(outside.has_value()) << "frame " << frame << ": " << *outside;
    }
}

// A unit square (half-side 1) by the box's corner (-10, -10), clear of both walls by 0.1, thrown
// into the corner turning: 72 throws (six spins of either sign, three speeds along x, two along
// y, sliding or bouncing), 30 frames each. Jammed in the corner it slides on each wall in turn
// and comes to lie flat on one, touching it along its edge and turning about the corner in the
// box's corner: the touch the query names there opens, and the edge's other corner presses into
// the wall (the contact is that corner: docs/turning-bodies.md, "A touch that opens"), or the
// square turns about its touching corner until its edge lies on the wall (the pair with that
// corner cut off sees it). 35 of these throws left the box before either; 8 with the cut alone.
TEST(WorldClosedBox, ASquareThrownTurningIntoTheBoxsCornerStaysInIt) {
    const std::vector<Vec2> outline = {{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};
    for (const double spin : {0.5, 1.0, 3.0, 10.0, -0.5, -3.0})
        for (const double vx : {-0.5, -2.0, -10.0})
            for (const double vy : {-0.5, -3.0})
                for (const bool slides : {true, false}) {
                    World world;
                    add_box(world, 10.0);
                    ccd::BodyDef square{ccd::Circle{{-8.9, -8.9}, 0.0},
                                        {vx, vy},
                                        1.0,
                                        slides ? ccd::Response::slide()
                                               : ccd::Response::bounce(1.0)};
                    square.outline = outline;
                    square.angular_velocity = spin;
                    world.add_body(square);
                    for (int frame = 0; frame < 30; ++frame) {
                        const auto outside =
                            corner_outside(world.step().paths[0], outline, 10.0 + 1e-9);
                        ASSERT_FALSE(outside.has_value())
                            << "spin " << spin << ", velocity (" << vx << ", " << vy << "), "
                            << (slides ? "sliding" : "bouncing") << ": frame " << frame << ": "
                            << *outside;
                    }
                }
}

// A square flat in the box's top-right corner, turning at w about that corner: its velocity is
// w x perp(centre - corner), so the corner at (10, 10) stands still and the corner below it moves
// along +x at w x its side: into the right wall. Sliding, the right wall's contacts at those two
// corners leave the right side's x speeds 0: v.x - w h = 0 and v.x + w h = 0 (h the half-side),
// so v.x = 0 and w = 0, and v.y is untouched (an impulse along x moves no y speed); then it
// slides down the wall. The corner standing still touches both walls and closes on them by the
// rounding only (1e-16 of the square's speed, its own speed being the rounding's): answered
// there for ever, it took every response while the corner below went through the right wall.
// A touch closing by less than the resting tolerance times the pair's speed (not the touching
// point's own) is the rounding's, and is looked past to the corner that does close. Two cases: the
// square placed exactly (half-side 1, centre (9, 9)), and as the hostile campaign's input 92567
// left it at its frame 2 (a crate of mass 3.8e-149: wall contacts do not depend on the mass), its
// corners within 1e-11 of the walls, the lower one 1.03e-11 off the right wall, just beyond the
// certified delta (1e-11 here): it went through the right wall in frame 3.
TEST(WorldClosedBox, ASquareTurningAboutTheBoxsCornerIsStoppedByTheWallItTurnsInto) {
    struct Case {
        std::vector<Vec2> corners;
        Vec2 velocity;
        double spin;
    };
    const double w = 4.6;
    const std::vector<Case> cases = {
        {{{8.0, 8.0}, {10.0, 8.0}, {10.0, 10.0}, {8.0, 10.0}}, {w, -w}, w},
        {{{9.999999999996042, 9.999999999991168},
          {9.35635762757946, 9.999999999997499},
          {9.356357627573129, 9.356357627580916},
          {9.999999999989711, 9.356357627574585}},
         {1.4812375239473832, -1.481237335376068},
         4.6026725008814555},
    };
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const Case& k = cases[c];
        Vec2 centre{0.0, 0.0};
        for (const Vec2 p : k.corners)
            centre = centre + p * 0.25;
        std::vector<Vec2> outline;
        for (const Vec2 p : k.corners)
            outline.push_back(p - centre);
        World world;
        add_box(world, 10.0);
        ccd::BodyDef square{ccd::Circle{centre, 0.0}, k.velocity, 1.0, ccd::Response::slide()};
        square.outline = outline;
        square.angular_velocity = k.spin;
        world.add_body(square);
        for (int frame = 0; frame < 20; ++frame) {
            const auto outside = corner_outside(world.step().paths[0], outline, 10.0 + 1e-9);
            ASSERT_FALSE(outside.has_value())
                << "case " << c << ", frame " << frame << ": " << *outside;
            if (frame > 0) continue;
            const ccd::WorldBody after = world.body(0);
            EXPECT_NEAR(after.velocity.x, 0.0, 1e-6) << "case " << c;
            EXPECT_NEAR(after.velocity.y, k.velocity.y, 1e-6) << "case " << c;
            EXPECT_NEAR(after.angular_velocity, 0.0, 1e-6) << "case " << c;
        }
    }
}

} // namespace
