// What the rounding of a contact must not do (docs/scheduler.md, "Rounding at a contact"): put a
// point past a wall's line, where nothing stops it at the next wall's end, or leave a slide a
// velocity that is only the subtraction's residue, to be "hit" again and shrink to subnormal
// garbage. The scenes are the ones a fuzzing campaign found.
#include "ccd/world.hpp"

#include "collision_response.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Response;
using ccd::Segment;
using ccd::Vec2;
using ccd::World;

// A closed box of half-size h: floor, right, ceiling, left, each ending where the next begins.
void add_box(World& world, double h) {
    world.add_wall({{-h, -h}, {h, -h}});
    world.add_wall({{h, -h}, {h, h}});
    world.add_wall({{h, h}, {-h, h}});
    world.add_wall({{-h, h}, {-h, -h}});
}

bool inside(Vec2 p, double h, double slack = 0.0) {
    return std::fabs(p.x) <= h + slack && std::fabs(p.y) <= h + slack;
}

// The campaign's scene: a sliding point meets the ceiling at t = 0.2111728913447549, where its
// position rounds to 5.0176349504516047, one ulp above the ceiling's line (5.017634950451604).
// It slides left along y = that, passes one ulp above the left wall's end and was out of the
// box at the end of frame 0 (x = -5.135). A point on the ceiling's line, or below it, runs into
// the left wall's end and stops there (its slide against the end, normal against the motion,
// leaves no velocity).
TEST(WorldContactRounding, ASlidingPointStaysInAClosedBoxPastItsCorner) {
    const double h = 5.017634950451604;
    World world;
    add_box(world, h);
    world.add_body(BodyDef{Circle{{4.5422041707192555, 1.9430406976402381}, 0.0},
                           {-4.838723729971986, 14.559606743234246},
                           1.0,
                           Response::slide()});
    for (int frame = 0; frame < 4; ++frame) {
        const ccd::EventLog& log = world.step();
        if (frame == 0) {
            ASSERT_FALSE(log.events.empty());
            EXPECT_EQ(log.events[0].other, 2); // the ceiling
        }
        const ccd::WorldBody b = world.body(0);
        ASSERT_TRUE(b.alive);
        EXPECT_TRUE(inside(b.shape.center, h))
            << "frame " << frame << ": (" << b.shape.center.x << ", " << b.shape.center.y << ")";
        for (const ccd::PathPoint& p : log.paths[0].points)
            EXPECT_TRUE(inside(p.position, h)) << "frame " << frame << " t " << p.time;
    }
}

// The same mechanism at other sizes and angles: sliding points thrown at the walls of closed
// boxes of half-size 1e-50 to 1e50, one point to a box, 30 frames each. A
// point that runs into a corner stops at the wall's end, where its contact position may round
// an ulp or two past the other wall's line (docs/scheduler.md): nothing can leave by more than
// that, 2^-50 h, where an escaped point is gone by a fraction of the box.
TEST(WorldContactRounding, SlidingPointsStayInClosedBoxesAtEverySize) {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    const auto next = [&state] { // uniform in [-1, 1)
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<double>(state >> 11) * 0x1p-52 - 1.0;
    };
    int escaped = 0;
    for (const double h : {1e-50, 3e-7, 1.0, 5.017634950451604, 123.456, 7e12, 1e50}) {
        const double slack = h * 0x1p-50;
        for (int k = 0; k < 60; ++k) {
            World world;
            add_box(world, h);
            world.add_body(BodyDef{Circle{{0.9 * h * next(), 0.9 * h * next()}, 0.0},
                                   {3.0 * h * next(), 3.0 * h * next()},
                                   1.0,
                                   Response::slide()});
            for (int frame = 0; frame < 30; ++frame) {
                world.step();
                if (!inside(world.body(0).shape.center, h, slack)) {
                    ++escaped;
                    break;
                }
            }
        }
    }
    EXPECT_EQ(escaped, 0);
}

