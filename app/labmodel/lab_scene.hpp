#pragma once
// The query lab's edits turned back into a scene. The lab edits one pair of the scene (the first
// body and first segment, the first two bodies, the first two polygons, the first body and first
// polygon, or the first polygon and first segment: QueryLab::kind());
// everything else the file held (title, description, view, the other items, algorithm, expect)
// is kept as it was.

#include "query_lab.hpp"

#include "ccd/scene.hpp"

namespace ccdlab {

// `original` with the lab's pair as the lab has it now. A point stays a point while its radius
// is 0; given a radius it becomes a circle. Each side's acceleration is written as the scene's
// gravity and the item's gravity_scale (write_acceleration in lab_scene.cpp): the gravity stays
// while every accelerating side's acceleration lies along it.
ccd::Scene scene_with_lab(const ccd::Scene& original, const QueryLab& lab);

// The lab's case alone, as a scene of its own: the pair's two items (as edited) with the
// original's title, description, view, algorithm and gravity, and no expect section.
ccd::Scene lab_case(const ccd::Scene& original, const QueryLab& lab);

} // namespace ccdlab
