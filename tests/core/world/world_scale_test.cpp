// The World at the edges of its scale (ccd::kWorldSmallest, ccd::kWorldLargest): bodies stay in
// a closed box at every accepted scale, and a number beyond them is refused, naming the limit.
#include "ccd/world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::Vec2;
using ccd::World;

// A small deterministic generator (xorshift), uniform in [-1, 1).
struct Numbers {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    double next() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<double>(state >> 11) * 0x1p-52 - 1.0;
    }
};

// Thirty bodies (every third a point) of radius 0.05 L on a lattice in the box |x|, |y| <= L,
// at 0.4 L to 0.8 L per frame on each axis, elastic; twenty frames. Every center stays in the box
// shrunk by its radius, to 1e-9 of L.
void expect_kept_in_a_box(double L) {
    World world;
    const Vec2 corners[4] = {{-L, -L}, {L, -L}, {L, L}, {-L, L}};
    world.add_polyline(corners, true);
    Numbers numbers;
    for (int i = 0; i < 30; ++i) {
        const double r = i % 3 == 0 ? 0.0 : 0.05 * L;
        const Vec2 at{(-0.8 + 0.3 * (i % 6)) * L, (-0.8 + 0.3 * (i / 6)) * L};
        // 0.4 L to 0.8 L on each axis, either sign: no component below the smallest scale.
        const auto speed = [&] {
            const double u = numbers.next();
            return (u < 0.0 ? -0.4 : 0.4) * L * (1.0 + std::fabs(u));
        };
        world.add_body(BodyDef{Circle{at, r}, {speed(), speed()}, 1.0, {}});
    }
    for (int frame = 0; frame < 20; ++frame) {
        const ccd::EventLog& log = world.step();
        EXPECT_FALSE(log.budget_cut.has_value()) << "L " << L << " frame " << frame;
        for (int i = 0; i < world.body_count(); ++i) {
            const ccd::WorldBody b = world.body(i);
            ASSERT_TRUE(b.alive);
            const double reach = L - b.shape.radius + 1e-9 * L;
            ASSERT_TRUE(std::isfinite(b.shape.center.x) && std::isfinite(b.shape.center.y));
            EXPECT_LE(std::fabs(b.shape.center.x), reach) << "L " << L << " body " << i;
            EXPECT_LE(std::fabs(b.shape.center.y), reach) << "L " << L << " body " << i;
        }
    }
}

// Twelve squares of half-size 0.05 L and six balls on a lattice in the box |x|, |y| <= L, at
// 0.4 L to 0.8 L per frame on each axis, elastic, and a kinematic wall across the lower half
// rising 0.03 L a frame; twenty frames. Every vertex and center stays in the box, to 1e-9 of L.
void expect_polygons_kept_in_a_box(double L) {
    World world;
    const Vec2 corners[4] = {{-L, -L}, {L, -L}, {L, L}, {-L, L}};
    world.add_polyline(corners, true);
    world.add_kinematic_wall({{-0.5 * L, -0.7 * L}, {0.5 * L, -0.7 * L}}, {0.0, 0.03 * L},
                             {0.0, 0.03 * L});
    Numbers numbers;
    const double h = 0.05 * L;
    for (int i = 0; i < 18; ++i) {
        const Vec2 at{(-0.8 + 0.3 * (i % 6)) * L, (-0.2 + 0.3 * (i / 6)) * L};
        const auto speed = [&] {
            const double u = numbers.next();
            return (u < 0.0 ? -0.4 : 0.4) * L * (1.0 + std::fabs(u));
        };
        BodyDef def{Circle{at, i % 3 == 0 ? h : 0.0}, {speed(), speed()}, 1.0, {}};
        if (i % 3 != 0) def.outline = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
        world.add_body(def);
    }
    int events = 0;
    for (int frame = 0; frame < 20; ++frame) {
        events += static_cast<int>(world.step().events.size());
        for (int i = 0; i < world.body_count(); ++i) {
            const ccd::WorldBody b = world.body(i);
            if (!b.alive) continue; // crushed by the rising wall: removed, not out
            ASSERT_TRUE(std::isfinite(b.shape.center.x) && std::isfinite(b.shape.center.y));
            const double reach = L + 1e-9 * L;
            if (world.outline(i).empty()) {
                EXPECT_LE(std::fabs(b.shape.center.x), reach - b.shape.radius) << L << " " << i;
                EXPECT_LE(std::fabs(b.shape.center.y), reach - b.shape.radius) << L << " " << i;
            }
            for (const Vec2 v : world.outline(i)) {
                EXPECT_LE(std::fabs(b.shape.center.x + v.x), reach) << "L " << L << " body " << i;
                EXPECT_LE(std::fabs(b.shape.center.y + v.y), reach) << "L " << L << " body " << i;
            }
        }
    }
    EXPECT_GT(events, 100) << "L " << L; // the bodies met the walls and each other
    int alive = 0;
    for (int i = 0; i < world.body_count(); ++i)
        alive += world.body(i).alive ? 1 : 0;
    EXPECT_GE(alive, 9) << "L " << L;
}

