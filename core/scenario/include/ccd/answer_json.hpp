#pragma once
// The one JSON form of what the core answers: a Hit, a Trace and an EventLog, as the CLI prints
// them (docs/cli.md) and the app's --report writes them.

#include "ccd/event_log.hpp"
#include "ccd/hit.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/trace.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <vector>

namespace ccd {

// {"hit":false}, or {"hit":true,"t":..,"point":[x,y],"normal":[x,y],"feature":..,
// "overlap":..,"approaching":..} with "mover_vertex", "mover_edge", "obstacle_vertex" and
// "obstacle_edge" for the parts the query names.
nlohmann::json hit_to_json(const std::optional<Hit>& hit);

// {"query":..,"overlap_at_start":..,"candidates":[...]}: every candidate with its name, feature,
// "coefficients" (f(t) = coefficients[0] + coefficients[1] t + ..., for every candidate: a
// quadratic's are [c, b, a], the quartic band's its five), for a candidate of degree 2 or less
// also "a", "b", "c" and "discriminant", its roots with their verdicts and "position" (where
// each happens, when known), its note and the parts it pairs (as for a hit); "search" for a
// certified turning query (search_to_json), and "iterative" when an iterative method from
// outside the core left its summary (iterative_to_json).
nlohmann::json trace_to_json(const Trace& trace);
// {"method":..,"state":..,"target":..,"tolerance":..,"iterations":..,"iteration_cap":..,
// "root_iterations":..,"root_iteration_cap":..,"separation":..,"explanation":..}.
nlohmann::json iterative_to_json(const IterativeSearch& search);

// {"tolerance":..,"steps":..,"step_limit_reached":..,"final_bracket":[t0,t1],"samples":[[t,f],
// ...],"brackets":[{"t0":..,"t1":..,"separation":..,"lower_bound":..,"verdict":..},...],
// "brackets_truncated":..}: the certified search of a turning query (ccd::CertifiedSearch).
nlohmann::json search_to_json(const CertifiedSearch& search);

// The frame's processed events in processing order, then its cancelled predictions in the
// order they left the queue, then, for a frame a budget cut, one "budget_cut" line;
// participants by name (the `ccdlab-cli replay` lines).
std::vector<nlohmann::json> event_log_to_json(const EventLog& log, const SceneWorld& names);
// The same lines handed to `sink` one at a time as they are made, so a caller that writes them
// out (ccdlab-cli replay) never holds a frame's lines at once.
void for_each_event_log_line(const EventLog& log, const SceneWorld& names,
                             const std::function<void(const nlohmann::json&)>& sink);

} // namespace ccd
