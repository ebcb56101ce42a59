#include "ccd/answer_json.hpp"

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace ccd {
namespace {

using nlohmann::json;

json to_json(Vec2 v) {
    return json::array({v.x, v.y});
}

std::string other_name(OtherKind kind, int index, const SceneWorld& names) {
    const auto& list = kind == OtherKind::Wall ? names.wall_names : names.body_names;
    return index >= 0 && index < static_cast<int>(list.size())
               ? list[static_cast<std::size_t>(index)]
               : "#" + std::to_string(index);
}

// A polygon contact's vertex and edge, when named (-1: not).
void add_polygon_parts(json& line, int vertex, int edge) {
    if (vertex >= 0) line["vertex"] = vertex;
    if (edge >= 0) line["edge"] = edge;
}

// A contact of a turning body (ContactEvent::turning): the impulse on `a`, each participant's
// orientation at the contact and its angular velocity before and after (0 for one that does not
// turn); nothing for any other contact, so a log without turning bodies reads as before.
void add_turning_parts(json& line, const ContactEvent& e) {
    if (!e.turning) return;
    line["impulse"] = to_json(e.impulse);
    line["angle"] = e.body_angle;
    line["angular_velocity_before"] = e.body_angular_velocity_before;
    line["angular_velocity_after"] = e.body_angular_velocity_after;
    line["b_angle"] = e.other_angle;
    line["b_angular_velocity_before"] = e.other_angular_velocity_before;
    line["b_angular_velocity_after"] = e.other_angular_velocity_after;
}

// The numbered parts a hit or a trace candidate names, each under its side's name.
template <class Parts>
void add_parts(json& line, const Parts& parts) {
    if (parts.mover_vertex >= 0) line["mover_vertex"] = parts.mover_vertex;
    if (parts.mover_edge >= 0) line["mover_edge"] = parts.mover_edge;
    if (parts.obstacle_vertex >= 0) line["obstacle_vertex"] = parts.obstacle_vertex;
    if (parts.obstacle_edge >= 0) line["obstacle_edge"] = parts.obstacle_edge;
}

} // namespace

json hit_to_json(const std::optional<Hit>& hit) {
    if (!hit) return {{"hit", false}};
    // The search stopped at its step limit (ccd::Hit::undecided): no contact before t, nothing
    // known after; not a hit.
    if (hit->undecided) return {{"hit", false}, {"undecided", true}, {"t", hit->t}};
    json answer = {{"hit", true},
                   {"t", hit->t},
                   {"point", to_json(hit->point)},
                   {"normal", to_json(hit->normal)},
                   {"feature", to_string(hit->feature)},
                   {"overlap", hit->overlap},
                   {"approaching", hit->approaching}};
    add_parts(answer, *hit);
    return answer;
}

// A number of the trace: an equation's coefficient or root may be infinite or NaN (an
// overflow, a division by zero at the edges of double), which JSON has no number for: the
// string "inf", "-inf" or "nan" then, never null.
json trace_number(double x) {
    if (std::isfinite(x)) return x;
    return std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf";
}

json iterative_to_json(const IterativeSearch& search) {
    json out = {{"method", search.method},
                {"state", search.state},
                {"target", trace_number(search.target)},
                {"tolerance", trace_number(search.tolerance)},
                {"iterations", search.iterations},
                {"iteration_cap", search.iteration_cap},
                {"root_iterations", search.root_iterations},
                {"root_iteration_cap", search.root_iteration_cap},
                {"separation", trace_number(search.separation)},
                {"explanation", search.explanation}};
    if (!search.steps.empty()) {
        json steps = json::array();
        for (const AdvancementStep& step : search.steps)
            steps.push_back({{"t", trace_number(step.t)},
                             {"separation", trace_number(step.separation)},
                             {"closing_bound", trace_number(step.closing_bound)}});
        out["steps"] = steps;
    }
    if (!search.axes.empty()) {
        json axes = json::array();
        for (const SeparatingAxisIteration& seen : search.axes) {
            json checks = json::array();
            for (const AxisCheck& check : seen.checks)
                checks.push_back({{"t", trace_number(check.t)},
                                  {"separation", trace_number(check.separation)},
                                  {"deepest", check.deepest}});
            axes.push_back(
                {{"t1", trace_number(seen.t1)},
                 {"distance", trace_number(seen.distance)},
                 {"kind", seen.kind},
                 {"axis", json::array({trace_number(seen.axis.x), trace_number(seen.axis.y)})},
                 {"obstacle_point", json::array({trace_number(seen.obstacle_point.x),
                                                 trace_number(seen.obstacle_point.y)})},
                 {"mover_point", json::array({trace_number(seen.mover_point.x),
                                              trace_number(seen.mover_point.y)})},
                 {"checks", checks}});
        }
        out["axes"] = axes;
    }
    if (!search.why_stopped.empty()) out["why_stopped"] = search.why_stopped;
    return out;
}

json chords_to_json(const std::vector<VertexChord>& chords) {
    json out = json::array();
    for (const VertexChord& c : chords)
        out.push_back({{"side", c.on_mover ? "mover" : "obstacle"},
                       {"vertex", c.vertex},
                       {"from", json::array({trace_number(c.from.x), trace_number(c.from.y)})},
                       {"to", json::array({trace_number(c.to.x), trace_number(c.to.y)})}});
    return out;
}

json search_to_json(const CertifiedSearch& search) {
    json samples = json::array();
    for (const SeparationSample& s : search.samples)
        samples.push_back(json::array({trace_number(s.t), trace_number(s.separation)}));
    json brackets = json::array();
    for (const SearchBracket& b : search.brackets) {
        json item = {{"t0", trace_number(b.t0)},
                     {"t1", trace_number(b.t1)},
                     {"separation", trace_number(b.separation)},
                     {"verdict", to_string(b.verdict)}};
        if (!std::isnan(b.lower_bound)) item["lower_bound"] = trace_number(b.lower_bound);
        brackets.push_back(item);
    }
    return {{"tolerance", trace_number(search.tolerance)},
            {"steps", search.steps},
            {"step_limit_reached", search.step_limit_reached},
            {"final_bracket",
             json::array({trace_number(search.final_t0), trace_number(search.final_t1)})},
            {"samples", samples},
            {"brackets", brackets},
            {"brackets_truncated", search.brackets_truncated}};
}

json trace_to_json(const Trace& trace) {
    json candidates = json::array();
    for (const TraceCandidate& c : trace.candidates) {
        json roots = json::array();
        for (const TraceRoot& r : c.roots) {
            json root = {{"t", trace_number(r.t)}, {"verdict", to_string(r.verdict)}};
            if (r.position)
                root["position"] =
                    json::array({trace_number(r.position->x), trace_number(r.position->y)});
            roots.push_back(root);
        }
        json item = {{"name", c.name}, {"feature", to_string(c.feature)}};
        if (c.coefficients.empty()) {
            item["coefficients"] =
                json::array({trace_number(c.c), trace_number(c.b), trace_number(c.a)});
            item["a"] = trace_number(c.a);
            item["b"] = trace_number(c.b);
            item["c"] = trace_number(c.c);
            item["discriminant"] = trace_number(c.discriminant);
        } else {
            item["coefficients"] = json::array();
            for (const double coefficient : c.coefficients)
                item["coefficients"].push_back(trace_number(coefficient));
        }
        item["roots"] = roots;
        if (!c.note.empty()) item["note"] = c.note;
        add_parts(item, c);
        candidates.push_back(item);
    }
    json out = {{"query", trace.query},
                {"overlap_at_start", trace.overlap_at_start},
                {"candidates", candidates}};
    if (trace.search) out["search"] = search_to_json(*trace.search);
    if (trace.iterative) out["iterative"] = iterative_to_json(*trace.iterative);
    if (!trace.chords.empty()) out["chords"] = chords_to_json(trace.chords);
    return out;
}

void for_each_event_log_line(const EventLog& log, const SceneWorld& names,
                             const std::function<void(const json&)>& sink) {
    for (const ContactEvent& e : log.events) {
        json line({{"frame", log.frame},
                   {"sequence", e.sequence},
                   {"t", e.time},
                   {"status", "processed"},
                   {"a", other_name(OtherKind::Body, e.body, names)},
                   {"b", other_name(e.other_kind, e.other, names)},
                   {"feature", to_string(e.feature)},
                   {"point", to_json(e.point)},
                   {"normal", to_json(e.normal)},
                   {"velocity_before", to_json(e.body_velocity_before)},
                   {"velocity_after", to_json(e.body_velocity_after)}});
        add_polygon_parts(line, e.vertex, e.edge);
        add_turning_parts(line, e);
        sink(line);
    }
    for (const CancelledPrediction& c : log.cancelled) {
        json line({{"frame", log.frame},
                   {"t", c.time},
                   {"status", "cancelled"},
                   {"a", other_name(OtherKind::Body, c.body, names)},
                   {"b", other_name(c.other_kind, c.other, names)},
                   {"feature", to_string(c.feature)},
                   {"point", to_json(c.point)},
                   {"normal", to_json(c.normal)},
                   {"predicted_at", c.predicted_at},
                   {"cancelled_by", c.cancelled_by},
                   {"reason", c.reason == CancelReason::Budget ? "budget" : "trajectory_changed"}});
        add_polygon_parts(line, c.vertex, c.edge);
        sink(line);
    }
    if (const auto& cut = log.budget_cut) // the frame cut short: its last line says where
        sink(json({{"frame", log.frame},
                   {"t", cut->time},
                   {"status", "budget_cut"},
                   {"budget", to_string(cut->kind)},
                   {"events", cut->events},
                   {"predictions", cut->predictions},
                   {"steps", cut->steps}}));
}

std::vector<json> event_log_to_json(const EventLog& log, const SceneWorld& names) {
    std::vector<json> lines;
    for_each_event_log_line(log, names, [&](const json& line) { lines.push_back(line); });
    return lines;
}

} // namespace ccd
