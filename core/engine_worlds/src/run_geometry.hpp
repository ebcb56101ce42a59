#pragma once
// The shapes of a run's bodies and the scene's walls at a frame's start or end, and the two tests
// of a tunnel: a path that crossed the other, an overlap deeper than the tolerance.

#include "ccd/chain_edge.hpp"
#include "ccd/engine_run.hpp"
#include "ccd/scene.hpp"

#include <string>
#include <vector>

namespace ccd::engine {

// A convex shape in place: a circle (no vertices) or a polygon (its vertices; two: a segment).
struct Placed {
    Vec2 center;
    double radius = 0.0;
    std::vector<Vec2> vertices;
};

// Body `index` of the scene (its bodies, then its polygons) in `state`.
Placed placed_body(const Scene& scene, int index, const BodyState& state);
// Wall `index` at the start of frame `frame` (a kinematic one moved, a turning one turned).
Segment wall_at(const Wall& wall, int frame);
Placed placed_wall(const Segment& segment);

// The scene's chains' edges as the World numbers its walls (make_world: the scene's segments,
// then each chain's edges in order): a chain edge's wall index is the scene's segment count plus
// its place here. Each static, with its ghost vertices and the World's name "NAME edge k".
struct SceneChainEdge {
    std::string name;
    ChainEdge edge;
};
std::vector<SceneChainEdge> scene_chain_edges(const Scene& scene);
// Whether `center` is behind the edge's line (strictly on the left of a -> b: its back), where
// a chain's edge admits no contact (ccd::chain_admits).
bool behind(const ChainEdge& edge, Vec2 center);

// How deep two shapes overlap: the shortest push that parts them (0 when apart).
double overlap_depth(const Placed& a, const Placed& b);
// The shape's width across `direction` (unit): a circle's diameter, 0 for a segment across it.
double width_along(const Placed& shape, Vec2 direction);
// The largest distance of the shape's points from its center.
double reach(const Placed& shape);
// Half the smallest width of the shape over its edges' normals (a circle: its radius).
double half_thickness(const Placed& shape);

// Whether `from` -> `to` (a body's center) crossed the wall, which moved from `wall0` to
// `wall1`, seen from the wall (its own frame at each end): the center changed sides of its line
// where the line is the wall or within `margin` of its ends. `place`: where it crossed.
bool crossed_wall(Vec2 from, Vec2 to, const Segment& wall0, const Segment& wall1, double margin,
                  Vec2& place);
// Whether body a passed through body b: b's center went from ahead of a to behind it along
// their relative motion, and that motion brought them within `reach` (the sum of their
// reaches). `place`: midway between the centers at their closest.
bool crossed_body(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1, double reach, Vec2& place);

} // namespace ccd::engine
