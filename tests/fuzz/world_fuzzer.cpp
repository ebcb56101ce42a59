// libFuzzer target for the World (tests/fuzz/run.sh world builds and runs it). The input is a
// scene file; a scene that loads is stepped for a few frames and must keep the invariants of
// world_invariants.hpp (no NaN or infinity in the state or the log, bodies kept in closed boxes
// and between closing walls). A crash, an exception other than the loader's SceneError, a
// sanitizer report or a frame that does not end (a hang) is a bug.
#include "world_invariants.hpp"

#include "ccd/scene_loader.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ccd::Scene scene;
    try {
        scene = ccd::parse_scene(text, "fuzz.json");
    } catch (const ccd::SceneError&) {
        return 0;
    }
    constexpr int kFrames = 3;
    if (const auto violation = ccdfuzz::world_violation(scene, kFrames)) {
        std::fprintf(stderr, "world invariant broken: %s\n", violation->c_str());
        std::abort();
    }
    return 0;
}
