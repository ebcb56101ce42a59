#pragma once
// The canvas's labels placed so that none covers another: each label tries a few spots around
// its anchor (right above, right below, left above, left below, above, below), then around its
// other anchors if it has any, in order of priority, and takes the first that lies on the
// canvas, clear of every label placed before it and of the discs it must keep clear (handles,
// the points other labels name); a label with no such spot is hidden. Screen
// pixels, y down; no ImGui, no OpenGL: the same requests always give the same placement
// (tests/app/labmodel/label_placer_test.cpp).

#include "camera.hpp"

#include "ccd/vec2.hpp"

#include <span>
#include <vector>

namespace ccdlab {

using ccd::Vec2;

struct LabelRequest {
    Vec2 anchor;          // the point the label names (a body's center, a contact point)
    Vec2 size;            // the text's width and height
    double clearance = 0; // kept free around the anchor (a disc's radius on screen)
    int priority = 0;     // higher first; equal priorities in the order given
    // Other points that the label may name instead, tried in order when every spot around
    // `anchor` is taken (a wall's quarter points after its middle).
    std::vector<Vec2> other_anchors = {};
};

struct PlacedLabel {
    bool shown = false;
    Vec2 top_left; // where the text starts, when shown
};

// Two placed labels are at least this far apart, so that "32" and "23" never read "3223".
inline constexpr double kLabelGap = 3.0;
// How far a label sits from its anchor (beyond the clearance).
inline constexpr double kLabelOffset = 4.0;

// The canvas's rectangle in the same pixels as the anchors: a label must lie wholly on it.
struct LabelArea {
    Vec2 lo, hi; // top-left and bottom-right corners
};

// The canvas that `camera` draws on, in its screen pixels (its center is the camera's).
inline LabelArea label_area(const Camera& camera) {
    const Vec2 middle = camera.to_screen(camera.center);
    const Vec2 half{0.5 * camera.width, 0.5 * camera.height};
    return {middle - half, middle + half};
}

// A disc no label may cover: a handle, the point another label names.
struct KeepClear {
    Vec2 center;
    double radius = 0;
};

// One answer per request, in the requests' order. No label covers a disc of `keep_clear`; one
// centred on a label's own anchor (its handle) sets the label off by at least its radius.
std::vector<PlacedLabel> place_labels(std::span<const LabelRequest> requests, LabelArea canvas,
                                      std::span<const KeepClear> keep_clear = {});

} // namespace ccdlab
