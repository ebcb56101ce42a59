#pragma once
// Edits of a scene's chain as the world view makes them: insert a point after one, delete one,
// close or open it, flip the side it collides on (its points in reverse order: a chain is met
// from the right of its direction of travel, docs/scene-format.md, "Chains"), and why the
// World cannot take an edited chain, in the loader's words. Plain functions on ccd::Chain and
// ccd::Scene, no window.

#include "ccd/scene.hpp"

#include <optional>
#include <string>

namespace ccdlab {

// The fewest points a chain keeps: 3 for a loop, else 2 (the loader's rule).
std::size_t fewest_points(const ccd::Chain& chain);

// Inserts a point after point `after` and returns its index (after + 1): the middle of the edge
// that leaves `after` (a loop's last point: the edge back to the first); after an open chain's
// last point, as far on again as the last edge. None when `after` is not one of its points.
std::optional<int> insert_chain_point(ccd::Chain& chain, int after);

// Removes point `point`; false (nothing done) when the chain would keep fewer than
// fewest_points or `point` is not one of its points.
bool delete_chain_point(ccd::Chain& chain, int point);

// Closes (`loop` true) or opens the chain; false (nothing done) when a loop would have fewer
// than 3 points.
bool set_chain_loop(ccd::Chain& chain, bool loop);

// Reverses the order of the points: each edge's front turns to the other side. Point k is
// point n - 1 - k afterwards.
void flip_chain_side(ccd::Chain& chain);

// The side the chain collides on, in words: an open chain's "right of the way from point 0 to
// point N", a loop's "outside (its points run counter-clockwise)" or "inside (... clockwise)".
std::string chain_side_text(const ccd::Chain& chain);

// An edit renumbers a chain's edges ("NAME edge k"): an `expect` section that names an edge of
// the chain `name` would then expect another edge, or one that is gone, so it is dropped.
// Returns true when that happened.
bool forget_expect_of_chain(ccd::Scene& scene, const std::string& name);

// The first chain of the scene that the World (and the loader) refuses, and why, as the loader
// says it: fewer than 2 points (a loop 3), or a point equal to the next. None when every chain
// loads.
std::optional<std::string> chain_refusal(const ccd::Scene& scene);

} // namespace ccdlab
