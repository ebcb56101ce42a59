#pragma once
// What both views do alike: the canvas's navigation (pan, zoom, frame the scene) and the side
// panel's frame (its window, the scene's title and description). ImGui-based.

#include "camera.hpp"
#include "pan_drag.hpp"

#include "ccd/scene.hpp"

namespace ccdlab {

// True when the mouse is over the canvas and not over an ImGui window.
bool pointer_on_canvas(const Camera& camera);

// Right or middle drag pans (the left button too when `left_pans`), from where the button went
// down on the canvas (`drag` follows it from frame to frame); the wheel zooms about the cursor.
void navigate(Camera& camera, PanDrag& drag, bool left_pans);

// Opens the side panel (the right `width` pixels of the window below the `top` strip; its left
// edge can be dragged) and shows the scene's title and description. Close it with
// ImGui::End(). A width of 0 is the panel hidden: its window is open out of sight, collapsed.
// Returns the panel's width after this frame's drag of its edge.
double begin_side_panel(const char* name, double top, double width, const ccd::Scene& scene);

} // namespace ccdlab
