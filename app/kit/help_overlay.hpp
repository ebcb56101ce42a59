#pragma once
// The F1 overlay: every key and mouse action of the app in one table, over the middle of the
// canvas. Both views show it (F1; the app draws it); keep it in step with usage_text() and the
// README.

#include "camera.hpp"

#include <filesystem>

namespace ccdlab {

// Draws the overlay (an ImGui window) centered on `canvas`; Ctrl+E's row names
// `export_folder`, where fixtures go.
void draw_help_overlay(const Camera& canvas, const std::filesystem::path& export_folder);

} // namespace ccdlab
