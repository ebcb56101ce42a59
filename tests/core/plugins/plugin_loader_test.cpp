// The loader: a plugin becomes an algorithm with a row per declared pair; a plugin it cannot
// take is one clear error and registers nothing; a wrong answer is refused, naming the plugin and
// the input.
#include "loaded_plugin.hpp"

#include "ccd/pair_registry.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using ccd_test::bad_plugin;
using ccd_test::example_plugin;
using ccd_test::loaded_plugin;

// The message of the PluginError that loading `path` throws ("" when it loads).
std::string load_error(const std::string& path) {
    try {
        ccd::load_engine_plugin(path);
    } catch (const ccd::PluginError& e) {
        return e.what();
    }
    return "";
}

// A circle of radius 0.5 falling from y = 2 by 4 onto the segment from (-1, 0) to (1, 0).
const ccd::Swept kFallingCircle{ccd::Circle{{0.0, 2.0}, 0.5}, ccd::Translation{{0.0, -4.0}}};
const ccd::Swept kFloor{ccd::Segment{{-1.0, 0.0}, {1.0, 0.0}}, ccd::Still{}};

TEST(PluginLoader, BothExamplesLoadAsAlgorithmsWithARowForEachDeclaredPair) {
    const ccd::Algorithm& substep = loaded_plugin(example_plugin("substep_plugin"));
    const ccd::Algorithm& box2d = loaded_plugin(example_plugin("box2d_plugin"));
    EXPECT_EQ(substep.name, "substep");
    EXPECT_EQ(box2d.name, "box2d-plugin");
    std::vector<std::string_view> substep_pairs;
    for (const ccd::PairType* pair : ccd::pairs_answered_by(substep))
        substep_pairs.push_back(pair->name);
    EXPECT_EQ(substep_pairs, (std::vector<std::string_view>{"circle_circle", "circle_segment"}));
    EXPECT_EQ(ccd::pairs_answered_by(box2d).size(), 16u); // kPairs of box2d_plugin.cpp
}

TEST(PluginLoader, AMissingFileIsSaidAndRegistersNothing) {
    const std::size_t before = ccd::algorithms().size();
    EXPECT_EQ(load_error("/nonexistent/engine.so"),
              "engine plugin /nonexistent/engine.so: no such file");
    EXPECT_EQ(ccd::algorithms().size(), before);
}

TEST(PluginLoader, ALibraryWithoutTheEntryPointIsNotAPlugin) {
    const std::string path = bad_plugin("bad_missing_symbol");
    EXPECT_EQ(load_error(path), "engine plugin " + path +
                                    ": no function ccd_engine_plugin_v1: not an engine plugin "
                                    "(docs/engines.md)");
    EXPECT_EQ(ccd::find_algorithm("bad_missing_symbol"), nullptr);
}

TEST(PluginLoader, AnotherAbiVersionIsRefused) {
    const std::string path = bad_plugin("bad_abi_version");
    EXPECT_EQ(load_error(path), "engine plugin " + path +
                                    ": built for engine ABI version 2, this program takes "
                                    "version 1");
    EXPECT_EQ(ccd::find_algorithm("bad_abi_version"), nullptr);
}

TEST(PluginLoader, ANameAlreadyTakenIsRefusedAndTheAlgorithmOfThatNameIsKept) {
    const std::string path = bad_plugin("bad_name_taken");
    EXPECT_EQ(load_error(path),
              "engine plugin " + path + ": the name \"exact\" is taken by another algorithm");
    EXPECT_EQ(ccd::find_algorithm("exact"), &ccd::algorithms().front());
    const auto hit = ccd::time_of_impact(ccd::algorithms().front(), kFallingCircle, kFloor);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.375); // (2 - 0.5) / 4: the core's exact row still answers
}

TEST(PluginLoader, APairTheRegistryLacksIsRefused) {
    const std::string path = bad_plugin("bad_unregistered_pair");
    const std::string error = load_error(path);
    EXPECT_TRUE(error.starts_with("engine plugin " + path +
                                  ": declares point (turning) against point (still), which is "
                                  "no registered pair (the pairs: circle_point, "))
        << error;
    EXPECT_EQ(ccd::find_algorithm("bad_unregistered_pair"), nullptr);
}

