#pragma once
// CanvasView: the canvas as both views have it. It takes what the File bar's strip and the side
// panel leave of the window (PanelLayout), frames Home the first time it is laid out, pans and
// zooms (Home frames it again), shows and hides the F1 help, and remembers that
// something it shows changed since the app last asked (take_changed). The side panel's left
// edge can be dragged: the new width is the layout's (panel_layout()).

#include "camera.hpp"
#include "pan_drag.hpp"
#include "panel_layout.hpp"
#include "world_box.hpp"

#include "ccd/scene.hpp"

struct ImDrawList;

namespace ccdlab {

class CanvasView {
public:
    // `scene`'s view is Home (its framing when it names none); `panel_width` the panel's
    // default width.
    CanvasView(const ccd::Scene& scene, double panel_width);

    // Lays the canvas out in a window of `window_size` shared as `layout` says; the first
    // time, looks at Home.
    void layout(Vec2 window_size, const PanelLayout& layout);
    // A strip this many pixels high along the bottom of the canvas's part of the window, left
    // to the view (the world view's timeline): the canvas ends above it.
    void set_bottom_strip(double pixels) { bottom_strip_ = pixels; }
    // The layout as the user left it this frame (the panel's edge dragged).
    const PanelLayout& panel_layout() const { return layout_; }
    // The panel's width this frame in pixels (the layout's or the default; 0 when hidden) and
    // how far it is scrolled down.
    double panel_width() const { return panel_width_; }
    double panel_scroll() const { return panel_scroll_; }
    // Everything the view draws over the frame: Home frames it with the scene's view.
    void set_drawn(const WorldBox& drawn) { drawn_ = drawn; }
    // Looks at Home: the scene's view, widened to hold everything drawn.
    void go_home();
    // This frame's navigation: right or middle drag pans (the left button too when
    // `left_pans`), the wheel zooms, Home frames the scene again, F1 shows or hides the help.
    void navigate(bool left_pans);
    const Camera& camera() const { return camera_; }

    // Opens the side panel with the scene's title and description, scrolled to the top the
    // first time (a view made for another scene starts at its title); close it with
    // ImGui::End().
    void begin_panel(const char* name, const ccd::Scene& scene);
    // The draw list for text on the canvas (ImGui's background list, clipped to the canvas);
    // end_labels() after the last text.
    ImDrawList* begin_labels() const;
    void end_labels() const;
    // F1: the app draws the help over the canvas (help_overlay.hpp).
    bool help_shown() const { return show_help_; }

    void mark_changed() { changed_ = true; }
    // True once per change (mark_changed, F1) since the last call.
    bool take_changed();

private:
    ccd::View home_;
    WorldBox drawn_;
    double default_panel_width_;
    PanelLayout layout_;
    double panel_width_ = 0.0; // this frame's
    double panel_scroll_ = 0.0;
    bool panel_opened_ = false;
    double bottom_strip_ = 0.0;
    Camera camera_;
    PanDrag pan_drag_;
    bool placed_ = false;
    bool show_help_ = false;
    bool changed_ = true;
};

} // namespace ccdlab
