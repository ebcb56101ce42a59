// world_frames: the scheduler benchmark's scene (disks_in_box.hpp), stepped for instruction and
// cache-miss counts under valgrind, where Google Benchmark's repetitions would only add noise:
//   world_frames DISKS [FRAMES] [textbook | hash | events | none | ulp]
// (default 10000 disks, 1 measured frame after the warm ones) prints the measured frames'
// events; the instructions per event are callgrind's count for measured_step divided by them
// (docs/performance.md has the command). With `textbook`, the same for world_bench's textbook
// peer (textbook_edmd.hpp): its contacts, counted by measured_run. With `hash`, also an FNV-1a
// hash of the measured frames' logs as ccd::to_text prints them (every event, cancellation and
// path, bit for bit): two builds that print the same hash gave the same logs. With `events` or
// `none`, the world at that log level (docs/scheduler.md, "Log levels"). With `ulp`, how far a
// difference of one unit in the last place grows: the world beside a copy whose disks all
// start one ulp to the right, frame by frame from the first (warm frames included), the
// largest difference of the two logs' event times while their events are the same, the first
// event where they differ, and the largest differences of the disks' positions and velocities
// at the frame's end, relative to the largest coordinate and the largest velocity component
// (docs/performance.md, "Carrying predictions across frames").
#include "disks_in_box.hpp"
#include "textbook_edmd.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

// The frames that count: callgrind's --toggle-collect names this function.
[[gnu::noinline]] std::size_t measured_step(ccd::World& world) {
    world.step();
    return static_cast<std::size_t>(world.frame_event_count());
}
[[gnu::noinline]] std::size_t measured_run(bench::TextbookEdmd& peer, double until) {
    return static_cast<std::size_t>(peer.run_until(until));
}

// The `ulp` mode: two worlds one ulp apart, `frames` frames.
int print_ulp_growth(ccd_test::ReferenceScene scene, int frames) {
    ccd::World world = bench::make_world(scene);
    for (ccd::BodyDef& body : scene.bodies)
        body.shape.center.x = std::nextafter(body.shape.center.x, HUGE_VAL);
    ccd::World copy = bench::make_world(scene);
    for (int frame = 0; frame < frames; ++frame) {
        const ccd::EventLog log = world.step();
        const ccd::EventLog& other = copy.step();
        double time = 0.0;
        std::size_t same = 0;
        const std::size_t both = std::min(log.events.size(), other.events.size());
        for (; same < both; ++same) {
            const ccd::ContactEvent& a = log.events[same];
            const ccd::ContactEvent& b = other.events[same];
            if (a.body != b.body || a.other_kind != b.other_kind || a.other != b.other) break;
            time = std::max(time, std::fabs(a.time - b.time));
        }
        double position = 0.0, velocity = 0.0, length = 0.0, speed = 0.0;
        for (int i = 0; i < world.body_count(); ++i) {
            const ccd::WorldBody a = world.body(i), b = copy.body(i);
            position = std::max({position, std::fabs(a.shape.center.x - b.shape.center.x),
                                 std::fabs(a.shape.center.y - b.shape.center.y)});
            velocity = std::max({velocity, std::fabs(a.velocity.x - b.velocity.x),
                                 std::fabs(a.velocity.y - b.velocity.y)});
            length = std::max({length, std::fabs(a.shape.center.x), std::fabs(a.shape.center.y)});
            speed = std::max({speed, std::fabs(a.velocity.x), std::fabs(a.velocity.y)});
        }
        std::printf("frame %2d: %zu events, ", frame, log.events.size());
        if (same == log.events.size() && same == other.events.size())
            std::printf("the same events");
        else
            std::printf("the same events up to %zu", same);
        std::printf("; event times within %.2e; positions %.2e, velocities %.2e\n", time,
                    position / length, velocity / speed);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const int disks = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int frames = argc > 2 ? std::atoi(argv[2]) : 1;
    const bool textbook = argc > 3 && std::string_view(argv[3]) == "textbook";
    const bool hash = argc > 3 && std::string_view(argv[3]) == "hash";
    const bool events_level = argc > 3 && std::string_view(argv[3]) == "events";
    const bool none_level = argc > 3 && std::string_view(argv[3]) == "none";
    const bool ulp = argc > 3 && std::string_view(argv[3]) == "ulp";
    if (disks <= 0 || frames <= 0 ||
        (argc > 3 && !textbook && !hash && !events_level && !none_level && !ulp) || argc > 4) {
        std::fprintf(stderr, "usage: world_frames [DISKS > 0] [FRAMES > 0] [textbook | hash | "
                             "events | none | ulp]\n");
        return 2;
    }
    auto scene = bench::disks_in_box(disks, ccd::Broadphase::Grid);
    if (ulp) return print_ulp_growth(scene, frames);
    if (events_level) scene.options.log_level = ccd::LogLevel::Events;
    if (none_level) scene.options.log_level = ccd::LogLevel::None;
    if (textbook) {
        bench::TextbookEdmd peer(scene);
        peer.run_until(bench::kWarmFrames);
        std::size_t contacts = 0;
        for (int k = 1; k <= frames; ++k)
            contacts += measured_run(peer, bench::kWarmFrames + k);
        std::printf("%d disks, %d measured frames of the textbook peer: %zu contacts\n", disks,
                    frames, contacts);
        return 0;
    }
    ccd::World world = bench::make_world(scene);
    for (int k = 0; k < bench::kWarmFrames; ++k)
        world.step();
    std::size_t events = 0;
    std::uint64_t fnv = 14695981039346656037ull;
    for (int k = 0; k < frames; ++k) {
        events += measured_step(world);
        if (!hash) continue;
        for (const unsigned char c : ccd::to_text(world.log())) {
            fnv ^= c;
            fnv *= 1099511628211ull;
        }
    }
    std::printf("%d disks, %d measured frames: %zu events\n", disks, frames, events);
    if (hash) std::printf("log hash %016llx\n", static_cast<unsigned long long>(fnv));
    return 0;
}
