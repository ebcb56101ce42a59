#pragma once
// The camera the app's view tests draw with: 800 x 600 pixels, 12 units tall around the origin,
// so 50 pixels per unit.

#include "camera.hpp"

namespace ccdlab_test {

inline ccdlab::Camera camera_800x600() {
    ccdlab::Camera camera;
    camera.width = 800;
    camera.height = 600;
    camera.look_at({{0.0, 0.0}, 12.0}); // 50 px per unit
    return camera;
}

} // namespace ccdlab_test
