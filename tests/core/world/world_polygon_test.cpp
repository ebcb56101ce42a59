// Polygon bodies in ccd::World: translating polygons against walls, circles and each other.
// Every expected value is worked out by hand in the comments; the oracle comparison is in
// oracle_test.cpp (WorldOracle.ScenesWithPolygons...), the soak below.
#include "ccd/world.hpp"
#include "expect_near.hpp"
#include "scene_generators.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Feature;
using ccd::OtherKind;
using ccd::Response;
using ccd::Vec2;
using ccd::World;

constexpr double kEps = 1e-12;

using ccd_test::expect_near;

// The square [-1, 1]^2 about its center, counter-clockwise: vertex 0 (-1, -1), 1 (1, -1),
// 2 (1, 1), 3 (-1, 1); edge 0 the bottom, 1 the right, 2 the top, 3 the left.
const std::vector<Vec2> kSquare{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};

BodyDef square_at(Vec2 center, Vec2 velocity) {
    BodyDef def;
    def.shape = Circle{center, 0.0};
    def.velocity = velocity;
    def.outline = kSquare;
    return def;
}

TEST(WorldPolygon, ASquareBouncesOffTheFloorOnItsFirstVertex) {
    // Center at y = 3 falling 4 a frame: the bottom (y = 2) reaches the floor y = 0 at t = 0.5,
    // vertices 0 and 1 together; the lower index is named. Elastic: back up, at y = 3 at t = 1.
    World world;
    world.add_wall({{-5.0, 0.0}, {5.0, 0.0}});
    world.add_body(square_at({0.0, 3.0}, {0.0, -4.0}));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(e.time, 0.5);
    EXPECT_EQ(e.other_kind, OtherKind::Wall);
    EXPECT_EQ(e.feature, Feature::SegmentInterior);
    EXPECT_EQ(e.vertex, 0);
    EXPECT_EQ(e.edge, -1);
    expect_near(e.point, {-1.0, 0.0});
    expect_near(e.normal, {0.0, 1.0});
    expect_near(e.body_velocity_after, {0.0, 4.0});
    expect_near(world.body(0).shape.center, {0.0, 3.0});
    ASSERT_EQ(log.paths[0].points.size(), 3u);
    expect_near(log.paths[0].points[1].position, {0.0, 1.0});
}

TEST(WorldPolygon, EqualSquaresHeadOnExchangeVelocities) {
    // Faces at x = 1 and x = 9 closing 10 a frame: t = 0.8. Square 0's vertex 1 (the lower of
    // its right side's) meets square 1's vertex 0 at (5, -1): the end of its left edge (3) and
    // the start of its bottom edge (0, reached along its own line). Ties go to the mover's
    // vertices; of the two edges at the corner met, the one whose outward normal is the
    // contact's (docs/algorithms.md): the left edge 3, normal (-1, 0), from 1 toward 0.
    World world;
    world.add_body(square_at({0.0, 0.0}, {5.0, 0.0}));
    world.add_body(square_at({10.0, 0.0}, {-5.0, 0.0}));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_NEAR(e.time, 0.8, kEps);
    EXPECT_EQ(e.other_kind, OtherKind::Body);
    EXPECT_EQ(e.feature, Feature::PolygonEdge);
    EXPECT_EQ(e.vertex, 1);
    EXPECT_EQ(e.edge, 3);
    expect_near(e.point, {5.0, -1.0});
    expect_near(e.normal, {-1.0, 0.0});
    expect_near(e.body_velocity_after, {-5.0, 0.0});
    expect_near(e.other_velocity_after, {5.0, 0.0});
    expect_near(world.body(0).shape.center, {3.0, 0.0});
    expect_near(world.body(1).shape.center, {7.0, 0.0});
}

