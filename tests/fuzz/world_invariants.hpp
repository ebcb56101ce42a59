#pragma once
// What a World stepped from a scene must keep, frame after frame, checked from the outside: the
// World fuzz target and the hostile campaign both judge every scene here.
//
// - No NaN or infinity anywhere: bodies' positions and velocities, walls, and every number of
//   the frame's log (events, cancelled predictions, paths, cuts).
// - The log's times are in [0, 1], its normals unit length.
// - A closed box: four static walls forming an axis-aligned rectangle (in any order and
//   direction, endpoints meeting exactly). A circle or point that starts inside it with its
//   whole disk clear of the walls stays inside it (its centre within the rectangle, widened by
//   1e-9 x scale, scale being the largest of the box's coordinates, the bodies' radii and
//   speeds and the walls' displacements) while it is alive. Sensors pass through walls and are
//   not held to it.
// - Two horizontal kinematic walls closing on each other over the full width of such a box (a
//   floor and a ceiling): a body that starts between them stays between them, or is removed.
// - What the World wrote it reads back: the state after the last frame, exported as a scene
//   (ccd::scene_at_frame, what `ccdlab-cli record --from` writes), makes a World again.

#include "ccd/scene.hpp"

#include <optional>
#include <string>

namespace ccdfuzz {

// Steps make_world(scene) `frames` frames and returns the first broken invariant, or nothing.
// A scene make_world refuses (a SceneError) breaks nothing. Other exceptions propagate.
std::optional<std::string> world_violation(const ccd::Scene& scene, int frames);

} // namespace ccdfuzz
