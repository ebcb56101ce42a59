// The strict scene loader (docs/scene-format.md).
// [SECTION] Parsing: ccd::parse_strict_json, its complaints placed in the file
// [SECTION] Reading values: every complaint names the place
// [SECTION] The scene's parts
// [SECTION] Entry points
#include "ccd/scene_loader.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/mass_properties.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_limits.hpp"
#include "ccd/strict_json.hpp"
#include "ccd/world.hpp"
#include "shortest_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ccd {
namespace {

using nlohmann::json;

// RFC 6901: '~' -> "~0", '/' -> "~1".
std::string escape_pointer_token(std::string_view token) {
    std::string escaped;
    for (char ch : token)
        escaped += ch == '~' ? "~0" : ch == '/' ? "~1" : std::string(1, ch);
    return escaped;
}

// A scene nests 5 levels (/expect/events/0/point/0).
json parse_json(std::string_view text, std::string_view source) {
    try {
        return parse_strict_json(text);
    } catch (const JsonTextError& e) {
        const bool too_deep = e.kind() == JsonTextError::Kind::TooDeep;
        throw SceneError(std::string(source) + ":" + line_and_column(text, e.offset()) + ": " +
                         e.what() + (too_deep ? " (a scene needs 5)" : ""));
    }
}

// [SECTION] Reading values: every complaint names the place.

// Reads one JSON value, remembering where it is so every complaint can say so.
class Reader {
public:
    Reader(const json& value, std::string pointer, std::string_view source)
        : value_(value), pointer_(std::move(pointer)), source_(source) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw SceneError(std::string(source_) + ": " + pointer() + ": " + problem);
    }

    const json& value() const { return value_; }
    std::string pointer() const { return pointer_.empty() ? "/" : pointer_; }

    Reader member(const std::string& key) const {
        const auto it = value_.find(key);
        if (it == value_.end()) fail("missing required field \"" + key + "\"");
        return child(*it, key);
    }
    bool has(const std::string& key) const { return value_.contains(key); }

    void expect_is_object() const {
        if (!value_.is_object()) fail("expected an object, got " + describe());
    }
    void expect_object(std::initializer_list<std::string_view> allowed) const {
        expect_is_object();
        for (const auto& item : value_.items()) {
            bool known = false;
            for (std::string_view key : allowed)
                known = known || key == item.key();
            if (!known) {
                std::string list;
                for (std::string_view key : allowed)
                    list += (list.empty() ? "" : ", ") + std::string(key);
                child(item.value(), item.key())
                    .fail("unknown field \"" + printable_excerpt(item.key()) +
                          "\" (expected one of: " + list + ")");
            }
        }
    }

    // The elements of an array of at most `at_most` (a limit of scene_limits.hpp), else a
    // complaint naming the limit: "at most 255 vertices (the limit), got 256".
    std::vector<Reader> elements(std::size_t at_most = std::numeric_limits<std::size_t>::max(),
                                 std::string_view what = "elements") const {
        if (!value_.is_array()) fail("expected an array, got " + describe());
        if (value_.size() > at_most)
            fail("at most " + std::to_string(at_most) + " " + std::string(what) +
                 " (the limit), got " + std::to_string(value_.size()));
        std::vector<Reader> out;
        for (std::size_t i = 0; i < value_.size(); ++i)
            out.push_back(child(value_[i], std::to_string(i)));
        return out;
    }

