#include "ccd/fixture.hpp"

#include "ccd/hypot.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "shortest_text.hpp"

#include <cmath>

namespace ccd {
namespace {

using detail::shortest_text;

double distance(Vec2 p, Vec2 q) {
    return ccd::hypot(p.x - q.x, p.y - q.y);
}

// Why `got` does not match `wanted`, or an empty string when it does.
std::string mismatch(const ExpectedEvent& wanted, const ExpectedEvent& got,
                     const ExpectTolerance& tolerance) {
    if (got.frame != wanted.frame) return "in another frame";
    if (got.a != wanted.a || got.b != wanted.b) return "between other participants";
    if (got.feature != wanted.feature) return "on another feature";
    if (!(std::fabs(got.time - wanted.time) <= tolerance.time))
        return "time differs by " + shortest_text(got.time - wanted.time) + ", more than " +
               shortest_text(tolerance.time);
    if (!(distance(got.point, wanted.point) <= tolerance.distance))
        return "point is " + shortest_text(distance(got.point, wanted.point)) +
               " away, more than " + shortest_text(tolerance.distance);
    if (!(distance(got.normal, wanted.normal) <= tolerance.distance))
        return "normal is " + shortest_text(distance(got.normal, wanted.normal)) +
               " away, more than " + shortest_text(tolerance.distance);
    return {};
}

} // namespace

std::vector<ExpectedEvent> replay_events(const Scene& scene, int frames,
                                         std::string_view algorithm) {
    WorldOptions options;
    options.algorithm = std::string(algorithm);
    SceneWorld world = make_world(scene, options);
    std::vector<ExpectedEvent> events;
    for (int frame = 0; frame < frames; ++frame) {
        for (const ContactEvent& event : world.world.step().events) {
            const auto& others =
                event.other_kind == OtherKind::Wall ? world.wall_names : world.body_names;
            events.push_back({frame, event.time, world.body_names[std::size_t(event.body)],
                              others[std::size_t(event.other)], event.feature, event.point,
                              event.normal});
        }
    }
    return events;
}

Expectation record_expectation(const Scene& scene, int frames, ExpectTolerance tolerance) {
    return {frames, tolerance, replay_events(scene, frames)};
}

std::string describe(const ExpectedEvent& event) {
    return "frame " + std::to_string(event.frame) + ", t " + shortest_text(event.time) + ": " +
           event.a + " / " + event.b + " at " + std::string(to_string(event.feature)) + ", point " +
           shortest_text(event.point) + ", normal " + shortest_text(event.normal);
}

std::optional<std::string> first_difference(const Scene& scene, std::string_view algorithm) {
    if (!scene.expect) return "has no expect section";
    const Expectation& expect = *scene.expect;
    const std::vector<ExpectedEvent> got = replay_events(scene, expect.frames, algorithm);
    for (std::size_t i = 0; i < got.size() || i < expect.events.size(); ++i) {
        const std::string index = "event " + std::to_string(i) + ": ";
        if (i >= expect.events.size())
            return index + "not expected, but it happened\n  got:      " + describe(got[i]) +
                   "\n  (" + std::to_string(got.size()) + " events instead of " +
                   std::to_string(expect.events.size()) + ")";
        if (i >= got.size())
            return index +
                   "expected, but it did not happen\n  expected: " + describe(expect.events[i]) +
                   "\n  (" + std::to_string(got.size()) + " events instead of " +
                   std::to_string(expect.events.size()) + ")";
        const std::string why = mismatch(expect.events[i], got[i], expect.tolerance);
        if (!why.empty())
            return index + why + "\n  expected: " + describe(expect.events[i]) +
                   "\n  got:      " + describe(got[i]);
    }
    return std::nullopt;
}

} // namespace ccd
