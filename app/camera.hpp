#pragma once
// Camera: maps world coordinates (y up) to canvas pixels (origin top-left, y down).

#include "ccd/scene.hpp"
#include "ccd/vec2.hpp"

namespace ccdlab {

using ccd::Vec2;

struct Camera {
    Vec2 center; // world point at the middle of the canvas
    double pixels_per_unit = 80.0;
    double width = 1.0; // canvas size in window pixels
    double height = 1.0;

    Vec2 to_screen(Vec2 world) const {
        return {(world.x - center.x) * pixels_per_unit + 0.5 * width,
                0.5 * height - (world.y - center.y) * pixels_per_unit};
    }
    Vec2 to_world(Vec2 screen) const {
        return {center.x + (screen.x - 0.5 * width) / pixels_per_unit,
                center.y - (screen.y - 0.5 * height) / pixels_per_unit};
    }

    // The grid's spacing at this zoom: a power of ten that keeps lines at least ~24 px apart.
    double grid_spacing() const;
    // `world` moved to the nearest grid point.
    Vec2 snap_to_grid(Vec2 world) const;

    // Shows `view` vertically centered in the canvas.
    void look_at(const ccd::View& view);
    // Zooms by `factor` (> 1 zooms in) keeping the world point under `screen` fixed.
    void zoom_about(Vec2 screen, double factor);
    // Moves the world with the mouse: a drag of `screen_delta` pixels.
    void pan(Vec2 screen_delta);
};

} // namespace ccdlab