TEST(WorldPolygon, ABallOnACornerPushesTheSquareAlongTheDiagonal) {
    // A unit ball from (-4, -4) moving (4, 4) toward the still square's vertex 0 (-1, -1):
    // sqrt(2) (3 - 4t) = 1 at t = (3 - 1/sqrt(2)) / 4. The normal (from the square toward the
    // ball) is along the diagonal, so equal masses swap their diagonal velocities: the ball
    // stops, the square moves (4, 4) a frame.
    const double t = (3.0 - 1.0 / std::sqrt(2.0)) / 4.0;
    const double s = 1.0 / std::sqrt(2.0);
    for (const bool ball_first : {true, false}) {
        SCOPED_TRACE(ball_first ? "ball first" : "square first");
        World world;
        const BodyDef ball{Circle{{-4.0, -4.0}, 1.0}, {4.0, 4.0}, 1.0, {}};
        const BodyDef square = square_at({0.0, 0.0}, {0.0, 0.0});
        world.add_body(ball_first ? ball : square);
        world.add_body(ball_first ? square : ball);
        const ccd::EventLog& log = world.step();
        ASSERT_EQ(log.events.size(), 1u);
        const ccd::ContactEvent& e = log.events[0];
        EXPECT_NEAR(e.time, t, kEps);
        EXPECT_EQ(e.body, 0) << "the lower index is the query's mover";
        EXPECT_EQ(e.vertex, 0) << "the square's vertex, named either way";
        EXPECT_EQ(e.edge, -1);
        expect_near(e.point, {-1.0, -1.0});
        if (ball_first) { // the square's part
            EXPECT_EQ(e.feature, Feature::PolygonVertex);
            expect_near(e.normal, {-s, -s});
        } else { // the ball's part; the normal from the ball toward the square
            EXPECT_EQ(e.feature, Feature::Circle);
            expect_near(e.normal, {s, s});
        }
        expect_near(world.body(ball_first ? 0 : 1).velocity, {0.0, 0.0});
        expect_near(world.body(ball_first ? 1 : 0).velocity, {4.0, 4.0});
    }
}

TEST(WorldPolygon, ABallClosingOnALongSideWhileItsCenterRecedesIsAnEvent) {
    // A still 6 x 1 plank about (0, 0) (never turning) and a unit-mass ball of radius 0.5 at
    // (0.5, 1.2) moving (2, -0.4) a frame: the centers recede (offset . motion = 1 - 0.48 > 0)
    // while the ball closes on the top side y = 0.5, which its lowest point (y = 0.7 - 0.4 t)
    // reaches at t = 0.5, at x = 1.5. Equal masses exchange the normal components: the ball
    // leaves at (2, 0), the plank at (0, -0.4). (A rejection of receding centers, right for two
    // disks, let the ball into the plank.)
    for (const bool ball_first : {true, false}) {
        SCOPED_TRACE(ball_first ? "ball first" : "plank first");
        World world;
        const BodyDef ball{Circle{{0.5, 1.2}, 0.5}, {2.0, -0.4}, 1.0, {}};
        BodyDef plank;
        plank.shape = Circle{{0.0, 0.0}, 0.0};
        plank.outline = {{-3.0, -0.5}, {3.0, -0.5}, {3.0, 0.5}, {-3.0, 0.5}};
        world.add_body(ball_first ? ball : plank);
        world.add_body(ball_first ? plank : ball);
        const ccd::EventLog& log = world.step();
        ASSERT_EQ(log.events.size(), 1u);
        EXPECT_NEAR(log.events[0].time, 0.5, kEps);
        expect_near(log.events[0].point, {1.5, 0.5});
        expect_near(world.body(ball_first ? 0 : 1).velocity, {2.0, 0.0});
        expect_near(world.body(ball_first ? 1 : 0).velocity, {0.0, -0.4});
    }
}

// A box landing on a heavy slab, off its center: after the contact the two still touch (a
// vertex on the slab's top edge). That touch is the contact just processed, not a new one: it
// must not come back as an "overlap" whose normal joins the centroids (it did, and kicked the
// box sideways at the same instant).
BodyDef slab() {
    BodyDef def;
    def.shape = Circle{{0.0, -0.5}, 0.0};
    def.mass = 1e9;
    def.outline = {{-10.0, -0.5}, {10.0, -0.5}, {10.0, 0.5}, {-10.0, 0.5}};
    return def;
}

TEST(WorldPolygon, ABoxLandingOnASlabBouncesOnceStraightUp) {
    // The box's bottom (y = 0.5) reaches the slab's top (y = 0) at t = 0.5, its center then at
    // (-1, 1). Elastic (the larger restitution of the two, 1): the vertical velocity turns,
    // (4, -1) -> (4, 1) up to the slab's 1e-9 share; at t = 1 the center is at (1, 1.5).
    World world;
    world.add_body(slab());
    world.add_body(square_at({-3.0, 1.5}, {4.0, -1.0}));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_EQ(log.events[0].time, 0.5);
    expect_near(log.events[0].normal, {0.0, -1.0}); // from the box toward the slab (body 0)
    expect_near(world.body(1).velocity, {4.0, 1.0}, 1e-8);
    expect_near(world.body(1).shape.center, {1.0, 1.5}, 1e-8);
}

