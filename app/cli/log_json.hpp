#pragma once
// An event log as JSON Lines, one event a line (the `ccdlab-cli replay` format, docs/cli.md).

#include "ccd/event_log.hpp"
#include "ccd/scene_world.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace ccdlab::cli {

// The frame's processed events in processing order, then its cancelled predictions in the
// order they left the queue; participants by name.
std::vector<nlohmann::json> log_lines(const ccd::EventLog& log, const ccd::SceneWorld& names);

} // namespace ccdlab::cli
