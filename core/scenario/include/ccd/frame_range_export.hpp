#pragma once
// A range of frames of a run as a fixture: the scene as it stands at the start of the range's
// first frame (a scene file like any other) with the events of the range as its expect
// section, renumbered from frame 0. ccdlab-cli's `record --from` and the app's export of a
// selected frame range go through here. docs/recording.md, "Exporting a frame range".

#include "ccd/scene.hpp"
#include "ccd/world.hpp"

#include <optional>
#include <string>

namespace ccd {

// The scene at the start of a frame of its run: `world` is make_world(scene)'s World (or a
// recording's, ccd/recording.hpp) between frames. Each body and polygon where it is then, with
// the velocity it has then (a frozen body's own: frames start unfrozen); each kinematic wall
// where it is then, moving on as before; the names, responses, restitutions, view and
// algorithm as in `scene`; a body removed by then is left out. Each body's side memory that the
// World carries across the frame boundary (docs/scheduler.md, "Side memory": a contact within
// the chattering window of the boundary, or a point resting on the wall it last touched) is its
// last_contact, so the scene replays as the run's later frames (a point frozen on a wall of a
// closed box stays in). The title says the frame ("<title>, from frame F", or "From frame F" for
// an untitled scene); the expect section is dropped. What a scene cannot hold is lost: the last
// bits of a polygon's placement (the scene's vertices are put back about their centroid). A number
// the run brought below kWorldSmallest in magnitude (rounding, 1e-70) is written as 0, so the scene
// loads into a World. std::invalid_argument when `world` is within a frame or does not have the
// scene's bodies and walls. A polygon whose vertices, where it is, would round onto each other (a
// coordinate holds a polygon only down to about 2^-52 of its distance from the origin: a tiny
// crate struck far away) is written about its center (PolygonBody::position); SceneError, naming
// it, should it not read back even so.
Scene scene_at_frame(const Scene& scene, const World& world);

struct FrameRangeExport {
    // scene_at_frame, with expect: the range's events, frames 0 .. frames - 1; and the
    // description rewritten (the scene's told its frame 0): "Frames F to L of \"<title>\": its
    // bodies as the World had them at the start of frame F." ("of a scene" when untitled).
    Scene fixture;
    // Nothing when the exported fixture replays its own expect section (first_difference);
    // else the difference, the loss above made visible (the fixture is written all the same).
    std::optional<std::string> replay_difference;
};

// Frames first_frame .. first_frame + frames - 1 of the scene's run as a fixture, its events
// those of the run (stepped from the start; first_frame >= 0, frames >= 1, else
// std::invalid_argument). SceneError as make_world.
FrameRangeExport export_frame_range(const Scene& scene, int first_frame, int frames,
                                    ExpectTolerance tolerance = {});
// The same from `at_first_frame`, the run's World at the start of the range's first frame (a
// recording's frame: RecordedFrame::world), stepped `frames` frames on a copy.
FrameRangeExport export_frame_range(const Scene& scene, const World& at_first_frame, int frames,
                                    ExpectTolerance tolerance = {});

} // namespace ccd
