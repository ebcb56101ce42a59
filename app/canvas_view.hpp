#pragma once
// CanvasView: the canvas as both views have it. It takes the window's left part (the side
// panel the right `panel_width` pixels), frames the scene's view the first time it is laid out,
// pans and zooms (Home frames it again), shows and hides the F1 help over itself, and remembers
// that something it shows changed since the app last asked (take_changed).

#include "camera.hpp"

#include "ccd/scene.hpp"

struct ImDrawList;

namespace ccdlab {

class CanvasView {
public:
    // `scene`'s view is Home (its framing when it names none).
    CanvasView(const ccd::Scene& scene, double panel_width);

    // Lays the canvas out in a window of `window_size`; the first time, looks at Home.
    void layout(Vec2 window_size);
    // This frame's navigation: right or middle drag pans (the left button too when
    // `left_pans`), the wheel zooms, Home frames the scene again, F1 shows or hides the help.
    void navigate(bool left_pans);
    const Camera& camera() const { return camera_; }

    // Opens the side panel with the scene's title and description; close it with ImGui::End().
    void begin_panel(const char* name, const ccd::Scene& scene) const;
    // The draw list for text on the canvas (ImGui's background list, clipped to the canvas);
    // end_labels() after the last text.
    ImDrawList* begin_labels() const;
    void end_labels() const;
    // The F1 overlay over the canvas, when it is shown.
    void draw_help() const;
    bool help_shown() const { return show_help_; }

    void mark_changed() { changed_ = true; }
    // True once per change (mark_changed, F1) since the last call.
    bool take_changed();

private:
    ccd::View home_;
    double panel_width_;
    Camera camera_;
    bool placed_ = false;
    bool show_help_ = false;
    bool changed_ = true;
};

} // namespace ccdlab
