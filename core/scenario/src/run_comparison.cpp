#include "ccd/run_comparison.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/chain_edge.hpp"
#include "ccd/detail/swept_rescaling.hpp"
#include "ccd/divergence_stream.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_limits.hpp"
#include "ccd/scene_loader.hpp"
#include "shortest_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace ccd {
namespace {

using detail::shortest_text;

struct Named {
    std::string_view name;
    ResponseKind kind;
};
constexpr Named kResponses[] = {{"bounce", ResponseKind::Bounce},
                                {"slide", ResponseKind::Slide},
                                {"stop", ResponseKind::Stop},
                                {"destroy", ResponseKind::Destroy},
                                {"sensor", ResponseKind::Sensor}};

std::string_view response_name(ResponseKind kind) {
    for (const Named& r : kResponses)
        if (r.kind == kind) return r.name;
    return "callback";
}

std::string_view log_level_name(LogLevel level) {
    return level == LogLevel::Full ? "full" : level == LogLevel::Events ? "events" : "none";
}

// The whole of `text` as a finite double.
std::optional<double> finite_number(std::string_view text) {
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string in_quotes(std::string_view text) {
    return "\"" + printable_excerpt(text) + "\"";
}

const std::string& name_at(const std::vector<std::string>& names, int index) {
    static const std::string unknown = "?";
    return index >= 0 && static_cast<std::size_t>(index) < names.size()
               ? names[static_cast<std::size_t>(index)]
               : unknown;
}

// Every body and polygon of the scene as the queries see it at t = 0.
std::vector<Swept> bodies_swept(const Scene& scene) {
    std::vector<Swept> out;
    for (const Body& body : scene.bodies) {
        const Translation motion{body.velocity};
        if (body.shape == BodyShape::Point)
            out.push_back({Point{body.circle.center}, motion});
        else
            out.push_back({body.circle, motion});
    }
    for (const PolygonBody& polygon : scene.polygons) {
        if (polygon.turns())
            out.push_back({polygon.at_start(), polygon.turning()});
        else
            out.push_back({polygon.at_start(), Translation{polygon.velocity}});
    }
    return out;
}

// Every wall of the scene as the queries see it at t = 0.
std::vector<Swept> walls_swept(const Scene& scene) {
    std::vector<Swept> out;
    for (const Wall& wall : scene.walls) {
        if (wall.turns())
            out.push_back({wall.segment, wall.turning()});
        else if (wall.is_static())
            out.push_back({wall.segment, Still{}});
        else
            out.push_back({wall.segment, EndMotion{wall.displacement_a, wall.displacement_b}});
    }
    for (const Chain& chain : scene.chains) // static edges
        for (const ChainEdge& edge : chain_edges(chain.points, chain.loop))
            out.push_back({Segment{edge.a, edge.b}, Still{}});
    return out;
}

// `x` to 6 significant digits: a bound read by people, not read back.
std::string six_digits(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", x);
    return text;
}

// The larger of a slack's two sides.
double larger_side(const Slack& slack) {
    return std::max(slack.short_of_contact, slack.past_contact);
}

// The algorithm called `name`; std::invalid_argument when there is none.
const Algorithm& algorithm_called(std::string_view name) {
    const Algorithm* algorithm = find_algorithm(name);
    if (!algorithm) throw std::invalid_argument("unknown algorithm " + in_quotes(name));
    return *algorithm;
}

// The algorithm of `a` or `b` whose slack is the larger, "" when neither states one.
std::string slack_holder(const Scene& scene, const RunSettings& a, const RunSettings& b) {
    const double slack_a = scene_slack(scene, a.algorithm);
    const double slack_b = scene_slack(scene, b.algorithm);
    if (slack_a <= 0.0 && slack_b <= 0.0) return "";
    return slack_a >= slack_b ? a.algorithm : b.algorithm;
}

} // namespace

double scene_scale(const Scene& scene) {
    double scale = 1.0;
    const auto note = [&scale](double v) { scale = std::max(scale, std::fabs(v)); };
    for (const Swept& swept : bodies_swept(scene))
        detail::for_each_length(swept, note);
    for (const Swept& swept : walls_swept(scene))
        detail::for_each_length(swept, note);
    return scale;
}

double scene_slack(const Scene& scene, std::string_view name) {
    const Algorithm& algorithm = algorithm_called(name);
    if (!algorithm.slack) return 0.0;
    const std::vector<Swept> bodies = bodies_swept(scene);
    const std::vector<Swept> walls = walls_swept(scene);
    double slack = 0.0;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        for (std::size_t j = i + 1; j < bodies.size(); ++j)
            slack = std::max(slack, larger_side(slack_of(algorithm, bodies[i], bodies[j])));
        for (const Swept& wall : walls)
            slack = std::max(slack, larger_side(slack_of(algorithm, bodies[i], wall)));
    }
    return slack;
}