    double number() const {
        if (!value_.is_number()) fail("expected a number, got " + describe());
        const double x = value_.get<double>();
        if (!std::isfinite(x)) fail("expected a finite number");
        return x;
    }
    double non_negative_number() const {
        const double x = number();
        if (x < 0.0) fail("must be >= 0, got " + value_.dump());
        return x;
    }
    double positive_number() const {
        const double x = number();
        if (!(x > 0.0)) fail("must be > 0, got " + value_.dump());
        return x;
    }
    double number_from_0_to_1() const {
        const double x = number();
        if (x < 0.0 || x > 1.0) fail("must be from 0 to 1, got " + value_.dump());
        return x;
    }
    // An integer that fits an int ("1", not "1.0").
    int integer() const {
        if (!value_.is_number_integer()) fail("expected an integer, got " + describe());
        constexpr std::int64_t lo = std::numeric_limits<int>::min();
        constexpr std::int64_t hi = std::numeric_limits<int>::max();
        const bool fits =
            value_.is_number_unsigned()
                ? value_.get<std::uint64_t>() <= std::uint64_t{hi}
                : value_.get<std::int64_t>() >= lo && value_.get<std::int64_t>() <= hi;
        if (!fits) fail("integer out of range, got " + value_.dump());
        return static_cast<int>(value_.get<std::int64_t>());
    }
    std::string string() const {
        if (!value_.is_string()) fail("expected a string, got " + describe());
        return value_.get<std::string>();
    }
    Vec2 vec2() const {
        if (!value_.is_array() || value_.size() != 2)
            fail("expected a point or vector [x, y], got " + describe());
        return {child(value_[0], "0").number(), child(value_[1], "1").number()};
    }

private:
    Reader child(const json& v, const std::string& token) const {
        return Reader(v, pointer_ + "/" + escape_pointer_token(printable_excerpt(token)), source_);
    }
    std::string describe() const {
        const std::string text = value_.dump();
        const std::string shown = text.size() > 40 ? text.substr(0, 37) + "..." : text;
        return std::string(value_.type_name()) + " " + printable_excerpt(shown, 2 * 40);
    }

    const json& value_;
    std::string pointer_;
    std::string_view source_;
};

// [SECTION] The scene's parts.

// Every participant's name, unique across bodies, segments and polygons.
class Names {
public:
    enum class Kind { Body, Segment, Polygon, Chain };

    std::string read(const Reader& r, Kind kind) {
        const Reader field = r.member("name");
        std::string name = field.string();
        if (name.empty()) field.fail("a name must not be empty");
        const auto [it, inserted] = names_.emplace(name, Entry{kind, field.pointer()});
        if (!inserted)
            field.fail("duplicate name \"" + printable_excerpt(name) + "\" (already used by " +
                       it->second.pointer +
                       "; names are unique across bodies, segments, polygons and chains)");
        return name;
    }
    const Kind* find(const std::string& name) const {
        const auto it = names_.find(name);
        return it == names_.end() ? nullptr : &it->second.kind;
    }
    // A chain's edges, each a participant of its own: "NAME edge k" (ccd::chain_edge_name).
    void add_chain_edges(const Chain& chain) {
        const std::size_t edges = chain.loop ? chain.points.size() : chain.points.size() - 1;
        for (std::size_t k = 0; k < edges; ++k)
            chain_edges_.insert(chain_edge_name(chain, k));
    }
    bool is_chain_edge(const std::string& name) const { return chain_edges_.count(name) != 0; }

private:
    struct Entry {
        Kind kind;
        std::string pointer;
    };
    std::map<std::string, Entry> names_;
    std::set<std::string> chain_edges_;
};

ResponseKind read_response(const Reader& field) {
    const std::string response = field.string();
    if (const auto kind = parse_response_kind(response)) return *kind;
    field.fail("unknown response \"" + printable_excerpt(response) +
               "\" (expected bounce, slide, stop, destroy or sensor)");
}

// "static": true or false (default false). A static body never moves: each of `moving_fields`
// it has is refused, naming it.
bool read_static(const Reader& r, std::initializer_list<std::string_view> moving_fields) {
    if (!r.has("static")) return false;
    const Reader field = r.member("static");
    if (!field.value().is_boolean()) field.fail("expected true or false");
    const bool is_static = field.value().get<bool>();
    if (is_static)
        for (std::string_view key : moving_fields)
            if (r.has(std::string(key)))
                r.member(std::string(key))
                    .fail("a static body never moves and has infinite mass: leave \"" +
                          std::string(key) + "\" out");
    return is_static;
}

