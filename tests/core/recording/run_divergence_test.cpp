// find_divergence (ccd/run_divergence.hpp) on runs written by hand: where two runs part, which
// fields differ and by how much, what the tolerance lets through.
#include "ccd/run_divergence.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace {

ccd::RunEvent event(int frame, double t, int body, int wall) {
    ccd::RunEvent e;
    e.frame = frame;
    e.event.time = t;
    e.event.body = body;
    e.event.other_kind = ccd::OtherKind::Wall;
    e.event.other = wall;
    e.event.feature = ccd::Feature::SegmentInterior;
    e.event.point = {1.5, 0.0};
    e.event.normal = {-1.0, 0.0};
    e.event.body_velocity_before = {2.0, 0.0};
    e.event.body_velocity_after = {-2.0, 0.0};
    return e;
}

std::vector<ccd::RunEvent> five_events() {
    return {event(0, 0.5, 0, 0), event(1, 0.25, 1, 0), event(1, 0.75, 0, 1), event(2, 0.125, 2, 0),
            event(3, 0.5, 0, 0)};
}

TEST(RunDivergence, IdenticalRunsDoNotDiverge) {
    const auto a = five_events();
    const ccd::RunDivergence d = ccd::find_divergence(a, a);
    EXPECT_FALSE(d.diverged());
    EXPECT_EQ(d.first(), nullptr);
    EXPECT_EQ(d.differing, 0u);
    EXPECT_EQ(d.events_a, 5u);
    EXPECT_EQ(d.events_b, 5u);
}

TEST(RunDivergence, APointMovedAtEventThreeIsFoundThereAndNowhereElse) {
    const auto a = five_events();
    auto b = a;
    b[3].event.point.y += 1e-6;
    const ccd::RunDivergence d = ccd::find_divergence(a, b);
    ASSERT_TRUE(d.diverged());
    EXPECT_EQ(d.first()->index, 3u);
    EXPECT_TRUE(d.first()->fields.point);
    EXPECT_EQ(d.first()->fields.names(), "point");
    EXPECT_NEAR(d.first()->point, 1e-6, 1e-15);
    EXPECT_EQ(d.differing, 1u);
    ASSERT_TRUE(d.first()->a && d.first()->b);
    EXPECT_EQ(d.first()->a->event.point.y, 0.0);
    EXPECT_EQ(d.first()->b->event.point.y, 1e-6);
}

TEST(RunDivergence, DifferencesWithinTheToleranceAreTheSameEvent) {
    const auto a = five_events();
    auto b = a;
    b[1].event.time += 1e-12;
    b[2].event.normal.x += 1e-12;
    b[4].event.body_velocity_after.x += 1e-12;
    EXPECT_FALSE(ccd::find_divergence(a, b).diverged());
    ccd::DivergenceTolerance strict{1e-13, 1e-13, 1e-13};
    const ccd::RunDivergence d = ccd::find_divergence(a, b, strict);
    ASSERT_EQ(d.differences.size(), 3u);
    EXPECT_EQ(d.differences[0].index, 1u);
    EXPECT_EQ(d.differences[0].fields.names(), "time");
    EXPECT_EQ(d.differences[1].index, 2u);
    EXPECT_EQ(d.differences[1].fields.names(), "normal");
    EXPECT_EQ(d.differences[2].index, 4u);
    EXPECT_EQ(d.differences[2].fields.names(), "velocities");
}

TEST(RunDivergence, EachFieldIsToldApart) {
    const ccd::RunEvent a = event(0, 0.5, 0, 0);
    ccd::RunEvent b = a;
    b.frame = 1;
    b.event.other_kind = ccd::OtherKind::Body;
    b.event.feature = ccd::Feature::EndpointA;
    b.event.time = 0.75;
    b.event.other_velocity_after = {0.0, 3.0};
    b.event.body_removed = true;
    const ccd::EventDifference d = ccd::compare_events(a, b, {});
    EXPECT_EQ(d.fields.names(), "frame, parties, feature, time, velocities, removal");
    EXPECT_EQ(d.time, 0.25);
    EXPECT_EQ(d.velocity, 3.0);
    EXPECT_EQ(d.point, 0.0);
}

TEST(RunDivergence, VelocitiesAreNotComparedWhenARunHasNone) {
    const ccd::RunEvent a = event(0, 0.5, 0, 0);
    ccd::RunEvent expected = a;
    expected.has_velocities = false;
    expected.event.body_velocity_after = {};
    EXPECT_FALSE(ccd::compare_events(a, expected, {}).fields.any());
}

TEST(RunDivergence, ANaNDiffersFromEverything) {
    const ccd::RunEvent a = event(0, 0.5, 0, 0);
    ccd::RunEvent b = a;
    b.event.time = std::numeric_limits<double>::quiet_NaN();
    b.event.body_velocity_before.y = std::numeric_limits<double>::quiet_NaN();
    const ccd::EventDifference d = ccd::compare_events(a, b, {});
    EXPECT_EQ(d.fields.names(), "time, velocities");
    EXPECT_TRUE(std::isnan(d.velocity));
}

TEST(RunDivergence, ARunThatStopsEarlyIsMissingTheRest) {
    const auto a = five_events();
    const std::vector<ccd::RunEvent> b(a.begin(), a.begin() + 3);
    const ccd::RunDivergence d = ccd::find_divergence(a, b);
    ASSERT_TRUE(d.diverged());
    EXPECT_EQ(d.first()->index, 3u);
    EXPECT_EQ(d.first()->fields.names(), "missing");
    EXPECT_TRUE(d.first()->a.has_value());
    EXPECT_FALSE(d.first()->b.has_value());
    EXPECT_EQ(d.differing, 2u);
}

TEST(RunDivergence, TheListStopsAtItsLimitAndTheCountGoesOn) {
    std::vector<ccd::RunEvent> a, b;
    for (int i = 0; i < 10; ++i) {
        a.push_back(event(i, 0.5, 0, 0));
        b.push_back(event(i, 0.5, 1, 0)); // another body every time
    }
    const ccd::RunDivergence d = ccd::find_divergence(a, b, {}, 4);
    EXPECT_EQ(d.differences.size(), 4u);
    EXPECT_EQ(d.differing, 10u);
    EXPECT_EQ(d.differences.back().index, 3u);
    EXPECT_EQ(d.first()->fields.names(), "parties");
}

} // namespace
