#pragma once
// What each view draws over the frame, as a box for Home to frame: taken from what the core
// computed (the World's logged paths, the query lab's shapes at t = 0 and t = 1), not derived
// again.

#include "query_lab.hpp"
#include "world_box.hpp"

#include "ccd/event_log.hpp"

#include <span>
#include <vector>

namespace ccdlab {

// Every body along its logged path (a disc of `radii[i]`, or polygon `outlines[i]` about its
// center, turned as the path has it) and every wall at each vertex of its path.
WorldBox drawn_extent(const ccd::EventLog& log, std::span<const double> radii,
                      std::span<const std::vector<ccd::Vec2>> outlines);

// The mover and the obstacle at t = 0 and at t = 1.
WorldBox drawn_extent(const QueryLab& lab);

} // namespace ccdlab