Body read_body(const Reader& r, Names& names) {
    r.expect_is_object();
    Body body;
    body.name = names.read(r, Names::Kind::Body);
    const std::string shape = r.member("shape").string();
    if (shape == "circle") {
        r.expect_object({"name", "shape", "static", "position", "velocity", "radius", "response",
                         "restitution", "last_contact", "gravity_scale"});
        body.shape = BodyShape::Circle;
        body.circle.radius = r.member("radius").non_negative_number();
    } else if (shape == "point") {
        r.expect_object({"name", "shape", "static", "position", "velocity", "response",
                         "restitution", "last_contact", "gravity_scale"});
        body.shape = BodyShape::Point;
    } else {
        r.member("shape").fail("unknown shape \"" + printable_excerpt(shape) +
                               "\" (expected circle or point)");
    }
    body.circle.center = r.member("position").vec2();
    body.is_static = read_static(r, {"velocity", "gravity_scale"});
    if (!body.is_static) body.velocity = r.member("velocity").vec2();
    if (r.has("gravity_scale")) body.gravity_scale = r.member("gravity_scale").number();
    if (r.has("response")) body.response = read_response(r.member("response"));
    if (r.has("restitution")) body.restitution = r.member("restitution").number_from_0_to_1();
    return body;
}

Wall read_wall(const Reader& r, Names& names) {
    r.expect_object({"name", "a", "b", "radius", "da", "db", "pivot", "angle"});
    Wall wall;
    wall.name = names.read(r, Names::Kind::Segment);
    wall.segment = Segment{r.member("a").vec2(), r.member("b").vec2()};
    if (r.has("radius"))
        wall.segment.radius = r.member("radius").non_negative_number(); // a capsule
    if (r.has("da")) wall.displacement_a = r.member("da").vec2();
    if (r.has("db")) wall.displacement_b = r.member("db").vec2();
    // A turning wall: about a fixed pivot, by `angle` per frame.
    if (r.has("angle") && !r.has("pivot"))
        r.member("angle").fail("a turning segment needs a \"pivot\" to turn about");
    if (r.has("pivot") && (r.has("da") || r.has("db")))
        r.member("pivot").fail(
            "a segment turns about a pivot or moves its ends (\"da\", \"db\"), not both");
    if (r.has("pivot")) wall.pivot = r.member("pivot").vec2();
    if (r.has("angle")) wall.angle = r.member("angle").number();
    return wall;
}

// A chain: at least 2 points (a loop 3), none equal to the next (a zero-length edge has no
// front; a loop's last point is not its first again: "loop" closes it).
Chain read_chain(const Reader& r, Names& names) {
    r.expect_object({"name", "points", "loop"});
    Chain chain;
    chain.name = names.read(r, Names::Kind::Chain);
    if (r.has("loop")) {
        const Reader field = r.member("loop");
        if (!field.value().is_boolean()) field.fail("expected true or false");
        chain.loop = field.value().get<bool>();
    }
    const Reader points = r.member("points");
    for (const Reader& point : points.elements(kMaxSceneParticipants, "points"))
        chain.points.push_back(point.vec2());
    const std::size_t n = chain.points.size(), least = chain.loop ? 3 : 2;
    if (n < least)
        points.fail(std::string(chain.loop ? "a loop" : "a chain") + " needs at least " +
                    std::to_string(least) + " points, got " + std::to_string(n));
    for (std::size_t k = 0; k + 1 < n || (chain.loop && k < n); ++k)
        if (chain.points[k] == chain.points[(k + 1) % n])
            points.fail("point " + std::to_string((k + 1) % n) + " repeats point " +
                        std::to_string(k) +
                        (k + 1 == n ? " (a loop closes itself: leave the first point out at the "
                                      "end)"
                                    : " (a zero-length edge: give each point once)"));
    names.add_chain_edges(chain);
    return chain;
}

// A polygon's mass (given, or its density, default 1, times its area) and, for one that turns,
// its moment of inertia about its centroid, within the World's ranges (ccd/world.hpp): refused
// at the field that sets them (the vertices when neither is given).
void check_mass(const Reader& r, const PolygonBody& polygon) {
    const MassProperties shape = mass_properties(polygon.polygon);
    const char* field = polygon.mass ? "mass" : polygon.density ? "density" : "vertices";
    const double mass = polygon.mass ? *polygon.mass
                        : polygon.density || polygon.free_rotation()
                            ? polygon.density.value_or(1.0) * shape.area
                            : 1.0;
    const auto range = [](double least, double most) {
        return " (the World takes " + detail::shortest_text(least) + " to " +
               detail::shortest_text(most) + ")";
    };
    const std::string what = polygon.mass ? "a mass of " : "a mass (density x area) of ";
    if (!(mass >= kWorldLightest && mass <= kWorldHeaviest))
        r.member(field).fail(what + detail::shortest_text(mass) + " is outside the World's range" +
                             range(kWorldLightest, kWorldHeaviest));
    if (!polygon.free_rotation()) return;
    const double inertia = mass * shape.inertia_per_mass;
    if (!(inertia >= kWorldLeastInertia && inertia <= kWorldMostInertia))
        r.member(field).fail("a moment of inertia (mass x the polygon's inertia per mass) of " +
                             detail::shortest_text(inertia) + " is outside the World's range" +
                             range(kWorldLeastInertia, kWorldMostInertia));
}