// A slide removes the closing part of the relative velocity, v - n (v.n). With n a unit normal
// rounded (0.7071067811865475 twice: |n|^2 = 1 - 2^-53 or so) and v along n, what is left is
// the residue (v.n)(1 - |n|^2), about 1e-16 |v|, along n: the slide must leave the body at rest
// relative to the other (here a stopped body: zero), not with that residue.
TEST(WorldContactRounding, ASlideHeadOnLeavesNoResidueAlongTheNormal) {
    const Vec2 n{0.7071067811865475, 0.7071067811865475};
    ASSERT_NE(n.x * n.x + n.y * n.y, 1.0); // the premise: the rounded normal is not unit
    const ccd::ContactInput in{0.0, 0, ccd::OtherKind::Body, 1, {}, n, {-2.5, -2.5}, {}};
    const ccd::ContactOutcome out =
        ccd::detail::respond_alone(ccd::ResponseKind::Slide, 0.0, {}, in, 1e-12);
    EXPECT_EQ(out.velocity.x, 0.0);
    EXPECT_EQ(out.velocity.y, 0.0);
    // Against a moving wall it rides along: at rest relative to the wall.
    const ccd::ContactInput on_wall{0.0, 0, ccd::OtherKind::Wall, 0,
                                    {},  n, {-1.5, -1.5},         {1.0, 1.0}};
    const ccd::ContactOutcome ride =
        ccd::detail::respond_alone(ccd::ResponseKind::Slide, 0.0, {}, on_wall, 1e-12);
    EXPECT_EQ(ride.velocity.x, 1.0);
    EXPECT_EQ(ride.velocity.y, 1.0);
    // A slide with a real tangential part keeps it (v = (-3, -1), n = (0, 1): (-3, 0)).
    const ccd::ContactInput floor{0.0, 0,          ccd::OtherKind::Wall, 0,
                                  {},  {0.0, 1.0}, {-3.0, -1.0},         {}};
    const ccd::ContactOutcome along =
        ccd::detail::respond_alone(ccd::ResponseKind::Slide, 0.0, {}, floor, 1e-12);
    EXPECT_EQ(along.velocity.x, -3.0);
    EXPECT_EQ(along.velocity.y, 0.0);
}

// A slide removes the closing part, v - n (v.n). Against the ceiling of a box of half-size
// 12.8 the query's normal is (-0, -(1 - 2^-53)) (the wall's direction times 1 / |u| rounded),
// so with v = (24.997..., 37.528...) the slide left v.y (1 - |n|^2) = 37.53 x 2^-52 = 1.42e-14
// upward, into the ceiling: below the resting tolerance, no new contact, and the point drifted
// past the ceiling's line and out of the box over the next wall's end. What is left must not
// close on the wall: v'.n >= 0, that is v'.y <= 0; the slide keeps v.x exactly (n.x = -0).
TEST(WorldContactRounding, ASlideAlongAWallLeavesNothingIntoIt) {
    const Vec2 n{-0.0, -0x1.fffffffffffffp-1};
    const Vec2 v{24.997176258583305, 37.528995557970482};
    const ccd::ContactInput in{0.0, 0, ccd::OtherKind::Wall, 2, {}, n, v, {}};
    const ccd::ContactOutcome out =
        ccd::detail::respond_alone(ccd::ResponseKind::Slide, 0.0, {}, in, 1e-12);
    EXPECT_EQ(out.velocity.x, 24.997176258583305);
    EXPECT_LE(out.velocity.y, 0.0);
    EXPECT_GE(out.velocity.y, -1e-28); // only the rounding is taken away, not the motion
    // A bounce of restitution 0 is the same slide.
    const ccd::ContactOutcome bounce =
        ccd::detail::respond_alone(ccd::ResponseKind::Bounce, 0.0, {}, in, 1e-12);
    EXPECT_LE(bounce.velocity.y, 0.0);
}

// not_closing on its own: with the rounded diagonal normal (|n|^2 < 1), v = (3, -1) - what a
// slide along n leaves of (3, -1) + n: the result does not close (v'.n >= 0, measured as the
// scheduler measures it) and moves by a rounding only; a velocity that opens, or a stopped
// body's, is returned as it is; relative to a moving other, the closing is v - other's.
TEST(WorldContactRounding, NotClosingTakesAwayOnlyTheRounding) {
    const Vec2 n{0.7071067811865475, 0.7071067811865475};
    for (const Vec2 v : {Vec2{3.0, -3.0 - 0x1p-50}, Vec2{-1e-300, 0.0}, Vec2{1e20, -1e20 - 3e4}}) {
        ASSERT_LT(dot(v, n), 0.0);
        const Vec2 out = ccd::detail::not_closing(v, {}, n);
        EXPECT_GE(dot(out, n), 0.0) << v.x << " " << v.y;
        EXPECT_LE(length(out - v), 4.0 * std::fabs(dot(v, n)) + 1e-15 * length(v))
            << v.x << " " << v.y;
    }
    const Vec2 opening{1.0, -0.5};
    EXPECT_EQ(ccd::detail::not_closing(opening, {}, n), opening);
    EXPECT_EQ(ccd::detail::not_closing(Vec2{}, {}, n), Vec2{});
    const Vec2 other{2.0, 2.0}; // (1, 1) relative to it closes; (3, 3) opens
    EXPECT_GE(dot(ccd::detail::not_closing({1.0, 1.0}, other, n) - other, n), 0.0);
    EXPECT_EQ(ccd::detail::not_closing({3.0, 3.0}, other, n), (Vec2{3.0, 3.0}));
}

