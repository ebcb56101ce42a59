// Fixtures: replaying a scene's events by name, and telling the first difference from its
// `expect` (the CLI tests cover time, feature, missing and unexpected events).
#include "ccd/fixture.hpp"
#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

// Two balls (r = 0.5) from x = -3 and 3 at 4 per frame toward each other: the gap of 5 closes at
// 8 per frame, t = 0.625, centers at -0.5 and 0.5, contact point (0, 0) on the right ball,
// normal (-1, 0) from it toward the left ball.
ccd::Scene head_on() {
    return ccd::parse_scene(R"({"format":"ccdlab-scene","version":1,"bodies":[
        {"name":"left","shape":"circle","position":[-3,0],"velocity":[4,0],"radius":0.5},
        {"name":"right","shape":"circle","position":[3,0],"velocity":[-4,0],"radius":0.5}]})",
                            "head-on.json");
}

ccd::ExpectedEvent the_meeting() {
    return {0, 0.625, "left", "right", ccd::Feature::Circle, {0.0, 0.0}, {-1.0, 0.0}};
}

ccd::Scene with_expect(ccd::ExpectedEvent event, double tolerance = 1e-12) {
    ccd::Scene scene = head_on();
    scene.expect = ccd::Expectation{1, {tolerance, tolerance}, {event}};
    return scene;
}

TEST(Fixture, ReplayedEventsNameTheLowerIndexedBodyFirst) {
    const auto events = ccd::replay_events(head_on(), 1);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].a, "left");
    EXPECT_EQ(events[0].b, "right");
    EXPECT_EQ(events[0].time, 0.625);
    EXPECT_EQ(events[0].feature, ccd::Feature::Circle);
    EXPECT_EQ(events[0].normal.x, -1.0);
}

TEST(Fixture, TheHandComputedExpectationMatches) {
    EXPECT_EQ(ccd::first_difference(with_expect(the_meeting())), std::nullopt);
}

TEST(Fixture, EachFieldOutsideItsToleranceIsTheDifferenceNamed) {
    ccd::ExpectedEvent swapped = the_meeting();
    std::swap(swapped.a, swapped.b);
    ccd::ExpectedEvent later_frame = the_meeting();
    later_frame.frame = 1;
    ccd::ExpectedEvent moved_point = the_meeting();
    moved_point.point = {0.0, 1e-11};
    ccd::ExpectedEvent turned_normal = the_meeting();
    turned_normal.normal = {-1.0, 2e-12};
    const std::pair<ccd::ExpectedEvent, std::string> cases[] = {
        {swapped, "event 0: between other participants\n"},
        {later_frame, "event 0: in another frame\n"},
        {moved_point, "event 0: point is 1e-11 away, more than 1e-12\n"},
        {turned_normal, "event 0: normal is 2e-12 away, more than 1e-12\n"},
    };
    for (const auto& [expected, first_line] : cases) {
        const auto difference = ccd::first_difference(with_expect(expected));
        ASSERT_TRUE(difference);
        EXPECT_EQ(difference->substr(0, first_line.size()), first_line) << *difference;
        EXPECT_NE(difference->find("\n  expected: " + ccd::describe(expected) +
                                   "\n  got:      " + ccd::describe(the_meeting())),
                  std::string::npos)
            << *difference;
    }
}

TEST(Fixture, WithinTheToleranceIsAMatch) {
    ccd::ExpectedEvent near = the_meeting();
    near.time = 0.625 + 1e-10;
    near.point = {1e-10, 0.0};
    EXPECT_EQ(ccd::first_difference(with_expect(near, 1e-9)), std::nullopt);
    EXPECT_TRUE(ccd::first_difference(with_expect(near, 1e-11)));
}

TEST(Fixture, RecordingGivesAnExpectationThatMatches) {
    ccd::Scene scene = head_on();
    scene.expect = ccd::record_expectation(scene, 3, {0.0, 0.0});
    EXPECT_EQ(scene.expect->frames, 3);
    ASSERT_FALSE(scene.expect->events.empty());
    EXPECT_EQ(ccd::describe(scene.expect->events[0]), ccd::describe(the_meeting()));
    EXPECT_EQ(ccd::first_difference(scene), std::nullopt) << "zero tolerance: bit for bit";
}

} // namespace
