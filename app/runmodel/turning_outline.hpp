#pragma once
// A turning polygon as the world view draws it over the frame shown: where the core's pose puts
// its outline at the scrubbed t (ccd::pose_at: between two vertices of its logged path it turns
// at a constant rate) and at every vertex of that path (the frame's start, each bounce, the
// frame's end), at the orientation the World recorded there. Nothing re-derived: the pose and
// the placing are the core's (ccd/path_position.hpp).

#include "ccd/event_log.hpp"
#include "ccd/vec2.hpp"

#include <span>
#include <vector>

namespace ccdlab {

// `outline`: the body's vertices about its center (World::outline). Empty for an empty path.
std::vector<ccd::Vec2> turning_outline_at(const ccd::BodyPath& path,
                                          std::span<const ccd::Vec2> outline, double t);
// One outline per vertex of the path, in its order.
std::vector<std::vector<ccd::Vec2>>
turning_outlines_at_vertices(const ccd::BodyPath& path, std::span<const ccd::Vec2> outline);

} // namespace ccdlab