DivergenceTolerance run_tolerance(const Scene& scene, const RunSettings& a, const RunSettings& b,
                                  double tolerance) {
    if (!std::isfinite(tolerance) || tolerance < 0.0)
        throw std::invalid_argument("a tolerance is a number >= 0, got " +
                                    shortest_text(tolerance));
    if (tolerance == 0.0) return {0.0, 0.0, 0.0, 0.0, 0.0};
    const double scale = scene_scale(scene);
    const double slack = std::max(scene_slack(scene, a.algorithm), scene_slack(scene, b.algorithm));
    const double relative = tolerance + slack / scale;
    return {relative, relative * scale, relative * scale, relative, slack};
}

void apply_setting(RunSettings& settings, std::string_view key_value) {
    const std::size_t equals = key_value.find('=');
    if (equals == std::string_view::npos)
        throw std::invalid_argument("a setting is KEY=VALUE, got " + in_quotes(key_value));
    const std::string_view key = key_value.substr(0, equals);
    const std::string_view value = key_value.substr(equals + 1);
    if (key == "algorithm") {
        if (!find_algorithm(value)) {
            std::string names;
            for (const Algorithm& a : algorithms())
                names += (names.empty() ? "" : ", ") + std::string(a.name);
            throw std::invalid_argument("unknown algorithm " + in_quotes(value) + " (one of " +
                                        names + ")");
        }
        settings.algorithm = value;
    } else if (key == "restitution") {
        const std::optional<double> x = finite_number(value);
        if (!x || *x < 0.0 || *x > 1.0)
            throw std::invalid_argument("restitution is a number from 0 to 1, got " +
                                        in_quotes(value));
        settings.restitution = *x;
    } else if (key == "response") {
        for (const Named& r : kResponses)
            if (value == r.name) {
                settings.response = r.kind;
                return;
            }
        throw std::invalid_argument("response is bounce, slide, stop, destroy or sensor, got " +
                                    in_quotes(value));
    } else if (key == "log_level") {
        if (value == "full")
            settings.log_level = LogLevel::Full;
        else if (value == "events")
            settings.log_level = LogLevel::Events;
        else if (value == "none")
            settings.log_level = LogLevel::None;
        else
            throw std::invalid_argument("log_level is full, events or none, got " +
                                        in_quotes(value));
    } else if (key == "event_budget") {
        int budget = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), budget);
        if (error != std::errc{} || end != value.data() + value.size() || budget < 0)
            throw std::invalid_argument("event_budget is a whole number >= 0 (0: the default), "
                                        "got " +
                                        in_quotes(value));
        settings.event_budget = budget;
    } else if (key == "broadphase") {
        if (value == "grid")
            settings.broadphase = Broadphase::Grid;
        else if (value == "all-pairs")
            settings.broadphase = Broadphase::AllPairs;
        else
            throw std::invalid_argument("broadphase is grid or all-pairs, got " + in_quotes(value));
    } else {
        throw std::invalid_argument("unknown setting " + in_quotes(key) +
                                    " (algorithm, restitution, response, log_level, "
                                    "event_budget or broadphase)");
    }
}

