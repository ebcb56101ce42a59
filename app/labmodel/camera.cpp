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

void Camera::look_at(const ccd::View& view, const WorldBox& drawn, double margin_px) {
    look_at(view);
    if (drawn.empty()) return;
    WorldBox box = visible();
    const double inner_w = std::max(1.0, width - 2.0 * margin_px);
    const double inner_h = std::max(1.0, height - 2.0 * margin_px);
    // Inside the stored view with the margin to spare: the stored view as it is.
    const double m = margin_px / pixels_per_unit;
    if (drawn.lo.x >= box.lo.x + m && drawn.hi.x <= box.hi.x - m && drawn.lo.y >= box.lo.y + m &&
        drawn.hi.y <= box.hi.y - m)
        return;
    box.merge(drawn);
    const Vec2 size = box.hi - box.lo;
    pixels_per_unit = std::min(size.x > 0.0 ? inner_w / size.x : pixels_per_unit,
                               size.y > 0.0 ? inner_h / size.y : pixels_per_unit);
    center = (box.lo + box.hi) * 0.5;
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