// A turning polygon reaching at least kWorldLeastTurningReach from its centroid (ccd/world.hpp):
// one smaller is not written back convex. Refused at its vertices.
void check_turning_reach(const Reader& r, const PolygonBody& polygon) {
    if (!polygon.free_rotation()) return;
    const Vec2 centroid = mass_properties(polygon.polygon).centroid;
    double reach = 0.0;
    for (const Vec2 v : polygon.polygon.vertices)
        reach = std::max(reach, length(v - centroid));
    if (reach >= kWorldLeastTurningReach) return;
    r.member("vertices")
        .fail("a turning polygon reaching " + detail::shortest_text(reach) +
              " from its centroid is below the World's least, 1e-50 (1e10 "
              "times its smallest length: docs/scheduler.md, \"Scale\")");
}

PolygonBody read_polygon(const Reader& r, Names& names) {
    r.expect_object({"name", "static", "position", "vertices", "radius", "velocity", "angle",
                     "angular_velocity", "density", "mass", "response", "restitution",
                     "last_contact", "gravity_scale"});
    PolygonBody polygon;
    polygon.name = names.read(r, Names::Kind::Polygon);
    if (r.has("position")) polygon.position = r.member("position").vec2();
    const Reader vertices = r.member("vertices");
    for (const Reader& vertex : vertices.elements(kMaxPolygonVertices, "vertices"))
        polygon.polygon.vertices.push_back(vertex.vec2());
    if (polygon.polygon.vertices.size() < 3)
        vertices.fail("a polygon needs at least 3 vertices, got " +
                      std::to_string(polygon.polygon.vertices.size()));
    // A vertex given twice in a row is a zero-length edge, whose normal the queries cannot take.
    const std::vector<Vec2>& v = polygon.polygon.vertices;
    for (std::size_t k = 0; k < v.size(); ++k)
        if (v[k] == v[(k + 1) % v.size()])
            vertices.fail("vertex " + std::to_string((k + 1) % v.size()) + " repeats vertex " +
                          std::to_string(k) + " (a zero-length edge: give each vertex once)");
    polygon.is_static =
        read_static(r, {"velocity", "angular_velocity", "density", "mass", "gravity_scale"});
    if (r.has("gravity_scale")) polygon.gravity_scale = r.member("gravity_scale").number();
    if (r.has("radius")) polygon.polygon.radius = r.member("radius").non_negative_number();
    if (!polygon.is_static) polygon.velocity = r.member("velocity").vec2();
    if (r.has("angle")) polygon.angle = r.member("angle").number();
    if (r.has("angular_velocity")) polygon.angular_velocity = r.member("angular_velocity").number();
    if (r.has("density") && r.has("mass"))
        r.member("mass").fail("a polygon has a \"density\" or a \"mass\", not both");
    if (r.has("density")) polygon.density = r.member("density").positive_number();
    if (r.has("mass")) polygon.mass = r.member("mass").positive_number();
    check_mass(r, polygon);
    check_turning_reach(r, polygon);
    if (r.has("response")) polygon.response = read_response(r.member("response"));
    if (r.has("restitution")) polygon.restitution = r.member("restitution").number_from_0_to_1();
    return polygon;
}

