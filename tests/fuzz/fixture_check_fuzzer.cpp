// libFuzzer target for the fixture check (`ccdlab-cli check`'s code path: the scene loaded,
// replayed for its expect.frames frames and compared with expect; tests/fuzz/run.sh
// fixture_check builds and runs it). Any input loads and is checked, or is refused with a
// SceneError; a crash, another exception, a sanitizer report or a hang is a bug. A difference
// must say something. And a fixture recorded from the scene (what `ccdlab-cli record` writes)
// must then check without a difference: the replay is deterministic, so anything else (a NaN in
// an event, which equals nothing) is a bug.
#include "ccd/fixture.hpp"
#include "ccd/scene_loader.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ccd::Scene scene;
    std::optional<std::string> difference;
    try {
        scene = ccd::parse_scene(text, "fuzz.json");
        difference = ccd::first_difference(scene);
    } catch (const ccd::SceneError&) {
        return 0;
    }
    if (difference && difference->empty()) {
        std::fprintf(stderr, "a difference with no text\n");
        std::abort();
    }
    if (!scene.expect) return 0;
    try {
        scene.expect =
            ccd::record_expectation(scene, scene.expect->frames, ccd::ExpectTolerance{0, 0});
        difference = ccd::first_difference(scene);
    } catch (const ccd::SceneError&) {
        return 0;
    }
    if (difference) {
        std::fprintf(stderr, "a fixture just recorded does not check: %s\n", difference->c_str());
        std::abort();
    }
    return 0;
}
