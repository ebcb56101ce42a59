// world_frames: the scheduler benchmark's scene (disks_in_box.hpp), stepped for instruction and
// cache-miss counts under valgrind, where Google Benchmark's repetitions would only add noise:
//   world_frames DISKS [FRAMES]   (default 10000 disks, 1 measured frame after the warm ones)
// prints the measured frames' events; the instructions per event are callgrind's count for
// measured_step divided by them (docs/performance.md has the command).
#include "disks_in_box.hpp"

#include <cstdio>
#include <cstdlib>

namespace {

// The frames that count: callgrind's --toggle-collect names this function.
[[gnu::noinline]] std::size_t measured_step(ccd::World& world) {
    return world.step().events.size();
}

} // namespace

int main(int argc, char** argv) {
    const int disks = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int frames = argc > 2 ? std::atoi(argv[2]) : 1;
    if (disks <= 0 || frames <= 0) {
        std::fprintf(stderr, "usage: world_frames [DISKS > 0] [FRAMES > 0]\n");
        return 2;
    }
    ccd::World world = bench::make_world(bench::disks_in_box(disks, ccd::Broadphase::Grid));
    for (int k = 0; k < bench::kWarmFrames; ++k)
        world.step();
    std::size_t events = 0;
    for (int k = 0; k < frames; ++k)
        events += measured_step(world);
    std::printf("%d disks, %d measured frames: %zu events\n", disks, frames, events);
    return 0;
}
