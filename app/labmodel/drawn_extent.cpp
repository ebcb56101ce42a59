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

namespace {

// A side at t: a circle's disc, a segment's ends, a polygon's vertices.
void include_side(WorldBox& box, const LabSide& side, double t) {
    const std::vector<ccd::Vec2> points = points_at(side, t);
    if (points.empty()) box.include(center_at(side, t), radius_of(side));
    for (const ccd::Vec2 v : points)
        box.include(v);
}

// An accelerating side's arrows: the motion's tip and the acceleration's (a / 2 from the center).
void include_arrows(WorldBox& box, const LabSide& side) {
    if (!side.swept.accelerates()) return;
    box.include(part_position(side, Part::Tip));
    box.include(part_position(side, Part::Acceleration));
}

} // namespace

WorldBox drawn_extent(const QueryLab& lab) {
    WorldBox box;
    // A turning side sweeps arcs, an accelerating one a parabola: the frame sampled (at most
    // 256 times; Home's margin covers what falls between the samples).
    const bool turns = lab.mover().turns() || lab.obstacle().turns();
    const int pieces = turns ? std::min(lab.arc_pieces(), 256) : lab.accelerates() ? 32 : 1;
    for (int k = 0; k <= pieces; ++k) {
        const double t = static_cast<double>(k) / pieces;
        include_side(box, lab.mover(), t);
        include_side(box, lab.obstacle(), t);
    }
    include_arrows(box, lab.mover());
    include_arrows(box, lab.obstacle());
    return box;
}

} // namespace ccdlab
