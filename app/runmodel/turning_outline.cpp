#include "turning_outline.hpp"

#include "ccd/path_position.hpp"

namespace ccdlab {

std::vector<ccd::Vec2> turning_outline_at(const ccd::BodyPath& path,
                                          std::span<const ccd::Vec2> outline, double t) {
    if (path.points.empty()) return {};
    return ccd::placed_outline(outline, ccd::pose_at(path, t));
}

std::vector<std::vector<ccd::Vec2>>
turning_outlines_at_vertices(const ccd::BodyPath& path, std::span<const ccd::Vec2> outline) {
    std::vector<std::vector<ccd::Vec2>> outlines;
    outlines.reserve(path.points.size());
    for (const ccd::PathPoint& p : path.points)
        outlines.push_back(ccd::placed_outline(outline, {p.position, p.angle}));
    return outlines;
}

} // namespace ccdlab