TEST(WorldPolygon, ABoxSlidingOnASlabMakesNoMoreEvents) {
    // Both without restitution: the box keeps (4, 0) and slides along the slab's top, touching
    // it all the way: one event, and the box at (1, 1) at t = 1.
    World world;
    BodyDef base = slab();
    base.response = Response::bounce(0.0);
    world.add_body(base);
    BodyDef box = square_at({-3.0, 1.5}, {4.0, -1.0});
    box.response = Response::bounce(0.0);
    world.add_body(box);
    for (int frame = 0; frame < 2; ++frame) {
        const ccd::EventLog& log = world.step();
        EXPECT_EQ(log.events.size(), frame == 0 ? 1u : 0u) << "frame " << frame;
    }
    expect_near(world.body(1).velocity, {4.0, 0.0}, 1e-8);
    expect_near(world.body(1).shape.center, {5.0, 1.0}, 1e-8);
}

TEST(WorldPolygon, AWallEndPokingIntoASideIsAnEvent) {
    // A wall on y = 0 from x = 3 on; the square moving 4 a frame meets its end A with the right
    // edge (edge 1) at t = 0.5, before any vertex could reach the wall's line.
    World world;
    world.add_wall({{3.0, 0.0}, {10.0, 0.0}});
    world.add_body(square_at({0.0, 0.0}, {4.0, 0.0}));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(e.time, 0.5);
    EXPECT_EQ(e.feature, Feature::EndpointA);
    EXPECT_EQ(e.edge, 1);
    EXPECT_EQ(e.vertex, -1);
    expect_near(e.point, {3.0, 0.0});
    expect_near(e.normal, {-1.0, 0.0});
    expect_near(e.body_velocity_after, {-4.0, 0.0});
}

TEST(WorldPolygon, AKinematicWallSweepsAStillSquare) {
    // The wall x = 3 moves -4 a frame: it reaches the square's right side (x = 1) at t = 0.5,
    // vertices 1 and 2 together. Elastic against a moving wall: the square leaves at twice the
    // wall's speed, -8, and is at x = -4 at the frame's end.
    World world;
    world.add_kinematic_wall({{3.0, -5.0}, {3.0, 5.0}}, {-4.0, 0.0}, {-4.0, 0.0});
    world.add_body(square_at({0.0, 0.0}, {0.0, 0.0}));
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(e.time, 0.5);
    EXPECT_EQ(e.vertex, 1);
    expect_near(e.normal, {-1.0, 0.0});
    expect_near(e.other_velocity_before, {-4.0, 0.0});
    expect_near(e.body_velocity_after, {-8.0, 0.0});
    expect_near(world.body(0).shape.center, {-4.0, 0.0});
}

TEST(WorldPolygon, OutlineAndBoundingRadiusAreReported) {
    World world;
    world.add_body(square_at({2.0, 3.0}, {0.0, 0.0}));
    world.add_body(BodyDef{Circle{{0.0, 0.0}, 0.5}, {}, 1.0, {}});
    ASSERT_EQ(world.outline(0).size(), 4u);
    EXPECT_EQ(world.outline(0)[2], (Vec2{1.0, 1.0}));
    EXPECT_TRUE(world.outline(1).empty());
    const double r = world.body(0).shape.radius;
    EXPECT_GE(r, std::sqrt(2.0));
    EXPECT_LT(r, std::sqrt(2.0) * (1.0 + 1e-11));
    EXPECT_EQ(world.body(1).shape.radius, 0.5);
}

TEST(WorldPolygon, ABadOutlineIsAClearError) {
    World world;
    BodyDef def = square_at({0.0, 0.0}, {0.0, 0.0});
    def.outline.resize(2);
    EXPECT_THROW(world.add_body(def), std::invalid_argument);
    def.outline.assign(256, Vec2{1.0, 0.0});
    EXPECT_THROW(world.add_body(def), std::invalid_argument);
    def.outline = kSquare;
    def.outline[1].x = NAN;
    EXPECT_THROW(world.add_body(def), std::invalid_argument);
    EXPECT_EQ(world.body_count(), 0) << "nothing added";
    def.outline.assign(255, Vec2{});
    for (int k = 0; k < 255; ++k)
        def.outline[static_cast<std::size_t>(k)] = {std::cos(k * 0.0246), std::sin(k * 0.0246)};
    EXPECT_EQ(world.add_body(def), 0) << "255 vertices are allowed";
}

