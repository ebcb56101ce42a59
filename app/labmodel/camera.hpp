#pragma once
// Camera: maps world coordinates (y up) to window pixels (origin top-left, y down) on a canvas
// whose top-left corner is `origin`.

#include "world_box.hpp"

#include "ccd/scene.hpp"
#include "ccd/vec2.hpp"

namespace ccdlab {

using ccd::Vec2;

struct Camera {
    Vec2 center; // world point at the middle of the canvas
    double pixels_per_unit = 80.0;
    double width = 1.0; // canvas size in window pixels
    double height = 1.0;
    Vec2 origin; // the canvas's top-left corner in window pixels

    Vec2 to_screen(Vec2 world) const {
        return {origin.x + (world.x - center.x) * pixels_per_unit + 0.5 * width,
                origin.y + 0.5 * height - (world.y - center.y) * pixels_per_unit};
    }
    Vec2 to_world(Vec2 screen) const {
        return {center.x + (screen.x - origin.x - 0.5 * width) / pixels_per_unit,
                center.y - (screen.y - origin.y - 0.5 * height) / pixels_per_unit};
    }
    // Whether `screen` (window pixels) is on the canvas.
    bool contains(Vec2 screen) const {
        return screen.x >= origin.x && screen.x < origin.x + width && screen.y >= origin.y &&
               screen.y < origin.y + height;
    }
    // The world the canvas shows.
    WorldBox visible() const {
        WorldBox box;
        box.include(to_world(origin));
        box.include(to_world(origin + Vec2{width, height}));
        return box;
    }

    // The grid's spacing at this zoom: a power of ten that keeps lines at least ~24 px apart.
    double grid_spacing() const;
    // `world` moved to the nearest grid point.
    Vec2 snap_to_grid(Vec2 world) const;

    // Shows `view` vertically centered in the canvas.
    void look_at(const ccd::View& view);
    // Shows `view` as look_at does, zoomed out and moved just enough that `drawn` is inside
    // the canvas too (with `margin_px` pixels to spare on every side).
    void look_at(const ccd::View& view, const WorldBox& drawn, double margin_px);
    // Zooms by `factor` (> 1 zooms in) keeping the world point under `screen` fixed.
    void zoom_about(Vec2 screen, double factor);
    // Moves the world with the mouse: a drag of `screen_delta` pixels.
    void pan(Vec2 screen_delta);
};

} // namespace ccdlab