// The note of the one candidate the trace of a refused answer holds.
std::string refusal_note(const ccd::Algorithm& algorithm) {
    ccd::Trace trace;
    EXPECT_FALSE(ccd::time_of_impact(algorithm, kFallingCircle, kFloor, &trace));
    return trace.candidates.size() == 1 ? trace.candidates[0].note : "";
}

const std::string kInput = "mover {circle c [0, 2] r 0.5, translation d [0, -4]}, obstacle "
                           "{segment a [-1, 0] b [1, 0], still}";

TEST(PluginAnswers, ANaNOutputIsRefusedNamingThePluginAndTheInput) {
    const ccd::Algorithm& plugin = loaded_plugin(bad_plugin("bad_nan_output"));
    const std::string expected = "engine \"bad_nan_output\" 0.1 gave no answer for " + kInput +
                                 ": the point [nan, 0] is not finite";
    EXPECT_EQ(ccd::inexpressible(plugin, kFallingCircle, kFloor), expected);
    EXPECT_EQ(refusal_note(plugin), expected);
}

TEST(PluginAnswers, ATimeOutsideTheFrameIsRefused) {
    const ccd::Algorithm& plugin = loaded_plugin(bad_plugin("bad_t_out_of_range"));
    const std::string expected = "engine \"bad_t_out_of_range\" 0.1 gave no answer for " + kInput +
                                 ": t = 1.5 is outside [0, 1]";
    EXPECT_EQ(ccd::inexpressible(plugin, kFallingCircle, kFloor), expected);
    EXPECT_EQ(refusal_note(plugin), expected);
}

TEST(PluginAnswers, ANormalNotOfUnitLengthIsRefused) {
    const ccd::Algorithm& plugin = loaded_plugin(bad_plugin("bad_non_unit_normal"));
    const std::string expected = "engine \"bad_non_unit_normal\" 0.1 gave no answer for " + kInput +
                                 ": the normal [0, 0.5] has length 0.5, not 1";
    EXPECT_EQ(ccd::inexpressible(plugin, kFallingCircle, kFloor), expected);
    EXPECT_EQ(refusal_note(plugin), expected);
}

TEST(PluginAnswers, AFailureIsNoAnswerWithThePluginsNote) {
    const ccd::Algorithm& plugin = loaded_plugin(bad_plugin("bad_fails"));
    EXPECT_EQ(ccd::inexpressible(plugin, kFallingCircle, kFloor),
              "engine \"bad_fails\" 0.1 gave no answer for " + kInput +
                  ": it failed: no convergence in 3 iterations");
}

TEST(PluginAnswers, AHitComesBackWithTheFeatureNamedAndTheClosingSpeedWorkedOut) {
    // Falling from y = 2 by 3.5 (r = 0.5): the centre is at 0.6875 at sub-step 3 of 8 and at 0.25
    // at sub-step 4, where substep first sees an overlap: t = 0.5 (the contact is at 3 / 7).
    const ccd::Algorithm& plugin = loaded_plugin(example_plugin("substep_plugin"));
    const ccd::Swept falling{ccd::Circle{{0.0, 2.0}, 0.5}, ccd::Translation{{0.0, -3.5}}};
    ccd::Trace trace;
    const auto hit = ccd::time_of_impact(plugin, falling, kFloor, &trace);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5);
    EXPECT_EQ(hit->point, (ccd::Vec2{0.0, 0.0}));
    EXPECT_EQ(hit->normal, (ccd::Vec2{0.0, 1.0}));
    EXPECT_EQ(hit->feature, ccd::Feature::SegmentInterior);
    EXPECT_TRUE(hit->approaching); // worked out from the motions: the plugin does not say
    EXPECT_FALSE(hit->overlap);
    ASSERT_TRUE(trace.iterative);
    EXPECT_EQ(trace.iterative->method, "engine \"substep\" 1.0");
    EXPECT_EQ(trace.iterative->iterations, 5);
    EXPECT_EQ(trace.iterative->explanation, "overlap found at sub-step 4 of 8");
}

} // namespace
