#include "report.hpp"
#include "chain_edits.hpp"

#include "ccd/answer_json.hpp"
#include "ccd/atomic_write.hpp"
#include "ccd/hunt_case_json.hpp"
#include "ccd/shapes.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <stdexcept>

namespace ccdlab {
namespace {

nlohmann::json to_json(Vec2 v) {
    return nlohmann::json::array({v.x, v.y});
}

// Points (a polygon's vertices, an outline) as an array of [x, y].
template <class Points>
nlohmann::json points_json(const Points& points) {
    nlohmann::json json = nlohmann::json::array();
    for (const Vec2 v : points)
        json.push_back(to_json(v));
    return json;
}

// Each Show checkbox's key and where it is on screen.
template <class View>
nlohmann::json checkboxes_json(const View& view) {
    nlohmann::json json = nlohmann::json::object();
    for (const auto& [key, at] : view.show_checkboxes())
        json[key] = to_json(at);
    return json;
}

nlohmann::json to_json(const SessionReport& session) {
    nlohmann::json buttons = nlohmann::json::object();
    for (const auto& [label, center] : session.bar_buttons_px)
        buttons[label] = to_json(center);
    return {{"document", session.document},
            {"bar_buttons_px", buttons},
            {"dirty", session.dirty},
            {"dialog", session.dialog},
            {"status", session.status},
            {"last_export", session.last_export},
            {"last_link", session.last_link},
            {"tour_place", session.tour_place},
            {"tour_length", session.tour_length},
            {"picker_scenes", session.picker_scenes},
            {"typing", session.typing}};
}

// Written as every file of ccdlab is (ccd/atomic_write.hpp): a reader never sees half a report,
// a link is written through, an existing file keeps its mode.
void write_atomically(const std::filesystem::path& path, const nlohmann::json& report) {
    try {
        ccd::write_file_atomically(path, report.dump(2) + "\n");
    } catch (const ccd::FileWriteError& e) {
        throw std::runtime_error(path.string() + ": cannot write the report: " + e.what());
    }
}

nlohmann::json layers_json(const ShowLayers& layers) {
    nlohmann::json json = nlohmann::json::object();
    for (const LayerField& field : layer_fields())
        json[field.key] = layers.*field.member;
    return json;
}

// The lab's separation plot on screen and its marks (nothing without a certified search).
nlohmann::json search_plot_json(const SearchPlotOnScreen& plot) {
    if (plot.size_px.x <= 0.0) return nullptr;
    nlohmann::json marks = nlohmann::json::array();
    for (const SearchPlotMark& mark : plot.marks)
        marks.push_back({{"name", mark.name}, {"t", mark.t}, {"x_px", mark.x_px}});
    return {{"origin_px", to_json(plot.origin_px)},
            {"size_px", to_json(plot.size_px)},
            {"marks", marks}};
}

// Where the canvas is in the window, the world it shows, and the side panel.
template <class View>
nlohmann::json layout_json(const View& view) {
    const Camera& camera = view.camera();
    const WorldBox visible = camera.visible();
    const PanelLayout& panel = view.panel_layout();
    return {{"canvas",
             {{"origin_px", to_json(camera.origin)},
              {"width_px", camera.width},
              {"height_px", camera.height},
              {"visible_lo", to_json(visible.lo)},
              {"visible_hi", to_json(visible.hi)}}},
            {"panel",
             {{"width", view.canvas().panel_width()},
              {"collapsed", panel.collapsed},
              {"scroll_y", view.canvas().panel_scroll()}}}};
}

// The chains as edited: each one's points, closed or not, the side it collides on, and its
// point handles on screen.
nlohmann::json chains_json(const ccd::Scene& scene, const Camera& camera) {
    nlohmann::json chains = nlohmann::json::array();
    for (const ccd::Chain& chain : scene.chains) {
        nlohmann::json handles = nlohmann::json::array();
        for (const Vec2 point : chain.points)
            handles.push_back(to_json(camera.to_screen(point)));
        chains.push_back({{"name", chain.name},
                          {"points", points_json(chain.points)},
                          {"loop", chain.loop},
                          {"side", chain_side_text(chain)},
                          {"points_px", handles}});
    }
    return chains;
}

// What Edit selects: its kind ("body", "segment", "polygon", "chain") and index in its list of
// the scene, and a chain's picked point (-1: none); null when nothing is selected.
nlohmann::json selected_item_json(const SceneEditor& editor) {
    const auto selected = editor.selected();
    if (!selected) return nullptr;
    constexpr const char* kinds[] = {"body", "segment", "polygon", "chain"};
    nlohmann::json item = {{"kind", kinds[static_cast<std::size_t>(selected->kind)]},
                           {"index", selected->index}};
    if (selected->kind == SceneItem::Kind::Chain) item["point"] = editor.picked_point();
    return item;
}

// The scene as the world view's editor has it, with its handles on screen.
nlohmann::json edit_json(const WorldView& view) {
    const ccd::Scene& scene = view.scene();
    const Camera& camera = view.camera();
    nlohmann::json bodies = nlohmann::json::array();
    for (const ccd::Body& body : scene.bodies)
        bodies.push_back(
            {{"name", body.name},
             {"shape", body.shape == ccd::BodyShape::Point ? "point" : "circle"},
             {"center", to_json(body.circle.center)},
             {"radius", body.circle.radius},
             {"velocity", to_json(body.velocity)},
             {"center_px", to_json(camera.to_screen(body.circle.center))},
             {"tip_px", to_json(camera.to_screen(body.circle.center + body.velocity))}});
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
        if (scene.bodies[i].is_static) { // it has no motion, and no tip handle
            bodies[i]["static"] = true;
            bodies[i].erase("tip_px");
        }
    nlohmann::json segments = nlohmann::json::array();
    for (const ccd::Wall& wall : scene.walls) {
        nlohmann::json entry = {{"name", wall.name},
                                {"a", to_json(wall.segment.a)},
                                {"b", to_json(wall.segment.b)},
                                {"a_px", to_json(camera.to_screen(wall.segment.a))},
                                {"b_px", to_json(camera.to_screen(wall.segment.b))}};
        if (wall.pivot) { // turns: its pivot, its turn a frame, the pivot and spin handles
            const SceneItem item{SceneItem::Kind::Segment, static_cast<int>(segments.size())};
            entry["pivot"] = to_json(*wall.pivot);
            entry["angle"] = wall.angle;
            entry["turning_text"] = turning_text(wall);
            entry["pivot_px"] =
                to_json(camera.to_screen(handle_position(scene, {item, SceneHandle::Part::Pivot})));
            entry["spin_px"] =
                to_json(camera.to_screen(handle_position(scene, {item, SceneHandle::Part::Spin})));
        }
        segments.push_back(std::move(entry));
    }
    nlohmann::json polygons = nlohmann::json::array();
    for (const ccd::PolygonBody& polygon : scene.polygons) {
        const SceneItem item{SceneItem::Kind::Polygon, static_cast<int>(polygons.size())};
        const auto handle_px = [&](SceneHandle::Part part) {
            return to_json(camera.to_screen(handle_position(scene, {item, part})));
        };
        nlohmann::json entry = {{"name", polygon.name},
                                {"vertices", points_json(polygon.polygon.vertices)},
                                {"velocity", to_json(polygon.velocity)},
                                {"center_px", handle_px(SceneHandle::Part::Center)},
                                {"tip_px", handle_px(SceneHandle::Part::Tip)}};
        if (polygon.position != ccd::Vec2{}) entry["position"] = to_json(polygon.position);
        if (polygon.is_static) { // it has no motion, and no tip handle
            entry["static"] = true;
            entry.erase("tip_px");
        }
        if (polygon.free_rotation()) { // turns: its spin, its orientation, the spin handle
            entry["angular_velocity"] = *polygon.angular_velocity;
            entry["angle"] = polygon.angle;
            entry["spin_px"] = handle_px(SceneHandle::Part::Spin);
            entry["spin_center_px"] = to_json(camera.to_screen(spin_arc(polygon).center));
        }
        polygons.push_back(std::move(entry));
    }
    nlohmann::json fields = nlohmann::json::object();
    for (const auto& [key, at] : view.editor().fields_on_screen())
        fields[key] = to_json(at);
    const auto selected = view.editor().selected();
    return {{"bodies", bodies},
            {"segments", segments},
            {"polygons", polygons},
            {"chains", chains_json(scene, camera)},
            {"selected", selected ? nlohmann::json(name_of(scene, *selected)) : nlohmann::json()},
            {"selected_item", selected_item_json(view.editor())},
            {"fields_px", fields},
            {"can_undo", view.editor().can_undo()},
            {"can_redo", view.editor().can_redo()}};
}

// The recorded run and the timeline under the canvas: the frames kept, the memory, the
// playhead, play, the axis's zoom and where its axis and plot are on screen.
nlohmann::json timeline_json(const WorldView& view) {
    const Timeline& timeline = view.timeline();
    const RunRecorder& run = timeline.run();
    const WorldView::StripOnScreen& strip = view.strip();
    return {{"frame", timeline.frame()},
            {"t", timeline.t()},
            {"first_frame", run.first_frame()},
            {"end_frame", run.end_frame()},
            {"frames_dropped", run.recording().frames_dropped()},
            {"keyframes", run.recording().keyframe_count()},
            {"memory_bytes", run.memory_bytes()},
            {"memory_cap", view.recording_cap()},
            {"playing", timeline.playing()},
            {"speed", timeline.speed()},
            {"achieved_speed", timeline.achieved_speed()},
            {"stepping", view.stepping()},
            {"view_start", timeline.view_start()},
            {"view_width", timeline.view_width()},
            {"fitted", timeline.fitted()},
            {"selection", timeline.selection()
                              ? nlohmann::json::array(
                                    {timeline.selection()->first, timeline.selection()->second})
                              : nlohmann::json()},
            {"axis_lo_px", to_json(strip.axis_lo)},
            {"axis_hi_px", to_json(strip.axis_hi)},
            {"plot_lo_px", to_json(strip.plot_lo)},
            {"plot_hi_px", to_json(strip.plot_hi)}};
}

#ifdef CCDLAB_HAS_ENGINE_WORLDS
// An engine comparison (null when there is none): the engine, how far its run and its tunnel
// search are, its first tunnel, how many, each tunnel button on screen, whether the ghosts of
// the frame shown are drawn, the notes.
nlohmann::json engine_compare_json(const WorldView& view) {
    const EngineComparedRun* run = view.engine_compared();
    if (!run) return nullptr;
    const EngineComparedRun::Progress& p = view.engine_progress();
    nlohmann::json json = {{"engine", ccd::engine_name(run->engine())},
                           {"frames", run->frames()},
                           {"states_ready", p.states},
                           {"frames_checked", p.frames_checked},
                           {"done", p.done},
                           {"error", p.error},
                           {"tunnel_count", view.engine_tunnels().size()},
                           {"notes", run->notes()},
                           {"first_tunnel", nullptr}};
    if (!view.engine_tunnels().empty()) {
        const ccd::Tunnel& t = view.engine_tunnels().front();
        json["first_tunnel"] = {
            {"frame", t.frame},
            {"body", t.body},
            {"other_kind", t.other_kind == ccd::OtherKind::Wall ? "wall" : "body"},
            {"other", t.other},
            {"crossed", t.crossed},
            {"place", to_json(t.place)},
            {"reason", t.reason},
            {"text", run->describe(t)}};
    }
    nlohmann::json buttons = nlohmann::json::object();
    for (const auto& [index, at] : view.tunnel_buttons_px())
        buttons[std::to_string(index)] = to_json(at);
    json["tunnel_buttons_px"] = buttons;
    nlohmann::json ghosts = nullptr; // where the ghosts of the frame shown are drawn
    if (const auto& states = view.engine_ghosts()) {
        ghosts = nlohmann::json::array();
        for (const ccd::BodyState& s : *states)
            ghosts.push_back({{"position", to_json(s.position)}, {"angle", s.angle}});
    }
    json["ghosts"] = ghosts;
    return json;
}
#endif

// The comparison of two runs (null when there is none): its settings, where they part, the
// Compare section's buttons on screen, run b's bodies where the ghosts are drawn.
nlohmann::json compare_json(const WorldView& view) {
    nlohmann::json json = {{"error", view.compare_error()},
                           {"button_px", to_json(view.compare_button_px())},
                           {"divergence_button_px", to_json(view.divergence_button_px())}};
    const ComparedRun* compared = view.compared();
    json["running"] = compared != nullptr;
#ifdef CCDLAB_HAS_ENGINE_WORLDS
    json["engine"] = engine_compare_json(view);
    if (view.engine_compared()) json["running"] = true;
#endif
    if (!compared) return json;
    const ccd::RunComparison& comparison = compared->comparison();
    const ccd::RunDivergence& divergence = comparison.divergence;
    json["settings"] = ccd::describe(compared->settings());
    json["frames"] = compared->frames();
    json["events_a"] = divergence.events_a;
    json["events_b"] = divergence.events_b;
    json["diverged"] = divergence.diverged();
    json["differing"] = divergence.differing;
    if (const auto first = compared->first_divergence()) {
        const ccd::EventDifference& d = *divergence.first();
        json["first"] = {
            {"index", d.index},
            {"frame", first->frame},
            {"t", first->t},
            {"sequence", first->sequence},
            {"fields", d.fields.names()},
            {"a", d.a ? nlohmann::json(ccd::describe(*d.a, comparison.a)) : nlohmann::json()},
            {"b", d.b ? nlohmann::json(ccd::describe(*d.b, comparison.b)) : nlohmann::json()}};
    }
    return json;
}

// A side of the query lab: its name, where it is at t = 0, its motion and its acceleration (per
// frame squared); a turning side's pivot at t = 0 and its turn over the frame.
nlohmann::json lab_side_json(const LabSide& side) {
    nlohmann::json json = {{"name", side.name}, {"acceleration", to_json(side.swept.acceleration)}};
    const ccd::EndMotion ends = side.swept.end_motion();
    switch (side.swept.shape_kind()) {
    case ccd::ShapeKind::Segment:
        json.update({{"a", to_json(side.segment().a)},
                     {"b", to_json(side.segment().b)},
                     {"da", to_json(ends.displacement_a)},
                     {"db", to_json(ends.displacement_b)},
                     {"radius", side.segment().radius}});
        break;
    case ccd::ShapeKind::Polygon:
        json.update({{"center", to_json(center_at(side, 0.0))},
                     {"vertices", points_json(side.polygon().vertices)},
                     {"radius", side.polygon().radius},
                     {"displacement", to_json(side.swept.displacement())}});
        break;
    case ccd::ShapeKind::Point:
    case ccd::ShapeKind::Circle:
        json.update({{"center", to_json(side.circle().center)},
                     {"radius", side.circle().radius},
                     {"displacement", to_json(side.swept.displacement())}});
        break;
    }
    if (side.turns()) json["turning"] = {{"pivot", to_json(side.pivot())}, {"angle", side.angle()}};
    return json;
}

// The judge's verdict on an answer, its by_design and its text (null when it was not judged).
void judgement_json(nlohmann::json& item, const std::optional<ccd::Judgement>& judgement) {
    item["verdict"] =
        judgement ? nlohmann::json(std::string(ccd::to_string(judgement->verdict))) : nullptr;
    item["by_design"] = judgement ? nlohmann::json(judgement->by_design) : nullptr;
    item["text"] = judgement ? nlohmann::json(judgement->text) : nullptr;
}

// Every algorithm's answer to the lab's pair and the judge's verdict on it, or why it has none.
nlohmann::json algorithms_json(const QueryLab& lab) {
    nlohmann::json answers = nlohmann::json::array();
    for (const AlgorithmAnswer& answer : lab.algorithm_answers()) {
        const auto& hit = answer.hit;
        nlohmann::json item = {{"name", answer.algorithm->name},
                               {"t", hit ? nlohmann::json(hit->t) : nlohmann::json()},
                               {"point", hit ? to_json(hit->point) : nlohmann::json()},
                               {"normal", hit ? to_json(hit->normal) : nlohmann::json()},
                               {"disagrees", answer.disagrees()},
                               {"has_query", answer.has_query}};
        judgement_json(item, answer.judgement);
        if (answer.refusal) item["refusal"] = *answer.refusal;
        if (answer.iterative) item["iterative"] = ccd::iterative_to_json(*answer.iterative);
        answers.push_back(item);
    }
    return answers;
}

// The world's processed events (the log's first lines), each with where it happened on screen.
nlohmann::json events_json(const WorldView& view) {
    const std::vector<nlohmann::json> lines = ccd::event_log_to_json(view.log(), view.world());
    nlohmann::json events = nlohmann::json::array();
    for (std::size_t i = 0; i < view.log().events.size(); ++i) {
        nlohmann::json event = lines[i];
        event["point_px"] = to_json(view.camera().to_screen(view.log().events[i].point));
        events.push_back(std::move(event));
    }
    return events;
}

// Every body where it is at the scrub time (a turning one: its angle and outline as drawn).
nlohmann::json bodies_json(const WorldView& view) {
    const ccd::SceneWorld& world = view.world();
    nlohmann::json bodies = nlohmann::json::array();
    for (int i = 0; i < static_cast<int>(world.body_names.size()); ++i) {
        const Vec2 at = view.position_at(i, view.scrub_t());
        nlohmann::json body = {{"name", world.body_names[static_cast<std::size_t>(i)]},
                               {"position", to_json(at)},
                               {"position_px", to_json(view.camera().to_screen(at))}};
        if (view.turns(i)) {
            body["angle"] = view.pose_at(i, view.scrub_t()).angle;
            body["outline"] = points_json(view.drawn_outline(i, view.scrub_t()));
        }
        bodies.push_back(std::move(body));
    }
    return bodies;
}

// What the selected event or cancelled row lights up: its parties, its contact and normal.
nlohmann::json highlight_json(const WorldView& view) {
    const ccd::SceneWorld& world = view.world();
    const WorldHighlight lit = view.highlight();
    nlohmann::json highlight = {{"bodies", nlohmann::json::array()},
                                {"walls", nlohmann::json::array()}};
    for (const int body : lit.bodies)
        highlight["bodies"].push_back(world.body_names[static_cast<std::size_t>(body)]);
    for (const int wall : lit.walls)
        highlight["walls"].push_back(world.wall_names[static_cast<std::size_t>(wall)]);
    highlight["point_px"] =
        lit.has_contact ? to_json(view.camera().to_screen(lit.point)) : nlohmann::json();
    highlight["normal"] = lit.has_contact ? to_json(lit.normal) : nlohmann::json();
    return highlight;
}

// The labels drawn, where each is on screen.
nlohmann::json labels_json(const WorldView& view) {
    nlohmann::json labels = nlohmann::json::array();
    for (const ShownLabel& label : view.shown_labels())
        labels.push_back({{"text", label.text},
                          {"top_left_px", to_json(label.top_left)},
                          {"size_px", to_json(label.size)}});
    return labels;
}

// The event table's rows shown, where each is on screen.
nlohmann::json table_rows_json(const WorldView& view) {
    nlohmann::json rows = nlohmann::json::array();
    for (const TableRowOnScreen& row : view.table_rows())
        rows.push_back({{"cancelled", row.cancelled},
                        {"index", row.index},
                        {"center_px", to_json(row.center_px)}});
    return rows;
}

// The panel's "Selected body at t" (null when no body is selected).
nlohmann::json selected_body_json(const WorldView& view) {
    const auto body = view.selected_body_at_t();
    if (!body) return nullptr;
    return {{"name", view.world().body_names[static_cast<std::size_t>(body->index)]},
            {"position", to_json(body->pose.position)},
            {"velocity", to_json(body->rates.velocity)},
            {"angle", body->pose.angle},
            {"angular_velocity", body->rates.angular_velocity},
            {"turns", body->turns}};
}

nlohmann::json optional_px(const std::optional<Vec2>& at) {
    return at ? to_json(*at) : nlohmann::json();
}

// A finding row's export buttons, by what they export (null: the row has none on screen).
nlohmann::json exports_px_json(const HuntPanelOnScreen& on_screen, std::size_t row) {
    if (row >= on_screen.exports_px.size() || !on_screen.exports_px[row]) return nullptr;
    const std::array<Vec2, 3>& at = *on_screen.exports_px[row];
    return {{"test", to_json(at[0])}, {"fixture", to_json(at[1])}, {"link", to_json(at[2])}};
}

// The lab's Hunt section: the hunt's state, its finding groups (what a row opens: its finding
// "shrunk", the finding as "found", or "none") and where its buttons are.
nlohmann::json hunt_json(const HuntPanel& panel) {
    const HuntStatus status = panel.status();
    nlohmann::json groups = nlohmann::json::array();
    const HuntPanelOnScreen& on_screen = panel.on_screen();
    for (std::size_t i = 0; i < status.groups.size(); ++i) {
        const HuntGroup& group = status.groups[i];
        const auto* why = std::get_if<std::string>(&group.lab_form);
        groups.push_back({{"class", group.finding_class},
                          {"feature", group.feature},
                          {"size", group.size},
                          {"shrunk", group.shrunk},
                          {"query", ccd::query_line(group.finding.query)},
                          {"found_query", ccd::query_line(group.found.query)},
                          {"opens", group.opens() == nullptr         ? "none"
                                    : why == nullptr && group.shrunk ? "shrunk"
                                                                     : "found"},
                          {"no_lab_form", why ? nlohmann::json(*why) : nlohmann::json()},
                          {"row_px", i < on_screen.rows_px.size() ? to_json(on_screen.rows_px[i])
                                                                  : nlohmann::json()},
                          {"export_px", exports_px_json(on_screen, i)}});
    }
    return {{"phase", to_string(status.phase)},
            {"running", panel.running()},
            {"algorithm", status.algorithm},
            {"budget", status.budget},
            {"calls_in", status.calls_in},
            {"variants", status.variants},
            {"findings", status.findings},
            {"stopped", status.stopped},
            {"error", status.error},
            {"groups", groups},
            {"opened", panel.opened()},
            {"hunt_px", optional_px(on_screen.hunt_px)},
            {"stop_px", optional_px(on_screen.stop_px)},
            {"original_px", optional_px(on_screen.original_px)}};
}

// The times the trace marks on the drawn path (QueryLab::path_marks), where each is in the world
// and on screen.
nlohmann::json path_marks_json(const QueryLabView& view) {
    nlohmann::json marks = nlohmann::json::array();
    for (const PathMark& mark : view.lab().path_marks())
        marks.push_back({{"t", mark.t},
                         {"verdict", std::string(ccd::to_string(mark.verdict))},
                         {"candidate", mark.candidate},
                         {"position", to_json(mark.position)},
                         {"position_px", to_json(view.camera().to_screen(mark.position))}});
    return marks;
}

} // namespace

void write_report(const std::filesystem::path& path, const QueryLabView& view,
                  const std::filesystem::path& scene, const SessionReport* session) {
    const QueryLab& lab = view.lab();
    nlohmann::json report;
    report["mode"] = "query";
    report["scene"] = scene.filename().string();
    report["pair"] = std::string(lab.kind().name);
    report["playing"] = view.playing();
    report["mover"] = lab_side_json(lab.mover());
    report[lab.obstacle().swept.shape_kind() == ccd::ShapeKind::Segment ? "segment" : "obstacle"] =
        lab_side_json(lab.obstacle());
    report["scrub_t"] = lab.scrub_t;
    report["hit"] = lab.hit() ? ccd::hit_to_json(lab.hit()) : nlohmann::json();
    report["algorithms"] = algorithms_json(lab);
    report["disagreement"] = lab.any_disagreement();
    report["banner"] = view.banner();
    report["search_plot"] = search_plot_json(view.search_plot());
    report["box2d_search_shown"] = view.box2d_search() != nullptr;
    report["tolerance"] = lab.tolerance();
    const nlohmann::json trace = ccd::trace_to_json(lab.trace());
    report["trace"] = trace["candidates"];
    report["query"] = lab.trace().query;
    report["path_marks"] = path_marks_json(view);
    report["search"] = trace.contains("search") ? trace["search"] : nlohmann::json();
    nlohmann::json handles;
    for (Handle h : lab.handles())
        handles[std::string(to_string(h))] =
            to_json(view.camera().to_screen(lab.handle_position(h)));
    report["handles_px"] = handles;
    report["hovered"] = to_string(view.hovered());
    report["can_undo"] = view.can_undo();
    report["help_shown"] = view.help_shown();
    report["layers"] = layers_json(view.layers());
    report["show_px"] = checkboxes_json(view);
    report["equation_candidate"] = view.shown_candidate();
    report["layout"] = layout_json(view);
    report["hunt"] = hunt_json(view.hunt());
    if (session) report["session"] = to_json(*session);
    write_atomically(path, report);
}

void write_report(const std::filesystem::path& path, const WorldView& view,
                  const std::filesystem::path& scene, const SessionReport* session) {
    nlohmann::json report = {{"mode", "world"},
                             {"scene", scene.filename().string()},
                             {"frame", view.log().frame},
                             {"scrub_t", view.scrub_t()},
                             {"selected_event", view.selected_event()},
                             {"events", events_json(view)},
                             {"cancelled", view.log().cancelled.size()},
                             {"bodies", bodies_json(view)}};
    report["selected_cancelled"] = view.selected_cancelled();
    report["refusal"] = view.refusal() ? nlohmann::json(*view.refusal()) : nlohmann::json();
    report["highlight"] = highlight_json(view);
    report["layers"] = layers_json(view.layers());
    report["dense"] = view.dense();
    report["labels"] = labels_json(view);
    report["table_rows"] = table_rows_json(view);
    report["table_columns"] = view.table_columns();
    report["table_overflow_px"] = view.table_overflow_px();
    report["table_columns_button_px"] = to_json(view.column_button_px());
    report["hunt_button_px"] = optional_px(view.hunt_button_px());
    report["hunt_offer"] = {{"frame", view.hunt_offer().frame},
                            {"event", view.hunt_offer().event},
                            {"why_not", view.hunt_offer().why_not}};
    nlohmann::json column_checkboxes = nlohmann::json::object();
    for (const auto& [name, at] : view.column_checkboxes_px())
        column_checkboxes[name] = to_json(at);
    report["table_column_checkboxes_px"] = column_checkboxes;
    report["table_spins"] = view.any_turning(); // the event table's spin and impulse columns
    report["show_px"] = checkboxes_json(view);
    report["timeline"] = timeline_json(view);
    report["compare"] = compare_json(view);
    report["edit"] = edit_json(view);
    report["selected_body"] = selected_body_json(view);
    report["help_shown"] = view.help_shown();
    report["layout"] = layout_json(view);
    if (session) report["session"] = to_json(*session);
    write_atomically(path, report);
}

} // namespace ccdlab