// Polygons and balls in a closed box, elastic, for many frames: no vertex leaves the box, and
// the kinetic energy stays within 1e-9 relative.
TEST(WorldPolygon, PolygonsAndBallsStayInTheBoxAndKeepTheirEnergy) {
    const double box = 40.0;
    ccd_test::ReferenceScene scene =
        ccd_test::with_polygons(ccd_test::balls_in_box(60, box, 1.0, 6.0, 11), 11);
    int polygons = 0;
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        scene.bodies[i].mass = 0.5 + 1.5 * static_cast<double>(i % 7) / 6.0;
        polygons += scene.bodies[i].outline.empty() ? 0 : 1;
    }
    ASSERT_GT(polygons, 10);
    World world = ccd_test::make_world(scene);
    const auto energy = [&] {
        double sum = 0.0;
        for (int i = 0; i < world.body_count(); ++i) {
            const Vec2 v = world.body(i).velocity;
            sum += 0.5 * scene.bodies[static_cast<std::size_t>(i)].mass * dot(v, v);
        }
        return sum;
    };
    const double energy0 = energy();
    long events = 0, polygon_events = 0;
    double farthest_out = 0.0;
    for (int frame = 0; frame < 2000; ++frame) {
        const ccd::EventLog& log = world.step();
        ASSERT_FALSE(log.budget_cut.has_value()) << "frame " << frame;
        events += static_cast<long>(log.events.size());
        for (const ccd::ContactEvent& e : log.events)
            polygon_events += (e.vertex >= 0 || e.edge >= 0) ? 1 : 0;
        for (int i = 0; i < world.body_count(); ++i) {
            const ccd::WorldBody b = world.body(i);
            ASSERT_TRUE(b.alive);
            std::vector<Vec2> points{b.shape.center};
            if (world.outline(i).empty()) { // a ball: its extreme points along the axes
                for (const Vec2 d : {Vec2{1, 0}, Vec2{-1, 0}, Vec2{0, 1}, Vec2{0, -1}})
                    points.push_back(b.shape.center + d * b.shape.radius);
            }
            for (const Vec2 v : world.outline(i))
                points.push_back(b.shape.center + v);
            for (const Vec2 p : points)
                farthest_out = std::max({farthest_out, -p.x, -p.y, p.x - box, p.y - box});
        }
    }
    std::printf("[ soak     ] %d polygons among 60 bodies, 2000 frames: %ld events (%ld name a "
                "polygon's part), farthest out %.3g, energy drift %.3g\n",
                polygons, events, polygon_events, farthest_out,
                std::fabs(energy() - energy0) / energy0);
    EXPECT_GT(polygon_events, 1000);
    EXPECT_LE(farthest_out, 1e-9 * box);
    EXPECT_NEAR(energy(), energy0, 1e-9 * energy0);
}

} // namespace

namespace {

// The message World::add_body throws for `outline`, "(added)" when it takes it.
std::string add_body_error(std::vector<Vec2> outline, std::optional<double> angular_velocity) {
    World world;
    BodyDef def;
    def.outline = std::move(outline);
    def.angular_velocity = angular_velocity;
    try {
        world.add_body(std::move(def));
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(added)";
}

// A vertex given twice in a row is a zero-length edge, whose normal the turning queries cannot
// take: the API refuses it as the scene loader does (SceneRepeatedVertex), turning or not, at
// the vertex, the closing edge (last and first) included.
TEST(WorldPolygon, AddBodyRefusesARepeatedVertexAtItsPlace) {
    const std::vector<Vec2> twice{{10.0, 0.0}, {-5.0, 9.0}, {-5.0, -9.0}, {-5.0, -9.0}};
    EXPECT_EQ(add_body_error(twice, 1.0),
              "World::add_body: polygon vertex 3 repeats vertex 2 (a zero-length edge: give "
              "each vertex once)");
    EXPECT_EQ(add_body_error(twice, std::nullopt),
              "World::add_body: polygon vertex 3 repeats vertex 2 (a zero-length edge: give "
              "each vertex once)");
    EXPECT_EQ(add_body_error({{10.0, 0.0}, {-5.0, 9.0}, {-5.0, -9.0}, {10.0, 0.0}}, 1.0),
              "World::add_body: polygon vertex 0 repeats vertex 3 (a zero-length edge: give "
              "each vertex once)");
    // The same vertices, not in a row, are not a zero-length edge.
    EXPECT_EQ(add_body_error({{10.0, 0.0}, {-5.0, 9.0}, {-5.0, -9.0}}, 1.0), "(added)");
}

} // namespace
