#include "drawn_extent.hpp"

#include "ccd/path_position.hpp"

#include <algorithm>

namespace ccdlab {

WorldBox drawn_extent(const ccd::EventLog& log, std::span<const double> radii,
                      std::span<const std::vector<ccd::Vec2>> outlines) {
    WorldBox box;
    for (std::size_t i = 0; i < log.paths.size(); ++i) {
        const double radius = i < radii.size() ? radii[i] : 0.0;
        for (const ccd::PathPoint& p : log.paths[i].points) {
            box.include(p.position, radius);
            if (i < outlines.size() && !outlines[i].empty()) // turned as the World had it there
                for (const ccd::Vec2 v : ccd::placed_outline(outlines[i], {p.position, p.angle}))
                    box.include(v);
        }
    }
    for (const ccd::WallPath& path : log.wall_paths)
        for (const ccd::WallPathPoint& p : path.points) {
            box.include(p.segment.a);
            box.include(p.segment.b);
        }
    return box;
}

WorldBox drawn_extent(const QueryLab& lab) {
    WorldBox box;
    // A turning side sweeps arcs: the frame sampled (at most 256 times; Home's margin covers
    // what falls between the samples).
    const bool turns = lab.mover_turns() || lab.obstacle_turns();
    const int pieces = turns ? std::min(lab.arc_pieces(), 256) : 1;
    for (int k = 0; k <= pieces; ++k) {
        const double t = static_cast<double>(k) / pieces;
        if (lab.mover_is_polygon())
            for (const ccd::Vec2 v : lab.mover_polygon_at(t).vertices)
                box.include(v);
        else
            box.include(lab.mover_center_at(t), lab.mover().radius);
        if (lab.obstacle_is_segment()) {
            const ccd::Segment s = lab.obstacle_at(t);
            box.include(s.a);
            box.include(s.b);
        } else if (lab.obstacle_is_polygon()) {
            for (const ccd::Vec2 v : lab.obstacle_polygon_at(t).vertices)
                box.include(v);
        } else if (lab.obstacle_is_circle()) {
            box.include(lab.obstacle_center_at(t), lab.obstacle_circle().radius);
        }
    }
    return box;
}

} // namespace ccdlab
