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
    ccd::DivergenceTolerance strict{1e-13, 1e-13, 1e-13, 1e-13};
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

// A slack lets an event's time differ by the slack over its closing speed too. Every event of
// five_events() closes at 2 (body (2, 0) against a still wall, normal (-1, 0)), so a slack of
// 0.01 allows 0.01 / 2 = 0.005 on top of the tolerance's 1e-9: a time 0.004 later agrees, one
// 0.006 later parts there.
TEST(RunDivergence, ASlackAllowsItsLengthOverTheClosingSpeedInTime) {
    auto a = five_events();
    auto b = a;
    b[1].event.time += 0.004;
    b[3].event.time += 0.006;
    ccd::DivergenceTolerance with_slack;
    with_slack.slack = 0.01;
    const ccd::RunDivergence d = ccd::find_divergence(a, b, with_slack);
    ASSERT_TRUE(d.diverged());
    EXPECT_EQ(d.first()->index, 3u);
    EXPECT_EQ(d.first()->fields.names(), "time");
    EXPECT_EQ(d.differing, 1u);
    // Without the slack both part; a wall closing as fast as the body (no approach) allows
    // nothing more.
    EXPECT_EQ(ccd::find_divergence(a, b).differing, 2u);
    b[3].event.time = a[3].event.time;
    b[1].event.other_velocity_before = a[1].event.other_velocity_before = {2.0, 0.0};
    EXPECT_EQ(ccd::find_divergence(a, b, with_slack).first()->index, 1u);
}

// With the slack's time the normal of a turning side may turn too: at 0.5 radians a frame and
// a slack time of 0.01 / 2 = 0.005 (closing at 2), by 0.5 x 0.005 = 0.0025 more. A normal
// 0.002 off agrees, one 0.003 off parts; without the turn neither is allowed.
TEST(RunDivergence, ASlackAllowsATurningSideItsTurnInThatTime) {
    auto a = five_events();
    for (ccd::RunEvent& e : a)
        e.event.body_angular_velocity_before = 0.5;
    auto b = a;
    b[1].event.normal.y = 0.002;
    b[3].event.normal.y = 0.003;
    ccd::DivergenceTolerance with_slack;
    with_slack.slack = 0.01;
    const ccd::RunDivergence d = ccd::find_divergence(a, b, with_slack);
    ASSERT_TRUE(d.diverged());
    EXPECT_EQ(d.first()->index, 3u);
    EXPECT_EQ(d.first()->fields.names(), "normal");
    EXPECT_EQ(d.differing, 1u);
    for (ccd::RunEvent& e : a)
        e.event.body_angular_velocity_before = 0.0;
    for (ccd::RunEvent& e : b)
        e.event.body_angular_velocity_before = 0.0;
    EXPECT_EQ(ccd::find_divergence(a, b, with_slack).differing, 2u);
}

TEST(RunDivergence, ToleranceZeroTellsApartTheLeastDifference) {
    const auto a = five_events();
    auto b = a;
    b[2].event.point.x = std::nextafter(a[2].event.point.x, 2.0);
    EXPECT_FALSE(ccd::find_divergence(a, b).diverged());
    const ccd::RunDivergence d = ccd::find_divergence(a, b, {0.0, 0.0, 0.0, 0.0, 0.0});
    ASSERT_TRUE(d.diverged());
    EXPECT_EQ(d.first()->index, 2u);
    EXPECT_EQ(d.first()->fields.names(), "point");
}

} // namespace