TEST(WorldScale, PolygonsAndAMovingWallStayInAClosedBoxAtEveryAcceptedScale) {
    for (const double L :
         {ccd::kWorldSmallest / 0.03 * 2.0, 1e-30, 1.0, 1e30, ccd::kWorldLargest / 2.0})
        expect_polygons_kept_in_a_box(L);
}

TEST(WorldScale, BodiesStayInAClosedBoxAtEveryAcceptedScale) {
    for (const double L :
         {ccd::kWorldSmallest / 0.05 * 2.0, 1e-30, 1.0, 1e30, ccd::kWorldLargest / 2.0})
        expect_kept_in_a_box(L);
}

// A point on the right wall's line 2^-10 below the box's top corner (7e12 - 2^-10 is a double;
// from the wall's end a, 14e12 - 2^-10 rounds to 14e12), moving outward: it touches the wall at
// t = 0 and stays in. It was judged beside the wall's end and passed the zero-size cap there
// 2^-10 away, out of the box (60 sliding points in a box of that size found it; a campaign
// scene at 4e43 too).
TEST(WorldScale, APointOnAWallsLineJustBelowTheCornerStaysInTheBox) {
    const double L = 7e12;
    World world;
    const Vec2 corners[4] = {{-L, -L}, {L, -L}, {L, L}, {-L, L}};
    world.add_polyline(corners, true);
    world.add_body(BodyDef{Circle{{L, L - 0x1p-10}, 0.0}, {0.1 * L, 0.0}, 1.0, {}});
    for (int frame = 0; frame < 3; ++frame) {
        world.step();
        const ccd::WorldBody b = world.body(0);
        ASSERT_TRUE(b.alive);
        EXPECT_LE(b.shape.center.x, L) << "frame " << frame;
        EXPECT_LE(b.shape.center.y, L) << "frame " << frame;
    }
}

// A point an ulp below the floor's line (where a slide's rounding leaves one), running into the
// side wall at the corner: c - a along the side wall, -2 - 2^-52, rounds to -2, so its
// projection at the entry is at the wall's end B, a tie, and the band meets it. Measured from
// B it was beyond the end, and it passed the zero-size cap out of the box (the campaign's
// scene at half-size 6e-55).
TEST(WorldScale, APointAnUlpBelowTheFloorRunsIntoTheSideWallNotPastIt) {
    World world;
    const Vec2 corners[4] = {{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};
    world.add_polyline(corners, true);
    world.add_body(BodyDef{Circle{{-0.5, -1.0 - 0x1p-52}, 0.0}, {-1.0, 0.0}, 1.0, {}});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_EQ(log.events[0].time, 0.5);
    EXPECT_GE(world.body(0).shape.center.x, -1.0);
}

TEST(WorldScale, ANumberBeyondTheScaleIsRefusedNamingTheLimit) {
    const auto message = [](auto add) -> std::string {
        try {
            add();
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        return "";
    };
    World world;
    // A box of half-size 1e-310 (subnormal), a velocity of -1.797e308 and of 1e308, infinity.
    const std::string tiny = message([&] {
        world.add_wall({{-1e-310, -1e-310}, {1e-310, -1e-310}});
    });
    EXPECT_NE(tiny.find("1e-60"), std::string::npos) << tiny;
    EXPECT_NE(tiny.find("1e60"), std::string::npos) << tiny;
    EXPECT_NE(message([&] {
                  world.add_body(
                      BodyDef{Circle{{0.0, 0.0}, 1.0}, {-1.7976931348623157e308, 0.0}, 1.0, {}});
              }),
              "");
    EXPECT_NE(message([&] {
                  world.add_body(BodyDef{Circle{{0.0, 0.0}, 1.0}, {1e308, 0.0}, 1.0, {}});
              }),
              "");
    EXPECT_NE(
        message([&] {
            world.add_body(BodyDef{
                Circle{{0.0, 0.0}, 1.0}, {std::numeric_limits<double>::infinity(), 0.0}, 1.0, {}});
        }),
        "");
    EXPECT_NE(message([&] {
                  world.add_kinematic_wall({{0.0, 0.0}, {1.0, 0.0}}, {0.0, 1e61}, {0.0, 0.0});
              }),
              "");
    // A polygon's vertex beyond the scale, either way.
    for (const double x : {1e61, 1e-61}) {
        const std::string vertex = message([&] {
            world.add_body(BodyDef{
                Circle{{0.0, 0.0}, 0.0}, {}, 1.0, {}, {{-1.0, -1.0}, {1.0, -1.0}, {x, 1.0}}});
        });
        EXPECT_NE(vertex.find("polygon vertex"), std::string::npos) << vertex;
        EXPECT_NE(vertex.find("1e-60"), std::string::npos) << vertex;
    }
    EXPECT_EQ(world.body_count(), 0);
    EXPECT_EQ(world.wall_count(), 0);
    // At the limits themselves, and 0: taken.
    world.add_body(BodyDef{Circle{{ccd::kWorldLargest, -ccd::kWorldSmallest}, 0.0}, {}, 1.0, {}});
    EXPECT_EQ(world.body_count(), 1);
}

} // namespace
