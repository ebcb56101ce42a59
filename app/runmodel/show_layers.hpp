#pragma once
// ShowLayers: what the canvases draw, layer by layer (the side panel's "Show" section), and the
// rule by which a dense scene opens with fewer of them. Saved in the settings: one set for
// ordinary scenes, one for dense ones. No ImGui here.

#include "ccd/scene.hpp"

#include <span>

namespace ccdlab {

struct ShowLayers {
    // The world view.
    bool paths = true;                  // each body's path through the frame, its bounce points
    bool pending_predictions = true;    // contacts still expected at the scrubbed t (dashed)
    bool cancelled_predictions = false; // every cancelled one, grey (else the selected event's)
    bool event_numbers = true;          // each event's number at its contact point
    bool discrete = true;               // the discrete methods' ghosts, when a method is chosen
    // Both views.
    bool labels = true;  // every body, wall and polygon named
    bool handles = true; // the draggable handles (off: only the hovered or selected item's)
    // The query lab.
    bool capsule_regions = true;  // the obstacle inflated by the mover's radius
    bool roots = true;            // every candidate's roots on the path
    bool other_algorithms = true; // the answers of the algorithms that disagree
    friend bool operator==(const ShowLayers&, const ShowLayers&) = default;
};

// A layer by name: its key in the settings and the report, its checkbox's label, which view
// has it.
struct LayerField {
    const char* key;
    const char* label;
    bool ShowLayers::*member;
    bool world;
    bool query_lab;
};
std::span<const LayerField> layer_fields();

// A scene is dense when it has more than this many bodies (circles, points and polygons).
inline constexpr std::size_t kDenseBodies = 50;
bool is_dense(const ccd::Scene& scene);

// The layers a dense scene opens with: no names, no event numbers, no cancelled predictions,
// handles only on the item under the mouse or selected.
ShowLayers dense_layers();

} // namespace ccdlab
