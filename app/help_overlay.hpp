#pragma once
// The F1 overlay: every key and mouse action of the app in one table, over the middle of the
// canvas. Both views show it; keep it in step with usage_text() and the README.

namespace ccdlab {

// Draws the overlay (an ImGui window) centered on a canvas `canvas_width` pixels wide.
void draw_help_overlay(double canvas_width);

} // namespace ccdlab