// A body's "last_contact" (docs/scene-format.md, "Side memory"): {"segment": name} or {"body":
// name} (a body or polygon other than `self`), "time" <= 0 and "normal".
LastContact read_last_contact(const Reader& r, const Names& names, const std::string& self) {
    r.expect_object({"segment", "body", "time", "normal"});
    if (r.has("segment") == r.has("body"))
        r.fail("a last contact names one \"segment\" or one \"body\"");
    LastContact contact;
    contact.segment = r.has("segment");
    const Reader other = r.member(contact.segment ? "segment" : "body");
    contact.other = other.string();
    const Names::Kind* kind = names.find(contact.other);
    const bool chain_edge = contact.segment && names.is_chain_edge(contact.other);
    if (!chain_edge && (!kind || (*kind == Names::Kind::Segment) != contact.segment))
        other.fail("\"" + printable_excerpt(contact.other) + "\" is not the name of a " +
                   (contact.segment ? "segment" : "body or polygon") + " in this scene");
    if (!contact.segment && contact.other == self) other.fail("a body does not touch itself");
    const Reader time = r.member("time");
    contact.time = time.number();
    if (contact.time > 0.0)
        time.fail("a last contact is before the scene's first frame: at most 0, got " +
                  detail::shortest_text(contact.time));
    contact.normal = r.member("normal").vec2();
    return contact;
}

// Every body's and polygon's last contact, read once every name is known.
void read_last_contacts(const Reader& root, const Names& names, Scene& scene) {
    const auto read = [&](const char* list, auto& items) {
        if (!root.has(list)) return;
        std::size_t i = 0;
        for (const Reader& r : root.member(list).elements(kMaxSceneParticipants, list)) {
            if (r.has("last_contact"))
                items[i].last_contact =
                    read_last_contact(r.member("last_contact"), names, items[i].name);
            ++i;
        }
    };
    read("bodies", scene.bodies);
    read("polygons", scene.polygons);
}

SceneUnits read_units(const Reader& r) {
    r.expect_object({"length", "pixels_per_metre", "dt"});
    SceneUnits units;
    if (r.has("length")) {
        const Reader field = r.member("length");
        const std::string length = field.string();
        if (length == "pixels")
            units.length = LengthUnit::Pixels;
        else if (length != "metres")
            field.fail("unknown length unit \"" + printable_excerpt(length) +
                       "\" (expected metres or pixels)");
    }
    if (r.has("pixels_per_metre")) {
        const Reader field = r.member("pixels_per_metre");
        if (units.length != LengthUnit::Pixels)
            field.fail("a scene in metres has no pixels per metre (say \"length\": \"pixels\")");
        units.pixels_per_metre = field.positive_number();
    }
    if (r.has("dt")) units.dt = r.member("dt").positive_number();
    return units;
}

// With a time step, every rate the file wrote per second made per frame (ccd::per_frame).
void rates_per_frame(Scene& scene, double dt) {
    for (Body& body : scene.bodies)
        body.velocity = per_frame(body.velocity, dt);
    for (PolygonBody& polygon : scene.polygons) {
        polygon.velocity = per_frame(polygon.velocity, dt);
        if (polygon.angular_velocity)
            polygon.angular_velocity = per_frame(*polygon.angular_velocity, dt);
    }
    for (Wall& wall : scene.walls) {
        wall.displacement_a = per_frame(wall.displacement_a, dt);
        wall.displacement_b = per_frame(wall.displacement_b, dt);
        wall.angle = per_frame(wall.angle, dt);
    }
    scene.gravity = per_frame_squared(scene.gravity, dt);
}

// A spin beyond the World's fastest (ccd/world.hpp, kWorldFastestSpin), radians a frame once a
// time step made the file's per second per frame: refused at its field.
void refuse_fast_spins(const Reader& root, const Scene& scene) {
    const auto fail = [](const Reader& field, double spin) {
        field.fail("a spin of " + detail::shortest_text(spin) +
                   " radians a frame is beyond the World's fastest, 1e6 in magnitude "
                   "(docs/accuracy.md, \"The range of spin\")");
    };
    for (std::size_t k = 0; k < scene.polygons.size(); ++k)
        if (const auto& w = scene.polygons[k].angular_velocity;
            w && std::fabs(*w) > kWorldFastestSpin)
            fail(root.member("polygons").elements()[k].member("angular_velocity"), *w);
    for (std::size_t k = 0; k < scene.walls.size(); ++k)
        if (std::fabs(scene.walls[k].angle) > kWorldFastestSpin)
            fail(root.member("segments").elements()[k].member("angle"), scene.walls[k].angle);
}

