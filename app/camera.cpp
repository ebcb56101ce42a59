#include "camera.hpp"

#include <algorithm>

namespace ccdlab {

void Camera::look_at(const ccd::View& view) {
    center = view.center;
    pixels_per_unit = height / view.height;
}

void Camera::zoom_about(Vec2 screen, double factor) {
    const Vec2 anchor = to_world(screen);
    pixels_per_unit = std::clamp(pixels_per_unit * factor, 1e-6, 1e9);
    center += anchor - to_world(screen);
}

void Camera::pan(Vec2 screen_delta) {
    center += Vec2{-screen_delta.x, screen_delta.y} * (1.0 / pixels_per_unit);
}

} // namespace ccdlab
