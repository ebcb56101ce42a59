// What the engines' worlds are given only within what they hold: inputs on which Box2D 2.4.1
// (Debian's, assertions kept) stopped the program or ended its run NaN, and Chipmunk stopped it,
// each refused by name before the engine is called, and the engines in double still taking what
// Box2D cannot (docs/engines.md, "What each engine's world is given").
#include "ccd/engine_run.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ccd {
namespace {

Scene scene_of(const std::string& fields) {
    return parse_scene(R"({"format":"ccdlab-scene","version":1,)" + fields + "}", "limits");
}

// The refusal's text, or "" when the engine ran the scene.
std::string refusal(const Scene& scene, EngineKind engine) {
    try {
        run_engine(scene, engine, 2);
    } catch (const SceneError& e) {
        return e.what();
    }
    return "";
}

void expect_refused(const Scene& scene, EngineKind engine, const std::string& says) {
    const std::string why = refusal(scene, engine);
    EXPECT_NE(why.find(says), std::string::npos) << "refused with: \"" << why << "\"";
}

TEST(EngineLimits, ACrateAMillimetreAcrossIsRefusedByBoxTwoDsWeldAndTakenByTheOthers) {
    // Its corners are at most 0.0014 apart, all within 0.5 b2_linearSlop = 0.0025 of the first:
    // b2PolygonShape::Set keeps 1 vertex and stopped the program on b2Assert(false).
    const Scene crate = scene_of(R"("polygons":[{"name":"crate",
        "vertices":[[0,0],[0.001,0],[0.001,0.001],[0,0.001]],"velocity":[0.01,0]}])");
    expect_refused(crate, EngineKind::Box2d,
                   "polygon \"crate\": b2PolygonShape::Set welds vertices closer than 0.5 "
                   "b2_linearSlop (0.0025) and would keep 1 of them");
    EXPECT_EQ(refusal(crate, EngineKind::Bullet), "");
    EXPECT_EQ(refusal(crate, EngineKind::Chipmunk), "");
}

TEST(EngineLimits, APlateAMillimetreThickKeepsTwoVerticesInBoxTwoD) {
    // 1 long, 0.001 thick: each long side's ends are 0.001 apart, so Set welds them pairwise.
    const Scene plate = scene_of(R"("polygons":[{"name":"plate",
        "vertices":[[0,0],[1,0],[1,0.001],[0,0.001]],"velocity":[0.01,0]}])");
    expect_refused(plate, EngineKind::Box2d, "would keep 2 of them");
}

TEST(EngineLimits, ATriangleOfAreaBelowFloatsEpsilonIsRefusedAtBoxTwoDsCentroid) {
    // Its corners far apart, its area 0.5 x 1 x 1e-7 = 5e-8 below b2_epsilon (FLT_EPSILON,
    // 1.19e-7): ComputeCentroid stopped the program on b2Assert(area > b2_epsilon).
    const Scene sliver = scene_of(R"("polygons":[{"name":"sliver",
        "vertices":[[0,0],[1,0],[0.5,1e-7]],"velocity":[0.01,0]}])");
    expect_refused(sliver, EngineKind::Box2d,
                   "polygon \"sliver\": its area 4.9999997e-08 in "
                   "float is not above b2_epsilon 1.1920929e-07");
    EXPECT_EQ(refusal(sliver, EngineKind::Chipmunk), "");
}

TEST(EngineLimits, ChainPointsWithinTheLinearSlopAreRefusedByBoxTwoD) {
    // 0.003 apart, not more than b2_linearSlop 0.005: CreateChain stopped the program.
    const Scene chain = scene_of(R"("bodies":[{"name":"ball","shape":"circle",
        "position":[0.5,1],"velocity":[0,-0.1],"radius":0.1}],
        "chains":[{"name":"floor","points":[[0,0],[0.003,0],[1,0]]}])");
    expect_refused(chain, EngineKind::Box2d, "chain \"floor\": points 0 and 1 are 0.003 apart");
    EXPECT_EQ(refusal(chain, EngineKind::Chipmunk), "");
}

TEST(EngineLimits, PolygonsTenBillionOutAreBeyondBoxTwoDsFloat) {
    // b2Distance's products of four lengths overflow float (3.4e38) from about 4e9: two
    // polygons near 1e10 stopped b2TimeOfImpact on its assertion 0 < count < 3.
    const Scene far = scene_of(R"("polygons":[{"name":"far",
        "vertices":[[2e9,0],[2.1e9,0],[2.1e9,1e8],[2e9,1e8]],"velocity":[1,0]}])");
    expect_refused(far, EngineKind::Box2d,
                   "polygon \"far\": its position 2.05e+09 is outside Box2D's range, at most 1e9");
    EXPECT_EQ(refusal(far, EngineKind::Bullet), "");
    EXPECT_EQ(refusal(far, EngineKind::Chipmunk), "");
}

TEST(EngineLimits, MassesOutsideBoxTwoDsRangeAreRefused) {
    // 1e-40 stopped b2Body::ResetMassData on m_I > 0; 1e37 struck at speed ended NaN.
    for (const char* mass : {"1e-40", "1e+25"}) {
        const Scene crate = scene_of(R"("polygons":[{"name":"crate",
            "vertices":[[0,0],[1,0],[1,1],[0,1]],"velocity":[0.1,0],"angular_velocity":0.01,
            "mass":)" + std::string(mass) +
                                     "}]");
        SCOPED_TRACE(mass);
        expect_refused(crate, EngineKind::Box2d,
                       std::string("polygon \"crate\": its mass ") + mass +
                           " is beyond Box2D's 1e-20 to 1e20");
        EXPECT_EQ(refusal(crate, EngineKind::Chipmunk), "");
    }
}

TEST(EngineLimits, ACircleWhoseAreaIsZeroInFloatIsRefusedByBoxTwoD) {
    // Radius 1e-24: pi r^2 is 0 in float, its density mass / 0 infinite; Box2D's run was NaN.
    const Scene speck = scene_of(R"("bodies":[{"name":"speck","shape":"circle",
        "position":[0,0],"velocity":[0.1,0],"radius":1e-24}])");
    expect_refused(speck, EngineKind::Box2d,
                   "body \"speck\": its density (mass over area) is inf in float");
    EXPECT_EQ(refusal(speck, EngineKind::Chipmunk), "");
}

TEST(EngineLimits, EveryEngineIsGivenOnlyTheWorldsScale) {
    // Beyond 1e60, and below 1e-60 (hostile scenes at 1e-191), Chipmunk's positions turned NaN
    // and cpBodySanityCheck stopped the program.
    const Scene huge = scene_of(R"("bodies":[{"name":"ball","shape":"circle",
        "position":[1e61,0],"velocity":[1,0],"radius":0.1}])");
    for (const EngineKind engine : {EngineKind::Box2d, EngineKind::Bullet, EngineKind::Chipmunk})
        expect_refused(huge, engine,
                       "body \"ball\": its position 1e+61 is outside the World's scale, 0 or "
                       "1e-60 to 1e60 in magnitude");
    const Scene fast = scene_of(R"("bodies":[{"name":"ball","shape":"circle",
        "position":[0,0],"velocity":[2e60,0],"radius":0.1}])");
    expect_refused(fast, EngineKind::Chipmunk, "its velocity a frame 2e+60 is outside");
    const Scene tiny = scene_of(R"("bodies":[{"name":"speck","shape":"circle",
        "position":[0,0],"velocity":[1e-61,0],"radius":1e-62}])");
    expect_refused(tiny, EngineKind::Bullet, "body \"speck\": its radius 1e-62 is outside");
}

} // namespace
} // namespace ccd