View read_view(const Reader& r) {
    r.expect_object({"center", "height"});
    return View{r.member("center").vec2(), r.member("height").positive_number()};
}

std::string read_algorithm(const Reader& field) {
    std::string name = field.string();
    if (find_algorithm(name)) return name;
    std::string list;
    for (const Algorithm& algorithm : algorithms())
        list += (list.empty() ? "" : ", ") + std::string(algorithm.name);
    field.fail("unknown algorithm \"" + printable_excerpt(name) + "\" (expected one of: " + list +
               ")");
}

// The spellings of ccd::to_string(Feature).
constexpr std::array kFeatures = {
    Feature::SegmentInterior, Feature::EndpointA,   Feature::EndpointB,    Feature::Point,
    Feature::Circle,          Feature::PolygonEdge, Feature::PolygonVertex};

Feature read_feature(const Reader& field) {
    const std::string text = field.string();
    std::string list;
    for (Feature feature : kFeatures) {
        if (to_string(feature) == text) return feature;
        list += (list.empty() ? "" : ", ") + std::string(to_string(feature));
    }
    field.fail("unknown feature \"" + printable_excerpt(text) + "\" (expected one of: " + list +
               ")");
}

ExpectedEvent read_expected_event(const Reader& r, const Names& names, int frames) {
    r.expect_object({"frame", "time", "a", "b", "feature", "point", "normal"});
    ExpectedEvent event;
    if (r.has("frame")) {
        const Reader field = r.member("frame");
        event.frame = field.integer();
        if (event.frame < 0 || event.frame >= frames)
            field.fail("must be from 0 to frames - 1 = " + std::to_string(frames - 1) + ", got " +
                       std::to_string(event.frame));
    }
    event.time = r.member("time").number_from_0_to_1();
    const Reader a = r.member("a");
    event.a = a.string();
    const Names::Kind* a_kind = names.find(event.a);
    if (!a_kind || *a_kind == Names::Kind::Segment ||
        *a_kind == Names::Kind::Chain) // a polygon is a body of the World too
        a.fail("\"" + printable_excerpt(event.a) +
               "\" is not the name of a body or polygon in this scene");
    const Reader b = r.member("b");
    event.b = b.string();
    const Names::Kind* b_kind = names.find(event.b);
    if ((!b_kind || *b_kind == Names::Kind::Chain) && !names.is_chain_edge(event.b))
        b.fail("\"" + printable_excerpt(event.b) +
               "\" is not the name of a body, segment or polygon in this scene");
    if (event.b == event.a) b.fail("a body does not collide with itself");
    event.feature = read_feature(r.member("feature"));
    event.point = r.member("point").vec2();
    event.normal = r.member("normal").vec2();
    return event;
}

Expectation read_expectation(const Reader& r, const Names& names) {
    r.expect_object({"frames", "tolerance", "events"});
    Expectation expect;
    if (r.has("frames")) {
        const Reader field = r.member("frames");
        expect.frames = field.integer();
        if (expect.frames < 1) field.fail("must be >= 1, got " + std::to_string(expect.frames));
        if (expect.frames > kMaxSceneFrames)
            field.fail("at most " + std::to_string(kMaxSceneFrames) + " frames (the limit), got " +
                       std::to_string(expect.frames));
    }
    if (r.has("tolerance")) {
        const Reader tolerance = r.member("tolerance");
        tolerance.expect_object({"time", "distance"});
        if (tolerance.has("time"))
            expect.tolerance.time = tolerance.member("time").non_negative_number();
        if (tolerance.has("distance"))
            expect.tolerance.distance = tolerance.member("distance").non_negative_number();
    }
    for (const Reader& event : r.member("events").elements(kMaxExpectedEvents, "events"))
        expect.events.push_back(read_expected_event(event, names, expect.frames));
    return expect;
}

// [SECTION] The engines' settings (docs/engines.md, "Engine worlds").

