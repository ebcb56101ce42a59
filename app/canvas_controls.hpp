#pragma once
// What both views do alike: the canvas's navigation (pan, zoom, frame the scene) and the side
// panel's frame (its window, the scene's title and description). ImGui-based.

#include "camera.hpp"

#include "ccd/scene.hpp"

namespace ccdlab {

// True when the mouse is over the canvas and not over an ImGui window.
bool pointer_on_canvas(const Camera& camera);

// Right or middle drag pans (the left button too when `left_pans`), the wheel zooms about the
// cursor, Home shows `home` again.
void navigate(Camera& camera, const ccd::View& home, bool left_pans);

// Opens the side panel (the right `width` pixels of the window, full height) and shows the
// scene's title and description. Close it with ImGui::End().
void begin_side_panel(const char* name, double width, const ccd::Scene& scene);

} // namespace ccdlab
