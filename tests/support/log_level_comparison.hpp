#pragma once
// The log levels change no trajectory (docs/scheduler.md, "Log levels"): the same world stepped
// at LogLevel::Full, Events and None gives, frame after frame, the same events in the same order
// with the same numbers (compared as ccd::to_text prints them, doubles in hexadecimal), the
// same budget cut, the same count, and bodies in the same state, bit for bit.

#include "ccd/world.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <string>

namespace ccd_test {

// The log that a lean level keeps of `full`: its events and budget cut, and at Events also
// its paths, chatter cuts and crushes.
inline ccd::EventLog lean_part(ccd::EventLog full, ccd::LogLevel level) {
    full.cancelled.clear();
    if (level == ccd::LogLevel::None) {
        full.paths.clear();
        full.wall_paths.clear();
        full.chatter_cuts.clear();
        full.crushes.clear();
    }
    return full;
}

inline std::string body_state(const ccd::World& world) {
    std::string text;
    const auto bits = [&](double x) {
        text += std::to_string(std::bit_cast<std::uint64_t>(x)) + ' ';
    };
    for (int i = 0; i < world.body_count(); ++i) {
        const ccd::WorldBody b = world.body(i);
        bits(b.shape.center.x);
        bits(b.shape.center.y);
        bits(b.shape.radius);
        bits(b.velocity.x);
        bits(b.velocity.y);
        bits(b.angle);
        bits(b.angular_velocity);
        text += b.alive ? "a" : "-";
        text += b.frozen ? "f\n" : "m\n";
    }
    return text;
}

// `make(level)` builds the world at that level. Steps the Full and Events worlds frame by frame,
// walks the None world event by event (World::next_event), for `frames` frames; returns the
// events compared (0 at the first difference).
template <class Make>
long long expect_same_trajectories(Make&& make, int frames) {
    ccd::World full = make(ccd::LogLevel::Full);
    ccd::World events = make(ccd::LogLevel::Events);
    ccd::World none = make(ccd::LogLevel::None);
    long long compared = 0;
    for (int frame = 0; frame < frames; ++frame) {
        const ccd::EventLog& full_log = full.step();
        const std::string expected_events =
            ccd::to_text(lean_part(full_log, ccd::LogLevel::Events));
        const std::string expected_none = ccd::to_text(lean_part(full_log, ccd::LogLevel::None));
        const std::string got_events = ccd::to_text(events.step());
        ccd::EventLog walked;
        walked.frame = frame;
        while (const ccd::ContactEvent* e = none.next_event())
            walked.events.push_back(*e);
        EXPECT_EQ(none.frame_event_count(), static_cast<int>(walked.events.size()));
        walked.budget_cut = none.log().budget_cut;
        none.advance_to(1.0);
        EXPECT_TRUE(none.log().events.empty() && none.log().cancelled.empty() &&
                    none.log().paths.empty());
        const std::string got_none = ccd::to_text(walked);
        EXPECT_EQ(expected_events, got_events) << "Events, frame " << frame;
        EXPECT_EQ(expected_none, got_none) << "None, frame " << frame;
        EXPECT_EQ(full.frame_event_count(), events.frame_event_count());
        EXPECT_EQ(full.frame_event_count(), none.frame_event_count());
        const std::string state = body_state(full);
        EXPECT_EQ(state, body_state(events)) << "Events, frame " << frame;
        EXPECT_EQ(state, body_state(none)) << "None, frame " << frame;
        if (expected_events != got_events || expected_none != got_none ||
            state != body_state(events) || state != body_state(none))
            return 0;
        compared += static_cast<long long>(full_log.events.size());
    }
    return compared;
}

} // namespace ccd_test
