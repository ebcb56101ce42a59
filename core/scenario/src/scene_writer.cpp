#include "ccd/scene_writer.hpp"

#include "ccd/atomic_write.hpp"
#include "ccd/scene_loader.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>
#include <string_view>

namespace ccd {
namespace {

using Json = nlohmann::ordered_json; // keeps the keys in the order they are written

Json vec2(Vec2 v) {
    return Json::array({v.x, v.y});
}

// +0 in both components: a displacement that need not be written ("-0.0" is kept).
bool is_positive_zero(Vec2 v) {
    return v == Vec2{} && !std::signbit(v.x) && !std::signbit(v.y);
}

bool is_positive_zero(double x) {
    return x == 0.0 && !std::signbit(x);
}

// The response as a scene file names it (a callback is a function, which no file can hold).
std::string_view response_name(ResponseKind response) {
    if (response == ResponseKind::Callback)
        throw SceneError("a callback response cannot be written to a scene file");
    return to_string(response);
}

Json engines_json(const EngineSettings& engines) {
    Json bullets = Json::array();
    for (const std::string& name : engines.box2d.bullets)
        bullets.push_back(name);
    Json bodies = Json::array();
    for (const BulletBodySettings& body : engines.bullet.bodies) {
        Json b{{"name", body.name}};
        if (body.ccd_motion_threshold) b["ccd_motion_threshold"] = *body.ccd_motion_threshold;
        if (body.ccd_swept_sphere_radius)
            b["ccd_swept_sphere_radius"] = *body.ccd_swept_sphere_radius;
        bodies.push_back(std::move(b));
    }
    Json bullet{{"ccd_motion_threshold", engines.bullet.ccd_motion_threshold},
                {"ccd_swept_sphere_radius", engines.bullet.ccd_swept_sphere_radius}};
    if (!bodies.empty()) bullet["bodies"] = bodies;
    return Json{{"dt", engines.dt},
                {"box2d",
                 {{"velocity_iterations", engines.box2d.velocity_iterations},
                  {"position_iterations", engines.box2d.position_iterations},
                  {"bullets", bullets}}},
                {"bullet", bullet},
                {"chipmunk",
                 {{"iterations", engines.chipmunk.iterations},
                  {"collision_slop", engines.chipmunk.collision_slop}}}};
}

// A rate as the file writes it: per second when the scene has a time step (ccd::per_second).
struct Rates {
    std::optional<double> dt;
    Json operator()(Vec2 v) const { return vec2(dt ? per_second(v, *dt) : v); }
    double operator()(double x) const { return dt ? per_second(x, *dt) : x; }
};

Json units_json(const SceneUnits& units) {
    Json out{{"length", to_string(units.length)}};
    if (units.pixels_per_metre) out["pixels_per_metre"] = *units.pixels_per_metre;
    if (units.dt) out["dt"] = *units.dt;
    return out;
}

// A body's side memory, from a run (docs/scene-format.md, "Side memory").
Json last_contact_json(const LastContact& contact) {
    return Json{{contact.segment ? "segment" : "body", contact.other},
                {"time", contact.time},
                {"normal", vec2(contact.normal)}};
}

Json body_json(const Body& body, const Rates& rate) {
    Json b;
    b["name"] = body.name;
    b["shape"] = body.shape == BodyShape::Circle ? "circle" : "point";
    if (body.is_static) b["static"] = true; // then it has no velocity
    b["position"] = vec2(body.circle.center);
    if (!body.is_static) b["velocity"] = rate(body.velocity);
    if (body.shape == BodyShape::Circle) b["radius"] = body.circle.radius;
    b["response"] = response_name(body.response);
    b["restitution"] = body.restitution;
    if (body.gravity_scale != 1.0) b["gravity_scale"] = body.gravity_scale;
    if (body.last_contact) b["last_contact"] = last_contact_json(*body.last_contact);
    return b;
}

Json wall_json(const Wall& wall, const Rates& rate) {
    Json w;
    w["name"] = wall.name;
    w["a"] = vec2(wall.segment.a);
    w["b"] = vec2(wall.segment.b);
    if (!is_positive_zero(wall.segment.radius)) w["radius"] = wall.segment.radius; // a capsule
    if (!is_positive_zero(wall.displacement_a)) w["da"] = rate(wall.displacement_a);
    if (!is_positive_zero(wall.displacement_b)) w["db"] = rate(wall.displacement_b);
    if (wall.pivot) {
        w["pivot"] = vec2(*wall.pivot);
        w["angle"] = rate(wall.angle);
    }
    return w;
}

Json polygon_json(const PolygonBody& polygon, const Rates& rate) {
    Json vertices = Json::array();
    for (const Vec2 vertex : polygon.polygon.vertices)
        vertices.push_back(vec2(vertex));
    Json p{{"name", polygon.name}};
    if (polygon.is_static) p["static"] = true; // then no velocity, spin, density or mass
    if (!is_positive_zero(polygon.position)) p["position"] = vec2(polygon.position);
    p["vertices"] = vertices;
    if (!is_positive_zero(polygon.polygon.radius)) p["radius"] = polygon.polygon.radius;
    if (!polygon.is_static) p["velocity"] = rate(polygon.velocity);
    // The angle written only when not 0 (as da and db), the angular velocity, the density and
    // the mass when given, so a polygon that never turns reads as before.
    if (!is_positive_zero(polygon.angle)) p["angle"] = polygon.angle;
    if (polygon.angular_velocity) p["angular_velocity"] = rate(*polygon.angular_velocity);
    if (polygon.density) p["density"] = *polygon.density;
    if (polygon.mass) p["mass"] = *polygon.mass;
    p["response"] = response_name(polygon.response);
    p["restitution"] = polygon.restitution;
    if (polygon.gravity_scale != 1.0) p["gravity_scale"] = polygon.gravity_scale;
    if (polygon.last_contact) p["last_contact"] = last_contact_json(*polygon.last_contact);
    return p;
}

Json expect_json(const Expectation& expect) {
    Json events = Json::array();
    for (const ExpectedEvent& event : expect.events)
        events.push_back(Json{{"frame", event.frame},
                              {"time", event.time},
                              {"a", event.a},
                              {"b", event.b},
                              {"feature", to_string(event.feature)},
                              {"point", vec2(event.point)},
                              {"normal", vec2(event.normal)}});
    return Json{
        {"frames", expect.frames},
        {"tolerance", {{"time", expect.tolerance.time}, {"distance", expect.tolerance.distance}}},
        {"events", events}};
}

Json to_json(const Scene& scene) {
    const Rates rate{scene.dt()};
    Json out;
    out["format"] = "ccdlab-scene";
    out["version"] = kSceneFormatVersion;
    out["title"] = scene.title;
    out["description"] = scene.description;
    out["algorithm"] = scene.algorithm;
    if (scene.units) out["units"] = units_json(*scene.units);
    // Per second squared with a time step (ccd::per_second_squared); none written when zero.
    if (!is_positive_zero(scene.gravity))
        out["gravity"] =
            vec2(scene.dt() ? per_second_squared(scene.gravity, *scene.dt()) : scene.gravity);
    if (scene.view)
        out["view"] = Json{{"center", vec2(scene.view->center)}, {"height", scene.view->height}};
    out["bodies"] = Json::array();
    for (const Body& body : scene.bodies)
        out["bodies"].push_back(body_json(body, rate));
    out["segments"] = Json::array();
    for (const Wall& wall : scene.walls)
        out["segments"].push_back(wall_json(wall, rate));
    out["polygons"] = Json::array();
    for (const PolygonBody& polygon : scene.polygons)
        out["polygons"].push_back(polygon_json(polygon, rate));
    if (!scene.chains.empty()) { // written only when there is one, so other scenes read as before
        out["chains"] = Json::array();
        for (const Chain& chain : scene.chains) {
            Json points = Json::array();
            for (const Vec2 point : chain.points)
                points.push_back(vec2(point));
            out["chains"].push_back(
                Json{{"name", chain.name}, {"points", points}, {"loop", chain.loop}});
        }
    }
    if (scene.expect) out["expect"] = expect_json(*scene.expect);
    if (scene.engines) out["engines"] = engines_json(*scene.engines);
    return out;
}

// An array of objects is written one element a line; an object holding such an array (or the
// root) one member a line; everything else inline, as in the hand-written scenes.
bool is_array_of_objects(const Json& value) {
    return value.is_array() && !value.empty() && value.front().is_object();
}
bool is_multiline(const Json& value, bool root) {
    if (is_array_of_objects(value)) return true;
    if (!value.is_object()) return false;
    if (root) return true;
    for (const auto& item : value.items())
        if (is_multiline(item.value(), false)) return true;
    return false;
}

void write_inline(const Json& value, std::string& out) {
    if (value.is_object()) {
        if (value.empty()) {
            out += "{}";
            return;
        }
        out += "{ ";
        bool first = true;
        for (const auto& item : value.items()) {
            out += first ? "" : ", ";
            first = false;
            out += Json(item.key()).dump() + ": ";
            write_inline(item.value(), out);
        }
        out += " }";
    } else if (value.is_array()) {
        out += "[";
        for (std::size_t i = 0; i < value.size(); ++i) {
            out += i == 0 ? "" : ", ";
            write_inline(value[i], out);
        }
        out += "]";
    } else {
        // nlohmann prints a double in the shortest form that reads back to the same bits
        // (tests/core/scenario/scene_writer_test.cpp checks it on awkward values).
        out += value.dump();
    }
}

void write(const Json& value, int depth, bool root, std::string& out) {
    if (!is_multiline(value, root)) {
        write_inline(value, out);
        return;
    }
    const std::string indent(static_cast<std::size_t>(2 * (depth + 1)), ' ');
    const std::string closing_indent(static_cast<std::size_t>(2 * depth), ' ');
    if (value.is_array()) {
        out += "[\n";
        for (std::size_t i = 0; i < value.size(); ++i) {
            out += indent;
            write(value[i], depth + 1, false, out);
            out += i + 1 < value.size() ? ",\n" : "\n";
        }
        out += closing_indent + "]";
        return;
    }
    out += "{\n";
    std::size_t i = 0;
    for (const auto& item : value.items()) {
        out += indent + Json(item.key()).dump() + ": ";
        write(item.value(), depth + 1, false, out);
        out += ++i < value.size() ? ",\n" : "\n";
    }
    out += closing_indent + "}";
}

} // namespace

std::string scene_to_json(const Scene& scene) {
    std::string text;
    try {
        write(to_json(scene), 0, true, text);
    } catch (const nlohmann::json::exception& e) { // a string that is not UTF-8
        throw SceneError(std::string("cannot write the scene as JSON: ") + e.what());
    }
    text += "\n";
    parse_scene(text, "(scene being saved)"); // never write what would not load
    return text;
}

void save_scene_file(const std::filesystem::path& path, const Scene& scene) {
    const auto fail = [&](const std::string& problem) {
        throw SceneError(path.string() + ": cannot save: " + problem);
    };
    std::string text;
    try {
        text = scene_to_json(scene);
    } catch (const SceneError& e) {
        fail(e.what());
    }
    try {
        write_file_atomically(path, text);
    } catch (const FileWriteError& e) {
        fail(e.what());
    }
}

} // namespace ccd