std::string describe(const RunSettings& settings) {
    const RunSettings defaults;
    std::string text;
    const auto add = [&](const std::string& word) { text += (text.empty() ? "" : " ") + word; };
    if (settings.algorithm != defaults.algorithm) add("algorithm=" + settings.algorithm);
    if (settings.restitution) add("restitution=" + shortest_text(*settings.restitution));
    if (settings.response) add("response=" + std::string(response_name(*settings.response)));
    if (settings.log_level != defaults.log_level)
        add("log_level=" + std::string(log_level_name(settings.log_level)));
    if (settings.event_budget != defaults.event_budget)
        add("event_budget=" + std::to_string(settings.event_budget));
    if (settings.broadphase != defaults.broadphase) add("broadphase=all-pairs");
    return text.empty() ? "defaults" : text;
}

Scene scene_with(const Scene& scene, const RunSettings& settings) {
    Scene out = scene;
    const auto apply = [&](auto& body) {
        if (settings.restitution) body.restitution = *settings.restitution;
        if (settings.response) body.response = *settings.response;
    };
    for (Body& body : out.bodies)
        apply(body);
    for (PolygonBody& polygon : out.polygons)
        apply(polygon);
    return out;
}

SceneWorld make_run_world(const Scene& scene, const RunSettings& settings) {
    WorldOptions options;
    options.algorithm = settings.algorithm;
    options.log_level = settings.log_level;
    options.event_budget = settings.event_budget;
    options.broadphase = settings.broadphase;
    return make_world(scene_with(scene, settings), std::move(options));
}

// The events of the World's next frame, numbered `frame`, into `events` (cleared first).
static void frame_events(World& world, int frame, std::vector<RunEvent>& events) {
    events.clear();
    while (const ContactEvent* event = world.next_event())
        events.push_back(RunEvent{frame, *event, true});
    world.step(); // the rest of the frame, past its last event
}

RecordedRun record_run(const Scene& scene, const RunSettings& settings, int frames) {
    SceneWorld world = make_run_world(scene, settings);
    RecordedRun run{describe(settings), {}, world.body_names, world.wall_names};
    std::vector<RunEvent> events;
    for (int frame = 0; frame < frames; ++frame) {
        frame_events(world.world, frame, events);
        run.events.insert(run.events.end(), events.begin(), events.end());
    }
    return run;
}

RecordedRun expected_run(const Scene& fixture) {
    if (!fixture.expect) throw SceneError("has no expect section");
    const SceneWorld world = make_world(fixture);
    RecordedRun run{"fixture", {}, world.body_names, world.wall_names};
    const auto index_of = [](const std::vector<std::string>& names, const std::string& name) {
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == name) return static_cast<int>(i);
        return -1;
    };
    for (const ExpectedEvent& expected : fixture.expect->events) {
        RunEvent e;
        e.frame = expected.frame;
        e.has_velocities = false;
        e.event.time = expected.time;
        e.event.body = index_of(run.body_names, expected.a);
        if (e.event.body < 0)
            throw SceneError("expect: no body called " + in_quotes(expected.a) + " in the scene");
        const int wall = index_of(run.wall_names, expected.b);
        e.event.other_kind = wall >= 0 ? OtherKind::Wall : OtherKind::Body;
        e.event.other = wall >= 0 ? wall : index_of(run.body_names, expected.b);
        if (e.event.other < 0)
            throw SceneError("expect: no segment, polygon or body called " + in_quotes(expected.b) +
                             " in the scene");
        e.event.feature = expected.feature;
        e.event.point = expected.point;
        e.event.normal = expected.normal;
        e.event.sequence = -1;
        run.events.push_back(e);
    }
    return run;
}

