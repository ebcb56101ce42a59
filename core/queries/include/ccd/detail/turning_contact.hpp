#pragma once
// Two swept shapes at one time as the certified turning engine measures them (toi_turning.cpp):
// the distance of their cores and the contact it would report there. For the methods of the
// turning pairs that step through the frame on their own (conservative advancement), so that
// their answers name the same parts, points and normals as the certified one's.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"

namespace ccd::detail {

struct ContactAt {
    double distance = 0.0; // of the cores (the vertices' convex hulls); 0 when they overlap
    bool overlap = false;  // the cores overlap
    // At t: the closest points' contact (the point on the obstacle's core, the unit normal from
    // the obstacle toward the mover, the parts), overlap when t = 0, approaching.
    Hit hit;
};

// `mover` against `obstacle` at time t, for inputs in range (swept_rescaling.hpp).
ContactAt contact_at(const Swept& mover, const Swept& obstacle, double t);

} // namespace ccd::detail
