// world_frames: the scheduler benchmark's scene (disks_in_box.hpp), stepped for instruction and
// cache-miss counts under valgrind, where Google Benchmark's repetitions would only add noise:
//   world_frames DISKS [FRAMES] [textbook | hash | events | none]
// (default 10000 disks, 1 measured frame after the warm ones) prints the measured frames'
// events; the instructions per event are callgrind's count for measured_step divided by them
// (docs/performance.md has the command). With `textbook`, the same for world_bench's textbook
// peer (textbook_edmd.hpp): its contacts, counted by measured_run. With `hash`, also an FNV-1a
// hash of the measured frames' logs as ccd::to_text prints them (every event, cancellation and
// path, bit for bit): two builds that print the same hash gave the same logs. With `events` or
// `none`, the world at that log level (docs/scheduler.md, "Log levels").
#include "disks_in_box.hpp"
#include "textbook_edmd.hpp"

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

} // namespace

int main(int argc, char** argv) {
    const int disks = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int frames = argc > 2 ? std::atoi(argv[2]) : 1;
    const bool textbook = argc > 3 && std::string_view(argv[3]) == "textbook";
    const bool hash = argc > 3 && std::string_view(argv[3]) == "hash";
    const bool events_level = argc > 3 && std::string_view(argv[3]) == "events";
    const bool none_level = argc > 3 && std::string_view(argv[3]) == "none";
    if (disks <= 0 || frames <= 0 ||
        (argc > 3 && !textbook && !hash && !events_level && !none_level) || argc > 4) {
        std::fprintf(
            stderr,
            "usage: world_frames [DISKS > 0] [FRAMES > 0] [textbook | hash | events | none]\n");
        return 2;
    }
    auto scene = bench::disks_in_box(disks, ccd::Broadphase::Grid);
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