RunComparison compare_runs(const Scene& scene, const RunSettings& a, const RunSettings& b,
                           int frames, double tolerance) {
    if (frames < 0 || frames > kMaxSceneFrames)
        throw std::invalid_argument("compare_runs: frames is 0 to " +
                                    std::to_string(kMaxSceneFrames) + ", got " +
                                    std::to_string(frames));
    const DivergenceTolerance within = run_tolerance(scene, a, b, tolerance);
    SceneWorld world_a = make_run_world(scene, a);
    SceneWorld world_b = make_run_world(scene, b);
    RunComparison c{{"a: " + describe(a), {}, world_a.body_names, world_a.wall_names},
                    {"b: " + describe(b), {}, world_b.body_names, world_b.wall_names},
                    {},
                    within,
                    {}};
    if (within.slack > 0.0) c.slack_of = slack_holder(scene, a, b);
    DivergenceStream stream(within);
    std::vector<RunEvent> events_a, events_b; // one frame's
    for (int frame = 0; frame < frames; ++frame) {
        frame_events(world_a.world, frame, events_a);
        frame_events(world_b.world, frame, events_b);
        stream.add_frame(events_a, events_b);
        c.held_at_most =
            std::max(c.held_at_most, events_a.size() + events_b.size() + stream.held_at_most());
    }
    c.divergence = stream.divergence();
    return c;
}

RunComparison compare_with_expectation(const Scene& fixture, const RunSettings& a,
                                       const DivergenceTolerance& tolerance) {
    RecordedRun expected = expected_run(fixture);
    RunComparison c{
        record_run(fixture, a, fixture.expect->frames), std::move(expected), {}, tolerance, {}};
    c.a.label = "run: " + c.a.label;
    if (tolerance.slack > 0.0) c.slack_of = slack_holder(fixture, a, a);
    c.divergence = find_divergence(c.a.events, c.b.events, tolerance);
    return c;
}

std::string describe_tolerance(const RunComparison& comparison) {
    const DivergenceTolerance& w = comparison.within;
    if (w.time == 0.0 && w.distance == 0.0 && w.velocity == 0.0 && w.normal == 0.0 &&
        w.slack == 0.0)
        return "exact: every field equal bit for bit";
    std::string text = "times within " + six_digits(w.time);
    if (w.distance == w.velocity)
        text += ", points and velocities within " + six_digits(w.distance);
    else
        text += ", points within " + six_digits(w.distance) + ", velocities within " +
                six_digits(w.velocity);
    text += ", normals within " + six_digits(w.normal);
    if (w.slack > 0.0 && !comparison.slack_of.empty())
        text += "; " + comparison.slack_of + "'s slack " + six_digits(w.slack) +
                " added: events within " + comparison.slack_of +
                "'s documented slack are the same (by design, not a divergence)";
    return text;
}

std::string describe(const RunEvent& event, const RecordedRun& run) {
    const ContactEvent& e = event.event;
    const auto& others = e.other_kind == OtherKind::Wall ? run.wall_names : run.body_names;
    std::string text = "frame " + std::to_string(event.frame) + ", t " + shortest_text(e.time) +
                       ": " + name_at(run.body_names, e.body) + " / " + name_at(others, e.other) +
                       " at " + std::string(to_string(e.feature)) + ", point " +
                       shortest_text(e.point) + ", normal " + shortest_text(e.normal);
    if (!event.has_velocities) return text;
    text += ", velocity " + shortest_text(e.body_velocity_before) + " -> " +
            shortest_text(e.body_velocity_after);
    if (e.other_kind == OtherKind::Body)
        text += ", other's " + shortest_text(e.other_velocity_before) + " -> " +
                shortest_text(e.other_velocity_after);
    if (e.body_removed) text += ", body removed";
    if (e.other_removed) text += ", other removed";
    return text;
}

std::string describe(const EventDifference& d, const RecordedRun& a, const RecordedRun& b) {
    std::string text = "event " + std::to_string(d.index) + ": " + d.fields.names() + " differ";
    if (d.fields.missing) text = "event " + std::to_string(d.index) + ": in one run only";
    text += "\n  " + a.label + ": " + (d.a ? describe(*d.a, a) : "none");
    text += "\n  " + b.label + ": " + (d.b ? describe(*d.b, b) : "none");
    if (d.a && d.b) {
        text += "\n  by: time " + shortest_text(d.time) + ", point " + shortest_text(d.point) +
                ", normal " + shortest_text(d.normal);
        if (d.a->has_velocities && d.b->has_velocities)
            text += ", velocity " + shortest_text(d.velocity);
    }
    return text;
}

} // namespace ccd
