#pragma once
// `ccdlab-cli toi --scene FILE` (docs/cli.md): a query line's rates read per second, as a scene
// with units.dt writes them, made per frame before the query is asked.

#include <nlohmann/json.hpp>

namespace ccdlab::cli {

// `query` with each rate field (d, d1, d2, dp, da, db, v, v1, v2: displacements over the frame;
// angle, angle1, angle2: the turn over the frame) multiplied by `dt` as the scene loader does it
// (ccd::per_frame: one IEEE multiplication, rounded once). A field that is not a number or an
// [x, y] of numbers is left for the query's reader to refuse where it stands.
nlohmann::json per_frame_query(nlohmann::json query, double dt);

} // namespace ccdlab::cli
