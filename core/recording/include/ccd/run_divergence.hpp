#pragma once
// Where two runs of a world part: their processed events compared one by one, in order, field
// by field within a tolerance; the first pair that differs, which fields differ and by how
// much, and every differing pair from there. Two runs of one scene under two settings (another
// algorithm, restitution, response, log level: ccd/run_comparison.hpp), or a run against a
// fixture's expected events. docs/recording.md, "Comparing two runs".

#include "ccd/event_log.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ccd {

// One processed event of a run and the frame it happened in (frames numbered from 0 as
// EventLog::frame numbers them). An event from a fixture's expect section has no velocities
// (has_velocities false: they are not compared) and no sequence.
struct RunEvent {
    int frame = 0;
    ContactEvent event;
    bool has_velocities = true;
};

// How far two events may be apart and still be the same event, each field in its own units (0
// each: equal bit for bit). ccd/run_comparison.hpp makes one from a scene and a relative
// tolerance (run_tolerance).
struct DivergenceTolerance {
    double time = 1e-9;     // |t_a - t_b|
    double distance = 1e-9; // |point_a - point_b|
    double velocity = 1e-9; // each of the four velocities, |v_a - v_b| (when both have them)
    double normal = 1e-9;   // |normal_a - normal_b|
    // A length by which one run's contacts may stop short of touching or run past it by design
    // (an algorithm's slack): the time may differ by that length over the event's closing speed
    // as well (the larger of the two events' |(body's velocity - other's) . normal| before it;
    // nothing more when neither closes or either has no velocities), and the normal by as much
    // as its sides turn in that time (the larger of the two events' sum of |angular velocity|
    // before it).
    double slack = 0.0;
};

// Which fields of two events differ beyond the tolerance. `missing`: one run has no event
// there (it ran out of events first).
struct EventFields {
    bool missing = false;
    bool frame = false;
    bool parties = false; // body, other's kind, other
    bool feature = false;
    bool time = false;
    bool point = false;
    bool normal = false;
    bool velocities = false;
    bool removal = false; // body_removed or other_removed
    bool any() const {
        return missing || frame || parties || feature || time || point || normal || velocities ||
               removal;
    }
    // The names of the fields that differ, "time, point" (empty when none does).
    std::string names() const;
};

// Two events at the same place of their runs, or one where the other run has none.
struct EventDifference {
    std::size_t index = 0;     // the events' place in each run, from 0
    std::optional<RunEvent> a; // nothing: run a has no event there
    std::optional<RunEvent> b; // nothing: run b has no event there
    EventFields fields;        // what differs
    double time = 0.0;         // |t_a - t_b| (0 when one is missing)
    double point = 0.0;        // |point_a - point_b|
    double normal = 0.0;       // |normal_a - normal_b|
    double velocity = 0.0;     // the largest of the four velocities' |v_a - v_b| (0 without)
};

// Two events compared (index 0; set it if it matters).
EventDifference compare_events(const RunEvent& a, const RunEvent& b,
                               const DivergenceTolerance& tolerance);

struct RunDivergence {
    std::size_t events_a = 0; // events in each run
    std::size_t events_b = 0;
    // From the first difference on, every index at which the runs differ, in order, at most
    // `max_listed` of them (the first is differences.front()); empty when the runs agree.
    std::vector<EventDifference> differences;
    std::size_t differing = 0; // how many indices differ in all (may exceed the list)

    bool diverged() const { return !differences.empty(); }
    const EventDifference* first() const {
        return differences.empty() ? nullptr : &differences.front();
    }
};

// The events of run a and run b compared index by index (runs that part stay compared index by
// index: from the first difference on, the later ones say how far apart they drift).
RunDivergence find_divergence(std::span<const RunEvent> a, std::span<const RunEvent> b,
                              const DivergenceTolerance& tolerance = {},
                              std::size_t max_listed = 100);

} // namespace ccd
