#include "log_json.hpp"

#include <string>

namespace ccdlab::cli {
namespace {

using nlohmann::json;

json to_json(ccd::Vec2 v) {
    return json::array({v.x, v.y});
}

std::string other_name(ccd::OtherKind kind, int index, const ccd::SceneWorld& names) {
    const auto& list = kind == ccd::OtherKind::Wall ? names.wall_names : names.body_names;
    return index >= 0 && index < static_cast<int>(list.size())
               ? list[static_cast<std::size_t>(index)]
               : "#" + std::to_string(index);
}

// A polygon contact's vertex and edge, when the log names them.
void add_polygon_parts(json& line, int vertex, int edge) {
    if (vertex >= 0) line["vertex"] = vertex;
    if (edge >= 0) line["edge"] = edge;
}

} // namespace

std::vector<json> log_lines(const ccd::EventLog& log, const ccd::SceneWorld& names) {
    std::vector<json> lines;
    for (const ccd::ContactEvent& e : log.events) {
        lines.push_back({{"frame", log.frame},
                         {"sequence", e.sequence},
                         {"t", e.time},
                         {"status", "processed"},
                         {"a", other_name(ccd::OtherKind::Body, e.body, names)},
                         {"b", other_name(e.other_kind, e.other, names)},
                         {"feature", ccd::to_string(e.feature)},
                         {"point", to_json(e.point)},
                         {"normal", to_json(e.normal)},
                         {"velocity_before", to_json(e.body_velocity_before)},
                         {"velocity_after", to_json(e.body_velocity_after)}});
        add_polygon_parts(lines.back(), e.vertex, e.edge);
    }
    for (const ccd::CancelledPrediction& c : log.cancelled) {
        lines.push_back(
            {{"frame", log.frame},
             {"t", c.time},
             {"status", "cancelled"},
             {"a", other_name(ccd::OtherKind::Body, c.body, names)},
             {"b", other_name(c.other_kind, c.other, names)},
             {"feature", ccd::to_string(c.feature)},
             {"point", to_json(c.point)},
             {"normal", to_json(c.normal)},
             {"predicted_at", c.predicted_at},
             {"cancelled_by", c.cancelled_by},
             {"reason", c.reason == ccd::CancelReason::Budget ? "budget" : "trajectory_changed"}});
        add_polygon_parts(lines.back(), c.vertex, c.edge);
    }
    return lines;
}

} // namespace ccdlab::cli