// A body's or polygon's name (a segment is no engine body).
std::string read_body_name(const Reader& field, const Names& names) {
    std::string name = field.string();
    const Names::Kind* kind = names.find(name);
    if (!kind || *kind == Names::Kind::Segment || *kind == Names::Kind::Chain)
        field.fail("\"" + printable_excerpt(name) +
                   "\" is not the name of a body or polygon in this scene");
    return name;
}

int read_iterations(const Reader& field) {
    const int n = field.integer();
    if (n < 1 || n > 1000) field.fail("must be from 1 to 1000, got " + std::to_string(n));
    return n;
}

Box2dSettings read_box2d_settings(const Reader& r, const Names& names) {
    r.expect_object({"velocity_iterations", "position_iterations", "bullets"});
    Box2dSettings box2d;
    if (r.has("velocity_iterations"))
        box2d.velocity_iterations = read_iterations(r.member("velocity_iterations"));
    if (r.has("position_iterations"))
        box2d.position_iterations = read_iterations(r.member("position_iterations"));
    if (r.has("bullets"))
        for (const Reader& name : r.member("bullets").elements(kMaxSceneParticipants, "bullets"))
            box2d.bullets.push_back(read_body_name(name, names));
    return box2d;
}

BulletSettings read_bullet_settings(const Reader& r, const Names& names) {
    r.expect_object({"ccd_motion_threshold", "ccd_swept_sphere_radius", "bodies"});
    BulletSettings bullet;
    if (r.has("ccd_motion_threshold"))
        bullet.ccd_motion_threshold = r.member("ccd_motion_threshold").non_negative_number();
    if (r.has("ccd_swept_sphere_radius"))
        bullet.ccd_swept_sphere_radius = r.member("ccd_swept_sphere_radius").non_negative_number();
    if (!r.has("bodies")) return bullet;
    for (const Reader& body : r.member("bodies").elements(kMaxSceneParticipants, "bodies")) {
        body.expect_object({"name", "ccd_motion_threshold", "ccd_swept_sphere_radius"});
        BulletBodySettings own{read_body_name(body.member("name"), names)};
        for (const BulletBodySettings& earlier : bullet.bodies)
            if (earlier.name == own.name)
                body.member("name").fail("\"" + printable_excerpt(own.name) +
                                         "\" has its settings already");
        if (body.has("ccd_motion_threshold"))
            own.ccd_motion_threshold = body.member("ccd_motion_threshold").non_negative_number();
        if (body.has("ccd_swept_sphere_radius"))
            own.ccd_swept_sphere_radius =
                body.member("ccd_swept_sphere_radius").non_negative_number();
        bullet.bodies.push_back(std::move(own));
    }
    return bullet;
}

ChipmunkSettings read_chipmunk_settings(const Reader& r) {
    r.expect_object({"iterations", "collision_slop"});
    ChipmunkSettings chipmunk;
    if (r.has("iterations")) chipmunk.iterations = read_iterations(r.member("iterations"));
    if (r.has("collision_slop"))
        chipmunk.collision_slop = r.member("collision_slop").non_negative_number();
    return chipmunk;
}

EngineSettings read_engine_settings(const Reader& r, const Names& names) {
    r.expect_object({"dt", "box2d", "bullet", "chipmunk"});
    EngineSettings engines;
    if (r.has("dt")) engines.dt = r.member("dt").positive_number();
    if (r.has("box2d")) engines.box2d = read_box2d_settings(r.member("box2d"), names);
    if (r.has("bullet")) engines.bullet = read_bullet_settings(r.member("bullet"), names);
    if (r.has("chipmunk")) engines.chipmunk = read_chipmunk_settings(r.member("chipmunk"));
    return engines;
}

} // namespace

// [SECTION] Entry points.

