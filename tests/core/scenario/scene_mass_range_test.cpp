// The masses, densities and moments of inertia a scene may give its polygons: within the World's
// ranges (ccd/world.hpp, docs/scene-format.md), else a located error; within them the World's
// response has no NaN or infinity (docs/scheduler.md, "Scale").
#include "scene_error.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace {

using ccd::parse_scene;
using ccd::SceneError;

using ccdlab_test::error_of;

// A scene of one crate (a square of side 2, area 4) whose polygon fields end with `extra`.
std::string crate(const std::string& extra) {
    return R"({"format": "ccdlab-scene", "version": 1, "polygons": [ {"name": "crate",
      "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]], "velocity": [1, 0])" +
           extra + "} ]}";
}

TEST(SceneMassRange, AMassBeyondTheWorldsRangeIsALocatedError) {
    EXPECT_NE(error_of(crate(R"(, "mass": 1e308)"))
                  .find("/polygons/0/mass: a mass of 1e+308 is "
                        "outside the World's range (the World "
                        "takes 1e-150 to 1e+150)"),
              std::string::npos)
        << error_of(crate(R"(, "mass": 1e308)"));
    EXPECT_NE(
        error_of(crate(R"(, "mass": 5e-324, "angular_velocity": 1)")).find("/polygons/0/mass"),
        std::string::npos);
    EXPECT_EQ(error_of(crate(R"(, "mass": 1e150)")), "(no error)");
    EXPECT_EQ(error_of(crate(R"(, "mass": 1e-150)")), "(no error)");
}

// density 1e308 x area 4 = inf; 1e149 x 4 = 4e149 is within, 1e150 x 4 is not.
TEST(SceneMassRange, DensityTimesAreaBeyondTheRangeIsALocatedError) {
    const std::string e = error_of(crate(R"(, "density": 1e308, "angular_velocity": 1)"));
    EXPECT_NE(e.find("/polygons/0/density: a mass (density x area) of inf is outside"),
              std::string::npos)
        << e;
    EXPECT_NE(error_of(crate(R"(, "density": 1e150)")).find("/polygons/0/density"),
              std::string::npos);
    EXPECT_EQ(error_of(crate(R"(, "density": 1e149)")), "(no error)");
}

// A turning square of side 2 has inertia per mass (4 + 4) / 12 = 2/3 about its centroid: mass
// 1e-150 gives 6.7e-151, within; a square of side 2e-120 (area 4e-240, inertia per mass 6.7e-241)
// of mass 1e-60 gives 6.7e-301, below 1e-280.
TEST(SceneMassRange, AMomentOfInertiaBeyondTheRangeIsALocatedError) {
    EXPECT_EQ(error_of(crate(R"(, "mass": 1e-150, "angular_velocity": 1)")), "(no error)");
    const std::string e = error_of(R"({"format": "ccdlab-scene", "version": 1, "polygons": [
      {"name": "crumb", "vertices": [[-1e-120, -1e-120], [1e-120, -1e-120], [1e-120, 1e-120],
       [-1e-120, 1e-120]], "velocity": [0, 0], "mass": 1e-60, "angular_velocity": 1} ]})");
    EXPECT_NE(e.find("/polygons/0/mass: a moment of inertia"), std::string::npos) << e;
}

TEST(SceneMassRange, TheWorldRefusesAMassBeyondItsRange) {
    ccd::World world;
    ccd::BodyDef def;
    def.shape = ccd::Circle{{0.0, 0.0}, 1.0};
    def.mass = 1e308;
    EXPECT_THROW(world.add_body(def), std::invalid_argument);
    def.mass = 5e-324;
    EXPECT_THROW(world.add_body(def), std::invalid_argument);
    def.mass = 1e150;
    EXPECT_NO_THROW(world.add_body(def));
}

// Two crates of mass 1e150 (the heaviest the World takes) meeting head on at 1e60 each (its
// largest speed), elastic: they swap velocities, 2 x 1e60 x 1e150 / 2 = 1e210 of impulse, with
// no NaN or infinity anywhere. At mass 1e308 the impulse overflowed to inf and the velocities
// after were NaN.
TEST(SceneMassRange, TheHeaviestCratesMeetingAtTheLargestSpeedSwapVelocities) {
    ccd::World world;
    for (const double x : {-2.0, 2.0}) {
        ccd::BodyDef def;
        def.shape = ccd::Circle{{x, 0.0}, 0.0};
        def.outline = {{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};
        def.velocity = {x < 0.0 ? 1e60 : -1e60, 0.0};
        def.mass = 1e150;
        world.add_body(def);
    }
    const ccd::EventLog& log = world.step();
    ASSERT_FALSE(log.events.empty());
    const ccd::ContactEvent& e = log.events[0];
    EXPECT_EQ(e.body_velocity_after.x, -1e60);
    EXPECT_EQ(e.other_velocity_after.x, 1e60);
    EXPECT_TRUE(std::isfinite(e.impulse.x) && std::isfinite(e.impulse.y));
}

} // namespace
