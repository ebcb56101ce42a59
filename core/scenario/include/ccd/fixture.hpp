#pragma once
// Regression fixtures: a scene stepped by the scheduler, its events told by name, and compared
// with the scene's `expect` (docs/scene-format.md). ccdlab-cli's `record` and `check`, the app's
// export and the per-fixture tests all go through here.

#include "ccd/scene.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {

// Steps `make_world(scene)` for `frames` frames and returns every processed event, in order,
// with the participants by name (a body-body pair: `a` is the lower index, as in the log; a
// polygon comes after every circle). A polygon event's vertex and edge are not kept: the names,
// the feature, the point and the normal pin it.
// `algorithm` is the World's (WorldOptions::algorithm): the exact queries unless a caller asks
// for another on purpose (ccdlab-cli check --algorithm); the scene's own `algorithm` is the lab's.
std::vector<ExpectedEvent> replay_events(const Scene& scene, int frames,
                                         std::string_view algorithm = "exact");

// What `expect` should say for the scene as it is now: the events of `frames` frames.
Expectation record_expectation(const Scene& scene, int frames, ExpectTolerance tolerance = {});

// One event as one line: "frame 0, t 0.625: left / right at circle, point (0, 0), normal
// (-1, 0)", every number as the shortest text that reads back as the same double.
std::string describe(const ExpectedEvent& event);

// Replays the scene's `expect.frames` frames and compares with `expect.events` in order: the
// same names and feature, the same frame, the time within `tolerance.time`, the point and the
// normal within `tolerance.distance`. Returns nothing when they match, else a readable account
// of the first difference (what was expected, what happened, and by how much they differ).
// A scene without `expect` is a difference ("has no expect section").
std::optional<std::string> first_difference(const Scene& scene,
                                            std::string_view algorithm = "exact");

} // namespace ccd
