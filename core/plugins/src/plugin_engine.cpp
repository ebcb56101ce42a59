#include "plugin_engine.hpp"

#include "plugin_answer.hpp"
#include "plugin_input.hpp"

#include <array>
#include <cstddef>
#include <utility>

namespace ccd::plugins {
namespace {

std::array<Engine, kMaxEngines> engines;
int engines_taken = 0;
PluginCallWatcher call_watcher = nullptr;

// The last answer a plugin gave, and to what.
struct LastAnswer {
    const Engine* engine = nullptr;
    Swept mover, obstacle;
    ccd_result result{};
};

const ccd_result& answer(const Engine& engine, const Swept& mover, const Swept& obstacle) {
    thread_local LastAnswer last;
    if (last.engine == &engine && last.mover == mover && last.obstacle == obstacle)
        return last.result;
    last.engine = nullptr;
    const AbiSide abi_mover(mover), abi_obstacle(obstacle);
    if (call_watcher) call_watcher(engine.name, input_text(mover, obstacle));
    ccd_result result = blank_result();
    engine.query(&abi_mover.side(), &abi_obstacle.side(), &result);
    last.mover = mover;
    last.obstacle = obstacle;
    last.result = result;
    last.engine = &engine;
    return last.result;
}

std::string engine_label(const Engine& engine) {
    return "engine \"" + engine.name + "\" " + engine.version;
}

std::optional<std::string> refusal(const Engine& engine, const Swept& mover,
                                   const Swept& obstacle) {
    // ccd_side has a circle's radius only: a capsule or a rounded polygon is not expressible.
    for (const Swept* side : {&mover, &obstacle})
        if (side->shape_kind() != ShapeKind::Circle && radius_of(side->shape) != 0.0)
            return engine_label(engine) +
                   " takes no radius on a segment or a polygon (ccd_side has a circle's only)";
    const auto fault = answer_fault(answer(engine, mover, obstacle), mover, obstacle);
    if (!fault) return std::nullopt;
    return engine_label(engine) + " gave no answer for " + input_text(mover, obstacle) + ": " +
           *fault;
}

void record(const Engine& engine, const ccd_result& result, const std::optional<Hit>& hit,
            Trace& trace) {
    trace.begin(engine.name);
    IterativeSearch search;
    search.method = engine_label(engine);
    search.state = hit ? (hit->overlap ? "overlapping" : "hit") : "miss";
    search.iterations = result.iterations;
    search.explanation = note_of(result);
    TraceCandidate& c = trace.add_candidate(engine.name, hit ? hit->feature : Feature::Circle);
    c.note = search.explanation;
    if (hit) {
        c.roots.push_back({hit->t, RootVerdict::Taken});
        c.mover_vertex = hit->mover_vertex;
        c.mover_edge = hit->mover_edge;
        c.obstacle_vertex = hit->obstacle_vertex;
        c.obstacle_edge = hit->obstacle_edge;
    }
    trace.overlap_at_start = hit && hit->overlap;
    trace.iterative = std::move(search);
}

std::optional<Hit> query(const Engine& engine, const Swept& mover, const Swept& obstacle,
                         Trace* trace) {
    if (auto why = refusal(engine, mover, obstacle)) {
        if (trace) {
            trace->begin(engine.name);
            trace->add_candidate("no answer", Feature::SegmentInterior).note = *why;
        }
        return std::nullopt;
    }
    const ccd_result& result = answer(engine, mover, obstacle);
    std::optional<Hit> hit = answer_hit(result, mover, obstacle);
    if (trace) record(engine, result, hit, *trace);
    return hit;
}

template <std::size_t K>
std::optional<Hit> slot_query(const Swept& mover, const Swept& obstacle, Trace* trace) {
    return query(engines[K], mover, obstacle, trace);
}

template <std::size_t K>
std::optional<std::string> slot_refusal(const Swept& mover, const Swept& obstacle) {
    return refusal(engines[K], mover, obstacle);
}

template <std::size_t... K>
constexpr std::array<EngineFunctions, kMaxEngines> slot_functions(std::index_sequence<K...>) {
    return {EngineFunctions{slot_query<K>, slot_refusal<K>}...};
}

constexpr std::array kSlotFunctions = slot_functions(std::make_index_sequence<kMaxEngines>());

} // namespace

std::optional<EngineFunctions> take_slot(Engine engine, const Engine** kept) {
    if (engines_taken == kMaxEngines) return std::nullopt;
    const auto k = static_cast<std::size_t>(engines_taken++);
    engines[k] = std::move(engine);
    *kept = &engines[k];
    return kSlotFunctions[k];
}

void release_last_slot() {
    engines[static_cast<std::size_t>(--engines_taken)] = Engine{};
}

void set_call_watcher(PluginCallWatcher watcher) {
    call_watcher = watcher;
}

} // namespace ccd::plugins
