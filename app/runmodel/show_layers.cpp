#include "show_layers.hpp"

namespace ccdlab {

std::span<const LayerField> layer_fields() {
    static constexpr LayerField fields[] = {
        {"labels", "names", &ShowLayers::labels, true, true},
        {"handles", "handles", &ShowLayers::handles, true, true},
        {"paths", "paths", &ShowLayers::paths, true, false},
        {"event_numbers", "event numbers", &ShowLayers::event_numbers, true, false},
        {"pending_predictions", "pending predictions", &ShowLayers::pending_predictions, true,
         false},
        {"cancelled_predictions", "cancelled predictions", &ShowLayers::cancelled_predictions, true,
         false},
        {"discrete", "discrete ghosts", &ShowLayers::discrete, true, false},
        {"capsule_regions", "capsule regions", &ShowLayers::capsule_regions, false, true},
        {"roots", "roots", &ShowLayers::roots, false, true},
        {"other_algorithms", "other algorithms", &ShowLayers::other_algorithms, false, true},
    };
    return fields;
}

bool is_dense(const ccd::Scene& scene) {
    return scene.bodies.size() + scene.polygons.size() > kDenseBodies;
}

ShowLayers dense_layers() {
    ShowLayers layers;
    layers.labels = false;
    layers.event_numbers = false;
    layers.cancelled_predictions = false;
    layers.handles = false;
    return layers;
}

} // namespace ccdlab
