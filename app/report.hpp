#pragma once
// The lab's state as JSON, for tests and scripts that drive the app from outside: positions,
// the core's answer, and where each handle is on screen (window pixels, origin top-left).

#include "query_lab_view.hpp"
#include "world_view.hpp"

#include <filesystem>

namespace ccdlab {

// Writes atomically (temporary file, then rename): a reader never sees half a report.
void write_report(const std::filesystem::path& path, const QueryLabView& view,
                  const std::filesystem::path& scene);
// The world's frame: its events by name, and where each body is drawn at the scrubbed time.
void write_report(const std::filesystem::path& path, const WorldView& view,
                  const std::filesystem::path& scene);

} // namespace ccdlab
