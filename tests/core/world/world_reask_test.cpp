// The re-ask after a touch (docs/turning-bodies.md, "A touch that opens"): a pair that touches
// and opens at a query's start is asked again from later starts, which cannot see a contact of
// another part while the first touch stays closed; the pair with the corner at the touch cut off
// sees it. The World's side of the registry's TouchReask.* cases.
#include "ccd/world.hpp"
#include "expect_near.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace {

using ccd::BodyDef;
using ccd::Circle;
using ccd::OtherKind;
using ccd::Vec2;
using ccd::World;

constexpr double kPi = std::numbers::pi;

// A blade from its pivot (0, 0) to (2, 0), turning half a turn a frame (counter-clockwise: at
// time t it points at angle pi t), and a crate [-1, 0] x [0, 1] at rest whose corner (0, 0) is
// the blade's hub: the two touch there at t = 0, end to end, and keep touching there all frame
// (the hub does not move, nor does the crate), so every later start answers that touch, not
// approaching. The blade reaches the crate's right side, x = 0, pointing straight up at
// pi t = pi / 2: t = 1/2, lying along that side, the normal from the blade to the crate
// (-1, 0), its material there moving at pi r (-1, 0) at height r: closing. A re-ask that only
// believes the later starts loses it and the blade sweeps through the crate; the cut crate
// meets the blade at 1/2 up its side.
TEST(WorldReask, ABladeTurningFromACratesCornerMeetsItsSideAtHalfTheFrame) {
    World world;
    world.add_turning_wall({{0.0, 0.0}, {2.0, 0.0}}, {0.0, 0.0}, kPi);
    BodyDef crate{Circle{{-0.5, 0.5}, 0.0}, {0.0, 0.0}, 1.0, ccd::Response::bounce(1.0)};
    crate.outline = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
    world.add_body(std::move(crate));
    const ccd::EventLog& log = world.step();
    ASSERT_FALSE(log.events.empty()) << "the blade passed through the crate";
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(e.other_kind, OtherKind::Wall);
    // Within the certified query's delta (1e-12 of its scale, 2 pi) over a closing speed of pi
    // at the crate's top (less below it).
    EXPECT_NEAR(e.time, 0.5, 1e-9);
    ccd_test::expect_near(e.normal, {-1.0, 0.0}, 1e-9);
    EXPECT_LT(e.body_velocity_after.x, 0.0) << "batted to the left";
}

} // namespace
