#include "camera.hpp"

#include <algorithm>
#include <cmath>

namespace ccdlab {

double Camera::grid_spacing() const {
    return std::pow(10.0, std::ceil(std::log10(24.0 / pixels_per_unit)));
}

Vec2 Camera::snap_to_grid(Vec2 world) const {
    const double s = grid_spacing();
    return {std::round(world.x / s) * s, std::round(world.y / s) * s};
}

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
