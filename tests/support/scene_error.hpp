#pragma once
// What the loader says of a scene's text read as "test.json" (its whole message: the file, the
// JSON pointer and the problem), or "(no error)" when it loads: the scene tests' one way to ask.

#include "ccd/scene_loader.hpp"

#include <string>

namespace ccdlab_test {

inline std::string error_of(const std::string& text) {
    try {
        ccd::parse_scene(text, "test.json");
    } catch (const ccd::SceneError& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace ccdlab_test