// The campaign's scene at half-size 12.8, the sliding point alone: it meets the ceiling at
// t = 0.198 and slides right along it; it was out of the box at the end of frame 0
// (13.064, 12.815160286652153), past the right wall's end. It runs into the corner and stops
// there.
TEST(WorldContactRounding, ASlidingPointStaysInTheBoxWhereTheSlideLeftARoundingIntoTheCeiling) {
    const double h = 12.815160286652143;
    World world;
    add_box(world, h);
    world.add_body(BodyDef{Circle{{-11.933159974696098, 5.380281032640105}, 0.0},
                           {24.997176258583305, 37.52899555797048},
                           1.0,
                           Response::slide()});
    for (int frame = 0; frame < 3; ++frame) {
        const ccd::EventLog& log = world.step();
        if (frame == 0) {
            ASSERT_FALSE(log.events.empty());
            EXPECT_EQ(log.events[0].other, 2); // the ceiling
        }
        const ccd::WorldBody b = world.body(0);
        ASSERT_TRUE(b.alive);
        EXPECT_TRUE(inside(b.shape.center, h))
            << "frame " << frame << ": (" << b.shape.center.x << ", " << b.shape.center.y << ")";
        for (const ccd::PathPoint& p : log.paths[0].points)
            EXPECT_TRUE(inside(p.position, h)) << "frame " << frame << " t " << p.time;
    }
}

// A point in a wedge: a stopped disk of radius 0.18 h touches the ceiling at x = 0.3 h, and a
// point (restitution 0.376) runs right into the gap between them, bouncing off each in turn
// ever closer to where they meet. A bounce off the disk there left it closing on the ceiling by
// less than the resting tolerance (no new contact), and it went through the ceiling's line and
// out of the box past the right wall's end. A point on the line of the wall it last touched is
// not left closing on it by a body contact: it stays in (at most the corner's ulp or two out).
TEST(WorldContactRounding, APointInAWedgeBetweenAWallAndADiskStaysInTheBox) {
    const double h = 12.8;
    World world;
    add_box(world, h);
    const double r = 0.18 * h;
    world.add_body(BodyDef{Circle{{0.3 * h, h - r}, r}, {}, 1.0, Response::stop()});
    world.add_body(BodyDef{Circle{{-0.5 * h, h - 0.001 * h}, 0.0},
                           {0.65 * h, -0.01 * h},
                           1.0,
                           Response::bounce(0.376)});
    int events = 0;
    for (int frame = 0; frame < 3; ++frame) {
        events += static_cast<int>(world.step().events.size());
        const ccd::WorldBody b = world.body(1);
        ASSERT_TRUE(b.alive);
        EXPECT_TRUE(inside(b.shape.center, h, h * 0x1p-50))
            << "frame " << frame << ": (" << b.shape.center.x << ", " << b.shape.center.y << ")";
    }
    EXPECT_GT(events, 20); // the wedge's bounces
}

// The campaign's scene: six balls at one point, slides and stops. The slide body b9, overlapping
// the stopped b10 along (0.7071067811865475, 0.7071067811865475), was "hit" again by its own
// residue at every event, its velocity shrinking by about 1e-16 each time, down to -1.6e-322;
// at that size the contact's normal came out (0.711, 0.711). Every normal in the log is unit
// length, and no velocity is subnormal.
TEST(WorldContactRounding, BallsAtOnePointWithSlidesAndStopsKeepUnitNormalsAndNoSubnormals) {
    World world;
    const Vec2 at{1.258260562335174, -2.9238612831507482};
    const auto add = [&](Vec2 v, Response r) {
        world.add_body(BodyDef{Circle{at, 0.5}, v, 1.0, std::move(r)});
    };
    add({2.340760462929701, 1.3437631240532175}, Response::bounce());
    add({-1.610312719458161, 1.0802435198481302}, Response::bounce(0.7437233149438895));
    add({3.7454572358978417, 3.3707298239217725}, Response::slide());
    add({-3.9047555311007196, 3.548766953514461}, Response::bounce());
    add({3.5139277629119636, 2.9848393545829097}, Response::slide());
    add({-3.8687815728762565, -0.532721148375142}, Response::stop());
    const auto normal_velocity = [](double v) { return v == 0.0 || std::fabs(v) >= DBL_MIN; };
    for (int frame = 0; frame < 3; ++frame) {
        const ccd::EventLog& log = world.step();
        for (const ccd::ContactEvent& e : log.events) {
            EXPECT_NEAR(std::hypot(e.normal.x, e.normal.y), 1.0, 1e-15)
                << "frame " << frame << " event " << e.sequence;
            for (const Vec2 v : {e.body_velocity_after, e.other_velocity_after}) {
                EXPECT_TRUE(normal_velocity(v.x) && normal_velocity(v.y))
                    << "frame " << frame << " event " << e.sequence << ": (" << v.x << ", " << v.y
                    << ")";
            }
        }
    }
}

} // namespace
