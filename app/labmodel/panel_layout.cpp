#include "panel_layout.hpp"

#include <algorithm>

namespace ccdlab {

double panel_width_in(const PanelLayout& layout, double default_width, double window_width) {
    if (layout.collapsed) return 0.0;
    const double wanted =
        layout.width > 0.0 ? layout.width : std::min(default_width, window_width * 0.375);
    const double widest = std::max(kMinPanelWidth, window_width - kMinCanvasWidth);
    return std::clamp(wanted, kMinPanelWidth, widest);
}

void place_canvas(Camera& camera, Vec2 window_size, double top, double panel_width) {
    camera.origin = {0.0, top};
    camera.width = std::max(1.0, window_size.x - panel_width);
    camera.height = std::max(1.0, window_size.y - top);
}

} // namespace ccdlab
