#include "report.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>

namespace ccdlab {
namespace {

nlohmann::json to_json(Vec2 v) {
    return nlohmann::json::array({v.x, v.y});
}

// A temporary file, then a rename: a reader never sees half a report.
void write_atomically(const std::filesystem::path& path, const nlohmann::json& report) {
    const std::filesystem::path temporary = path.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << report.dump(2) << '\n';
        if (!out) throw std::runtime_error(temporary.string() + ": cannot write the report");
    }
    std::filesystem::rename(temporary, path);
}

} // namespace

void write_report(const std::filesystem::path& path, const QueryLabView& view,
                  const std::filesystem::path& scene) {
    const QueryLab& lab = view.lab();
    nlohmann::json report;
    report["mode"] = "query";
    report["scene"] = scene.filename().string();
    report["mover"] = {{"name", lab.mover_name()},
                       {"center", to_json(lab.mover().center)},
                       {"radius", lab.mover().radius},
                       {"displacement", to_json(lab.displacement())}};
    report["segment"] = {{"name", lab.obstacle_name()},
                         {"a", to_json(lab.obstacle().a)},
                         {"b", to_json(lab.obstacle().b)}};
    report["scrub_t"] = lab.scrub_t;
    if (const auto& hit = lab.hit()) {
        report["hit"] = {{"t", hit->t},
                         {"point", to_json(hit->point)},
                         {"normal", to_json(hit->normal)},
                         {"feature", ccd::to_string(hit->feature)},
                         {"overlap", hit->overlap},
                         {"approaching", hit->approaching}};
    } else {
        report["hit"] = nullptr;
    }
    nlohmann::json answers = nlohmann::json::array();
    for (const AlgorithmAnswer& answer : lab.algorithm_answers())
        answers.push_back({{"name", answer.algorithm->name},
                           {"t", answer.hit ? nlohmann::json(answer.hit->t) : nlohmann::json()},
                           {"disagrees", answer.disagrees}});
    report["algorithms"] = answers;
    report["disagreement"] = lab.any_disagreement();
    nlohmann::json trace = nlohmann::json::array();
    for (const ccd::TraceCandidate& c : lab.trace().candidates) {
        nlohmann::json roots = nlohmann::json::array();
        for (const ccd::TraceRoot& root : c.roots)
            roots.push_back({{"t", root.t}, {"verdict", ccd::to_string(root.verdict)}});
        trace.push_back({{"name", c.name}, {"roots", roots}});
    }
    report["trace"] = trace;
    nlohmann::json handles;
    for (Handle h :
         {Handle::Center, Handle::Radius, Handle::Tip, Handle::EndpointA, Handle::EndpointB})
        handles[std::string(to_string(h))] =
            to_json(view.camera().to_screen(lab.handle_position(h)));
    report["handles_px"] = handles;
    report["hovered"] = to_string(view.hovered());
    report["can_undo"] = view.can_undo();
    report["help_shown"] = view.help_shown();

    write_atomically(path, report);
}

void write_report(const std::filesystem::path& path, const WorldView& view,
                  const std::filesystem::path& scene) {
    const ccd::SceneWorld& world = view.world();
    const auto name_of = [&](ccd::OtherKind kind, int index) {
        return (kind == ccd::OtherKind::Wall ? world.wall_names
                                             : world.body_names)[static_cast<std::size_t>(index)];
    };
    nlohmann::json events = nlohmann::json::array();
    for (const ccd::ContactEvent& e : view.log().events)
        events.push_back({{"sequence", e.sequence},
                          {"t", e.time},
                          {"a", name_of(ccd::OtherKind::Body, e.body)},
                          {"b", name_of(e.other_kind, e.other)},
                          {"point_px", to_json(view.camera().to_screen(e.point))}});
    nlohmann::json bodies = nlohmann::json::array();
    for (int i = 0; i < static_cast<int>(world.body_names.size()); ++i)
        bodies.push_back({{"name", world.body_names[static_cast<std::size_t>(i)]},
                          {"position_px",
                           to_json(view.camera().to_screen(view.position_at(i, view.scrub_t())))}});
    const nlohmann::json report = {
        {"mode", "world"},           {"scene", scene.filename().string()},
        {"frame", view.log().frame}, {"scrub_t", view.scrub_t()},
        {"events", events},          {"cancelled", view.log().cancelled.size()},
        {"bodies", bodies}};
    write_atomically(path, report);
}

} // namespace ccdlab
