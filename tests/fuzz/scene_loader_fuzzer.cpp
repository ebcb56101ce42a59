// libFuzzer harness for the scene loader (tests/fuzz/run.sh builds and runs it). Any input
// either loads or is refused with a SceneError; anything else (a crash, another exception, a
// leak, a sanitizer report, a hang) is a bug. A scene that loads must also save: its canonical
// text loads again and saves to the same text.
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ccd::Scene scene;
    try {
        scene = ccd::parse_scene(text, "fuzz.json");
    } catch (const ccd::SceneError&) {
        return 0;
    }
    const std::string saved = ccd::scene_to_json(scene);
    const std::string saved_again = ccd::scene_to_json(ccd::parse_scene(saved, "saved.json"));
    if (saved != saved_again) {
        std::fprintf(stderr, "save is not a fixed point:\n%s\n---\n%s\n", saved.c_str(),
                     saved_again.c_str());
        std::abort();
    }
    return 0;
}
