#pragma once
// The "Show" section's checkboxes, shared by both views: one per layer the view draws, two to a
// row when the longest label fits in half the panel, else one to a row (a narrow panel, as at
// 800x600, never runs one label into the next).

#include "ccd/vec2.hpp"
#include "show_layers.hpp"

#include <map>
#include <string>

namespace ccdlab {

using ccd::Vec2;

// Draws a checkbox for each of layer_fields() that `shown` accepts, editing `layers`; records
// in `positions` where each box is on screen (by the field's key, for --report and the GUI
// tests).
void draw_show_checkboxes(ShowLayers& layers, bool (*shown)(const LayerField&),
                          std::map<std::string, Vec2>& positions);

} // namespace ccdlab
