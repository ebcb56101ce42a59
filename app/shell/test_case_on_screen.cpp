#include "test_case_on_screen.hpp"

#include "lab_scene.hpp"

#include "ccd/frame_range_export.hpp"

#include <algorithm>
#include <exception>
#include <memory>
#include <optional>
#include <utility>

namespace ccdlab {
namespace {

std::string title_of(const ccd::Scene& scene) {
    return scene.title.empty() ? std::string("untitled scene") : scene.title;
}

TestCaseOnScreen lab_case_on_screen(const QueryLabView& lab) {
    TestCaseOnScreen out;
    const ccd::Scene& scene = lab.source_scene();
    out.stem = fixture_slug(title_of(scene));
    ccd::ExportCase c =
        ccd::query_case(lab.lab().swept(Side::Mover), lab.lab().swept(Side::Obstacle), "lab",
                        "the query lab's " + std::string(lab.lab().kind().name) + " pair of \"" +
                            title_of(scene) + "\"");
    // Its link opens the lab's own case.
    c.scene = std::make_shared<const ccd::Scene>(lab_case(scene, lab.lab()));
    out.what = "The query lab's pair (" + std::string(lab.lab().kind().name) + ")";
    out.cases.push_back(std::move(c));
    return out;
}

// The names of the selected event's two parties (a body, and a body, polygon or wall).
std::pair<std::string, std::string> party_names(const ccd::Scene& scene,
                                                const ccd::ContactEvent& event) {
    const auto body_name = [&scene](int index) {
        const auto i = static_cast<std::size_t>(index);
        return i < scene.bodies.size() ? scene.bodies[i].name
                                       : scene.polygons.at(i - scene.bodies.size()).name;
    };
    const std::string other = event.other_kind == ccd::OtherKind::Wall
                                  ? scene.walls.at(static_cast<std::size_t>(event.other)).name
                                  : body_name(event.other);
    return {body_name(event.body), other};
}

TestCaseOnScreen world_case_on_screen(const WorldView& world) {
    TestCaseOnScreen out;
    out.stem = fixture_slug(title_of(world.scene()));
    const auto& events = world.log().events;
    const auto event = std::find_if(events.begin(), events.end(), [&](const auto& e) {
        return e.sequence == world.selected_event();
    });
    if (world.selected_event() < 0 || event == events.end()) {
        out.missing = "Select an event in the frame's table: its pair, at the frame's start, is "
                      "the case.";
        return out;
    }
    const int frame = world.log().frame;
    const auto [a, b] = party_names(world.scene(), *event);
    out.stem += "-frame-" + std::to_string(frame);
    try {
        const ccd::Scene at = ccd::export_frame_range(world.scene(), frame, 1).fixture;
        for (ccd::ExportCase& c : ccd::scene_cases(at, "\"" + title_of(world.scene()) + "\"")) {
            if (c.name != a + "_" + b && c.name != b + "_" + a) continue;
            c.source = "event " + std::to_string(event->sequence) + " of frame " +
                       std::to_string(frame) + " of \"" + title_of(world.scene()) + "\": \"" + a +
                       "\" against \"" + b + "\" from the frame's start";
            out.cases.push_back(std::move(c));
            break;
        }
    } catch (const std::exception& e) {
        out.missing = e.what();
        return out;
    }
    out.what = "Event " + std::to_string(event->sequence) + " of frame " + std::to_string(frame) +
               ": \"" + a + "\" against \"" + b + "\" from the frame's start";
    if (out.cases.empty()) out.missing = "The pair of the event is not found at the frame's start.";
    return out;
}

} // namespace

std::variant<ccd::Scene, std::string> event_pair_scene(const WorldView& world) {
    const TestCaseOnScreen on_screen = world_case_on_screen(world);
    if (on_screen.cases.empty()) return on_screen.missing;
    const ccd::ExportCase& pair = on_screen.cases.front();
    std::string why;
    std::optional<ccd::Scene> scene = ccd::scene_of_pair(pair.mover, pair.obstacle, &why);
    if (!scene) return "The query lab cannot show this pair: " + why;
    scene->title = "Event " + std::to_string(world.selected_event()) + " of frame " +
                   std::to_string(world.log().frame) + " of " + title_of(world.scene());
    scene->description = pair.source;
    scene->algorithm = world.scene().algorithm;
    try {
        if (view_kind_for(*scene, "the event's pair", Mode::Automatic) != ViewKind::QueryLab)
            return std::string("The query lab cannot show this pair: it is no lab pair");
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
    return std::move(*scene);
}

TestCaseOnScreen test_case_on_screen(const AnyView& view) {
    if (const auto* lab = std::get_if<QueryLabView>(&view)) return lab_case_on_screen(*lab);
    return world_case_on_screen(std::get<WorldView>(view));
}

} // namespace ccdlab
