#pragma once
// The largest counts a scene file may hold (docs/scene-format.md, "Limits"): each bounds the
// work that loading, stepping or checking a scene can ask for. The loader refuses a scene beyond
// any of them with a SceneError naming the place and the limit; ccdlab-cli applies the frame
// and vertex limits to its own options and queries too (docs/cli.md).

#include <cstddef>

namespace ccd {

// expect.frames, and the frames `ccdlab-cli replay` and `record` step.
inline constexpr int kMaxSceneFrames = 100'000;
// Entries of `bodies`, of `segments` and of `polygons` (each list on its own).
inline constexpr std::size_t kMaxSceneParticipants = 100'000;
// A polygon's vertices: the World's limit (ccd::BodyDef::outline), and ccdlab-cli toi's.
inline constexpr std::size_t kMaxPolygonVertices = 255;
// A scene file's bytes: the loader asks the file's size first and reads no more (a million
// expected events take about 300 MB).
inline constexpr std::size_t kMaxSceneFileBytes = std::size_t{512} << 20;
// Entries of expect.events.
inline constexpr std::size_t kMaxExpectedEvents = 1'000'000;

} // namespace ccd