Scene parse_scene(std::string_view json_text, std::string_view source_name) {
    const json document = parse_json(json_text, source_name);

    const Reader root(document, "", source_name);
    root.expect_object({"format", "version", "title", "description", "algorithm", "units", "view",
                        "bodies", "segments", "polygons", "chains", "expect", "engines",
                        "gravity"});
    if (root.member("format").string() != "ccdlab-scene")
        root.member("format").fail("expected \"ccdlab-scene\"");
    const int version = root.member("version").integer();
    if (version > kSceneFormatVersion)
        root.member("version").fail("version " + std::to_string(version) +
                                    " is newer than this ccdlab reads (" +
                                    std::to_string(kSceneFormatVersion) + "); update ccdlab");
    if (version < 1) root.member("version").fail("expected version 1");

    Scene scene;
    Names names;
    if (root.has("title")) scene.title = root.member("title").string();
    if (root.has("description")) scene.description = root.member("description").string();
    if (root.has("algorithm")) scene.algorithm = read_algorithm(root.member("algorithm"));
    if (root.has("view")) scene.view = read_view(root.member("view"));
    if (root.has("bodies"))
        for (const Reader& r : root.member("bodies").elements(kMaxSceneParticipants, "bodies"))
            scene.bodies.push_back(read_body(r, names));
    if (root.has("segments"))
        for (const Reader& r : root.member("segments").elements(kMaxSceneParticipants, "segments"))
            scene.walls.push_back(read_wall(r, names));
    if (root.has("polygons"))
        for (const Reader& r : root.member("polygons").elements(kMaxSceneParticipants, "polygons"))
            scene.polygons.push_back(read_polygon(r, names));
    if (root.has("chains"))
        for (const Reader& r : root.member("chains").elements(kMaxSceneParticipants, "chains"))
            scene.chains.push_back(read_chain(r, names));
    // Last: these name the participants above.
    read_last_contacts(root, names, scene);
    if (root.has("expect")) scene.expect = read_expectation(root.member("expect"), names);
    if (root.has("units")) scene.units = read_units(root.member("units"));
    if (root.has("gravity")) scene.gravity = root.member("gravity").vec2();
    if (const auto dt = scene.dt()) rates_per_frame(scene, *dt);
    refuse_fast_spins(root, scene);
    if (root.has("engines")) {
        const Reader engines = root.member("engines");
        scene.engines = read_engine_settings(engines, names);
        // One time step: the engines' is the scene's own when the units state one.
        if (const auto dt = scene.dt()) {
            if (!engines.has("dt"))
                scene.engines->dt = *dt;
            else if (scene.engines->dt != *dt)
                engines.member("dt").fail("differs from units.dt; one time step a frame");
        }
    }
    return scene;
}

namespace {

// The file's text, read only when it is a regular file within kMaxSceneFileBytes: opened
// without blocking (a FIFO with no writer would block for ever), its kind and size asked of
// the open file (no race with a rename), and never more than the limit read (a file that grows).
std::string read_scene_text(const std::filesystem::path& path) {
    const std::string name = path.string();
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        const int reason = errno;
        throw SceneError(
            name + ": cannot open the file (" +
            (reason == ENOENT ? std::string("does it exist?") : std::strerror(reason)) + ")");
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat info {};
    if (::fstat(fd, &info) != 0) throw SceneError(name + ": cannot read the file");
    if (S_ISDIR(info.st_mode)) throw SceneError(name + ": is a directory, not a scene file");
    if (!S_ISREG(info.st_mode))
        throw SceneError(name + ": is not a regular file (a FIFO, a device or a socket), not a "
                                "scene file");
    if (info.st_size > static_cast<off_t>(kMaxSceneFileBytes))
        throw SceneError(name + ": " + std::to_string(info.st_size) +
                         " bytes, more than a scene file may have (" +
                         std::to_string(kMaxSceneFileBytes) + ")");
    std::string text(static_cast<std::size_t>(info.st_size) + 1, '\0');
    std::size_t used = 0;
    for (;;) {
        if (used == text.size()) {
            if (text.size() > kMaxSceneFileBytes)
                throw SceneError(name + ": more than a scene file may have (" +
                                 std::to_string(kMaxSceneFileBytes) + " bytes)");
            text.resize(std::min(text.size() * 2, kMaxSceneFileBytes + 1));
        }
        const ssize_t got = ::read(fd, text.data() + used, text.size() - used);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0)
            throw SceneError(name + ": cannot read the file (" + std::string(std::strerror(errno)) +
                             ")");
        if (got == 0) break;
        used += static_cast<std::size_t>(got);
    }
    text.resize(used);
    return text;
}

} // namespace

Scene load_scene_file(const std::filesystem::path& path) {
    return parse_scene(read_scene_text(path), path.string());
}

} // namespace ccd
