#pragma once
// PanelLayout: how the window is shared. The File bar's strip along the top (`top` pixels high),
// the side panel on the right (`width` pixels, or hidden when `collapsed`), the canvas in the
// rest. The user drags the panel's edge and hides it (F2); the width is kept in the settings.

#include "camera.hpp"

namespace ccdlab {

// The narrowest panel and canvas the layout leaves; 800x600 is the smallest window the app
// supports with both (docs/tour.md, "The window").
inline constexpr double kMinPanelWidth = 240.0;
inline constexpr double kMinCanvasWidth = 320.0;

struct PanelLayout {
    double top = 0.0;   // the File bar's strip
    double width = 0.0; // the side panel's width; 0: the view's own default
    bool collapsed = false;
};

// The panel's width in a window `window_width` pixels wide: the layout's width (the view's
// `default_width` when it has none, at most 3/8 of the window), kept between kMinPanelWidth
// and what leaves the canvas kMinCanvasWidth; 0 when collapsed.
double panel_width_in(const PanelLayout& layout, double default_width, double window_width);

// The canvas's place in a window of `window_size` with a panel `panel_width` wide.
void place_canvas(Camera& camera, Vec2 window_size, double top, double panel_width);

} // namespace ccdlab
